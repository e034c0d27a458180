/**
 * The connector's limits (contract, "Limits"): 60 calls per minute per connection, 20 writes (commit,
 * withdraw, cancel) per day per connection, and a tool's own hourly limit where it has one (`get_hr_overview`:
 * 6 per hour), counted in fixed windows.
 *
 * **Calls per minute** are counted in memory, per database (`MinuteCounts`): the count is taken and decided
 * synchronously, so the limit holds exactly under concurrent requests, and a call costs no write of its own.
 * Every counted call leaves an audit row (`audit.ts`), so the trail is the durable record of the count: after a
 * restart, the minute the service started in is counted again from the audit rows of that minute before its
 * first call is decided, and the limit holds across the restart. A few calls that are audited but not counted
 * (an unknown prompt) then count too: after a restart the count errs on the safe side. The service is one
 * process; a second process serving the same database at the same time would count its own calls (the portal's
 * limit, `portal/rate_limit.ts`, is kept the same way).
 *
 * **Writes per day and calls per hour** are rows of `rate_counters`, each count one atomic upsert (`INSERT …
 * ON CONFLICT DO UPDATE SET count = count + 1 RETURNING count`): they are few, and a day's or an hour's count
 * must not depend on how the audit trail is kept. The call that gets number 61 (21, 7) is refused; a refused
 * call still counts, so hammering does not help.
 */
import type { AppDeps } from "../deps.ts";
import { type AppError, refusal } from "../errors.ts";
import { writerOf } from "./writer.ts";
import { oneRow } from "../db/local.ts";
import type { RawStatements } from "../db/raw_sql.ts";

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

/** The audited calls of each connection since a minute's start: what a restart counts again. */
const AUDITED_SINCE = `SELECT connection_id AS c, count(*) AS n FROM mcp_audit
  WHERE created_at >= ? AND created_at < ? AND connection_id IS NOT NULL GROUP BY connection_id`;

/** The connector's counter rows of windows that began before a moment. */
const PURGE_SQL = "DELETE FROM rate_counters WHERE key LIKE 'mcp:%' AND window_start < ?";

/** The calls of each connection in the current minute, counted in memory (see the module comment). */
class MinuteCounts {
  /** The minute the counting began in: calls before this counter existed may have been made in it. */
  readonly #firstWindow: number;
  #window = Number.NaN;
  #counts = new Map<string, number>();
  /** The current minute's count read again from the audit trail, while that read is under way. */
  #recounting: Promise<void> | null = null;

  constructor(now: number) {
    this.#firstWindow = now - (now % MINUTE);
  }

  /** Counts one call of `connectionId` in the minute starting at `window`; returns its number in that minute. */
  hit(deps: AppDeps, connectionId: string, window: number): number | Promise<number> {
    if (window !== this.#window) {
      const earlier = window < this.#window;
      this.#window = window;
      this.#counts = new Map();
      // A minute that began before this counter did (the service's start) or one gone back to (the clock
      // set back) may hold calls not counted here: they are counted from the audit trail before any call
      // of that minute is decided.
      this.#recounting = window <= this.#firstWindow || earlier ? this.#recount(deps, window) : null;
    }
    // A call that waited into the next minute counts in that one.
    if (this.#recounting) {
      return this.#recounting.then(() => this.hit(deps, connectionId, Math.max(window, this.#window)));
    }
    const n = (this.#counts.get(connectionId) ?? 0) + 1;
    this.#counts.set(connectionId, n);
    return n;
  }

  async #recount(deps: AppDeps, window: number): Promise<void> {
    try {
      const rows = await deps.database.client.execute({
        sql: AUDITED_SINCE,
        args: [window, window + MINUTE],
      });
      if (window !== this.#window) return;
      for (const r of rows.rows) {
        const id = String(r.c);
        this.#counts.set(id, (this.#counts.get(id) ?? 0) + Number(r.n));
      }
      this.#recounting = null;
    } catch (e) {
      // Every call of the minute waited for the count and fails with it (busy, try again); the next call
      // tries the count again.
      if (window === this.#window) {
        this.#window = Number.NaN;
        this.#recounting = null;
      }
      throw e;
    }
  }
}

const minuteCounts = new WeakMap<object, MinuteCounts>();

function minuteCountsOf(deps: AppDeps): MinuteCounts {
  let m = minuteCounts.get(deps.db);
  if (!m) {
    m = new MinuteCounts(deps.clock.now());
    minuteCounts.set(deps.db, m);
  }
  return m;
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
  const minute = now - (now % MINUTE);
  const counted = minuteCountsOf(deps).hit(deps, connectionId, minute);
  const calls = typeof counted === "number" ? counted : await counted;
  const overRows = isWrite || hourly ? await countInRows(deps, connectionId, now, isWrite, hourly) : null;
  if (calls > CALLS_PER_MINUTE) {
    const retryAfter = Math.max(1, Math.ceil((minute + MINUTE - now) / 1000));
    throw refusal("rate_limited", "connector.perMinute", { limit: CALLS_PER_MINUTE, seconds: retryAfter }, {
      retryAfter,
    });
  }
  if (overRows) throw overRows;
}

/** The daily write count and a tool's hourly count, in `rate_counters`: the refusal of a call over either, or null. */
async function countInRows(
  deps: AppDeps,
  connectionId: string,
  now: number,
  isWrite: boolean,
  hourly: { tool: string; limit: number } | undefined,
): Promise<AppError | null> {
  const hour = Math.floor(now / HOUR) * HOUR;
  const day = Math.floor(now / DAY) * DAY;
  const stmts = [];
  if (isWrite) stmts.push(counter(`mcp:writes:${connectionId}`, day));
  if (hourly) stmts.push(counter(`mcp:hour:${hourly.tool}:${connectionId}`, hour));
  const counts = await writerOf(deps).runAll(stmts);
  const writes = isWrite ? counts[0] : undefined;
  const perHour = hourly ? counts[counts.length - 1] : undefined;
  maybePurge(deps, now);
  if (hourly && perHour && Number(perHour[0]?.count) > hourly.limit) {
    const retryAfter = Math.max(1, Math.ceil((hour + HOUR - now) / 1000));
    return refusal(
      "rate_limited",
      "connector.perHour",
      { tool: hourly.tool, limit: hourly.limit, minutes: Math.ceil(retryAfter / 60) },
      { retryAfter },
    );
  }
  if (writes && Number(writes[0]?.count) > WRITES_PER_DAY) {
    const retryAfter = Math.max(1, Math.ceil((day + DAY - now) / 1000));
    return refusal(
      "rate_limited",
      "connector.writesPerDay",
      { limit: WRITES_PER_DAY, until: new Date(day + DAY).toISOString() },
      { retryAfter },
    );
  }
  return null;
}

/** Deletes stale counter rows at most once an hour per database, off the request's critical path. */
function maybePurge(deps: AppDeps, now: number): void {
  const last = lastPurge.get(deps.db) ?? 0;
  if (now - last < 3_600_000 && now >= last) return;
  lastPurge.set(deps.db, now);
  writerOf(deps).run({
    sql: PURGE_SQL,
    args: [now - KEEP_MS],
  }).catch((e) => deps.log.warn("rate counter purge failed", { error: String(e) }));
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { UPSERT, AUDITED_SINCE, PURGE_SQL };
