import { type Lang, langOr } from "../i18n/mod.ts";
import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import { sourceKey } from "../client_address.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { dataStamp } from "../db/local.ts";
import { pushDevices, sessions, users } from "../db/schema/mod.ts";
import { randomToken, sha256Hex } from "../crypto.ts";
import { refusal } from "../errors.ts";
import { decoyHash, verifyPassword } from "./password.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { writeTx } from "../db/write.ts";
import type { Logger } from "../log.ts";

/** The cookie that carries the session token for the server-rendered pages (the portal takes it too). */
export const SESSION_COOKIE = "hr_session";

/** The signed-in person as every handler sees it; role and active state are read fresh on each request. */
export interface AuthUser {
  userId: string;
  email: string;
  role: string;
  language: Lang;
  employeeId: string | null;
  sessionId: string;
  /** When the person last proved who they are (for step-up before consent). */
  authenticatedAt: number;
  method: string;
}

/** The longest a session lives, however often it is used: a year after the sign-in. */
export const SESSION_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

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
  const tokenHash = await sha256Hex(token);
  // One transaction, in the process's write turn: a session never exists without its sign-in recorded.
  const row = await writeTx({ db }, async (tx) => {
    const [created] = await tx.insert(sessions).values({
      userId,
      tokenHash,
      deviceName: opts.deviceName ?? null,
      method: opts.method,
      authenticatedAt: now,
      createdAt: now,
      lastUsedAt: now,
      expiresAt,
    }).returning({ id: sessions.id });
    await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
    return created;
  });
  return { token, sessionId: row.id, expiresAt };
}

/**
 * Checks a password sign-in (OWASP ASVS 4.0 V2.2.1, RFC 9700 §4.15 spirit: nothing an attacker can learn or
 * block for others):
 *
 * - An unknown address, a wrong password and a locked account answer alike (401, the same words, the same
 *   scrypt work): a known address cannot be told from an unknown one, and nobody learns that an account is
 *   locked; its owner is told by e-mail when the lock starts.
 * - Five wrong passwords in a row lock the account for 15 minutes (the lock is not extended by more tries).
 *   Each attempt is counted in the database before its password is hashed, in one statement, so at most five
 *   passwords are ever tested per lock period at any concurrency, and none while the account is locked (a
 *   locked account that still told a right password from a wrong one would only slow a guesser down).
 * - Per source (an IPv4 address, an IPv6 /64), growing delays like Keycloak's brute-force detection: after
 *   five failures within 15 minutes, each further attempt from that source waits 2, 4, 8 … seconds (at most 15
 *   minutes) after the last failure; an attempt during the wait is answered 429 with `Retry-After` without
 *   touching any account. Every attempt counts as a failure before it is checked (a right password takes its
 *   own count back), and a success never clears the failures before it, so one source tests at most five
 *   passwords at once and cannot reset its delay by signing in to an account of its own.
 * - Each failure and each lock is logged with the account's id (never the address typed) and the source.
 */
export async function checkPassword(
  db: Db,
  clock: Clock,
  email: string,
  password: string,
  opts: { source?: string; log?: Logger } = {},
) {
  const now = clock.now();
  const source = opts.source ?? "unknown";
  const key = sourceKey(source);
  const wait = sourceWait(db, key, now);
  if (wait > 0) {
    opts.log?.warn("sign-in slowed down for a source", { source, retryAfterSeconds: wait });
    throw refusal("rate_limited", "signin.throttled", { seconds: wait }, { retryAfter: wait });
  }
  // Counted before anything is awaited: concurrent attempts from one source each see the ones before.
  recordSourceFailure(db, key, now);
  // An unknown address, a wrong password and a locked account: one text, so none can be told apart.
  const wrong = () => refusal("unauthenticated", "signin.wrongPassword");
  const user = await db.query.users.findFirst({ where: eq(users.email, email.trim().toLowerCase()) });
  const attempt = user?.passwordHash ? await reserveAttempt(db, user.id, now) : null;
  if (!user || !attempt) {
    await verifyPassword(password, await decoyHash(), key);
    if (user) opts.log?.warn("sign-in to a locked account", { account: user.id, source });
    else opts.log?.info("sign-in failed", { account: null, source });
    throw wrong();
  }
  const ok = await verifyPassword(password, user.passwordHash, key);
  if (!ok) {
    opts.log?.info("sign-in failed", { account: user.id, source, failedInARow: attempt.count });
    if (attempt.locks) {
      // An attempt still in flight when the lock was set may have been the right password and lifted it.
      const [still] = await db.select({ lockedUntil: users.lockedUntil }).from(users).where(
        eq(users.id, user.id),
      );
      if (still?.lockedUntil === attempt.lockedUntil) {
        opts.log?.warn("account locked", { account: user.id, source, minutes: LOCK_MINUTES });
        await enqueueMail(db, clock, lockedMail(user.email, user.language, LOCK_MINUTES));
      }
    }
    throw wrong();
  }
  forgiveSourceFailure(db, key, now);
  await db.update(users).set({ failedSignIns: 0, lockedUntil: null, updatedAt: now }).where(
    eq(users.id, user.id),
  );
  if (!user.active) throw refusal("forbidden", "signin.deactivated");
  return user;
}

