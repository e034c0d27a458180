/** @jsxImportSource hono/jsx */
/**
 * The HR console's page of one person: the personnel file's details edited, the employment ended (its last
 * working day), the manager, department, workload and working weekdays, the salary-continuation scale. A save
 * is the employee file's row for that person, checked and written by the same service as `employees import`
 * (`saveEmployeeRecords`), so the console and a file can never disagree about what is valid. Fields the
 * person changes through a change request (AHV number, IBAN, address) are kept as they are; the language is
 * the person's (their invitation's, and their account's once they have one).
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { fill } from "../i18n/mod.ts";
import { personTexts } from "../i18n/console_person.ts";
import { EMPLOYEE_COLUMNS, employeeRecordFields, saveEmployeeRecords } from "../services/employee_records.ts";
import { setAccountActive, setAccountRole } from "../services/accounts.ts";
import { adjustEntitlement } from "../services/leave_policies.ts";
import { changeWorkload } from "../services/workload_changes.ts";
import { requestDocument } from "../services/required_documents.ts";
import { addPersonalDocument, type PersonalDocumentKind } from "../services/my_documents.ts";
import { todayOf } from "../services/common.ts";
import {
  accountOfPerson,
  balanceLeaveTypes,
  listPersonNames,
  personByNumber,
} from "../services/hr_console.ts";
import { refusal } from "../errors.ts";
import {
  consoleGet,
  ConsolePage,
  consolePost,
  formText,
  notFoundPage,
  type Page,
  type PageOpts,
  param,
  recordFormProblems,
  refusalShown,
  render,
} from "./console_kit.tsx";
import { swissDate } from "./console_common.ts";
import { loadOnboardingPlan, OnboardingPlan } from "./console_onboarding.tsx";
import {
  AccountSection,
  CorrectionSection,
  DocumentRequestSection,
  OwnDocumentSection,
  RecordForm,
  WorkloadSection,
} from "./console_person_sections.tsx";
import { PayslipTable } from "./console_pay.tsx";
import { listPayslipsOfPerson } from "../services/hr_pay.ts";
import { BalanceSection, loadPersonBalances } from "./console_leave.tsx";

/**
 * The form's fields: the employee file's columns (one list, `EMPLOYEE_COLUMNS`) but the personnel number (the
 * page's key), the working weekdays (their own boxes) and what the person changes through a request to HR
 * (AHV number, IBAN, address).
 */
const NOT_EDITED: ReadonlySet<string> = new Set([
  "personnel_number",
  "working_weekdays",
  "ahv_number",
  "iban",
  "address_street",
  "address_postal_code",
  "address_city",
]);
const EDITED = EMPLOYEE_COLUMNS.filter((c) => !NOT_EDITED.has(c));

type Status = 200 | 400 | 403 | 404;

