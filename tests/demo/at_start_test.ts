/**
 * A new installation's first start creates the demo organisation in a process of its own (`hr-service demo`,
 * src/demo/at_start.ts), so the service does not keep what the creation loaded; without the permission to
 * run its executable it creates it itself. `hr-service demo` on its own creates it in an empty database only.
 * Each start is `main.ts` run as a child process, as `deno task start` runs it.
 */
import assert from "node:assert/strict";
import { openDatabase } from "../../src/db/client.ts";
import { serveEnv, signInOver, spawnPiped, START_GIVE_UP_MS, waitForPort } from "../_serve.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const SERVICE = ["--allow-net", "--allow-read", "--allow-write", "--allow-env", "--allow-ffi", "--allow-sys"];

/**
 * Starts `serve` on a new database, waits until it listens, signs the demo employee in, stops it. The
 * service logs on standard output, the demo's own process (a command) on standard error: the creation's log
 * line is looked for in both.
 */
async function firstStart(permissions: string[]) {
  const dir = await Deno.makeTempDir({ prefix: "hr-demo-start-" });
  await Deno.chmod(dir, 0o700);
  const child = spawnPiped(["run", ...permissions, MAIN, "serve"], serveEnv(dir, { LOG_LEVEL: "info" }));
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const errors = new Response(child.stderr).text();
  let out = "";
  let signedIn = 0;
  try {
    const listening = await waitForPort(reader, START_GIVE_UP_MS);
    out = listening.out;
    if (!listening.port) {
      child.kill("SIGTERM");
      assert.fail(`the service did not listen:\n${out}\n${await errors}`);
    }
    const r = await signInOver(`http://127.0.0.1:${listening.port}`, {
      email: "employee@demo.example",
      password: "demo-password-2026",
    });
    await r.body?.cancel();
    signedIn = r.status;
  } finally {
    child.kill("SIGTERM");
    await reader.cancel().catch(() => {});
    await child.status;
  }
  const err = await errors.catch(() => "");
  const created = `${out}\n${err}`.split("\n").filter((l) => l.includes('"demo organisation created"'));
  return { pid: child.pid, out, signedIn, created: created.map((l) => JSON.parse(l)), dir };
}

Deno.test("first start: the demo organisation is created by a process of its own, then served", async () => {
  const r = await firstStart([...SERVICE, "--allow-run"]);
  assert.equal(r.created.length, 1, r.out);
  assert.notEqual(r.created[0].pid, r.pid, "not created in the service's process");
  assert.equal(r.out.match(/Demo organisation created\. Sign in with one of these accounts/g)?.length, 1);
  assert.match(r.out, /employee@demo\.example\s+employee/);
  assert.equal(r.signedIn, 201);
  // The service's checkpoints found the log copied back: nothing of the demo is left in it.
  const wal = await Deno.stat(`${r.dir}/hr.db-wal`).catch(() => null);
  assert.ok(!wal || wal.size < 256 * 1024, `write-ahead log of ${wal?.size} bytes`);
});

Deno.test("first start without the permission to run a process: the service creates the demo itself", async () => {
  const r = await firstStart(SERVICE);
  assert.equal(r.created.length, 1, r.out);
  assert.equal(r.created[0].pid, r.pid, "created in the service's process");
  assert.equal(r.signedIn, 201);
});

async function demo(databaseUrl: string, more: Record<string, string> = {}) {
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["run", ...SERVICE, MAIN, "demo"],
    env: { DATABASE_URL: databaseUrl, LOG_LEVEL: "warn", NO_COLOR: "1", ...more },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: r.code, out: new TextDecoder().decode(r.stdout), err: new TextDecoder().decode(r.stderr) };
}

Deno.test("hr-service demo: creates the demo in an empty database, refuses one that holds people", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-demo-command-" });
  await Deno.chmod(dir, 0o700);
  const url = `file:${dir}/hr.db`;
  const first = await demo(url);
  assert.equal(first.code, 0, first.err);
  assert.match(first.out, /Demo organisation created\. Sign in with one of these accounts and the password/);
  assert.match(first.out, /hr@demo\.example\s+hr/);

  const database = await openDatabase(url);
  const people = async () =>
    Number((await database.client.execute("SELECT count(*) AS n FROM employees")).rows[0].n);
  const before = await people();
  assert.ok(before > 0);
  const again = await demo(url);
  assert.equal(again.code, 1);
  assert.equal(again.out, "");
  assert.match(
    again.err,
    /The database already holds people: the demo organisation is created only in an empty one\./,
  );
  assert.equal(await people(), before, "nothing added to the organisation");
  database.close();

  // A configuration error is said in one line, exit code 2, as for every command.
  const wrong = await demo(url, { DEMO_PASSWORD: "x" });
  assert.equal(wrong.code, 2, wrong.err);
  assert.match(wrong.err, /DEMO_PASSWORD/);
});
