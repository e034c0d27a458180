import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { oauthConnections, users } from "../../src/db/schema/mod.ts";
import { revokeConnection } from "../../src/oauth/connections.ts";
import { issueAccessToken } from "../../src/oauth/tokens.ts";
import { originAllowed } from "../../src/mcp/mod.ts";
import { auditRows, E2E, ok, startMcpServer } from "./_harness.ts";

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

Deno.test({
  name: "endpoint: transport rules of stateless Streamable HTTP with JSON responses",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");

      await t.step("initialize negotiates the version, answers JSON, sets no session id", async () => {
        const r = await s.post(INIT, { token: g.token });
        assert.equal(r.status, 200);
        assert.match(r.headers.get("content-type")!, /application\/json/);
        assert.equal(r.headers.get("mcp-session-id"), null);
        const body = await r.json();
        assert.equal(body.id, 1);
        assert.equal(body.result.protocolVersion, "2025-11-25");
        assert.deepEqual(Object.keys(body.result.capabilities).sort(), ["prompts", "resources", "tools"]);
        const old =
          await (await s.post({ ...INIT, params: { ...INIT.params, protocolVersion: "2025-06-18" } }, {
            token: g.token,
          })).json();
        assert.equal(old.result.protocolVersion, "2025-06-18");
        const future =
          await (await s.post({ ...INIT, params: { ...INIT.params, protocolVersion: "2099-01-01" } }, {
            token: g.token,
          })).json();
        assert.equal(future.result.protocolVersion, "2025-11-25");
      });

      await t.step("notifications/initialized answers 202 with no body", async () => {
        const r = await s.post({ jsonrpc: "2.0", method: "notifications/initialized" }, { token: g.token });
        assert.equal(r.status, 202);
        assert.equal(await r.text(), "");
      });

      await t.step("ping, and an unknown method is JSON-RPC -32601 under the client's own id", async () => {
        const p = await (await s.post({ jsonrpc: "2.0", id: "p-1", method: "ping" }, { token: g.token }))
          .json();
        assert.deepEqual(p, { result: {}, jsonrpc: "2.0", id: "p-1" });
        const u = await (await s.post({ jsonrpc: "2.0", id: 7, method: "nope/nothing" }, { token: g.token }))
          .json();
        assert.equal(u.id, 7);
        assert.equal(u.error.code, -32601);
      });

      await t.step("GET and DELETE answer 405 (no SSE stream, no sessions)", async () => {
        for (const method of ["GET", "DELETE"]) {
          const r = await fetch(s.mcpUrl, {
            method,
            headers: { Authorization: `Bearer ${g.token}`, Accept: "text/event-stream" },
          });
          assert.equal(r.status, 405, method);
          assert.equal(r.headers.get("allow"), "POST");
          await r.body?.cancel();
        }
      });

      await t.step(
        "MCP-Protocol-Version: unsupported or malformed answers 400; absent is accepted",
        async () => {
          for (const v of ["invalid-protocol-version", "2000-01-01", "2099-01-01"]) {
            const r = await s.post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, {
              token: g.token,
              headers: { "MCP-Protocol-Version": v },
            });
            assert.equal(r.status, 400, v);
            assert.equal((await r.json()).error.code, -32000);
          }
          const r = await fetch(s.mcpUrl, {
            method: "POST",
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${g.token}` },
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
          });
          assert.equal(r.status, 200);
          await r.body?.cancel();
        },
      );

      await t.step(
        "a batch is refused with 400 from 2025-06-18 on; 2025-03-26 (the batch revision) answers an array",
        async () => {
          const batch = [{ jsonrpc: "2.0", id: 901, method: "ping" }, {
            jsonrpc: "2.0",
            id: 902,
            method: "ping",
          }];
          for (const v of ["2025-06-18", "2025-11-25"]) {
            const r = await s.post(batch, { token: g.token, headers: { "MCP-Protocol-Version": v } });
            assert.equal(r.status, 400, v);
            assert.equal((await r.json()).error.code, -32600);
          }
          const old = await s.post(batch, {
            token: g.token,
            headers: { "MCP-Protocol-Version": "2025-03-26" },
          });
          assert.equal(old.status, 200);
          assert.deepEqual((await old.json()).map((m: { id: number }) => m.id), [901, 902]);
        },
      );

      await t.step(
        "malformed bodies: invalid JSON -32700, not JSON-RPC -32600, wrong media type 415, Accept 406",
        async () => {
          const bad = await s.post("{not json", { token: g.token });
          assert.equal(bad.status, 400);
          assert.equal((await bad.json()).error.code, -32700);
          const notRpc = await s.post({ hello: "world" }, { token: g.token });
          assert.equal(notRpc.status, 400);
          assert.equal((await notRpc.json()).error.code, -32600);
          const text = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
            token: g.token,
            headers: { "Content-Type": "text/plain" },
          });
          assert.equal(text.status, 415);
          await text.body?.cancel();
          const html = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
            token: g.token,
            headers: { Accept: "text/html" },
          });
          assert.equal(html.status, 406);
          await html.body?.cancel();
        },
      );

      await t.step("Origin: a foreign browser origin answers 403; our own origin is fine", async () => {
        const evil = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
          token: g.token,
          headers: { Origin: "https://evil.example" },
        });
        assert.equal(evil.status, 403);
        await evil.body?.cancel();
        const own = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
          token: g.token,
          headers: { Origin: s.origin },
        });
        assert.equal(own.status, 200);
        await own.body?.cancel();
      });
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "endpoint: no valid bearer token answers 401 with the resource_metadata challenge and a scope hint",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const challenge = (r: Response) => r.headers.get("www-authenticate") ?? "";
      const metadata = `resource_metadata="${s.origin}/.well-known/oauth-protected-resource/api/mcp"`;

      await t.step("no Authorization header", async () => {
        const r = await s.post(INIT);
        assert.equal(r.status, 401);
        assert.ok(challenge(r).startsWith("Bearer "), challenge(r));
        assert.ok(challenge(r).includes(metadata), challenge(r));
        assert.match(challenge(r), /scope="self:read [^"]*"/);
        assert.ok(!challenge(r).includes("invalid_token"));
        assert.equal(r.headers.get("cache-control"), "no-store");
        await r.body?.cancel();
      });

      await t.step(
        "a garbage token, and a token signed for another audience, are invalid_token",
        async () => {
          const r = await s.post(INIT, { token: "not-a-jwt" });
          assert.equal(r.status, 401);
          assert.match(challenge(r), /error="invalid_token"/);
          assert.ok(challenge(r).includes(metadata));
          await r.body?.cancel();
          const g = await s.grant("employee");
          const elsewhere = {
            ...s.t.deps,
            config: { ...s.t.deps.config, mcpResource: "https://other.example/api/mcp" },
          };
          const { accessToken } = await issueAccessToken(elsewhere, {
            userId: g.userId,
            clientId: g.clientId,
            connectionId: g.connectionId,
            scopes: ["self:read"],
          });
          const aud = await s.post(INIT, { token: accessToken });
          assert.equal(aud.status, 401, "a token for another resource is refused (audience check)");
          await aud.body?.cancel();
        },
      );

      await t.step("an expired token (fixed clock moved past its lifetime)", async () => {
        const g = await s.grant("employee");
        s.t.clock.advance((s.t.deps.config.accessTokenTtlSeconds + 1) * 1000);
        const r = await s.post(INIT, { token: g.token });
        assert.equal(r.status, 401);
        assert.match(challenge(r), /invalid_token/);
        await r.body?.cancel();
      });

      await t.step("a revoked connection stops its tokens on the next request", async () => {
        const g = await s.grant("employee");
        assert.equal((await s.post(INIT, { token: g.token })).status, 200);
        await revokeConnection(s.t.deps, g.connectionId, "test");
        const r = await s.post(INIT, { token: g.token });
        assert.equal(r.status, 401);
        await r.body?.cancel();
      });

      await t.step("a deactivated person is refused on the very next request", async () => {
        const g = await s.grant("manager");
        const c = await s.client(g.token);
        ok(await c.callTool({ name: "whoami", arguments: {} }));
        await s.t.deps.db.update(users).set({ active: false }).where(eq(users.id, g.userId));
        await assert.rejects(
          () => c.callTool({ name: "whoami", arguments: {} }),
          (e: unknown) => (e as { code?: number }).code === 401,
        );
        await s.t.deps.db.update(users).set({ active: true }).where(eq(users.id, g.userId));
      });

      await t.step("a connection row that no longer matches the token's person is refused", async () => {
        const g = await s.grant("employee");
        const [other] = await s.t.deps.db.select({ id: users.id }).from(users).where(
          eq(users.email, "hr@demo.example"),
        );
        await s.t.deps.db.update(oauthConnections).set({ userId: other.id }).where(
          eq(oauthConnections.id, g.connectionId),
        );
        const r = await s.post(INIT, { token: g.token });
        assert.equal(r.status, 401);
        await r.body?.cancel();
      });
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name:
    "endpoint: a tool call outside the token's scopes answers 403 insufficient_scope naming the scope, audited",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee", { scopes: ["self:read"] });
      const c = await s.client(g.token);
      ok(await c.callTool({ name: "get_my_summary", arguments: {} }));
      const r = await s.post({
        jsonrpc: "2.0",
        id: 5,
        method: "tools/call",
        params: { name: "prepare_leave_request", arguments: { leave_type: "VACATION" } },
      }, { token: g.token });
      assert.equal(r.status, 403);
      const h = r.headers.get("www-authenticate") ?? "";
      assert.match(h, /^Bearer error="insufficient_scope"/);
      assert.match(h, /scope="self:write"/);
      assert.ok(h.includes(`resource_metadata="${s.origin}/.well-known/oauth-protected-resource/api/mcp"`));
      const body = await r.json();
      assert.equal(body.id, 5);
      assert.match(body.error.message, /self:write/);

      // The official client surfaces it as an HTTP 403 error.
      await assert.rejects(
        () => c.callTool({ name: "commit_sick_report", arguments: { previewId: "pv_x" } }),
        (e: unknown) => (e as { code?: number }).code === 403,
      );
      // resources/read needs self:read: a token without it is refused the same way.
      const h2 = await s.grant("employee", { scopes: ["self:write"] });
      const rr = await s.post({
        jsonrpc: "2.0",
        id: 6,
        method: "resources/read",
        params: { uri: "service://documents/vacation-policy" },
      }, { token: h2.token });
      assert.equal(rr.status, 403);
      assert.match(rr.headers.get("www-authenticate") ?? "", /scope="self:read"/);
      await rr.body?.cancel();

      const rows = await auditRows(s.t, g.connectionId);
      const refused = rows.filter((x) => x.outcome === "refused:insufficient_scope");
      assert.deepEqual(refused.map((x) => x.name), ["prepare_leave_request", "commit_sick_report"]);
      assert.equal(refused[0].argument_names, JSON.stringify(["leave_type"]));
    } finally {
      await s.close();
    }
  },
});

Deno.test("endpoint: Origin rule: the public origin; loopback origins only on a loopback installation", () => {
  assert.equal(originAllowed("https://hr.example.ch", "https://hr.example.ch"), true);
  assert.equal(originAllowed("https://hr.example.ch", "https://evil.example"), false);
  assert.equal(originAllowed("https://hr.example.ch", "http://localhost:3000"), false);
  assert.equal(originAllowed("http://127.0.0.1:8000", "http://localhost:3000"), true);
  assert.equal(originAllowed("http://127.0.0.1:8000", "http://[::1]:5173"), true);
  assert.equal(originAllowed("http://127.0.0.1:8000", "http://localhost.evil.example"), false);
});

Deno.test("endpoint: with FEATURE_MCP_CONNECTOR unset, /api/mcp and the catalog answer 404", async () => {
  const t = await makeTestApp();
  try {
    for (
      const [method, path] of [["POST", "/api/mcp"], ["GET", "/api/mcp"], ["GET", "/api/mcp/catalog.json"]]
    ) {
      const r = await t.request(path, { method, json: method === "POST" ? INIT : undefined });
      assert.equal(r.status, 404, `${method} ${path}`);
      await r.body?.cancel();
    }
  } finally {
    t.close();
  }
});
