/**
 * MCP 2026-07-28's MUSTs that no tested client trips over but a stricter one would, each checked against the
 * revision's text (basic/transports/streamable-http, "Protocol Version Header", "Standard Request Headers",
 * "Server Validation"; basic/versioning, "Protocol Version Negotiation"; changelog, major change 5), played
 * with raw requests since a conforming client never sends them. The 2025 revisions keep their own rules.
 */
import assert from "node:assert/strict";
import { E2E, startMcpServer } from "./_harness.ts";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw-test", version: "1.0.0" },
};

Deno.test({
  name: "modern: a method the server does not implement is 404 with -32601 and the request's id",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      // ping and logging/setLevel were removed in 2026-07-28, initialize and resources/subscribe replaced.
      const methods: [string, Record<string, unknown>][] = [
        ["initialize", {
          protocolVersion: "2026-07-28",
          capabilities: {},
          clientInfo: { name: "x", version: "1" },
        }],
        ["ping", {}],
        ["logging/setLevel", { level: "info" }],
        ["resources/subscribe", { uri: "service://documents/vacation-policy" }],
        ["subscriptions/listen", { notifications: { toolsListChanged: true } }],
        ["tools/frobnicate", {}],
      ];
      let id = 100;
      for (const [method, params] of methods) {
        await t.step(method, async () => {
          id++;
          const r = await s.post({ jsonrpc: "2.0", id, method, params: { ...params, _meta: ENVELOPE } }, {
            token: g.token,
            headers: { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method },
          });
          assert.equal(r.status, 404);
          const body = await r.json();
          assert.equal(body.error.code, -32601);
          assert.equal(body.id, id);
        });
      }
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "legacy: initialize and ping still answer under 2025-11-25 and 2025-03-26",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      for (const v of ["2025-11-25", "2025-03-26"]) {
        const init = await s.post({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { protocolVersion: v, capabilities: {}, clientInfo: { name: "x", version: "1" } },
        }, { token: g.token, headers: { "MCP-Protocol-Version": v } });
        assert.equal(init.status, 200);
        assert.equal((await init.json()).result.protocolVersion, v);
        const ping = await s.post({ jsonrpc: "2.0", id: 2, method: "ping" }, {
          token: g.token,
          headers: { "MCP-Protocol-Version": v },
        });
        assert.equal(ping.status, 200);
        assert.deepEqual((await ping.json()).result, {});
      }
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "modern: tools/call, resources/read and prompts/get without Mcp-Name are 400 with -32020",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("hr");
      const cases: [string, Record<string, unknown>, string][] = [
        ["tools/call", { name: "whoami", arguments: {} }, "whoami"],
        [
          "resources/read",
          { uri: "service://documents/vacation-policy" },
          "service://documents/vacation-policy",
        ],
        ["prompts/get", { name: "weekly_hr_briefing", arguments: {} }, "weekly_hr_briefing"],
      ];
      for (const [method, params, name] of cases) {
        await t.step(`${method} without Mcp-Name`, async () => {
          const r = await s.post({ jsonrpc: "2.0", id: 5, method, params: { ...params, _meta: ENVELOPE } }, {
            token: g.token,
            headers: { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method },
          });
          assert.equal(r.status, 400);
          const body = await r.json();
          assert.equal(body.error.code, -32020);
          assert.equal(body.id, 5);
          assert.match(body.error.message, /Mcp-Name/);
        });
        await t.step(`${method} with Mcp-Name is served`, async () => {
          const r = await s.post({ jsonrpc: "2.0", id: 6, method, params: { ...params, _meta: ENVELOPE } }, {
            token: g.token,
            headers: { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": method, "Mcp-Name": name },
          });
          assert.equal(r.status, 200);
          assert.equal((await r.json()).result.resultType, "complete");
        });
      }
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "version: an unsupported MCP-Protocol-Version is 400 with -32022, supported, requested and the id",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      const supported = ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"];
      const bodies: [string, unknown][] = [
        ["a 2025-era body", { jsonrpc: "2.0", id: 41, method: "tools/list" }],
        ["a 2026-era body", { jsonrpc: "2.0", id: 41, method: "tools/list", params: { _meta: ENVELOPE } }],
      ];
      // 2024-10-07 is not a published revision: the specification's list starts at 2024-11-05.
      for (const requested of ["v999.0.0", "2024-10-07"]) {
        for (const [what, body] of bodies) {
          await t.step(`${requested} with ${what}`, async () => {
            const r = await s.post(body, {
              token: g.token,
              headers: { "MCP-Protocol-Version": requested, "Mcp-Method": "tools/list" },
            });
            assert.equal(r.status, 400);
            const answer = await r.json();
            assert.equal(answer.id, 41);
            assert.equal(answer.error.code, -32022);
            assert.deepEqual(answer.error.data.supported, supported);
            assert.equal(answer.error.data.requested, requested);
          });
        }
      }
      await t.step("a 2026-era envelope naming a revision that is not a date", async () => {
        const r = await s.post({
          jsonrpc: "2.0",
          id: 42,
          method: "tools/list",
          params: { _meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "v999.0.0" } },
        }, { token: g.token, headers: { "MCP-Protocol-Version": "v999.0.0", "Mcp-Method": "tools/list" } });
        assert.equal(r.status, 400);
        const answer = await r.json();
        assert.equal(answer.id, 42);
        assert.equal(answer.error.code, -32022);
        assert.equal(answer.error.data.requested, "v999.0.0");
      });
      await t.step(
        "an initialize asking for 2024-10-07 is answered with the newest 2025 revision",
        async () => {
          const r = await s.post({
            jsonrpc: "2.0",
            id: 43,
            method: "initialize",
            params: {
              protocolVersion: "2024-10-07",
              capabilities: {},
              clientInfo: { name: "x", version: "1" },
            },
          }, { token: g.token, headers: { "MCP-Protocol-Version": "2025-11-25" } });
          assert.equal(r.status, 200);
          assert.equal((await r.json()).result.protocolVersion, "2025-11-25");
        },
      );
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "modern: a 2026-07-28 header over a body without the envelope is a header mismatch (-32020)",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      const r = await s.post({ jsonrpc: "2.0", id: 8, method: "tools/list" }, {
        token: g.token,
        headers: { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list" },
      });
      assert.equal(r.status, 400);
      const answer = await r.json();
      assert.equal(answer.error.code, -32020);
      assert.equal(answer.id, 8);
    } finally {
      await s.close();
    }
  },
});
