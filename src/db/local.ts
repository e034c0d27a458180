/**
 * The local-file libSQL client: `@libsql/client`'s own `Sqlite3Client` and `ConnectionPool` (exported by
 * `@libsql/client/sqlite3`, pinned in `deno.lock`), with two things added to every connection the pool
 * opens:
 *
 * 1. **Settings.** SQLite settings are per connection, and the pool opens connections as it needs them, so
 *    they are applied to each new one here: foreign keys on, and `synchronous` as configured (NORMAL by
 *    default: in WAL mode a commit then waits for no fsync; the database stays consistent after any crash,
 *    and a commit survives an application crash, but the last commits before a power loss or an operating-
 *    system crash may be rolled back — SQLite's documentation calls NORMAL "a good choice for most
 *    applications running in WAL mode", https://www.sqlite.org/pragma.html#pragma_synchronous). FULL
 *    makes every commit wait for the disk.
 * 2. **A prepared-statement cache.** The client prepares every statement anew on every call and asks for its
 *    columns twice; measured under load that was a quarter of the connector's CPU time. Each connection
 *    keeps its prepared statements (bounded, least recently prepared dropped first), so a statement the
 *    service runs again is bound and stepped, not parsed and planned again. The client's own code still
 *    runs every statement (binding, transactions, errors and row shapes are exactly its own).
 * 3. **One connection for everything but transactions.** The client borrows a connection, then runs the
 *    statement a microtask later; concurrent requests therefore borrowed many connections of the pool in
 *    turn. In WAL mode a connection drops its whole page cache whenever another connection has committed
 *    since its last read, so under load nearly every read re-read its pages from the file (measured: with
 *    the pool limited to one connection, `get_my_summary` served 1.6 times as many calls). Here every single statement,
 *    `batch` and `executeMultiple` runs on one shared connection: each of them runs from its first to its
 *    last statement without giving way (the driver is synchronous), so sharing is safe and its cache stays
 *    valid across its own writes. An interactive `transaction()` holds a connection of its own across
 *    awaits and still gets one from the pool, as before.
 * 4. **`readRow`**, a one-row read through the driver's `get()` for the reads every connector request
 *    makes (see the function).
 * 5. **`dataStamp`**, which tells a cache whether the tables a result was computed from may have changed
 *    since: every statement that may change data bumps a counter of the table it writes (or of everything,
 *    when that cannot be told) as it runs, on any connection of this client, and SQLite's
 *    `PRAGMA data_version` tells whether another connection (another process) has committed. * 6. **Waiting for a lock without stopping the process.** The driver is synchronous: with SQLite's busy
 *    timeout, a write that finds another process's write lock (a backup, a maintenance command) would sleep
 *    inside the event loop for up to the whole timeout, and every other request, health checks included,
 *    would wait with it. Here every connection fails at once on a lock (busy timeout 0), and the client
 *    tries again after a short pause on a timer, so other requests are served in between (reads go on in WAL
 *    mode). Only what is safe to run again is retried: a single statement, a batch, a migration (each rolls
 *    back whole when it fails) and the start of a transaction. Past the configured wait the error is a
 *    `DatabaseBusyError`, which the doors answer as "busy, nothing saved, try again" (503). A statement that
 *    met a lock is finished at once, so the connection it ran on is left as clean as before it ran (see
 *    `unfinishedBy`); one that cannot be is closed.
 * 7. **Rows built by a class per statement.** The client's `execute` builds each row with two property
 *    definitions per column (the value by position, then by name), which turns every row into a slow
 *    dictionary object and was, profiled, the largest single cost of the portal's list reads. `execute` here
 *    runs the statement as the client would (same arguments, errors and result set) and builds each row as
 *    an instance of a class made once per statement: the names are plain properties, the positions and
 *    `length` getters on its prototype, so a row reads, spreads and serialises exactly like the client's.
 * 8. **`recordReads`**, which runs a computation and tells which tables its statements may have read, with
 *    the `dataStamp` of those tables from before it ran: a cache of its result (`portal/reuse.ts`) is then
 *    kept exactly as long as those tables stay unchanged, without anyone listing them by hand. A stamp taken
 *    inside the computation (a summary served from its own memo) counts its tables as read too. A `DELETE`
 *    counts as a change of every table, since foreign keys may cascade it into others.
 */
