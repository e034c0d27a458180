/** @jsxImportSource hono/jsx */
/**
 * The HR console's people: everyone with the state of their account, a new person (their employee file's row,
 * saved by the same service as `employees import`, and their invitation when HR asks for it), an invitation
 * sent later, and the employee file uploaded as a whole. An administrator's account is never touched from
 * here: that is checked before anything is saved.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { fill } from "../i18n/mod.ts";
import { refusalText, swissDate } from "./console_common.ts";
import { AppError } from "../errors.ts";
import { isCanton } from "../domain/calendar.ts";
import { checkEditor } from "../services/accounts.ts";
import { saveEmployeeRecords } from "../services/employee_records.ts";
import { importEmployees } from "../services/employee_file.ts";
import { invite } from "../services/invitations.ts";
import { personTexts } from "../i18n/console_person.ts";
import { getSetting } from "../settings.ts";
import { todayOf } from "../services/common.ts";
import {
  accountByEmail,
  listPeopleWithAccounts,
  personByNumber,
  personnelNumberTaken,
} from "../services/hr_console.ts";
import {
  CantonSelect,
  Check,
  Choice,
  consoleGet,
  ConsolePage,
  consolePost,
  EmploymentFields,
  Field,
  formText,
  formYes,
  Hint,
  LanguageSelect,
  NameFields,
  type Page,
  type PageOpts,
  PersonOptions,
  PostForm,
  recordFormProblems,
  render,
  RowAction,
  Table,
  WeekdayBoxes,
} from "./console_kit.tsx";

/** Roles an invitation may give from the console (an administrator is made with `user set-role`). */
const INVITE_ROLES = ["employee", "manager", "hr", "recruiter"] as const;

/** The fields of a new person's employee file row that the form sends. */
const NEW_PERSON_FIELDS = [
  "personnel_number",
  "first_name",
  "last_name",
  "work_email",
  "canton",
  "employment_start",
  "birth_date",
  "workload_percent",
  "language",
  "manager_personnel_number",
] as const;

