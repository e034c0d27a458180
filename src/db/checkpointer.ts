/**
 * Background checkpoints for a local database file.
 *
 * In WAL mode every commit appends to the write-ahead log, and SQLite copies the log back into the database
 * (a checkpoint) inside the commit that takes the log past 1000 pages. That commit then also copies pages
 * and syncs both files: measured under the connector's load, about five times a second a group commit took
 * 13–21 ms instead of under one, and since the driver is synchronous the whole event loop, and every request
 * in flight, waited for it.
 *
 * Here a worker thread with its own connection (`checkpoint_worker.ts`) checkpoints every `intervalMs`
 * instead, and the service's connections stop checkpointing by themselves (`wal_autocheckpoint=0`) once the
 * worker runs. Durability is unchanged: a commit is in the log before it returns, whoever copies it later.
 * If the worker cannot start or fails, the connections checkpoint by themselves again, as SQLite does by
 * default.
 *
 * Cutting the log back never holds writers up: the worker never waits for a lock, it says in shared memory
 * when it holds one (the service's writers wait for it without counting the moment against their lock wait,
 * so it never makes a write fail or blame another program), and a reader that keeps the log from being cut
 * back for five seconds is logged as a warning, at most once a minute, while the worker tries again every
 * second.
 */
import type { Logger } from "../log.ts";
import type { Database } from "./client.ts";
import type { CheckpointResult, FromWorker, ToWorker } from "./checkpoint_worker.ts";
import { AUTOCHECKPOINT_PAGES, setAutoCheckpoint, shareCheckpointFlag } from "./local.ts";

export type { CheckpointResult };

/** How often the worker checkpoints, in milliseconds. */
export const CHECKPOINT_INTERVAL_MS = 250;
const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
/** How often a log that a reader keeps from being cut back is logged, at most. */
const PINNED_LOG_EVERY_MS = 60_000;
/**
 * How long the log must have been kept from being cut back before it is logged: the service's own reads hold
 * it for moments under load, which the next tries get past.
 */
const PINNED_LOG_AFTER_MS = 5_000;

/** The running checkpointer. */
export interface Checkpointer {
  /** Runs one checkpoint now and reports it. */
  run(): Promise<CheckpointResult>;
  /** Stops the worker; the connections checkpoint by themselves again. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts background checkpoints for a local database file; resolves to null (connections keep
 * checkpointing by themselves) for other databases or when the worker cannot start.
 */
export async function startBackgroundCheckpoints(
  database: Database,
  opts: { intervalMs?: number; walMaxBytes?: number; log?: Logger; pinnedLogAfterMs?: number } = {},
): Promise<Checkpointer | null> {
  if (!database.path) return null;
  const worker = new Worker(new URL("./checkpoint_worker.ts", import.meta.url), { type: "module" });
  const send = (m: ToWorker) => worker.postMessage(m);
  let nextId = 1;
  const waiting = new Map<number, { resolve: (r: CheckpointResult) => void; reject: (e: Error) => void }>();
  let stopped: (() => void) | null = null;
  let running = false;
  /** Set once the worker is gone (failed and terminated): a later `stop` has nothing to wait for. */
  let gone = false;
  /** Non-zero while the worker holds the write lock (`checkpoint_worker.ts`). */
  const flag = new SharedArrayBuffer(4);
  let pinnedLoggedAt = -Infinity;

  /** The connections checkpoint by themselves again (and anyone waiting for a checkpoint is told). */
  const fallBack = (why: string | null) => {
    if (!running) return;
    running = false;
    shareCheckpointFlag(database.client, null);
    setAutoCheckpoint(database.client, AUTOCHECKPOINT_PAGES);
    if (why) opts.log?.warn("background checkpoints failed; connections checkpoint by themselves", { why });
    for (const w of waiting.values()) w.reject(new Error(`checkpointer stopped: ${why}`));
    waiting.clear();
  };

  const started = new Promise<boolean>((resolve) => {
    const timeout = setTimeout(() => {
      opts.log?.warn("background checkpoints could not start", { error: "the worker did not answer" });
      resolve(false);
    }, START_TIMEOUT_MS);
    worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.type === "ready") {
        clearTimeout(timeout);
        resolve(true);
      } else if (m.type === "failed") {
        clearTimeout(timeout);
        opts.log?.warn("background checkpoints could not start", { error: m.error });
        resolve(false);
      } else if (m.type === "ran") {
        const w = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.result) w?.resolve(m.result);
        else w?.reject(new Error(m.error ?? "checkpoint failed"));
      } else if (m.type === "pinned") {
        const after = opts.pinnedLogAfterMs ?? PINNED_LOG_AFTER_MS;
        if (m.sinceMs >= after && performance.now() - pinnedLoggedAt >= PINNED_LOG_EVERY_MS) {
          pinnedLoggedAt = performance.now();
          opts.log?.warn(
            "write-ahead log past its limit and not cut back: a reader keeps it (another program's open read " +
              "transaction?); tried again every second",
            { walMiB: Math.round(m.walBytes / 1048576), pinnedSeconds: Math.round(m.sinceMs / 1000) },
          );
        }
      } else if (m.type === "stopped") {
        stopped?.();
      }
    };
    worker.onerror = (e) => {
      e.preventDefault();
      clearTimeout(timeout);
      if (running) fallBack(e.message);
      else opts.log?.warn("background checkpoints could not start", { error: e.message });
      resolve(false);
      worker.terminate();
      gone = true;
      stopped?.();
    };
  });
  send({
    type: "start",
    path: database.path,
    intervalMs: opts.intervalMs ?? CHECKPOINT_INTERVAL_MS,
    walMaxBytes: opts.walMaxBytes,
    flag,
  });
  if (!(await started)) {
    worker.terminate();
    return null;
  }
  running = true;
  shareCheckpointFlag(database.client, new Int32Array(flag));
  setAutoCheckpoint(database.client, 0);

  let stopping: Promise<void> | null = null;
  return {
    run() {
      if (!running) return Promise.reject(new Error("checkpointer stopped"));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        send({ type: "run", id });
      });
    },
    stop() {
      return stopping ??= new Promise<void>((resolve) => {
        fallBack(null);
        if (gone) return resolve();
        const timeout = setTimeout(() => {
          worker.terminate();
          resolve();
        }, STOP_TIMEOUT_MS);
        stopped = () => {
          clearTimeout(timeout);
          resolve();
        };
        send({ type: "stop" });
      });
    },
  };
}
