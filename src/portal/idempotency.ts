/**
 * `Idempotency-Key` on the portal's creating POSTs, with the semantics of the IETF draft
 * (draft-ietf-httpapi-idempotency-key-header §2): the first answer to a key is kept for
 * `IDEMPOTENCY_KEY_HOURS` and replayed to a retry of the same request (same method, path and body); the same
 * key with another request is refused with 422, and a retry while the first is still running with 409.
 * Keys belong to the account that sent them.
 *
 * Kept: successes and refusals that a retry would meet again (404, 409, 423). Not kept, so a corrected retry
 * with the same key runs: 400 (invalid input), 401, 429 and server errors. How a key behaves when the
 * database fails under a request (a lock, a full disk): `withIdempotency`.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { idempotencyKeys } from "../db/schema/mod.ts";
import { sha256Hex } from "../crypto.ts";
import { AppError, refusal } from "../errors.ts";
import type { Tx } from "../services/common.ts";

/** How long a key's answer is replayed. */
export const IDEMPOTENCY_KEY_HOURS = 24;
const NOT_KEPT: ReadonlySet<number> = new Set([400, 401, 429]);

/** The key from the header: a structured-field string (`"…"`) or the bare token clients commonly send. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const v = header.trim().replace(/^"(.*)"$/, "$1");
  if (!/^[\x21-\x7e]{1,255}$/.test(v)) {
    throw refusal("validation", "portal.idempotencyKeyInvalid", {}, { field: "header.Idempotency-Key" });
  }
  return v;
}

/**
 * What a multipart upload's fingerprint covers: each part's name and, for a file, its name, size and the
 * SHA-256 of its bytes, in the order sent. Not the raw body: a client draws a new boundary for every request,
 * so a retry of the same file has other bytes on the wire but the same parts.
 */
export async function formFingerprintInput(form: FormData): Promise<string> {
  const lines = ["multipart/form-data"];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") lines.push(`${JSON.stringify(name)}=${JSON.stringify(value)}`);
    else {
      const digest = await sha256Hex(new Uint8Array(await value.arrayBuffer()));
      lines.push(`${JSON.stringify(name)} ${JSON.stringify(value.name)} ${value.size} ${digest}`);
    }
  }
  return lines.join("\n");
}

export interface StoredAnswer {
  status: number;
  body: string;
  /**
   * Seconds for the `Retry-After` of a refusal that says when to try again. Never stored: such refusals
   * (429, 5xx) free the key, so a retry runs the request again and gets a fresh one.
   */
  retryAfter?: number;
}

/**
 * A claim made before this process started (by a process that stopped), without an answer and younger than
 * this, is taken for still running: no request runs this long once claimed (its body is read before the
 * claim; a write waits for locks at most `DATABASE_LOCK_WAIT_MS` in all).
 */
const STALE_CLAIM_MS = 2 * 60_000;

/** At most this many answers are kept in memory when they could not be stored (see `Flights.unstored`). */
const MAX_UNSTORED = 1000;

/**
 * What this process knows of its own claims, per database: the keys whose request is running right now, and
 * the answers of requests that were carried out but whose answer could not be stored (a full disk, a lock),
 * so that a retry with the same key still gets it. Only a running request makes a retry wait: a claim of this
 * process that is not running any more failed or finished, whatever its row says.
 */
interface Flights {
  startedAt: number;
  running: Set<string>;
  unstored: Map<string, { fingerprint: string; answer: StoredAnswer }>;
}
const flightsByDb = new WeakMap<object, Flights>();

function flightsOf(deps: Pick<AppDeps, "db" | "clock">): Flights {
  let f = flightsByDb.get(deps.db);
  if (!f) {
    flightsByDb.set(deps.db, f = { startedAt: deps.clock.now(), running: new Set(), unstored: new Map() });
  }
  return f;
}

/**
 * Thrown inside a write's transaction when the claim was taken over meanwhile (this run outlived the bound):
 * the transaction rolls back, so the key's request is carried out by one run only.
 */
class ClaimLost extends Error {}

function stillRunning(): AppError {
  return refusal("conflict", "portal.idempotencyKeyRunning", {}, { retryAfter: 1 });
}

