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
import { and, eq, lt } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { idempotencyKeys } from "../db/schema/mod.ts";
import { sha256Hex } from "../crypto.ts";
import { AppError } from "../errors.ts";

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
 * Runs `run` once per key. Returns the stored answer of an earlier identical request instead of running
 * again, or the fresh answer (stored when it is one a retry should see again).
 */
export async function withIdempotency(
  deps: Pick<AppDeps, "db" | "clock">,
  p: { userId: string; key: string; method: string; path: string; body: string },
  run: () => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  const now = deps.clock.now();
  const fingerprint = await sha256Hex(`${p.method} ${p.path}\n${p.body}`);
  await deps.db.delete(idempotencyKeys).where(
    lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_KEY_HOURS * 3_600_000),
  );
  const claimed = await deps.db.insert(idempotencyKeys).values({
    userId: p.userId,
    key: p.key,
    fingerprint,
    createdAt: now,
  }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.userId, p.userId), eq(idempotencyKeys.key, p.key));
  if (!claimed.length) {
    const [row] = await deps.db.select().from(idempotencyKeys).where(where).limit(1);
    if (row && row.fingerprint !== fingerprint) {
      throw new AppError(
        "unprocessable",
        "This Idempotency-Key was already used for another request; send a new key for a new request.",
      );
    }
    if (row && (row.status === null || row.response === null)) {
      throw new AppError(
        "conflict",
        "A request with this Idempotency-Key is still being processed; retry in a moment.",
        { retryAfter: 1 },
      );
    }
    if (row) return { status: row.status!, body: row.response!, replayed: true };
    // The row expired between the insert and the read: treat as new by falling through.
  }
  let answer: StoredAnswer;
  try {
    answer = await run();
  } catch (e) {
    await deps.db.delete(idempotencyKeys).where(where);
    throw e;
  }
  if (answer.status >= 500 || NOT_KEPT.has(answer.status)) {
    await deps.db.delete(idempotencyKeys).where(where);
  } else {
    await deps.db.update(idempotencyKeys).set({ status: answer.status, response: answer.body }).where(where);
  }
  return { ...answer, replayed: false };
}
