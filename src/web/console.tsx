/** @jsxImportSource hono/jsx */
/**
 * The HR console: server-rendered pages for HR staff and administrators, signed in with the same sessions
 * as everyone (the sign-in page sends them back here). Plain HTML forms, no JavaScript, an anti-CSRF token
 * derived from the session, no framing, in the person's language. Everything it changes goes through the
 * services the commands use: employee records, invitations, leave policies.
 */
import type { Context, Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { contextStorage, getContext } from "hono/context-storage";
import { asc, eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, leaveTypes, users } from "../db/schema/mod.ts";
import { checkEditor } from "../services/accounts.ts";
import { safeEqual, sha256Hex } from "../crypto.ts";
import { fill, isLang, type Lang, LANGS } from "../i18n/mod.ts";
import { consoleCommonTexts, recordProblemText, refusalText, swissDate } from "../i18n/console_common.ts";
import { WEB_MESSAGES } from "../i18n/web.ts";
import { type ConsoleTexts, consoleTexts } from "../i18n/console.ts";
import { leaveTypeTexts } from "../i18n/console_leave_types.ts";
import { revokeSession, SESSION_COOKIE } from "../signin/sessions.ts";
import type { AuthUser } from "../signin/sessions.ts";
import { pageUser } from "../signin/stepup.ts";
import { AppError } from "../errors.ts";
import { isCanton } from "../domain/calendar.ts";
import { parseSteps, parseStepText, stepText } from "../domain/entitlement.ts";
import { saveEmployeeRecords } from "../services/employee_records.ts";
import { invite } from "../services/invitations.ts";
import { setLeavePolicy } from "../services/leave_policies.ts";
import {
  addClosure,
  addCompensation,
  approveWorkThrough,
  listClosures,
  listWorkThrough,
} from "../services/hr_pay.ts";
import {
  defaultLabel,
  importManifest,
  importPayslips,
  MAX_PAYSLIP_BYTES,
} from "../services/payslip_import.ts";
import { importEmployees } from "../services/employee_file.ts";
import { importSchoolHolidays } from "../services/school_holidays.ts";
import { closureRefusal, closureTexts, requestList } from "../i18n/console_closures.ts";
import { RecalculationNeeded } from "../services/closure_changes.ts";
import { Layout, setPageHeaders } from "./layout.tsx";

/** Roles that may use the console. */
const CONSOLE_ROLES = new Set(["hr", "admin"]);
/** Roles an invitation may give from the console (an administrator is made with `user set-role`). */
const INVITE_ROLES = ["employee", "manager", "hr", "recruiter"] as const;
export const CANTON_CODES = "AG AI AR BE BL BS FR GE GL GR JU LU NE NW OW SG SH SO SZ TG TI UR VD VS ZG ZH"
  .split(
    " ",
  );

export interface Page {
  user: AuthUser;
  lang: Lang;
  t: ConsoleTexts;
  csrf: string;
}

async function consoleCsrf(c: Context): Promise<string> {
  return await sha256Hex(`hr-console-csrf:${getCookie(c, SESSION_COOKIE) ?? ""}`);
}

/** A posted form's fields, and its files when it was sent as multipart/form-data (a file upload). */
interface PostedForm {
  form: URLSearchParams;
  /** The last file sent under each name. */
  files: Map<string, File>;
  /** Every file sent under each name (an input with `multiple`). */
  fileLists: Map<string, File[]>;
}

async function readForm(c: Context): Promise<PostedForm> {
  const type = c.req.header("content-type") ?? "";
  const out: PostedForm = { form: new URLSearchParams(), files: new Map(), fileLists: new Map() };
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) out.form = new URLSearchParams(await c.req.text());
  else if (/^multipart\/form-data\b/i.test(type)) {
    // A body that is not the multipart it says it is reads as an empty form (refused by the token check).
    const data = await c.req.formData().catch(() => new FormData());
    for (const [k, v] of data) {
      if (typeof v === "string") out.form.append(k, v);
      else {
        out.files.set(k, v);
        out.fileLists.set(k, [...out.fileLists.get(k) ?? [], v]);
      }
    }
  }
  return out;
}

/** The signed-in HR person, or the response that sends anyone else away. */
export async function hrPage(deps: AppDeps, c: Context, back: string): Promise<Page | Response> {
  const user = await pageUser(deps, c);
  if (!user) return c.redirect(`/oauth/signin?next=${back}`, 303);
  const lang: Lang = isLang(user.language) ? user.language : "de";
  const t = consoleTexts(user.language);
  if (!CONSOLE_ROLES.has(user.role)) {
    setPageHeaders(c);
    return c.html(
      <Layout lang={lang} m={WEB_MESSAGES[lang]} title={t.title}>
        <h1>{t.title}</h1>
        <p class="alert" role="alert">{t.forbidden}</p>
      </Layout>,
      403,
    );
  }
  const csrf = await consoleCsrf(c);
  c.set(SIGN_OUT, { csrf, label: WEB_MESSAGES[lang].signOut });
  return { user, lang, t, csrf };
}

