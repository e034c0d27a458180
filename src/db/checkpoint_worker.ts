/**
 * The background checkpointer's thread (see `checkpointer.ts`): its own connection to the database file,
 * which copies the write-ahead log back into the database (`PRAGMA wal_checkpoint(PASSIVE)`) every
 * `intervalMs`, and on request. A PASSIVE checkpoint never waits for readers or writers: it copies what no
 * reader still needs and leaves the rest for the next round (https://www.sqlite.org/c3ref/wal_checkpoint_v2.html).
 *
 * A writer starts the log over from its first frame only when, as its transaction begins, every frame has
 * been copied back. Under a steady stream of commits that moment never comes (a PASSIVE round takes longer
 * than the gap between two commits, so new frames are always waiting), and the log would grow by every
 * commit until it reached `walMaxBytes`, where cutting it back held every writer up for tens of
 * milliseconds (measured: 33–81 ms for a log of 64 MiB). So once the frames in the log pass `restartBytes`, a
 * round also tries a RESTART checkpoint without waiting: it takes the write lock if it is free, copies the
 * frames committed since the PASSIVE round (a few), and leaves the log fully copied, so the next writer starts
 * it over at its first frame. The file keeps its size and is written again from the start.
 *
 * The log FILE only shrinks when it is cut back, which needs a moment when no reader is inside it. Past
 * `walMaxBytes` a round also tries a TRUNCATE checkpoint, and only ever without waiting (busy timeout 0): it
 * takes the write lock if it is free, copies the few frames the PASSIVE round left, and cuts the log to zero
 * bytes if no reader pins it, or gives up at once if one does, and tries again a quarter of a second later.
 * While it holds the lock it says so in the shared flag, so the service's writers wait for it instead of
 * counting the moment against their lock wait (`local.ts`). A reader that pins the log (another program's
 * long read transaction, a backup) is reported (`pinned`), and the log grows until it lets go; then the next
 * try cuts it.
 *
 * Messages in: `{type: "start", path, intervalMs, walMaxBytes, restartBytes, flag}`, `{type: "run", id}`,
 * `{type: "stop"}`.
 * Messages out: `{type: "ready"}` or `{type: "failed", error}`, `{type: "ran", id, result}` or
 * `{type: "ran", id, error}`, `{type: "pinned", walBytes, sinceMs}`, `{type: "stopped"}`.
 */
import Database from "libsql";

/** What one checkpoint reports: frames in the log, frames copied, and whether it met a lock. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
  /** Whether the log was past its limit and could not be cut back this round (a reader pins it). */
  pinned?: boolean;
}

export type ToWorker =
  | {
    type: "start";
    path: string;
    intervalMs: number;
    walMaxBytes?: number;
    restartBytes?: number;
    flag?: SharedArrayBuffer;
  }
  | { type: "run"; id: number }
  | { type: "stop" };

export type FromWorker =
  | { type: "ready" }
  | { type: "failed"; error: string }
  | { type: "ran"; id: number; result?: CheckpointResult; error?: string }
  | { type: "pinned"; walBytes: number; sinceMs: number }
  | { type: "stopped" };

/** The worker's global scope, as far as it is used here (typed locally: the worker lib would change the
 * globals of every module type-checked with this one). */
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  postMessage(m: FromWorker): void;
  close(): void;
};

let db: Database.Database | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
let walPath = "";
/** Above this the log is cut back to zero when no reader pins it (a PASSIVE checkpoint never shrinks it). */
let walMaxBytes = 64 * 1024 * 1024;
/**
 * Frames worth more than this in the log are copied back and the log started over (see the module comment).
 * Each start-over holds the writers for one copy and one fsync of the database file, so it is done rarely:
 * at half the size where the log is cut back.
 */
let restartBytes = 32 * 1024 * 1024;
/** The database's page size, read when the worker starts (a frame is one page and a 24-byte header). */
let pageSize = 4096;
/** Non-zero while this thread holds the write lock for a RESTART or TRUNCATE checkpoint (shared with the
 * service). */
