/**
 * Refreshes as real assistants send them: two at once with the same token (Claude, Codex), a retry after a
 * lost answer, `offline_access` and the scopes first asked for (mcp-remote, LibreChat), no `resource` (Codex).
 * A retry within the 30-second grace keeps the person connected; real reuse still revokes the family
 * (contract, Authentication 5), and nothing refused ever spends the token.
 */
import assert from "node:assert/strict";
import { exchange, getCode, makeOAuthApp, refresh } from "./_helpers.ts";
import { verifyAccessToken } from "../_tokens.ts";
import { oauthTokenFamilies } from "../../src/db/schema/mod.ts";

type App = Awaited<ReturnType<typeof makeOAuthApp>>;

async function connected(t: App, scope = "self:read self:write") {
  const p = await getCode(t, { scope });
  const tok = await exchange(t, p);
  assert.equal(tok.status, 200);
  return { clientId: p.clientId, tok: tok.body };
}

async function familyRevoked(t: App): Promise<boolean> {
  return (await t.deps.db.select().from(oauthTokenFamilies)).some((f) => f.revokedAt !== null);
}

Deno.test("refresh: two refreshes with the same token at once both get a working pair; nothing is revoked", async () => {
  const t = await makeOAuthApp();
  try {
    const { clientId, tok } = await connected(t);
    const [a, b] = await Promise.all([
      refresh(t, clientId, tok.refresh_token),
      refresh(t, clientId, tok.refresh_token),
    ]);
    assert.equal(a.status, 200, JSON.stringify(a.body));
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.notEqual(a.body.refresh_token, b.body.refresh_token);
    assert.ok(await verifyAccessToken(t.deps, a.body.access_token));
    assert.ok(await verifyAccessToken(t.deps, b.body.access_token));
    assert.equal(await familyRevoked(t), false);
    // Whichever answer the client kept works; once it is used, the other is refused without harm.
    const next = await refresh(t, clientId, b.body.refresh_token);
    assert.equal(next.status, 200);
    const stale = await refresh(t, clientId, a.body.refresh_token);
    assert.equal(stale.status, 400);
    assert.equal(stale.body.error, "invalid_grant");
    assert.equal(await familyRevoked(t), false);
    assert.equal((await refresh(t, clientId, next.body.refresh_token)).status, 200);
  } finally {
    t.close();
  }
});

Deno.test("refresh: a retry after a lost answer within 30 seconds is a retry, not reuse", async (ctx) => {
  const t = await makeOAuthApp();
  try {
    const { clientId, tok } = await connected(t);
    const lost = await refresh(t, clientId, tok.refresh_token);
    assert.equal(lost.status, 200);
    await ctx.step("29 seconds later: a working pair", async () => {
      t.clock.advance(29_000);
      const retry = await refresh(t, clientId, tok.refresh_token);
      assert.equal(retry.status, 200);
      assert.ok(await verifyAccessToken(t.deps, retry.body.access_token));
      assert.ok(
        await verifyAccessToken(t.deps, lost.body.access_token),
        "the lost answer's token is not revoked",
      );
      assert.equal(await familyRevoked(t), false);
      assert.equal((await refresh(t, clientId, retry.body.refresh_token)).status, 200);
    });
  } finally {
    t.close();
  }
});

Deno.test("refresh: real reuse still revokes the whole family", async (ctx) => {
  await ctx.step("after the successor was used, even within the grace", async () => {
    const t = await makeOAuthApp();
    try {
      const { clientId, tok } = await connected(t);
      const a = await refresh(t, clientId, tok.refresh_token);
      const b = await refresh(t, clientId, a.body.refresh_token);
      assert.equal(b.status, 200);
      const reuse = await refresh(t, clientId, tok.refresh_token);
      assert.equal(reuse.body.error, "invalid_grant");
      assert.equal(await familyRevoked(t), true);
      assert.equal(await verifyAccessToken(t.deps, b.body.access_token), null);
    } finally {
      t.close();
    }
  });
  await ctx.step("31 seconds after the rotation", async () => {
    const t = await makeOAuthApp();
    try {
      const { clientId, tok } = await connected(t);
      const a = await refresh(t, clientId, tok.refresh_token);
      t.clock.advance(31_000);
      const reuse = await refresh(t, clientId, tok.refresh_token);
      assert.equal(reuse.body.error, "invalid_grant");
      assert.equal(await familyRevoked(t), true);
      assert.equal((await refresh(t, clientId, a.body.refresh_token)).body.error, "invalid_grant");
    } finally {
      t.close();
    }
  });
  await ctx.step("at once, with REFRESH_TOKEN_REUSE_GRACE_SECONDS=0", async () => {
    const t = await makeOAuthApp({ env: { REFRESH_TOKEN_REUSE_GRACE_SECONDS: "0" } });
    try {
      const { clientId, tok } = await connected(t);
      await refresh(t, clientId, tok.refresh_token);
      assert.equal((await refresh(t, clientId, tok.refresh_token)).body.error, "invalid_grant");
      assert.equal(await familyRevoked(t), true);
    } finally {
      t.close();
    }
  });
});

Deno.test("refresh: offline_access is ignored and scopes beyond the grant are left out, never added", async (ctx) => {
  const t = await makeOAuthApp();
  try {
    const { clientId, tok } = await connected(t, "self:read");
    assert.equal(tok.scope, "self:read");
    await ctx.step("offline_access beside the grant", async () => {
      const r = await refresh(t, clientId, tok.refresh_token, { scope: "self:read offline_access" });
      assert.equal(r.status, 200);
      assert.equal(r.body.scope, "self:read");
      tok.refresh_token = r.body.refresh_token;
    });
    await ctx.step("the five scopes first asked for, on a grant of one", async () => {
      const r = await refresh(t, clientId, tok.refresh_token, {
        scope: "self:read self:write hr:read:people hr:read:recruiting hr:write",
      });
      assert.equal(r.status, 200);
      assert.equal(r.body.scope, "self:read");
      tok.refresh_token = r.body.refresh_token;
    });
    await ctx.step("only scopes outside the grant: invalid_scope, and the token still works", async () => {
      const r = await refresh(t, clientId, tok.refresh_token, { scope: "hr:write offline_access" });
      assert.equal(r.status, 400);
      assert.equal(r.body.error, "invalid_scope");
      const ok = await refresh(t, clientId, tok.refresh_token);
      assert.equal(ok.status, 200);
      assert.equal(await familyRevoked(t), false);
    });
  } finally {
    t.close();
  }
});

Deno.test("refresh: without resource the grant's own is meant; another resource is refused without spending", async () => {
  const t = await makeOAuthApp();
  try {
    const { clientId, tok } = await connected(t);
    const other = await refresh(t, clientId, tok.refresh_token, { resource: "https://evil.example/api/mcp" });
    assert.equal(other.status, 400);
    assert.equal(other.body.error, "invalid_target");
    const body = new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: tok.refresh_token,
      client_id: clientId,
    });
    const r = await t.app.request("https://hr.example.ch/api/oauth/token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    assert.equal(r.status, 200, await r.clone().text());
    const json = await r.json();
    const claims = await verifyAccessToken(t.deps, json.access_token);
    assert.ok(claims);
    assert.equal(await familyRevoked(t), false);
  } finally {
    t.close();
  }
});
