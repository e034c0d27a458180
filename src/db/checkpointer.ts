/**
 * Background checkpoints for a local database file.
 *
 * In WAL mode every commit appends to the write-ahead log, and SQLite copies the log back into the database
 * (a checkpoint) inside the commit that takes the log past 1000 pages. That commit then also copies pages
 * and syncs both files: measured under the connector's load, about five times a second a group commit took
 * 13–21 ms instead of under one, and since the driver is synchronous the whole event loop, and every request
 * in flight, waited for it.
 *
 * Here a connection of its own checkpoints every `intervalMs` instead, and the service's connections stop
 * checkpointing by themselves (`wal_autocheckpoint=0`) while it runs. Its statements run through the
 * driver's asynchronous interface (`libsql/promise`), which executes them on the driver's own native thread
 * pool: a round copies pages and syncs the database file there, while the event loop goes on serving. No
 * JavaScript thread of its own: a second isolate would cost about 19 MB for as long as it ran, and ending
 * an isolate that had loaded the native driver is what brought the process down (a segmentation fault in a
 * runtime thread, seen twice when such workers were started and ended many times in one process).
 * Durability is unchanged: a commit is in the log before it returns, whoever copies it later. If the
 * connection cannot be opened, the service's connections checkpoint by themselves, as SQLite does by default.
 *
 * A round is a PASSIVE checkpoint, which never waits for readers or writers: it copies what no reader still
 * needs and leaves the rest for the next round (https://www.sqlite.org/c3ref/wal_checkpoint_v2.html).
 *
 * A writer starts the log over from its first frame only when, as its transaction begins, every frame has
 * been copied back. Under a steady stream of commits that moment never comes (a PASSIVE round takes longer
 * than the gap between two commits, so new frames are always waiting), and the log would grow by every
 * commit until it reached `walMaxBytes`, where cutting it back held every writer up for tens of milliseconds
 * (measured: 33–81 ms for a log of 64 MiB). So once the frames in the log pass `restartBytes`, a round also
 * tries a RESTART checkpoint without waiting: it takes the write lock if it is free, copies the frames
 * committed since the PASSIVE round (a few), and leaves the log fully copied, so the next writer starts it
 * over at its first frame. The file keeps its size and is written again from the start.
 *
 * The log FILE only shrinks when it is cut back, which needs a moment when no reader is inside it. Past
 * `walMaxBytes` a round also tries a TRUNCATE checkpoint, and only ever without waiting (busy timeout 0): it
 * takes the write lock if it is free, copies the few frames the PASSIVE round left, and cuts the log to zero
 * bytes if no reader pins it, or gives up at once if one does, and tries again a quarter of a second later.
 * While it may hold the lock it says so in a flag the service's writers read, so they wait for it instead of
 * counting the moment against their lock wait (`local.ts`), and so it never makes a write fail or blame
 * another program. A reader that keeps the log from being cut back for five seconds (another program's long
 * read transaction, a backup) is logged as a warning, at most once a minute, and the log grows until it lets
 * go; then the next try cuts it.
 *
 * `startCheckpointsOnDemand` (what the service uses) runs the rounds only while there is something to
 * checkpoint, from a commit seen in the log file (or a log of more than a few pages when it starts watching)
 * until no commit came for `idleStopMs` and nothing is left to cut back; meanwhile the connections
 * checkpoint by themselves, as SQLite does by default, and a service that writes a few pages an hour pays a
 * checkpoint inside a commit only every thousand pages, and only until its next write starts the rounds again.
 */
import AsyncDatabase from "libsql/promise";
import type { Logger } from "../log.ts";
import type { Database } from "./client.ts";
import { AUTOCHECKPOINT_PAGES, setAutoCheckpoint, shareCheckpointFlag } from "./local.ts";

/** What one checkpoint reports: frames in the log, frames copied, and whether it met a lock. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
  /** Whether the log was past its limit and could not be cut back this round (a reader pins it). */
  pinned?: boolean;
}

