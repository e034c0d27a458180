/**
 * CORS on `/api/mcp`, for assistants that run only in a browser: the preflight and the actual answers
 * (the 401 challenge included) name the caller's origin when the Origin rules let it call the connector
 * (MCP_ALLOWED_ORIGINS when set; otherwise any origin on a public installation, loopback ones on a local
 * one), never `*`, never credentials. A refused origin gets no CORS headers at all.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { grantOn } from "./_harness.ts";

const ISSUER = "https://hr.example.ch";
const MCP = `${ISSUER}/api/mcp`;

async function app(env: Record<string, string> = {}) {
  return await makeTestApp({
    env: { FEATURE_MCP_CONNECTOR: "true", MCP_ISSUER_URL: ISSUER, LOG_LEVEL: "warn", ...env },
  });
}

type App = Awaited<ReturnType<typeof app>>;

/** What a browser sends before a POST with the headers the MCP SDK clients set. */
function preflight(t: App, origin: string, url = MCP, method = "POST"): Promise<Response> {
  return Promise.resolve(t.app.request(url, {
    method: "OPTIONS",
    headers: {
      Origin: origin,
      "Access-Control-Request-Method": method,
      "Access-Control-Request-Headers":
        "authorization,content-type,mcp-protocol-version,mcp-method,mcp-name,mcp-session-id",
    },
  }));
}

function ping(t: App, origin: string | null, token?: string): Promise<Response> {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    "MCP-Protocol-Version": "2025-11-25",
  };
  if (origin) headers.Origin = origin;
  if (token) headers.Authorization = `Bearer ${token}`;
  return Promise.resolve(t.app.request(MCP, {
    method: "POST",
    headers,
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
  }));
}

function list(h: Headers, name: string): string[] {
  return (h.get(name) ?? "").split(",").map((s) => s.trim().toLowerCase()).filter(Boolean);
}

function assertCors(r: Response, origin: string) {
  assert.equal(r.headers.get("access-control-allow-origin"), origin);
  assert.equal(r.headers.get("access-control-allow-credentials"), null, "bearer tokens are not cookies");
  const expose = list(r.headers, "access-control-expose-headers");
  for (const h of ["www-authenticate", "mcp-session-id", "mcp-protocol-version"]) {
    assert.ok(expose.includes(h), `${h} exposed: ${expose}`);
  }
  assert.ok(list(r.headers, "vary").includes("origin"));
}

function assertNoCors(r: Response) {
  for (const [k] of r.headers) assert.ok(!k.startsWith("access-control-"), `unexpected ${k}`);
}

Deno.test("cors: the preflight of a public installation names the origin, the methods and the SDK's headers", async () => {
  const t = await app();
  try {
    for (const url of [MCP, `${MCP}/`]) {
      const r = await preflight(t, "https://claude.ai", url);
      assert.equal(r.status, 204, url);
      assert.equal(r.headers.get("access-control-allow-origin"), "https://claude.ai");
      assert.equal(r.headers.get("access-control-allow-credentials"), null);
      assert.deepEqual(list(r.headers, "access-control-allow-methods"), ["post", "get", "delete", "options"]);
      const allowed = list(r.headers, "access-control-allow-headers");
      for (
        const h of [
          "authorization",
          "content-type",
          "accept",
          "mcp-protocol-version",
          "mcp-session-id",
          "last-event-id",
          "mcp-method",
          "mcp-name",
        ]
      ) assert.ok(allowed.includes(h), `${h} allowed: ${allowed}`);
      assert.ok(Number(r.headers.get("access-control-max-age")) > 0);
      assert.ok(list(r.headers, "vary").includes("origin"));
      assert.equal(await r.text(), "");
    }
  } finally {
    t.close();
  }
});

Deno.test("cors: actual answers carry the origin and expose the challenge: 200, 401 and the 405 of GET", async () => {
  const t = await app();
  try {
    const g = await grantOn(t.deps, "employee");
    const ok = await ping(t, "https://chatgpt.com", g.token);
    assert.equal(ok.status, 200);
    assertCors(ok, "https://chatgpt.com");
    await ok.body?.cancel();

    const challenge = await ping(t, "https://claude.ai");
    assert.equal(challenge.status, 401);
    assert.match(challenge.headers.get("www-authenticate")!, /resource_metadata=/);
    assertCors(challenge, "https://claude.ai");
    await challenge.body?.cancel();

    // The SDK clients open a GET stream and end sessions with DELETE; they must be able to read the 405.
    for (const method of ["GET", "DELETE"]) {
      const r = await t.app.request(MCP, { method, headers: { Origin: "https://claude.ai" } });
      assert.equal(r.status, 405, method);
      assertCors(r, "https://claude.ai");
      await r.body?.cancel();
    }

    const noOrigin = await ping(t, null, g.token);
    assert.equal(noOrigin.status, 200);
    assert.equal(noOrigin.headers.get("access-control-allow-origin"), null);
    await noOrigin.body?.cancel();
  } finally {
    t.close();
  }
});

Deno.test("cors: with MCP_ALLOWED_ORIGINS, only listed origins (and the service's own) get CORS headers", async () => {
  const t = await app({ MCP_ALLOWED_ORIGINS: "https://claude.ai" });
  try {
    const g = await grantOn(t.deps, "employee");
    const listed = await preflight(t, "https://claude.ai");
    assert.equal(listed.status, 204);
    assert.equal(listed.headers.get("access-control-allow-origin"), "https://claude.ai");
    const own = await preflight(t, ISSUER);
    assert.equal(own.headers.get("access-control-allow-origin"), ISSUER);

    const refused = await preflight(t, "https://evil.example");
    assert.equal(refused.status, 403);
    assertNoCors(refused);
    await refused.body?.cancel();

    const withToken = await ping(t, "https://evil.example", g.token);
    assert.equal(withToken.status, 403);
    assertNoCors(withToken);
    await withToken.body?.cancel();

    const anon = await ping(t, "https://evil.example");
    assert.equal(anon.status, 401, "the challenge still answers, for clients outside a browser");
    assertNoCors(anon);
    await anon.body?.cancel();

    const ok = await ping(t, "https://claude.ai", g.token);
    assert.equal(ok.status, 200);
    assertCors(ok, "https://claude.ai");
    await ok.body?.cancel();
  } finally {
    t.close();
  }
});

Deno.test("cors: an installation on a loopback address answers loopback origins only (DNS rebinding)", async () => {
  const t = await makeTestApp({
    env: { FEATURE_MCP_CONNECTOR: "true", MCP_ISSUER_URL: "http://127.0.0.1:8000", LOG_LEVEL: "warn" },
  });
  try {
    const url = "http://127.0.0.1:8000/api/mcp";
    const local = await preflight(t, "http://localhost:5173", url);
    assert.equal(local.status, 204);
    assert.equal(local.headers.get("access-control-allow-origin"), "http://localhost:5173");
    const foreign = await preflight(t, "https://evil.example", url);
    assert.equal(foreign.status, 403);
    assertNoCors(foreign);
    await foreign.body?.cancel();
  } finally {
    t.close();
  }
});

Deno.test("cors: an OPTIONS request that is not a preflight is answered with what the endpoint allows", async () => {
  const t = await app();
  try {
    const r = await t.app.request(MCP, { method: "OPTIONS" });
    assert.equal(r.status, 204);
    assert.match(r.headers.get("allow") ?? "", /POST/);
    assertNoCors(r);
  } finally {
    t.close();
  }
});
