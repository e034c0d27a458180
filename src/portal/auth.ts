import { LANGS } from "../i18n/mod.ts";
import { z } from "zod";
import { clientAddress } from "../client_address.ts";
import { setCookie } from "hono/cookie";
import { AppError } from "../errors.ts";
import { permissionsOf } from "../domain/access.ts";
import {
  checkPassword,
  createSession,
  listSessions,
  refreshSession,
  revokeSession,
} from "../signin/sessions.ts";
import { route, type RouteDef } from "./route.ts";
import { dateTime, idParam } from "./schemas.ts";
import { SESSION_COOKIE, sessionToken } from "./mount.ts";
import { negotiateLang } from "../i18n/mod.ts";
import { PORTAL_TEXTS } from "../i18n/portal.ts";

const iso = (ms: number) => new Date(ms).toISOString();

const SignInBody = z.strictObject({
  email: z.string({ error: "must be a string" }).trim().toLowerCase().email({
    message: "must be an e-mail address",
  })
    .max(254),
  password: z.string({ error: "must be a string" }).min(1, { message: "must not be empty" }).max(1024),
  deviceName: z.string().trim().max(100, { message: "must be at most 100 characters" }).optional()
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
    query: z.strictObject({ cookie: z.enum(["true", "false"]).optional() }),
    response: z.strictObject({ token: z.string(), expiresAt: dateTime, user: SessionUser }),
    errors: {
      401: "E-mail address or password is wrong (or the account is locked for a while).",
      403: "The account is deactivated.",
      429: "Too many failed sign-ins from this address; try again after Retry-After seconds.",
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
      if (query.cookie === "true") {
        setCookie(c, SESSION_COOKIE, s.token, {
          httpOnly: true,
          secure: deps.config.issuer.startsWith("https://"),
          sameSite: "Lax",
          path: "/",
          maxAge: deps.config.sessionTtlDays * 86400,
        });
      }
      return {
        token: s.token,
        expiresAt: iso(s.expiresAt),
        user: {
          id: user.id,
          email: user.email,
          role: user.role as "employee",
          language: user.language as "de",
          employeeId: user.employeeId,
          permissions: permissionsOf(user.role),
        },
      };
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
        user: {
          id: user.userId,
          email: user.email,
          role: user.role as "employee",
          language: user.language,
          employeeId: user.employeeId,
          permissions: permissionsOf(user.role),
        },
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
        const t = PORTAL_TEXTS[negotiateLang(null, c.req.header("accept-language"))];
        throw new AppError("unauthenticated", token ? t.sessionEnded : t.signInFirst);
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
      await revokeSession(deps.db, deps.clock, user.userId, user.sessionId);
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
    response: z.array(SessionInfo),
    errors: {},
    handler: async ({ deps, user }) =>
      (await listSessions(deps.db, deps.clock, user.userId)).map((s) => ({
        id: s.id,
        deviceName: s.deviceName,
        method: s.method as "password",
        createdAt: iso(s.createdAt),
        lastUsedAt: iso(s.lastUsedAt),
        expiresAt: iso(s.expiresAt),
        current: s.id === user.sessionId,
      })),
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
      if (!await revokeSession(deps.db, deps.clock, user.userId, params.id)) {
        throw new AppError("not_found", "No signed-in device with this id.");
      }
      return { signedOut: true as const };
    },
  }),
];