/** How often a round runs, in milliseconds. */
export const CHECKPOINT_INTERVAL_MS = 250;
const START_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
/** Above this the log is cut back to zero when no reader pins it (a PASSIVE checkpoint never shrinks it). */
const WAL_MAX_BYTES = 64 * 1024 * 1024;
/**
 * Frames worth more than this in the log are copied back and the log started over (see the module comment).
 * Each start-over holds the writers for one copy and one fsync of the database file, so it is done rarely:
 * at half the size where the log is cut back.
 */
const RESTART_BYTES = 32 * 1024 * 1024;
/**
 * How long a pinned log is left alone before the next try. Short: a try also fails when a writer holds the
 * lock at that instant, which under steady writes is often (measured: with eight writers, two tries a second
 * apart both failed after the reader had let go, and the log was still 114 MiB two seconds later).
 */
const PINNED_RETRY_MS = 250;
/** How often a log that a reader keeps from being cut back is logged, at most. */
const PINNED_LOG_EVERY_MS = 60_000;
/**
 * How long the log must have been kept from being cut back before it is logged: the service's own reads hold
 * it for moments under load, which the next tries get past.
 */
const PINNED_LOG_AFTER_MS = 5_000;

/** The running checkpointer. */
export interface Checkpointer {
  /** Whether the rounds still run (false once stopped). */
  readonly running: boolean;
  /** Runs one round now and reports it. */
  run(): Promise<CheckpointResult>;
  /** Stops the rounds, leaving an empty log; the connections checkpoint by themselves again. Idempotent. */
  stop(): Promise<void>;
}

type CheckpointOptions = {
  intervalMs?: number;
  walMaxBytes?: number;
  restartBytes?: number;
  log?: Logger;
  pinnedLogAfterMs?: number;
  /** How long opening the connection and the first round may take before the connections checkpoint by themselves. */
  startTimeoutMs?: number;
  /** How long a stop waits for the last checkpoint (which empties the log) before it returns. */
  stopTimeoutMs?: number;
};

/** A statement of the asynchronous interface (`libsql/promise`): `all` runs it on the driver's thread pool. */
type AsyncStatement = { all(): Promise<Record<string, unknown>[]> };

/** A checkpoint's row as numbers. */
function counts(r: Record<string, unknown>): CheckpointResult {
  return { busy: Number(r.busy), log: Number(r.log), checkpointed: Number(r.checkpointed) };
}

/**
 * The checkpoints' own connection, with the checkpoint statements prepared once: a round then runs without a
 * turn of the event loop first. The driver closes a connection only once every statement prepared on it has
 * been collected (`close` drops its handle, and each statement holds one too: measured, 50 starts and stops
 * with a connection each left 100 descriptors open), so one connection serves every start of the rounds,
 * and is closed once, when they stop for good.
 */
class CheckpointConnection {
  #prepared = new Map<string, Promise<AsyncStatement>>();

  private constructor(readonly db: AsyncDatabase, readonly walPath: string, readonly pageSize: number) {}