import type Database from "libsql";
import { ConnectionPool, Sqlite3Client } from "@libsql/client/sqlite3";
import {
  type Client,
  type InArgs,
  type InStatement,
  type InValue,
  LibsqlBatchError,
  LibsqlError,
  type ResultSet,
  type Row,
  type TransactionMode,
} from "@libsql/client";
import { Buffer } from "node:buffer";
import { setImmediate } from "node:timers";
import { AsyncLocalStorage } from "node:async_hooks";
import { getTableName, is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema/mod.ts";

/** `PRAGMA synchronous` for every connection (see the module comment). */
export type Synchronous = "NORMAL" | "FULL";

/** How many prepared statements each connection keeps. */
export const STATEMENT_CACHE_SIZE = 512;

/** A column as the driver describes it. */
interface Column {
  name: string;
  type: string | null;
}

/** The driver's prepared statement, as far as `@libsql/client` uses it (`executeStmt`). */
interface RawStatement {
  readonly reader: boolean;
  raw(on?: boolean): unknown;
  safeIntegers(on?: boolean): unknown;
  columns(): Column[];
  run(...args: unknown[]): unknown;
  get(...args: unknown[]): unknown;
  all(...args: unknown[]): unknown[];
}

/** Thrown by `raw()` for a statement that returns no rows, as the driver does (the client relies on it). */
const NOT_A_READER = new TypeError("The raw() method is only for statements that return data");

/**
 * A prepared statement kept for reuse, with the methods the client calls. It forwards to the driver's
 * statement and remembers what does not change between runs: whether it returns rows, its columns, and the
 * last raw / safe-integer switches (each switch is a call into the driver, so it is only made when the
 * value changes).
 */
class CachedStatement {
  #stmt: RawStatement;
  #reader: boolean;
  #columns: Column[] | undefined;
  #raw: boolean | undefined;
  #safe: boolean | undefined;
  /** Called before each run when the statement may change data (see `writeTarget`); else undefined. */
  #onWrite: (() => void) | undefined;

  /** The tables the statement may read (see `tablesNamed`), told to a `recordReads` in progress. */
  #reads: readonly string[];

  /** Finishes the statement after an error that left it unfinished (see `unfinishedBy`). */
  #finish: (stmt: RawStatement, args: unknown[]) => void;

  constructor(
    stmt: RawStatement,
    onWrite: (() => void) | undefined,
    reads: readonly string[],
    finish: (stmt: RawStatement, args: unknown[]) => void,
  ) {
    this.#stmt = stmt;
    this.#reader = stmt.reader;
    this.#onWrite = onWrite;
    this.#reads = reads;
    this.#finish = finish;
  }

  #record() {
    const tables = readRecorder.getStore();
    if (tables) { for (const t of this.#reads) tables.add(t); }
  }

  get reader(): boolean {
    return this.#reader;
  }

  raw(on = true): this {
    if (!this.#reader) throw NOT_A_READER;
    if (this.#raw !== on) {
      this.#stmt.raw(on);
      this.#raw = on;
    }
    return this;
  }

  safeIntegers(on = true): this {
    if (this.#safe !== on) {
      this.#stmt.safeIntegers(on);
      this.#safe = on;
    }
    return this;
  }

  columns(): Column[] {
    return this.#columns ??= this.#stmt.columns();
  }

  #shape: RowShape | undefined;
  /** How `execute` builds this statement's rows (its columns do not change while it is kept). */
  shape(): RowShape {
    return this.#shape ??= rowShape(this.columns());
  }

  /** One run of the driver's statement: the write told first, the reads recorded, a failed run finished. */
  #step<K extends "run" | "get" | "all">(method: K, args: unknown[]): ReturnType<RawStatement[K]> {
    this.#onWrite?.();
    this.#record();
    try {
      return this.#stmt[method](...args) as ReturnType<RawStatement[K]>;
    } catch (e) {
      if (unfinishedBy(e)) this.#finish(this.#stmt, args);
      throw e;
    }
  }

  run(...args: unknown[]) {
    return this.#step("run", args);
  }

  get(...args: unknown[]) {
    return this.#step("get", args);
  }

  all(...args: unknown[]) {
    return this.#step("all", args);
  }
}

/**
 * Whether the driver's error is one after which SQLite leaves the statement unfinished: a lock it could not
 * take (SQLITE_BUSY, SQLITE_LOCKED and their variants) rewinds the statement so that it can be stepped again,
 * and it stays active until it is reset. The driver never resets a statement by itself (only before its next
 * run), and it has no call to do so. An active write statement keeps SQLite from committing any later write
 * of its connection outside a transaction: the connection would keep the write lock, and everything it
 * "wrote" uncommitted, for good (every other connection and program then meets "database is locked").
 */
function unfinishedBy(e: unknown): boolean {
  const raw = (e as { rawCode?: unknown } | null)?.rawCode;
  if (typeof raw === "number") return (raw & 0xff) === 5 || (raw & 0xff) === 6;
  return /^SQLITE_(BUSY|LOCKED)/.test(String((e as { code?: unknown } | null)?.code ?? ""));
}

/** Connections that could not be put back in order after an error: closed at their release. */
const brokenConnections = new WeakSet<Database.Database>();

/** Statements that never change data: reads, pragmas, transaction control. */
const CHANGES_NOTHING = /^\s*(?:select|values|explain|pragma|begin|commit|end|rollback|savepoint|release)\b/i;
/** The table an INSERT, REPLACE, UPDATE or DELETE writes to (plain or quoted name, no schema). */
const WRITE_TARGET =
  /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"[]?(\w+)[`"\]]?(?=[\s(]|$)/i;

/** What a statement may change: nothing (null), one table (its name, lower case), or anything (`*`). */
export type WriteTarget = string | null;
/** `WriteTarget` of a statement that may change any table. */
export const ANY_TABLE = "*";

/**
 * What running one statement may change: nothing for a read, a pragma or transaction control; the table of a
 * plain INSERT, REPLACE, UPDATE or DELETE; anything when in doubt (a `WITH`, a comment first, a
 * schema-qualified name, DDL). Foreign-key actions and triggers are not followed: a cached result must list
 * the tables whose deletion cascades into its own (`tests/services/summary_test.ts` checks the summary's).
 */
export function writeTarget(sql: string): WriteTarget {
  if (CHANGES_NOTHING.test(sql)) return null;
  return WRITE_TARGET.exec(sql)?.[1].toLowerCase() ?? ANY_TABLE;
}

const DELETES = /^\s*delete\b/i;

/** Every table of the data model, by name (lower case). */
let knownTables: ReadonlySet<string> | undefined;

/**
 * The tables of the data model whose name a statement mentions as a word: every table it may read (and a few
 * it does not, where a column or an alias has a table's name, which only costs a cache a needless refresh).
 */
function tablesNamed(sql: string): string[] {
  knownTables ??= new Set(
    Object.values(schema).filter((t) => is(t, SQLiteTable)).map((t) => getTableName(t as SQLiteTable)),
  );
  const found = new Set<string>();
  for (const m of sql.toLowerCase().matchAll(/[a-z_][a-z0-9_]*/g)) if (knownTables.has(m[0])) found.add(m[0]);
  return [...found];
}

/** The tables read by a `recordReads` in progress (one set per computation, across its awaits). */
const readRecorder = new AsyncLocalStorage<Set<string>>();

/** SQLite's own default: a commit that takes the write-ahead log past this many pages checkpoints it. */
export const AUTOCHECKPOINT_PAGES = 1000;

/** Sets up a connection the pool has just opened: its settings, then the statement cache. */
function setUp(
  db: Database.Database,
  synchronous: Synchronous,
  autocheckpoint: number,
  onWrite: (target: string) => void,
): Map<string, CachedStatement> {
  db.exec(
    `PRAGMA foreign_keys=ON; PRAGMA synchronous=${synchronous}; PRAGMA wal_autocheckpoint=${autocheckpoint}; ` +
      // A log that was reset is cut back to 64 MiB instead of keeping its largest size (sqlite.org/pragma).
      "PRAGMA journal_size_limit=67108864",
  );
  const cache = new Map<string, CachedStatement>();
  const prepare = db.prepare.bind(db);
  const exec = db.exec.bind(db);
  // A statement left unfinished by a lock (`unfinishedBy`) is finished here, at once: the only way the driver
  // resets a statement is to run it again, so it runs again with writing forbidden (`query_only`), which
  // SQLite refuses before it takes any lock or changes anything (SQLITE_READONLY); the statement is then
  // finished and reset, and its connection as clean as before it ran. A connection where even that fails is
  // closed at its release.
  const finish = (stmt: RawStatement, args: unknown[]) => {
    try {
      exec("PRAGMA query_only=1");
      try {
        stmt.run(...args);
      } catch (e) {
        if (unfinishedBy(e)) throw e;
      } finally {
        exec("PRAGMA query_only=0");
      }
    } catch {
      brokenConnections.add(db);
    }
  };
  // Several statements at once (the client's `executeMultiple`, migrations): counted as a change always.
  (db as { exec: (sql: string) => unknown }).exec = (sql: string) => {
    onWrite(ANY_TABLE);
    return exec(sql);
  };
  (db as { prepare: (sql: string) => unknown }).prepare = (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      // A deletion may cascade into other tables through foreign keys: it counts as a change of all of them.
      const target = DELETES.test(sql) ? ANY_TABLE : writeTarget(sql);
      stmt = new CachedStatement(
        prepare(sql) as unknown as RawStatement,
        target === null ? undefined : () => onWrite(target),
        tablesNamed(sql),
        finish,
      );
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(sql, stmt);
    }
    return stmt;
  };
  return cache;
}

