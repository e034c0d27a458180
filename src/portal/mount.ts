import type { Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { type AuthUser, resolveSession } from "../signin/sessions.ts";
import { parseOrThrow, type RouteDef } from "./route.ts";

/** The cookie that carries the same session token for the server-rendered pages. */
export const SESSION_COOKIE = "hr_session";

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
  const user = token ? await resolveSession(deps.db, deps.clock, token) : null;
  if (!user) {
    c.header("WWW-Authenticate", 'Bearer realm="portal"');
    throw new AppError(
      "unauthenticated",
      token
        ? "The session has expired or was signed out. Sign in again."
        : "Sign in first: send Authorization: Bearer <session token>.",
    );
  }
  return user;
}

async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new AppError(
      "unsupported_media_type",
      "Send the body as JSON with Content-Type: application/json.",
    );
  }
  const text = await c.req.text();
  if (text.trim() === "") throw new AppError("bad_request", "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
}

/** Mounts portal routes under `/api/v1/portal`: authentication, input validation, the `{success, data}` envelope. */
export function mountPortal(app: Hono, deps: AppDeps, routes: RouteDef[]): void {
  for (const r of routes) {
    app.on(r.method.toUpperCase(), `/api/v1/portal${r.path}`, async (c) => {
      const user = r.access === "public" ? (undefined as unknown as AuthUser) : await requireUser(deps, c);
      if (r.access === "employee" && !user.employeeId) {
        throw new AppError("not_found", "No employee record is linked to this account.");
      }
      const params = r.params ? parseOrThrow(r.params, c.req.param(), "path") : undefined;
      const query = r.query ? parseOrThrow(r.query, c.req.query(), "query") : undefined;
      const body = r.body ? parseOrThrow(r.body, await readJson(c), "body") : undefined;
      const out = await r.handler({ deps, c, user, employeeId: user?.employeeId ?? "", body, query, params });
      if (out instanceof Response) return out;
      // The response schema is the contract: data that does not fit it is a bug, never sent.
      const data = r.response ? r.response.parse(out) : out;
      return c.json({ success: true, data }, r.status ?? 200);
    });
  }
}
