import assert from "node:assert/strict";
import type { Transaction } from "@libsql/client";
import type { Logger } from "../../src/log.ts";
import { openDatabase } from "../../src/db/client.ts";
import {
  type CheckpointResult,
  startBackgroundCheckpoints,
  startCheckpointsOnDemand,
} from "../../src/db/checkpointer.ts";
import { shareCheckpointFlag } from "../../src/db/local.ts";
import { holdLock, holdRead } from "./_lock.ts";

/**
 * SQLite's default `wal_autocheckpoint` (sqlite.org/pragma.html#pragma_wal_autocheckpoint: 1000 pages): what a
 * connection goes back to when the background checkpoints are not running. Written here, not imported.
 */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

async function fresh() {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/t.db`;
  const database = await openDatabase(`file:${path}`);
  await database.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)");
  return { database, path };
}

/**
 * Bounds on the checkpointer's start and on its last checkpoint at a stop: generous, so a busy machine only makes
 * a test wait longer (the service's own 10 s and 5 s fall back or give up sooner, by design).
 */
const PATIENT = { startTimeoutMs: 120_000, stopTimeoutMs: 120_000 };

const autocheckpoint = async (c: Pick<Transaction, "execute">) =>
  Number((await c.execute("PRAGMA wal_autocheckpoint")).rows[0][0]);

/** Writes about `mb` megabytes in commits of 64 KiB. */
async function write(database: Awaited<ReturnType<typeof fresh>>["database"], mb: number) {
  for (let i = 0; i < mb * 16; i++) {
    await database.client.batch(
      [{ sql: "INSERT INTO t (payload) VALUES (randomblob(65536))", args: [] }],
      "write",
    );
  }
}

Deno.test("checkpointer: its rounds copy the log into the database; the connections no longer checkpoint", async () => {
  const { database, path } = await fresh();
  const checkpoints = await startBackgroundCheckpoints(database, { intervalMs: 20, ...PATIENT });
  try {
    assert.ok(checkpoints, "the checkpointer started");
    // Every connection, the shared one and one a transaction holds, leaves checkpoints to the rounds.
    assert.equal(await autocheckpoint(database.client), 0);
    const tx = await database.client.transaction("read");
    assert.equal(await autocheckpoint(tx), 0);
    tx.close();

    // 8 MB is about 2000 pages: past the 1000 pages at which a commit would otherwise checkpoint.
    await write(database, 8);
    const copied = async () => (await Deno.stat(path)).size;
    // Without a checkpoint the pages would still be in the log only; the rounds copy them.
    await until(async () => (await copied()) >= 8_000_000, "the log copied into the database file");
    const now = await checkpoints.run();
    assert.equal(now.busy, 0);
    assert.equal(now.checkpointed, now.log, "everything in the log is in the database");
    assert.equal(Number((await database.client.execute("SELECT count(*) FROM t")).rows[0][0]), 128);
  } finally {
    await checkpoints?.stop();
    database.close();
  }
});

Deno.test("checkpointer: after stop the connections checkpoint by themselves again", async () => {
  const { database } = await fresh();
  const checkpoints = await startBackgroundCheckpoints(database, { intervalMs: 20, ...PATIENT });
  try {
    assert.ok(checkpoints);
    assert.equal(await autocheckpoint(database.client), 0);
    assert.equal(checkpoints.running, true);
    await checkpoints.stop();
    await checkpoints.stop(); // a second stop is harmless
    assert.equal(checkpoints.running, false);
    assert.equal(await autocheckpoint(database.client), SQLITE_DEFAULT_AUTOCHECKPOINT);
    const tx = await database.client.transaction("read");
    assert.equal(await autocheckpoint(tx), SQLITE_DEFAULT_AUTOCHECKPOINT);
    tx.close();
    await assert.rejects(() => checkpoints.run(), /stopped/);
  } finally {
    database.close();
  }
});

Deno.test("checkpointer: none for an in-memory database, none when its connection cannot open the file", async () => {
  const memory = await openDatabase(":memory:");
  try {
    assert.equal(await startBackgroundCheckpoints(memory), null);
  } finally {
    memory.close();
  }
  const { database } = await fresh();
  const warnings: string[] = [];
  const log = { warn: (m: string) => warnings.push(m) } as unknown as Logger;
  try {
    const broken = { ...database, path: "/nonexistent-directory/for/sure/t.db" };
    assert.equal(await startBackgroundCheckpoints(broken, { log }), null);
    assert.deepEqual(warnings, ["background checkpoints could not start"]);
    // The connections keep checkpointing by themselves.
    assert.equal(await autocheckpoint(database.client), SQLITE_DEFAULT_AUTOCHECKPOINT);
  } finally {
    database.close();
  }
});

Deno.test("checkpointer: a log past its limit is truncated under a reader, and a clean stop leaves it empty", async () => {
  const { database, path } = await fresh();
  // A small limit stands for the 64 MiB of a running service.
  const checkpoints = await startBackgroundCheckpoints(database, {
    ...PATIENT,
    intervalMs: 60_000,
    walMaxBytes: 256 * 1024,
  });
  try {
    assert.ok(checkpoints);
    // A reader that keeps coming back, as the service's requests do.
    const reading = (async () => {
      for (let i = 0; i < 50; i++) await database.client.execute("SELECT count(*) FROM t");
    })();
    await write(database, 2);
    await reading;
    assert.ok((await Deno.stat(`${path}-wal`)).size > 256 * 1024, "the log grew past the limit");
    await checkpoints!.run();
    assert.ok(
      (await Deno.stat(`${path}-wal`)).size <= 256 * 1024,
      "one round brings it back under the limit",
    );
    await write(database, 1);
  } finally {
    await checkpoints?.stop();
    assert.equal((await Deno.stat(`${path}-wal`)).size, 0, "a clean stop leaves an empty log");
    database.close();
  }
});

Deno.test("checkpointer: under another program's long read the log is not cut back, writes never wait for it, and it is logged", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/t.db`;
  // A short lock wait: a checkpoint that held writers up would make these writes fail.
  const database = await openDatabase(`file:${path}`, { lockWaitMs: 100 });
  await database.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)");
  const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];
  const log = {
    warn: (msg: string, fields?: Record<string, unknown>) => warnings.push({ msg, fields }),
  } as unknown as Logger;
  const checkpoints = await startBackgroundCheckpoints(database, {
    ...PATIENT,
    intervalMs: 60_000,
    walMaxBytes: 256 * 1024,
    log,
    // At once here (five seconds in the service).
    pinnedLogAfterMs: 0,
  });
  const reader = await holdRead(path);
  try {
    assert.ok(checkpoints);
    await write(database, 1);
    assert.ok((await Deno.stat(`${path}-wal`)).size > 256 * 1024, "the log grew past the limit");
    // Checkpoints asked for while writes go on: every write goes through.
    let writes = 0;
    let asked = false;
    const asking = (async () => {
      for (let round = 0; round < 5; round++) {
        const r: CheckpointResult = await checkpoints!.run();
        assert.equal(r.pinned, true, "the reader keeps the log from being cut back");
      }
    })().finally(() => asked = true);
    while (!asked) {
      await database.client.execute("INSERT INTO t (payload) VALUES (randomblob(100))");
      writes++;
      // A turn for the checkpoint's answers (the driver is synchronous: the writes alone never yield).
      await new Promise((r) => setTimeout(r, 0));
    }
    await asking;
    assert.ok(writes > 0);
    assert.equal(warnings.length, 1, "logged once, not every round");
    assert.match(warnings[0].msg, /not cut back: a reader keeps it/);
    assert.ok(Number(warnings[0].fields?.walMiB) >= 0);
  } finally {
    await reader.release();
  }
  try {
    // The reader is gone: the next round cuts the log back.
    const r = await checkpoints!.run();
    assert.notEqual(r.pinned, true);
    assert.ok((await Deno.stat(`${path}-wal`)).size <= 256 * 1024);
  } finally {
    await checkpoints?.stop();
    database.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("checkpointer: a write that meets the lock while the service's own checkpoint holds it waits, and never fails for it", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/t.db`;
  const database = await openDatabase(`file:${path}`, { lockWaitMs: 50 });
  await database.client.execute(
    "CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT, updated_at INTEGER)",
  );
  // The flag the checkpoint's thread sets while it holds the lock; a second process stands in for the hold.
  const flag = new Int32Array(new SharedArrayBuffer(4));
  shareCheckpointFlag(database.client, flag);
  try {
    const lock = await holdLock(path);
    Atomics.store(flag, 0, 1);
    const writing = database.client.execute(
      "INSERT INTO settings (key, value, updated_at) VALUES ('k', 'v', 0)",
    );
    // Well past the 50 ms wait: still waiting, not failed.
    await new Promise((r) => setTimeout(r, 400));
    Atomics.store(flag, 0, 0);
    await lock.release();
    await writing;
    assert.equal((await database.client.execute("SELECT count(*) AS n FROM settings")).rows[0].n, 1);
  } finally {
    shareCheckpointFlag(database.client, null);
    database.close();
    await Deno.remove(dir, { recursive: true });
  }
});

/** Waits until `ok()` holds, two minutes at most (a slow machine only makes it wait longer, never fail sooner). */
async function until(ok: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 120_000;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`not reached in two minutes: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

Deno.test("checkpoints on demand: an idle database runs no rounds; the first commit starts them, which copies the log", async () => {
  const { database, path } = await fresh();
  const checkpoints = startCheckpointsOnDemand(database, { watchMs: 20, intervalMs: 20, ...PATIENT });
  try {
    assert.ok(checkpoints);
    // Ten looks at an unchanged log: no rounds, and the connections checkpoint by themselves.
    await until(() => checkpoints.looks >= 10, "ten looks at the log");
    assert.equal(checkpoints.running, false);
    assert.equal(checkpoints.starts, 0);
    assert.equal(await autocheckpoint(database.client), SQLITE_DEFAULT_AUTOCHECKPOINT);

    await write(database, 8);
    await until(() => checkpoints.running, "the rounds run");
    assert.equal(checkpoints.starts, 1);
    assert.equal(await autocheckpoint(database.client), 0);
    // About 2000 pages: the rounds copy them into the database file.
    await until(async () => (await Deno.stat(path)).size >= 8_000_000, "the log copied into the database");
  } finally {
    await checkpoints?.stop();
    assert.equal(checkpoints?.running, false);
    assert.equal(await autocheckpoint(database.client), SQLITE_DEFAULT_AUTOCHECKPOINT);
    database.close();
  }
});

Deno.test("checkpoints on demand: idle rounds stop and empty the log; the connections checkpoint again; the next commit starts them again", async () => {
  const { database, path } = await fresh();
  const checkpoints = startCheckpointsOnDemand(database, {
    watchMs: 20,
    intervalMs: 20,
    idleStopMs: 200,
    ...PATIENT,
  });
  try {
    assert.ok(checkpoints);
    await write(database, 1);
    // On a busy machine a pause between two of the writes may already stop the rounds and the next start them
    // again: at least one start, then the stop.
    await until(() => checkpoints.starts >= 1, "the rounds started");
    // No commit for 200 ms (here; a minute in the service): stopped.
    await until(() => !checkpoints.running, "the idle rounds stopped");
    const starts = checkpoints.starts;
    assert.equal(await autocheckpoint(database.client), SQLITE_DEFAULT_AUTOCHECKPOINT);
    assert.equal((await Deno.stat(`${path}-wal`)).size, 0, "its stop left an empty log");
    assert.equal(Number((await database.client.execute("SELECT count(*) FROM t")).rows[0][0]), 16);

    await database.client.execute("INSERT INTO t (payload) VALUES (randomblob(100))");
    await until(() => checkpoints.starts === starts + 1, "the next commit started the rounds again");
    await until(() => !checkpoints.running, "stopped again");
    assert.equal(await autocheckpoint(database.client), SQLITE_DEFAULT_AUTOCHECKPOINT);
  } finally {
    await checkpoints?.stop();
    database.close();
  }
});

/** The process's open descriptors of files under `dir` (Linux: /proc/self/fd). */
function descriptorsUnder(dir: string): number {
  let n = 0;
  for (const entry of Deno.readDirSync("/proc/self/fd")) {
    try {
      if (Deno.readLinkSync(`/proc/self/fd/${entry.name}`).startsWith(dir)) n++;
    } catch {
      // Closed meanwhile (the descriptor of the listing itself).
    }
  }
  return n;
}

Deno.test({
  name:
    "checkpoints on demand: every start uses the same connection, so ten starts and stops leave no descriptors behind",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    const { database, path } = await fresh();
    const dir = path.slice(0, path.lastIndexOf("/"));
    const before = descriptorsUnder(dir);
    const checkpoints = startCheckpointsOnDemand(database, {
      watchMs: 20,
      intervalMs: 20,
      idleStopMs: 50,
      ...PATIENT,
    });
    try {
      assert.ok(checkpoints);
      for (let i = 1; i <= 10; i++) {
        await database.client.execute("INSERT INTO t (payload) VALUES (randomblob(100000))");
        await until(() => checkpoints.starts >= i, `start ${i}`);
        await until(() => !checkpoints.running, `stop ${i}`);
      }
      // The connection's database file and log (a connection apiece, never closed while a statement prepared
      // on it lives, left 20 here).
      const open = descriptorsUnder(dir) - before;
      assert.ok(open <= 3, `${open} descriptors more than before the starts`);
    } finally {
      await checkpoints?.stop();
      database.close();
    }
  },
});

Deno.test("checkpoints on demand: a log of more than a few pages when the watch starts is checkpointed at once", async () => {
  const { database, path } = await fresh();
  // 2 MB, about 500 pages: under the 1000 at which a commit checkpoints, so it stays in the log.
  await write(database, 2);
  assert.ok((await Deno.stat(`${path}-wal`)).size > 256 * 1024);
  const checkpoints = startCheckpointsOnDemand(database, { watchMs: 20, intervalMs: 20, ...PATIENT });
  try {
    await until(() => checkpoints!.running, "the rounds run without a new commit");
    await until(async () => (await Deno.stat(path)).size >= 2_000_000, "the log copied into the database");
  } finally {
    await checkpoints?.stop();
    database.close();
  }
});

Deno.test("checkpoints on demand: none for an in-memory database; rounds that cannot start are not tried again", async () => {
  const memory = await openDatabase(":memory:");
  try {
    assert.equal(startCheckpointsOnDemand(memory), null);
  } finally {
    memory.close();
  }
  const { database } = await fresh();
  const dir = await Deno.makeTempDir();
  // A directory where the database file should be: the checkpointer cannot open it; its log is a plain file.
  await Deno.mkdir(`${dir}/x.db`);
  await Deno.writeFile(`${dir}/x.db-wal`, new Uint8Array(10));
  const warnings: string[] = [];
  const log = { warn: (m: string) => warnings.push(m) } as unknown as Logger;
  const broken = { ...database, path: `${dir}/x.db` };
  const checkpoints = startCheckpointsOnDemand(broken, { watchMs: 20, log });
  try {
    assert.ok(checkpoints);
    await Deno.writeFile(`${dir}/x.db-wal`, new Uint8Array(20));
    await until(() => checkpoints.starts === 1, "a start was tried");
    await until(() => warnings.length === 1, "the failed start logged");
    assert.deepEqual(warnings, ["background checkpoints could not start"]);
    // Changes after it start nothing more.
    await Deno.writeFile(`${dir}/x.db-wal`, new Uint8Array(30));
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(checkpoints.starts, 1);
    assert.equal(checkpoints.running, false);
    assert.equal(await autocheckpoint(database.client), SQLITE_DEFAULT_AUTOCHECKPOINT);
  } finally {
    await checkpoints?.stop();
    database.close();
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * How many times the log has started over: the checkpoint sequence number in its header (bytes 12–15, big
 * endian), which a writer increments each time it starts the log over from its first frame
 * (https://www.sqlite.org/fileformat2.html#walformat). Read through a descriptor of the log file only, which
 * holds none of SQLite's locks (those are on the database file and the shared-memory index).
 */
async function logStarts(file: Deno.FsFile): Promise<number> {
  const header = new Uint8Array(16);
  await file.seek(0, Deno.SeekMode.Start);
  if ((await file.read(header)) !== 16) return 0;
  return new DataView(header.buffer).getUint32(12);
}

Deno.test("checkpointer: under a steady stream of commits the log starts over instead of growing to its limit", async () => {
  const { database, path } = await fresh();
  // A small size stands for the service's 32 MiB (start over); the limit where the log is cut back is set out
  // of reach, so that only starting over can keep the log small.
  const checkpoints = await startBackgroundCheckpoints(database, {
    ...PATIENT,
    intervalMs: 10,
    restartBytes: 512 * 1024,
    walMaxBytes: 1024 * 1024 * 1024,
  });
  const commit = () =>
    database.client.batch(
      [{ sql: "INSERT INTO t (payload) VALUES (randomblob(16384))", args: [] }],
      "write",
    );
  await commit();
  const log = await Deno.open(`${path}-wal`, { read: true });
  try {
    assert.ok(checkpoints);
    // Commits of 16 KiB back to back, up to 48 MiB, with no pause in which every frame is copied back and the
    // next writer would start the log over by itself. Measured on the 2-core machine, 48 MiB in all: without
    // the RESTART no start (the log grew to 77.5 MB), with it 8–57 starts (16–34 beside a CPU hog: how often
    // measures the machine, as the rounds take turns of the event loop these commits also take). Three starts
    // is what is asked: the loop ends there.
    const before = await logStarts(log);
    let written = 0;
    for (; written < 48 * 1024 * 1024 && (await logStarts(log)) - before < 3; written += 16384) {
      await commit();
    }
    const starts = (await logStarts(log)) - before;
    assert.ok(starts >= 3, `the log started over while commits went on: ${starts} times in ${written} bytes`);
  } finally {
    log.close();
    await checkpoints?.stop();
    database.close();
  }
});