/**
 * A database error met after the request's write committed (or where that cannot be told): the doors answer
 * it as the trouble it is (503, 507), but say that the request may have been saved and that a retry with the
 * same key tells (`databaseTrouble`, `troubleMessage` in `db/trouble.ts`).
 */
export class MaybeSavedError extends Error {
  readonly mayHaveBeenSaved = true;
  constructor(cause: unknown) {
    super("the request may have been saved before a database error", { cause });
    this.name = "MaybeSavedError";
  }
}

/**
 * Runs `run` once per key. Returns the stored answer of an earlier identical request instead of running
 * again, or the fresh answer (stored when it is one a retry should see again).
 *
 * A key is refused as "still being processed" (409) only while its request runs in this process. A request
 * that failed before its write committed frees its key at once, whether or not its claim could be deleted
 * (under another program's lock or on a full disk it cannot): its claim has no `written_at`, and the retry
 * takes it over. `run` gets the deps to write with, whose `afterWrite` marks the claim `written_at` inside
 * the write's own transaction, so the mark exists exactly when the write committed:
 *
 * - the answer could not be stored after the commit: the client gets the answer all the same, and a retry
 *   with the same key gets it from memory (after a restart: 409, carried out, answer lost);
 * - the request failed after its commit, or it cannot be told whether it committed: the error is a
 *   `MaybeSavedError` ("may have been saved; retry with the same Idempotency-Key"), and the retry either
 *   finds the mark (409, carried out) or runs the request, which was then never carried out.
 *
 * A claim made by a process that stopped (before this one started) is taken for running for
 * `STALE_CLAIM_MS`, then taken over, or answered as carried out when it has the mark.
 */
export async function withIdempotency<D extends Pick<AppDeps, "db" | "clock">>(
  deps: D,
  p: { userId: string; key: string; method: string; path: string; body: string },
  run: (deps: D & { afterWrite: (tx: Tx) => Promise<void> }) => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  const flights = flightsOf(deps);
  const id = `${p.userId}\n${p.key}`;
  const now = deps.clock.now();
  const fingerprint = await sha256Hex(`${p.method} ${p.path}\n${p.body}`);
  if (flights.running.has(id)) {
    await checkFingerprint(deps, p, fingerprint);
    throw stillRunning();
  }
  await deps.db.delete(idempotencyKeys).where(
    lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_KEY_HOURS * 3_600_000),
  );
  if (flights.running.has(id)) throw stillRunning();
  const claim = () =>
    deps.db.insert(idempotencyKeys).values({
      userId: p.userId,
      key: p.key,
      fingerprint,
      createdAt: now,
    }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.userId, p.userId), eq(idempotencyKeys.key, p.key));
  if (flights.running.has(id)) throw stillRunning();
  if (!(await claim()).length) {
    if (flights.running.has(id)) throw stillRunning();
    const [row] = await deps.db.select().from(idempotencyKeys).where(where).limit(1);
    if (row && row.fingerprint !== fingerprint) throw usedForAnother();
    if (row && row.status !== null && row.response !== null) {
      flights.unstored.delete(id);
      return { status: row.status, body: row.response, replayed: true };
    }
    if (row) {
      const earlierProcess = row.createdAt < flights.startedAt;
      if (row.writtenAt !== null) {
        // Carried out; the answer is in memory if storing it failed in this process.
        const kept = flights.unstored.get(id);
        if (kept && kept.fingerprint === fingerprint) {
          await storeAnswer(deps, where, kept.answer).then(() => flights.unstored.delete(id), () => {});
          return { ...kept.answer, replayed: true };
        }
        if (earlierProcess && row.createdAt > now - STALE_CLAIM_MS) throw stillRunning();
        throw refusal("conflict", "portal.idempotencyAnswerLost");
      }
      if (earlierProcess && row.createdAt > now - STALE_CLAIM_MS) throw stillRunning();
      // Not running (it failed before its write, or its process stopped): taken over, once (conditional on
      // the claim's time, which the takeover sets).
      if (flights.running.has(id)) throw stillRunning();
      const taken = await deps.db.update(idempotencyKeys).set({ createdAt: now }).where(and(
        where,
        isNull(idempotencyKeys.status),
        isNull(idempotencyKeys.writtenAt),
        eq(idempotencyKeys.createdAt, row.createdAt),
      )).returning({ key: idempotencyKeys.key });
      if (!taken.length) throw stillRunning();
    } else if (!(await claim()).length) {
      // Swept between the insert and the read, and claimed again by a racing retry since.
      throw stillRunning();
    }
  }
  if (flights.running.has(id)) throw stillRunning();
  flights.running.add(id);
  try {
    return await runClaimed(
      deps,
      flights,
      id,
      and(where, eq(idempotencyKeys.createdAt, now)),
      fingerprint,
      now,
      run,
    );
  } finally {
    flights.running.delete(id);
  }
}

