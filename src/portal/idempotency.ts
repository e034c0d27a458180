/**
 * `Idempotency-Key` on the portal's creating POSTs, with the semantics of the IETF draft
 * (draft-ietf-httpapi-idempotency-key-header §2): the first answer to a key is kept for
 * `IDEMPOTENCY_KEY_HOURS` and replayed to a retry of the same request (same method, path and body); the same
 * key with another request is refused with 422, and a retry while the first is still running with 409.
 * Keys belong to the account that sent them.
 *
 * Kept: successes and refusals that a retry would meet again (404, 409, 423). Not kept, so a corrected retry
 * with the same key runs: 400 (invalid input), 401, 429 and server errors.
 */
import { and, eq, isNull, lt } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { idempotencyKeys } from "../db/schema/mod.ts";
import { sha256Hex } from "../crypto.ts";
import { AppError } from "../errors.ts";
import type { Tx } from "../services/common.ts";
import { PORTAL_TEXTS } from "../i18n/portal.ts";
import type { Lang } from "../i18n/mod.ts";

/** How long a key's answer is replayed. */
export const IDEMPOTENCY_KEY_HOURS = 24;
const NOT_KEPT = new Set([400, 401, 429]);

/** The key from the header: a structured-field string (`"…"`) or the bare token clients commonly send. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const v = header.trim().replace(/^"(.*)"$/, "$1");
  if (!/^[\x21-\x7e]{1,255}$/.test(v)) {
    throw new AppError(
      "validation",
      "Invalid Idempotency-Key: 1 to 255 visible ASCII characters (a UUID is a good choice).",
      { fields: [{ field: "header.Idempotency-Key", message: "1 to 255 visible ASCII characters." }] },
    );
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
}

/**
 * A claim older than this whose answer is missing was left by a process that stopped: no request runs this
 * long once claimed (its body is read before the claim; a write waits at most a minute for a lock).
 */
const STALE_CLAIM_MS = 2 * 60_000;

/**
 * Thrown inside a write's transaction when the claim was taken over meanwhile (this run outlived the bound):
 * the transaction rolls back, so the key's request is carried out by one run only.
 */
class ClaimLost extends Error {}

function stillRunning(): AppError {
  return new AppError(
    "conflict",
    "A request with this Idempotency-Key is still being processed; retry in a moment.",
    { retryAfter: 1 },
  );
}

/**
 * Runs `run` once per key. Returns the stored answer of an earlier identical request instead of running
 * again, or the fresh answer (stored when it is one a retry should see again).
 *
 * After a crash: `run` gets the deps to write with, whose `afterWrite` marks the claim `written_at` inside the
 * write's own transaction. A claim found without an answer and older than `STALE_CLAIM_MS` was left by a
 * process that stopped: without the mark its write never committed, so the retry takes the claim over and runs
 * (once: the takeover and the mark are conditional on the claim's time); with the mark the write was carried
 * out and only its answer is missing, which the retry is told in words rather than "in a moment" for a day.
 */
export async function withIdempotency<D extends Pick<AppDeps, "db" | "clock">>(
  deps: D,
  p: { userId: string; key: string; method: string; path: string; body: string; lang?: Lang },
  run: (deps: D & { afterWrite: (tx: Tx) => Promise<void> }) => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  const now = deps.clock.now();
  const fingerprint = await sha256Hex(`${p.method} ${p.path}\n${p.body}`);
  await deps.db.delete(idempotencyKeys).where(
    lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_KEY_HOURS * 3_600_000),
  );
  const claim = () =>
    deps.db.insert(idempotencyKeys).values({
      userId: p.userId,
      key: p.key,
      fingerprint,
      createdAt: now,
    }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.userId, p.userId), eq(idempotencyKeys.key, p.key));
  if (!(await claim()).length) {
    const [row] = await deps.db.select().from(idempotencyKeys).where(where).limit(1);
    if (row && row.fingerprint !== fingerprint) {
      throw new AppError(
        "unprocessable",
        "This Idempotency-Key was already used for another request; send a new key for a new request.",
      );
    }
    if (row && row.status !== null && row.response !== null) {
      return { status: row.status, body: row.response, replayed: true };
    }
    if (row) {
      if (row.createdAt > now - STALE_CLAIM_MS) throw stillRunning();
      if (row.writtenAt !== null) {
        throw new AppError("conflict", PORTAL_TEXTS[p.lang ?? "de"].idempotencyAnswerLost);
      }
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
  const ours = and(where, eq(idempotencyKeys.createdAt, now));
  let written = false;
  const writing = {
    ...deps,
    afterWrite: async (tx: Tx) => {
      if (written) return;
      const marked = await tx.update(idempotencyKeys).set({ writtenAt: now })
        .where(and(ours, isNull(idempotencyKeys.writtenAt))).returning({ key: idempotencyKeys.key });
      if (!marked.length) throw new ClaimLost();
      written = true;
    },
  };
  let answer: StoredAnswer;
  try {
    answer = await run(writing);
  } catch (e) {
    if (e instanceof ClaimLost) throw stillRunning();
    // Nothing was carried out: a corrected retry with the same key may run.
    if (!written) await deps.db.delete(idempotencyKeys).where(ours);
    throw e;
  }
  if (!written && (answer.status >= 500 || NOT_KEPT.has(answer.status))) {
    await deps.db.delete(idempotencyKeys).where(ours);
  } else {
    await deps.db.update(idempotencyKeys).set({ status: answer.status, response: answer.body }).where(ours);
  }
  return { ...answer, replayed: false };
}
