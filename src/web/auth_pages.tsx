/** @jsxImportSource hono/jsx */
/**
 * The pages of the authorization flow: sign-in (password, and the upstream OpenID provider when one is
 * configured) with step-up, and consent. Every POST checks an anti-CSRF token; a request's steps also check
 * that this browser started the request (its cookie), so nobody can walk someone else's browser through a
 * consent for a request they prepared.
 */
import type { Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { eq } from "drizzle-orm";
import { clientAddress } from "../client_address.ts";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { randomToken, safeEqual } from "../crypto.ts";
import { fill, isLang, type Lang, negotiateLang } from "../i18n/mod.ts";
import { WEB_MESSAGES } from "../i18n/web.ts";
import {
  approveAuthorization,
  browserOwnsRequest,
  denyAuthorization,
  loadAuthorization,
  type PendingAuthorization,
  requestCookieName,
  setRequestCookie,
  startAuthorization,
} from "../oauth/authorize.ts";
import { offeredScopes, usableScopes } from "../oauth/policy.ts";
import { type Scope, SCOPES } from "../oauth/scopes.ts";
import { connectionScopes } from "../oauth/connections.ts";
import { checkPassword, createSession } from "../signin/sessions.ts";
import { isFreshSignIn, pageUser, replaceSessionCookie } from "../signin/stepup.ts";
import {
  decodeUpstreamState,
  encodeUpstreamState,
  finishUpstreamSignIn,
  startUpstreamSignIn,
  UPSTREAM_COOKIE,
  upstreamRedirectUri,
  UpstreamSignInError,
  type UpstreamState,
} from "../signin/oidc.ts";
import { appRedirect, issueAppCode, registeredAppRedirect } from "../signin/app_signin.ts";
import { users } from "../db/schema/mod.ts";
import { formTargetFor, setPageHeaders } from "./layout.tsx";
import { ConsentPage, ErrorPage, ForgotPasswordPage, SignInPage } from "./pages.tsx";
import { requestPasswordReset, RESET_MINUTES } from "../services/password_reset.ts";

const SIGNIN_CSRF_COOKIE = "hr_signin";

/** Only local paths of this site may be returned to after sign-in (never another origin). */
export function safeNext(next: string | null | undefined): string | undefined {
  return next && /^\/[A-Za-z0-9/_-]{0,200}$/.test(next) && !next.startsWith("//") ? next : undefined;
}

function langOf(c: Context, user?: { language: string } | null, uiLocales?: string | null): Lang {
  if (user && isLang(user.language)) return user.language;
  return negotiateLang(uiLocales, c.req.header("accept-language"));
}

async function readForm(c: Context): Promise<URLSearchParams> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) return new URLSearchParams();
  return new URLSearchParams(await c.req.text());
}

/** Renders the error page (400 unless said otherwise). */
export function errorPage(
  c: Context,
  lang: Lang,
  message: string,
  status: 400 | 403 | 404 = 400,
  detail?: string,
) {
  setPageHeaders(c);
  return c.html(<ErrorPage lang={lang} m={WEB_MESSAGES[lang]} message={message} detail={detail} />, status);
}

/** The pending request of this browser, or an error page explaining why it cannot continue. */
async function requestOfBrowser(
  deps: AppDeps,
  c: Context,
  requestId: string | null | undefined,
  formToken?: string | null,
): Promise<PendingAuthorization | Response> {
  const lang = langOf(c);
  const req = await loadAuthorization(deps, requestId);
  if (!req) return errorPage(c, lang, WEB_MESSAGES[lang].errorExpired);
  if (!await browserOwnsRequest(req, getCookie(c, requestCookieName(req.id)), formToken)) {
    return errorPage(c, lang, WEB_MESSAGES[lang].errorBrowser, 403);
  }
  return req;
}

/**
 * The pending authorization a sign-in names (`request`), none when it names none, or the error page when it
 * has expired or belongs to another browser.
 */
async function pendingOf(
  deps: AppDeps,
  c: Context,
  requestId: string | null | undefined,
): Promise<PendingAuthorization | undefined | Response> {
  return requestId ? await requestOfBrowser(deps, c, requestId) : undefined;
}