/** The request's sign-out form data, set by `hrPage`: every page's navigation carries the form. */
const SIGN_OUT = "hrConsoleSignOut";
type SignOutEnv = { Variables: { [SIGN_OUT]: { csrf: string; label: string } } };

function signOutForm(): { csrf: string; label: string } | undefined {
  try {
    return getContext<SignOutEnv>().get(SIGN_OUT);
  } catch {
    return undefined; // rendered outside a console request
  }
}

export function Nav(
  props: {
    t: ConsoleTexts;
    here:
      | "organisation"
      | "people"
      | "leave"
      | "leaveOverview"
      | "calendar"
      | "pay"
      | "documents"
      | "recruiting"
      | "inbox";
  },
) {
  return (
    <nav aria-label={props.t.nav}>
      <a href="/hr/organisation" aria-current={props.here === "organisation" ? "page" : undefined}>
        {props.t.navOrganisation}
      </a>
      {" · "}
      <a href="/hr/people" aria-current={props.here === "people" ? "page" : undefined}>{props.t.navPeople}</a>
      {" · "}
      <a href="/hr/leave" aria-current={props.here === "leave" ? "page" : undefined}>{props.t.navLeave}</a>
      {" · "}
      <a href="/hr/leave/overview" aria-current={props.here === "leaveOverview" ? "page" : undefined}>
        {props.t.navLeaveOverview}
      </a>
      {" · "}
      <a href="/hr/calendar" aria-current={props.here === "calendar" ? "page" : undefined}>
        {props.t.navCalendar}
      </a>
      {" · "}
      <a href="/hr/pay" aria-current={props.here === "pay" ? "page" : undefined}>{props.t.navPay}</a>
      {" · "}
      <a href="/hr/documents" aria-current={props.here === "documents" ? "page" : undefined}>
        {props.t.navDocuments}
      </a>
      {" · "}
      <a href="/hr/recruiting" aria-current={props.here === "recruiting" ? "page" : undefined}>
        {props.t.navRecruiting}
      </a>
      {" · "}
      <a href="/hr/inbox" aria-current={props.here === "inbox" ? "page" : undefined}>{props.t.navInbox}</a>
      <SignOut />
    </nav>
  );
}

/** Ends the console's session: a POST with the page's token, so no other site can sign HR out. */
function SignOut() {
  const s = signOutForm();
  if (!s) return null;
  return (
    <form method="post" action="/hr/signout" class="signout">
      <input type="hidden" name="csrf" value={s.csrf} />
      <button type="submit" class="secondary">{s.label}</button>
    </form>
  );
}

export function Problems(props: { t: ConsoleTexts; errors: string[] }) {
  if (!props.errors.length) return null;
  return (
    <div class="alert" role="alert" aria-labelledby="problems">
      <h2 id="problems">{props.t.problems}</h2>
      <ul>{props.errors.map((e) => <li key={e}>{e}</li>)}</ul>
    </div>
  );
}

/** What the person form sent, to show it again with the problems. */
type PersonForm = Record<string, string>;