/** The people list with the new person's form and the employee file's upload. */
export async function peoplePage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: PageOpts<200 | 400 | 403> = {},
) {
  const rows = await listPeopleWithAccounts(deps);
  const { t } = p;
  const f = opts.form ?? {};
  const pt = personTexts(p.lang);
  // A new person most likely works where the organisation is: its head office's canton, once it is set.
  const orgCanton = (await getSetting(deps, "defaultCanton")) ?? undefined;
  const today = todayOf(deps);
  const notInvited = rows.filter((r) => !r.userId && (!r.end || r.end >= today));
  return render(
    c,
    <ConsolePage p={p} title={t.people} here="people" flash={opts.flash} errors={opts.errors}>
      {
        // The office manager who ran the first start would otherwise find an empty app without knowing why.
        p.user.employeeId ? null : <p class="note">{fill(t.ownRecordMissing, { email: p.user.email })}</p>
      }
      <p>{t.peopleIntro}</p>
      <Table cols={[t.colName, t.colNumber, t.colCanton, t.colStart, t.colAccount]}>
        {rows.map((r) => (
          <tr>
            <td>
              <a href={`/hr/people/${encodeURIComponent(r.pn)}`}>{`${r.first} ${r.last}`}</a>
            </td>
            <td>{r.pn}</td>
            <td>{r.canton}</td>
            <td>{swissDate(r.start, p.lang)}</td>
            <td>
              {r.userId ? (r.hash ? t.accountActive : t.accountInvited) : t.accountNone}
              {!r.hash && r.email
                ? (
                  <RowAction
                    p={p}
                    action="/hr/people/invite"
                    label={t.invite}
                    about={`${r.first} ${r.last}`}
                    fields={{ personnel_number: r.pn }}
                  />
                )
                : null}
            </td>
          </tr>
        ))}
      </Table>
      {notInvited.length
        ? (
          <PostForm p={p} action="/hr/people/invite-all">
            <Hint id="invite-all-hint">
              {fill(t.inviteAllHint, {
                count: String(notInvited.length),
                noEmail: String(notInvited.filter((r) => !r.email).length),
              })}
            </Hint>
            <button type="submit" aria-describedby="invite-all-hint">{t.inviteAll}</button>
          </PostForm>
        )
        : null}
      <h2>{t.newPerson}</h2>
      <PostForm p={p} action="/hr/people">
        <Field
          id="pn"
          label={t.personnelNumber}
          name="personnel_number"
          type="text"
          required
          maxlength={32}
          value={f.personnel_number}
        />
        <NameFields p={p} first={f.first_name} last={f.last_name} />
        <Field
          id="email"
          label={t.email}
          hint={t.emailHint}
          name="work_email"
          type="email"
          value={f.work_email}
        />
        <LanguageSelect lang={p.lang} value={f.language} />
        <CantonSelect label={t.canton} value={f.canton ?? orgCanton ?? "ZH"} />
        <label for="manager">{pt.manager}</label>
        <select id="manager" name="manager_personnel_number">
          <option value="" selected={!f.manager_personnel_number}>{pt.noManager}</option>
          <PersonOptions
            people={rows.map((r) => ({ pn: r.pn, first: r.first, last: r.last }))}
            value={f.manager_personnel_number}
          />
        </select>
        <EmploymentFields t={t} f={f} workload={f.workload_percent ?? "100"} />
        <WeekdayBoxes
          t={t}
          name="weekday"
          prefix="day"
          days={(f.working_weekdays ?? "1,2,3,4,5").split(",")}
        />
        <Choice
          id="role"
          label={t.role}
          name="role"
          options={INVITE_ROLES}
          names={t.roleNames}
          value={f.role}
          dflt="employee"
        />
        <Check id="invite" label={t.sendInvitation} name="invite" checked={f.invite !== "no"} />
        <button type="submit">{t.save}</button>
      </PostForm>
      <h2 id="import">{t.importTitle}</h2>
      <p>{t.importIntro}</p>
      <PostForm p={p} action="/hr/people/import" upload>
        <Field id="csv" label={t.csvFile} name="file" type="file" accept=".csv,text/csv" required />
        <button type="submit">{t.save}</button>
      </PostForm>
    </ConsolePage>,
    opts.status ?? 200,
  );
}