/** Whether a sign-in page's form carries this browser's token (the cookie set with the page). */
function signInFormOk(c: Context, form: URLSearchParams): boolean {
  const cookieCsrf = getCookie(c, SIGNIN_CSRF_COOKIE);
  return !!cookieCsrf && safeEqual(cookieCsrf, form.get("csrf") ?? "");
}

function signInCsrf(deps: AppDeps, c: Context): string {
  const existing = getCookie(c, SIGNIN_CSRF_COOKIE);
  if (existing && /^hrx_[\w-]{43}$/.test(existing)) return existing;
  const token = randomToken("hrx");
  setCookie(c, SIGNIN_CSRF_COOKIE, token, {
    httpOnly: true,
    secure: deps.config.issuer.startsWith("https://"),
    sameSite: "Lax",
    path: "/oauth/signin",
  });
  return token;
}

/**
 * Where a sign-in goes on: the consent it was asked for, the page that sent the person here, else the app at
 * `/` (the invitation and reset pages link to the sign-in without a target; HR reach the console from there).
 */
function afterSignIn(requestId?: string, next?: string): string {
  return requestId ? `/oauth/consent?request=${requestId}` : next ?? "/";
}

interface SignInView {
  req?: PendingAuthorization;
  next?: string;
  lang: Lang;
  stepUp: boolean;
  email?: string;
  errors: string[];
  status?: 200 | 400 | 401 | 403 | 429;
}

function renderSignIn(deps: AppDeps, c: Context, v: SignInView) {
  const m = WEB_MESSAGES[v.lang];
  setPageHeaders(c);
  const back = v.req ? `request=${v.req.id}` : v.next ? `next=${encodeURIComponent(v.next)}` : "";
  return c.html(
    <SignInPage
      lang={v.lang}
      m={m}
      clientName={v.req?.client.name}
      stepUp={v.stepUp}
      email={v.email}
      errors={v.errors}
      csrf={signInCsrf(deps, c)}
      requestId={v.req?.id}
      next={v.next}
      upstreamName={deps.config.oidc?.displayName}
      upstreamHref={deps.config.oidc ? `/oauth/signin/oidc?${back}` : undefined}
    />,
    v.status ?? 200,
  );
}

async function renderConsent(
  deps: AppDeps,
  c: Context,
  req: PendingAuthorization,
  user: { userId: string; email: string; role: string; employeeId: string | null; language: string },
  errors: string[] = [],
  checked?: Scope[],
  /** The existing connection's scopes when the caller read them already (`connectionScopes`). */
  existing?: Scope[] | null,
) {
  const lang = langOf(c, user);
  const m = WEB_MESSAGES[lang];
  const existingScopes = existing !== undefined
    ? existing
    : await connectionScopes(deps, req.client.id, user.userId);
  const offered = offeredScopes({
    requested: req.params.scopes,
    role: user.role,
    hasEmployee: !!user.employeeId,
    existingConnection: existingScopes,
  });
  const usable = usableScopes(user.role, !!user.employeeId);
  const notOffered = req.params.scopes.filter((s) => !usable.includes(s));
  const target = formTargetFor(req.params.redirectUri);
  setPageHeaders(c, target ? [target] : []);
  return c.html(
    <ConsentPage
      lang={lang}
      m={m}
      clientName={req.client.createdBy === "METADATA"
        ? `${req.client.name} (${new URL(req.client.id).host})`
        : req.client.name}
      verified={req.client.createdBy === "ADMIN"}
      redirectHost={redirectHost(req.params.redirectUri)}
      email={user.email}
      offered={offered}
      checked={checked ?? offered}
      notOffered={notOffered}
      existing={!!existing}
      errors={errors}
      csrf={getCookie(c, requestCookieName(req.id)) ?? ""}
      requestId={req.id}
    />,
    errors.length ? 400 : 200,
  );
}

/** What the person is told the answer goes to: the host, or the app's scheme for a native app. */
function redirectHost(uri: string): string {
  try {
    const u = new URL(uri);
    return u.host || `${u.protocol}//`;
  } catch {
    return uri;
  }
}

