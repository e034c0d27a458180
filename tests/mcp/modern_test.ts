/**
 * MCP 2026-07-28 beside the 2025 revisions, played by the official v2 SDK client (pinned to 2026-07-28, and in
 * `auto` mode) and by raw requests for what a client would never send: the headers cross-checked against the
 * body, the envelope required, an unknown 2026-era revision refused with the supported list.
 */
import assert from "node:assert/strict";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { E2E, startMcpServer } from "./_harness.ts";

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw-test", version: "1.0.0" },
};

function modernClient(url: URL, token: string, mode: "auto" | "legacy" | { pin: string }) {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  const client = new Client({ name: "v2-test", version: "1.0.0" }, { versionNegotiation: { mode } });
  return { client, transport };
}

Deno.test({
  name: "modern: the v2 SDK client pinned to 2026-07-28 lists, calls, reads and gets prompts",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("hr");
      const { client, transport } = modernClient(s.mcpUrl, g.token, { pin: "2026-07-28" });
      await client.connect(transport);
      await t.step("tools/list: the 36 tools", async () => {
        assert.equal((await client.listTools()).tools.length, 36);
      });
      await t.step("tools/call: structured content", async () => {
        const r = await client.callTool({ name: "get_my_summary", arguments: {} });
        assert.notEqual(r.isError, true, JSON.stringify(r).slice(0, 300));
        assert.ok((r.structuredContent as Record<string, unknown>).todos);
      });
      await t.step("a refusal is a tool result there too", async () => {
        const r = await client.callTool({ name: "get_employee", arguments: { employee_id: "nobody" } });
        assert.equal(r.isError, true);
      });
      await t.step("resources and prompts", async () => {
        const res = await client.readResource({ uri: "service://documents/vacation-policy" });
        assert.match((res.contents[0] as { text: string }).text, /\w/);
        const p = await client.getPrompt({ name: "weekly_hr_briefing", arguments: {} });
        assert.ok(p.messages.length > 0);
      });
      await client.close();
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name:
    "modern: the v2 SDK client in auto mode finds 2026-07-28; the v1 client and the v2 client's 2025 mode keep working",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      const { client, transport } = modernClient(s.mcpUrl, g.token, "auto");
      await client.connect(transport);
      const r = await client.callTool({ name: "whoami", arguments: {} });
      assert.notEqual(r.isError, true);
      await client.close();
      const v1 = await s.client(g.token);
      assert.equal((await v1.listTools()).tools.length, 36);
      // The v2 client's 2025 fallback (its default, legacy mode) against the same endpoint.
      const legacy = modernClient(s.mcpUrl, g.token, "legacy");
      await legacy.client.connect(legacy.transport);
      assert.notEqual((await legacy.client.callTool({ name: "whoami", arguments: {} })).isError, true);
      await legacy.client.close();
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name: "modern: server/discover, resultType and serverInfo on results, no initialize",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      const post = (body: unknown, headers: Record<string, string>) =>
        s.post(body, { token: g.token, headers: { "MCP-Protocol-Version": "2026-07-28", ...headers } });
      await t.step("server/discover lists every revision, capabilities and instructions", async () => {
        const r = await post({
          jsonrpc: "2.0",
          id: 1,
          method: "server/discover",
          params: { _meta: ENVELOPE },
        }, {
          "Mcp-Method": "server/discover",
        });
        assert.equal(r.status, 200);
        const { result } = await r.json();
        assert.deepEqual(result.supportedVersions, [
          "2026-07-28",
          "2025-11-25",
          "2025-06-18",
          "2025-03-26",
          "2024-11-05",
        ]);
        assert.ok(result.capabilities.tools);
        assert.equal(result.resultType, "complete");
        assert.equal(result._meta["io.modelcontextprotocol/serverInfo"].name, "hr-service");
        assert.equal(result.cacheScope, "private");
      });
      await t.step("tools/call answers with resultType complete", async () => {
        const r = await post({
          jsonrpc: "2.0",
          id: 2,
          method: "tools/call",
          params: { name: "whoami", arguments: {}, _meta: ENVELOPE },
        }, { "Mcp-Method": "tools/call", "Mcp-Name": "whoami" });
        const { result } = await r.json();
        assert.equal(result.resultType, "complete");
        assert.ok(result.structuredContent);
      });
      await t.step("initialize does not exist in 2026-07-28", async () => {
        const r = await post({
          jsonrpc: "2.0",
          id: 3,
          method: "initialize",
          params: {
            protocolVersion: "2026-07-28",
            capabilities: {},
            clientInfo: { name: "x", version: "1" },
            _meta: ENVELOPE,
          },
        }, { "Mcp-Method": "initialize" });
        assert.equal((await r.json()).error.code, -32601);
      });
    } finally {
      await s.close();
    }
  },
});

Deno.test({
  name:
    "modern: headers and body must agree (-32020), client capabilities are required (-32602), unknown revisions -32022",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const g = await s.grant("employee");
      const call = {
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "whoami", arguments: {}, _meta: ENVELOPE },
      };
      const cases: [string, unknown, Record<string, string>, number, number][] = [
        [
          "protocol header differs from _meta",
          call,
          {
            "MCP-Protocol-Version": "2025-11-25",
            "Mcp-Method": "tools/call",
          },
          400,
          -32020,
        ],
        [
          "Mcp-Method differs from the body",
          call,
          {
            "MCP-Protocol-Version": "2026-07-28",
            "Mcp-Method": "tools/list",
          },
          400,
          -32020,
        ],
        ["Mcp-Method missing", call, { "MCP-Protocol-Version": "2026-07-28" }, 400, -32020],
        [
          "Mcp-Name differs from the tool",
          call,
          {
            "MCP-Protocol-Version": "2026-07-28",
            "Mcp-Method": "tools/call",
            "Mcp-Name": "get_my_summary",
          },
          400,
          -32020,
        ],
        [
          "a 2026 header without the envelope: the header names a revision the body does not",
          { jsonrpc: "2.0", id: 8, method: "tools/list" },
          {
            "MCP-Protocol-Version": "2026-07-28",
            "Mcp-Method": "tools/list",
          },
          400,
          -32020,
        ],
        [
          "the envelope without client capabilities",
          {
            jsonrpc: "2.0",
            id: 9,
            method: "tools/list",
            params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } },
          },
          { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list" },
          400,
          -32602,
        ],
      ];
      for (const [name, body, headers, status, code] of cases) {
        await t.step(name, async () => {
          const r = await s.post(body, { token: g.token, headers });
          assert.equal(r.status, status);
          assert.equal((await r.json()).error.code, code);
        });
      }
      await t.step(
        "a 2026-era revision this server does not speak: -32022 with the supported list",
        async () => {
          const r = await s.post({
            jsonrpc: "2.0",
            id: 10,
            method: "tools/list",
            params: { _meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2027-03-01" } },
          }, {
            token: g.token,
            headers: { "MCP-Protocol-Version": "2027-03-01", "Mcp-Method": "tools/list" },
          });
          assert.equal(r.status, 400);
          const { error } = await r.json();
          assert.equal(error.code, -32022);
          assert.ok(error.data.supported.includes("2026-07-28"));
        },
      );
      await t.step("without a token: the 401 challenge, as for every revision", async () => {
        const r = await s.post(call, {
          headers: { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call" },
        });
        assert.equal(r.status, 401);
        assert.match(r.headers.get("www-authenticate")!, /resource_metadata=/);
        await r.body?.cancel();
      });
    } finally {
      await s.close();
    }
  },
});
