import assert from "node:assert/strict";
import { base64url as b64, SignJWT } from "jose";
import { makeTestApp } from "../_helpers.ts";
import { issueAccessToken, revokeAccessToken, revokeFamilyAccessTokens } from "../../src/oauth/tokens.ts";
import { verifyAccessToken } from "../_tokens.ts";
import { findOrCreateConnection, getLiveConnection, revokeConnection } from "../../src/oauth/connections.ts";
import { oauthClients, users } from "../../src/db/schema/mod.ts";
import { eq } from "drizzle-orm";
import { addAccount } from "../_people.ts";

const ENV = { FEATURE_MCP_CONNECTOR: "true", MCP_ISSUER_URL: "https://hr.example.ch" };

async function seed(t: Awaited<ReturnType<typeof makeTestApp>>) {
  const now = t.clock.now();
  const u = { id: (await addAccount(t, null, { email: "anna@example.ch" })).userId };
  await t.deps.db.insert(oauthClients).values({
    id: "client-1",
    name: "Test assistant",
    type: "PUBLIC",
    tokenEndpointAuthMethod: "none",
    redirectUris: JSON.stringify(["https://app.example/cb"]),
    grantTypes: JSON.stringify(["authorization_code", "refresh_token"]),
    createdBy: "DYNAMIC",
    createdAt: now,
  });
  return u.id;
}

Deno.test("token: an issued access token verifies with its claims", async (ctx) => {
  const t = await makeTestApp({ demo: false, env: ENV });
  try {
    const userId = await seed(t);
    const c = await findOrCreateConnection(t.deps, {
      clientId: "client-1",
      userId,
      scopes: ["self:read", "self:write"],
    });
    const { accessToken, expiresIn } = await issueAccessToken(t.deps, {
      userId,
      clientId: "client-1",
      connectionId: c.id,
      scopes: c.scopes,
    });
    assert.equal(expiresIn, 600);
    const v = await verifyAccessToken(t.deps, accessToken);
    assert.ok(v);
    assert.equal(v.userId, userId);
    assert.deepEqual(v.scopes, ["self:read", "self:write"]);
    assert.equal(v.expiresAt, t.clock.now() + 600_000);
    assert.ok(await getLiveConnection(t.deps, c.id));

    await ctx.step("expired", async () => {
      t.clock.advance(601_000);
      assert.equal(await verifyAccessToken(t.deps, accessToken), null);
      t.clock.advance(-601_000);
    });
    await ctx.step("a later consent never widens", async () => {
      const again = await findOrCreateConnection(t.deps, {
        clientId: "client-1",
        userId,
        scopes: ["self:read", "hr:write"],
      });
      assert.equal(again.id, c.id);
      assert.deepEqual(again.scopes, ["self:read"]);
    });
    await ctx.step("alg none is refused", async () => {
      const [, payload] = accessToken.split(".");
      const header = b64.encode(JSON.stringify({ alg: "none", typ: "at+jwt", kid: "x" }));
      assert.equal(await verifyAccessToken(t.deps, `${header}.${payload}.`), null);
    });
    await ctx.step("HS256 with the public key as secret is refused", async () => {
      const forged = await new SignJWT({ client_id: "client-1", scope: "self:read", cnx: c.id })
        .setProtectedHeader({ alg: "HS256", typ: "at+jwt", kid: "x" }).setSubject(userId).setJti("j")
        .setIssuer("https://hr.example.ch").setAudience("https://hr.example.ch/api/mcp").setIssuedAt()
        .setExpirationTime("5m").sign(new TextEncoder().encode("secret-secret-secret-secret-secret"));
      assert.equal(await verifyAccessToken(t.deps, forged), null);
    });
    await ctx.step("revoked jti, family, connection", async () => {
      const fam = await issueAccessToken(t.deps, {
        userId,
        clientId: "client-1",
        connectionId: c.id,
        scopes: ["self:read"],
        familyId: "f1",
      });
      assert.ok(await verifyAccessToken(t.deps, fam.accessToken));
      await revokeFamilyAccessTokens(t.deps, "f1");
      assert.equal(await verifyAccessToken(t.deps, fam.accessToken), null);
      assert.ok(await verifyAccessToken(t.deps, accessToken));
      await revokeAccessToken(t.deps, v.jti, v.expiresAt);
      assert.equal(await verifyAccessToken(t.deps, accessToken), null);
      const other = await issueAccessToken(t.deps, {
        userId,
        clientId: "client-1",
        connectionId: c.id,
        scopes: ["self:read"],
      });
      assert.ok(await verifyAccessToken(t.deps, other.accessToken));
      assert.ok(await revokeConnection(t.deps, c.id, userId));
      assert.equal(await verifyAccessToken(t.deps, other.accessToken), null);
      assert.equal(await getLiveConnection(t.deps, c.id), null);
    });
    await ctx.step("deactivated person", async () => {
      const c2 = await findOrCreateConnection(t.deps, {
        clientId: "client-1",
        userId,
        scopes: ["self:read"],
      });
      assert.ok(c2.created);
      await t.deps.db.update(users).set({ active: false }).where(eq(users.id, userId));
      assert.equal(await getLiveConnection(t.deps, c2.id), null);
    });
  } finally {
    t.close();
  }
});