/**
 * Mounts the sign-in pages (password and, when configured, the upstream provider): the authorization flow
 * and the HR console both send people here, so they are served whether or not the connector is on.
 */
// deno-lint-ignore no-explicit-any
export function mountSignInPages(app: Hono<any>, deps: AppDeps): void {
  /** After a successful sign-in (password or upstream): a browser session, its cookie, then onwards. */
  async function finishSignIn(
    c: Context,
    userId: string,
    method: "password" | "oidc",
    requestId: string | undefined,
    next: string | undefined,
  ) {
    const s = await createSession(deps.db, deps.clock, userId, {
      ttlDays: deps.config.sessionTtlDays,
      deviceName: "Web browser",
      method,
    });
    await replaceSessionCookie(deps, c, s.token, deps.config.sessionTtlDays);
    return c.redirect(afterSignIn(requestId, next), 303);
  }

  app.get("/oauth/signin", async (c) => {
    const requestId = c.req.query("request");
    const next = safeNext(c.req.query("next"));
    const req = await pendingOf(deps, c, requestId);
    if (req instanceof Response) return req;
    const user = await pageUser(deps, c);
    const switching = c.req.query("switch") === "1";
    if (user && isFreshSignIn(deps, user) && !switching) return c.redirect(afterSignIn(req?.id, next), 303);
    return renderSignIn(deps, c, {
      req,
      next,
      lang: langOf(c, user, req?.params.uiLocales),
      stepUp: !!user && !switching,
      email: switching ? undefined : user?.email,
      errors: [],
    });
  });

  app.post("/oauth/signin", async (c) => {
    const form = await readForm(c);
    const requestId = form.get("request");
    const next = safeNext(form.get("next"));
    const req = await pendingOf(deps, c, requestId);
    if (req instanceof Response) return req;
    const lang = langOf(c, null, req?.params.uiLocales);
    const m = WEB_MESSAGES[lang];
    const email = (form.get("email") ?? "").trim().slice(0, 254);
    /** The form again with the address as typed and why it was refused. */
    const refused = (error: string, status: 401 | 403 | 429) =>
      renderSignIn(deps, c, { req, next, lang, stepUp: false, email, errors: [error], status });
    if (!signInFormOk(c, form)) return refused(m.errorSessionForm, 403);
    let userId: string;
    try {
      const user = await checkPassword(
        deps.db,
        deps.clock,
        email,
        (form.get("password") ?? "").slice(0, 1024),
        { source: clientAddress(c, deps.config.trustedProxies), log: deps.log },
      );
      userId = user.id;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      if (e.code === "rate_limited" || e.code === "locked") {
        c.header("Retry-After", String(e.retryAfter ?? 900));
        const minutes = Math.ceil((e.retryAfter ?? 900) / 60);
        return refused(fill(m.errorLocked, { minutes }), 429);
      }
      return e.code === "forbidden"
        ? refused(m.errorDeactivated, 403)
        : refused(m.errorWrongCredentials, 401);
    }
    return await finishSignIn(c, userId, "password", req?.id, next);
  });

  // Password reset by e-mail: the answer never says whether the address has an account.
  app.get("/oauth/signin/forgot", async (c) => {
    const lang = langOf(c, await pageUser(deps, c));
    setPageHeaders(c);
    return c.html(
      <ForgotPasswordPage
        lang={lang}
        m={WEB_MESSAGES[lang]}
        csrf={signInCsrf(deps, c)}
        minutes={RESET_MINUTES}
        errors={[]}
      />,
    );
  });
  app.post("/oauth/signin/forgot", async (c) => {
    const form = await readForm(c);
    const lang = langOf(c, null);
    const m = WEB_MESSAGES[lang];
    setPageHeaders(c);
    if (!signInFormOk(c, form)) {
      return c.html(
        <ForgotPasswordPage
          lang={lang}
          m={m}
          csrf={signInCsrf(deps, c)}
          minutes={RESET_MINUTES}
          errors={[m.errorSessionForm]}
        />,
        403,
      );
    }
    await requestPasswordReset(deps, form.get("email") ?? "");
    return c.html(<ForgotPasswordPage lang={lang} m={m} csrf="" sent minutes={RESET_MINUTES} errors={[]} />);
  });

  app.get("/oauth/signin/oidc", async (c) => {
    const lang = langOf(c);
    if (!deps.config.oidc) return errorPage(c, lang, WEB_MESSAGES[lang].errorNoUpstream, 404);
    const requestId = c.req.query("request");
    const next = safeNext(c.req.query("next"));
    const req = await pendingOf(deps, c, requestId);
    if (req instanceof Response) return req;
    const user = await pageUser(deps, c);
    const { url, state } = await startUpstreamSignIn(deps, {
      requestId: req?.id,
      next,
      loginHint: user?.email,
      uiLocales: langOf(c, user, req?.params.uiLocales),
    });
    setCookie(c, UPSTREAM_COOKIE, encodeUpstreamState(state), {
      httpOnly: true,
      secure: deps.config.issuer.startsWith("https://"),
      sameSite: "Lax",
      path: "/oauth/signin/oidc",
      maxAge: 900,
    });
    c.header("Cache-Control", "no-store");
    return c.redirect(url, 302);
  });

  app.get("/oauth/signin/oidc/callback", async (c) => {
    const state = decodeUpstreamState(getCookie(c, UPSTREAM_COOKIE));
    deleteCookie(c, UPSTREAM_COOKIE, { path: "/oauth/signin/oidc" });
    const lang = langOf(c);
    const m = WEB_MESSAGES[lang];
    if (!state || !deps.config.oidc) return errorPage(c, lang, m.errorExpired);
    if (state.app) return await finishAppSignIn(deps, c, state);
    const req = await pendingOf(deps, c, state.requestId);
    if (req instanceof Response) return req;
    const next = safeNext(state.next);
    // The URL registered at the provider, with the query the provider sent (the request URL may carry
    // the internal address when a reverse proxy sits in front).
    const callback = new URL(upstreamRedirectUri(deps));
    callback.search = new URL(c.req.url).search;
    let userId: string;
    try {
      userId = await finishUpstreamSignIn(deps, callback, state);
    } catch (e) {
      if (!(e instanceof UpstreamSignInError)) throw e;
      const msg = e.reason === "no_account"
        ? m.errorNoAccount
        : e.reason === "deactivated"
        ? m.errorDeactivated
        : m.errorUpstreamFailed;
      return renderSignIn(deps, c, {
        req,
        next,
        lang,
        stepUp: false,
        errors: [msg],
        status: e.reason === "failed" ? 400 : 403,
      });
    }
    return await finishSignIn(c, userId, "oidc", req?.id, next);
  });
}

