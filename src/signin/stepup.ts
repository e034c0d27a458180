/**
 * Sign-in for the server-rendered pages (sign-in, consent, connected assistants) and the step-up rule:
 * consenting to an assistant needs a sign-in younger than `SIGNIN_MAX_AGE_SECONDS`, not just any session
 * (an unattended browser with an old session must not be enough to hand out access).
 */
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { AppDeps } from "../deps.ts";
import { SESSION_COOKIE } from "./sessions.ts";
import { type AuthUser, resolveSession, revokeSession } from "./sessions.ts";

/** The person signed in to this browser (session cookie only, never a header), or null. */
export async function pageUser(deps: AppDeps, c: Context): Promise<AuthUser | null> {
  const token = getCookie(c, SESSION_COOKIE);
  return token ? await resolveSession(deps.db, deps.clock, token, deps.config.sessionTtlDays) : null;
}

/** Whether the person proved who they are recently enough to consent. */
export function isFreshSignIn(deps: AppDeps, user: Pick<AuthUser, "authenticatedAt">): boolean {
  return deps.clock.now() - user.authenticatedAt <= deps.config.signinMaxAgeSeconds * 1000;
}

/**
 * Puts a new session on the browser's cookie (the same cookie the portal's web sign-in uses). A session the
 * browser held before is signed out, so a step-up does not leave an extra session behind.
 */
export async function replaceSessionCookie(
  deps: AppDeps,
  c: Context,
  token: string,
  ttlDays: number,
): Promise<void> {
  const previous = await pageUser(deps, c);
  if (previous) await revokeSession(deps.db, deps.clock, previous.userId, previous.sessionId);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    secure: deps.config.issuer.startsWith("https://"),
    sameSite: "Lax",
    path: "/",
    maxAge: ttlDays * 86400,
  });
}
