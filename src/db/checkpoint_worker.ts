/**
 * The background checkpointer's thread (see `checkpointer.ts`): its own connection to the database file,
 * which copies the write-ahead log back into the database (`PRAGMA wal_checkpoint(PASSIVE)`) every
 * `intervalMs`, and on request. A PASSIVE checkpoint never waits for readers or writers: it copies what no
 * reader still needs and leaves the rest for the next round (https://www.sqlite.org/c3ref/wal_checkpoint_v2.html).
 *
 * Messages in: `{type: "start", path, intervalMs, busyTimeoutMs}`, `{type: "run", id}`, `{type: "stop"}`.
 * Messages out: `{type: "ready"}` or `{type: "failed", error}`, `{type: "ran", id, result}` or
 * `{type: "ran", id, error}`, `{type: "stopped"}`.
 */
import Database from "libsql";

/** What one checkpoint reports: frames in the log, frames copied, and whether it met a lock. */
export interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

export type ToWorker =
  | { type: "start"; path: string; intervalMs: number; busyTimeoutMs: number; walMaxBytes?: number }
  | { type: "run"; id: number }
  | { type: "stop" };

export type FromWorker =
  | { type: "ready" }
  | { type: "failed"; error: string }
  | { type: "ran"; id: number; result?: CheckpointResult; error?: string }
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
/** Above this the log is reset and truncated (a PASSIVE checkpoint copies frames but never shrinks the file). */
let walMaxBytes = 64 * 1024 * 1024;

function walSize(): number {
  try {
    return Deno.statSync(walPath).size;
  } catch {
    return 0;
  }
}

/**
 * A PASSIVE checkpoint; and when the log file has grown past `walMaxBytes` (sustained writes under continuous
 * reads never let SQLite start the log over), a TRUNCATE checkpoint, which waits (within the busy timeout) for
 * the readers of the moment and writes the log back to zero bytes. `journal_size_limit` keeps a restarted log
 * from staying large as well.
 */
function checkpoint(): CheckpointResult {
  const row = db!.prepare("PRAGMA wal_checkpoint(PASSIVE)").get() as Record<string, unknown>;
  if (walSize() > walMaxBytes) db!.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get();
  return { busy: Number(row.busy), log: Number(row.log), checkpointed: Number(row.checkpointed) };
}

function post(m: FromWorker) {
  scope.postMessage(m);
}

scope.onmessage = (e) => {
  const m = e.data;
  if (m.type === "start") {
    try {
      db = new Database(m.path, { timeout: m.busyTimeoutMs });
      walPath = `${m.path}-wal`;
      walMaxBytes = m.walMaxBytes ?? walMaxBytes;
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
        // A failed round (a lock held past the timeout) is retried at the next one.
      }
    }, m.intervalMs);
    post({ type: "ready" });
  } else if (m.type === "run") {
    try {
      post({ type: "ran", id: m.id, result: checkpoint() });
    } catch (error) {
      post({ type: "ran", id: m.id, error: String(error) });
    }
  } else if (m.type === "stop") {
    clearInterval(timer);
    try {
      // A clean stop leaves an empty log behind (the service's connections are closed by then or idle).
      db?.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get();
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
