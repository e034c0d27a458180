/**
 * A database file refused at start (damaged: exit 4; another program's: exit 6; a newer release's: exit 3)
 * is left exactly as it was found: no `-wal` or `-shm` appears beside it, and companions that were already
 * there stay as they were. The start is the executable run as a child process, as an operator starts it.
 */
import assert from "node:assert/strict";
import Database from "libsql";
import { openDatabase } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

async function start(path: string, command = "migrate") {
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, command],
    env: {
      DATABASE_URL: `file:${path}`,
      DEMO_DATA: "false",
      LOG_LEVEL: "error",
      NO_COLOR: "1",
      PORT: "0",
      HOST: "127.0.0.1",
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: r.code, err: new TextDecoder().decode(r.stderr) };
}

/** A migrated database of this service with some rows, checkpointed: no -wal or -shm beside it. */
async function healthyDatabase(path: string): Promise<void> {
  const db = await openDatabase(`file:${path}`);
  await migrate(db.client);
  for (let i = 0; i < 200; i++) {
    await db.client.execute({
      sql: "INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 0)",
      args: [`k${i}`, "x".repeat(500)],
    });
  }
  await db.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  for (const p of [`${path}-wal`, `${path}-shm`]) await Deno.remove(p).catch(() => {});
}

function listing(dir: string): string[] {
  return [...Deno.readDirSync(dir)].map((e) => e.name).sort();
}

Deno.test("preflight: a refused file gets no -wal or -shm beside it, and companions already there are kept", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "hr-preflight-leftovers-" });
  try {
    const good = `${dir}/good.db`;
    await healthyDatabase(good);
    assert.deepEqual(listing(dir), ["good.db"]);
    const flipped = await Deno.readFile(good);
    for (let i = 4096 * 2; i < 4096 * 2 + 400; i++) flipped[i] ^= 0xa5;

    await t.step("a damaged file in WAL mode: exit 4, nothing created beside it", async () => {
      const sub = await Deno.makeTempDir({ dir });
      await Deno.writeFile(`${sub}/hr.db`, flipped);
      const r = await start(`${sub}/hr.db`);
      assert.equal(r.code, 4, r.err);
      assert.match(r.err, /is damaged/);
      assert.deepEqual(listing(sub), ["hr.db"]);
      assert.deepEqual(await Deno.readFile(`${sub}/hr.db`), flipped);
    });

    await t.step("a damaged file whose -wal and -shm were there before: both stay as they were", async () => {
      const sub = await Deno.makeTempDir({ dir });
      await Deno.writeFile(`${sub}/hr.db`, flipped);
      await Deno.writeFile(`${sub}/hr.db-wal`, new Uint8Array());
      const shm = new Uint8Array(32768).fill(7);
      await Deno.writeFile(`${sub}/hr.db-shm`, shm);
      const r = await start(`${sub}/hr.db`);
      assert.equal(r.code, 4, r.err);
      assert.deepEqual(listing(sub), ["hr.db", "hr.db-shm", "hr.db-wal"]);
      assert.equal((await Deno.stat(`${sub}/hr.db-wal`)).size, 0);
      assert.equal((await Deno.stat(`${sub}/hr.db-shm`)).size, 32768);
    });

    await t.step("another program's database in WAL mode: exit 6, nothing created beside it", async () => {
      const sub = await Deno.makeTempDir({ dir });
      const other = new Database(`${sub}/invoices.db`);
      other.exec("PRAGMA journal_mode=WAL");
      other.exec("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)");
      other.exec("INSERT INTO invoices (total) VALUES (12.5)");
      other.close();
      assert.deepEqual(listing(sub), ["invoices.db"], "SQLite removed its own companions on close");
      const before = await Deno.readFile(`${sub}/invoices.db`);
      const r = await start(`${sub}/invoices.db`);
      assert.equal(r.code, 6, r.err);
      assert.match(r.err, /another program's database/);
      assert.deepEqual(listing(sub), ["invoices.db"]);
      assert.deepEqual(await Deno.readFile(`${sub}/invoices.db`), before);
    });

    await t.step("a newer release's database: exit 3 from serve, nothing created beside it", async () => {
      const sub = await Deno.makeTempDir({ dir });
      await Deno.copyFile(good, `${sub}/hr.db`);
      // A migration from a release after this one, written by another program (the sqlite3 shell), which
      // removes its own companions when it closes.
      const later = Date.UTC(2099, 0, 1);
      const shell = await new Deno.Command("sqlite3", {
        args: [
          `${sub}/hr.db`,
          `INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('later', ${later});`,
        ],
        stderr: "piped",
      }).output();
      assert.equal(shell.code, 0, new TextDecoder().decode(shell.stderr));
      assert.deepEqual(listing(sub), ["hr.db"]);
      const before = await Deno.readFile(`${sub}/hr.db`);
      const r = await start(`${sub}/hr.db`, "serve");
      assert.equal(r.code, 3, r.err);
      assert.match(
        r.err,
        /1 migration\(s\) this version of the service does not know: it was upgraded by a newer release/,
      );
      assert.deepEqual(listing(sub), ["hr.db"]);
      assert.deepEqual(await Deno.readFile(`${sub}/hr.db`), before);
    });

    await t.step("a healthy file still starts", async () => {
      const r = await start(good);
      assert.equal(r.code, 0, r.err);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
