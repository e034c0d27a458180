/**
 * `serve` as a newcomer runs it: a fresh database, the demo organisation created at start, the README's
 * curl flow (sign in as the demo employee, read the summary), then SIGTERM: in-flight requests finish and
 * the process exits cleanly.
 */
import assert from "node:assert/strict";
import { createClient } from "@libsql/client";
import { healthcheck } from "../src/healthcheck.ts";
import { serveEnv, signInOver, spawnPiped, START_GIVE_UP_MS, waitForPort } from "./_serve.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;

Deno.test("serve: starts with the demo, answers the README's flow, and stops cleanly on SIGTERM", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-serve-" });
  const child = spawnPiped(["run", "-A", MAIN, "serve"], serveEnv(dir, { LOG_LEVEL: "warn" }));
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const { port, out } = await waitForPort(reader, START_GIVE_UP_MS);
  try {
    assert.ok(port > 0, `the service reported its port:\n${out}`);
    assert.match(out, /Demo organisation created/);
    assert.match(out, /employee@demo\.example/);
    // The new organisation's rows (about 2.4 MB of write-ahead log) were copied into the database before the
    // service listened, so the idle service's checkpoints have nothing to start for.
    const log = await Deno.stat(`${dir}/hr.db-wal`).then((s) => s.size, () => 0);
    assert.ok(log < 256 * 1024, `the write-ahead log holds ${log} bytes after the start`);
    // Checkpoints run on their own connection (a failure to start would be logged as a warning by now).
    assert.doesNotMatch(out, /background checkpoints/);
    const base = `http://127.0.0.1:${port}`;
    const signIn = await signInOver(base, {
      email: "employee@demo.example",
      password: "demo-password-2026",
      deviceName: "curl",
    });
    assert.equal(signIn.status, 201);
    const token = (await signIn.json()).data.token;
    const summary = await fetch(`${base}/api/v1/portal/employee/summary`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    assert.equal(summary.status, 200);
    const body = await summary.json();
    assert.equal(body.success, true);
    assert.equal(typeof body.data.todos.total, "number");

    // The container health check: 0 while the service answers, without loading the service's modules.
    const check = async (env: Record<string, string>) => {
      const r = await new Deno.Command(Deno.execPath(), {
        args: ["run", "--allow-net", "--allow-env", MAIN, "healthcheck"],
        env,
        stdout: "null",
        stderr: "piped",
      }).output();
      return { code: r.code, err: new TextDecoder().decode(r.stderr) };
    };
    assert.equal((await check({ PORT: String(port) })).code, 0, "healthy");
    // The refusal and the answer after the stop are the same function, called here without a new process.
    const errors: string[] = [];
    const logError = console.error;
    console.error = (m: string) => void errors.push(m);
    try {
      assert.equal(await healthcheck("eighty"), 2);
    } finally {
      console.error = logError;
    }
    assert.match(errors.join("\n"), /PORT must be a port number from 1 to 65535, got "eighty"/);

    // A request the service is serving when SIGTERM arrives still gets its own answer. The sign-in is written
    // whole over its own connection; the signal goes once the service has stored the session it makes (seen
    // from a connection of the test's own), so the request is being served, not waiting unread.
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    const payload = JSON.stringify({
      email: "manager@demo.example",
      password: "demo-password-2026",
      deviceName: "in flight at the stop",
    });
    await conn.write(new TextEncoder().encode(
      `POST /api/v1/portal/auth/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${new TextEncoder().encode(payload).length}\r\nConnection: close\r\n\r\n${payload}`,
    ));
    const db = createClient({ url: `file:${dir}/hr.db` });
    try {
      const stored = async () =>
        (await db.execute("SELECT count(*) AS n FROM sessions WHERE device_name = 'in flight at the stop'"))
          .rows[0].n === 1;
      const giveUp = Date.now() + 120_000;
      while (!await stored()) {
        assert.ok(Date.now() < giveUp, "the service stored the sign-in's session within two minutes");
        await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      db.close();
    }
    child.kill("SIGTERM");
    const answer = await new Response(conn.readable).text();
    assert.match(
      answer,
      /^HTTP\/1\.1 201/,
      `the in-flight sign-in finished: ${JSON.stringify(answer.slice(0, 200))}`,
    );
    const status = await child.status;
    assert.equal(status.code, 0, "clean exit after SIGTERM");
    assert.equal(await healthcheck(String(port)), 1, "nothing answers after the stop");
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await reader.cancel().catch(() => {});
    await child.stderr.cancel().catch(() => {});
    await Deno.remove(dir, { recursive: true });
  }
});
