/**
 * /readyz follows the disk as it is now: a service started on a full disk is not ready (its writes would get
 * 507), a running service whose disk fills up is not ready once a write got 507, and either is ready again
 * within about a second of space being freed (not a minute later). The service is the executable run as a
 * child process; its database lives on a small tmpfs mounted for the test and filled with a file (skipped,
 * saying so, where the machine does not allow mounting).
 */
import assert from "node:assert/strict";
import { main } from "../src/main.ts";
import { openDatabase } from "../src/db/client.ts";
import { ensureStandardLeaveTypes } from "../src/services/leave_types.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;
const EMAIL = "admin@example.ch";
const PASSWORD = "Readiness-Drill-5821-heron";

async function mountTmpfs(dir: string, bytes: number): Promise<boolean> {
  const out = await new Deno.Command("mount", {
    args: ["-t", "tmpfs", "-o", `size=${bytes}`, "tmpfs", dir],
    stdout: "null",
    stderr: "null",
  }).output().catch(() => ({ code: 1 }));
  return out.code === 0;
}

/** Writes `path` until the disk refuses another byte, then gives `leave` bytes back. */
async function fill(path: string, leave = 0): Promise<void> {
  const f = await Deno.open(path, { write: true, create: true });
  let size = 0;
  try {
    const chunk = new Uint8Array(4096);
    for (;;) size += await f.write(chunk);
  } catch (e) {
    assert.match(String(e), /No space left on device|os error 28/);
  } finally {
    f.close();
  }
  if (leave) await Deno.truncate(path, Math.max(0, size - leave));
}

/**
 * A cleanly stopped installation whose start writes nothing: migrated, with its leave types and an
 * administrator, checkpointed, no -wal or -shm.
 */
async function installation(path: string): Promise<void> {
  const code = await main(["user", "create-admin", "--email", EMAIL, "--password-stdin"], {
    DATABASE_URL: `file:${path}`,
    DEMO_DATA: "false",
    LOG_LEVEL: "error",
  }, { out: () => {}, err: () => {}, readStdin: () => Promise.resolve(`${PASSWORD}\n`) });
  assert.equal(code, 0);
  const db = await openDatabase(`file:${path}`);
  await ensureStandardLeaveTypes(db.db);
  await db.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  db.close();
  for (const p of [`${path}-wal`, `${path}-shm`]) await Deno.remove(p).catch(() => {});
}

/** `main.ts serve` as a child on the database; its base URL, its log and a stop that waits for its exit. */
async function serve(path: string) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "serve"],
    env: {
      DATABASE_URL: `file:${path}`,
      DEMO_DATA: "false",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NO_COLOR: "1",
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const collect = async (s: ReadableStream<Uint8Array>) => {
    for await (const t of s.pipeThrough(new TextDecoderStream())) log += t;
  };
  const collected = Promise.all([collect(child.stdout), collect(child.stderr)]);
  const started = Date.now();
  let port = 0;
  while (!port && Date.now() - started < 60_000) {
    port = Number(/listening on http:\/\/localhost:(\d+)/.exec(log)?.[1] ?? 0);
    if (!port) await new Promise((r) => setTimeout(r, 50));
  }
  const stop = async () => {
    try {
      child.kill("SIGTERM");
    } catch { /* already gone */ }
    await child.status;
    await collected;
  };
  if (!port) {
    await stop();
    throw new Error(`the service did not start:\n${log}`);
  }
  return { base: `http://127.0.0.1:${port}`, log: () => log, stop };
}

async function readiness(base: string): Promise<{ status: number; database: string }> {
  const r = await fetch(`${base}/readyz`);
  return { status: r.status, database: (await r.json()).database };
}

async function signIn(base: string): Promise<number> {
  const r = await fetch(`${base}/api/v1/portal/auth/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD, deviceName: "probe" }),
  });
  await r.body?.cancel();
  return r.status;
}

/** Milliseconds until /readyz answers 200, polled every 50 ms for at most two minutes. */
async function untilReady(base: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    if ((await readiness(base)).status === 200) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Infinity;
}

async function onTmpfs(
  name: string,
  run: (disk: string) => Promise<void>,
): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "hr-readyz-" });
  const disk = `${work}/disk`;
  await Deno.mkdir(disk);
  let mounted = false;
  try {
    await installation(`${work}/hr.db`);
    mounted = await mountTmpfs(disk, (await Deno.stat(`${work}/hr.db`)).size + 4 * 1024 * 1024);
    if (!mounted) {
      console.log(`${name}: skipped, this machine does not allow mounting a tmpfs`);
      return;
    }
    await Deno.chmod(disk, 0o700);
    await Deno.copyFile(`${work}/hr.db`, `${disk}/hr.db`);
    await run(disk);
  } finally {
    if (mounted) await new Deno.Command("umount", { args: [disk] }).output();
    await Deno.remove(work, { recursive: true }).catch(() => {});
  }
}

Deno.test("readyz: a service started on a full disk is not ready until space is freed, then ready within a second", async () => {
  await onTmpfs("readyz on a disk full at start", async (disk) => {
    // Room for the -shm SQLite needs to open the file (32 KiB), not for a write.
    await fill(`${disk}/filler`, 40 * 1024);
    const service = await serve(`${disk}/hr.db`);
    try {
      assert.deepEqual(await readiness(service.base), { status: 503, database: "disk full" });
      assert.equal(await signIn(service.base), 507, "its writes do not fit");
      assert.deepEqual(await readiness(service.base), { status: 503, database: "disk full" });
      assert.match(service.log(), /disk full: writes fail until space is freed/);

      await Deno.remove(`${disk}/filler`);
      const ms = await untilReady(service.base);
      // Ready again once space is freed (not held for a cached minute); the bound leaves room for a busy machine.
      assert.ok(ms < 30_000, `ready ${Math.round(ms)} ms after space was freed`);
      assert.equal(await signIn(service.base), 201);
      assert.equal((await readiness(service.base)).status, 200);
    } finally {
      await service.stop();
    }
    assert.deepEqual([...Deno.readDirSync(disk)].map((e) => e.name).filter((n) => n.startsWith(".")), []);
  });
});

Deno.test("readyz: a disk that fills up while the service runs: not ready after a 507, ready within a second of space freed", async () => {
  await onTmpfs("readyz on a disk that fills up", async (disk) => {
    const service = await serve(`${disk}/hr.db`);
    try {
      assert.equal((await readiness(service.base)).status, 200);
      assert.equal(await signIn(service.base), 201);
      await fill(`${disk}/filler`);
      let status = 0;
      for (let i = 0; i < 50 && status !== 507; i++) status = await signIn(service.base);
      assert.equal(status, 507);
      assert.deepEqual(await readiness(service.base), { status: 503, database: "disk full" });

      await Deno.remove(`${disk}/filler`);
      const ms = await untilReady(service.base);
      // Ready again once space is freed (not held for a cached minute); the bound leaves room for a busy machine.
      assert.ok(ms < 30_000, `ready ${Math.round(ms)} ms after space was freed`);
      assert.equal(await signIn(service.base), 201);
    } finally {
      await service.stop();
    }
  });
});