/**
 * A pool that sets up each connection it opens (settings and statement cache) and serves every borrow but a
 * transaction's from one shared connection (point 3 above).
 */
class SetUpPool extends ConnectionPool {
  #ready = new WeakSet<Database.Database>();
  /** The shared connection: borrowed from the pool once and kept, opened again if it was closed. */
  #shared: Database.Database | null = null;
  /** The statement cache of every connection opened (for `statementCacheSizes`). */
  readonly caches = new Set<Map<string, unknown>>();
  /** Every connection set up, to change a setting on all of them (closed ones are dropped as found). */
  #connections = new Set<Database.Database>();
  #synchronous: Synchronous;
  #autocheckpoint = AUTOCHECKPOINT_PAGES;
  /**
   * Bumped by every statement that may change any table, and by a new shared connection (its
   * `PRAGMA data_version` starts a count of its own).
   */
  generation = 0;
  /** Per table: bumped by every statement that writes it, on any connection. */
  readonly tableGenerations = new Map<string, number>();
  #bump = (target: string) => {
    if (target === ANY_TABLE) this.generation++;
    else this.tableGenerations.set(target, (this.tableGenerations.get(target) ?? 0) + 1);
  };

  /** How long a read through `readRow` waits for a lock (see `LocalClientOptions.lockWaitMs`). */
  readonly lockWaitMs: number;

  constructor(
    path: string,
    options: Database.Options,
    max: number,
    synchronous: Synchronous,
    lockWaitMs: number,
  ) {
    super(path, options, max);
    this.#synchronous = synchronous;
    this.lockWaitMs = lockWaitMs;
  }

  override acquireSync(forTransaction?: boolean): Database.Database {
    const db = super.acquireSync(forTransaction);
    if (!this.#ready.has(db)) {
      try {
        this.caches.add(setUp(db, this.#synchronous, this.#autocheckpoint, this.#bump));
      } catch (e) {
        this.release(db);
        throw e;
      }
      this.#ready.add(db);
      this.#connections.add(db);
    }
    return db;
  }

  /** Non-zero while the service's own checkpoint holds the lock (see `shareCheckpointFlag`). */
  checkpointFlag: Int32Array | null = null;

  checkpointing(): boolean {
    return this.checkpointFlag !== null && Atomics.load(this.checkpointFlag, 0) !== 0;
  }

  /**
   * Whether one of the service's own connections is inside a transaction, and so may hold the write lock
   * (every transaction the service opens is a write transaction).
   */
  ownWriteOpen(): boolean {
    for (const db of this.#connections) {
      if (!db.open) this.#connections.delete(db);
      else if (db.inTransaction) return true;
    }
    return false;
  }

  /** `PRAGMA wal_autocheckpoint` for every open connection and every one opened later. */
  setAutoCheckpoint(pages: number): void {
    this.#autocheckpoint = pages;
    for (const db of this.#connections) {
      if (db.open) db.exec(`PRAGMA wal_autocheckpoint=${pages}`);
      else this.#connections.delete(db);
    }
  }

  override acquire(forTransaction = false): Promise<Database.Database> {
    if (forTransaction) return super.acquire(true);
    try {
      if (!this.#shared?.open) {
        this.#shared = this.acquireSync();
        this.generation++;
      }
      return Promise.resolve(this.#shared);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  override release(db: Database.Database): void {
    if (brokenConnections.has(db)) {
      // A statement of it could not be finished (see `setUp`): it may hold a lock, so it goes. The shared
      // connection is closed after the borrows already handed out have run (each runs right after the
      // promise of its borrow settles, before any timer).
      if (db === this.#shared) {
        this.#shared = null;
        setTimeout(() => {
          if (db.open) db.close();
          super.release(db);
        }, 0);
        return;
      }
      if (db.open) db.close();
      return super.release(db);
    }
    if (db !== this.#shared) return super.release(db);
    // Never left inside a transaction (as the pool does for its own connections): roll back what a failed
    // batch left open; a connection that cannot even roll back is closed and replaced at the next borrow.
    if (db.open && db.inTransaction) {
      try {
        db.prepare("ROLLBACK").run();
      } catch {
        this.#shared = null;
        super.release(db);
      }
    }
  }
}

/** The longest pause between two tries for a lock, in milliseconds. */
const MAX_LOCK_PAUSE_MS = 50;

/**
 * The longest a write waits, in all, for the service's own checkpoint (see `untilUnlocked`): the checkpoint
 * never waits for anyone and holds the lock for a moment, so this bound is only met if its thread stopped
 * while holding it.
 */
const MAX_CHECKPOINT_WAIT_MS = 60_000;

/** Who held the lock a write gave up on: another program, or the service's own writes. */
export type LockHolder = "another program" | "the service";

/**
 * Another connection held the write lock for longer than the client waits for it; nothing of the statement,
 * batch or transaction that met it was done. Its `code` stays SQLite's (`SQLITE_BUSY`). `holder` says whose
 * the lock was: the service's own when one of its own write transactions was open when the wait ended (its
 * connections hold the lock only then), else another program's.
 */
export class DatabaseBusyError extends LibsqlError {
  constructor(
    readonly waitedMs: number,
    cause: unknown,
    readonly holder: LockHolder = "another program",
    /** How many times it paused for the lock: none when its call had spent its wait before (`oneLockWait`). */
    readonly pauses = 0,
  ) {
    super(
      `database is locked by ${
        holder === "the service" ? "a write of the service's own" : "another connection"
      } (waited ${waitedMs} ms)`,
      "SQLITE_BUSY",
      undefined,
      5,
      cause instanceof Error ? cause : undefined,
    );
    this.name = "DatabaseBusyError";
  }
}

/** Whether an error is SQLite's "database is locked" (any SQLITE_BUSY variant), as the client throws it. */
function isBusy(e: unknown): boolean {
  return e instanceof LibsqlError && e.code === "SQLITE_BUSY";
}

/**
 * Counts time the current call spent waiting for the service's own write turn (`writeTurn`) as lock wait: a
 * call behind others that each wait for another program's lock waits its own allowance, not its place in
 * the queue plus its own allowance.
 */
export function countTurnWait(ms: number): void {
  const call = callWaits.getStore();
  if (call?.open) call.waitedMs += ms;
}

/** The lock waits of one call (`oneLockWait`): how long they took together, and whether it still runs. */
export interface CallWait {
  waitedMs: number;
  open: boolean;
}
const callWaits = new AsyncLocalStorage<CallWait>();

/** The lock waits of the call running now, while it runs (undefined outside a call). */
export function currentCallWait(): CallWait | undefined {
  const call = callWaits.getStore();
  return call?.open ? call : undefined;
}

/**
 * Runs `fn` as a call that has already waited `waitedMs` for locks: work done for other calls (a group
 * commit) waits no longer than the one of them with the least allowance left.
 */
export function withLockWaitSpent<T>(waitedMs: number, fn: () => Promise<T>): Promise<T> {
  const call = { waitedMs, open: true };
  return callWaits.run(call, fn).finally(() => call.open = false);
}

/**
 * Runs `fn` as one call whose lock waits share one allowance: every statement, batch and transaction start in
 * it (across its awaits) waits for locks at most the client's `lockWaitMs` IN ALL, not each. A request that
 * writes several times (a rate counter, the work, an audit row) thus answers "busy" after one wait, however
 * many writes meet the lock; once the allowance is spent, a further lock fails at once. Each call has its
 * own allowance, also one started inside another, and the allowance ends with the call: work that outlives
 * it in the call's context (a timer it started, a request the server dispatches in a context it inherited)
 * waits as outside any call.
 */
export function oneLockWait<T>(fn: () => Promise<T>): Promise<T> {
  const call = { waitedMs: 0, open: true };
  return callWaits.run(call, fn).finally(() => call.open = false);
}

/**
 * Runs `attempt` until it does not fail on a lock, pausing on a timer in between (1, 2, 4 … at most 50 ms)
 * so that the event loop serves other requests; past the pool's `lockWaitMs` (less what the call has waited
 * already, see `oneLockWait`) the lock error becomes a `DatabaseBusyError`. The service's own checkpoint
 * (`checkpointer.ts`) holds the lock for a moment when it cuts the log back: a pause that follows a lock met
 * while it did is waited, not counted, so the service's own housekeeping never makes a write fail.
 * `attempt` must leave nothing done when it fails on a lock (see point 6 of the module comment).
 */
async function untilUnlocked<T>(pool: SetUpPool, attempt: () => Promise<T>, first: unknown): Promise<T> {
  const inCall = callWaits.getStore();
  const call = inCall?.open ? inCall : undefined;
  const allowance = pool.lockWaitMs - (call?.waitedMs ?? 0);
  const started = performance.now();
  let excused = 0;
  let error = first;
  let checkpointing = pool.checkpointing();
  let pauses = 0;
  try {
    for (let pause = 1;; pause = Math.min(pause * 2, MAX_LOCK_PAUSE_MS), pauses++) {
      const counted = performance.now() - started - excused;
      if (counted >= allowance && !checkpointing) {
        throw new DatabaseBusyError(
          Math.round(performance.now() - started),
          error,
          pool.ownWriteOpen() ? "the service" : "another program",
          pauses,
        );
      }
      const ms = checkpointing ? pause : Math.min(pause, allowance - counted);
      const before = performance.now();
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (checkpointing) excused += performance.now() - before;
      try {
        return await attempt();
      } catch (e) {
        if (!isBusy(e)) throw e;
        error = e;
        checkpointing = pool.checkpointing() && excused < MAX_CHECKPOINT_WAIT_MS;
      }
    }
  } finally {
    if (call) call.waitedMs += Math.max(0, performance.now() - started - excused);
  }
}

/**
 * `fn` on the client, tried again on a lock (see `untilUnlocked`). The first try runs directly, so a call
 * that meets no lock costs one `catch` more than the client's own.
 */
function waitingForLocks<A extends unknown[], T>(
  pool: SetUpPool,
  fn: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  return (...args: A) =>
    fn(...args).catch((e) => isBusy(e) ? untilUnlocked(pool, () => fn(...args), e) : Promise.reject(e));
}

/**
 * Tells a local client where the service's own checkpoint says that it holds the lock (an `Int32Array` over
 * shared memory, non-zero while it does; `checkpointer.ts`), or that it no longer runs (null). No-op for
 * other clients.
 */
export function shareCheckpointFlag(client: Client, flag: Int32Array | null): void {
  const pool = pools.get(client);
  if (pool) pool.checkpointFlag = flag;
}

/** Options of the local client. */
export interface LocalClientOptions {
  /** The database file's path (not a URL). */
  path: string;
  /**
   * How long a statement, batch or transaction start waits for another connection's write lock before it
   * fails with a `DatabaseBusyError`, in milliseconds (waited on timers, never inside the driver).
   */
  lockWaitMs: number;
  synchronous: Synchronous;
  /** Connections the pool may open at most (reads use one at a time; each open transaction holds one). */
  maxConnections?: number;
}

/** The row classes of one column list: what `execute` makes of each raw row. */
interface RowShape {
  columns: string[];
  columnTypes: string[];
  make(values: unknown[]): Row;
}

/**
 * A class for the rows of one column list, with the client's row contract: each column's value by name (an
 * own, enumerable, writable property; of two columns with one name the first wins) and by position, and a
 * `length`, the positions and the length neither own nor enumerable (so spreading a row, `Object.keys` and
 * `JSON.stringify` see the names only, and `Array.prototype.slice.call(row)` gives the values, as drizzle
 * reads them).
 */
/** What every row class of `rowShape` shares: the row's values in column order, kept private. */
class RowValues {
  #values: unknown[];
  constructor(values: unknown[]) {
    this.#values = values;
  }
  static valueAt(row: RowValues, i: number): unknown {
    return row.#values[i];
  }
  static of(row: object): readonly unknown[] | undefined {
    return #values in row ? (row as RowValues).#values : undefined;
  }
}

/**
 * The values of a row a local client gave, in column order, without copying them (not to be changed), or
 * undefined for any other row. Reading them by position one at a time goes through a getter each, which
 * `Array.prototype.slice.call(row)` does for every column of every row: about 30 times as slow for rows of
 * 20 columns (measured 65 against 2 µs for 16 rows).
 */
export function rowValues(row: object): readonly unknown[] | undefined {
  return RowValues.of(row);
}

function rowShape(cols: readonly Column[]): RowShape {
  const columns = cols.map((c) => c.name);
  const columnTypes = cols.map((c) => c.type ?? "");
  // The client defines the positions first, so a column named like a position never becomes a name.
  const named: [string, number][] = [];
  const seen = new Set<string>();
  columns.forEach((name, i) => {
    const index = Number(name);
    const isPosition = String(index) === name && Number.isInteger(index) && index >= 0 &&
      index < columns.length;
    if (!isPosition && !seen.has(name)) named.push([name, i]);
    seen.add(name);
  });
  class ResultRow extends RowValues {
    constructor(values: unknown[]) {
      super(values);
      const self = this as unknown as Record<string, unknown>;
      for (let k = 0; k < named.length; k++) self[named[k][0]] = values[named[k][1]];
    }
  }
  const n = columns.length;
  Object.defineProperty(ResultRow.prototype, "length", { get: () => n });
  for (let i = 0; i < n; i++) {
    Object.defineProperty(ResultRow.prototype, i, {
      get(this: ResultRow) {
        return RowValues.valueAt(this, i);
      },
    });
  }
  return {
    columns,
    columnTypes,
    make: (values) => new ResultRow(values) as unknown as Row,
  };
}

/** The client's result set: the same fields and `toJSON`. */
class LocalResultSet implements ResultSet {
  constructor(
    readonly columns: string[],
    readonly columnTypes: string[],
    readonly rows: Row[],
    readonly rowsAffected: number,
    readonly lastInsertRowid: bigint | undefined,
  ) {}

  toJSON() {
    return {
      columns: this.columns,
      columnTypes: this.columnTypes,
      rows: this.rows.map((row) => Array.prototype.map.call(row, jsonValue)),
      rowsAffected: this.rowsAffected,
      lastInsertRowid: this.lastInsertRowid !== undefined ? `${this.lastInsertRowid}` : null,
    };
  }
}

function jsonValue(v: unknown): unknown {
  if (typeof v === "bigint") return `${v}`;
  if (v instanceof ArrayBuffer) return btoa(String.fromCharCode(...new Uint8Array(v)));
  return v;
}

const MIN_INT64 = -9223372036854775808n;
const MAX_INT64 = 9223372036854775807n;

/** An argument as the client binds it in "number" mode. */
function argToSql(value: InValue | undefined): unknown {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new RangeError("Only finite numbers (not Infinity or NaN) can be passed as arguments");
    }
    return value;
  }
  if (typeof value === "bigint") {
    if (value < MIN_INT64 || value > MAX_INT64) {
      throw new RangeError(
        "bigint is too large to be represented as a 64-bit integer and passed as argument",
      );
    }
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (value instanceof Date) return value.valueOf();
  if (value === undefined) throw new TypeError("undefined cannot be passed as argument to the database");
  return value;
}

/** A value as the client returns it in "number" mode. */
function valueFromSql(v: unknown): unknown {
  if (typeof v === "bigint") {
    if (v > MAX_SAFE || v < MIN_SAFE) {
      throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
    }
    return Number(v);
  }
  if (v instanceof Uint8Array) return v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength);
  return v;
}

const ONE_ROW = Symbol("oneRow");

/**
 * Marks a statement that returns at most one row (e.g. a single-row upsert with `RETURNING`): a local client
 * runs it through the driver's `get()`, which steps once and resets, instead of its `all()`, whose row
 * iterator costs several times as much for one row (a boxed native cursor and a 100-slot array per run,
 * measured 7.2 against 1.5 µs for `SELECT 1`). A second row, should there be one, is never read.
 */
export function oneRow<S extends { sql: string; args?: InArgs }>(stmt: S): S {
  (stmt as S & { [ONE_ROW]?: true })[ONE_ROW] = true;
  return stmt;
}

/** One statement on a connection, as the client's `execute` runs it, with rows from the statement's class. */
function executeOn(db: Database.Database, stmt: InStatement): ResultSet {
  let sql: string;
  let args: unknown;
  if (typeof stmt === "string") {
    sql = stmt;
    args = [];
  } else {
    sql = stmt.sql;
    if (Array.isArray(stmt.args)) args = stmt.args.map(argToSql);
    else {
      const named: Record<string, unknown> = {};
      for (const name in stmt.args) {
        const key = name[0] === "@" || name[0] === "$" || name[0] === ":" ? name.substring(1) : name;
        named[key] = argToSql((stmt.args as Record<string, InValue>)[name]);
      }
      args = named;
    }
  }
  try {
    const prepared = db.prepare(sql) as unknown as CachedStatement;
    prepared.safeIntegers(true);
    if (!prepared.reader) {
      const info = prepared.run(args) as { changes: number; lastInsertRowid: number | bigint };
      return new LocalResultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
    }
    prepared.raw(true);
    const shape = prepared.shape();
    let raw: unknown[][];
    if ((stmt as { [ONE_ROW]?: true })[ONE_ROW]) {
      const first = prepared.get(args) as unknown[] | undefined;
      raw = first ? [first] : [];
    } else raw = prepared.all(args) as unknown[][];
    const rows = new Array<Row>(raw.length);
    for (let i = 0; i < raw.length; i++) {
      const values = raw[i];
      for (let k = 0; k < values.length; k++) {
        const v = values[k];
        if (typeof v === "bigint" || v instanceof Uint8Array) values[k] = valueFromSql(v);
      }
      rows[i] = shape.make(values);
    }
    return new LocalResultSet(shape.columns, shape.columnTypes, rows, 0, undefined);
  } catch (e) {
    throw asLibsqlError(e);
  }
}

/** A `@libsql/client` client for a local database file, with per-connection settings and statement cache. */
export function createLocalClient(o: LocalClientOptions): Client {
  // Busy timeout 0: a lock is waited for by the client on timers (point 6 of the module comment).
  const pool = new SetUpPool(o.path, { timeout: 0 }, o.maxConnections ?? 20, o.synchronous, o.lockWaitMs);
  // Fail at start, not at the first request, when the file cannot be opened.
  pool.release(pool.acquireSync());
  const client = new Sqlite3Client(pool, "number");
  /** The shared connection for one statement or batch, checked as the client checks it. */
  const borrow = async () => {
    if (client.closed) throw new LibsqlError("The client is closed", "CLIENT_CLOSED");
    const db = await pool.acquire();
    if (!db.open) {
      pool.release(db);
      throw new LibsqlError("The connection was closed while this operation was in flight", "CLIENT_CLOSED");
    }
    return db;
  };
  // As the client's own `execute` (point 7): on the shared connection, with the same checks.
  const execute = async (stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    const db = await borrow();
    try {
      return executeOn(db, stmt);
    } finally {
      pool.release(db);
    }
  };
  // As the client's own `batch`, on the shared connection, each statement through `executeOn`: the client's
  // `executeStmt` builds every row with a property definition per column, maps the columns twice and finds
  // out whether a statement returns rows by catching an exception, on every statement of every batch (the
  // connector's group commits run two per call).
  const batch = async (stmts: (InStatement | [string, InArgs?])[], mode: TransactionMode = "deferred") => {
    const db = await borrow();
    try {
      executeOn(db, BEGIN[mode] ?? unknownMode());
      const results: ResultSet[] = [];
      for (let i = 0; i < stmts.length; i++) {
        try {
          if (!db.inTransaction) {
            throw new LibsqlBatchError("The transaction has been rolled back", i, "TRANSACTION_CLOSED");
          }
          const stmt = stmts[i];
          results.push(executeOn(db, Array.isArray(stmt) ? { sql: stmt[0], args: stmt[1] || [] } : stmt));
        } catch (e) {
          if (e instanceof LibsqlBatchError) throw e;
          if (e instanceof LibsqlError) {
            throw new LibsqlBatchError(
              e.message,
              i,
              e.code,
              e.extendedCode,
              e.rawCode,
              e.cause instanceof Error ? e.cause : undefined,
            );
          }
          throw e;
        }
      }
      executeOn(db, "COMMIT");
      return results;
    } finally {
      // Rolls back whatever is still open (see `SetUpPool.release`).
      pool.release(db);
    }
  };
  // A failed `executeMultiple` may have run some of its statements, so it is not tried again.
  client.execute = waitingForLocks(pool, execute) as typeof client.execute;
  client.batch = waitingForLocks(pool, batch) as typeof client.batch;
  client.migrate = waitingForLocks(pool, client.migrate.bind(client));
  client.transaction = waitingForLocks(pool, client.transaction.bind(client));
  pools.set(client, pool);
  return client;
}

const pools = new WeakMap<Client, SetUpPool>();

/** How a batch begins its transaction, as the client's `transactionModeToBegin`. */
const BEGIN: Readonly<Record<string, string>> = {
  write: "BEGIN IMMEDIATE",
  read: "BEGIN TRANSACTION READONLY",
  deferred: "BEGIN DEFERRED",
};

function unknownMode(): never {
  throw RangeError('Unknown transaction mode, supported values are "write", "read" and "deferred"');
}

/**
 * The driver's error as the client would throw it (a `LibsqlError` with the base code, e.g.
 * `SQLITE_CONSTRAINT` for `SQLITE_CONSTRAINT_UNIQUE`); anything else unchanged.
 */
function asLibsqlError(e: unknown): unknown {
  if (!(e instanceof Error) || e.name !== "SqliteError") return e;
  const { code, rawCode } = e as Error & { code?: string; rawCode?: number };
  const base = /^SQLITE_[A-Z]+/.exec(code ?? "")?.[0] ?? "SQLITE_UNKNOWN";
  return new LibsqlError(e.message, base, code, rawCode, e);
}

/** A value a one-row read binds (the connector's hot reads bind nothing else). */
export type RowArg = string | number | null;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER);

/**
 * The first row of a read as a plain object (column name → value), or undefined when there is none. On a
 * local client it runs on the shared connection's prepared statement through the driver's `get()`, which
 * stops at the first row; the client's `execute` would step through every row with an iterator and build
 * each row with a property definition per column, a measurable share of the reads every connector request
 * makes (the guard's, the summary's). Integers come back as numbers and, as with the client's "number"
 * mode, one beyond 2^53 is a RangeError, not a rounded value. Any other client answers through `execute`.
 */
export async function readRow(
  client: Client,
  sql: string,
  args: readonly RowArg[] | Readonly<Record<string, RowArg>>,
): Promise<Record<string, unknown> | undefined> {
  const pool = pools.get(client);
  if (!pool) {
    const row = (await client.execute({ sql, args: args as InArgs })).rows[0];
    // The client's row: its named columns are its enumerable properties (the first of a name wins).
    return row ? { ...row } : undefined;
  }
  try {
    return await readRowOn(pool, sql, args);
  } catch (e) {
    // A read meets a lock only in rare moments of WAL mode (another process recovering the log).
    if (!isBusy(e)) throw e;
    return untilUnlocked(pool, () => readRowOn(pool, sql, args), e);
  }
}

/** `readRow` on the pool's shared connection, one try. */
async function readRowOn(
  pool: SetUpPool,
  sql: string,
  args: readonly RowArg[] | Readonly<Record<string, RowArg>>,
): Promise<Record<string, unknown> | undefined> {
  const db = await pool.acquire();
  try {
    let values: unknown[] | undefined;
    let stmt: CachedStatement;
    try {
      stmt = db.prepare(sql) as unknown as CachedStatement;
      stmt.safeIntegers(true);
      values = stmt.raw(true).get(args) as unknown[] | undefined;
    } catch (e) {
      throw asLibsqlError(e);
    }
    if (!values) return undefined;
    const columns = stmt.columns();
    const row: Record<string, unknown> = {};
    for (let i = 0; i < columns.length; i++) {
      const name = columns[i].name;
      // As the client does: of two columns with one name, the first wins.
      if (Object.hasOwn(row, name)) continue;
      const v = values[i];
      if (typeof v === "bigint") {
        if (v > MAX_SAFE || v < MIN_SAFE) {
          throw new RangeError("Received integer which cannot be safely represented as a JavaScript number");
        }
        row[name] = Number(v);
      } else if (v instanceof Uint8Array) {
        row[name] = v.buffer.slice(v.byteOffset, v.byteOffset + v.byteLength);
      } else row[name] = v;
    }
    return row;
  } finally {
    pool.release(db);
  }
}

/**
 * A stamp of the given tables as a read made after it will see them, or null for a client that cannot tell
 * (not a local file). Two equal stamps for the same tables mean none of them changed in between, so a result
 * computed from them after the first stamp may be served again: no statement that may write one of them ran
 * on any connection of this client (see `writeTarget`), and no other connection or process committed
 * anything (SQLite's `PRAGMA data_version`, https://www.sqlite.org/pragma.html#pragma_data_version, read on
 * the shared connection that `readRow` uses). Take the stamp BEFORE the reads whose result is kept: a change
 * that lands between the stamp and the reads is then seen by the reads and still changes the next stamp, so
 * the worst case is one needless recomputation, never a stale answer.
 */
export async function dataStamp(
  client: Client,
  tables: readonly string[],
  /**
   * `dataVersion(client)` read earlier in the same request: the stamp is then the one of that instant, and a
   * request that checks several stamps reads the pragma once.
   */
  version?: number,
): Promise<string | null> {
  const pool = pools.get(client);
  if (!pool) return null;
  // Inside `recordReads`, a result kept under this stamp (a summary served again) depends on these tables
  // as much as on those its statements read: the computation around it is told so.
  const recording = readRecorder.getStore();
  if (recording) { for (const t of tables) recording.add(t); }
  const v = version ?? await dataVersion(client);
  // Read after the pragma: that read may have opened a new shared connection, which counts as a change.
  let stamp = `${v}:${pool.generation}`;
  for (const t of tables) stamp += `:${pool.tableGenerations.get(t) ?? 0}`;
  return stamp;
}

/** At most this many results are kept per client by `keptRead` (all dropped at once when full). */
const KEPT_MAX = 10_000;
/** Per client: `keptRead`'s results by tables and key, each under the stamp taken before it was read. */
const keptReads = new WeakMap<Client, Map<string, { stamp: string; value: unknown }>>();

/**
 * `read()` served again while none of `tables` changed (`dataStamp`, taken before the read: a change during
 * the read costs a second read, never a stale result), so that reference data every request reads (leave
 * types, the caller's own record, a connection) is read again only after a write to its tables. `read` must
 * read only `tables` and run outside any transaction (a transaction's uncommitted writes must never be
 * kept), and its result must not be changed by the caller: it is frozen (an array and its items, one level
 * deep). A client that cannot tell its stamp (not a local file) reads every time. Inside `recordReads` the
 * tables are recorded as if `read` ran. `version` is a `dataVersion` read for the same request (see
 * `dataStamp`).
 */
export async function keptRead<T>(
  client: Client,
  tables: readonly string[],
  key: string,
  read: () => Promise<T>,
  version?: number,
): Promise<T> {
  const stamp = await dataStamp(client, tables, version);
  if (stamp === null) return await read();
  let kept = keptReads.get(client);
  if (!kept) keptReads.set(client, kept = new Map());
  const id = `${tables.join(",")}\n${key}`;
  const hit = kept.get(id);
  if (hit?.stamp === stamp) return hit.value as T;
  const value = await read();
  if (Array.isArray(value)) { for (const item of value) Object.freeze(item); }
  Object.freeze(value);
  if (kept.size >= KEPT_MAX) kept.clear();
  kept.set(id, { stamp, value });
  return value;
}

/**
 * SQLite's `PRAGMA data_version` on the shared connection (changes when another connection commits), as
 * read after this call was made. Every request that keeps or reuses a result asks for it, and under load
 * the pragma was a seventh of a connector call's CPU (it opens and closes a read transaction): the callers of
 * one turn of the event loop therefore share one read, made on the next turn. That read starts after each
 * of them asked, so it sees every commit made before any of them asked, as a read of its own would.
 */
export function dataVersion(client: Client): Promise<number | undefined> {
  let next = versionReads.get(client);
  if (!next) {
    next = new Promise((resolve, reject) => {
      setImmediate(() => {
        // Whoever asks from now on may ask after this read has begun: they get the next one.
        versionReads.delete(client);
        readRow(client, "PRAGMA data_version", []).then(
          (row) => resolve(row?.data_version as number | undefined),
          reject,
        );
      });
    });
    versionReads.set(client, next);
  }
  return next;
}

/** Per client: the `PRAGMA data_version` read that has not begun yet, shared by everyone who asks until then. */
const versionReads = new WeakMap<Client, Promise<number | undefined>>();

/**
 * Runs `compute` and tells which tables its statements may have read (`tables`, sorted), with the
 * `dataStamp` those tables had before it ran (`stamp`; null for a client that cannot tell). A result kept
 * under that stamp may be served again while `dataStamp(client, tables)` still equals it: a change of one of
 * them during the computation already makes the next stamp differ, so the worst case is one needless
 * recomputation, never a stale answer.
 */
export async function recordReads<T>(
  client: Client,
  compute: () => Promise<T>,
): Promise<{ value: T; tables: string[]; stamp: string | null }> {
  const pool = pools.get(client);
  if (!pool) return { value: await compute(), tables: [], stamp: null };
  const base = `${await dataVersion(client)}:${pool.generation}`;
  const before = new Map(pool.tableGenerations);
  const read = new Set<string>();
  const value = await readRecorder.run(read, compute);
  const tables = [...read].sort();
  let stamp = base;
  for (const t of tables) stamp += `:${before.get(t) ?? 0}`;
  return { value, tables, stamp };
}

/**
 * Drops every connection's prepared statements (after a schema change: SQLite prepares a statement again
 * by itself, but the column list kept with it would be the old one). No-op for other clients.
 */
export function forgetPreparedStatements(client: Client): void {
  for (const c of pools.get(client)?.caches ?? []) c.clear();
}

/**
 * Sets how many pages of write-ahead log make a commit checkpoint it, on every connection of a local client
 * (0: never; `checkpointer.ts` then does it in the background). No-op for other clients.
 */
export function setAutoCheckpoint(client: Client, pages: number): void {
  if (!Number.isInteger(pages) || pages < 0) throw new RangeError(`invalid page count ${pages}`);
  pools.get(client)?.setAutoCheckpoint(pages);
}

/**
 * How many statements each connection of a local client holds prepared, one entry per connection it ever
 * opened (for tests and diagnostics).
 */
export function statementCacheSizes(client: Client): number[] {
  return [...pools.get(client)?.caches ?? []].map((c) => c.size);
}