/**
 * Counts one attempt at an account before its password is tested, in one statement: the attempt that makes
 * five in a row also sets the lock (so an attempt still being checked cannot make room for more). Null when
 * the account is locked: no password is tested then.
 */
async function reserveAttempt(db: Db, userId: string, now: number) {
  const lockEnd = now + LOCK_MINUTES * 60_000;
  const next = sql`${users.failedSignIns} + 1`;
  const [row] = await db.update(users).set({
    failedSignIns: sql`CASE WHEN ${next} >= ${MAX_FAILED_SIGN_INS} THEN 0 ELSE ${next} END`,
    lockedUntil:
      sql`CASE WHEN ${next} >= ${MAX_FAILED_SIGN_INS} THEN ${lockEnd} ELSE ${users.lockedUntil} END`,
    updatedAt: now,
  }).where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ failed: users.failedSignIns, lockedUntil: users.lockedUntil });
  if (!row) return null;
  const locks = row.lockedUntil === lockEnd;
  return { count: locks ? MAX_FAILED_SIGN_INS : row.failed, locks, lockedUntil: row.lockedUntil };
}

/** Failures per source key (per database: each installation and test app has its own). */
const sources = new WeakMap<object, Map<string, { failures: number; last: number }>>();
const SOURCE_WINDOW_MS = 15 * 60_000;
const SOURCE_FREE_FAILURES = 5;

function sourceMap(db: Db) {
  let m = sources.get(db);
  if (!m) sources.set(db, m = new Map());
  return m;
}

/** Seconds the source must still wait before its next attempt (0: it may try). */
export function sourceWait(db: Db, source: string, now: number): number {
  const e = sourceMap(db).get(source);
  if (!e || now - e.last > SOURCE_WINDOW_MS || e.failures < SOURCE_FREE_FAILURES) return 0;
  const delayMs = Math.min(SOURCE_WINDOW_MS, 2 ** (e.failures - SOURCE_FREE_FAILURES + 1) * 1000);
  return Math.max(0, Math.ceil((e.last + delayMs - now) / 1000));
}

function recordSourceFailure(db: Db, source: string, now: number) {
  const m = sourceMap(db);
  const e = m.get(source);
  if (!e || now - e.last > SOURCE_WINDOW_MS) m.set(source, { failures: 1, last: now });
  else m.set(source, { failures: e.failures + 1, last: now });
  if (m.size > 10_000) m.delete(m.keys().next().value!);
}

/** Takes back the failure counted for an attempt that turned out right; earlier failures stay. */
function forgiveSourceFailure(db: Db, source: string, now: number) {
  const e = sourceMap(db).get(source);
  if (e && now - e.last <= SOURCE_WINDOW_MS) e.failures = Math.max(0, e.failures - 1);
}

