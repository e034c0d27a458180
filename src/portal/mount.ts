import { readBodyText } from "../http_body.ts";
import { checkedJson } from "../checked_json.ts";
import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppDeps } from "../deps.ts";
import { AppError, errorBody, refusal } from "../errors.ts";
import { CACHE_NO_STORE, ifNoneMatchHits, readCacheControl, strongEtag } from "./http_cache.ts";
import { formFingerprintInput, parseIdempotencyKey, withIdempotency } from "./idempotency.ts";
import { uploadedForm } from "./files.ts";
import { type PortalLimiter, portalLimiter } from "./rate_limit.ts";
import { clientAddress, sourceKey } from "../client_address.ts";
import { type AuthUser, resolveSession } from "../signin/sessions.ts";
import { parseOrThrow, type RouteDef } from "./route.ts";
import { DATA_VERSION, REFUSAL_IN, REUSE_UNTIL, reusedOr } from "./reuse.ts";
import { dataVersion } from "../db/local.ts";
import { todayOf } from "../services/common.ts";

import { SESSION_COOKIE } from "../signin/sessions.ts";
import { isLang, type Lang, negotiateLang } from "../i18n/mod.ts";
import { say } from "../i18n/messages/mod.ts";

/** The language of the portal's own refusals: the account's, else the request's Accept-Language. */
function langOf(c: Context, user?: { language: string } | null): Lang {
  if (user && isLang(user.language)) return user.language;
  return negotiateLang(null, c.req.header("accept-language"));
}
export { SESSION_COOKIE };

/**
 * The language of an answer made before, or without, the portal's sign-in check (an unknown address, a wrong
 * method, a body over the limit): the account's when a valid session token is sent, else the request's
 * Accept-Language. The session is read only on these rare paths; a failed read falls back to the header.
 */
export async function refusalLang(deps: AppDeps, c: Context): Promise<Lang> {
  const token = sessionToken(c);
  const user = token
    ? await resolveSession(deps.db, deps.clock, token, deps.config.sessionTtlDays).catch(() => null)
    : null;
  return langOf(c, user);
}

/** Reads the session token from `Authorization: Bearer …` or, for pages, the session cookie. */
export function sessionToken(c: Context): string | undefined {
  const h = c.req.header("authorization");
  if (h) {
    const m = /^Bearer\s+(\S+)$/i.exec(h);
    return m?.[1];
  }
  return getCookie(c, SESSION_COOKIE);
}

/** Resolves the caller or throws the portal's 401. */
export async function requireUser(deps: AppDeps, c: Context): Promise<AuthUser> {
  const token = sessionToken(c);
  // Read once per request: the session's stamp and a reused answer's are then of the same instant.
  const version = token ? await dataVersion(deps.database.client) : undefined;
  c.set(DATA_VERSION, version);
  const user = token
    ? await resolveSession(deps.db, deps.clock, token, deps.config.sessionTtlDays, version)
    : null;
  if (!user) {
    c.header("WWW-Authenticate", 'Bearer realm="portal"');
    throw refusal("unauthenticated", token ? "portal.sessionEnded" : "portal.signInFirst");
  }
  return user;
}

function parseJsonText(c: Context, text: string): unknown {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw refusal("unsupported_media_type", "portal.sendJson");
  }
  if (text.trim() === "") throw refusal("bad_request", "portal.emptyBody");
  try {
    return JSON.parse(text);
  } catch {
    throw refusal("bad_request", "portal.notJson");
  }
}

/**
 * What a reusable answer is kept under: the account, its language, the exact path and query, and the day
 * (the half-day setting the holiday rules observe is read through the database, so its table is recorded
 * like every other the answer read).
 */
function reuseKey(c: Context, user: AuthUser, lang: Lang, today: string): string {
  const url = c.req.url;
  const q = url.indexOf("?");
  return `${user.userId}\n${lang}\n${today}\n${c.req.path}${q < 0 ? "" : url.slice(q)}`;
}

/**
 * Whether a state-changing request rides on the session cookie from another site. The cookie is SameSite=Lax,
 * which stops most of it, but not a same-site sibling or a top-level POST in every browser; so a request that
 * authenticates by cookie (no Authorization header) must come from the service's own origin when the browser
 * says where it came from (`Origin`, or `Sec-Fetch-Site`). A client that sends neither is not a browser.
 */
export function crossSiteCookieRequest(c: Context, issuer: string): boolean {
  if (c.req.header("authorization") || !getCookie(c, SESSION_COOKIE)) return false;
  const origin = c.req.header("origin");
  if (origin !== undefined && origin !== issuer) return true;
  const site = c.req.header("sec-fetch-site");
  return site !== undefined && site !== "same-origin" && site !== "none";
}

/**
 * The 404 of a path under `/api/` that no operation has, in the portal's error shape (`{error, code}`) and
 * the caller's language (the account's when a valid session token comes with it), not kept by any cache: an
 * app's client parses one error shape under the API.
 */
