/**
 * Fixed-window counters in `rate_counters`: one upsert per hit, safe across processes sharing the database.
 */
import { sql } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";

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
    sql: `INSERT INTO rate_counters (key, window_start, count) VALUES (?, ?, 1)
          ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count`,
    args: [key, windowStart],
  });
  const count = Number(r.rows[0]?.count ?? 0);
  if (count <= limit) return { ok: true };
  return { ok: false, retryAfter: Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000)) };
}

/** Deletes counters of windows that ended more than a day ago. */
export async function purgeRateCounters(deps: AppDeps, prefix: string): Promise<void> {
  await deps.db.run(
    sql`DELETE FROM rate_counters WHERE key LIKE ${prefix + "%"} AND window_start < ${
      deps.clock.now() - 86_400_000
    }`,
  );
}