/** The subject and text of the notice that an account was locked, in each language. */
export const LOCKED_MAIL_TEXTS: Record<Lang, (minutes: number) => [string, string]> = {
  de: (minutes) => [
    "Ihr Konto wurde vorübergehend gesperrt",
    `Nach mehreren falschen Passwörtern ist Ihr Konto für ${minutes} Minuten gesperrt. Waren Sie das nicht, ` +
    "melden Sie sich danach an und ändern Sie Ihr Passwort, oder wenden Sie sich an HR.",
  ],
  fr: (minutes) => [
    "Votre compte est temporairement bloqué",
    `Après plusieurs mots de passe erronés, votre compte est bloqué pendant ${minutes} minutes. Si ce n'était ` +
    "pas vous, connectez-vous ensuite et changez votre mot de passe, ou contactez les RH.",
  ],
  it: (minutes) => [
    "Il suo account è temporaneamente bloccato",
    `Dopo diverse password errate il suo account è bloccato per ${minutes} minuti. Se non è stato lei, acceda ` +
    "in seguito e cambi la password, oppure si rivolga alle risorse umane.",
  ],
  en: (minutes) => [
    "Your account is temporarily locked",
    `After several wrong passwords your account is locked for ${minutes} minutes. If this was not you, sign in ` +
    "afterwards and change your password, or contact HR.",
  ],
};

/** The owner's notice that their account was locked (in their language). */
function lockedMail(to: string, language: string, minutes: number) {
  const [subject, text] = LOCKED_MAIL_TEXTS[langOr(language)](minutes);
  return { to, subject, text: `${text}\n`, relatedTo: "account-locked" };
}

/** The tables a resolved session is read from: a write to either may change who the token stands for. */
const SESSION_TABLES = ["sessions", "users"] as const;
/** At most this many resolved sessions are kept in memory (the oldest dropped first). */
const RESOLVED_MAX = 10_000;

interface Resolved {
  /** `dataStamp` of SESSION_TABLES taken before the row was read. */
  stamp: string;
  user: Readonly<AuthUser>;
  lastUsedAt: number;
  expiresAt: number;
}

/** Per database: bearer token → its last resolution (see `resolveSession`). */
const resolvedSessions = new WeakMap<Db, Map<string, Resolved>>();

/**
 * Resolves a bearer token to the signed-in person, or null. Expired and revoked sessions and deactivated
 * accounts resolve to null: a deactivation takes effect on the very next request.
 *
 * Every portal request starts here, so a resolution is kept and served again while neither `sessions` nor
 * `users` may have changed (`dataStamp`: any write to them by this process, or any commit by another process
 * such as `hr-service user deactivate`, makes the next request read the row again) and while the session is
 * neither expired nor due for its `lastUsedAt` touch. A revocation, a role change or a deactivation is a write
 * to one of those tables, so it still applies on the very next request.
 */
export async function resolveSession(
  db: Db,
  clock: Clock,
  token: string,
  ttlDays = 30,
  /** `dataVersion` read at the start of the request (see `dataStamp`). */
  version?: number,
): Promise<AuthUser | null> {
  if (!token.startsWith("hrs_") || token.length > 100) return null;
  const now = clock.now();
  // Taken before the read (see `dataStamp`): a change during the read costs a second read, never a stale user.
  const stamp = await dataStamp(db.$client, SESSION_TABLES, version);
  let cache = resolvedSessions.get(db);
  if (!cache) resolvedSessions.set(db, cache = new Map());
  const hit = cache.get(token);
  if (hit && hit.stamp === stamp && hit.expiresAt > now && now - hit.lastUsedAt <= TOUCH_EVERY_MS) {
    return hit.user;
  }
  cache.delete(token);
  const rows = await db.select({
    sessionId: sessions.id,
    authenticatedAt: sessions.authenticatedAt,
    createdAt: sessions.createdAt,
    lastUsedAt: sessions.lastUsedAt,
    expiresAt: sessions.expiresAt,
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
  const user: Readonly<AuthUser> = Object.freeze({
    userId: r.userId,
    email: r.email,
    role: r.role,
    language: langOr(r.language),
    employeeId: r.employeeId,
    sessionId: r.sessionId,
    authenticatedAt: r.authenticatedAt,
    method: r.method,
  });
  if (now - r.lastUsedAt > TOUCH_EVERY_MS) {
    // A session in use is kept (a phone stays signed in): its expiry slides to `ttlDays` after its last use,
    // but never beyond SESSION_MAX_DAYS after the sign-in, when the person signs in again. The write changes
    // the stamp, so the next request reads the row again and keeps it from then on.
    const expiresAt = Math.min(now + ttlDays * DAY_MS, r.createdAt + SESSION_MAX_DAYS * DAY_MS);
    await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, r.sessionId));
  } else if (stamp !== null) {
    if (cache.size >= RESOLVED_MAX) cache.delete(cache.keys().next().value!);
    cache.set(token, { stamp, user, lastUsedAt: r.lastUsedAt, expiresAt: r.expiresAt });
  }
  return user;
}