function usedForAnother(): AppError {
  return refusal("unprocessable", "portal.idempotencyKeyReused");
}

/** A key of this process's running requests sent again: 422 when it was for another request. */
async function checkFingerprint(
  deps: Pick<AppDeps, "db">,
  p: { userId: string; key: string },
  fingerprint: string,
): Promise<void> {
  const [row] = await deps.db.select({ fingerprint: idempotencyKeys.fingerprint }).from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, p.userId), eq(idempotencyKeys.key, p.key))).limit(1);
  if (row && row.fingerprint !== fingerprint) throw usedForAnother();
}

type Where = ReturnType<typeof and>;

function storeAnswer(deps: Pick<AppDeps, "db">, where: Where, answer: StoredAnswer): Promise<unknown> {
  return deps.db.update(idempotencyKeys).set({ status: answer.status, response: answer.body }).where(where);
}

/** Runs the request of a claim this process holds (`ours`), and keeps or frees the claim after it. */
async function runClaimed<D extends Pick<AppDeps, "db" | "clock">>(
  deps: D,
  flights: Flights,
  id: string,
  ours: Where,
  fingerprint: string,
  now: number,
  run: (deps: D & { afterWrite: (tx: Tx) => Promise<void> }) => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  let marking = false;
  const writing = {
    ...deps,
    afterWrite: async (tx: Tx) => {
      if (marking) return;
      const marked = await tx.update(idempotencyKeys).set({ writtenAt: now })
        .where(and(ours, isNull(idempotencyKeys.writtenAt))).returning({ key: idempotencyKeys.key });
      if (!marked.length) throw new ClaimLost();
      // Set inside the transaction: whether it then committed is told by the mark itself.
      marking = true;
    },
  };
  // Frees the claim of a request that wrote nothing. If the claim cannot be deleted (the same lock or full
  // disk that failed the request), it stays without a mark and is taken over by the retry: it is not running.
  const free = () => deps.db.delete(idempotencyKeys).where(ours).then(() => {}, () => {});
  let answer: StoredAnswer;
  try {
    answer = await run(writing);
  } catch (e) {
    if (e instanceof ClaimLost) throw stillRunning();
    if (!marking) {
      await free();
      throw e;
    }
    // The write's transaction marked the claim: did it commit? The mark tells (reads go on under a lock and
    // on a full disk); if even that cannot be read, it may have.
    const committed = await deps.db.select({ writtenAt: idempotencyKeys.writtenAt }).from(idempotencyKeys)
      .where(ours).limit(1).then((rows) => rows[0]?.writtenAt != null, () => null);
    if (committed === false) {
      await free();
      throw e;
    }
    throw new MaybeSavedError(e);
  }
  const written = marking;
  if (!written && (answer.status >= 500 || NOT_KEPT.has(answer.status))) {
    await free();
    return { ...answer, replayed: false };
  }
  try {
    await storeAnswer(deps, ours, answer);
  } catch {
    // The answer is true whether or not it could be stored: the client gets it. A carried-out request's
    // answer is kept in memory for a retry with the same key; a refusal that wrote nothing frees the key.
    if (written) {
      if (flights.unstored.size >= MAX_UNSTORED) {
        flights.unstored.delete(flights.unstored.keys().next().value!);
      }
      flights.unstored.set(id, { fingerprint, answer });
    } else await free();
  }
  return { ...answer, replayed: false };
}
