/**
 * The frame of an end-to-end connector test and the calls several of them make, so that each test reads as
 * what it checks: a running server per test (closed however the test ends), a client of a demo person, and
 * the writes the limit tests spend.
 */
import type { Client } from "@modelcontextprotocol/sdk/client";
import { E2E, type Grant, type McpTestServer, refusal, startMcpServer, type Who } from "./_harness.ts";

/** Registers a test that runs against its own running server; the SDK client keeps resources alive. */
export function serverTest(
  name: string,
  test: (s: McpTestServer, t: Deno.TestContext) => Promise<void>,
): void {
  Deno.test({
    name,
    ...E2E,
    fn: async (t) => {
      const s = await startMcpServer();
      try {
        await test(s, t);
      } finally {
        await s.close();
      }
    },
  });
}

/** A connected client of a demo person, with the grant (token, connection, client) behind it. */
export async function connect(s: McpTestServer, who: Who): Promise<{ g: Grant; c: Client }> {
  const g = await s.grant(who);
  return { g, c: await s.client(g.token) };
}

/** Calls a tool by name; the arguments default to none. */
export function call(c: Client, name: string, args: Record<string, unknown> = {}) {
  return c.callTool({ name, arguments: args });
}

/** Prepares one hour of work (Saturday 14 November 2026, 08:00–09:00): a preview, not a write. */
export function prepareHour(c: Client) {
  return call(c, "prepare_time_entry", { date: "2026-11-14", start_time: "08:00", end_time: "09:00" });
}

/**
 * Spends write calls that the rules refuse (withdrawing unknown requests): each still counts against the
 * connection's daily write limit. Returns the refusals' messages.
 */
export async function refusedWrites(c: Client, n: number): Promise<string[]> {
  const messages: string[] = [];
  for (let i = 0; i < n; i++) {
    messages.push(refusal(await call(c, "withdraw_leave_request", { request_id: `nope-${i}` })));
  }
  return messages;
}
