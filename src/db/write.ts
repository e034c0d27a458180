/**
 * The process's write turn and the write transaction every writer runs in. They sit with the database, below
 * the services and the sign-in that both write through them.
 */
import type { Db } from "./client.ts";
import { countTurnWait } from "./local.ts";

/** A drizzle transaction handle (same query API as `Db`). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const writeLocks = new WeakMap<object, Promise<unknown>>();

/**
 * The in-process write turn alone: runs `fn` once every earlier turn on this database has finished, without
 * opening a transaction. For writers that open their own (e.g. a raw `client.batch(…, "write")`): inside
 * `writeTx` such a batch would wait for the transaction `writeTx` itself holds on another connection.
 */
export function writeTurn<T>(deps: { db: Db }, fn: () => Promise<T>): Promise<T> {
  const prev = writeLocks.get(deps.db) ?? Promise.resolve();
  const queued = performance.now();
  const run = prev.catch(() => undefined).then(() => {
    countTurnWait(performance.now() - queued);
    return fn();
  });
  writeLocks.set(deps.db, run.catch(() => undefined));
  return run;
}

/**
 * Runs a check-then-write sequence (overlap check, state check, then insert/update) as one database
 * transaction, in the process's write turn (`writeTurn`). SQLite allows one writer; the libSQL client waits
 * for a busy lock synchronously, so two interleaved write transactions in one process would block each
 * other. The turn avoids that; the transaction keeps the sequence atomic against other processes on a
 * shared libSQL server. Everything inside must go through `tx` (never the client or `deps.db`).
 */
export function writeTx<T>(
  deps: { db: Db; afterWrite?: (tx: Tx, result: unknown) => Promise<void> },
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return writeTurn(deps, () =>
    deps.db.transaction(async (tx) => {
      const result = await fn(tx);
      if (deps.afterWrite) await deps.afterWrite(tx, result);
      return result;
    }));
}