/**
 * The end of a native app's sign-in: the browser goes to the app's redirect URI with a one-time code, or
 * with `error=access_denied` when the provider's identity has no usable account (the app shows its own
 * screen; the reason is in `error_description`).
 */
async function finishAppSignIn(deps: AppDeps, c: Context, state: UpstreamState): Promise<Response> {
  const app = state.app!;
  // The redirect URI was checked when the sign-in started; checked again in case the setting changed.
  if (!registeredAppRedirect(deps, app.redirectUri)) {
    return errorPage(c, langOf(c), WEB_MESSAGES[langOf(c)].errorBadRedirect, 400);
  }
  const callback = new URL(upstreamRedirectUri(deps));
  callback.search = new URL(c.req.url).search;
  c.header("Cache-Control", "no-store");
  let userId: string;
  try {
    userId = await finishUpstreamSignIn(deps, callback, state);
  } catch (e) {
    if (!(e instanceof UpstreamSignInError)) throw e;
    // The app may show `error_description` as it is: said in the browser's language, the sign-in page's text.
    const m = WEB_MESSAGES[langOf(c)];
    const description = e.reason === "no_account"
      ? m.errorNoAccount
      : e.reason === "deactivated"
      ? m.errorDeactivated
      : m.errorUpstreamFailed;
    deps.log.info("app sign-in refused", { reason: e.reason });
    return c.redirect(appRedirect(app, { error: "access_denied", error_description: description }), 302);
  }
  const code = await issueAppCode(deps, userId, app);
  deps.log.info("app sign-in code issued", { userId });
  return c.redirect(appRedirect(app, { code, iss: deps.config.issuer }), 302);
}

