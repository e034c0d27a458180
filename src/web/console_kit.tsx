/** @jsxImportSource hono/jsx */
/**
 * What every page of the HR console shares, so each page file holds only its own content: who may use the
 * console and the anti-CSRF token derived from the session, the posted form (fields and files), the page
 * frame (navigation with the sign-out form, heading, the outcome of the last action and its problems), form
 * rows, tables that fit a phone, a stored file as a download, and the status a service's refusal answers with.
 * The pages that edit one entry of the configuration file (a list, an entry's page, a save whose problems are
 * shown on the form as typed) are made here from what each page declares (`entryPages`). The console
 * reads and writes only through services and the configuration file's own code; nothing here touches the
 * database.
 */
import type { Context, Handler } from "hono";
import type { Child } from "hono/jsx";
import { getCookie } from "hono/cookie";
import { getContext } from "hono/context-storage";
import type { AppDeps } from "../deps.ts";
import { CANTON_CODES } from "../domain/calendar.ts";
import { safeEqual, sha256Hex } from "../crypto.ts";
import { isLang, type Lang, LANGS } from "../i18n/mod.ts";
import { consoleCommonTexts, recordProblemText, refusalText } from "./console_common.ts";
import { WEB_MESSAGES } from "../i18n/web.ts";
import { type ConsoleTexts, consoleTexts } from "../i18n/console.ts";
import { SESSION_COOKIE } from "../signin/sessions.ts";
import type { AuthUser } from "../signin/sessions.ts";
import { pageUser } from "../signin/stepup.ts";
import { AppError } from "../errors.ts";
import { applySections, readSection } from "../org_config/mod.ts";
import type { PersonName } from "../services/hr_console.ts";
import type { RefusedRecords } from "../services/employee_records.ts";
import { Layout, setPageHeaders } from "./layout.tsx";

/** Roles that may use the console. */
const CONSOLE_ROLES: ReadonlySet<string> = new Set(["hr", "admin"]);

/** The cantons every canton field of the console offers, in the order of their codes. */

/** The signed-in HR person a console page is rendered for: who, in which language, with the page's token. */
export interface Page {
  user: AuthUser;
  lang: Lang;
  t: ConsoleTexts;
  csrf: string;
}

/** What a page shows after an action: the outcome, the problems, the status and the form as typed. */
export interface PageOpts<S extends number = number, F = Record<string, string>> {
  flash?: string;
  errors?: string[];
  status?: S;
  form?: F;
}

/** The token a console form carries: derived from the session, so another site can neither read nor make it. */
async function consoleCsrf(c: Context): Promise<string> {
  return await sha256Hex(`hr-console-csrf:${getCookie(c, SESSION_COOKIE) ?? ""}`);
}