/** The page of one person: the file's form and the page's other sections, or "unknown" (404). */
async function personPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: PageOpts<Status> & {
    /** The leave year whose balance is shown (else the page's `?year=`, else the current one). */
    year?: string;
  } = {},
) {
  const pn = param(c, "pn");
  const pt = personTexts(p.lang);
  const { t } = p;
  const [record] = await employeeRecordFields(deps, [pn]);
  if (!record) {
    return notFoundPage(c, p, {
      title: t.people,
      here: "people",
      message: pt.unknown,
      back: ["/hr/people", pt.back],
    });
  }
  const f: Record<string, string> = { ...record, ...opts.form };
  const others = await listPersonNames(deps);
  const name = `${record.first_name} ${record.last_name}`;
  const balanceTypes = await balanceLeaveTypes(deps, p.lang);
  const account = await accountOfPerson(deps, record.personnel_number);
  const plan = await loadOnboardingPlan(deps, p, record.personnel_number);
  const balances = await loadPersonBalances(
    deps,
    record.personnel_number,
    p.lang,
    opts.year ?? c.req.query("year"),
  );
  const action = `/hr/people/${encodeURIComponent(record.personnel_number)}`;
  return render(
    c,
    <ConsolePage
      p={p}
      title={name}
      here="people"
      back={["/hr/people", pt.back]}
      heading={`${name} (${record.personnel_number})`}
      note={record.employment_end
        ? fill(pt.ended, { date: swissDate(record.employment_end, p.lang) })
        : undefined}
      flash={opts.flash}
      errors={opts.errors}
    >
      <p>{pt.intro}</p>
      <RecordForm p={p} action={action} pn={record.personnel_number} f={f} others={others} />
      <BalanceSection p={p} pn={record.personnel_number} data={balances} />
      <CorrectionSection
        p={p}
        action={action}
        form={opts.form}
        balanceTypes={balanceTypes}
        thisYear={todayOf(deps).slice(0, 4)}
      />
      <WorkloadSection p={p} action={action} form={opts.form} record={record} />
      <DocumentRequestSection p={p} action={action} form={opts.form} />
      <OwnDocumentSection p={p} action={action} form={opts.form} />
      <h2 id="payslips">{t.personPayslips}</h2>
      <PayslipTable p={p} rows={await listPayslipsOfPerson(deps, pn)} labelledBy="payslips" />
      <OnboardingPlan p={p} plan={plan} />
      <AccountSection p={p} action={action} account={account} />
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** Mounts the page of one person under /hr/people/<personnel number>. */
// deno-lint-ignore no-explicit-any
export function mountConsolePerson(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/people/:pn", consoleGet(deps, "/hr/people", (c, p) => personPage(deps, c, p)));
  app.post("/hr/people/:pn/correction", correctionPost(deps));
  app.post("/hr/people/:pn/workload", workloadPost(deps));
  app.post("/hr/people/:pn/documents", documentRequestPost(deps));
  app.post("/hr/people/:pn/own-documents", ownDocumentPost(deps));
  app.post("/hr/people/:pn/role", rolePost(deps));
  app.post("/hr/people/:pn/active", activePost(deps));
  app.post("/hr/people/:pn", recordPost(deps));
}

/** The page again with a service's refusal, the form as typed when there is one. */
async function refused(
  deps: AppDeps,
  c: Context,
  p: Page,
  e: unknown,
  { form, allowed = [403, 404] }: { form?: Record<string, string>; allowed?: (403 | 404)[] } = {},
) {
  return await personPage(deps, c, p, { ...refusalShown(e, p.lang, allowed), form });
}

/** The person's name as their file has it now, for the outcome of a change. */
async function nameOf(deps: AppDeps, pn: string) {
  const [record] = await employeeRecordFields(deps, [pn]);
  return `${record.first_name} ${record.last_name}`;
}

/** A change to the person's account: `act` runs with it; without one the page says so (404). */
function onAccount(
  deps: AppDeps,
  act: (
    c: Context,
    p: Page,
    form: URLSearchParams,
    account: NonNullable<Awaited<ReturnType<typeof accountOfPerson>>>,
  ) => Promise<Response>,
) {
  return consolePost(deps, "/hr/people", personPage, async (c, { p, form }) => {
    const account = await accountOfPerson(deps, param(c, "pn"));
    if (!account) {
      return await personPage(deps, c, p, { errors: [personTexts(p.lang).noAccount], status: 404 });
    }
    return await act(c, p, form, account);
  });
}

/**
 * A change sent from the person's page: `typed` reads the form as typed (shown again when the change is
 * refused), `act` makes it and says its outcome; the page again with the outcome, or with the service's
 * refusal (404 for an unknown person).
 */
function change<F extends Record<string, string>>(
  deps: AppDeps,
  typed: (form: URLSearchParams) => F,
  act: (
    pn: string,
    sent: F,
    p: Page,
    files: Map<string, File>,
  ) => Promise<{ flash: string; year?: string }>,
) {
  return consolePost(deps, "/hr/people", personPage, async (c, { p, form, files }) => {
    const sent = typed(form);
    try {
      return await personPage(deps, c, p, await act(param(c, "pn"), sent, p, files));
    } catch (e) {
      return await refused(deps, c, p, e, { form: sent, allowed: [404] });
    }
  });
}

/** A correction of a leave balance: the balance's year is shown after it. */
function correctionPost(deps: AppDeps) {
  return change(
    deps,
    (form) => ({
      type: formText(form, "type", 40),
      year: formText(form, "year", 10, true),
      days: formText(form, "days", 10, true),
      note: formText(form, "note", 600),
    }),
    async (pn, sent, p) => {
      const num = (v: string) => v === "" ? NaN : Number(v);
      const row = await adjustEntitlement(deps, {
        personnelNumber: pn,
        code: sent.type,
        year: num(sent.year),
        days: num(sent.days),
        note: sent.note,
        by: p.user.email,
      });
      return {
        year: String(row.year),
        flash: fill(personTexts(p.lang).corrected, {
          type: sent.type,
          year: String(row.year),
          days: (row.days > 0 ? "+" : "") + String(row.days),
          name: await nameOf(deps, pn),
        }),
      };
    },
  );
}

/** A change of workload and working weekdays from a date on. */
function workloadPost(deps: AppDeps) {
  return change(
    deps,
    (form) => ({
      wl_from: formText(form, "wl_from", 20, true),
      wl_percent: formText(form, "wl_percent", 10, true),
      wl_weekdays: form.getAll("wl_weekday").map((d) => d.slice(0, 1)).join(";"),
    }),
    async (pn, sent, p) => {
      const row = await changeWorkload(deps, {
        personnelNumber: pn,
        validFrom: sent.wl_from,
        workloadPercent: sent.wl_percent === "" ? NaN : Number(sent.wl_percent),
        workingWeekdays: sent.wl_weekdays ? sent.wl_weekdays.split(";").map(Number) : [],
      });
      return {
        flash: fill(personTexts(p.lang).workloadSaved, {
          name: await nameOf(deps, pn),
          percent: String(row.workloadPercent),
          date: swissDate(row.validFrom, p.lang),
        }),
      };
    },
  );
}

/** A document asked of the person. */
function documentRequestPost(deps: AppDeps) {
  return change(
    deps,
    (form) => ({
      doc_kind: formText(form, "doc_kind", 200),
      doc_due: formText(form, "doc_due", 20, true),
    }),
    async (pn, sent, p) => {
      const row = await requestDocument(deps, {
        personnelNumber: pn,
        kind: sent.doc_kind,
        dueDate: sent.doc_due,
      });
      return {
        flash: fill(personTexts(p.lang).documentAsked, { name: await nameOf(deps, pn), kind: row.kind }),
      };
    },
  );
}

/** A document HR files into the person's own documents (an upload). */
function ownDocumentPost(deps: AppDeps) {
  return change(
    deps,
    (form) => ({
      file_kind: formText(form, "file_kind", 40),
      file_title: formText(form, "file_title", 200),
      file_year: formText(form, "file_year", 4, true),
    }),
    async (pn, sent, p, files) => {
      const [record] = await employeeRecordFields(deps, [pn]);
      if (!record) throw refusal("not_found", "hr.unknownPersonnelNumber", { number: pn });
      const emp = await personByNumber(deps, pn);
      const file = files.get("file");
      const row = await addPersonalDocument(deps, {
        employeeId: emp!.id,
        kind: sent.file_kind as PersonalDocumentKind,
        title: sent.file_title,
        year: sent.file_year ? Number(sent.file_year) : null,
        fileName: file?.name ?? "",
        bytes: file ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array(),
        uploadedByUserId: p.user.userId,
      });
      return {
        flash: fill(personTexts(p.lang).documentFiled, {
          name: `${record.first_name} ${record.last_name}`,
          title: row.title,
        }),
      };
    },
  );
}

/** A change of the account's role. */
function rolePost(deps: AppDeps) {
  return onAccount(deps, async (c, p, form, account) => {
    const role = formText(form, "role", 20);
    try {
      await setAccountRole(deps, account.email, role, { userId: p.user.userId, role: p.user.role });
    } catch (e) {
      return await refused(deps, c, p, e);
    }
    const shown = p.t.roleNames[role as keyof typeof p.t.roleNames] ?? role;
    return await personPage(deps, c, p, {
      flash: fill(personTexts(p.lang).roleSaved, { email: account.email, role: shown }),
    });
  });
}

/** The account deactivated or reactivated. */
function activePost(deps: AppDeps) {
  return onAccount(deps, async (c, p, form, account) => {
    const active = form.get("active") === "yes";
    try {
      await setAccountActive(deps, account.email, active, { userId: p.user.userId, role: p.user.role });
    } catch (e) {
      return await refused(deps, c, p, e);
    }
    const pt = personTexts(p.lang);
    return await personPage(deps, c, p, {
      flash: fill(active ? pt.reactivated : pt.deactivated, { email: account.email }),
    });
  });
}

/** The personnel file's form saved, checked as a row of the employee file. */
function recordPost(deps: AppDeps) {
  return consolePost(deps, "/hr/people", personPage, async (c, { p, form }) => {
    const [record] = await employeeRecordFields(deps, [param(c, "pn")]);
    if (!record) return await personPage(deps, c, p);
    const sent: Record<string, string> = {};
    for (const k of EDITED) sent[k] = formText(form, k, 200);
    sent.working_weekdays = form.getAll("weekday").join(";");
    if (!sent.working_weekdays) {
      return await personPage(deps, c, p, { errors: [p.t.needWeekday], status: 400, form: sent });
    }
    const saved = await saveEmployeeRecords(deps, [{ line: 1, fields: { ...record, ...sent } }]);
    if (!saved.ok) {
      return await personPage(deps, c, p, {
        errors: recordFormProblems(saved, p.lang),
        status: 400,
        form: sent,
      });
    }
    return await personPage(deps, c, p, {
      flash: fill(personTexts(p.lang).saved, {
        name: `${sent.first_name.trim()} ${sent.last_name.trim()}`,
      }),
    });
  });
}