export function noSuchEndpoint(deps: AppDeps): (c: Context) => Promise<Response> {
  return async (c) => {
    c.header("Cache-Control", CACHE_NO_STORE);
    const lang = await refusalLang(deps, c);
    return c.json({
      error: say("portal.noEndpoint", lang, { method: c.req.method, path: c.req.path }),
      code: "not_found",
    }, 404);
  };
}

/** Options of the portal's HTTP behaviour (from the configuration). */
export interface PortalHttpOptions {
  /** Requests per account and minute (429 beyond). */
  requestsPerMinute?: number;
  /** The limiter to count in, shared with the answers given before a route runs (a body over the limit). */
  limiter?: PortalLimiter;
}

/**
 * The headers every portal answer carries, set on an answer made before the route runs (a body over the
 * limit): not for a shared cache, and the request limit, the request counted against the account of a valid
 * session token or else the address, as the route would have counted it. Returns the answer's language.
 */
export async function portalRefusalHeaders(deps: AppDeps, c: Context, limiter: PortalLimiter): Promise<Lang> {
  c.header("Cache-Control", CACHE_NO_STORE);
  const token = sessionToken(c);
  const user = token
    ? await resolveSession(deps.db, deps.clock, token, deps.config.sessionTtlDays).catch(() => null)
    : null;
  const key = user ? `u:${user.userId}` : `a:${sourceKey(clientAddress(c, deps.config.trustedProxies))}`;
  for (const [k, v] of limiter.hit(key).headers) c.header(k, v);
  return langOf(c, user);
}

/** Where a portal request's input lies, for naming a refused field: the query of a read, else the body. */
type Where = "body" | "query";

/** The rate-limit key of a request counted against its address (no valid session). */
function addressKey(c: Context, deps: AppDeps): string {
  return `a:${sourceKey(clientAddress(c, deps.config.trustedProxies))}`;
}

/** Counts a request under `key`, sets the limit's headers, and refuses it (429) when the minute's limit is over. */
function countRequest(c: Context, limiter: PortalLimiter, key: string): void {
  const limit = limiter.hit(key);
  for (const [k, v] of limit.headers) c.header(k, v);
  if (limit.over) {
    throw refusal(
      "rate_limited",
      "portal.tooManyRequests",
      { limit: limiter.perMinute, seconds: limit.retryAfter },
      { retryAfter: limit.retryAfter },
    );
  }
}

/**
 * Admits a request to a route: the cross-site check, the headers every answer carries, sign-in, the request
 * limit and the employee link. Returns the caller (undefined for a public route), its language and where its
 * input lies.
 */
async function admitRequest(
  c: Context,
  r: RouteDef,
  deps: AppDeps,
  limiter: PortalLimiter,
): Promise<{ user: AuthUser; lang: Lang; where: Where }> {
  if (r.method !== "get" && crossSiteCookieRequest(c, deps.config.issuer)) {
    throw refusal("forbidden", "portal.crossSite");
  }
  // Every answer, a refusal before sign-in included, is not for a shared cache and says the limit.
  c.header("Cache-Control", CACHE_NO_STORE);
  const where = r.method === "get" ? "query" : "body";
  c.set(REFUSAL_IN, { lang: langOf(c), where });
  let user: AuthUser;
  try {
    user = r.access === "public" ? (undefined as unknown as AuthUser) : await requireUser(deps, c);
  } catch (e) {
    // A request without a valid session counts against its address, as a public one does: a 401
    // carries the limit's headers, and guessing tokens meets the limit.
    if (!(e instanceof AppError) || e.code !== "unauthenticated") throw e;
    countRequest(c, limiter, addressKey(c, deps));
    throw e;
  }
  const lang = langOf(c, user);
  c.set(REFUSAL_IN, { lang, where });
  countRequest(c, limiter, user ? `u:${user.userId}` : addressKey(c, deps));
  if (r.access === "employee" && !user.employeeId) {
    throw refusal("not_found", "account.noEmployee");
  }
  return { user, lang, where };
}

/**
 * Runs a route's handler on the request's validated input: its own Response, or the JSON text of the
 * `{success, data}` envelope.
 */
async function runRoute(
  c: Context,
  r: RouteDef,
  deps: AppDeps,
  user: AuthUser,
  lang: Lang,
  text: string,
): Promise<Response | string> {
  const params = r.params ? parseOrThrow(r.params, c.req.param(), "path", lang) : undefined;
  const query = r.query ? parseOrThrow(r.query, c.req.query(), "query", lang) : undefined;
  const body = r.body ? parseOrThrow(r.body, parseJsonText(c, text), "body", lang) : undefined;
  const out = await r.handler({
    deps,
    c,
    user,
    employeeId: user?.employeeId ?? "",
    body,
    query,
    params,
  });
  if (out instanceof Response) return out;
  // The response schema is the contract: data that does not fit it is a bug, never sent.
  if (!r.response) return JSON.stringify({ success: true, data: out });
  return `{"success":true,"data":${checkedJson(r.response, out)}}`;
}

/**
 * Answers a creating request sent with an `Idempotency-Key`: runs it once and keeps its answer (a refusal
 * included), which a retry with the same key and body gets again.
 */
