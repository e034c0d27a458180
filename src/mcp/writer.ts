/**
 * Group commit for the connector's own small writes (rate counters, audit rows, previews).
 *
 * Every audited call writes twice (its rate counter before the handler, its audit row after). Each commit
 * costs a transaction's fixed work (and, with `DATABASE_SYNCHRONOUS=FULL`, a wait for the disk), which would
 * cap the connector at a few hundred calls a second. Statements queued while a flush is running are written
 * together in the next single transaction, so one commit serves every concurrent call, each statement still
 * atomic and each caller still waiting until its own statement is committed (no write is acknowledged
 * before it is committed). The flush runs in `writeTurn`, the services' in-process write turn: the libSQL
 * client waits for a busy lock synchronously, so a connector write must never start while a service's
 * write transaction is open on another connection.
 */
import { setImmediate } from "node:timers";
import type { InStatement, InValue } from "@libsql/client";
import type { AppDeps } from "../deps.ts";
import { writeTurn } from "../services/common.ts";
import { type CallWait, currentCallWait, withLockWaitSpent } from "../db/local.ts";

/** A raw statement: fixed SQL with positional arguments (no query builder on this hot path). */
export type Stmt = InStatement;
type Rows = Record<string, unknown>[];

interface Pending {
  stmt: Stmt;
  resolve: (rows: Rows) => void;
  reject: (e: unknown) => void;
  /** The caller's lock waits, and when it queued: time in the queue counts as waiting for the lock. */
  call: CallWait | undefined;
  queuedAt: number;
}

/** How long a queued statement's caller has waited for locks by now, its time in the queue included. */
function waitedBy(p: Pending, now: number): number {
  return (p.call?.waitedMs ?? 0) + (now - p.queuedAt);
}

/** The caller's time in the queue, counted to its call once the statement is settled. */
function settle(p: Pending): void {
  if (p.call?.open) p.call.waitedMs += performance.now() - p.queuedAt;
  p.call = undefined;
}

type WriterDeps = Pick<AppDeps, "db" | "database">;

/** A per-database queue of statements committed in groups. */
export class GroupWriter {
  #deps: WriterDeps;
  #queue: Pending[] = [];
  #flushing = false;

  constructor(deps: WriterDeps) {
    this.#deps = deps;
  }

  /** Runs one statement in the next group commit and resolves with its rows (for `RETURNING`). */
  run(stmt: Stmt): Promise<Rows> {
    return new Promise((resolve, reject) => {
      const call = currentCallWait();
      const queuedAt = performance.now();
      this.#queue.push({
        stmt,
        resolve: (rows) => {
          settle(pending);
          resolve(rows);
        },
        reject: (e) => {
          settle(pending);
          reject(e);
        },
        call,
        queuedAt,
      });
      const pending = this.#queue[this.#queue.length - 1];
      if (!this.#flushing) {
        this.#flushing = true;
        // After the event loop's next turn (not a microtask, not a clamped timer): the requests that
        // arrived meanwhile queue their statements first and join the same group.
        setImmediate(() => this.#flush());
      }
    });
  }

  /** Several statements committed in the same transaction, rows per statement. */
  runAll(stmts: Stmt[]): Promise<Rows[]> {
    return Promise.all(stmts.map((s) => this.run(s)));
  }

  async #flush(): Promise<void> {
    const group = this.#queue.splice(0);
    const client = this.#deps.database.client;
    // One libSQL batch (one transaction, one commit) for the whole group, in the services' write turn. It
    // waits for a lock no longer than the member that has waited longest may (each caller waits its own
    // DATABASE_LOCK_WAIT_MS, its time in the queue included, never its place in a queue of waits).
    try {
      const { stmts, owners } = mergeInserts(group.map((p) => p.stmt));
      const now = performance.now();
      const spent = Math.max(...group.map((p) => waitedBy(p, now)));
      const results = await withLockWaitSpent(
        spent,
        () => writeTurn(this.#deps, () => client.batch(stmts, "write")),
      );
      owners.forEach((ids, i) => {
        for (const id of ids) group[id].resolve(results[i].rows as unknown as Rows);
      });
    } catch {
      // One statement failed and the group rolled back whole: write each alone, so only that one fails.
      for (const p of group) {
        try {
          const r = await withLockWaitSpent(
            waitedBy(p, performance.now()),
            () => writeTurn(this.#deps, () => client.batch([p.stmt], "write")),
          );
          p.resolve(r[0].rows as unknown as Rows);
        } catch (error) {
          p.reject(error);
        }
      }
    }
    // Statements queued while this group was written go in the next group, one event-loop turn later.
    if (this.#queue.length) setImmediate(() => this.#flush());
    else this.#flushing = false;
  }
}

/** A single-row `INSERT … VALUES (?, …, ?)` with nothing after its row (no upsert, no `RETURNING`). */
const ONE_ROW_INSERT = /^\s*INSERT\s+INTO\s[^;]*\bVALUES\s*(\((?:\s*\?\s*,)*\s*\?\s*\))\s*$/i;
/** The rows per merged statement, largest first: few distinct statements to prepare and keep. */
const MERGED_ROWS = [64, 16, 4, 2, 1];

/**
 * The group's statements with each run of the same single-row insert written as multi-row inserts, in the
 * group's order: one statement of up to 64 rows costs SQLite's fixed work per statement once (the audit row
 * of every connector call is such an insert; measured alone, about 15 µs a row as single statements).
 * `owners[i]`: the queued statements merged statement `i` stands for. A merged statement that fails takes its
 * rows with it, and the group is then written statement by statement, as any failed group is.
 */
export function mergeInserts(group: readonly Stmt[]): { stmts: Stmt[]; owners: number[][] } {
  const stmts: Stmt[] = [];
  const owners: number[][] = [];
  for (let i = 0; i < group.length;) {
    const first = group[i];
    const row = typeof first === "string" || !Array.isArray(first.args)
      ? null
      : ONE_ROW_INSERT.exec(first.sql);
    let end = i + 1;
    if (
      row && typeof first !== "string" && row[1].split("?").length - 1 === (first.args as InValue[]).length
    ) {
      while (end < group.length && sameInsert(group[end], first.sql)) end++;
    }
    if (end - i === 1 || typeof first === "string") {
      stmts.push(first);
      owners.push([i]);
      i++;
      continue;
    }
    // The statement up to its row, then as many rows as are merged.
    const head = first.sql.slice(0, row![0].lastIndexOf(row![1]));
    for (let at = i; at < end;) {
      const n = MERGED_ROWS.find((k) => k <= end - at)!;
      const ids = Array.from({ length: n }, (_, k) => at + k);
      stmts.push(
        n === 1 ? group[at] : {
          sql: head + Array(n).fill(row![1]).join(", "),
          args: ids.flatMap((id) => (group[id] as { args: InValue[] }).args),
        },
      );
      owners.push(ids);
      at += n;
    }
    i = end;
  }
  return { stmts, owners };
}

/** Whether a statement is the same single-row insert (same text; positional values, as many). */
function sameInsert(s: Stmt, sql: string): boolean {
  return typeof s !== "string" && s.sql === sql && Array.isArray(s.args);
}

const writers = new WeakMap<object, GroupWriter>();

/** The group writer of a database (one per database, so test apps never share one). */
export function writerOf(deps: WriterDeps): GroupWriter {
  let w = writers.get(deps.db);
  if (!w) {
    w = new GroupWriter(deps);
    writers.set(deps.db, w);
  }
  return w;
}
