/**
 * A plain `tools/call` is answered by the connector's own handler without the SDK's per-message machinery
 * (`Connector.callTool`, src/mcp/server.ts). Each request below is sent both ways, through the SDK `Server`
 * and directly, and the two answers must be the same to the byte: results, refusals, JSON-RPC errors, and
 * the calls the direct way leaves to the SDK.
 */
import assert from "node:assert/strict";
import { useDirectToolCalls } from "../../src/mcp/server.ts";
import { MultiplexTransport } from "../../src/mcp/transport.ts";
import { auditRows, E2E, startMcpServer } from "./_harness.ts";

Deno.test({
  name: "direct tools/call: every answer is the one the SDK's Server gives, and every call is audited",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    const request = MultiplexTransport.prototype.request;
    try {
      const full = await s.grant("employee");
      const readOnly = await s.grant("manager", { scopes: ["self:read"] });
      const call = (name: unknown, args?: unknown, extra: Record<string, unknown> = {}) => ({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name, ...(args === undefined ? {} : { arguments: args }), ...extra },
      });
      // Whether a request went through the SDK's Server: its transport's requests are counted.
      let throughServer = 0;
      MultiplexTransport.prototype.request = function (...a) {
        throughServer++;
        return request.apply(this, a);
      };
      const cases: [string, unknown, string, Record<string, string>?][] = [
        ["a result", call("whoami", {}), full.token],
        ["a result without arguments", call("whoami"), full.token],
        ["a large result", call("get_my_summary", {}), full.token],
        ["a list", call("list_my_leave_requests", { limit: 2 }), full.token],
        ["a refusal of an argument", call("list_my_leave_requests", { limit: 51 }), full.token],
        ["an unknown argument", call("whoami", { verbose: true }), full.token],
        ["a tool outside the scopes", call("withdraw_my_leave_request", { id: "x" }), readOnly.token],
        ["an unknown tool (JSON-RPC error)", call("no_such_tool", {}), full.token],
        ["a string id", { ...call("whoami", {}), id: "call-1" }, full.token],
        [
          "a batch of two calls",
          [call("whoami", {}), { ...call("get_my_summary", {}), id: 8 }],
          full.token,
          { "MCP-Protocol-Version": "2025-03-26" },
        ],
        // Left to the SDK by the direct way, answered the same either way.
        ["arguments that are no object", call("whoami", "x"), full.token],
        ["a name that is no string", call(42, {}), full.token],
        ["a progress token", call("whoami", {}, { _meta: { progressToken: 3 } }), full.token],
      ];
      const plain = 10;
      let audited = 0;
      for (const [i, [what, body, token, headers]] of cases.entries()) {
        const answers: { status: number; body: string }[] = [];
        for (const direct of [false, true]) {
          useDirectToolCalls(direct);
          throughServer = 0;
          const r = await s.post(body, { token, headers });
          answers.push({ status: r.status, body: await r.text() });
          // Through the Server when asked to; directly only a plain call, every time.
          assert.equal(throughServer > 0, !direct || i >= plain, `${what}, direct: ${direct}`);
        }
        assert.deepEqual(answers[1], answers[0], what);
        assert.equal(answers[0].status, 200, what);
        audited += Array.isArray(body) ? 4 : 2;
      }
      // The two ways write the same audit rows: every call above that reached a tool left one per way.
      const rows = [
        ...await auditRows(s.t, full.connectionId),
        ...await auditRows(s.t, readOnly.connectionId),
      ];
      // Arguments that are no object and a name that is no string never reach a tool (the SDK refuses them).
      assert.equal(rows.length, audited - 4);
    } finally {
      MultiplexTransport.prototype.request = request;
      useDirectToolCalls(true);
      await s.close();
    }
  },
});