/** Mounts the people list and its forms under /hr/people. */
// deno-lint-ignore no-explicit-any
export function mountConsolePeople(app: Hono<any>, deps: AppDeps): void {
  app.get("/hr/people", consoleGet(deps, "/hr/people", (c, p) => peoplePage(deps, c, p)));

  app.post(
    "/hr/people",
    consolePost(deps, "/hr/people", peoplePage, async (c, { p, form }) => {
      const fields: Record<string, string> = {};
      for (const k of NEW_PERSON_FIELDS) fields[k] = formText(form, k, 200);
      fields.working_weekdays = form.getAll("weekday").join(",");
      const role = form.get("role") ?? "employee";
      const shown = { ...fields, role, invite: formYes(form, "invite") };
      const wantsInvite = shown.invite === "yes";
      const errors: string[] = [];
      if (!fields.working_weekdays) errors.push(p.t.needWeekday);
      if (!(INVITE_ROLES as readonly string[]).includes(role)) errors.push(p.t.badRole);
      if (!isCanton(fields.canton)) errors.push(p.t.badCanton);
      if (wantsInvite && !fields.work_email) errors.push(p.t.noEmail);
      if (wantsInvite && fields.work_email) {
        // Checked before anything is saved: HR never touches an administrator's account, even one still invited.
        const account = await accountByEmail(deps, fields.work_email);
        try {
          checkEditor({ userId: p.user.userId, role: p.user.role }, account, role);
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          errors.push(refusalText(e, p.lang));
        }
      }
      if (await personnelNumberTaken(deps, fields.personnel_number.trim())) {
        errors.push(fill(p.t.takenNumber, { number: fields.personnel_number.trim() }));
      }
      if (errors.length) return await peoplePage(deps, c, p, { errors, form: shown, status: 400 });
      const saved = await saveEmployeeRecords(deps, [{ line: 1, fields }]);
      if (!saved.ok) {
        return await peoplePage(deps, c, p, {
          errors: recordFormProblems(saved, p.lang),
          form: shown,
          status: 400,
        });
      }
      const name = `${fields.first_name.trim()} ${fields.last_name.trim()}`;
      if (wantsInvite) {
        try {
          await invite(deps, {
            email: fields.work_email,
            employee: fields.personnel_number.trim(),
            role,
            // The invitation speaks the person's language, just saved with their record; never the inviter's.
            by: { userId: p.user.userId, role: p.user.role },
          });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          return await peoplePage(deps, c, p, {
            flash: fill(p.t.created, { name }),
            errors: [refusalText(e, p.lang)],
          });
        }
      }
      return await peoplePage(deps, c, p, {
        flash: fill(wantsInvite ? p.t.createdInvited : p.t.created, { name }),
      });
    }),
  );

  app.post(
    "/hr/people/invite",
    consolePost(deps, "/hr/people", peoplePage, async (c, { p, form }) => {
      const pn = form.get("personnel_number") ?? "";
      const email = (await personByNumber(deps, pn))?.email;
      if (!email) return await peoplePage(deps, c, p, { errors: [p.t.noEmail], status: 400 });
      try {
        await invite(deps, {
          email,
          employee: pn,
          role: "employee",
          by: { userId: p.user.userId, role: p.user.role },
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return await peoplePage(deps, c, p, { errors: [refusalText(err, p.lang)], status: 400 });
      }
      return await peoplePage(deps, c, p, { flash: fill(p.t.invited, { email }) });
    }),
  );

  /**
   * Everyone still employed who has no account is invited at once, each in the language of their record, as
   * an employee, or as a manager when someone reports to them (so the requests routed to them can be
   * decided). People without a work e-mail are named, and left for HR to complete.
   */
  app.post(
    "/hr/people/invite-all",
    consolePost(deps, "/hr/people", peoplePage, async (c, { p }) => {
      const today = todayOf(deps);
      const rows = await listPeopleWithAccounts(deps);
      const managers = new Set(rows.map((r) => r.managerId).filter((m): m is string => !!m));
      const waiting = rows.filter((r) => !r.userId && (!r.end || r.end >= today));
      const errors: string[] = [];
      let sent = 0;
      for (const r of waiting) {
        if (!r.email) {
          errors.push(fill(p.t.inviteAllNoEmail, { name: `${r.first} ${r.last}`, number: r.pn }));
          continue;
        }
        try {
          await invite(deps, {
            email: r.email,
            employee: r.pn,
            role: managers.has(r.id) ? "manager" : "employee",
            by: { userId: p.user.userId, role: p.user.role },
          });
          sent++;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          errors.push(`${r.first} ${r.last} (${r.pn}): ${refusalText(err, p.lang)}`);
        }
      }
      return await peoplePage(deps, c, p, {
        flash: fill(p.t.invitedAll, { count: String(sent) }),
        ...(errors.length ? { errors } : {}),
      });
    }),
  );

  app.post(
    "/hr/people/import",
    consolePost(deps, "/hr/people", peoplePage, async (c, { p, files }) => {
      const file = files.get("file");
      if (!file || !file.size) return await peoplePage(deps, c, p, { errors: [p.t.noFile], status: 400 });
      const result = await importEmployees(deps, new Uint8Array(await file.arrayBuffer()));
      if (!result.ok) return await peoplePage(deps, c, p, { errors: result.errors, status: 400 });
      return await peoplePage(deps, c, p, {
        flash: fill(p.t.imported, { created: String(result.created), updated: String(result.updated) }),
      });
    }),
  );
}
