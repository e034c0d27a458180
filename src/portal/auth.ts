import { LANGS } from "../i18n/mod.ts";
import { languageChoice } from "../domain/fields.ts";
import { rule, typeRule } from "../i18n/messages/mod.ts";
import { z } from "zod";
import { clientAddress } from "../client_address.ts";
import { setCookie } from "hono/cookie";
import { refusal } from "../errors.ts";
import { permissionsOf } from "../domain/access.ts";
import { portalActor } from "../services/actor.ts";
import { setAccountLanguage } from "../services/profile.ts";
import { checkPassword, createSession, listSessions, refreshSession } from "../signin/sessions.ts";
import { route, type RouteDef } from "./route.ts";
import { boolQuery, dateTime, idParam, wholeListFields } from "./schemas.ts";
import { SESSION_COOKIE, sessionToken } from "./mount.ts";
import { negotiateLang } from "../i18n/mod.ts";
import { encodeUpstreamState, startUpstreamSignIn, UPSTREAM_COOKIE } from "../signin/oidc.ts";
import {
  APP_CODE_TTL_MS,
  redeemAppCode,
  registeredAppRedirect,
  S256_CHALLENGE,
} from "../signin/app_signin.ts";
import { users } from "../db/schema/mod.ts";
import { eq } from "drizzle-orm";
import { endAccess } from "../services/end_access.ts";

const iso = (ms: number) => new Date(ms).toISOString();

const SignInBody = z.strictObject({
  email: z.string({ error: typeRule("rule.string") }).trim().toLowerCase().email({
    message: rule("rule.email"),
  })
    .max(254),
  password: z.string({ error: typeRule("rule.string") }).min(1, { message: rule("rule.notEmpty") }).max(1024),
  deviceName: z.string().trim().max(100, { message: rule("rule.maxChars", { max: 100 }) }).optional()
    .meta({ description: "Shown in the list of signed-in devices, e.g. 'Anna's iPhone'." }),
});

const SessionUser = z.strictObject({
  id: z.string(),
  email: z.string(),
  role: z.enum(["employee", "recruiter", "manager", "hr", "admin"]),
  language: z.enum(LANGS),
  employeeId: z.string().nullable(),
  permissions: z.array(z.string()),
});

/** The account as a session answer shows it. */
function sessionUser(
  user: { id: string; email: string; role: string; language: string; employeeId: string | null },
): z.infer<typeof SessionUser> {
  return {
    id: user.id,
    email: user.email,
    role: user.role as z.infer<typeof SessionUser>["role"],
    language: user.language as z.infer<typeof SessionUser>["language"],
    employeeId: user.employeeId,
    permissions: permissionsOf(user.role),
  };
}

/** The answer to a sign-in: the new session's token, when it ends, and the account. */
function signedIn(
  s: { token: string; expiresAt: number },
  user: Parameters<typeof sessionUser>[0],
) {
  return { token: s.token, expiresAt: iso(s.expiresAt), user: sessionUser(user) };
}

const SessionInfo = z.strictObject({
  id: z.string(),
  deviceName: z.string().nullable(),
  method: z.enum(["password", "oidc"]),
  createdAt: dateTime,
  lastUsedAt: dateTime,
  expiresAt: dateTime,
  current: z.boolean(),
});