/**
 * The pending authorization a consent page or form names and the person asked, or the answer that stops it:
 * the error page (expired, another browser's) or the sign-in first when nobody signed in recently.
 */
async function consentOf(
  deps: AppDeps,
  c: Context,
  requestId: string | null | undefined,
  formToken?: string,
) {
  const r = await requestOfBrowser(deps, c, requestId, formToken);
  if (r instanceof Response) return r;
  const user = await pageUser(deps, c);
  if (!user || !isFreshSignIn(deps, user)) return c.redirect(`/oauth/signin?request=${r.id}`, 303);
  return { r, user };
}

/** Mounts the authorization endpoint and its consent page under /oauth (only with the connector on). */
// deno-lint-ignore no-explicit-any
export function mountAuthorizationPages(app: Hono<any>, deps: AppDeps): void {
  app.get("/oauth/authorize", async (c) => {
    const query = new URL(c.req.url).searchParams;
    const r = await startAuthorization(deps, query);
    if (r.kind === "page") {
      const uiLocales = query.get("ui_locales");
      const lang = negotiateLang(isLang(uiLocales) ? uiLocales : null, c.req.header("accept-language"));
      const m = WEB_MESSAGES[lang];
      const message = r.reason === "unknown_client"
        ? m.errorUnknownClient
        : r.reason === "duplicate_parameter"
        ? m.errorDuplicate
        : m.errorBadRedirect;
      return errorPage(c, lang, message, 400, r.detail);
    }
    c.header("Cache-Control", "no-store");
    if (r.kind === "redirect") return c.redirect(r.location, 302);
    setRequestCookie(deps, c, r.requestId, r.csrf);
    return c.redirect(`/oauth/consent?request=${r.requestId}`, 302);
  });

  app.get("/oauth/consent", async (c) => {
    const asked = await consentOf(deps, c, c.req.query("request"));
    if (asked instanceof Response) return asked;
    return renderConsent(deps, c, asked.r, asked.user);
  });

  app.post("/oauth/consent", async (c) => {
    const form = await readForm(c);
    const asked = await consentOf(deps, c, form.get("request"), form.get("csrf") ?? "");
    if (asked instanceof Response) return asked;
    const { r, user } = asked;
    // Re-read the account: the role decides what may be offered, at this moment.
    const fresh = await deps.db.query.users.findFirst({ where: eq(users.id, user.userId) });
    if (!fresh?.active) return c.redirect(`/oauth/signin?request=${r.id}`, 303);
    const decision = form.get("decision");
    const existing = await connectionScopes(deps, r.client.id, user.userId);
    const offered = offeredScopes({
      requested: r.params.scopes,
      role: fresh.role,
      hasEmployee: !!fresh.employeeId,
      existingConnection: existing,
    });
    if (decision !== "allow" || !offered.length) {
      deleteCookie(c, requestCookieName(r.id), { path: "/oauth" });
      const location = offered.length ? await denyAuthorization(deps, r) : await denyAuthorization(
        deps,
        r,
        "invalid_scope",
        "The person's role cannot use any of the requested scopes.",
      );
      return c.redirect(location, 303);
    }
    const chosen = SCOPES.filter((s) => form.getAll("scope").includes(s) && offered.includes(s));
    if (!chosen.length) {
      return renderConsent(deps, c, r, user, [WEB_MESSAGES[langOf(c, user)].consentPickOne], [], existing);
    }
    deleteCookie(c, requestCookieName(r.id), { path: "/oauth" });
    const location = await approveAuthorization(deps, r, user.userId, chosen);
    const target = formTargetFor(r.params.redirectUri);
    setPageHeaders(c, target ? [target] : []);
    return c.redirect(location, 303);
  });
}
