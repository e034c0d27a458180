/**
 * Group commit for the connector's own small writes (rate counters, audit rows, preview claims).
 *
 * Every audited call writes twice (its rate counter before the handler, its audit row after). On a local
 * SQLite file each commit waits for the disk (fsync, about half a millisecond here), which would cap the
 * connector at a few hundred calls a second. Statements queued while a flush is running are written
 * together in the next single transaction, so one fsync serves every concurrent call, each statement still
 * atomic and each caller still waiting until its own statement is committed (no write is acknowledged
 * before it is durable). The flush runs through `writeTx`, the services' in-process write queue: the libSQL
 * client waits for a busy lock synchronously, so a connector write must never start while a service's
 * write transaction is open on another connection.
 */
import type { SQL } from "drizzle-orm";
import { type ServiceDeps, writeTx } from "../services/common.ts";

interface Pending {
  stmt: SQL;
  resolve: (rows: Record<string, unknown>[]) => void;
  reject: (e: unknown) => void;
}

/** A per-database queue of statements committed in groups. */
export class GroupWriter {
  #deps: ServiceDeps;
  #queue: Pending[] = [];
  #flushing = false;

  constructor(deps: ServiceDeps) {
    this.#deps = deps;
  }

  /** Runs one statement in the next group commit and resolves with its rows (for `RETURNING`). */
  run(stmt: SQL): Promise<Record<string, unknown>[]> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ stmt, resolve, reject });
      if (!this.#flushing) {
        this.#flushing = true;
        // A microtask later, so every statement queued by the current task joins the same group.
        queueMicrotask(() => this.#flush());
      }
    });
  }

  /** Several statements committed in the same transaction, rows per statement. */
  runAll(stmts: SQL[]): Promise<Record<string, unknown>[][]> {
    return Promise.all(stmts.map((s) => this.run(s)));
  }

  async #flush(): Promise<void> {
    try {
      while (this.#queue.length) {
        const group = this.#queue.splice(0);
        const outcomes: ({ ok: true; rows: Record<string, unknown>[] } | { ok: false; error: unknown })[] =
          [];
        try {
          await writeTx(this.#deps, async (tx) => {
            for (const p of group) {
              // A failing statement is rolled back alone (SQLite statement atomicity); the others commit.
              try {
                const r = await tx.run(p.stmt);
                outcomes.push({ ok: true, rows: r.rows as unknown as Record<string, unknown>[] });
              } catch (error) {
                outcomes.push({ ok: false, error });
              }
            }
          });
        } catch (error) {
          for (const p of group) p.reject(error);
          continue;
        }
        group.forEach((p, i) => {
          const o = outcomes[i];
          if (o.ok) p.resolve(o.rows);
          else p.reject(o.error);
        });
      }
    } finally {
      this.#flushing = false;
    }
  }
}

const writers = new WeakMap<object, GroupWriter>();

/** The group writer of a database (one per database, so test apps never share one). */
export function writerOf(deps: ServiceDeps): GroupWriter {
  let w = writers.get(deps.db);
  if (!w) {
    w = new GroupWriter(deps);
    writers.set(deps.db, w);
  }
  return w;
}
