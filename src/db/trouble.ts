/**
 * The two conditions of the database that are the operator's to fix, not faults of a request: the disk is
 * full (SQLite's SQLITE_FULL), or another program held the write lock longer than a write waits for it
 * (`DatabaseBusyError`, see `local.ts`). Both leave nothing half-saved; the doors answer them with a clear
 * message and a time to try again instead of a generic error and a stack trace per request. The message says
 * only what is known: "nothing was saved" when the error came before the request's write committed, "may
 * have been saved" when it came after or that cannot be told, and "another program" only when no write of
 * the service's own held the lock (`troubleMessage`).
 */

/** What is wrong with the database, if it is one of the two conditions. */
export type DatabaseTrouble = "full" | "busy";

/** The condition an error (or one of its causes: drizzle wraps the client's errors) stands for, if any. */
export function databaseTrouble(err: unknown): DatabaseTrouble | null {
  for (
    let e = err as { name?: unknown; code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    if (e.code === "SQLITE_FULL" || /SQLITE_FULL|database or disk is full/i.test(String(e.message ?? ""))) {
      return "full";
    }
    if (e.name === "DatabaseBusyError") return "busy";
    e = e.cause as typeof e;
  }
  return null;
}

/** Whether an error (or one of its causes) is the system's or SQLite's "no space left on the disk". */
export function isNoSpace(err: unknown): boolean {
  return causes(err).some((e) =>
    e.code === "SQLITE_FULL" ||
    /SQLITE_FULL|database or disk is full|no space left on device|os error 28\b|disk quota exceeded|os error 122\b/i
      .test(String(e.message ?? ""))
  );
}

/** Whether an error is SQLite's I/O error: what a full disk looks like when SQLite cannot extend its -shm. */
export function isIoError(err: unknown): boolean {
  return causes(err).some((e) =>
    /^SQLITE_IOERR/.test(String(e.code ?? "")) ||
    /SQLITE_IOERR|disk I\/O error/i.test(String(e.message ?? ""))
  );
}

function causes(err: unknown): { code?: unknown; message?: unknown }[] {
  const out = [];
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    i++
  ) {
    out.push(e);
    e = e.cause as typeof e;
  }
  return out;
}

/**
 * What a probe writes to learn whether the disk has room: the 32 KiB -shm SQLite creates to open a file in
 * WAL mode, and the first pages of a write.
 */
const ROOM_PROBE_BYTES = 64 * 1024;

/**
 * Whether the disk holding `dir` has room for a small write now: a 64 KiB file is written there and removed
 * at once. Deno has no statfs, and free blocks would not tell a quota or the root's reserve anyway; a write
 * does. Other failures (a read-only folder) are not about space and count as room.
 */
export async function diskHasRoom(dir: string): Promise<boolean> {
  const probe = `${dir}/.hr-space-check-${crypto.randomUUID()}`;
  try {
    await Deno.writeFile(probe, new Uint8Array(ROOM_PROBE_BYTES), { createNew: true, mode: 0o600 });
    return true;
  } catch (e) {
    return !isNoSpace(e);
  } finally {
    await Deno.remove(probe).catch(() => {});
  }
}

/** Seconds after which a retry may succeed, for the Retry-After header. */
export const TROUBLE_RETRY_AFTER: Record<DatabaseTrouble, number> = { full: 60, busy: 5 };

/** The answer people see (the portal's `error`, the connector's tool result). */
export const TROUBLE_MESSAGE: Record<DatabaseTrouble, string> = {
  full: "The server's disk is full, so nothing was saved. Try again later; the operator has been told.",
  busy: "The database is busy with another program's work (a backup or a maintenance command), so nothing " +
    "was saved. Try again in a few seconds.",
};

/**
 * The answer when the lock was the service's own (`DatabaseBusyError.holder`): one of its own write
 * transactions was still open when the wait ended, so no other program is to blame.
 */
export const BUSY_OWN_MESSAGE =
  "The service is busy with other writes of its own right now, so nothing was " +
  "saved. Try again in a few seconds.";

/**
 * The answer when the trouble came after the request's write committed, or where that cannot be told
 * (`MaybeSavedError`, `portal/idempotency.ts`): "nothing was saved" would not be known to be true.
 */
export const MAYBE_SAVED_MESSAGE: Record<DatabaseTrouble, string> = {
  full: "The server's disk became full while this request was being finished, so it may have been saved. " +
    "Retry with the same Idempotency-Key to learn whether it was (a new key could save it twice); the " +
    "operator has been told.",
  busy: "The database became busy while this request was being finished, so it may have been saved. Retry " +
    "with the same Idempotency-Key to learn whether it was (a new key could save it twice).",
};