async function peoplePage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: { flash?: string; errors?: string[]; form?: PersonForm; status?: 200 | 400 | 403 } = {},
) {
  const rows = await deps.db.select({
    id: employees.id,
    pn: employees.personnelNumber,
    first: employees.firstName,
    last: employees.lastName,
    canton: employees.canton,
    start: employees.employmentStart,
    email: employees.workEmail,
    userId: users.id,
    hash: users.passwordHash,
  }).from(employees).leftJoin(users, eq(users.employeeId, employees.id))
    .orderBy(asc(employees.lastName), asc(employees.firstName)).limit(1000);
  const { t } = p;
  const f = opts.form ?? {};
  const days = new Set((f.working_weekdays ?? "1,2,3,4,5").split(","));
  setPageHeaders(c);
  return c.html(
    <Layout lang={p.lang} m={WEB_MESSAGES[p.lang]} title={t.people} wide>
      <Nav t={t} here="people" />
      <h1>{t.people}</h1>
      {opts.flash ? <p class="note" role="status">{opts.flash}</p> : null}
      <Problems t={t} errors={opts.errors ?? []} />
      <p>{t.peopleIntro}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.colName}</th>
            <th scope="col">{t.colNumber}</th>
            <th scope="col">{t.colCanton}</th>
            <th scope="col">{t.colStart}</th>
            <th scope="col">{t.colAccount}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
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
                    <form method="post" action="/hr/people/invite">
                      <input type="hidden" name="csrf" value={p.csrf} />
                      <input type="hidden" name="personnel_number" value={r.pn} />
                      <button
                        type="submit"
                        class="secondary"
                        aria-label={`${t.invite}: ${r.first} ${r.last}`}
                      >
                        {t.invite}
                      </button>
                    </form>
                  )
                  : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>{t.newPerson}</h2>
      <form method="post" action="/hr/people">
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="pn">{t.personnelNumber}</label>
        <input
          id="pn"
          name="personnel_number"
          type="text"
          required
          maxlength={32}
          value={f.personnel_number}
        />
        <label for="first">{t.firstName}</label>
        <input id="first" name="first_name" type="text" required maxlength={100} value={f.first_name} />
        <label for="last">{t.lastName}</label>
        <input id="last" name="last_name" type="text" required maxlength={100} value={f.last_name} />
        <label for="email">{t.email}</label>
        <input id="email" name="work_email" type="email" aria-describedby="email-hint" value={f.work_email} />
        <p id="email-hint" class="muted">{t.emailHint}</p>
        <label for="language">{consoleCommonTexts(p.lang).language}</label>
        <select id="language" name="language" aria-describedby="language-hint">
          {LANGS.map((l) => (
            <option key={l} value={l} selected={(f.language || "de") === l}>
              {consoleCommonTexts(p.lang).languageNames[l]}
            </option>
          ))}
        </select>
        <p id="language-hint" class="muted">{consoleCommonTexts(p.lang).languageHint}</p>
        <label for="canton">{t.canton}</label>
        <select id="canton" name="canton">
          {CANTON_CODES.map((k) => <option key={k} value={k} selected={(f.canton ?? "ZH") === k}>{k}
          </option>)}
        </select>
        <label for="start">{t.start}</label>
        <input id="start" name="employment_start" type="date" required value={f.employment_start} />
        <label for="birth">{t.birthDate}</label>
        <input id="birth" name="birth_date" type="date" value={f.birth_date} />
        <label for="workload">{t.workload}</label>
        <input
          id="workload"
          name="workload_percent"
          type="number"
          min={1}
          max={100}
          value={f.workload_percent ?? "100"}
        />
        <fieldset>
          <legend>{t.weekdays}</legend>
          {t.weekdayNames.map((name, i) => (
            <div class="scope" key={name}>
              <input
                id={`day${i + 1}`}
                type="checkbox"
                name="weekday"
                value={String(i + 1)}
                checked={days.has(String(i + 1))}
              />
              <label for={`day${i + 1}`}>{name}</label>
            </div>
          ))}
        </fieldset>
        <label for="role">{t.role}</label>
        <select id="role" name="role">
          {INVITE_ROLES.map((r) => (
            <option key={r} value={r} selected={(f.role ?? "employee") === r}>{t.roleNames[r]}</option>
          ))}
        </select>
        <div class="scope">
          <input id="invite" type="checkbox" name="invite" value="yes" checked={f.invite !== "no"} />
          <label for="invite">{t.sendInvitation}</label>
        </div>
        <button type="submit">{t.save}</button>
      </form>
      <h2 id="import">{t.importTitle}</h2>
      <p>{t.importIntro}</p>
      <form method="post" action="/hr/people/import" enctype="multipart/form-data">
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="csv">{t.csvFile}</label>
        <input id="csv" name="file" type="file" accept=".csv,text/csv" required />
        <button type="submit">{t.save}</button>
      </form>
    </Layout>,
    opts.status ?? 200,
  );
}

async function leavePage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: {
    flash?: string;
    errors?: string[];
    status?: 200 | 400 | 403;
    /** What a refused form sent, shown again as typed. */
    form?: { base: string; steps: string; halfDays: boolean };
  } = {},
) {
  const { t } = p;
  const [vacation] = await deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, "VACATION")).limit(1);
  setPageHeaders(c);
  return c.html(
    <Layout lang={p.lang} m={WEB_MESSAGES[p.lang]} title={t.leave} wide>
      <Nav t={t} here="leave" />
      <h1>{t.leave}</h1>
      {opts.flash ? <p class="note" role="status">{opts.flash}</p> : null}
      <Problems t={t} errors={opts.errors ?? []} />
      <p>{t.leaveIntro}</p>
      <p>
        <a href="/hr/leave/types">{leaveTypeTexts(p.lang).allTypes}</a>
      </p>
      {vacation
        ? (
          <form method="post" action="/hr/leave">
            <input type="hidden" name="csrf" value={p.csrf} />
            <input type="hidden" name="code" value="VACATION" />
            <label for="base">{t.baseDays}</label>
            <input
              id="base"
              name="base_days"
              type="number"
              min={0}
              max={366}
              step="0.5"
              aria-describedby="base-hint"
              value={opts.form?.base ?? String(vacation.defaultAnnualDays)}
            />
            <p id="base-hint" class="muted">{t.baseDaysHint}</p>
            <label for="steps">{t.steps}</label>
            <textarea id="steps" name="steps" rows={4} aria-describedby="steps-hint">
              {opts.form?.steps ?? parseSteps(vacation.entitlementSteps).map(stepText).join("\n")}
            </textarea>
            <p id="steps-hint" class="muted">{t.stepsHint}</p>
            <div class="scope">
              <input
                id="half"
                type="checkbox"
                name="half_days"
                value="yes"
                checked={opts.form?.halfDays ?? vacation.allowHalfDays}
              />
              <label for="half">{t.halfDays}</label>
            </div>
            <button type="submit">{t.save}</button>
          </form>
        )
        : null}
    </Layout>,
    opts.status ?? 200,
  );
}

