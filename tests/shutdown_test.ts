/**
 * SIGTERM while a client is still sending a request body: the service must not wait for that client. systemd
 * kills the service 30 s after SIGTERM (README's unit, `TimeoutStopSec=30`), and a kill leaves the database's
 * write-ahead log behind; the service stops on its own well before that, with exit code 0 and an empty log.
 * The client gets the portal's 503 (nothing was saved, send it again) or a closed connection.
 */
import assert from "node:assert/strict";
import { serveEnv, spawnPiped, waitForPort } from "./_serve.ts";

const MAIN = new URL("../main.ts", import.meta.url).pathname;
/** The service's own overall deadline (src/main.ts) is 20 s; the margin covers a loaded machine. */
const EXIT_WITHIN_MS = 25_000;

Deno.test("serve: SIGTERM with a request body still arriving exits cleanly within the deadline", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-stop-" });
  const child = spawnPiped(
    ["run", "-A", MAIN, "serve"],
    serveEnv(dir, { DEMO_DATA: "false", LOG_LEVEL: "info" }),
  );
  const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const stderr = new Response(child.stderr).text();
  const start = await waitForPort(stdout, 60_000);
  const port = start.port;
  let out = start.out;
  // The rest of standard output is kept (a full pipe would stall the child's log writes).
  const rest = (async () => {
    for (;;) {
      const { value, done } = await stdout.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      out += value;
    }
  })();
  let conn: Deno.TcpConn | undefined;
  let trickle: ReturnType<typeof setInterval> | undefined;
  let killed = false;
  try {
    assert.ok(port > 0, `the service reported its port:\n${out}`);
    conn = await Deno.connect({ hostname: "127.0.0.1", port });
    const c = conn;
    const enc = new TextEncoder();
    // A sign-in whose body declares 1000 bytes; a tenth arrives, then a byte every half second: a client
    // on a poor network, still sending when the signal comes.
    await c.write(enc.encode(
      "POST /api/v1/portal/auth/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        `Content-Length: 1000\r\n\r\n{"email":"employee@demo.example","password":"${"x".repeat(54)}`,
    ));
    trickle = setInterval(() => void c.write(enc.encode("x")).catch(() => clearInterval(trickle)), 500);
    const answer = (async () => {
      const chunks: Uint8Array[] = [];
      const buf = new Uint8Array(4096);
      for (;;) {
        const n = await c.read(buf).catch(() => null);
        if (n === null) break;
        chunks.push(buf.slice(0, n));
      }
      return new TextDecoder().decode(new Uint8Array(chunks.flatMap((ch) => [...ch])));
    })();
    // The handler is reading the body by now.
    await new Promise((r) => setTimeout(r, 500));

    const signalled = Date.now();
    child.kill("SIGTERM");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const status = await Promise.race([
      child.status,
      new Promise<undefined>((r) => timer = setTimeout(() => r(undefined), EXIT_WITHIN_MS)),
    ]);
    clearTimeout(timer);
    const took = Date.now() - signalled;
    if (!status) {
      killed = true;
      child.kill("SIGKILL");
      await child.status;
    }
    assert.ok(status, `the service was still running ${EXIT_WITHIN_MS / 1000} s after SIGTERM`);
    assert.equal(status.code, 0, `clean exit after SIGTERM:\n${await stderr}`);
    assert.ok(took < EXIT_WITHIN_MS, `stopped in ${took} ms`);

    // The client was answered with the portal's error shape, or its connection was closed.
    const text = await answer;
    if (text) {
      assert.match(text, /^HTTP\/1\.1 503 /, `the answer: ${JSON.stringify(text.slice(0, 300))}`);
      const body = JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4));
      assert.equal(body.code, "service_stopping");
      assert.match(body.error, /Der Dienst wird gerade beendet; nichts wurde gespeichert/);
    }

    // The database was closed cleanly: its write-ahead log was copied back and emptied.
    await rest;
    assert.match(out, /"msg":"stopped"/, `the service logged its stop:\n${out}`);
    const wal = await Deno.stat(`${dir}/hr.db-wal`).catch(() => undefined);
    assert.equal(wal?.size ?? 0, 0, "the write-ahead log is empty after the stop");
  } finally {
    clearInterval(trickle);
    try {
      conn?.close();
    } catch { /* already closed */ }
    if (!killed) {
      try {
        child.kill("SIGKILL");
      } catch { /* already gone */ }
    }
    await child.status;
    await rest;
    await stderr.catch(() => "");
    await Deno.remove(dir, { recursive: true });
  }
});
