/**
 * The connector's limits (contract, "Limits"): 60 calls per minute per connection, 20 writes (commit,
 * withdraw, cancel) per day per connection, and a tool's own hourly limit where it has one (`get_hr_overview`:
 * 6 per hour), counted in fixed windows in `rate_counters`.
 *
 * Each count is one atomic upsert (`INSERT … ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count`):
 * the database hands every call its own number, so the limit holds exactly under concurrent requests, in
 * several processes on one database, and across restarts. The call that gets number 61 is refused; a
 * refused call still counts, so hammering does not help.
 */
import type { AppDeps } from "../deps.ts";
import { refusal } from "../errors.ts";
import { writerOf } from "./writer.ts";
import { oneRow } from "../db/local.ts";

export const CALLS_PER_MINUTE = 60;
export const WRITES_PER_DAY = 20;
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Counter rows older than this are deleted now and then (they decide nothing any more). */
const KEEP_MS = 2 * DAY;

const lastPurge = new WeakMap<object, number>();

const UPSERT = `INSERT INTO rate_counters (key, window_start, count) VALUES (?, ?, 1)
  ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count`;

function counter(key: string, windowStart: number) {
  return oneRow({ sql: UPSERT, args: [key, windowStart] });
}

/**
 * Counts one call of a connection (and one write when `isWrite`) and refuses it when over a limit. The
 * refusal says when the window resets, so the assistant can tell the person.
 */
export async function countCall(
  deps: AppDeps,
  connectionId: string,
  isWrite: boolean,
  hourly?: { tool: string; limit: number },
): Promise<void> {
  const now = deps.clock.now();
  const minute = Math.floor(now / MINUTE) * MINUTE;
  const hour = Math.floor(now / HOUR) * HOUR;
  const day = Math.floor(now / DAY) * DAY;
  const stmts = [counter(`mcp:min:${connectionId}`, minute)];
  if (isWrite) stmts.push(counter(`mcp:writes:${connectionId}`, day));
  if (hourly) stmts.push(counter(`mcp:hour:${hourly.tool}:${connectionId}`, hour));
  const writer = writerOf(deps);
  const counts = await writer.runAll(stmts);
  const calls = counts[0];
  const writes = isWrite ? counts[1] : undefined;
  const perHour = hourly ? counts[counts.length - 1] : undefined;
  maybePurge(deps, now);
  if (Number(calls[0]?.count) > CALLS_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil((minute + MINUTE - now) / 1000));
    throw refusal("rate_limited", "connector.perMinute", { limit: CALLS_PER_MINUTE, seconds: retryAfter }, {
      retryAfter,
    });
  }
  if (hourly && perHour && Number(perHour[0]?.count) > hourly.limit) {
    const retryAfter = Math.max(1, Math.ceil((hour + HOUR - now) / 1000));
    throw refusal(
      "rate_limited",
      "connector.perHour",
      { tool: hourly.tool, limit: hourly.limit, minutes: Math.ceil(retryAfter / 60) },
      { retryAfter },
    );
  }
  if (writes && Number(writes[0]?.count) > WRITES_PER_DAY) {
    const retryAfter = Math.max(1, Math.ceil((day + DAY - now) / 1000));
    throw refusal(
      "rate_limited",
      "connector.writesPerDay",
      { limit: WRITES_PER_DAY, until: new Date(day + DAY).toISOString() },
      { retryAfter },
    );
  }
}

/** Deletes stale counter rows at most once an hour per database, off the request's critical path. */
function maybePurge(deps: AppDeps, now: number): void {
  const last = lastPurge.get(deps.db) ?? 0;
  if (now - last < 3_600_000 && now >= last) return;
  lastPurge.set(deps.db, now);
  writerOf(deps).run({
    sql: "DELETE FROM rate_counters WHERE key LIKE 'mcp:%' AND window_start < ?",
    args: [now - KEEP_MS],
  }).catch((e) => deps.log.warn("rate counter purge failed", { error: String(e) }));
}