/** How long a refresh may be retried with the token it replaced (its answer lost on the way). */
export const REFRESH_RETRY_MS = 60_000;

/**
 * Rotates a session's token (the refresh a phone does, as with an OAuth refresh token): a new token for the
 * same session (same device, same id in the device list), valid `ttlDays` from now but never beyond
 * SESSION_MAX_DAYS after the sign-in; the old token ends at once for every request. One exception keeps a
 * phone on a flaky network signed in: a retry of the refresh with the replaced token within REFRESH_RETRY_MS
 * of the rotation gets another new token, and the one whose answer was lost ends. Null for a token that is
 * unknown, ended, revoked or whose account is deactivated.
 */
export async function refreshSession(
  db: Db,
  clock: Clock,
  token: string,
  ttlDays = 30,
): Promise<{ token: string; sessionId: string; userId: string; expiresAt: number } | null> {
  if (!token.startsWith("hrs_") || token.length > 100) return null;
  const now = clock.now();
  const hash = await sha256Hex(token);
  const [r] = await db.select({ session: sessions, active: users.active }).from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId)).where(and(
      or(
        eq(sessions.tokenHash, hash),
        and(eq(sessions.previousTokenHash, hash), gt(sessions.rotatedAt, now - REFRESH_RETRY_MS)),
      ),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, now),
    )).limit(1);
  if (!r || !r.active) return null;
  const s = r.session;
  const next = randomToken("hrs");
  const expiresAt = Math.min(now + ttlDays * DAY_MS, s.createdAt + SESSION_MAX_DAYS * DAY_MS);
  const retry = s.tokenHash !== hash;
  // The update names the token it replaces, so of two refreshes racing with one token only one wins.
  const done = await db.update(sessions).set({
    tokenHash: await sha256Hex(next),
    lastUsedAt: now,
    expiresAt,
    ...(retry ? {} : { previousTokenHash: hash, rotatedAt: now }),
  }).where(and(eq(sessions.id, s.id), eq(sessions.tokenHash, s.tokenHash))).returning({ id: sessions.id });
  if (!done.length) return null;
  return { token: next, sessionId: s.id, userId: s.userId, expiresAt };
}

/**
 * Ends sessions of a user inside the caller's transaction: one (`{ only }`), all but one (`{ allBut }`, the
 * device asking), or all. The phones registered with an ended session go with it, so nothing more is pushed
 * to a device that is signed out. Returns the ids ended. `services/end_access.ts` decides which paths end what.
 */
export async function endSessions(
  q: Pick<Db, "update" | "delete">,
  now: number,
  userId: string,
  which: "all" | { only: string } | { allBut: string },
): Promise<string[]> {
  const ended = await q.update(sessions).set({ revokedAt: now }).where(and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    which === "all"
      ? undefined
      : "only" in which
      ? eq(sessions.id, which.only)
      : ne(sessions.id, which.allBut),
  )).returning({ id: sessions.id });
  const ids = ended.map((r) => r.id);
  if (ids.length) await q.delete(pushDevices).where(inArray(pushDevices.sessionId, ids));
  return ids;
}

/**
 * Revokes one session of a user for the sign-in's own needs (a step-up replacing the session, an app code
 * presented twice). False when there is none. What a person or an administrator does goes through
 * `services/end_access.ts`.
 */
export async function revokeSession(
  db: Db,
  clock: Clock,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const ended = await writeTx({ db }, (tx) => endSessions(tx, clock.now(), userId, { only: sessionId }));
  return ended.length > 0;
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
