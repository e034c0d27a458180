/**
 * The connector's POST with a body of declared length is answered ahead of the router (`createApp`), by the
 * same steps as the middleware chain. Each request here is sent both ways, with a declared length (ahead)
 * and without one (through the router, which counts the body as it arrives), and the two answers must be
 * the same: status, body and every header but the request id's value.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { grantOn } from "./_harness.ts";
import { holdLock } from "../db/_lock.ts";
import { answeredAhead } from "../../src/app.ts";

const ISSUER = "https://hr.example.ch";
const MCP = `${ISSUER}/api/mcp`;

type App = Awaited<ReturnType<typeof makeTestApp>>;

function request(url: string, body: string, headers: Record<string, string>, declared: boolean): Request {
  return new Request(url, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-11-25",
      "X-Request-Id": "parity-request-0001",
      ...(declared ? { "Content-Length": String(new TextEncoder().encode(body).length) } : {}),
      ...headers,
    },
    body,
  });
}

async function answer(t: App, req: Request) {
  const r = await t.app.fetch(req);
  const headers = [...r.headers].filter(([k]) => k !== "date").sort(([a], [b]) => a.localeCompare(b));
  return { status: r.status, headers, body: await r.text() };
}

/** Sends the request both ways and requires the same answer; returns it. */
async function bothWays(t: App, url: string, body: string, headers: Record<string, string> = {}) {
  const ahead = request(url, body, headers, true);
  const routed = request(url, body, headers, false);
  assert.ok(answeredAhead(ahead, t.deps.config.maxBodyBytes), "taken ahead of the router");
  assert.equal(answeredAhead(routed, t.deps.config.maxBodyBytes), undefined, "taken through the router");
  const a = await answer(t, ahead);
  const b = await answer(t, routed);
  assert.deepEqual(a, b, `${url} ${body.slice(0, 80)}`);
  return a;
}

const call = (name: string, id = 1) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: {} } });

