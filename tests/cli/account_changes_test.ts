/**
 * What an admin does to an account reaches the person's assistants: a password reset and a deactivation end
 * every connection (access and refresh tokens), a reactivation brings none back, and a role change ends the
 * connections whose scopes the new role cannot use.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { E2E, startMcpServer } from "../mcp/_harness.ts";
import { oauthConnections } from "../../src/db/schema/mod.ts";
import type { TestApp } from "../_helpers.ts";
import { cli as runCli } from "../_cli.ts";

async function cli(t: TestApp, words: string[]) {
  const r = await runCli(t, words);
  assert.equal(r.code, 0, r.err);
}

Deno.test({
  name: "accounts: reset, deactivation and a narrower role end the person's assistant connections",
  ...E2E,
  fn: async (t) => {
    const s = await startMcpServer();
    try {
      const status = async (token: string) => {
        const r = await s.post({ jsonrpc: "2.0", id: 1, method: "ping" }, { token });
        await r.body?.cancel();
        return r.status;
      };
      const live = async (id: string) =>
        (await s.t.deps.db.select().from(oauthConnections).where(eq(oauthConnections.id, id)))[0]
          .revokedAt === null;

      await t.step("a password reset by an admin", async () => {
        const g = await s.grant("employee");
        assert.equal(await status(g.token), 200);
        await cli(s.t, ["user", "reset-password", "--email", "employee@demo.example"]);
        assert.equal(await status(g.token), 401);
        assert.equal(await live(g.connectionId), false);
      });
      await t.step("a deactivation, and a reactivation that brings nothing back", async () => {
        const g = await s.grant("recruiter");
        assert.equal(await status(g.token), 200);
        await cli(s.t, ["user", "deactivate", "--email", "recruiter@demo.example"]);
        assert.equal(await status(g.token), 401);
        await cli(s.t, ["user", "reactivate", "--email", "recruiter@demo.example"]);
        assert.equal(await status(g.token), 401);
        assert.equal(await live(g.connectionId), false);
      });
      await t.step("a role change: HR scopes end, self-service ones stay", async () => {
        const hrScopes = await s.grant("manager");
        const selfOnly = await s.grant("manager", { scopes: ["self:read", "self:write"] });
        await cli(s.t, ["user", "set-role", "--email", "manager@demo.example", "--role", "employee"]);
        assert.equal(await status(hrScopes.token), 401);
        assert.equal(await live(hrScopes.connectionId), false);
        assert.equal(await status(selfOnly.token), 200);
        assert.equal(await live(selfOnly.connectionId), true);
      });
    } finally {
      await s.close();
    }
  },
});
