/**
 * A damaged, truncated, read-only or foreign database file is refused at start with a clear message and its
 * own exit code, and nothing is written to it. The start is the executable's own `main` with the
 * environment given (in this process: a new Deno per case would cost the suite seconds).
 */
import assert from "node:assert/strict";
import Database from "libsql";
import { openDatabase } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import { preflight } from "../../src/db/preflight.ts";
import { main } from "../../src/main.ts";

async function healthyDatabase(dir: string): Promise<string> {
  const path = `${dir}/hr.db`;
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
  return path;
}

async function start(path: string) {
  let text = "";
  const code = await main(["migrate"], {
    DATABASE_URL: `file:${path}`,
    DEMO_DATA: "false",
    LOG_LEVEL: "error",
  }, {
    out: () => {},
    err: (t) => void (text += t),
    readStdin: () => Promise.resolve(""),
  });
  return { code, text };
}

Deno.test("preflight: damaged, truncated, read-only and foreign files are refused with their exit codes; nothing is written", async (t) => {
  const dir = await Deno.makeTempDir();
  try {
    const good = await healthyDatabase(dir);
    await t.step("a healthy database passes", async () => {
      assert.equal(await preflight(`file:${good}`), null);
      assert.equal((await start(good)).code, 0);
    });
    await t.step("bytes flipped inside pages: exit 4", async () => {
      const path = `${dir}/flipped.db`;
      const bytes = await Deno.readFile(good);
      for (let i = 4096 * 2; i < 4096 * 2 + 400; i++) bytes[i] ^= 0xa5;
      await Deno.writeFile(path, bytes);
      const before = await Deno.readFile(path);
      const r = await start(path);
      assert.equal(r.code, 4, r.text);
      assert.match(r.text, /is damaged/);
      assert.deepEqual(await Deno.readFile(path), before, "not written");
      const wal = await Deno.stat(`${path}-wal`).catch(() => null);
      assert.ok(!wal || wal.size === 0, "nothing logged to be written into it");
    });
    await t.step("a truncated file: exit 4", async () => {
      const path = `${dir}/truncated.db`;
      const bytes = await Deno.readFile(good);
      await Deno.writeFile(path, bytes.subarray(0, bytes.length - 1000));
      const r = await start(path);
      assert.equal(r.code, 4, r.text);
    });
    await t.step(
      "shorter than its header: damaged alone, whole with the log that holds the rest",
      async () => {
        // A checkpoint that stopped part way: page 1, with the database's new size, was copied from the log,
        // the pages after it not yet. Made here by writing into the log (no checkpoint) and giving the file
        // the size the log's commit has.
        const withLog = `${dir}/partly-checkpointed.db`;
        const alone = `${dir}/shorter.db`;
        await Deno.copyFile(good, withLog);
        const raw = new Database(withLog);
        raw.exec("PRAGMA wal_autocheckpoint=0");
        const insert = raw.prepare("INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 0)");
        for (let i = 0; i < 200; i++) insert.run(`more${i}`, "y".repeat(500));
        const pages = (raw.prepare("PRAGMA page_count").get() as { page_count: number }).page_count;
        const bytes = await Deno.readFile(withLog);
        assert.ok(pages * 4096 > bytes.length, "the log holds pages beyond the file");
        new DataView(bytes.buffer).setUint32(28, pages);
        await Deno.writeFile(withLog, bytes);
        await Deno.writeFile(alone, bytes);
        assert.ok((await Deno.stat(`${withLog}-wal`)).size > 0);
        assert.equal(await preflight(`file:${withLog}`), null);
        const r = await start(alone);
        assert.equal(r.code, 4, r.text);
        assert.match(r.text, /shorter than its header says/);
        raw.close();
      },
    );
    await t.step("a read-only file: exit 5", async () => {
      const path = `${dir}/readonly.db`;
      await Deno.copyFile(good, path);
      await Deno.chmod(path, 0o400);
      const r = await start(path);
      assert.equal(r.code, 5, r.text);
      assert.match(r.text, /read-only/);
    });
    await t.step("another program's SQLite database, and a file that is not SQLite: exit 6", async () => {
      const path = `${dir}/other.db`;
      const db = await openDatabase(`file:${path}`);
      await db.client.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)");
      db.close();
      assert.equal((await start(path)).code, 6);
      await Deno.writeTextFile(
        `${dir}/notes.db`,
        "these are notes, not a database, but long enough to read a header",
      );
      assert.equal((await start(`${dir}/notes.db`)).code, 6);
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
