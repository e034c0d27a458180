/**
 * Sign-in of a native app through the installation's upstream OpenID provider (RFC 8252): the app opens
 * the start address in the system browser with its redirect URI and a PKCE challenge, the person signs in
 * at the provider, and the service sends the browser to the app's redirect URI with a one-time code. The
 * app exchanges the code with its PKCE verifier for a portal session, the same a password sign-in gives.
 *
 * The code is useless without the verifier, which never left the app: an app that registered the same
 * private-use scheme and caught the redirect cannot redeem it. Codes are single-use, live 60 seconds and
 * are bound to the redirect URI they were sent to (RFC 6749 §4.1.3).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { appSignInCodes } from "../db/schema/mod.ts";
import { randomToken, safeEqual, sha256B64url, sha256Hex } from "../crypto.ts";
import { createSession, revokeSession } from "./sessions.ts";

/** How long a one-time code may be exchanged. */
export const APP_CODE_TTL_MS = 60_000;

/** What the browser keeps, beside the upstream state, to come back to the app. */
export interface AppReturn {
  redirectUri: string;
  codeChallenge: string;
  /** The app's own `state`, given back unchanged. */
  state?: string;
}

/** A PKCE S256 challenge: the base64url SHA-256 of a verifier, 43 characters (RFC 7636 §4.2). */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** The redirect URI, exactly as registered in `APP_REDIRECT_URIS`, or null. */
export function registeredAppRedirect(deps: AppDeps, uri: string): string | null {
  return deps.config.appRedirectUris.includes(uri) ? uri : null;
}

/** The app's redirect URI with the given parameters added to its query. */
export function appRedirect(to: AppReturn, params: Record<string, string>): string {
  const u = new URL(to.redirectUri);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  if (to.state !== undefined) u.searchParams.set("state", to.state);
  return u.href;
}

/** Issues the one-time code for a person who signed in upstream; only its hash is stored. */
export async function issueAppCode(deps: AppDeps, userId: string, to: AppReturn): Promise<string> {
  const code = randomToken("hac");
  const now = deps.clock.now();
  await deps.db.insert(appSignInCodes).values({
    codeHash: await sha256Hex(code),
    userId,
    redirectUri: to.redirectUri,
    codeChallenge: to.codeChallenge,
    createdAt: now,
    expiresAt: now + APP_CODE_TTL_MS,
  });
  return code;
}

/**
 * Exchanges a one-time code for a session, or null. The code is spent by its first presentation whatever
 * its outcome, so a wrong verifier cannot be retried; a code presented again also ends the session it
 * became, since one of the two presenters is not the app (RFC 6749 §4.1.2).
 */
export async function redeemAppCode(
  deps: AppDeps,
  input: { code: string; codeVerifier: string; redirectUri: string; deviceName?: string },
): Promise<{ token: string; expiresAt: number; userId: string } | null> {
  const codeHash = await sha256Hex(input.code);
  const now = deps.clock.now();
  const [row] = await deps.db.update(appSignInCodes).set({ usedAt: now })
    .where(and(eq(appSignInCodes.codeHash, codeHash), isNull(appSignInCodes.usedAt)))
    .returning();
  if (!row) {
    const spent = await deps.db.query.appSignInCodes.findFirst({
      where: eq(appSignInCodes.codeHash, codeHash),
    });
    if (spent?.sessionId) {
      await revokeSession(deps.db, deps.clock, spent.userId, spent.sessionId);
      deps.log.warn("app sign-in code presented again; its session ended", { userId: spent.userId });
    }
    return null;
  }
  if (row.expiresAt <= now) return null;
  if (row.redirectUri !== input.redirectUri) return null;
  if (!safeEqual(await sha256B64url(input.codeVerifier), row.codeChallenge)) return null;
  const user = await deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, row.userId) });
  if (!user?.active) return null;
  const s = await createSession(deps.db, deps.clock, row.userId, {
    ttlDays: deps.config.sessionTtlDays,
    deviceName: input.deviceName,
    method: "oidc",
  });
  await deps.db.update(appSignInCodes).set({ sessionId: s.sessionId }).where(
    eq(appSignInCodes.codeHash, codeHash),
  );
  return { token: s.token, expiresAt: s.expiresAt, userId: row.userId };
}
