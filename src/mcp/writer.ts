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
import type { InStatement } from "@libsql/client";
import type { AppDeps } from "../deps.ts";
import { writeTurn } from "../services/common.ts";

/** A raw statement: fixed SQL with positional arguments (no query builder on this hot path). */
export type Stmt = InStatement;
type Rows = Record<string, unknown>[];

interface Pending {
  stmt: Stmt;
  resolve: (rows: Rows) => void;
  reject: (e: unknown) => void;
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
      this.#queue.push({ stmt, resolve, reject });
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
    // One libSQL batch (one transaction, one commit) for the whole group, in the services' write turn.
    try {
      const results = await writeTurn(this.#deps, () => client.batch(group.map((p) => p.stmt), "write"));
      group.forEach((p, i) => p.resolve(results[i].rows as unknown as Rows));
    } catch {
      // One statement failed and the group rolled back whole: write each alone, so only that one fails.
      for (const p of group) {
        try {
          const r = await writeTurn(this.#deps, () => client.batch([p.stmt], "write"));
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