/** Whose lock a write gave up on (`DatabaseBusyError.holder`, `local.ts`), if an error (or a cause) says. */
export function busyHolder(err: unknown): "another program" | "the service" | null {
  for (const e of causes(err) as { name?: unknown; holder?: unknown }[]) {
    if (e.name === "DatabaseBusyError") return e.holder === "the service" ? "the service" : "another program";
  }
  return null;
}

/** Whether the request may have been saved before the error (an error or one of its causes says so). */
export function mayHaveBeenSaved(err: unknown): boolean {
  return (causes(err) as { mayHaveBeenSaved?: unknown }[]).some((e) => e.mayHaveBeenSaved === true);
}

/** What people are told of an error that is one of the two conditions: only what is known to be true. */
export function troubleMessage(err: unknown, kind: DatabaseTrouble): string {
  if (mayHaveBeenSaved(err)) return MAYBE_SAVED_MESSAGE[kind];
  if (kind === "busy" && busyHolder(err) === "the service") return BUSY_OWN_MESSAGE;
  return TROUBLE_MESSAGE[kind];
}

/** The line the operator sees in the log (at most once a minute per condition). */
export const TROUBLE_LOG: Record<DatabaseTrouble, string> = {
  full: "disk full: writes fail until space is freed",
  busy: "database locked by another program: writes wait, then fail until it lets go",
};

const loggedAt = new WeakMap<object, Record<DatabaseTrouble, number>>();

/**
 * Logs the condition for the operator, at most once a minute per condition and installation (`deps` is the
 * installation's: the portal and the connector share the count), instead of a line per failed request. A
 * full disk is also noted for `/readyz` (`diskFullNow`).
 */
export function logTrouble(
  deps: {
    clock: { now(): number };
    log: { error(msg: string, fields?: Record<string, unknown>): void };
    config: { databaseUrl: string };
    database?: { path: string | null };
  },
  kind: DatabaseTrouble,
  /** The error met, which tells whose lock it was. */
  err?: unknown,
): void {
  if (kind === "full" && deps.database) markDiskFull(deps.database);
  let seen = loggedAt.get(deps.log);
  if (!seen) loggedAt.set(deps.log, seen = { full: -Infinity, busy: -Infinity });
  const now = deps.clock.now();
  if (now - seen[kind] < 60_000) return;
  seen[kind] = now;
  deps.log.error(
    kind === "busy" && busyHolder(err) === "the service"
      ? "database busy with the service's own writes: a write waited past DATABASE_LOCK_WAIT_MS"
      : TROUBLE_LOG[kind],
    { database: deps.config.databaseUrl },
  );
}

/** Probes of a full disk are this far apart at least, however often readiness is asked. */
const PROBE_EVERY_MS = 1000;
/** A database without a local disk to probe (a libSQL server) counts as full this long after a 507. */
const REMOTE_FULL_MS = 60_000;

interface DiskState {
  /** Whether the last probe, or a write since, found the disk full. */
  full: boolean;
  /** When (performance.now()) the disk was last probed or found full by a write; -Infinity: never. */
  at: number;
  probe?: Promise<boolean>;
}

/** Per installation, keyed by its database handle (tests run several installations in one process). */
const disks = new WeakMap<object, DiskState>();

function stateOf(database: object): DiskState {
  let state = disks.get(database);
  if (!state) disks.set(database, state = { full: false, at: -Infinity });
  return state;
}

/** Notes that a write found the disk full (SQLite's SQLITE_FULL): readiness says so until a probe fits. */
export function markDiskFull(database: { path: string | null }): void {
  const state = stateOf(database);
  // A local disk already known full keeps its probe's time, or readiness asked often would never probe.
  if (state.full && database.path) return;
  state.full = true;
  state.at = performance.now();
}

/**
 * Whether the disk holding the database is full now, for `/readyz`. A local file's disk is probed (a 64 KiB
 * file written beside the database and removed, `diskHasRoom`) once after the start, so a service started
 * on a full disk is not ready although no write has failed yet, and again while it is known to be full, at
 * most once a second: readiness returns within about a second of space being freed. While the disk has room
 * nothing is probed; a write that gets SQLITE_FULL marks it full again. A libSQL server's disk cannot be
 * probed: it counts as full for a minute after a write found it so.
 */
export async function diskFullNow(database: { path: string | null }): Promise<boolean> {
  const state = stateOf(database);
  const now = performance.now();
  if (!database.path) return state.full && now - state.at < REMOTE_FULL_MS;
  if (state.at !== -Infinity && (!state.full || now - state.at < PROBE_EVERY_MS)) return state.full;
  const dir = database.path.includes("/")
    ? database.path.slice(0, database.path.lastIndexOf("/")) || "/"
    : ".";
  state.probe ??= diskHasRoom(dir).then((room) => {
    state.full = !room;
    state.at = performance.now();
    return state.full;
  }).finally(() => state.probe = undefined);
  return await state.probe;
}
