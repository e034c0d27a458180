/**
 * A start on a full disk says that the disk is full, with its own exit code, and never sends the operator to
 * restore a backup of a database that is whole: the database lives on a small tmpfs mounted for the test
 * and filled to the last byte (skipped, saying so, where the machine does not allow mounting). The start is
 * the executable run as a child process.
 */
import assert from "node:assert/strict";
import { openDatabase } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

async function mountTmpfs(dir: string, bytes: number): Promise<boolean> {
  const out = await new Deno.Command("mount", {
    args: ["-t", "tmpfs", "-o", `size=${bytes}`, "tmpfs", dir],
    stdout: "null",
    stderr: "null",
  }).output().catch(() => ({ code: 1 }));
  return out.code === 0;
}

/** Writes `path` until the disk refuses another byte. */
async function fill(path: string): Promise<void> {
  const f = await Deno.open(path, { write: true, create: true });
  try {
    const chunk = new Uint8Array(4096);
    for (;;) await f.write(chunk);
  } catch (e) {
    assert.match(String(e), /No space left on device|os error 28/);
  } finally {
    f.close();
  }
}

async function start(path: string, command = "serve") {
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, command],
    env: {
      DATABASE_URL: `file:${path}`,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      NO_COLOR: "1",
      PORT: "0",
      HOST: "127.0.0.1",
    },
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(60_000),
  }).output();
  return { code: r.code, out: new TextDecoder().decode(r.stdout), err: new TextDecoder().decode(r.stderr) };
}

function listing(dir: string): string[] {
  return [...Deno.readDirSync(dir)].map((e) => e.name).sort();
}

Deno.test("start on a full disk: 'the disk is full', exit 8, no advice to restore, nothing left beside the file", async (t) => {
  const work = await Deno.makeTempDir({ prefix: "hr-full-start-" });
  const disk = `${work}/disk`;
  await Deno.mkdir(disk);
  let mounted = false;
  try {
    // A cleanly stopped database: migrated, checkpointed, no -wal or -shm.
    const source = `${work}/hr.db`;
    const db = await openDatabase(`file:${source}`);
    await migrate(db.client);
    await db.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    db.close();
    for (const p of [`${source}-wal`, `${source}-shm`]) await Deno.remove(p).catch(() => {});
    const size = (await Deno.stat(source)).size;
    mounted = await mountTmpfs(disk, size + 4 * 1024 * 1024);
    if (!mounted) {
      console.log("start on a full disk: skipped, this machine does not allow mounting a tmpfs");
      return;
    }
    await Deno.chmod(disk, 0o700);
    await Deno.copyFile(source, `${disk}/hr.db`);
    const before = await Deno.readFile(`${disk}/hr.db`);
    // A second installation, migrated while there was room (its -wal and -shm stay beside it), whose start
    // still has its first data to write.
    await Deno.mkdir(`${disk}/second`, { mode: 0o700 });
    assert.equal((await start(`${disk}/second/hr.db`, "migrate")).code, 0);
    await fill(`${disk}/filler`);

    await t.step("the existing database: exit 8, the disk named, no restore advised", async () => {
      const r = await start(`${disk}/hr.db`);
      assert.equal(r.code, 8, r.out + r.err);
      assert.match(r.err, new RegExp(`^The disk holding ${disk} is full`));
      assert.match(r.err, /Free space on that disk/);
      assert.doesNotMatch(r.err, /damaged|[Rr]estore|backup/);
      assert.equal(r.err.trim().split("\n").length, 1, r.err);
      assert.deepEqual(listing(disk), ["filler", "hr.db", "second"], "no -wal, -shm or probe left behind");
      assert.deepEqual(await Deno.readFile(`${disk}/hr.db`), before, "not written");
    });

    await t.step("a new installation on the full disk: exit 8 as well", async () => {
      // Private, as the README installs a data folder: a folder others may read is warned about first.
      await Deno.mkdir(`${disk}/new`, { mode: 0o700 });
      const r = await start(`${disk}/new/hr.db`, "migrate");
      assert.equal(r.code, 8, r.out + r.err);
      assert.match(r.err, new RegExp(`^The disk holding ${disk}/new is full`));
      assert.doesNotMatch(r.err, /damaged|[Rr]estore|backup|\s+at /);
    });

    await t.step("a start whose first writes do not fit: exit 8", async () => {
      const r = await start(`${disk}/second/hr.db`);
      assert.equal(r.code, 8, r.out + r.err);
      assert.match(r.err, new RegExp(`^The disk holding ${disk}/second is full`));
      assert.doesNotMatch(r.err, /damaged|[Rr]estore|backup|\s+at /);
    });

    await t.step("space freed: the same database starts", async () => {
      await Deno.remove(`${disk}/filler`);
      const r = await start(`${disk}/hr.db`, "migrate");
      assert.equal(r.code, 0, r.out + r.err);
    });
  } finally {
    if (mounted) await new Deno.Command("umount", { args: [disk] }).output();
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
});