/** A posted form's fields, and its files when it was sent as multipart/form-data (a file upload). */
export interface PostedForm {
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

/** The request's sign-out form data, set by `hrPage`: every page's navigation carries the form. */
export const SIGN_OUT = "hrConsoleSignOut";
type SignOutEnv = { Variables: { [SIGN_OUT]: { csrf: string; label: string } } };

function signOutForm(): { csrf: string; label: string } | undefined {
  try {
    return getContext<SignOutEnv>().get(SIGN_OUT);
  } catch {
    return undefined; // rendered outside a console request
  }
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

/** A page that renders a refused form again: the token check's 403 shows it with the problem on top. */
export type RefusalPage = (
  deps: AppDeps,
  c: Context,
  p: Page,
  opts: { errors: string[]; status: 403 },
) => Promise<Response>;

/**
 * A console form sent by HR: the person and the form, or the response that refuses it (the page again, 403,
 * when the anti-CSRF token is not the page's).
 */
export async function hrForm(
  deps: AppDeps,
  c: Context,
  back: string,
  page: RefusalPage,
): Promise<({ p: Page } & PostedForm) | Response> {
  const p = await hrPage(deps, c, back);
  if (p instanceof Response) return p;
  const posted = await readForm(c);
  if (!safeEqual(posted.form.get("csrf") ?? "", p.csrf)) {
    return await page(deps, c, p, { errors: [WEB_MESSAGES[p.lang].errorSessionForm], status: 403 });
  }
  return { p, ...posted };
}

/** A GET route's handler: the page for HR, the sign-in (back to `back`) or the refusal for anyone else. */
export function consoleGet(
  deps: AppDeps,
  back: string,
  render: (c: Context, p: Page) => Response | Promise<Response>,
): Handler {
  return async (c) => {
    const p = await hrPage(deps, c, back);
    if (p instanceof Response) return p;
    return await render(c, p);
  };
}

/** A POST route's handler: `act` runs only for HR with the page's token; `page` answers a refused token. */
export function consolePost(
  deps: AppDeps,
  back: string,
  page: RefusalPage,
  act: (c: Context, posted: { p: Page } & PostedForm) => Promise<Response>,
): Handler {
  return async (c) => {
    const posted = await hrForm(deps, c, back, page);
    if (posted instanceof Response) return posted;
    return await act(c, posted);
  };
}

/**
 * A POST route's handler for a form sent on one entry (the path's `:id`): `act` runs only for HR with the
 * page's token; a refused token shows `page` of that entry (its own page, or its deletion's) with the problem.
 */
export function consolePostOn<O>(
  deps: AppDeps,
  back: string,
  page: (
    deps: AppDeps,
    c: Context,
    p: Page,
    id: string,
    opts: O & { errors: string[]; status: 403 },
  ) => Promise<Response>,
  act: (c: Context, id: string, posted: { p: Page } & PostedForm) => Promise<Response>,
): Handler {
  return async (c) => {
    const id = param(c, "id");
    const posted = await hrForm(deps, c, back, (d, c2, p2, o) => page(d, c2, p2, id, o as O & typeof o));
    if (posted instanceof Response) return posted;
    return await act(c, id, posted);
  };
}

/** A path parameter of the route (`:id`); the route only matches with it, so it is never missing. */
export function param(c: Context, name: string): string {
  return c.req.param(name) ?? "";
}

/** A form field as sent, cut to `max` characters (trimmed first with `trim`); empty when it was not sent. */
export function formText(form: URLSearchParams, name: string, max: number, trim = false): string {
  const v = form.get(name) ?? "";
  return (trim ? v.trim() : v).slice(0, max);
}

/**
 * A text of several lines as sent, its line ends `\n` whatever the browser sent (`\r\n`), cut to `max`
 * characters (trimmed first with `trim`), so what is stored and compared does not depend on the browser.
 */
export function formLines(form: URLSearchParams, name: string, max: number, trim = false): string {
  const v = (form.get(name) ?? "").replaceAll("\r\n", "\n");
  return (trim ? v.trim() : v).slice(0, max);
}

/** A checkbox as sent: `yes` when ticked, else `no` (an unticked box sends nothing). */
export function formYes(form: URLSearchParams, name: string): "yes" | "no" {
  return form.get(name) === "yes" ? "yes" : "no";
}

/**
 * A number field as typed: a number when it is one, else the text, so the configuration file's check names
 * the field rather than the form guessing a number.
 */
export function numberOrText(v: string): number | string {
  const t = v.trim();
  return t !== "" && Number.isFinite(Number(t)) ? Number(t) : t;
}

/**
 * The status a service's refusal answers with on a page: its own when the page knows it (`allowed`), else
 * 400. Anything that is not a refusal is a fault and is thrown on.
 */
export function refusalStatus<S extends number>(e: unknown, allowed: readonly S[]): S | 400 {
  if (!(e instanceof AppError)) throw e;
  const status = e.status as S;
  return allowed.includes(status) ? status : 400;
}

/**
 * A service's refusal as a page shows it: its text in the reader's language on top, at its own status when
 * the page knows it (`refusalStatus`). Anything that is not a refusal is a fault and is thrown on.
 */
export function refusalShown<S extends number>(
  e: unknown,
  lang: Lang,
  allowed: readonly S[],
): { errors: string[]; status: S | 400 } {
  const status = refusalStatus(e, allowed);
  return { errors: [refusalText(e as AppError, lang)], status };
}

/** The problems of a refused line of a file, without the line number a file would need. */
export function formProblems(errors: string[]): string[] {
  return errors.map((e) => e.replace(/^line \d+: /, ""));
}

/** The problems of a record a console form saved (`saveEmployeeRecords`), in the reader's language. */
export function recordFormProblems(refused: RefusedRecords, lang: Lang): string[] {
  // A form's record has no file around it: every problem is one of the record's own.
  return refused.problems.length
    ? refused.problems.map((p) => recordProblemText(p, lang))
    : formProblems(refused.errors);
}

/**
 * The problems of a configuration entry a console form saved through `applySections`, each named by its field:
 * the file's path without the entry's own (`documents[0].translations.fr.title` reads `translations.fr.title`).
 */
export function entryProblems(problems: { path: string; message: string }[], entry: string): string[] {
  return problems.map((x) => {
    const path = x.path.startsWith(entry) ? x.path.slice(entry.length).replace(/^\./, "") : x.path;
    return `${path}: ${x.message}`;
  });
}

/** Where a console page sits in the navigation. */
export type NavHere =
  | "organisation"
  | "people"
  | "leave"
  | "leaveOverview"
  | "calendar"
  | "pay"
  | "documents"
  | "recruiting"
  | "inbox";

const NAV: [NavHere, string, keyof ConsoleTexts][] = [
  ["organisation", "/hr/organisation", "navOrganisation"],
  ["people", "/hr/people", "navPeople"],
  ["leave", "/hr/leave", "navLeave"],
  ["leaveOverview", "/hr/leave/overview", "navLeaveOverview"],
  ["calendar", "/hr/calendar", "navCalendar"],
  ["pay", "/hr/pay", "navPay"],
  ["documents", "/hr/documents", "navDocuments"],
  ["recruiting", "/hr/recruiting", "navRecruiting"],
  ["inbox", "/hr/inbox", "navInbox"],
];

/** The console's navigation, the current page marked, with the sign-out form. */
export function Nav(props: { t: ConsoleTexts; here: NavHere }) {
  return (
    <nav aria-label={props.t.nav}>
      {NAV.map(([here, href, label], i) => (
        <>
          {i ? " · " : null}
          <a href={href} aria-current={props.here === here ? "page" : undefined}>
            {props.t[label] as string}
          </a>
        </>
      ))}
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

/** The problems of the last action at the top of the page, announced by screen readers. */
export function Problems(props: { t: ConsoleTexts; errors: string[] }) {
  if (!props.errors.length) return null;
  return (
    <div class="alert" role="alert" aria-labelledby="problems">
      <h2 id="problems">{props.t.problems}</h2>
      <ul>{props.errors.map((e) => <li key={e}>{e}</li>)}</ul>
    </div>
  );
}

/**
 * A console page's frame: the layout, the navigation, a link back (`back`: address and text), the heading
 * (`heading`, else the title), a standing note, the outcome of the last action and its problems, then the
 * page's own content.
 */
export function ConsolePage(props: {
  p: Page;
  title: string;
  here: NavHere;
  heading?: string;
  back?: [string, string];
  note?: string;
  flash?: string;
  errors?: string[];
  children?: Child;
}) {
  const { p } = props;
  return (
    <Layout lang={p.lang} m={WEB_MESSAGES[p.lang]} title={props.title} wide>
      <Nav t={p.t} here={props.here} />
      {props.back
        ? (
          <p>
            <a href={props.back[0]}>{props.back[1]}</a>
          </p>
        )
        : null}
      <h1>{props.heading ?? props.title}</h1>
      {props.note ? <p class="note">{props.note}</p> : null}
      {props.flash ? <p class="note" role="status">{props.flash}</p> : null}
      <Problems t={p.t} errors={props.errors ?? []} />
      {props.children}
    </Layout>
  );
}

/** Sends a console page with the console's headers (no framing, no caching of personal data). */
export function render(c: Context, page: Child, status = 200): Response {
  setPageHeaders(c);
  // deno-lint-ignore no-explicit-any
  return c.html(page as any, status as any) as Response;
}

/** A page that says what was asked for does not exist (404), with an optional way back. */
export function notFoundPage(
  c: Context,
  p: Page,
  frame: { title: string; here: NavHere; message: string; back?: [string, string] },
): Response {
  return render(
    c,
    <ConsolePage p={p} title={frame.title} here={frame.here}>
      <p class="alert" role="alert">{frame.message}</p>
      {frame.back
        ? (
          <p>
            <a href={frame.back[0]}>{frame.back[1]}</a>
          </p>
        )
        : null}
    </ConsolePage>,
    404,
  );
}

/** The hidden field with the page's anti-CSRF token that every console form carries. */
export function Csrf(props: { p: Page }) {
  return <input type="hidden" name="csrf" value={props.p.csrf} />;
}

/** A form that posts to the console with the page's token; `upload` sends files (multipart). */
export function PostForm(
  props: { p: Page; action: string; upload?: boolean; inline?: boolean; children?: Child },
) {
  return (
    <form
      method="post"
      action={props.action}
      enctype={props.upload ? "multipart/form-data" : undefined}
      class={props.inline ? "inline" : undefined}
    >
      <Csrf p={props.p} />
      {props.children}
    </form>
  );
}

/**
 * A form of one button that acts on one row of a list (invite, accept, mark done): the button's accessible
 * name says which row (`about`), since every row's button reads the same; `fields` are the row's hidden fields.
 */
export function RowAction(props: {
  p: Page;
  action: string;
  label: string;
  about: string;
  fields?: Record<string, string>;
  inline?: boolean;
}) {
  return (
    <PostForm p={props.p} action={props.action} inline={props.inline}>
      {Object.entries(props.fields ?? {}).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <button type="submit" class="secondary" aria-label={`${props.label}: ${props.about}`}>
        {props.label}
      </button>
    </PostForm>
  );
}

/** A hint under a field, which the field names in its `aria-describedby`. */
export function Hint(props: { id: string; children?: Child }) {
  return <p id={props.id} class="muted">{props.children}</p>;
}

/**
 * A form row: the label and its input, and with `hint` the hint under it, which the input names (`<id>-hint`,
 * or `describedBy` when the input is described by something else).
 */
export function Field(props: {
  id: string;
  label: string;
  name: string;
  type: "text" | "email" | "tel" | "date" | "month" | "number" | "file";
  hint?: string;
  describedBy?: string;
  required?: boolean;
  minlength?: number;
  maxlength?: number;
  min?: number;
  max?: number;
  step?: string;
  pattern?: string;
  accept?: string;
  multiple?: boolean;
  lang?: string;
  value?: string;
}) {
  const describedBy = props.describedBy ?? (props.hint ? `${props.id}-hint` : undefined);
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type={props.type}
        accept={props.accept}
        multiple={props.multiple}
        required={props.required}
        minlength={props.minlength}
        maxlength={props.maxlength}
        min={props.min}
        max={props.max}
        step={props.step}
        pattern={props.pattern}
        lang={props.lang}
        aria-describedby={describedBy}
        value={props.value}
      />
      {props.hint ? <Hint id={`${props.id}-hint`}>{props.hint}</Hint> : null}
    </>
  );
}

/** A workload in percent (1 to 100) with its label. */
export function PercentField(
  props: { id: string; label: string; name: string; required?: boolean; value: string | undefined },
) {
  return <Field {...props} type="number" min={1} max={100} />;
}

/** A text of several lines with its label; `describedBy` names the hint that explains what it takes. */
export function TextArea(props: {
  id: string;
  label: string;
  name: string;
  rows: number;
  maxlength?: number;
  required?: boolean;
  lang?: string;
  describedBy?: string;
  value: string | undefined;
}) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        name={props.name}
        rows={props.rows}
        maxlength={props.maxlength}
        required={props.required}
        lang={props.lang}
        aria-describedby={props.describedBy}
      >
        {props.value ?? ""}
      </textarea>
    </>
  );
}

/** A checkbox with its label beside it. */
export function Check(
  props: { id: string; label: string; name: string; value?: string; checked: boolean; describedBy?: string },
) {
  return (
    <div class="scope">
      <input
        id={props.id}
        type="checkbox"
        name={props.name}
        value={props.value ?? "yes"}
        checked={props.checked}
        aria-describedby={props.describedBy}
      />
      <label for={props.id}>{props.label}</label>
    </div>
  );
}

/** A person's first and last name, as the new-person form and the person page both ask for them. */
export function NameFields(props: { p: Page; first?: string; last?: string }) {
  const { t } = props.p;
  return (
    <>
      <Field
        id="first"
        label={t.firstName}
        name="first_name"
        type="text"
        required
        maxlength={100}
        value={props.first}
      />
      <Field
        id="last"
        label={t.lastName}
        name="last_name"
        type="text"
        required
        maxlength={100}
        value={props.last}
      />
    </>
  );
}

/**
 * A choice of one canton (`canton`), `value` selected; with `none` a first choice of no canton, shown by that
 * text. The id is `canton` unless the page has several such fields.
 */
export function CantonSelect(props: {
  id?: string;
  label: string;
  value: string | undefined;
  describedBy?: string;
  none?: string;
}) {
  const id = props.id ?? "canton";
  return (
    <>
      <label for={id}>{props.label}</label>
      <select id={id} name="canton" aria-describedby={props.describedBy}>
        {props.none === undefined ? null : <option value="" selected={!props.value}>{props.none}</option>}
        <CantonOptions value={props.value} />
      </select>
    </>
  );
}

/**
 * A person's start, birth date and workload, as the new-person form and the person page both ask for them;
 * `end` (the person page's last working day) stands between the start and the birth date.
 */
export function EmploymentFields(
  props: {
    t: ConsoleTexts;
    f: Record<string, string | undefined>;
    workload: string | undefined;
    end?: Child;
  },
) {
  const { t, f } = props;
  return (
    <>
      <Field
        id="start"
        label={t.start}
        name="employment_start"
        type="date"
        required
        value={f.employment_start}
      />
      {props.end}
      <Field id="birth" label={t.birthDate} name="birth_date" type="date" value={f.birth_date} />
      <PercentField id="workload" label={t.workload} name="workload_percent" value={props.workload} />
    </>
  );
}

/** The language a person reads, with the console's hint that their invitation and account speak it. */
export function LanguageSelect(props: { lang: Lang; value: string }) {
  const ct = consoleCommonTexts(props.lang);
  return (
    <>
      <label for="language">{ct.language}</label>
      <select id="language" name="language" aria-describedby="language-hint">
        {LANGS.map((l) => (
          <option value={l} selected={(props.value || "de") === l}>{ct.languageNames[l]}</option>
        ))}
      </select>
      <Hint id="language-hint">{ct.languageHint}</Hint>
    </>
  );
}

/** The cantons as options, `value` selected. */
export function CantonOptions(props: { value: string | undefined }) {
  return <>{CANTON_CODES.map((k) => <option key={k} value={k} selected={props.value === k}>{k}</option>)}</>;
}

/** The working weekdays as checkboxes named `name`, those in `days` ticked (ids `<prefix>1`…`<prefix>7`). */
export function WeekdayBoxes(props: { t: ConsoleTexts; name: string; prefix: string; days: string[] }) {
  return (
    <fieldset>
      <legend>{props.t.weekdays}</legend>
      {props.t.weekdayNames.map((day, i) => (
        <div class="scope">
          <input
            id={`${props.prefix}${i + 1}`}
            type="checkbox"
            name={props.name}
            value={String(i + 1)}
            checked={props.days.includes(String(i + 1))}
          />
          <label for={`${props.prefix}${i + 1}`}>{day}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** A choice of one person (`personnel_number`), "last first (number)", `value` selected. */
export function PersonSelect(
  props: { id: string; label: string; people: PersonName[]; value: string | undefined },
) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <select id={props.id} name="personnel_number">
        <PersonOptions people={props.people} value={props.value} />
      </select>
    </>
  );
}

/** The people as options, "last first (number)", `value` selected. */
export function PersonOptions(props: { people: PersonName[]; value: string | undefined }) {
  return (
    <>
      {props.people.map((e) => (
        <option value={e.pn} selected={props.value === e.pn}>{`${e.last} ${e.first} (${e.pn})`}</option>
      ))}
    </>
  );
}

/**
 * A table with its column headings. With `scroll` it scrolls in its own box on a narrow screen (the box is a
 * labelled region that takes the focus, so a keyboard scrolls it too); otherwise the layout lets it scroll.
 */
export function Table(
  props: {
    cols: string[];
    labelledBy?: string;
    label?: string;
    caption?: Child;
    scroll?: boolean;
    children?: Child;
  },
) {
  const table = (
    <table aria-label={props.label} aria-labelledby={props.scroll ? undefined : props.labelledBy}>
      {props.caption ?? null}
      <thead>
        <tr>
          {props.cols.map((col) => <th key={col} scope="col">{col}</th>)}
        </tr>
      </thead>
      <tbody>{props.children}</tbody>
    </table>
  );
  return props.scroll
    ? (
      <div
        class="scroll"
        role="region"
        aria-labelledby={props.labelledBy}
        aria-label={props.labelledBy ? undefined : props.label}
        tabindex={0}
      >
        {table}
      </div>
    )
    : table;
}

/** A stored file as a download that nothing caches and no browser renders in the page. */
export function download(
  c: Context,
  f: { fileName: string; contentType: string; bytes: Uint8Array<ArrayBuffer> },
): Response {
  return c.body(f.bytes, 200, {
    "Content-Type": f.contentType,
    "Content-Disposition": `attachment; filename="${f.fileName.replace(/[^\w.\- ]/g, "_")}"`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  });
}

/**
 * The field that names a new entry (its code or identifier), with its hint; on an existing entry's page it is
 * hidden, since the name is what the entry is found by and a changed one would be another entry.
 */
export function KeyField(props: {
  existing: boolean;
  name: string;
  label: string;
  hint: string;
  maxlength: number;
  pattern: string;
  value: string | undefined;
}) {
  if (props.existing) return <input type="hidden" name={props.name} value={props.value} />;
  return (
    <Field
      id={props.name}
      label={props.label}
      name={props.name}
      type="text"
      required
      maxlength={props.maxlength}
      pattern={props.pattern}
      hint={props.hint}
      value={props.value}
    />
  );
}

/** An entry's name in each of `langs` (fields `name_<lang>`, each marked as written in its language). */
export function NameFieldset(props: {
  legend: string;
  langs: readonly Lang[];
  languageNames: Record<Lang, string>;
  required: (lang: Lang) => boolean;
  f: Record<string, string>;
}) {
  return (
    <fieldset>
      <legend>{props.legend}</legend>
      {props.langs.map((lang) => (
        <Field
          id={`name-${lang}`}
          label={props.languageNames[lang]}
          name={`name_${lang}`}
          type="text"
          maxlength={100}
          required={props.required(lang)}
          lang={lang}
          value={props.f[`name_${lang}`]}
        />
      ))}
    </fieldset>
  );
}

/**
 * A choice of fixed values, each shown by its name; `value` selected, `dflt` when nothing was chosen yet
 * (without one, none is marked and the browser shows the first).
 */
export function Choice<K extends string>(props: {
  id: string;
  label: string;
  name: string;
  options: readonly K[];
  names: Record<K, string>;
  value: string | undefined;
  dflt?: K;
}) {
  return (
    <>
      <label for={props.id}>{props.label}</label>
      <select id={props.id} name={props.name}>
        {props.options.map((o) => (
          <option value={o} selected={(props.value ?? props.dflt) === o}>{props.names[o]}</option>
        ))}
      </select>
    </>
  );
}

/** A form's fields by name: as typed, or as an entry of the configuration file stands. */
export type EntryForm = Record<string, string>;

/** The statuses an entry page answers with: shown, refused (400), the token refused (403), unknown (404). */
type EntryStatus = 200 | 400 | 403 | 404;

/**
 * What a console page that edits the entries of one section of the configuration file declares; from it
 * `entryPages` makes the list (the page's own content, then the form for a new entry), an entry's page
 * (its form filled in; 404 for an unknown one) and the save. A save is the entry checked and applied by
 * `org apply`'s own code (`applySections`), so what the console makes exports and applies unchanged; a refused
 * save shows its problems above the form as typed, on the page it was sent from.
 */
export interface EntryPages<E, T> {
  /** The configuration file's section (`documents`, `leaveTypes`, `stages`). */
  section: string;
  /** The list's address: the form posts to it, and an entry's page is `<base>/<key>`. */
  base: string;
  here: NavHere;
  /** The form field that names an entry, and the parameter of an entry page's route (`/:<keyField>`). */
  keyField: string;
  /** The page's texts in the reader's language. */
  texts: (lang: Lang) => T;
  keyOf: (e: E) => string;
  list: {
    title: (t: T) => string;
    /** Where the list sits, linked above its heading. */
    back?: (p: Page) => [string, string];
    /** The page's own content above the form for a new entry: its introduction and the entries' table. */
    content: (p: Page, t: T, entries: E[]) => Child;
    /** The heading of the form for a new entry. */
    newEntry: (t: T) => string;
  };
  entry: {
    /** An entry's page title and, when the heading says more, its heading. */
    title: (p: Page, t: T, e: E) => { title: string; heading?: string };
    /** The text of the link from an entry's page back to the list. */
    back: (t: T) => string;
    /** What the page says for an unknown entry. */
    unknown: (t: T) => string;
  };
  /** The form for a new entry (`existing` false) or for one that exists. */
  form: (props: { p: Page; t: T; f: EntryForm; existing: boolean }) => Child;
  /** An entry's fields as the form shows them. */
  formOf: (e: E) => EntryForm;
  /** The form as sent, cut to its fields' lengths: shown again as typed when the save is refused. */
  sent: (form: URLSearchParams) => EntryForm;
  /** The configuration file's entry of the form as sent; `current` is the entry it changes, if any. */
  entryOf: (f: EntryForm, current: E | undefined) => unknown;
  /** The outcome of a save, shown on the entry's page. */
  saved: (t: T, key: string) => string;
  /** With a preview button (`action=preview`): what was typed is shown again, nothing saved. */
  preview?: boolean;
}

/**
 * The handlers of `spec`'s pages: the list (`GET base`), an entry's page (`GET base/:<keyField>`) and the save
 * (`POST base`). The page mounts them on its routes, so each page file still names the addresses it serves.
 */
export function entryPages<E, T>(
  deps: AppDeps,
  spec: EntryPages<E, T>,
): { list: Handler; entry: Handler; save: Handler } {
  const entries = async () => await readSection(deps, spec.section) as E[];

  const listPage = async (_: AppDeps, c: Context, p: Page, opts: PageOpts<EntryStatus> = {}) => {
    const t = spec.texts(p.lang);
    const all = await entries();
    return render(
      c,
      <ConsolePage
        p={p}
        title={spec.list.title(t)}
        here={spec.here}
        back={spec.list.back?.(p)}
        flash={opts.flash}
        errors={opts.errors}
      >
        {spec.list.content(p, t, all)}
        <h2>{spec.list.newEntry(t)}</h2>
        {spec.form({ p, t, f: opts.form ?? {}, existing: false })}
      </ConsolePage>,
      opts.status ?? 200,
    );
  };

  const entryPage = async (c: Context, p: Page, key: string, opts: PageOpts<EntryStatus> = {}) => {
    const t = spec.texts(p.lang);
    const e = (await entries()).find((x) => spec.keyOf(x) === key);
    if (!e) {
      return notFoundPage(c, p, {
        title: spec.list.title(t),
        here: spec.here,
        message: spec.entry.unknown(t),
      });
    }
    const { title, heading } = spec.entry.title(p, t, e);
    return render(
      c,
      <ConsolePage
        p={p}
        title={title}
        here={spec.here}
        back={[spec.base, spec.entry.back(t)]}
        heading={heading}
        flash={opts.flash}
        errors={opts.errors}
      >
        {spec.form({ p, t, f: opts.form ?? spec.formOf(e), existing: true })}
      </ConsolePage>,
      opts.status ?? 200,
    );
  };

  return {
    list: consoleGet(deps, spec.base, (c, p) => listPage(deps, c, p)),
    entry: consoleGet(deps, spec.base, (c, p) => entryPage(c, p, param(c, spec.keyField))),
    save: consolePost(deps, spec.base, listPage, async (c, { p, form }) => {
      const f = spec.sent(form);
      const key = f[spec.keyField];
      const current = (await entries()).find((x) => spec.keyOf(x) === key);
      // Shown again where it was sent from: an existing entry's page, else the list with the new-entry form.
      const again = (o: PageOpts<EntryStatus>) => current ? entryPage(c, p, key, o) : listPage(deps, c, p, o);
      if (spec.preview && form.get("action") === "preview") return await again({ form: f });
      const result = await applySections(deps, { [spec.section]: [spec.entryOf(f, current)] });
      if (!result.ok) {
        // The file's paths read `<section>[0].name.de`; the form has one entry, named without its place.
        const errors = entryProblems(result.problems, `${spec.section}[0]`);
        return await again({ errors, status: 400, form: f });
      }
      return await entryPage(c, p, key, { flash: spec.saved(spec.texts(p.lang), key) });
    }),
  };
}
