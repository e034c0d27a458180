import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { oauthConnections, users } from "../../src/db/schema/mod.ts";
import { revokeConnection } from "../../src/oauth/connections.ts";
import { issueAccessToken } from "../../src/oauth/tokens.ts";
import { originAllowed } from "../../src/mcp/endpoint.ts";
import { auditRows, E2E, ok, refusal, startMcpServer } from "./_harness.ts";

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
        assert.deepEqual(Object.keys(body.result.capabilities).sort(), [
          "completions",
          "prompts",
          "resources",
          "tools",
        ]);
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
          // Any revision this server does not speak, malformed, older or later, is UnsupportedProtocolVersion
          // (MCP 2026-07-28, basic/versioning, "Protocol Version Negotiation"), which a 2025 client reads as
          // the 400 its revision asks for.
          for (
            const [v, code] of [["invalid-protocol-version", -32022], ["2000-01-01", -32022], [
              "2099-01-01",
              -32022,
            ]]
          ) {
            const r = await s.post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, {
              token: g.token,
              headers: { "MCP-Protocol-Version": String(v) },
            });
            assert.equal(r.status, 400, String(v));
            assert.equal((await r.json()).error.code, code);
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
          // Near misses of a request, each refused as the SDK's JSON-RPC schema refuses it.
          const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "whoami" } };
          for (
            const [what, message] of [
              ["an id that is no integer", { ...call, id: 1.5 }],
              ["an id that is null", { ...call, id: null }],
              ["a key JSON-RPC does not have", { ...call, extra: 1 }],
              ["another JSON-RPC version", { ...call, jsonrpc: "1.0" }],
              ["params that are a list", { ...call, params: ["whoami"] }],
              ["params that are null", { ...call, params: null }],
              ["a method that is no string", { ...call, method: 7 }],
              ["a _meta that is no object", { ...call, params: { name: "whoami", _meta: 3 } }],
            ] as const
          ) {
            const r = await s.post(message, { token: g.token });
            assert.equal(r.status, 400, what);
            assert.equal((await r.json()).error.code, -32600, what);
          }
          // A request with a valid _meta is no near miss: it is served (through the SDK's Server).
          const withMeta = await s.post(
            { ...call, params: { name: "whoami", arguments: {}, _meta: { progressToken: "p" } } },
            { token: g.token },
          );
          assert.equal(withMeta.status, 200);
          assert.equal((await withMeta.json()).result.structuredContent.user.role, "employee");
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

      await t.step(
        "a local installation refuses a foreign Origin even with a token (DNS rebinding)",
        async () => {
          const evil = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
            token: g.token,
            headers: { Origin: "https://evil.example" },
          });
          assert.equal(evil.status, 403);
          await evil.body?.cancel();
          const local = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
            token: g.token,
            headers: { Origin: "http://localhost:6274" },
          });
          assert.equal(local.status, 200);
          await local.body?.cancel();
        },
      );
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
    "endpoint: a tool outside the connection's scopes is a tool error that says how to allow it (no 403 step-up)",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee", { scopes: ["self:read"] });
      const c = await s.client(g.token);
      ok(await c.callTool({ name: "get_my_summary", arguments: {} }));
      // The official client gets a result the model can read and act on, not an HTTP error it would
      // answer by re-running a consent that can never widen the grant.
      const r = await c.callTool({ name: "prepare_leave_request", arguments: { leave_type: "VACATION" } });
      const text = refusal(r);
      // The demo employee reads German: the whole refusal is in their language, the assistant shows it as it is.
      assert.match(
        text,
        /^prepare_leave_request braucht den Zugriff «self:write» \(In Ihrem Namen Ferien beantragen/,
      );
      assert.ok(text.includes(`${s.origin}/account/assistants`), text);
      assert.match(text, /trennt .*, verbindet es neu und erlaubt diesen Zugriff/);
      // A tool the role can never use says so, and that reconnecting will not help.
      const hr = refusal(await c.callTool({ name: "get_hr_overview", arguments: {} }));
      assert.match(hr, /^get_hr_overview steht dieser Person nicht zur Verfügung/);
      assert.match(hr, /keine Verbindung eines Assistenten kann sie gewähren\. Nicht erneut versuchen/);
      // resources/read without self:read: a JSON-RPC error with the same guidance, HTTP 200.
      const h2 = await s.grant("employee", { scopes: ["self:write"] });
      const rr = await s.post({
        jsonrpc: "2.0",
        id: 6,
        method: "resources/read",
        params: { uri: "service://documents/vacation-policy" },
      }, { token: h2.token });
      assert.equal(rr.status, 200);
      const body = await rr.json();
      assert.match(body.error.message, /^Das Lesen von Dokumenten braucht den Zugriff «self:read»/);
      assert.match(body.error.message, /account\/assistants/);

      const rows = await auditRows(s.t, g.connectionId);
      const refused = rows.filter((x) => String(x.outcome).startsWith("refused:"));
      assert.deepEqual(refused.map((x) => [x.name, x.outcome]), [
        ["prepare_leave_request", "refused:forbidden"],
        ["get_hr_overview", "refused:forbidden"],
      ]);
      assert.equal(refused[0].argument_names, JSON.stringify(["leave_type"]));
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name:
    "endpoint: a public installation serves the assistants' web origins with a token; 401 for any origin without",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer({ env: { MCP_ISSUER_URL: "https://hr.example.ch" } });
    try {
      const g = await s.grant("employee");
      await t.step("Origin with a valid token: the assistants' web origins are served", async () => {
        for (
          const origin of [
            "https://claude.ai",
            "https://chatgpt.com",
            "https://vscode.dev",
            "https://hr.example.ch",
          ]
        ) {
          const r = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
            token: g.token,
            headers: { Origin: origin },
          });
          assert.equal(r.status, 200, origin);
          await r.body?.cancel();
        }
      });
      await t.step("Origin without a valid token: the 401 challenge, whatever the origin", async () => {
        for (const token of [undefined, "not-a-token"]) {
          const r = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
            token,
            headers: { Origin: "https://evil.example" },
          });
          assert.equal(r.status, 401);
          assert.match(r.headers.get("www-authenticate")!, /resource_metadata=/);
          await r.body?.cancel();
        }
      });
    } finally {
      await s.close();
    }
  },
});