/** Sign-in sessions for the mobile app: an opaque bearer token per device, stored hashed, expiring. */
export const authRoutes: RouteDef[] = [
  route({
    method: "post",
    path: "/auth/sessions",
    operationId: "signIn",
    tag: "auth",
    access: "public",
    status: 201,
    summary: "Sign in with e-mail and password",
    description:
      "Returns an opaque session token for this device (shown once). Send it as `Authorization: Bearer <token>`. " +
      "Five wrong passwords in a row lock the account for 15 minutes; during the lock no password is tested and " +
      "every attempt reads as a wrong one (the owner is told by e-mail). After five failures from one address " +
      "(an IPv6 /64), its attempts wait 2, 4, 8 … seconds (429 with Retry-After). Pass `?cookie=true` " +
      "to also receive it as an HttpOnly cookie for the web pages.",
    body: SignInBody,
    query: z.strictObject({
      cookie: boolQuery("`true`: the token also as an HttpOnly cookie, for the web pages.").optional(),
    }),
    response: z.strictObject({ token: z.string(), expiresAt: dateTime, user: SessionUser }),
    errors: {
      401:
        "E-mail address or password is wrong, or the account is locked for a while: a locked account reads " +
        "exactly like a wrong password (never a 423 or 429, which would tell a guesser the address exists).",
      403: "The account is deactivated.",
      429: "Too many failed sign-ins from this address, or too many sign-ins being checked at this moment; " +
        "try again after Retry-After seconds.",
    },
    handler: async ({ deps, c, body, query }) => {
      const user = await checkPassword(deps.db, deps.clock, body.email, body.password, {
        source: clientAddress(c, deps.config.trustedProxies),
        log: deps.log,
      });
      const s = await createSession(deps.db, deps.clock, user.id, {
        ttlDays: deps.config.sessionTtlDays,
        deviceName: body.deviceName,
        method: "password",
      });
      if (query.cookie) {
        setCookie(c, SESSION_COOKIE, s.token, {
          httpOnly: true,
          secure: deps.config.issuer.startsWith("https://"),
          sameSite: "Lax",
          path: "/",
          maxAge: deps.config.sessionTtlDays * 86400,
        });
      }
      return signedIn(s, user);
    },
  }),
  route({
    method: "get",
    path: "/auth/oidc/start",
    operationId: "startAppSignOn",
    tag: "auth",
    access: "public",
    summary: "Start an app's sign-in through the organisation's identity provider",
    description: "For an organisation that signs in through its OpenID Connect provider (Entra ID, Google, " +
      "Keycloak…), a native app signs in as RFC 8252 describes, with PKCE (RFC 7636):\n\n" +
      "1. The app makes a random `code_verifier` (43–128 characters) and its `code_challenge` " +
      "(BASE64URL(SHA-256(verifier))), and a random `state`.\n" +
      "2. It opens this address **in the system browser** (ASWebAuthenticationSession, Custom Tabs; never " +
      "an embedded web view) with its `redirect_uri`, which must be one the installation lists in " +
      "`APP_REDIRECT_URIS` (a claimed https URL or a private-use scheme such as " +
      "`ch.example.hr:/signin`), compared exactly.\n" +
      "3. The service sends the browser to the provider; the person signs in there.\n" +
      "4. The browser comes back to the service and is sent on to `redirect_uri` with `code` (single-use, " +
      "valid for 60 seconds), the app's `state` unchanged and `iss` (this service). When the provider's " +
      "identity has no active account here, it is sent there with `error=access_denied` and " +
      "`error_description` (in the browser's language, to show as it is) instead.\n" +
      "5. The app checks `state` and exchanges `code` with its `code_verifier` at " +
      "`POST /auth/oidc/token` for a portal session token, as `POST /auth/sessions` gives.\n\n" +
      "A wrong parameter is answered here, as JSON, and the browser is never sent to an unregistered " +
      "address. An installation without an identity provider answers 404.",
    query: z.strictObject({
      redirect_uri: z.string().max(2000).meta({
        description: "The app's redirect URI, exactly as listed in the installation's APP_REDIRECT_URIS.",
      }),
      code_challenge: z.string().regex(S256_CHALLENGE, { message: rule("rule.codeChallenge") })
        .meta({ description: "BASE64URL(SHA-256(code_verifier)), without padding." }),
      code_challenge_method: z.enum(["S256"]).meta({
        description: "Only S256: a `plain` challenge would hand the verifier to whoever sees the URL.",
      }),
      state: z.string().max(500).optional().meta({
        description: "The app's own value, given back unchanged with the code (against login CSRF).",
      }),
    }),
    redirect: "To the identity provider's sign-in (which ends at the app's `redirect_uri`).",
    errors: {
      400: "`redirect_uri` is not registered for an app, `code_challenge_method` is not S256, or " +
        "`code_challenge` is not a S256 challenge (the message names the field).",
      404: "This installation does not sign in through an identity provider.",
    },
    handler: async ({ deps, c, query }) => {
      if (!deps.config.oidc) throw refusal("not_found", "signin.appNoUpstream");
      const redirectUri = registeredAppRedirect(deps, query.redirect_uri);
      if (!redirectUri) {
        throw refusal("validation", "signin.appRedirectUnknown", {}, { field: "redirect_uri" });
      }
      const { url, state } = await startUpstreamSignIn(deps, {
        uiLocales: negotiateLang(null, c.req.header("accept-language")),
        app: { redirectUri, codeChallenge: query.code_challenge, state: query.state },
      });
      setCookie(c, UPSTREAM_COOKIE, encodeUpstreamState(state), {
        httpOnly: true,
        secure: deps.config.issuer.startsWith("https://"),
        sameSite: "Lax",
        path: "/oauth/signin/oidc",
        maxAge: 900,
      });
      return c.redirect(url, 302);
    },
  }),
  route({
    method: "post",
    path: "/auth/oidc/token",
    operationId: "exchangeAppSignOnCode",
    tag: "auth",
    access: "public",
    status: 201,
    summary: "Exchange an app's sign-in code for a session token",
    description: "The last step of the app sign-in that `GET /auth/oidc/start` begins: the `code` the app " +
      "received at its redirect URI, the `code_verifier` whose challenge started the sign-in, and the same " +
      `\`redirect_uri\`. A code is valid for ${APP_CODE_TTL_MS / 1000} seconds and spent by its first ` +
      "presentation, whatever its outcome; presented again, it also ends the session it became (someone " +
      "other than the app has it). The answer is the one of `POST /auth/sessions`: a session token for " +
      "this device, refreshed and signed out like any other.",
    body: z.strictObject({
      code: z.string().min(1).max(200),
      codeVerifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, {
        message: rule("rule.codeVerifier"),
      }).meta({ description: "The PKCE code_verifier (RFC 7636 §4.1)." }),
      redirectUri: z.string().max(2000).meta({ description: "The redirect_uri the sign-in started with." }),
      deviceName: z.string().trim().max(100, { message: rule("rule.maxChars", { max: 100 }) }).optional()
        .meta({ description: "Shown in the list of signed-in devices, e.g. 'Anna's iPhone'." }),
    }),
    response: z.strictObject({ token: z.string(), expiresAt: dateTime, user: SessionUser }),
    errors: {
      400: "The code is unknown, expired, already used, sent to another redirect URI, or the verifier " +
        "does not match its challenge (`fields` names `body.code`); the person signs in again.",
    },
    handler: async ({ deps, body }) => {
      const s = await redeemAppCode(deps, body);
      if (!s) throw refusal("bad_request", "signin.appCodeInvalid", {}, { field: "code" });
      const user = (await deps.db.query.users.findFirst({ where: eq(users.id, s.userId) }))!;
      return signedIn(s, user);
    },
  }),
  route({
    method: "get",
    path: "/auth/session",
    operationId: "getCurrentSession",
    tag: "auth",
    access: "user",
    summary: "The current session and who is signed in",
    description:
      "Who is signed in (account, role, language, linked employee, permissions) and the session this " +
      "token belongs to: device name, sign-in method, when it was created and last used, and when it ends " +
      "unless used again or refreshed (`POST /auth/session/refresh`).",
    response: z.strictObject({ user: SessionUser, session: SessionInfo }),
    errors: {},
    handler: async ({ deps, user }) => {
      const all = await listSessions(deps.db, deps.clock, user.userId);
      const s = all.find((x) => x.id === user.sessionId)!;
      return {
        user: sessionUser({ ...user, id: user.userId }),
        session: {
          id: s.id,
          deviceName: s.deviceName,
          method: s.method as "password",
          createdAt: iso(s.createdAt),
          lastUsedAt: iso(s.lastUsedAt),
          expiresAt: iso(s.expiresAt),
          current: true,
        },
      };
    },
  }),
  route({
    method: "patch",
    path: "/auth/session",
    operationId: "updateCurrentAccount",
    tag: "auth",
    access: "user",
    summary: "Set the signed-in account's language",
    description:
      "The language the app, the e-mails and every refusal speak is the account's: any signed-in account sets " +
      "it here, with or without an employee record (an employee may also set it with `PATCH " +
      "/employee/profile`). The answer is the account as `GET /auth/session` shows it, in its new language.",
    body: z.strictObject({
      language: languageChoice,
    }),
    response: z.strictObject({ user: SessionUser }),
    errors: {},
    handler: async ({ deps, user, body }) => {
      const language = await setAccountLanguage(deps, portalActor(user), body.language);
      return { user: sessionUser({ ...user, id: user.userId, language }) };
    },
  }),
  route({
    method: "post",
    path: "/auth/session/refresh",
    operationId: "refreshSession",
    tag: "auth",
    access: "public",
    bearerInHandler: true,
    summary: "Exchange the session token for a new one (the old one ends)",
    description:
      "Rotates the token of the caller's session, as an app does with an OAuth refresh token: the answer " +
      "carries a new token, and the one sent ends at once for every other request. The session stays the " +
      "same (its id, device name and sign-in time in `GET /auth/sessions`); it now ends 30 days after this " +
      "refresh (the installation's session days) unless used again, and never later than a year after the " +
      "sign-in, when the person signs in again. A session is also kept alive by any use, so an app need not " +
      "refresh to stay signed in: it refreshes to keep its stored token young (on start, or once a day), so " +
      "that a copy of an old token (in a backup, a log) is worth nothing. When the answer is lost on the way, " +
      "the app retries with the token it sent: within a minute of the rotation that retry gets another new " +
      "token (and the one lost ends); later the old token answers 401 and the person signs in again.",
    response: z.strictObject({ token: z.string(), expiresAt: dateTime }),
    errors: {
      401:
        "No token, or a token that is unknown, signed out, ended, replaced more than a minute ago, or of a " +
        "deactivated account.",
    },
    handler: async ({ deps, c }) => {
      const token = sessionToken(c);
      const s = token ? await refreshSession(deps.db, deps.clock, token, deps.config.sessionTtlDays) : null;
      if (!s) {
        c.header("WWW-Authenticate", 'Bearer realm="portal"');
        throw refusal("unauthenticated", token ? "portal.sessionEnded" : "portal.signInFirst");
      }
      if (!c.req.header("authorization")) {
        setCookie(c, SESSION_COOKIE, s.token, {
          httpOnly: true,
          secure: deps.config.issuer.startsWith("https://"),
          sameSite: "Lax",
          path: "/",
          maxAge: deps.config.sessionTtlDays * 86400,
        });
      }
      return { token: s.token, expiresAt: iso(s.expiresAt) };
    },
  }),
  route({
    method: "delete",
    path: "/auth/session",
    operationId: "signOut",
    tag: "auth",
    access: "user",
    summary: "Sign out (revokes the current session token)",
    description:
      "Ends the session of the token sent (and clears the session cookie): the token answers 401 from the " +
      "next request on. Other devices stay signed in.",
    response: z.strictObject({ signedOut: z.literal(true) }),
    errors: {},
    handler: async ({ deps, c, user }) => {
      await endAccess(deps, user.userId, { kind: "signed out", sessionId: user.sessionId });
      setCookie(c, SESSION_COOKIE, "", { path: "/", maxAge: 0 });
      return { signedOut: true as const };
    },
  }),
  route({
    method: "get",
    path: "/auth/sessions",
    operationId: "listSessions",
    tag: "auth",
    access: "user",
    summary: "The caller's signed-in devices",
    description:
      "Every live session of the caller (one per device), most recently used first: device name, sign-in " +
      "method, when it was created and last used (updated at most once a minute), when it ends unless " +
      "used again, and which one is the current. At most 50.",
    response: z.strictObject(wholeListFields(SessionInfo)),
    errors: {},
    handler: async ({ deps, user }) => ({
      items: (await listSessions(deps.db, deps.clock, user.userId)).map((s) => ({
        id: s.id,
        deviceName: s.deviceName,
        method: s.method as "password",
        createdAt: iso(s.createdAt),
        lastUsedAt: iso(s.lastUsedAt),
        expiresAt: iso(s.expiresAt),
        current: s.id === user.sessionId,
      })),
      nextCursor: null,
    }),
  }),
  route({
    method: "delete",
    path: "/auth/sessions/:id",
    operationId: "revokeSession",
    tag: "auth",
    access: "user",
    summary: "Sign out one of the caller's devices",
    description:
      "Ends another device's session (a lost phone): its token answers 401 from its next request. The " +
      "caller's own current session may be named too (like signing out). An id that is not a live session " +
      "of the caller answers 404.",
    params: idParam,
    response: z.strictObject({ signedOut: z.literal(true) }),
    errors: { 404: "No live session with this id belongs to the caller." },
    handler: async ({ deps, user, params }) => {
      const ended = await endAccess(deps, user.userId, { kind: "signed out", sessionId: params.id });
      if (!ended.sessions) {
        throw refusal("not_found", "signin.noSuchSession");
      }
      return { signedOut: true as const };
    },
  }),
];
