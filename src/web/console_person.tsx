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
import { asc, eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, leaveTypes, users } from "../db/schema/mod.ts";
import { fill } from "../i18n/mod.ts";
import { WEB_MESSAGES } from "../i18n/web.ts";
import { personTexts } from "../i18n/console_person.ts";
import { employeeRecordFields, saveEmployeeRecords } from "../services/employee_records.ts";
import { setAccountActive, setAccountRole } from "../services/accounts.ts";
import { adjustEntitlement } from "../services/leave_policies.ts";
import { changeWorkload } from "../services/workload_changes.ts";
import { requestDocument } from "../services/required_documents.ts";
import {
  addPersonalDocument,
  PERSONAL_DOCUMENT_KINDS,
  type PersonalDocumentKind,
} from "../services/my_documents.ts";
import { leaveTypeName, todayOf } from "../services/common.ts";
import { AppError } from "../errors.ts";
import { CANTON_CODES, formProblems, hrForm, hrPage, Nav, type Page, Problems } from "./console_kit.tsx";
import { consoleCommonTexts, refusalText, swissDate } from "../i18n/console_common.ts";
import { LANGS } from "../i18n/mod.ts";
import { Layout, setPageHeaders } from "./layout.tsx";
import { loadOnboardingPlan, OnboardingPlan } from "./console_onboarding.tsx";
import { BalanceSection, loadPersonBalances } from "./console_leave.tsx";

/** The form's fields: what the console edits of an employee file row. */
const EDITED = [
  "first_name",
  "last_name",
  "work_email",
  "phone",
  "canton",
  "manager_personnel_number",
  "department",
  "job_title",
  "employment_start",
  "employment_end",
  "workload_percent",
  "weekly_hours",
  "salary_continuation_scale",
  "birth_date",
  "language",
] as const;
const SCALES = ["BERNER", "ZUERCHER", "BASLER"] as const;
const CONSOLE_ROLES_FOR_HR = ["employee", "manager", "hr", "recruiter"] as const;
const CONSOLE_ROLES_FOR_ADMIN = [...CONSOLE_ROLES_FOR_HR, "admin"] as const;

type Status = 200 | 400 | 403 | 404;