let holding: Int32Array<ArrayBufferLike> = new Int32Array(1);
/** When a TRUNCATE last found the log pinned (since when, and when to try again); null when it is not. */
let pinnedSince: number | null = null;
let nextTry = 0;
/**
 * How long a pinned log is left alone before the next try. Short: a try also fails when a writer holds the
 * lock at that instant, which under steady writes is often (measured: with eight writers, two tries a second
 * apart both failed after the reader had let go, and the log was still 114 MiB two seconds later).
 */
const PINNED_RETRY_MS = 250;

function walSize(): number {
  try {
    return Deno.statSync(walPath).size;
  } catch {
    return 0;
  }
}

/**
 * One checkpoint that takes the write lock if it is free (busy timeout 0), with the shared flag set while it
 * may hold it; whether no reader kept it from its end (RESTART: the log starts over; TRUNCATE: it is cut).
 */
function holdingLock(mode: "RESTART" | "TRUNCATE"): boolean {
  Atomics.store(holding, 0, 1);
  try {
    const row = db!.prepare(`PRAGMA wal_checkpoint(${mode})`).get() as Record<string, unknown>;
    return Number(row.busy) === 0;
  } catch {
    // A lock met at once (a writer in the middle of its transaction): the same as pinned for this round.
    return false;
  } finally {
    Atomics.store(holding, 0, 0);
  }
}

/** A PASSIVE checkpoint, and past `walMaxBytes` one try at cutting the log back (see the module comment). */
function checkpoint(now = Date.now()): CheckpointResult {
  const row = db!.prepare("PRAGMA wal_checkpoint(PASSIVE)").get() as Record<string, unknown>;
  const result: CheckpointResult = {
    busy: Number(row.busy),
    log: Number(row.log),
    checkpointed: Number(row.checkpointed),
  };
  const size = walSize();
  if (size <= walMaxBytes) {
    pinnedSince = null;
    // The frames a round finds in the log are those written since the log last started over.
    if (result.log * (pageSize + 24) > restartBytes) holdingLock("RESTART");
    return result;
  }
  if (now < nextTry) return { ...result, pinned: true };
  if (holdingLock("TRUNCATE")) {
    pinnedSince = null;
    return result;
  }
  pinnedSince ??= now;
  nextTry = now + PINNED_RETRY_MS;
  post({ type: "pinned", walBytes: size, sinceMs: now - pinnedSince });
  return { ...result, pinned: true };
}

function post(m: FromWorker) {
  scope.postMessage(m);
}

scope.onmessage = (e) => {
  const m = e.data;
  if (m.type === "start") {
    try {
      // Never a busy wait: a checkpoint that meets a lock gives up at once and tries again next round.
      db = new Database(m.path, { timeout: 0 });
      walPath = `${m.path}-wal`;
      walMaxBytes = m.walMaxBytes ?? walMaxBytes;
      restartBytes = m.restartBytes ?? restartBytes;
      pageSize = Number((db.prepare("PRAGMA page_size").get() as Record<string, unknown>).page_size) ||
        pageSize;
      if (m.flag) holding = new Int32Array(m.flag);
      db.exec(`PRAGMA journal_size_limit=${walMaxBytes}`);
      checkpoint();
    } catch (error) {
      post({ type: "failed", error: String(error) });
      scope.close();
      return;
    }
    timer = setInterval(() => {
      try {
        checkpoint();
      } catch {
        // A failed round is retried at the next one.
      }
    }, m.intervalMs);
    post({ type: "ready" });
  } else if (m.type === "run") {
    try {
      // Asked for: tried now, even within the pause after a pinned try.
      nextTry = 0;
      post({ type: "ran", id: m.id, result: checkpoint() });
    } catch (error) {
      post({ type: "ran", id: m.id, error: String(error) });
    }
  } else if (m.type === "stop") {
    clearInterval(timer);
    try {
      // A clean stop leaves an empty log behind (the service's connections are closed by then or idle).
      holdingLock("TRUNCATE");
    } catch {
      // Still in use by another process: the next start checkpoints.
    }
    try {
      db?.close();
    } finally {
      db = null;
      post({ type: "stopped" });
      scope.close();
    }
  }
};