async function answerOnce(
  c: Context,
  r: RouteDef,
  deps: AppDeps,
  p: { user: AuthUser; key: string; text: string; lang: Lang; where: Where },
  run: (writeDeps: AppDeps) => Promise<Response | string>,
): Promise<Response> {
  const { user, key, text, lang, where } = p;
  const answer = await withIdempotency(
    deps,
    {
      userId: user.userId,
      key,
      method: r.method,
      path: c.req.path,
      body: r.upload
        ? await formFingerprintInput(
          await uploadedForm(c, r.upload.field, deps.config.bodyReadTimeoutSeconds),
        )
        : text,
    },
    async (writeDeps) => {
      try {
        const out = await run(writeDeps);
        if (out instanceof Response) return { status: out.status, body: await out.text() };
        return { status: r.status ?? 200, body: out };
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        return {
          status: e.status,
          body: JSON.stringify(errorBody(e, lang, where)),
          retryAfter: e.retryAfter,
        };
      }
    },
  );
  if (answer.replayed) c.header("Idempotent-Replayed", "true");
  if (answer.retryAfter) c.header("Retry-After", String(answer.retryAfter));
  return c.body(answer.body, answer.status as 200, { "Content-Type": "application/json" });
}

/**
 * Answers a request without an idempotency key: a reused answer where the route allows it, else a fresh one;
 * a read gets its `ETag`, its `Cache-Control` and 304 when the caller's copy is current.
 */
async function answerFresh(
  c: Context,
  r: RouteDef,
  deps: AppDeps,
  user: AuthUser,
  lang: Lang,
  run: () => Promise<Response | string>,
): Promise<Response> {
  const { value: out, etag: kept } = r.reuse
    ? await reusedOr(
      deps.database.client,
      reuseKey(c, user, lang, todayOf(deps)),
      deps.clock.now(),
      c.get(DATA_VERSION),
      run,
      () => c.get(REUSE_UNTIL),
    )
    : { value: await run(), etag: undefined };
  if (out instanceof Response) return out;
  if (r.method !== "get") {
    return c.body(out, (r.status ?? 200) as 200, { "Content-Type": "application/json" });
  }
  const etag = kept ?? strongEtag(out);
  c.header("ETag", etag);
  c.header("Cache-Control", readCacheControl(r));
  if (ifNoneMatchHits(c.req.header("if-none-match"), etag)) return c.body(null, 304);
  return c.body(out, 200, { "Content-Type": "application/json" });
}

/**
 * Mounts portal routes under `/api/v1/portal`: authentication, the per-account request limit, input
 * validation, `Idempotency-Key` on creating POSTs, the `{success, data}` envelope, validators and 304 on
 * reads, `Cache-Control` on everything, and 405 with `Allow` for a known path asked with another method.
 */
export function mountPortal(app: Hono, deps: AppDeps, routes: RouteDef[], opts?: PortalHttpOptions): void {
  const limiter = opts?.limiter ??
    portalLimiter(deps.clock, opts?.requestsPerMinute ?? deps.config.portalRequestsPerMinute);
  for (const r of routes) {
    // An upload takes a key too: a retry after a lost answer gets the first answer, and the key is refused
    // for another file.
    const creating = r.method === "post" && (r.status === 201 || r.upload !== undefined) &&
      r.access !== "public";
    app.on(r.method.toUpperCase(), `/api/v1/portal${r.path}`, async (c) => {
      const { user, lang, where } = await admitRequest(c, r, deps, limiter);
      const key = creating ? parseIdempotencyKey(c.req.header("idempotency-key")) : undefined;
      const text = r.body ? await readBodyText(c, deps.config.bodyReadTimeoutSeconds) : "";
      const run = (writeDeps: AppDeps = deps) => runRoute(c, r, writeDeps, user, lang, text);
      if (key !== undefined) return await answerOnce(c, r, deps, { user, key, text, lang, where }, run);
      return await answerFresh(c, r, deps, user, lang, run);
    });
  }
  // A known path asked with a method it does not have: 405 with the methods it has (RFC 9110 §15.5.6).
  // A path with a trailing slash is another path (404), not the one without it: paths are matched exactly,
  // so an app's typo is found at once instead of reading as a wrong method.
  const patterns = routes.map((r) => ({
    re: new RegExp(`^/api/v1/portal${r.path.replace(/:\w+/g, "[^/]+")}$`),
    method: r.method.toUpperCase(),
  }));
  const notFound = noSuchEndpoint(deps);
  app.all("/api/v1/portal/*", async (c) => {
    c.header("Cache-Control", CACHE_NO_STORE);
    const allow = [...new Set(patterns.filter((p) => p.re.test(c.req.path)).map((p) => p.method))];
    if (!allow.length) return await notFound(c);
    if (allow.includes("GET")) allow.push("HEAD");
    c.header("Allow", allow.join(", "));
    return c.json({
      error: say("portal.methodNotAllowed", await refusalLang(deps, c), {
        method: c.req.method,
        allow: allow.join(" / "),
      }),
      code: "method_not_allowed",
    }, 405);
  });
}
