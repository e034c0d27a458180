import assert from "node:assert/strict";
import type { Transaction } from "@libsql/client";
import type { Logger } from "../../src/log.ts";
import { openDatabase } from "../../src/db/client.ts";
import { startBackgroundCheckpoints } from "../../src/db/checkpointer.ts";
import { AUTOCHECKPOINT_PAGES } from "../../src/db/local.ts";

async function fresh() {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/t.db`;
  const database = await openDatabase(`file:${path}`);
  await database.client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, payload BLOB NOT NULL)");
  return { database, path };
}

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

Deno.test("checkpointer: a worker copies the log into the database; the connections no longer checkpoint", async () => {
  const { database, path } = await fresh();
  const checkpoints = await startBackgroundCheckpoints(database, { intervalMs: 20 });
  try {
    assert.ok(checkpoints, "the worker started");
    // Every connection, the shared one and one a transaction holds, leaves checkpoints to the worker.
    assert.equal(await autocheckpoint(database.client), 0);
    const tx = await database.client.transaction("read");
    assert.equal(await autocheckpoint(tx), 0);
    tx.close();

    // 8 MB is about 2000 pages: past the 1000 pages at which a commit would otherwise checkpoint.
    await write(database, 8);
    const copied = async () => (await Deno.stat(path)).size;
    // Without a checkpoint the pages would still be in the log only; the worker copies them within rounds.
    const deadline = Date.now() + 5000;
    while ((await copied()) < 8_000_000 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    assert.ok((await copied()) >= 8_000_000, `database file ${await copied()} bytes`);
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
  const checkpoints = await startBackgroundCheckpoints(database, { intervalMs: 20 });
  try {
    assert.ok(checkpoints);
    assert.equal(await autocheckpoint(database.client), 0);
    await checkpoints.stop();
    await checkpoints.stop(); // a second stop is harmless
    assert.equal(await autocheckpoint(database.client), AUTOCHECKPOINT_PAGES);
    const tx = await database.client.transaction("read");
    assert.equal(await autocheckpoint(tx), AUTOCHECKPOINT_PAGES);
    tx.close();
    await assert.rejects(() => checkpoints.run(), /stopped/);
  } finally {
    database.close();
  }
});

Deno.test("checkpointer: none for an in-memory database, none when the worker cannot open the file", async () => {
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
    assert.equal(await autocheckpoint(database.client), AUTOCHECKPOINT_PAGES);
  } finally {
    database.close();
  }
});

Deno.test("checkpointer: a log past its limit is truncated under a reader, and a clean stop leaves it empty", async () => {
  const { database, path } = await fresh();
  // A small limit stands for the 64 MiB of a running service.
  const checkpoints = await startBackgroundCheckpoints(database, {
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