async function calendarPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: {
    flash?: string;
    errors?: string[];
    status?: 200 | 400 | 403 | 404 | 409;
    form?: Record<string, string>;
  } = {},
) {
  const { t } = p;
  const rows = await listClosures(deps);
  const through = await listWorkThrough(deps);
  const people = await deps.db.select({
    pn: employees.personnelNumber,
    first: employees.firstName,
    last: employees.lastName,
  }).from(employees).orderBy(asc(employees.lastName), asc(employees.firstName)).limit(1000);
  const f = opts.form ?? {};
  setPageHeaders(c);
  return c.html(
    <Layout lang={p.lang} m={WEB_MESSAGES[p.lang]} title={t.calendar} wide>
      <Nav t={t} here="calendar" />
      <h1>{t.calendar}</h1>
      {opts.flash ? <p class="note" role="status">{opts.flash}</p> : null}
      <Problems t={t} errors={opts.errors ?? []} />
      <p>{t.calendarIntro}</p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t.closureName}</th>
            <th scope="col">{t.colPeriod}</th>
            <th scope="col">{t.colKind}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td>
                {/* Each closure's page changes or removes it (console_organisation.tsx). */}
                <a href={`/hr/calendar/closures/${encodeURIComponent(r.id)}`}>
                  {p.lang === "fr"
                    ? r.nameFr
                    : p.lang === "en"
                    ? r.nameEn
                    : p.lang === "it"
                    ? r.nameIt ?? r.nameDe
                    : r.nameDe}
                </a>
              </td>
              <td>{`${swissDate(r.startDate, p.lang)} – ${swissDate(r.endDate, p.lang)}`}</td>
              <td>{r.deductsLeave ? t.fromVacation : t.granted}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <form method="post" action="/hr/calendar">
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="cname">{t.closureName}</label>
        <input id="cname" name="name" type="text" required maxlength={100} value={f.name} />
        <label for="cfrom">{t.closureFrom}</label>
        <input id="cfrom" name="from" type="date" required value={f.from} />
        <label for="cto">{t.closureTo}</label>
        <input id="cto" name="to" type="date" required value={f.to} />
        <div class="scope">
          <input id="cdeducts" type="checkbox" name="deducts" value="yes" checked={f.deducts !== "no"} />
          <label for="cdeducts">{t.closureDeducts}</label>
        </div>
        <div class="scope">
          {/* A closure over approved leave changes its days: saved only when HR confirms (closure_changes.ts). */}
          <input
            id="crecalc"
            type="checkbox"
            name="recalculate"
            value="yes"
            aria-describedby="crecalc-hint"
          />
          <label for="crecalc">{closureTexts(p.lang).recalculate}</label>
        </div>
        <p id="crecalc-hint" class="muted">{closureTexts(p.lang).recalculateHint}</p>
        <button type="submit">{t.save}</button>
      </form>
      <h2 id="school">{t.schoolTitle}</h2>
      <p>{t.schoolIntro}</p>
      <form method="post" action="/hr/calendar/school-holidays" enctype="multipart/form-data">
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="scanton">{t.canton}</label>
        <select id="scanton" name="canton">
          {CANTON_CODES.map((k) => <option key={k} value={k} selected={(f.canton ?? "BE") === k}>{k}
          </option>)}
        </select>
        <label for="sics">{t.icsFile}</label>
        <input id="sics" name="file" type="file" accept=".ics,text/calendar" required />
        <button type="submit">{t.save}</button>
      </form>
      <h2 id="through">{t.workThrough}</h2>
      <p>{t.workThroughIntro}</p>
      {through.length
        ? (
          <ul aria-labelledby="through">
            {through.map((w) => (
              <li key={`${w.date}${w.pn}`}>
                {`${swissDate(w.date, p.lang)}: ${w.first} ${w.last} (${w.pn})`}
              </li>
            ))}
          </ul>
        )
        : null}
      <form method="post" action="/hr/calendar/work-through">
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="wpn">{t.colName}</label>
        <select id="wpn" name="personnel_number">
          {people.map((e) => (
            <option value={e.pn} selected={f.personnel_number === e.pn}>
              {`${e.last} ${e.first} (${e.pn})`}
            </option>
          ))}
        </select>
        <label for="wdate">{t.workThroughDate}</label>
        <input id="wdate" name="date" type="date" required value={f.date} />
        <button type="submit">{t.save}</button>
      </form>
    </Layout>,
    opts.status ?? 200,
  );
}