  /** Opens it (throws where it cannot be). */
  static async open(path: string, walMaxBytes: number): Promise<CheckpointConnection> {
    // Never a busy wait: a checkpoint that meets a lock gives up at once and tries again next round.
    const db = new AsyncDatabase(path, { timeout: 0 });
    try {
      const size = await (await db.prepare("PRAGMA page_size") as AsyncStatement).all();
      await db.exec(`PRAGMA journal_size_limit=${walMaxBytes}`);
      return new CheckpointConnection(db, `${path}-wal`, Number(size[0]?.page_size) || 4096);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** One checkpoint's row, run on the driver's thread pool. */
  async checkpoint(mode: "PASSIVE" | "RESTART" | "TRUNCATE"): Promise<CheckpointResult> {
    let statement = this.#prepared.get(mode);
    if (!statement) {
      statement = this.db.prepare(`PRAGMA wal_checkpoint(${mode})`) as Promise<AsyncStatement>;
      this.#prepared.set(mode, statement);
      // Prepared again next time if it could not be.
      statement.catch(() => this.#prepared.delete(mode));
    }
    return counts((await (await statement).all())[0] ?? {});
  }

  close(): void {
    this.#prepared.clear();
    this.db.close();
  }
}

/**
 * The rounds on one connection. Rounds never overlap: each (a timer's, one asked for, the stop's) waits for
 * the one before it.
 */
class Rounds {
  /** Non-zero while a RESTART or TRUNCATE may hold the write lock (read by the service's writers). */
  readonly holding = new Int32Array(1);
  #last: Promise<unknown> = Promise.resolve();
  /** When a TRUNCATE last found the log pinned (since when, and when to try again); null when it is not. */
  #pinnedSince: number | null = null;
  #nextTry = 0;
  #pinnedLoggedAt = -Infinity;
  /** Whether the last round found more than `restartBytes` of frames, so this one tries to start the log over. */
  #restartNext = false;

  constructor(readonly connection: CheckpointConnection, readonly opts: CheckpointOptions) {}

  /** `fn` after every round before it. */
  queue<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.#last.then(fn, fn);
    this.#last = next.catch(() => {});
    return next;
  }

  #walSize(): number {
    try {
      return Deno.statSync(this.connection.walPath).size;
    } catch {
      return 0;
    }
  }

  /**
   * One checkpoint that takes the write lock if it is free (busy timeout 0), with the flag set while it may
   * hold it. Whether no reader kept it from its end (RESTART: the log starts over; TRUNCATE: it is cut) is
   * `busy` 0. Where the lock is taken, it copies what a PASSIVE checkpoint would, and says `busy` 1
   * (https://www.sqlite.org/c3ref/wal_checkpoint_v2.html).
   */
  async holdingLock(mode: "RESTART" | "TRUNCATE"): Promise<CheckpointResult> {
    Atomics.store(this.holding, 0, 1);
    try {
      return await this.connection.checkpoint(mode);
    } catch {
      // A lock met at once (a writer in the middle of its transaction): the same as pinned for this round.
      return { busy: 1, log: -1, checkpointed: -1 };
    } finally {
      Atomics.store(this.holding, 0, 0);
    }
  }

  /**
   * A round (see the module comment): past `walMaxBytes` a try at cutting the log back, after a round that
   * found more than `restartBytes` of frames a try at starting it over, otherwise a PASSIVE checkpoint. Each
   * is one statement, run on the driver's thread in one go: a second statement would wait for a turn of the
   * event loop first, in which a writer under a steady stream of commits may take the lock.
   */
  async round(asked = false): Promise<CheckpointResult> {
    // Asked for: tried now, even within the pause after a pinned try.
    if (asked) this.#nextTry = 0;
    const size = this.#walSize();
    const now = Date.now();
    if (size > (this.opts.walMaxBytes ?? WAL_MAX_BYTES) && now >= this.#nextTry) {
      const cut = await this.holdingLock("TRUNCATE");
      if (cut.busy === 0) {
        this.#pinnedSince = null;
        this.#restartNext = false;
        return cut;
      }
      this.#pinnedSince ??= now;
      this.#nextTry = now + PINNED_RETRY_MS;
      this.#pinned(size, now - this.#pinnedSince);
      return { ...(cut.log < 0 ? await this.#passive() : cut), pinned: true };
    }
    if (this.#restartNext) {
      const restart = await this.holdingLock("RESTART");
      if (restart.log >= 0) {
        this.#restartNext = restart.busy !== 0;
        return this.#pinnedUnless(size, restart);
      }
    }
    return this.#pinnedUnless(size, await this.#passive());
  }

  async #passive(): Promise<CheckpointResult> {
    const result = await this.connection.checkpoint("PASSIVE");
    // The frames a round finds in the log are those written since the log last started over.
    this.#restartNext =
      result.log * (this.connection.pageSize + 24) > (this.opts.restartBytes ?? RESTART_BYTES);
    return result;
  }

  /** `result`, said to be pinned while the log is past its limit (within the pause after a pinned try). */
  #pinnedUnless(size: number, result: CheckpointResult): CheckpointResult {
    if (size <= (this.opts.walMaxBytes ?? WAL_MAX_BYTES)) {
      this.#pinnedSince = null;
      return result;
    }
    return { ...result, pinned: true };
  }

  #pinned(walBytes: number, sinceMs: number) {
    const after = this.opts.pinnedLogAfterMs ?? PINNED_LOG_AFTER_MS;
    if (sinceMs < after || performance.now() - this.#pinnedLoggedAt < PINNED_LOG_EVERY_MS) return;
    this.#pinnedLoggedAt = performance.now();
    this.opts.log?.warn(
      "write-ahead log past its limit and not cut back: a reader keeps it (another program's open read " +
        "transaction?); tried again four times a second",
      { walMiB: Math.round(walBytes / 1048576), pinnedSeconds: Math.round(sinceMs / 1000) },
    );
  }
}

/** Resolves to `work`'s result, or to `late` once `ms` have passed without it. */
function within<T>(work: Promise<T>, ms: number, late: () => T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    work,
    new Promise<T>((resolve) => timer = setTimeout(() => resolve(late()), ms)),
  ]).finally(() => clearTimeout(timer));
}