Deno.test("ahead of the router: the connector's answers are those of the middleware chain, headers included", async () => {
  const t = await makeTestApp({
    env: { FEATURE_MCP_CONNECTOR: "true", MCP_ISSUER_URL: ISSUER, MCP_ALLOWED_ORIGINS: "https://claude.ai" },
  });
  try {
    const g = await grantOn(t.deps, "employee");
    const auth = { Authorization: `Bearer ${g.token}` };

    const pong = await bothWays(t, MCP, JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" }), auth);
    assert.equal(pong.status, 200);
    assert.deepEqual(JSON.parse(pong.body), { jsonrpc: "2.0", id: 7, result: {} });
    const header = (name: string) => pong.headers.find(([k]) => k === name)?.[1];
    assert.equal(header("x-request-id"), "parity-request-0001");
    assert.equal(header("x-content-type-options"), "nosniff");
    assert.equal(header("x-frame-options"), "DENY");
    assert.equal(header("strict-transport-security"), "max-age=31536000; includeSubDomains");
    assert.equal(header("content-security-policy"), "default-src 'none'; frame-ancestors 'none'");
    assert.equal(header("vary"), "Origin");

    // A tool call (its audit row is written either way), with the trailing-slash path and a query too.
    for (const url of [MCP, `${MCP}/`, `${MCP}?via=test`]) {
      const r = await bothWays(t, url, call("whoami"), auth);
      assert.equal(r.status, 200, url);
      assert.equal(JSON.parse(r.body).result.isError, undefined, url);
    }

    // CORS: an allowed origin is named, a refused one gets the 403 and no CORS header.
    const allowed = await bothWays(t, MCP, call("whoami"), { ...auth, Origin: "https://claude.ai" });
    assert.ok(
      allowed.headers.some(([k, v]) => k === "access-control-allow-origin" && v === "https://claude.ai"),
    );
    const refused = await bothWays(t, MCP, call("whoami"), { ...auth, Origin: "https://evil.example" });
    assert.equal(refused.status, 403);
    assert.ok(!refused.headers.some(([k]) => k.startsWith("access-control-allow")));

    // Refusals of the endpoint: no token (the 401 challenge), a bad body, an unsupported media type.
    assert.equal((await bothWays(t, MCP, call("whoami"))).status, 401);
    assert.equal((await bothWays(t, MCP, "{not json", auth)).status, 400);
    assert.equal(
      (await bothWays(t, MCP, call("whoami"), { ...auth, "Content-Type": "text/plain" })).status,
      415,
    );
  } finally {
    t.close();
  }
});

Deno.test("ahead of the router: a lock held by another program, then a database gone: the same answers", async () => {
  const t = await makeTestApp({
    env: { FEATURE_MCP_CONNECTOR: "true", MCP_ISSUER_URL: ISSUER, DATABASE_LOCK_WAIT_MS: "200" },
  });
  try {
    const g = await grantOn(t.deps, "employee");
    const headers = { Authorization: `Bearer ${g.token}`, "Accept-Language": "fr-CH" };
    const lock = await holdLock(t.dbPath, "exclusive");
    let busy;
    try {
      busy = await bothWays(t, MCP, call("get_my_summary"), headers);
    } finally {
      await lock.release();
    }
    // The tool says so in its result: nothing was saved, try again later.
    assert.equal(busy.status, 200);
    assert.equal(JSON.parse(busy.body).result.isError, true);

    // An error no handler answers reaches the frame: a 500 that quotes the request id, logged once per way.
    t.deps.database.close();
    const failed = await bothWays(t, MCP, call("whoami"), headers);
    assert.equal(failed.status, 500);
    assert.deepEqual(JSON.parse(failed.body), {
      error: "Something went wrong on our side. Quote request id parity-request-0001.",
      code: "internal_error",
    });
    const logged = t.log.lines.filter((l) => l.msg === "unhandled error");
    assert.equal(logged.length, 2);
    assert.deepEqual(logged.map((l) => l.route), ["/api/mcp", "/api/mcp"]);
  } finally {
    t.close();
  }
});

Deno.test("ahead of the router: only a connector POST with a declared length within the limit is taken", () => {
  const max = 1000;
  const req = (url: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    new Request(url, {
      method: init.method ?? "POST",
      headers: init.headers,
      body: init.method === "GET" ? undefined : "{}",
    });
  const length = { "Content-Length": "2" };
  assert.equal(answeredAhead(req(MCP, { headers: length }), max), "/api/mcp");
  assert.equal(answeredAhead(req(`${MCP}/`, { headers: length }), max), "/api/mcp/");
  assert.equal(answeredAhead(req(`${MCP}?a=1`, { headers: length }), max), "/api/mcp");
  assert.equal(answeredAhead(req(`${MCP}/?a=1`, { headers: length }), max), "/api/mcp/");
  // Not the connector's path, or not a POST.
  assert.equal(answeredAhead(req(`${ISSUER}/api/mcpx`, { headers: length }), max), undefined);
  assert.equal(answeredAhead(req(`${MCP}/tools`, { headers: length }), max), undefined);
  assert.equal(answeredAhead(req(`${ISSUER}/api/mcp//`, { headers: length }), max), undefined);
  assert.equal(answeredAhead(req(MCP, { method: "GET" }), max), undefined);
  assert.equal(answeredAhead(req(MCP, { method: "PUT", headers: length }), max), undefined);
  // No declared length, a chunked body, a length over the limit or not a number: the router's body rules.
  assert.equal(answeredAhead(req(MCP), max), undefined);
  assert.equal(
    answeredAhead(req(MCP, { headers: { ...length, "Transfer-Encoding": "chunked" } }), max),
    undefined,
  );
  assert.equal(answeredAhead(req(MCP, { headers: { "Content-Length": "1001" } }), max), undefined);
  assert.equal(answeredAhead(req(MCP, { headers: { "Content-Length": "1000" } }), max), "/api/mcp");
  assert.equal(answeredAhead(req(MCP, { headers: { "Content-Length": "2x" } }), max), undefined);
});
