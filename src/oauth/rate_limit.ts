/**
 * Fixed-window counters in `rate_counters`: one upsert per hit, safe across processes sharing the database.
 */
import { and, like, lt } from "drizzle-orm";
import { rateCounters } from "../db/schema/mod.ts";
import type { AppDeps } from "../deps.ts";
import type { RawStatements } from "../db/raw_sql.ts";

/** One hit of a key in a window, answering the window's count with it. */
const HIT_SQL = `INSERT INTO rate_counters (key, window_start, count) VALUES (?, ?, 1)
  ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count`;

/**
 * Counts one hit of `key` in the current window and says whether it is within `limit`. When it is not,
 * `retryAfter` is the number of seconds until the window ends (for the `Retry-After` header).
 */
export async function hitRateLimit(
  deps: AppDeps,
  key: string,
  limit: number,
  windowMs: number,
): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const now = deps.clock.now();
  const windowStart = now - (now % windowMs);
  const r = await deps.database.client.execute({
    sql: HIT_SQL,
    args: [key, windowStart],
  });
  const count = Number(r.rows[0]?.count ?? 0);
  if (count <= limit) return { ok: true };
  return { ok: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

/** Deletes counters of windows that ended more than a day ago. */
export async function purgeRateCounters(deps: AppDeps, prefix: string): Promise<void> {
  await deps.db.delete(rateCounters).where(
    and(like(rateCounters.key, prefix + "%"), lt(rateCounters.windowStart, deps.clock.now() - 86_400_000)),
  );
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { HIT_SQL };