Deno.test("endpoint: Origin rule: any origin with a token on a public installation, loopback ones on a local one, unless MCP_ALLOWED_ORIGINS lists them", () => {
  const open = { issuer: "https://hr.example.ch", mcpAllowedOrigins: undefined };
  assert.equal(originAllowed(open, "https://claude.ai"), true);
  assert.equal(originAllowed(open, "https://evil.example"), true);
  const local = { issuer: "http://127.0.0.1:8000", mcpAllowedOrigins: undefined };
  assert.equal(originAllowed(local, "http://localhost:3000"), true);
  assert.equal(originAllowed(local, "http://[::1]:5173"), true);
  assert.equal(originAllowed(local, "https://evil.example"), false, "DNS rebinding of a local server");
  assert.equal(originAllowed(local, "http://localhost.evil.example"), false);
  const listed = { issuer: "https://hr.example.ch", mcpAllowedOrigins: ["https://claude.ai"] };
  assert.equal(originAllowed(listed, "https://claude.ai"), true);
  assert.equal(originAllowed(listed, "https://hr.example.ch"), true, "the service's own origin always");
  assert.equal(originAllowed(listed, "https://chatgpt.com"), false);
});

Deno.test("endpoint: MCP_ALLOWED_ORIGINS refuses other origins with 403, after the token", {
  sanitizeOps: false,
  sanitizeResources: false,
}, async () => {
  const s = await startMcpServer({ env: { MCP_ALLOWED_ORIGINS: "https://claude.ai, https://chatgpt.com/" } });
  try {
    const g = await s.grant("employee", { scopes: ["self:read"] });
    const ok = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
      token: g.token,
      headers: { Origin: "https://chatgpt.com" },
    });
    assert.equal(ok.status, 200);
    await ok.body?.cancel();
    const other = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
      token: g.token,
      headers: { Origin: "https://evil.example" },
    });
    assert.equal(other.status, 403);
    assert.match((await other.json()).error.message, /Origin https:\/\/evil.example is not allowed/);
    const anon = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, {
      headers: { Origin: "https://evil.example" },
    });
    assert.equal(anon.status, 401, "discovery still works");
    await anon.body?.cancel();
  } finally {
    await s.close();
  }
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