async function personPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: {
    flash?: string;
    errors?: string[];
    status?: Status;
    form?: Record<string, string>;
    /** The leave year whose balance is shown (else the page's `?year=`, else the current one). */
    year?: string;
  } = {},
) {
  const pn = c.req.param("pn") ?? "";
  const pt = personTexts(p.lang);
  const { t } = p;
  const [record] = await employeeRecordFields(deps, [pn]);
  setPageHeaders(c);
  if (!record) {
    return c.html(
      <Layout lang={p.lang} m={WEB_MESSAGES[p.lang]} title={t.people} wide>
        <Nav t={t} here="people" />
        <h1>{t.people}</h1>
        <p class="alert" role="alert">{pt.unknown}</p>
        <p>
          <a href="/hr/people">{pt.back}</a>
        </p>
      </Layout>,
      404,
    );
  }
  const f: Record<string, string> = { ...record, ...opts.form };
  const days = new Set(f.working_weekdays.split(/[;,]/));
  const others = await deps.db.select({
    pn: employees.personnelNumber,
    first: employees.firstName,
    last: employees.lastName,
  }).from(employees).orderBy(asc(employees.lastName), asc(employees.firstName)).limit(1000);
  const name = `${record.first_name} ${record.last_name}`;
  const balanceTypes = (await deps.db.select().from(leaveTypes).where(eq(leaveTypes.deductsBalance, true))
    .orderBy(asc(leaveTypes.code))).map((lt) => ({ code: lt.code, name: leaveTypeName(lt, p.lang) }));
  const [account] = await deps.db.select({
    email: users.email,
    role: users.role,
    active: users.active,
  }).from(users).innerJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(employees.personnelNumber, record.personnel_number)).limit(1);
  // An administrator is made (or changed) by an administrator only.
  const roles = p.user.role === "admin" ? [...CONSOLE_ROLES_FOR_ADMIN] : [...CONSOLE_ROLES_FOR_HR];
  const plan = await loadOnboardingPlan(deps, p, record.personnel_number);
  const balances = await loadPersonBalances(
    deps,
    record.personnel_number,
    p.lang,
    opts.year ?? c.req.query("year"),
  );
  return c.html(
    <Layout lang={p.lang} m={WEB_MESSAGES[p.lang]} title={name} wide>
      <Nav t={t} here="people" />
      <p>
        <a href="/hr/people">{pt.back}</a>
      </p>
      <h1>{`${name} (${record.personnel_number})`}</h1>
      {record.employment_end
        ? <p class="note">{fill(pt.ended, { date: swissDate(record.employment_end, p.lang) })}</p>
        : null}
      {opts.flash ? <p class="note" role="status">{opts.flash}</p> : null}
      <Problems t={t} errors={opts.errors ?? []} />
      <p>{pt.intro}</p>
      <form method="post" action={`/hr/people/${encodeURIComponent(record.personnel_number)}`}>
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="first">{t.firstName}</label>
        <input id="first" name="first_name" type="text" required maxlength={100} value={f.first_name} />
        <label for="last">{t.lastName}</label>
        <input id="last" name="last_name" type="text" required maxlength={100} value={f.last_name} />
        <label for="email">{t.email}</label>
        <input id="email" name="work_email" type="email" maxlength={200} value={f.work_email} />
        <label for="language">{consoleCommonTexts(p.lang).language}</label>
        <select id="language" name="language" aria-describedby="language-hint">
          {LANGS.map((l) => (
            <option key={l} value={l} selected={(f.language || "de") === l}>
              {consoleCommonTexts(p.lang).languageNames[l]}
            </option>
          ))}
        </select>
        <p id="language-hint" class="muted">{consoleCommonTexts(p.lang).languageHint}</p>
        <label for="phone">{pt.phone}</label>
        <input id="phone" name="phone" type="tel" maxlength={40} value={f.phone} />
        <label for="canton">{t.canton}</label>
        <select id="canton" name="canton">
          {CANTON_CODES.map((k) => <option key={k} value={k} selected={f.canton === k}>{k}</option>)}
        </select>
        <label for="manager">{pt.manager}</label>
        <select id="manager" name="manager_personnel_number">
          <option value="" selected={!f.manager_personnel_number}>{pt.noManager}</option>
          {others.filter((o) => o.pn !== record.personnel_number).map((o) => (
            <option value={o.pn} selected={f.manager_personnel_number === o.pn}>
              {`${o.last} ${o.first} (${o.pn})`}
            </option>
          ))}
        </select>
        <label for="department">{pt.department}</label>
        <input id="department" name="department" type="text" maxlength={100} value={f.department} />
        <label for="job">{pt.jobTitle}</label>
        <input id="job" name="job_title" type="text" maxlength={100} value={f.job_title} />
        <label for="start">{t.start}</label>
        <input id="start" name="employment_start" type="date" required value={f.employment_start} />
        <label for="end">{pt.end}</label>
        <input
          id="end"
          name="employment_end"
          type="date"
          aria-describedby="end-hint"
          value={f.employment_end}
        />
        <p id="end-hint" class="muted">{pt.endHint}</p>
        <label for="birth">{t.birthDate}</label>
        <input id="birth" name="birth_date" type="date" value={f.birth_date} />
        <label for="workload">{t.workload}</label>
        <input
          id="workload"
          name="workload_percent"
          type="number"
          min={1}
          max={100}
          value={f.workload_percent}
        />
        <fieldset>
          <legend>{t.weekdays}</legend>
          {t.weekdayNames.map((day, i) => (
            <div class="scope">
              <input
                id={`day${i + 1}`}
                type="checkbox"
                name="weekday"
                value={String(i + 1)}
                checked={days.has(String(i + 1))}
              />
              <label for={`day${i + 1}`}>{day}</label>
            </div>
          ))}
        </fieldset>
        <label for="hours">{pt.weeklyHours}</label>
        <input
          id="hours"
          name="weekly_hours"
          type="number"
          min={1}
          max={60}
          step="0.25"
          value={f.weekly_hours}
        />
        <label for="scale">{pt.scale}</label>
        <select id="scale" name="salary_continuation_scale">
          {SCALES.map((s) => (
            <option value={s} selected={f.salary_continuation_scale === s}>{pt.scaleNames[s]}</option>
          ))}
        </select>
        <button type="submit">{t.save}</button>
      </form>
      <BalanceSection p={p} pn={record.personnel_number} data={balances} />
      <h2 id="correction">{pt.correction}</h2>
      <p>{pt.correctionIntro}</p>
      <form method="post" action={`/hr/people/${encodeURIComponent(record.personnel_number)}/correction`}>
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="ctype">{pt.leaveType}</label>
        <select id="ctype" name="type">
          {balanceTypes.map((lt) => (
            <option key={lt.code} value={lt.code} selected={(opts.form?.type ?? "VACATION") === lt.code}>
              {lt.name}
            </option>
          ))}
        </select>
        <label for="cyear">{pt.year}</label>
        <input
          id="cyear"
          name="year"
          type="number"
          min={2000}
          max={2100}
          required
          value={opts.form?.year ?? todayOf(deps).slice(0, 4)}
        />
        <label for="cdays">{pt.days}</label>
        <input
          id="cdays"
          name="days"
          type="number"
          step="0.5"
          required
          aria-describedby="cdays-hint"
          value={opts.form?.days}
        />
        <p id="cdays-hint" class="muted">{pt.daysHint}</p>
        <label for="cnote">{pt.note}</label>
        <input
          id="cnote"
          name="note"
          type="text"
          required
          minlength={3}
          maxlength={500}
          value={opts.form?.note}
        />
        <button type="submit">{t.save}</button>
      </form>
      <h2 id="workload">{pt.workload}</h2>
      <p id="workload-intro">{pt.workloadIntro}</p>
      <form method="post" action={`/hr/people/${encodeURIComponent(record.personnel_number)}/workload`}>
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="wfrom">{pt.workloadFrom}</label>
        <input
          id="wfrom"
          name="wl_from"
          type="date"
          required
          aria-describedby="workload-intro"
          value={opts.form?.wl_from}
        />
        <label for="wpercent">{pt.workloadPercent}</label>
        <input
          id="wpercent"
          name="wl_percent"
          type="number"
          min={1}
          max={100}
          required
          value={opts.form?.wl_percent ?? record.workload_percent}
        />
        <fieldset>
          <legend>{t.weekdays}</legend>
          {t.weekdayNames.map((day, i) => (
            <div class="scope">
              <input
                id={`wday${i + 1}`}
                type="checkbox"
                name="wl_weekday"
                value={String(i + 1)}
                checked={(opts.form?.wl_weekdays ?? record.working_weekdays).split(/[;,]/).includes(
                  String(i + 1),
                )}
              />
              <label for={`wday${i + 1}`}>{day}</label>
            </div>
          ))}
        </fieldset>
        <button type="submit">{t.save}</button>
      </form>
      <h2 id="documents">{pt.askDocument}</h2>
      <p id="ask-intro">{pt.askDocumentIntro}</p>
      <form method="post" action={`/hr/people/${encodeURIComponent(record.personnel_number)}/documents`}>
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="dkind">{pt.documentKind}</label>
        <input
          id="dkind"
          name="doc_kind"
          type="text"
          required
          minlength={2}
          maxlength={100}
          aria-describedby="ask-intro"
          value={opts.form?.doc_kind}
        />
        <label for="ddue">{pt.dueDate}</label>
        <input id="ddue" name="doc_due" type="date" value={opts.form?.doc_due} />
        <button type="submit">{t.save}</button>
      </form>
      <h2 id="own-documents">{pt.fileDocument}</h2>
      <p id="file-intro">{pt.fileDocumentIntro}</p>
      <form
        method="post"
        action={`/hr/people/${encodeURIComponent(record.personnel_number)}/own-documents`}
        enctype="multipart/form-data"
      >
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="fkind">{pt.fileKind}</label>
        <select id="fkind" name="file_kind">
          {PERSONAL_DOCUMENT_KINDS.map((k) => (
            <option value={k} selected={opts.form?.file_kind === k}>{pt.fileKinds[k]}</option>
          ))}
        </select>
        <label for="ftitle">{pt.fileTitle}</label>
        <input
          id="ftitle"
          name="file_title"
          type="text"
          required
          maxlength={200}
          value={opts.form?.file_title}
        />
        <label for="fyear">{pt.fileYear}</label>
        <input id="fyear" name="file_year" type="number" min={1900} max={2100} value={opts.form?.file_year} />
        <label for="ffile">{pt.fileFile}</label>
        <input
          id="ffile"
          name="file"
          type="file"
          required
          accept="application/pdf,image/jpeg,image/png,image/heic"
          aria-describedby="file-intro"
        />
        <button type="submit">{t.save}</button>
      </form>
      <OnboardingPlan p={p} plan={plan} />
      <h2 id="account">{pt.account}</h2>
      {account
        ? (
          <>
            <p>
              {`${account.email} · ${
                t.roleNames[account.role as keyof typeof t.roleNames] ?? account.role
              } · ${account.active ? pt.active : pt.deactivatedState}`}
            </p>
            <form method="post" action={`/hr/people/${encodeURIComponent(record.personnel_number)}/role`}>
              <input type="hidden" name="csrf" value={p.csrf} />
              <label for="role">{t.role}</label>
              <select id="role" name="role">
                {roles.map((r) => (
                  <option key={r} value={r} selected={account.role === r}>{t.roleNames[r]}</option>
                ))}
              </select>
              <button type="submit">{t.save}</button>
            </form>
            <form method="post" action={`/hr/people/${encodeURIComponent(record.personnel_number)}/active`}>
              <input type="hidden" name="csrf" value={p.csrf} />
              <input type="hidden" name="active" value={account.active ? "no" : "yes"} />
              <button type="submit" class="secondary">
                {account.active ? pt.deactivate : pt.reactivate}
              </button>
            </form>
          </>
        )
        : <p>{pt.noAccount}</p>}
    </Layout>,
    opts.status ?? 200,
  );
}

