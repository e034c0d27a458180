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
 * back for five seconds is logged as a warning, at most once a minute, while the worker tries again four
 * times a second.
 *
 * The worker is a second isolate: about 19 MB resident for as long as it runs. `startCheckpointsOnDemand`
 * (what the service uses) therefore starts it only when there is something to checkpoint, a commit seen in
 * the log file (or a log of more than a few pages when it starts watching), and stops it again once no commit
 * came for `idleStopMs` and nothing is left to cut back. While no worker runs, the connections checkpoint by
 * themselves, as SQLite does by default: a service that writes a few pages an hour pays a checkpoint inside a
 * commit only every thousand pages, and only until its next write starts the worker again.
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
  /** Whether the worker still runs (false once stopped, or once it failed and the connections took over). */
  readonly running: boolean;
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
  opts: {
    intervalMs?: number;
    walMaxBytes?: number;
    restartBytes?: number;
    log?: Logger;
    pinnedLogAfterMs?: number;
    /** How long the worker may take to start before the connections checkpoint by themselves. */
    startTimeoutMs?: number;
    /** How long a stop waits for the worker's last checkpoint (which empties the log) before ending it. */
    stopTimeoutMs?: number;
  } = {},
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
    }, opts.startTimeoutMs ?? START_TIMEOUT_MS);
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
              "transaction?); tried again four times a second",
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
    restartBytes: opts.restartBytes,
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
    get running() {
      return running;
    },
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
        }, opts.stopTimeoutMs ?? STOP_TIMEOUT_MS);
        stopped = () => {
          clearTimeout(timeout);
          resolve();
        };
        send({ type: "stop" });
      });
    },
  };
}

/** How often the log file is looked at (a `stat`, a few microseconds), with and without a worker. */
export const WATCH_INTERVAL_MS = 250;
/** How long a worker runs on without a commit to follow before it stops. */
export const IDLE_STOP_MS = 60_000;
/**
 * A log larger than this when the watch starts is checkpointed at once (the demo organisation just created,
 * a log a crash left); the few pages a start writes are left to the connections.
 */
export const START_WAL_BYTES = 256 * 1024;

/** Background checkpoints while the database is written (`startCheckpointsOnDemand`). */
export interface OnDemandCheckpoints {
  /** Whether a worker runs now. */
  readonly running: boolean;
  /** How many times a worker was started. */
  readonly starts: number;
  /** How many times the log file was looked at (what a test waits for instead of a span of time). */
  readonly looks: number;
  /** Stops watching and the worker, if one runs; the connections checkpoint by themselves. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Watches a local database's write-ahead log and runs the background checkpoints (`startBackgroundCheckpoints`)
 * only while it is written: the worker starts at the first commit seen in the log file (its size or
 * modification time changed; also another program's commit) and stops after `idleStopMs` without one, once
 * nothing is left to cut back. A stop leaves an empty log behind, so the next commit is seen again. Null for
 * other databases. A worker that cannot start or fails is not tried again: the connections checkpoint by
 * themselves for the rest of the run, as with `startBackgroundCheckpoints`.
 */
export function startCheckpointsOnDemand(
  database: Database,
  opts: Parameters<typeof startBackgroundCheckpoints>[1] & {
    watchMs?: number;
    idleStopMs?: number;
    startWalBytes?: number;
  } = {},
): OnDemandCheckpoints | null {
  const path = database.path;
  if (!path) return null;
  const watchMs = opts.watchMs ?? WATCH_INTERVAL_MS;
  const idleStopMs = opts.idleStopMs ?? IDLE_STOP_MS;
  /** The log file as last seen: a commit changes its size or its modification time. */
  const look = (): { size: number; stamp: string } => {
    try {
      // Synchronous on purpose: an asynchronous stat would wake a thread of the blocking pool each time.
      const s = Deno.statSync(`${path}-wal`);
      return { size: s.size, stamp: `${s.size}:${s.mtime?.getTime()}` };
    } catch {
      return { size: 0, stamp: "none" };
    }
  };
  let seen = look();
  // A log of more than a few pages is there to be checkpointed: seen as changed at the first look.
  if (seen.size > (opts.startWalBytes ?? START_WAL_BYTES)) seen = { size: seen.size, stamp: "start" };
  let worker: Checkpointer | null = null;
  let starts = 0;
  let looks = 0;
  let quietSince = 0;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stepping: Promise<void> | null = null;

  const step = async () => {
    const now = look();
    looks++;
    const changed = now.stamp !== seen.stamp;
    seen = now;
    if (worker && !worker.running) {
      // Failed (and already logged): the connections checkpoint by themselves from now on.
      worker = null;
      done = true;
      return;
    }
    if (!worker) {
      if (!changed) return;
      const started = await startBackgroundCheckpoints(database, opts);
      starts++;
      if (!started) {
        done = true;
        return;
      }
      worker = started;
      quietSince = performance.now();
      if (done) await stopWorker();
      return;
    }
    if (changed) {
      quietSince = performance.now();
      return;
    }
    if (performance.now() - quietSince < idleStopMs) return;
    // Quiet long enough; stopped only with nothing left to cut back (a reader may still pin the log).
    const last = await worker.run().catch(() => null);
    if (!last || last.pinned || last.checkpointed < last.log) {
      quietSince = performance.now();
      return;
    }
    await stopWorker();
  };
  // A worker being stopped still runs (`running`): its stop checkpoints, and cuts back, a commit made
  // meanwhile, and the log is looked at again only after that, so a commit after the stop changes it.
  let stoppingWorker: Checkpointer | null = null;
  /** Stops the worker (its stop empties the log); the empty log is what the next commit is told from. */
  const stopWorker = async () => {
    const w = stoppingWorker = worker;
    worker = null;
    try {
      await w?.stop();
    } finally {
      seen = look();
      stoppingWorker = null;
    }
  };
  const schedule = () => {
    if (done) return;
    const t = setTimeout(() => {
      stepping = step().catch((e) => {
        opts.log?.warn("background checkpoints: the log could not be watched", { error: String(e) });
      }).finally(() => {
        stepping = null;
        schedule();
      });
    }, watchMs);
    // The watch alone never keeps the process alive.
    Deno.unrefTimer(t);
    timer = t;
  };
  schedule();

  let stopping: Promise<void> | null = null;
  return {
    get running() {
      return stoppingWorker !== null || (worker?.running ?? false);
    },
    get starts() {
      return starts;
    },
    get looks() {
      return looks;
    },
    stop() {
      return stopping ??= (async () => {
        done = true;
        clearTimeout(timer);
        await stepping;
        await stopWorker();
      })();
    },
  };
}
