/**
 * SIGTERM while a client is still sending a request body: the service must not wait for that client. systemd
 * kills the service 30 s after SIGTERM (the operator's guide's unit, `TimeoutStopSec=30`), and a kill leaves the database's
 * write-ahead log behind; the service stops on its own well before that, with exit code 0 and an empty log.
 * The client gets the portal's 503 (nothing was saved, send it again) or a closed connection.
 */
import assert from "node:assert/strict";
import {
  readRawAnswer,
  serveEnv,
  spawnPiped,
  START_GIVE_UP_MS,
  startService,
  waitForPort,
} from "./_serve.ts";

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
  const start = await waitForPort(stdout, START_GIVE_UP_MS);
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
    // Whether the service has begun to read the body when the signal comes or not, the answer is the same:
    // a body still arriving is not waited for (503 service_stopping, or the connection closed).
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

/** Opens a connection and has one request answered on it: a client that keeps it open, as browsers do. */
async function openConnection(port: number): Promise<Deno.TcpConn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
  const first = await readRawAnswer(conn, 60_000);
  assert.equal(first?.status, 200, "the connection's first request was answered");
  return conn;
}

Deno.test("serve: SIGTERM answers every request already sent on an open connection", async () => {
  const service = await startService({ LOG_LEVEL: "info" });
  const before: Deno.TcpConn[] = [];
  const after: Deno.TcpConn[] = [];
  try {
    assert.ok(service.port > 0, `the service reported its port:\n${service.started}`);
    for (let i = 0; i < 40; i++) before.push(await openConnection(service.port));
    for (let i = 0; i < 20; i++) after.push(await openConnection(service.port));
    const enc = new TextEncoder();
    // A sign-in with an unknown address: the service spends its password hashing on it.
    const payload = JSON.stringify({ email: "nobody@demo.example", password: "not-a-password-2026" });
    const request = enc.encode(
      "POST /api/v1/portal/auth/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        `Accept-Language: fr\r\nContent-Length: ${enc.encode(payload).length}\r\n\r\n${payload}`,
    );
    // Forty requests sent whole, then the signal: on a busy machine they wait unread in their connections.
    await Promise.all(before.map((c) => c.write(request)));
    service.child.kill("SIGTERM");
    // Twenty more on connections the service keeps open, sent once it has begun to stop.
    assert.ok(await service.saw(/"msg":"stopping"/, 60_000), "the service logged that it is stopping");
    await Promise.all(after.map((c) => c.write(request)));

    // Every request gets an answer: its own, or 503 service_stopping after which the connection closes.
    const answers = await Promise.all([...before, ...after].map((c) => readRawAnswer(c, 60_000)));
    const unanswered = answers.filter((a) => !a).length;
    assert.equal(unanswered, 0, `${unanswered} of 60 requests were not answered`);
    for (const a of answers) {
      if (a!.status === 503) {
        const body = JSON.parse(a!.body);
        assert.equal(body.code, "service_stopping", a!.body);
        assert.equal(
          body.error,
          "Le service est en train de s'arrêter ; rien n'a été enregistré, renvoyez la requête.",
        );
        assert.equal(a!.headers.get("connection"), "close", "a stopping answer closes its connection");
      } else {
        assert.ok([401, 429].includes(a!.status), `the sign-in's own answer: ${a!.status} ${a!.body}`);
      }
    }
    // The requests sent after the signal did not run, and their connections were closed after the answer.
    for (const a of answers.slice(40)) assert.equal(a!.status, 503);
    for (const c of after) {
      assert.equal(await readRawAnswer(c, 60_000), undefined, "the connection was closed");
    }
    const status = await service.child.status;
    assert.equal(status.code, 0, `clean exit after SIGTERM:\n${await service.stderr}`);
    assert.match(await service.output(), /"msg":"stopped"/);
  } finally {
    for (const c of [...before, ...after]) {
      try {
        c.close();
      } catch { /* closed by the service */ }
    }
    await service.end();
  }
});

Deno.test("serve: SIGTERM the moment the service says it listens stops it cleanly", async () => {
  // A service manager or a health probe may signal as soon as the port is reported: the stop is listened
  // for by then, so the signal stops the service rather than killing it (exit 143, the log left behind).
  // The signal goes out straight from the read that saw the port, as fast as this process can send it.
  const dir = await Deno.makeTempDir({ prefix: "hr-stop-" });
  const child = spawnPiped(
    ["run", "-A", MAIN, "serve"],
    serveEnv(dir, { DEMO_DATA: "false", LOG_LEVEL: "info" }),
  );
  const stdout = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const stderr = new Response(child.stderr).text();
  try {
    const start = await waitForPort(stdout, START_GIVE_UP_MS);
    if (start.port) child.kill("SIGTERM");
    assert.ok(start.port > 0, `the service reported its port:\n${start.out}`);
    let out = start.out;
    for (;;) {
      const { value, done } = await stdout.read();
      if (done) break;
      out += value;
    }
    const status = await child.status;
    assert.equal(status.signal, null, `ended by the signal itself:\n${await stderr}`);
    assert.equal(status.code, 0, `clean exit after SIGTERM:\n${await stderr}`);
    assert.match(out, /"msg":"stopped"/, "the service logged its stop");
    const wal = await Deno.stat(`${dir}/hr.db-wal`).catch(() => undefined);
    assert.equal(wal?.size ?? 0, 0, "the write-ahead log is empty after the stop");
  } finally {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await child.status;
    await stdout.cancel().catch(() => {});
    await stderr.catch(() => "");
    await Deno.remove(dir, { recursive: true });
  }
});
