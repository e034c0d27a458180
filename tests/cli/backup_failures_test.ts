/**
 * A backup that cannot be written (a read-only or full target) or read (a damaged database) ends with a clear
 * message and exit code 1 and leaves no file behind: a zero-byte or half-written file would block a retry under
 * the same name. Plain and encrypted backups alike. The targets are small tmpfs mounts made for the test
 * (skipped, saying so, where the machine does not allow mounting).
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { findCommand, runCommand } from "../../src/cli/mod.ts";
import { openDatabase } from "../../src/db/client.ts";
import type { AppDeps } from "../../src/deps.ts";
import { main } from "../../src/main.ts";

async function cli(deps: AppDeps, words: string[], stdin = "") {
  const found = findCommand(words)!;
  let out = "";
  let err = "";
  const code = await runCommand(deps, found.command, found.rest, {
    out: (s) => (out += s),
    err: (s) => (err += s),
    readStdin: () => Promise.resolve(stdin),
  });
  return { code, out, err };
}

const KINDS = [
  { name: "plain", args: [] as string[], file: "hr-backup.db" },
  { name: "encrypted", args: ["--passphrase-stdin"], file: "hr-backup.db.age" },
];
const PASSPHRASE = "Gurten-Apfel-Rosengarten\n";

async function mount(dir: string, options: string): Promise<boolean> {
  const out = await new Deno.Command("mount", {
    args: ["-t", "tmpfs", "-o", options, "tmpfs", dir],
    stdout: "null",
    stderr: "null",
  }).output().catch(() => ({ code: 1 }));
  return out.code === 0;
}

async function listing(dir: string): Promise<string[]> {
  return (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name).sort();
}

/** A checkpointed database of the test's: its size is what a backup needs. */
async function sizeOf(app: TestApp): Promise<number> {
  await app.deps.database.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  return (await Deno.stat(app.dbPath)).size;
}

Deno.test("backup: a read-only target ends with a clear message, exit 1 and no file", async (t) => {
  const app = await makeTestApp();
  const dir = await Deno.makeTempDir({ prefix: "hr-backup-ro-" });
  let mounted = false;
  try {
    mounted = await mount(dir, "ro,size=1m");
    if (!mounted) {
      console.log("backup to a read-only target: skipped, this machine does not allow mounting a tmpfs");
      return;
    }
    for (const kind of KINDS) {
      await t.step(kind.name, async () => {
        const r = await cli(app.deps, ["backup", "--to", `${dir}/${kind.file}`, ...kind.args], PASSPHRASE);
        assert.equal(r.code, 1, r.err);
        assert.match(r.err, new RegExp(`^Cannot write to ${dir}: the folder is read-only or not writable`));
        assert.match(r.err, /Nothing was written; choose a writable folder\.\n$/);
        assert.deepEqual(await listing(dir), []);
      });
    }
  } finally {
    app.close();
    if (mounted) await new Deno.Command("umount", { args: [dir] }).output();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});

Deno.test("backup: a full target ends with a clear message, exit 1 and no file; the retry under the same name works", async (t) => {
  const app = await makeTestApp();
  const dir = await Deno.makeTempDir({ prefix: "hr-backup-full-" });
  let mounted = false;
  try {
    // Half the database's size: the copy cannot fit.
    mounted = await mount(dir, `size=${Math.floor((await sizeOf(app)) / 2)}`);
    if (!mounted) {
      console.log("backup to a full target: skipped, this machine does not allow mounting a tmpfs");
      return;
    }
    for (const kind of KINDS) {
      await t.step(kind.name, async () => {
        const r = await cli(app.deps, ["backup", "--to", `${dir}/${kind.file}`, ...kind.args], PASSPHRASE);
        assert.equal(r.code, 1, r.err);
        assert.equal(
          r.err,
          `The disk holding ${dir} is full; the backup needs about as much free space as the database. ` +
            "Nothing was left behind: free space or choose another disk, then run the command again.\n",
        );
        assert.deepEqual(await listing(dir), []);
      });
    }
    await t.step("with room again, the same names are free", async () => {
      await new Deno.Command("mount", { args: ["-o", "remount,size=64m", dir] }).output();
      for (const kind of KINDS) {
        const r = await cli(app.deps, ["backup", "--to", `${dir}/${kind.file}`, ...kind.args], PASSPHRASE);
        assert.equal(r.code, 0, r.err);
      }
      assert.deepEqual(await listing(dir), ["hr-backup.db", "hr-backup.db.age"]);
    });
  } finally {
    app.close();
    if (mounted) await new Deno.Command("umount", { args: [dir] }).output();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});

Deno.test("backup: a damaged database ends with a clear message and no file", async (t) => {
  const app = await makeTestApp();
  const dir = await Deno.makeTempDir({ prefix: "hr-backup-damaged-" });
  try {
    await sizeOf(app);
    const damaged = `${dir}/damaged.db`;
    const bytes = await Deno.readFile(app.dbPath);
    for (let i = 4096 * 8; i < 4096 * 8 + 400; i++) bytes[i] ^= 0xa5;
    await Deno.writeFile(damaged, bytes);
    const out = `${dir}/out`;
    await Deno.mkdir(out);
    await t.step("damaged while the service runs (the command's own check): exit 1", async () => {
      const database = await openDatabase(`file:${damaged}`);
      try {
        const deps = { ...app.deps, database, db: database.db };
        for (const kind of KINDS) {
          const r = await cli(deps, ["backup", "--to", `${out}/${kind.file}`, ...kind.args], PASSPHRASE);
          assert.equal(r.code, 1, r.err);
          assert.match(r.err, /^The database could not be read whole: it is damaged \(/);
          assert.match(r.err, /No backup was written\. Stop the service and restore the last good backup/);
          assert.deepEqual(await listing(out), [], kind.name);
        }
      } finally {
        database.close();
      }
    });
    await t.step(
      "damaged before the command starts: the start check refuses it (exit 4), no file",
      async () => {
        let err = "";
        const code = await main(["backup", "--to", `${out}/hr-backup.db`], {
          DATABASE_URL: `file:${damaged}`,
          DEMO_DATA: "false",
          LOG_LEVEL: "error",
        }, { out: () => {}, err: (s) => void (err += s), readStdin: () => Promise.resolve("") });
        assert.equal(code, 4, err);
        assert.match(err, /is damaged/);
        assert.deepEqual(await listing(out), []);
      },
    );
  } finally {
    app.close();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