/** Mounts the page of one person under /hr/people/<personnel number>. */
// deno-lint-ignore no-explicit-any
export function mountConsolePerson(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/people/:pn", async (c) => {
    const p = await hrPage(deps, c, "/hr/people");
    if (p instanceof Response) return p;
    return await personPage(deps, c, p);
  });

  /** The account linked to the person of the page, or null. */
  const accountOf = async (pn: string) =>
    (await deps.db.select({ email: users.email }).from(users).innerJoin(
      employees,
      eq(employees.id, users.employeeId),
    )
      .where(eq(employees.personnelNumber, pn)).limit(1))[0] ?? null;

  const refused = async (c: Context, p: Page, e: unknown) => {
    if (!(e instanceof AppError)) throw e;
    const status = e.status === 403 || e.status === 404 ? e.status : 400;
    return await personPage(deps, c, p, { errors: [refusalText(e, p.lang)], status });
  };

  app.post("/hr/people/:pn/correction", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", personPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const pn = c.req.param("pn");
    const sent = {
      type: (form.get("type") ?? "").slice(0, 40),
      year: (form.get("year") ?? "").trim().slice(0, 10),
      days: (form.get("days") ?? "").trim().slice(0, 10),
      note: (form.get("note") ?? "").slice(0, 600),
    };
    const num = (v: string) => v === "" ? NaN : Number(v);
    try {
      const row = await adjustEntitlement(deps, {
        personnelNumber: pn,
        code: sent.type,
        year: num(sent.year),
        days: num(sent.days),
        note: sent.note,
        by: p.user.email,
      });
      const [record] = await employeeRecordFields(deps, [pn]);
      return await personPage(deps, c, p, {
        year: String(row.year),
        flash: fill(personTexts(p.lang).corrected, {
          type: sent.type,
          year: String(row.year),
          days: (row.days > 0 ? "+" : "") + String(row.days),
          name: `${record.first_name} ${record.last_name}`,
        }),
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const status = e.status === 404 ? 404 : 400;
      return await personPage(deps, c, p, { errors: [refusalText(e, p.lang)], status, form: sent });
    }
  });

  app.post("/hr/people/:pn/workload", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", personPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const pn = c.req.param("pn");
    const sent = {
      wl_from: (form.get("wl_from") ?? "").trim().slice(0, 20),
      wl_percent: (form.get("wl_percent") ?? "").trim().slice(0, 10),
      wl_weekdays: form.getAll("wl_weekday").map((d) => d.slice(0, 1)).join(";"),
    };
    try {
      const row = await changeWorkload(deps, {
        personnelNumber: pn,
        validFrom: sent.wl_from,
        workloadPercent: sent.wl_percent === "" ? NaN : Number(sent.wl_percent),
        workingWeekdays: sent.wl_weekdays ? sent.wl_weekdays.split(";").map(Number) : [],
      });
      const [record] = await employeeRecordFields(deps, [pn]);
      return await personPage(deps, c, p, {
        flash: fill(personTexts(p.lang).workloadSaved, {
          name: `${record.first_name} ${record.last_name}`,
          percent: String(row.workloadPercent),
          date: swissDate(row.validFrom, p.lang),
        }),
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const status = e.status === 404 ? 404 : 400;
      return await personPage(deps, c, p, { errors: [refusalText(e, p.lang)], status, form: sent });
    }
  });

  app.post("/hr/people/:pn/documents", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", personPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const pn = c.req.param("pn");
    const sent = {
      doc_kind: (form.get("doc_kind") ?? "").slice(0, 200),
      doc_due: (form.get("doc_due") ?? "").trim().slice(0, 20),
    };
    try {
      const row = await requestDocument(deps, {
        personnelNumber: pn,
        kind: sent.doc_kind,
        dueDate: sent.doc_due,
      });
      const [record] = await employeeRecordFields(deps, [pn]);
      return await personPage(deps, c, p, {
        flash: fill(personTexts(p.lang).documentAsked, {
          name: `${record.first_name} ${record.last_name}`,
          kind: row.kind,
        }),
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const status = e.status === 404 ? 404 : 400;
      return await personPage(deps, c, p, { errors: [refusalText(e, p.lang)], status, form: sent });
    }
  });

  app.post("/hr/people/:pn/own-documents", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", personPage);
    if (posted instanceof Response) return posted;
    const { p, form, files } = posted;
    const pn = c.req.param("pn");
    const sent = {
      file_kind: (form.get("file_kind") ?? "").slice(0, 40),
      file_title: (form.get("file_title") ?? "").slice(0, 200),
      file_year: (form.get("file_year") ?? "").trim().slice(0, 4),
    };
    try {
      const [record] = await employeeRecordFields(deps, [pn]);
      if (!record) throw new AppError("not_found", "No person has this personnel number.");
      const emp = await deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, pn) });
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
      return await personPage(deps, c, p, {
        flash: fill(personTexts(p.lang).documentFiled, {
          name: `${record.first_name} ${record.last_name}`,
          title: row.title,
        }),
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const status = e.status === 404 ? 404 : 400;
      return await personPage(deps, c, p, { errors: [refusalText(e, p.lang)], status, form: sent });
    }
  });

  app.post("/hr/people/:pn/role", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", personPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const account = await accountOf(c.req.param("pn"));
    if (!account) {
      return await personPage(deps, c, p, { errors: [personTexts(p.lang).noAccount], status: 404 });
    }
    const role = (form.get("role") ?? "").slice(0, 20);
    try {
      await setAccountRole(deps, account.email, role, { userId: p.user.userId, role: p.user.role });
    } catch (e) {
      return await refused(c, p, e);
    }
    const shown = p.t.roleNames[role as keyof typeof p.t.roleNames] ?? role;
    return await personPage(deps, c, p, {
      flash: fill(personTexts(p.lang).roleSaved, { email: account.email, role: shown }),
    });
  });

  app.post("/hr/people/:pn/active", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", personPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const account = await accountOf(c.req.param("pn"));
    if (!account) {
      return await personPage(deps, c, p, { errors: [personTexts(p.lang).noAccount], status: 404 });
    }
    const active = form.get("active") === "yes";
    try {
      await setAccountActive(deps, account.email, active, { userId: p.user.userId, role: p.user.role });
    } catch (e) {
      return await refused(c, p, e);
    }
    const pt = personTexts(p.lang);
    return await personPage(deps, c, p, {
      flash: fill(active ? pt.reactivated : pt.deactivated, { email: account.email }),
    });
  });

  app.post("/hr/people/:pn", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", personPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const [record] = await employeeRecordFields(deps, [c.req.param("pn")]);
    if (!record) return await personPage(deps, c, p);
    const sent: Record<string, string> = {};
    for (const k of EDITED) sent[k] = (form.get(k) ?? "").slice(0, 200);
    sent.working_weekdays = form.getAll("weekday").join(";");
    if (!sent.working_weekdays) {
      return await personPage(deps, c, p, { errors: [p.t.needWeekday], status: 400, form: sent });
    }
    const saved = await saveEmployeeRecords(deps, [{ line: 1, fields: { ...record, ...sent } }]);
    if (!saved.ok) {
      return await personPage(deps, c, p, {
        errors: formProblems(saved.errors, p.lang),
        status: 400,
        form: sent,
      });
    }
    return await personPage(deps, c, p, {
      flash: fill(personTexts(p.lang).saved, { name: `${sent.first_name.trim()} ${sent.last_name.trim()}` }),
    });
  });
}