async function payPage(
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: {
    flash?: string;
    errors?: string[];
    status?: 200 | 400 | 403 | 404 | 409 | 413;
    form?: Record<string, string>;
    /** The names of the files a refused manifest upload sent (a browser never keeps chosen files). */
    filesSent?: string[];
  } = {},
) {
  const { t } = p;
  const people = await deps.db.select({
    pn: employees.personnelNumber,
    first: employees.firstName,
    last: employees.lastName,
  })
    .from(employees).orderBy(asc(employees.lastName), asc(employees.firstName)).limit(1000);
  const f = opts.form ?? {};
  setPageHeaders(c);
  return c.html(
    <Layout lang={p.lang} m={WEB_MESSAGES[p.lang]} title={t.pay} wide>
      <Nav t={t} here="pay" />
      <h1>{t.pay}</h1>
      {opts.flash ? <p class="note" role="status">{opts.flash}</p> : null}
      <Problems t={t} errors={opts.errors ?? []} />
      <p>{t.payIntro}</p>
      <form method="post" action="/hr/pay">
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="ppn">{t.colName}</label>
        <select id="ppn" name="personnel_number">
          {people.map((e) => (
            <option key={e.pn} value={e.pn} selected={f.personnel_number === e.pn}>
              {`${e.last} ${e.first} (${e.pn})`}
            </option>
          ))}
        </select>
        <label for="pfrom">{t.validFrom}</label>
        <input id="pfrom" name="valid_from" type="date" required value={f.valid_from} />
        <label for="psalary">{t.annualSalary}</label>
        <input
          id="psalary"
          name="annual_salary"
          type="number"
          min={1}
          step="0.05"
          required
          value={f.annual_salary}
        />
        <label for="ppayments">{t.payments}</label>
        <select id="ppayments" name="payments">
          {["13", "12"].map((n) => (
            <option key={n} value={n} selected={(f.payments ?? "13") === n}>{n}</option>
          ))}
        </select>
        <label for="preason">{t.reason}</label>
        <input id="preason" name="reason" type="text" maxlength={200} value={f.reason} />
        <button type="submit">{t.save}</button>
      </form>
      <h2 id="payslips">{t.payslips}</h2>
      <p>{t.payslipsIntro}</p>
      <form method="post" action="/hr/pay/payslips" enctype="multipart/form-data">
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="spn">{t.colName}</label>
        <select id="spn" name="personnel_number">
          {people.map((e) => (
            <option value={e.pn} selected={f.personnel_number === e.pn}>
              {`${e.last} ${e.first} (${e.pn})`}
            </option>
          ))}
        </select>
        <label for="speriod">{t.period}</label>
        <input id="speriod" name="period" type="month" required value={f.period} />
        <label for="sdate">{t.paymentDate}</label>
        <input id="sdate" name="payment_date" type="date" required value={f.payment_date} />
        <label for="sgross">{t.gross}</label>
        <input id="sgross" name="gross" type="number" min={0} step="0.05" required value={f.gross} />
        <label for="snet">{t.net}</label>
        <input id="snet" name="net" type="number" min={0} step="0.05" required value={f.net} />
        <label for="slabel">{t.label}</label>
        <input
          id="slabel"
          name="label"
          type="text"
          maxlength={100}
          aria-describedby="slabel-hint"
          value={f.label}
        />
        <p id="slabel-hint" class="muted">{t.labelHint}</p>
        <label for="sfile">{t.pdfFile}</label>
        <input id="sfile" name="file" type="file" accept="application/pdf" required />
        <button type="submit">{t.save}</button>
      </form>
      <h2 id="bulk">{t.bulkPayslips}</h2>
      <p id="bulk-intro">{t.bulkPayslipsIntro}</p>
      {opts.filesSent?.length
        ? <p class="hint" id="bulk-sent">{fill(t.filesSent, { names: opts.filesSent.join(", ") })}</p>
        : null}
      <form method="post" action="/hr/pay/payslips/bulk" enctype="multipart/form-data">
        <input type="hidden" name="csrf" value={p.csrf} />
        <label for="bmanifest">{t.manifestFile}</label>
        <input
          id="bmanifest"
          name="manifest"
          type="file"
          accept=".csv,text/csv"
          required
          aria-describedby="bulk-intro"
        />
        <label for="bfiles">{t.pdfFiles}</label>
        <input id="bfiles" name="files" type="file" accept="application/pdf" multiple required />
        <button type="submit">{t.bulkImport}</button>
      </form>
    </Layout>,
    opts.status ?? 200,
  );
}

/**
 * The problems of a refused record, without the line number a file would need; in the reader's language
 * where the console knows the problem (`lang`).
 */
