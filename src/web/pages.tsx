/** @jsxImportSource hono/jsx */
/**
 * The pages people see during an assistant's authorization and afterwards: sign-in (with step-up), consent,
 * errors that must not redirect, and the list of connected assistants. Pure rendering: the handlers in
 * auth_pages.tsx and mod.tsx decide what to show.
 */
import type { Child } from "hono/jsx";
import { fill, type Lang } from "../i18n/mod.ts";
import type { WebMessages } from "../i18n/web.ts";
import { PASSWORD_RESET_TEXTS } from "../i18n/password_reset.ts";
import { type Scope, SCOPE_DESCRIPTIONS } from "../oauth/scopes.ts";
import { ErrorSummary, Layout } from "./layout.tsx";

/** The sign-in form; `stepUp` when the person has a session that is too old to consent with. */
export function SignInPage(p: {
  lang: Lang;
  m: WebMessages;
  clientName?: string;
  stepUp: boolean;
  email?: string;
  errors: string[];
  csrf: string;
  requestId?: string;
  next?: string;
  upstreamName?: string;
  upstreamHref?: string;
}) {
  const title = p.stepUp ? p.m.stepUpTitle : p.m.signInTitle;
  return (
    <Layout lang={p.lang} m={p.m} title={title}>
      <h1>{title}</h1>
      <ErrorSummary m={p.m} errors={p.errors} />
      <p>
        {p.stepUp
          ? p.m.stepUpIntro
          : p.clientName
          ? fill(p.m.signInIntroFor, { client: p.clientName })
          : p.m.signInIntro}
      </p>
      <form method="post" action="/oauth/signin">
        <input type="hidden" name="csrf" value={p.csrf} />
        {p.requestId ? <input type="hidden" name="request" value={p.requestId} /> : null}
        {p.next ? <input type="hidden" name="next" value={p.next} /> : null}
        <label for="email">{p.m.email}</label>
        <input id="email" name="email" type="email" autocomplete="username" required value={p.email ?? ""} />
        <label for="password">{p.m.password}</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit">{p.m.signInButton}</button>
      </form>
      <p>
        <a href="/oauth/signin/forgot">{PASSWORD_RESET_TEXTS[p.lang].link}</a>
      </p>
      {p.upstreamHref && p.upstreamName
        ? (
          <>
            <p class="or">{p.m.or}</p>
            <a class="button secondary" href={p.upstreamHref}>
              {fill(p.m.signInWith, { provider: p.upstreamName })}
            </a>
          </>
        )
        : null}
      {p.requestId || p.next ? null : (
        <p class="or">
          <a href="/oauth/signin?next=/hr">{p.m.hrConsoleLink}</a>
        </p>
      )}
    </Layout>
  );
}

/** "Forgot password": the address asked for, then the same answer whether or not it has an account. */
export function ForgotPasswordPage(
  p: { lang: Lang; m: WebMessages; csrf: string; sent?: boolean; minutes: number; errors: string[] },
) {
  const t = PASSWORD_RESET_TEXTS[p.lang];
  return (
    <Layout lang={p.lang} m={p.m} title={t.title}>
      <h1>{t.title}</h1>
      <ErrorSummary m={p.m} errors={p.errors} />
      {p.sent ? <p role="status">{fill(t.sent, { minutes: p.minutes })}</p> : (
        <>
          <p>{t.intro}</p>
          <form method="post" action="/oauth/signin/forgot">
            <input type="hidden" name="csrf" value={p.csrf} />
            <label for="email">{t.email}</label>
            <input id="email" name="email" type="email" autocomplete="username" required />
            <button type="submit">{t.submit}</button>
          </form>
        </>
      )}
      <p>
        <a href="/oauth/signin">{t.back}</a>
      </p>
    </Layout>
  );
}

