import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { sessions, users } from "../db/schema/mod.ts";
import { randomToken, sha256Hex } from "../crypto.ts";
import { AppError } from "../errors.ts";
import { decoyHash, verifyPassword } from "./password.ts";

/** The signed-in person as every handler sees it; role and active state are read fresh on each request. */
export interface AuthUser {
  userId: string;
  email: string;
  role: string;
  language: "de" | "en" | "fr";
  employeeId: string | null;
  sessionId: string;
  /** When the person last proved who they are (for step-up before consent). */
  authenticatedAt: number;
  method: string;
}

/** Sign-in throttling: after this many failures in a row the account is locked for LOCK_MINUTES. */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCK_MINUTES = 15;
/** `lastUsedAt` is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

/** Creates a session for a user and returns the bearer token (shown once; only its hash is stored). */
export async function createSession(
  db: Db,
  clock: Clock,
  userId: string,
  opts: { ttlDays: number; deviceName?: string | null; method: "password" | "oidc" },
): Promise<{ token: string; sessionId: string; expiresAt: number }> {
  const token = randomToken("hrs");
  const now = clock.now();
  const expiresAt = now + opts.ttlDays * 86_400_000;
  const [row] = await db.insert(sessions).values({
    userId,
    tokenHash: await sha256Hex(token),
    deviceName: opts.deviceName ?? null,
    method: opts.method,
    authenticatedAt: now,
    createdAt: now,
    lastUsedAt: now,
    expiresAt,
  }).returning({ id: sessions.id });
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
  return { token, sessionId: row.id, expiresAt };
}

/**
 * Checks e-mail and password. Unknown accounts cost the same time as known ones (a decoy hash) and get the
 * same answer, so the endpoint does not reveal who has an account. Five failures lock the account for
 * 15 minutes; the lock is answered before the password is checked.
 */
export async function checkPassword(db: Db, clock: Clock, email: string, password: string) {
  const now = clock.now();
  const user = await db.query.users.findFirst({ where: eq(users.email, email.trim().toLowerCase()) });
  if (!user || !user.passwordHash) {
    await verifyPassword(password, await decoyHash());
    throw new AppError("unauthenticated", "E-mail address or password is wrong.");
  }
  if (user.lockedUntil && user.lockedUntil > now) {
    const retryAfter = Math.ceil((user.lockedUntil - now) / 1000);
    throw new AppError(
      "rate_limited",
      `Too many failed sign-ins. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
      { retryAfter },
    );
  }
  const ok = await verifyPassword(password, user.passwordHash);
  if (!ok) {
    const failed = user.failedSignIns + 1;
    const lock = failed >= MAX_FAILED_SIGN_INS;
    await db.update(users).set({
      failedSignIns: lock ? 0 : failed,
      lockedUntil: lock ? now + LOCK_MINUTES * 60_000 : user.lockedUntil,
      updatedAt: now,
    }).where(eq(users.id, user.id));
    throw new AppError("unauthenticated", "E-mail address or password is wrong.");
  }
  if (!user.active) throw new AppError("forbidden", "This account is deactivated. Ask your HR team.");
  if (user.failedSignIns !== 0 || user.lockedUntil) {
    await db.update(users).set({ failedSignIns: 0, lockedUntil: null, updatedAt: now }).where(
      eq(users.id, user.id),
    );
  }
  return user;
}

/**
 * Resolves a bearer token to the signed-in person, or null. Expired and revoked sessions and deactivated
 * accounts resolve to null: a deactivation takes effect on the very next request.
 */
export async function resolveSession(db: Db, clock: Clock, token: string): Promise<AuthUser | null> {
  if (!token.startsWith("hrs_") || token.length > 100) return null;
  const now = clock.now();
  const rows = await db.select({
    sessionId: sessions.id,
    authenticatedAt: sessions.authenticatedAt,
    lastUsedAt: sessions.lastUsedAt,
    method: sessions.method,
    userId: users.id,
    email: users.email,
    role: users.role,
    language: users.language,
    employeeId: users.employeeId,
    active: users.active,
  }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(and(
    eq(sessions.tokenHash, await sha256Hex(token)),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
  )).limit(1);
  const r = rows[0];
  if (!r || !r.active) return null;
  if (now - r.lastUsedAt > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, r.sessionId));
  }
  return {
    userId: r.userId,
    email: r.email,
    role: r.role,
    language: (["de", "en", "fr"].includes(r.language) ? r.language : "de") as AuthUser["language"],
    employeeId: r.employeeId,
    sessionId: r.sessionId,
    authenticatedAt: r.authenticatedAt,
    method: r.method,
  };
}

/** Revokes one session of a user (logout, or "sign out that device"). False when there is none. */
export async function revokeSession(
  db: Db,
  clock: Clock,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const r = await db.update(sessions).set({ revokedAt: clock.now() }).where(and(
    eq(sessions.id, sessionId),
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
  )).returning({ id: sessions.id });
  return r.length > 0;
}

/** The live sessions (devices) of a user, newest first. */
export function listSessions(db: Db, clock: Clock, userId: string) {
  return db.select({
    id: sessions.id,
    deviceName: sessions.deviceName,
    method: sessions.method,
    createdAt: sessions.createdAt,
    lastUsedAt: sessions.lastUsedAt,
    expiresAt: sessions.expiresAt,
  }).from(sessions).where(and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, clock.now()),
  )).orderBy(desc(sessions.lastUsedAt)).limit(50);
}