export function formProblems(errors: string[], lang?: Lang): string[] {
  return errors.map((e) => e.replace(/^line \d+: /, "")).map((e) => lang ? recordProblemText(e, lang) : e);
}

/**
 * A console form sent by HR: the person and the form, or the response that refuses it (the page again, 403,
 * when the anti-CSRF token is not the page's).
 */
export async function hrForm(
  deps: AppDeps,
  c: Context,
  back: string,
  page: (
    deps: AppDeps,
    c: Context,
    p: Page,
    opts: { errors: string[]; status: 403 },
  ) => Promise<Response>,
): Promise<({ p: Page } & PostedForm) | Response> {
  const p = await hrPage(deps, c, back);
  if (p instanceof Response) return p;
  const posted = await readForm(c);
  if (!safeEqual(posted.form.get("csrf") ?? "", p.csrf)) {
    return await page(deps, c, p, { errors: [WEB_MESSAGES[p.lang].errorSessionForm], status: 403 });
  }
  return { p, ...posted };
}

/** Mounts the console under /hr. */
// deno-lint-ignore no-explicit-any
export function mountConsole(app: Hono<any>, deps: AppDeps): void {
  // Every console page's navigation reads its sign-out form from the request (registered before any route).
  app.use("/hr/*", contextStorage());
  app.get("/hr", (c) => c.redirect("/hr/people", 303));

  app.post("/hr/signout", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", peoplePage);
    if (posted instanceof Response) return posted;
    const { user } = posted.p;
    await revokeSession(deps.db, deps.clock, user.userId, user.sessionId);
    deleteCookie(c, SESSION_COOKIE, { path: "/" });
    return c.redirect("/oauth/signin?next=/hr", 303);
  });

  app.get("/hr/people", async (c) => {
    const p = await hrPage(deps, c, "/hr/people");
    if (p instanceof Response) return p;
    return await peoplePage(deps, c, p);
  });

  app.post("/hr/people", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", peoplePage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const fields: PersonForm = {};
    for (
      const k of [
        "personnel_number",
        "first_name",
        "last_name",
        "work_email",
        "canton",
        "employment_start",
        "birth_date",
        "workload_percent",
        "language",
      ]
    ) fields[k] = (form.get(k) ?? "").slice(0, 200);
    fields.working_weekdays = form.getAll("weekday").join(",");
    const role = form.get("role") ?? "employee";
    const wantsInvite = form.get("invite") === "yes";
    const shown = { ...fields, role, invite: wantsInvite ? "yes" : "no" };
    const errors: string[] = [];
    if (!fields.working_weekdays) errors.push(p.t.needWeekday);
    if (!(INVITE_ROLES as readonly string[]).includes(role)) errors.push(p.t.badRole);
    if (!isCanton(fields.canton)) errors.push(p.t.badCanton);
    if (wantsInvite && !fields.work_email) errors.push(p.t.noEmail);
    if (wantsInvite && fields.work_email) {
      // Checked before anything is saved: HR never touches an administrator's account, even one still invited.
      const account = await deps.db.query.users.findFirst({
        where: eq(users.email, fields.work_email.trim().toLowerCase()),
      });
      try {
        checkEditor({ userId: p.user.userId, role: p.user.role }, account ?? null, role);
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push(refusalText(e, p.lang));
      }
    }
    const existing = await deps.db.select({ id: employees.id }).from(employees)
      .where(eq(employees.personnelNumber, fields.personnel_number.trim())).limit(1);
    if (existing.length) errors.push(fill(p.t.takenNumber, { number: fields.personnel_number.trim() }));
    if (errors.length) return await peoplePage(deps, c, p, { errors, form: shown, status: 400 });
    const saved = await saveEmployeeRecords(deps, [{ line: 1, fields }]);
    if (!saved.ok) {
      return await peoplePage(deps, c, p, {
        errors: formProblems(saved.errors, p.lang),
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
  });

  app.post("/hr/people/invite", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", peoplePage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const pn = form.get("personnel_number") ?? "";
    const [e] = await deps.db.select({ email: employees.workEmail }).from(employees)
      .where(eq(employees.personnelNumber, pn)).limit(1);
    if (!e?.email) return await peoplePage(deps, c, p, { errors: [p.t.noEmail], status: 400 });
    try {
      await invite(deps, {
        email: e.email,
        employee: pn,
        role: "employee",
        by: { userId: p.user.userId, role: p.user.role },
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return await peoplePage(deps, c, p, { errors: [refusalText(err, p.lang)], status: 400 });
    }
    return await peoplePage(deps, c, p, { flash: fill(p.t.invited, { email: e.email }) });
  });

  app.post("/hr/people/import", async (c) => {
    const posted = await hrForm(deps, c, "/hr/people", peoplePage);
    if (posted instanceof Response) return posted;
    const { p, files } = posted;
    const file = files.get("file");
    if (!file || !file.size) return await peoplePage(deps, c, p, { errors: [p.t.noFile], status: 400 });
    const result = await importEmployees(deps, new Uint8Array(await file.arrayBuffer()));
    if (!result.ok) return await peoplePage(deps, c, p, { errors: result.errors, status: 400 });
    return await peoplePage(deps, c, p, {
      flash: fill(p.t.imported, { created: String(result.created), updated: String(result.updated) }),
    });
  });

  app.post("/hr/calendar/school-holidays", async (c) => {
    const posted = await hrForm(deps, c, "/hr/calendar", calendarPage);
    if (posted instanceof Response) return posted;
    const { p, form, files } = posted;
    const canton = (form.get("canton") ?? "").slice(0, 10);
    const file = files.get("file");
    if (!file || !file.size) {
      return await calendarPage(deps, c, p, { errors: [p.t.noFile], status: 400, form: { canton } });
    }
    const result = await importSchoolHolidays(deps, canton, await file.text());
    if (!result.ok) {
      return await calendarPage(deps, c, p, { errors: result.errors, status: 400, form: { canton } });
    }
    return await calendarPage(deps, c, p, {
      flash: fill(p.t.schoolImported, {
        canton,
        created: String(result.created),
        unchanged: String(result.unchanged),
      }),
    });
  });

  app.get("/hr/calendar", async (c) => {
    const p = await hrPage(deps, c, "/hr/calendar");
    if (p instanceof Response) return p;
    return await calendarPage(deps, c, p);
  });

  app.post("/hr/calendar", async (c) => {
    const posted = await hrForm(deps, c, "/hr/calendar", calendarPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const sent = {
      name: (form.get("name") ?? "").slice(0, 200),
      from: (form.get("from") ?? "").slice(0, 20),
      to: (form.get("to") ?? "").slice(0, 20),
      deducts: form.get("deducts") === "yes" ? "yes" : "no",
    };
    try {
      const row = await addClosure(deps, {
        from: sent.from,
        to: sent.to,
        name: { de: sent.name },
        deductsLeave: sent.deducts === "yes",
      }, { confirmed: form.get("recalculate") === "yes" });
      const added = fill(p.t.closureAdded, { name: row.nameDe });
      const again = row.recalculated.length
        ? ` ${fill(closureTexts(p.lang).recalculated, { list: requestList(p.lang, row.recalculated) })}`
        : "";
      return await calendarPage(deps, c, p, { flash: added + again });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      return await calendarPage(deps, c, p, {
        errors: [e instanceof RecalculationNeeded ? closureRefusal(e, p.lang) : e.message],
        status: e.code === "conflict" ? 409 : 400,
        form: sent,
      });
    }
  });

  app.post("/hr/calendar/work-through", async (c) => {
    const posted = await hrForm(deps, c, "/hr/calendar", calendarPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const sent = {
      personnel_number: (form.get("personnel_number") ?? "").slice(0, 40),
      date: (form.get("date") ?? "").slice(0, 20),
    };
    try {
      await approveWorkThrough(deps, {
        personnelNumber: sent.personnel_number,
        date: sent.date,
        approvedByUserId: p.user.userId,
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const status = e.code === "conflict" ? 409 : e.code === "not_found" ? 404 : 400;
      return await calendarPage(deps, c, p, { errors: [e.message], status, form: sent });
    }
    return await calendarPage(deps, c, p, {
      flash: fill(p.t.workThroughSaved, {
        number: sent.personnel_number,
        date: swissDate(sent.date, p.lang),
      }),
    });
  });

  app.get("/hr/pay", async (c) => {
    const p = await hrPage(deps, c, "/hr/pay");
    if (p instanceof Response) return p;
    return await payPage(deps, c, p);
  });

  app.post("/hr/pay", async (c) => {
    const posted = await hrForm(deps, c, "/hr/pay", payPage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const sent = {
      personnel_number: (form.get("personnel_number") ?? "").slice(0, 40),
      valid_from: (form.get("valid_from") ?? "").slice(0, 20),
      annual_salary: (form.get("annual_salary") ?? "").slice(0, 20),
      payments: (form.get("payments") ?? "13").slice(0, 3),
      reason: (form.get("reason") ?? "").slice(0, 200),
    };
    try {
      await addCompensation(deps, {
        personnelNumber: sent.personnel_number,
        validFrom: sent.valid_from,
        annualSalary: sent.annual_salary.trim() === "" ? NaN : Number(sent.annual_salary),
        payments: Number(sent.payments),
        reason: sent.reason || undefined,
      });
      return await payPage(deps, c, p, {
        flash: fill(p.t.salarySaved, {
          number: sent.personnel_number,
          date: swissDate(sent.valid_from, p.lang),
        }),
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const status = e.code === "conflict" ? 409 : e.code === "not_found" ? 404 : 400;
      return await payPage(deps, c, p, { errors: [e.message], status, form: sent });
    }
  });

  app.post("/hr/pay/payslips", async (c) => {
    const posted = await hrForm(deps, c, "/hr/pay", payPage);
    if (posted instanceof Response) return posted;
    const { p, form, files } = posted;
    const sent = {
      personnel_number: (form.get("personnel_number") ?? "").slice(0, 40),
      period: (form.get("period") ?? "").slice(0, 20),
      payment_date: (form.get("payment_date") ?? "").slice(0, 20),
      gross: (form.get("gross") ?? "").slice(0, 20),
      net: (form.get("net") ?? "").slice(0, 20),
      label: (form.get("label") ?? "").slice(0, 200),
    };
    const file = files.get("file");
    const result = await importPayslips(deps, [{
      line: 1,
      personnelNumber: sent.personnel_number,
      period: sent.period,
      paymentDate: sent.payment_date,
      label: sent.label,
      gross: sent.gross,
      net: sent.net,
      currency: "CHF",
      fileName: file?.name || "file",
      bytes: file && file.size ? new Uint8Array(await file.arrayBuffer()) : null,
    }]);
    if (!result.ok) {
      const status = result.errors.some((e) => /already has the payslip/.test(e)) ? 409 : 400;
      return await payPage(deps, c, p, { errors: formProblems(result.errors), status, form: sent });
    }
    return await payPage(deps, c, p, {
      flash: fill(p.t.payslipSaved, {
        label: sent.label.trim() || defaultLabel(sent.period),
        number: sent.personnel_number,
      }),
    });
  });

  app.post("/hr/pay/payslips/bulk", async (c) => {
    const posted = await hrForm(deps, c, "/hr/pay", payPage);
    if (posted instanceof Response) return posted;
    const { p, files, fileLists } = posted;
    const manifest = files.get("manifest");
    const pdfs = (fileLists.get("files") ?? []).filter((f) => f.size > 0 || f.name);
    const filesSent = [manifest?.name, ...pdfs.map((f) => f.name)].filter((n): n is string => !!n);
    // Browsers send a file's name without its folder; a manifest's `file` may name one (payroll's export).
    const base = (name: string) => name.split(/[\\/]/).pop()!;
    const byName = new Map<string, File>();
    const twice: string[] = [];
    for (const f of pdfs) {
      if (byName.has(base(f.name))) twice.push(`the file ${base(f.name)} was uploaded twice`);
      byName.set(base(f.name), f);
    }
    const named = new Set<string>();
    const result = manifest && manifest.size
      ? await importManifest(
        deps,
        new Uint8Array(await manifest.arrayBuffer()),
        async (name) => {
          named.add(base(name));
          const f = byName.get(base(name));
          if (!f) return { bytes: null, problem: `the file ${name} was not uploaded with the manifest` };
          if (f.size > MAX_PAYSLIP_BYTES) {
            return { bytes: null, problem: `${name} is larger than ${MAX_PAYSLIP_BYTES / 1024 / 1024} MB` };
          }
          return { bytes: new Uint8Array(await f.arrayBuffer()) };
        },
        () => [
          ...twice,
          ...[...byName.keys()].filter((n) => !named.has(n)).map((n) =>
            `the uploaded file ${n} is named on no line of the manifest`
          ),
        ],
      )
      : { ok: false as const, errors: ["a manifest (CSV) is required"] };
    if (!result.ok) {
      const status = result.errors.some((e) => /already has the payslip/.test(e)) ? 409 : 400;
      return await payPage(deps, c, p, { errors: result.errors, status, filesSent });
    }
    return await payPage(deps, c, p, { flash: fill(p.t.bulkSaved, { count: result.created }) });
  });

  app.get("/hr/leave", async (c) => {
    const p = await hrPage(deps, c, "/hr/leave");
    if (p instanceof Response) return p;
    return await leavePage(deps, c, p);
  });

  app.post("/hr/leave", async (c) => {
    const posted = await hrForm(deps, c, "/hr/leave", leavePage);
    if (posted instanceof Response) return posted;
    const { p, form } = posted;
    const code = form.get("code") ?? "";
    const errors: string[] = [];
    const base = Number(form.get("base_days"));
    const steps = [];
    for (const line of (form.get("steps") ?? "").split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
      try {
        steps.push(parseStepText(line));
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push(e.message);
      }
    }
    if (!errors.length) {
      try {
        await setLeavePolicy(deps.db, code, {
          baseDays: base,
          steps,
          allowHalfDays: form.get("half_days") === "yes",
        });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        errors.push(e.message);
      }
    }
    if (errors.length) {
      const sent = {
        base: (form.get("base_days") ?? "").slice(0, 20),
        steps: (form.get("steps") ?? "").slice(0, 2000),
        halfDays: form.get("half_days") === "yes",
      };
      return await leavePage(deps, c, p, { errors, status: 400, form: sent });
    }
    return await leavePage(deps, c, p, { flash: fill(p.t.policySaved, { type: code }) });
  });
}