/** The consent screen: who asks, where the answer goes, and each offered scope in plain words. */
export function ConsentPage(p: {
  lang: Lang;
  m: WebMessages;
  clientName: string;
  verified: boolean;
  redirectHost: string;
  email: string;
  offered: Scope[];
  checked: Scope[];
  /** Scopes the assistant asked for that the person's role cannot use (named, so nothing is hidden). */
  notOffered: Scope[];
  existing: boolean;
  errors: string[];
  csrf: string;
  requestId: string;
}) {
  const title = fill(p.m.consentTitle, { client: p.clientName });
  return (
    <Layout lang={p.lang} m={p.m} title={title}>
      <h1>{title}</h1>
      <ErrorSummary m={p.m} errors={p.errors} />
      <p>
        {fill(p.m.consentSignedInAs, { email: p.email })}{" "}
        <a href={`/oauth/signin?request=${p.requestId}&switch=1`}>{p.m.consentNotYou}</a>
      </p>
      {p.verified ? null : <p class="warn">{p.m.consentUnverified}</p>}
      <form method="post" action="/oauth/consent">
        <input type="hidden" name="csrf" value={p.csrf} />
        <input type="hidden" name="request" value={p.requestId} />
        {p.offered.length
          ? (
            <fieldset>
              <legend>{p.m.consentScopesLegend}</legend>
              {p.offered.map((s, i) => (
                <div class="scope" key={s}>
                  <input
                    type="checkbox"
                    id={`scope-${i}`}
                    name="scope"
                    value={s}
                    checked={p.checked.includes(s)}
                  />
                  <label for={`scope-${i}`}>{SCOPE_DESCRIPTIONS[s][p.lang]}</label>
                </div>
              ))}
            </fieldset>
          )
          : <p class="alert" role="alert">{p.m.consentNothingOffered}</p>}
        {p.existing ? <p class="note">{p.m.consentExisting}</p> : null}
        {p.notOffered.length > 0
          ? (
            <div class="muted">
              <p>{p.m.consentNotOffered}</p>
              <ul>{p.notOffered.map((s) => <li key={s}>{SCOPE_DESCRIPTIONS[s][p.lang]}</li>)}</ul>
            </div>
          )
          : null}
        <p class="muted">{p.m.consentRoleNote}</p>
        <p>{fill(p.m.consentRedirect, { host: p.redirectHost })}</p>
        {p.offered.length
          ? (
            <>
              <button type="submit" name="decision" value="allow">{p.m.consentAllow}</button>
              <button type="submit" name="decision" value="deny" class="secondary">{p.m.consentDeny}</button>
            </>
          )
          : (
            <button type="submit" name="decision" value="deny" class="secondary">
              {fill(p.m.consentBackToClient, { client: p.clientName })}
            </button>
          )}
        <p class="muted">
          {p.m.consentRevokeNote} <a href="/account/assistants">{p.m.assistantsTitle}</a>
        </p>
      </form>
    </Layout>
  );
}

/** An error that is shown here instead of being sent to a client that cannot be trusted with it. */
export function ErrorPage(p: { lang: Lang; m: WebMessages; message: string; detail?: string }) {
  return (
    <Layout lang={p.lang} m={p.m} title={p.m.errorTitle}>
      <h1>{p.m.errorTitle}</h1>
      <p role="alert">{p.message}</p>
      {p.detail
        ? (
          <p class="muted">
            {p.m.technicalDetail}: <code>{p.detail}</code>
          </p>
        )
        : null}
    </Layout>
  );
}

/** One row of the connected-assistants page. */
export interface AssistantRow {
  id: string;
  clientName: string;
  verified: boolean;
  scopes: Scope[];
  createdAt: number;
  lastUsedAt: number | null;
  userEmail: string;
}

function formatDate(ms: number, lang: Lang): string {
  const locale = { de: "de-CH", en: "en-GB", fr: "fr-CH", it: "it-CH" }[lang];
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Europe/Zurich",
  })
    .format(new Date(ms));
}

/** The person's (or, for an admin, everyone's) connected assistants, each with a disconnect button. */
export function AssistantsPage(p: {
  lang: Lang;
  m: WebMessages;
  rows: AssistantRow[];
  showPerson: boolean;
  csrf: string;
  flash?: string;
  error?: string;
  /** Rendered below the list (the person's assistant activity log). */
  extra?: Child;
}) {
  return (
    <Layout lang={p.lang} m={p.m} title={p.m.assistantsTitle} wide>
      <h1>{p.m.assistantsTitle}</h1>
      {p.flash ? <p class="note" role="status">{p.flash}</p> : null}
      {p.error ? <p class="alert" role="alert">{p.error}</p> : null}
      <p>{p.m.assistantsIntro}</p>
      {p.showPerson ? <p class="muted">{p.m.assistantsAllIntro}</p> : null}
      {p.rows.length === 0 ? <p>{p.m.assistantsEmpty}</p> : (
        <table>
          <thead>
            <tr>
              <th scope="col">{p.m.assistantsColAssistant}</th>
              {p.showPerson ? <th scope="col">{p.m.assistantsColPerson}</th> : null}
              <th scope="col">{p.m.assistantsColAccess}</th>
              <th scope="col">{p.m.assistantsColSince}</th>
              <th scope="col">{p.m.assistantsColLastUsed}</th>
              <th scope="col">{p.m.assistantsColAction}</th>
            </tr>
          </thead>
          <tbody>
            {p.rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.clientName}</th>
                {p.showPerson ? <td>{r.userEmail}</td> : null}
                <td>
                  <ul>{r.scopes.map((s) => <li key={s}>{SCOPE_DESCRIPTIONS[s][p.lang]}</li>)}</ul>
                </td>
                <td>{formatDate(r.createdAt, p.lang)}</td>
                <td>{r.lastUsedAt === null ? p.m.assistantsNever : formatDate(r.lastUsedAt, p.lang)}</td>
                <td>
                  <form method="post" action="/account/assistants/revoke">
                    <input type="hidden" name="csrf" value={p.csrf} />
                    <input type="hidden" name="connection" value={r.id} />
                    <button
                      type="submit"
                      class="danger"
                      aria-label={fill(p.m.assistantsRevokeLabel, { client: r.clientName })}
                    >
                      {p.m.assistantsRevoke}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {p.extra ?? null}
    </Layout>
  );
}