/**
 * Starts background checkpoints for a local database file; resolves to null (connections keep
 * checkpointing by themselves) for other databases or when its connection cannot be opened.
 */
export async function startBackgroundCheckpoints(
  database: Database,
  opts: CheckpointOptions = {},
): Promise<Checkpointer | null> {
  const path = database.path;
  if (!path) return null;
  const opening = CheckpointConnection.open(path, opts.walMaxBytes ?? WAL_MAX_BYTES);
  const connection = await opening.catch((error) => {
    opts.log?.warn("background checkpoints could not start", { error: String(error) });
    return null;
  });
  if (!connection) return null;
  const rounds = await startRounds(database, connection, opts);
  if (!rounds) {
    connection.close();
    return null;
  }
  return {
    get running() {
      return rounds.running;
    },
    run: () => rounds.run(),
    stop: () => rounds.stop().finally(() => connection.close()),
  };
}

/**
 * The rounds on an open connection, from a first round (null, logged, if that does not end within
 * `startTimeoutMs`); their stop leaves the connection open.
 */
async function startRounds(
  database: Database,
  connection: CheckpointConnection,
  opts: CheckpointOptions,
): Promise<Checkpointer | null> {
  const rounds = new Rounds(connection, opts);
  const first = rounds.queue(() => rounds.round()).then(() => true, (error) => {
    opts.log?.warn("background checkpoints could not start", { error: String(error) });
    return false;
  });
  const started = await within(first, opts.startTimeoutMs ?? START_TIMEOUT_MS, () => {
    opts.log?.warn("background checkpoints could not start", { error: "the first checkpoint did not end" });
    return false;
  });
  if (!started) return null;
  let running = true;
  shareCheckpointFlag(database.client, rounds.holding);
  setAutoCheckpoint(database.client, 0);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      rounds.queue(() => rounds.round()).catch(() => {
        // A failed round is retried at the next one.
      }).finally(() => {
        if (running) schedule();
      });
    }, opts.intervalMs ?? CHECKPOINT_INTERVAL_MS);
    // The rounds alone never keep the process alive.
    Deno.unrefTimer(timer);
  };
  schedule();

  let stopping: Promise<void> | null = null;
  return {
    get running() {
      return running;
    },
    run() {
      if (!running) return Promise.reject(new Error("checkpointer stopped"));
      return rounds.queue(() => rounds.round(true));
    },
    stop() {
      return stopping ??= (async () => {
        running = false;
        clearTimeout(timer);
        shareCheckpointFlag(database.client, null);
        setAutoCheckpoint(database.client, AUTOCHECKPOINT_PAGES);
        // A clean stop leaves an empty log behind (the service's connections are closed by then or idle);
        // in use by another program, the next start checkpoints.
        const last = rounds.queue(() => rounds.holdingLock("TRUNCATE"));
        await within(last.then(() => {}, () => {}), opts.stopTimeoutMs ?? STOP_TIMEOUT_MS, () => {});
      })();
    },
  };
}

