/**
 * Every route that reads a request body reads it within one deadline (BODY_READ_TIMEOUT_SECONDS), over real
 * sockets against the running service: half a body and then nothing is answered 408, a client that breaks
 * off mid-body is answered 400 without an error in the log (its network is not a fault of the service), and
 * at SIGTERM a body still arriving is answered 503 `service_stopping`.
 */
import assert from "node:assert/strict";
import { readRawAnswer, startService } from "./_serve.ts";

/** The public routes that read a body: forms of people's pages and the authorization server's endpoints. */
const ROUTES = [
  { path: "/oauth/signin", type: "application/x-www-form-urlencoded" },
  { path: "/careers/0f3c4d2a-no-such-position", type: "multipart/form-data; boundary=x" },
  { path: "/api/oauth/token", type: "application/x-www-form-urlencoded" },
  { path: "/api/oauth/register", type: "application/json" },
  { path: "/api/v1/portal/auth/sessions", type: "application/json" },
];

/** Sends the head of a POST declaring 1000 bytes and the first 100 of them, on a new connection. */
async function halfBody(port: number, route: { path: string; type: string }): Promise<Deno.TcpConn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(new TextEncoder().encode(
    `POST ${route.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${route.type}\r\n` +
      `Accept: application/json, text/event-stream\r\nAccept-Language: en\r\nContent-Length: 1000\r\n\r\n` +
      "x".repeat(100),
  ));
  return conn;
}

const SERVICE = {
  FEATURE_MCP_CONNECTOR: "true",
  MCP_ISSUER_URL: "http://hr.test",
  LOG_LEVEL: "info",
  // The deadline is the operator's setting; one second keeps the test short.
  BODY_READ_TIMEOUT_SECONDS: "1",
};

Deno.test("serve: half a body and then nothing is answered 408 on every route that reads a body", async () => {
  const service = await startService(SERVICE);
  const conns: Deno.TcpConn[] = [];
  try {
    assert.ok(service.port > 0, `the service reported its port:\n${service.started}`);
    for (const route of ROUTES) conns.push(await halfBody(service.port, route));
    // The answer is awaited, whenever it comes; a minute is the bound on a service that never answers.
    const answers = await Promise.all(conns.map((c) => readRawAnswer(c, 60_000)));
    for (const [i, a] of answers.entries()) {
      assert.ok(a, `${ROUTES[i].path} answered within a minute`);
      assert.equal(a.status, 408, `${ROUTES[i].path}: ${a.status} ${a.body}`);
      assert.equal(JSON.parse(a.body).code, "request_timeout", ROUTES[i].path);
    }
  } finally {
    for (const c of conns) {
      try {
        c.close();
      } catch { /* closed by the service */ }
    }
    await service.end();
  }
});

Deno.test("serve: a client that breaks off mid-body is not an error of the service", async () => {
  const service = await startService({ ...SERVICE, BODY_READ_TIMEOUT_SECONDS: "600" });
  const conns: Deno.TcpConn[] = [];
  try {
    assert.ok(service.port > 0, `the service reported its port:\n${service.started}`);
    for (const route of ROUTES) conns.push(await halfBody(service.port, route));
    // The client sends no more: its half of the connection ends mid-body.
    for (const c of conns) await c.closeWrite();
    const answers = await Promise.all(conns.map((c) => readRawAnswer(c, 60_000)));
    for (const [i, a] of answers.entries()) {
      // Nobody may be there to read it; if it is read, it is the client's fault, never 500.
      if (a) {
        assert.equal(a.status, 400, `${ROUTES[i].path}: ${a.status} ${a.body}`);
        assert.equal(JSON.parse(a.body).code, "bad_request", ROUTES[i].path);
      }
    }
    // Then a SIGTERM while bodies are still arriving: 503 service_stopping, again not an error.
    const late: Deno.TcpConn[] = [];
    for (const route of ROUTES) late.push(await halfBody(service.port, route));
    conns.push(...late);
    // The service has begun reading each of them (one log line per request is written when it ends, so
    // the signal is sent once the service is idle but for them).
    service.child.kill("SIGTERM");
    const stopped = await Promise.all(late.map((c) => readRawAnswer(c, 60_000)));
    for (const [i, a] of stopped.entries()) {
      assert.ok(a, `${ROUTES[i].path} answered at the stop`);
      assert.equal(a.status, 503, `${ROUTES[i].path}: ${a.status} ${a.body}`);
      assert.equal(JSON.parse(a.body).code, "service_stopping", ROUTES[i].path);
    }
    assert.equal((await service.child.status).code, 0);
    const log = await service.output();
    assert.doesNotMatch(log, /"level":"error"/, "no error was logged");
    assert.doesNotMatch(log, /BadResource|stack/, "no stack trace was logged");
  } finally {
    for (const c of conns) {
      try {
        c.close();
      } catch { /* closed by the service */ }
    }
    await service.end();
  }
});
