/**
 * A plain `tools/call` is answered by the connector's own handler without the SDK's per-message machinery
 * (`Connector.callTool`, src/mcp/server.ts). Each request below is sent both ways, through the SDK `Server`
 * and directly, and the two answers must be the same to the byte: results, refusals, JSON-RPC errors, and
 * the calls the direct way leaves to the SDK.
 */
import assert from "node:assert/strict";
import { useDirectToolCalls } from "../../src/mcp/server.ts";
import { MultiplexTransport } from "../../src/mcp/transport.ts";
import { TOOLS } from "../../src/mcp/registry.ts";
import { auditRows, E2E, startMcpServer } from "./_harness.ts";

Deno.test({
  name: "direct tools/call: every answer is the one the SDK's Server gives, and every call is audited",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    const request = MultiplexTransport.prototype.request;
    // Two tools made to fail as a bug would: one throws, one returns data outside its output schema. Both are
    // answered with a JSON-RPC error quoting the request id, which the calls below fix by `X-Request-Id`.
    const throws = TOOLS.find((x) => x.name === "get_public_holidays")!;
    const strays = TOOLS.find((x) => x.name === "get_closure_periods")!;
    const handlers = [throws.handler, strays.handler] as const;
    throws.handler = () => Promise.reject(new Error("a bug"));
    strays.handler = () => Promise.resolve({ data: { not: "declared" } });
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
        [
          "a tool that throws (JSON-RPC error)",
          call("get_public_holidays", { year: 2026 }),
          full.token,
          { "X-Request-Id": "direct-call-bug-1" },
        ],
        [
          "a tool whose data is outside its output schema (JSON-RPC error)",
          call("get_closure_periods", { year: 2026 }),
          full.token,
          { "X-Request-Id": "direct-call-bug-2" },
        ],
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
      const plain = 12;
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
        const quoted = headers?.["X-Request-Id"];
        if (quoted) {
          // The bug's answer says no more than that it failed, with the id to quote.
          assert.equal(
            answers[0].body,
            `{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"Internal error. Quote request id ${quoted}."}}`,
            what,
          );
        }
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
      [throws.handler, strays.handler] = handlers;
      useDirectToolCalls(true);
      await s.close();
    }
  },
});