/** How often the log file is looked at (a `stat`, a few microseconds), with and without rounds running. */
export const WATCH_INTERVAL_MS = 250;
/** How long the rounds run on without a commit to follow before it stops. */
export const IDLE_STOP_MS = 60_000;
/**
 * A log larger than this when the watch starts is checkpointed at once (the demo organisation just created,
 * a log a crash left); the few pages a start writes are left to the connections.
 */
export const START_WAL_BYTES = 256 * 1024;

/** Background checkpoints while the database is written (`startCheckpointsOnDemand`). */
export interface OnDemandCheckpoints {
  /** Whether the rounds run now. */
  readonly running: boolean;
  /** How many times the rounds were started. */
  readonly starts: number;
  /** How many times the log file was looked at (what a test waits for instead of a span of time). */
  readonly looks: number;
  /** Stops watching and the rounds, if they run; the connections checkpoint by themselves. Idempotent. */
  stop(): Promise<void>;
}

/**
 * Watches a local database's write-ahead log and runs the background checkpoints (`startBackgroundCheckpoints`)
 * only while it is written: the rounds start at the first commit seen in the log file (its size or
 * modification time changed; also another program's commit) and stop after `idleStopMs` without one, once
 * nothing is left to cut back. A stop leaves an empty log behind, so the next commit is seen again. Null for
 * other databases. Rounds that cannot start are not tried again: the connections checkpoint by
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
  let active: Checkpointer | null = null;
  /** Opened at the first start and kept for every later one (see `CheckpointConnection`). */
  let connection: CheckpointConnection | null = null;
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
    if (!active) {
      if (!changed) return;
      connection ??= await CheckpointConnection.open(path, opts.walMaxBytes ?? WAL_MAX_BYTES).catch(
        (error) => {
          opts.log?.warn("background checkpoints could not start", { error: String(error) });
          return null;
        },
      );
      const started = connection && await startRounds(database, connection, opts);
      starts++;
      if (!started) {
        done = true;
        return;
      }
      active = started;
      quietSince = performance.now();
      if (done) await stopRounds();
      return;
    }
    if (changed) {
      quietSince = performance.now();
      return;
    }
    if (performance.now() - quietSince < idleStopMs) return;
    // Quiet long enough; stopped only with nothing left to cut back (a reader may still pin the log).
    const last = await active.run().catch(() => null);
    if (!last || last.pinned || last.checkpointed < last.log) {
      quietSince = performance.now();
      return;
    }
    await stopRounds();
  };
  // Rounds being stopped still run (`running`): its stop checkpoints, and cuts back, a commit made
  // meanwhile, and the log is looked at again only after that, so a commit after the stop changes it.
  let stoppingRounds: Checkpointer | null = null;
  /** Stops the rounds (their stop empties the log); the empty log is what the next commit is told from. */
  const stopRounds = async () => {
    const w = stoppingRounds = active;
    active = null;
    try {
      await w?.stop();
    } finally {
      seen = look();
      stoppingRounds = null;
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
      return stoppingRounds !== null || (active?.running ?? false);
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
        await stopRounds();
        connection?.close();
        connection = null;
      })();
    },
  };
}
