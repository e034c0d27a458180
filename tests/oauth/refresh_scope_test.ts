/**
 * What `scope` on a refresh means (RFC 6749 §6): it narrows the access token issued by that refresh only.
 * The new refresh token keeps the scope of the grant, so a later refresh without `scope` gets all of it
 * again; nothing ever goes beyond the scopes first approved (contract, Authentication 7).
 */
import assert from "node:assert/strict";
import { exchange, getCode, ISSUER, makeOAuthApp, refresh } from "./_helpers.ts";
import { verifyAccessToken } from "../_tokens.ts";
import { oauthTokenFamilies } from "../../src/db/schema/mod.ts";
import { getLiveConnection } from "../../src/oauth/connections.ts";

type App = Awaited<ReturnType<typeof makeOAuthApp>>;

async function connected(t: App, scope = "self:read self:write", choose?: string[]) {
  const p = await getCode(t, { scope, choose });
  const tok = await exchange(t, p);
  assert.equal(tok.status, 200, JSON.stringify(tok.body));
  return { clientId: p.clientId, tok: tok.body };
}

/** Calls a self:write tool with no arguments: refused for its scope, or (with the scope) for its arguments. */
async function writeToolAnswer(t: App, accessToken: string): Promise<string> {
  const r = await t.app.request(`${ISSUER}/api/mcp`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${accessToken}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": "2025-11-25",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "prepare_time_entry", arguments: {} },
    }),
  });
  assert.equal(r.status, 200);
  const body = await r.json();
  return JSON.stringify(body.result);
}

Deno.test("refresh scope: a narrower refresh narrows that access token only; the next refresh without scope gets the whole grant", async () => {
  const t = await makeOAuthApp();
  try {
    const { clientId, tok } = await connected(t);
    assert.equal(tok.scope, "self:read self:write");

    const narrow = await refresh(t, clientId, tok.refresh_token, { scope: "self:read" });
    assert.equal(narrow.status, 200, JSON.stringify(narrow.body));
    assert.equal(narrow.body.scope, "self:read");
    assert.deepEqual((await verifyAccessToken(t.deps, narrow.body.access_token))?.scopes, ["self:read"]);
    // The grant holds self:write: the refusal says the token was narrowed, not that the person refused it.
    const refused = await writeToolAnswer(t, narrow.body.access_token);
    assert.match(refused, /The person allowed it when connecting .*asked for this access token without it/);
    assert.doesNotMatch(refused, /did not allow/);

    const full = await refresh(t, clientId, narrow.body.refresh_token);
    assert.equal(full.status, 200, JSON.stringify(full.body));
    assert.equal(full.body.scope, "self:read self:write");
    assert.deepEqual(
      (await verifyAccessToken(t.deps, full.body.access_token))?.scopes,
      ["self:read", "self:write"],
    );
    assert.doesNotMatch(await writeToolAnswer(t, full.body.access_token), /did not allow|without it/);

    const again = await refresh(t, clientId, full.body.refresh_token);
    assert.equal(again.body.scope, "self:read self:write");

    // The grant (token family) and the connection the portal lists are untouched by the narrowing.
    const [family] = await t.deps.db.select().from(oauthTokenFamilies);
    assert.equal(family.scopes, "self:read self:write");
    const claims = await verifyAccessToken(t.deps, again.body.access_token);
    assert.deepEqual((await getLiveConnection(t.deps, claims!.connectionId))?.scopes, [
      "self:read",
      "self:write",
    ]);
  } finally {
    t.close();
  }
});

Deno.test("refresh scope: after a narrower refresh, another scope of the grant may be asked for alone", async () => {
  const t = await makeOAuthApp();
  try {
    const { clientId, tok } = await connected(t);
    const narrow = await refresh(t, clientId, tok.refresh_token, { scope: "self:read" });
    assert.equal(narrow.body.scope, "self:read");
    const other = await refresh(t, clientId, narrow.body.refresh_token, { scope: "self:write" });
    assert.equal(other.status, 200, JSON.stringify(other.body));
    assert.equal(other.body.scope, "self:write");
  } finally {
    t.close();
  }
});

Deno.test("refresh scope: a retry of a narrower refresh within the grace keeps the grant's scope too", async () => {
  const t = await makeOAuthApp();
  try {
    const { clientId, tok } = await connected(t);
    const lost = await refresh(t, clientId, tok.refresh_token, { scope: "self:read" });
    assert.equal(lost.body.scope, "self:read");
    const retry = await refresh(t, clientId, tok.refresh_token);
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    assert.equal(retry.body.scope, "self:read self:write");
    const next = await refresh(t, clientId, retry.body.refresh_token);
    assert.equal(next.body.scope, "self:read self:write");
  } finally {
    t.close();
  }
});

Deno.test("refresh scope: the grant never widens, with or without scope", async () => {
  const t = await makeOAuthApp();
  try {
    const { clientId, tok } = await connected(t, "self:read self:write", ["self:read"]);
    assert.equal(tok.scope, "self:read");
    const wide = await refresh(t, clientId, tok.refresh_token, { scope: "self:read self:write" });
    assert.equal(wide.status, 200);
    assert.equal(wide.body.scope, "self:read");
    const plain = await refresh(t, clientId, wide.body.refresh_token);
    assert.equal(plain.body.scope, "self:read");
    const only = await refresh(t, clientId, plain.body.refresh_token, { scope: "self:write" });
    assert.equal(only.status, 400);
    assert.equal(only.body.error, "invalid_scope");
    assert.deepEqual((await verifyAccessToken(t.deps, plain.body.access_token))?.scopes, ["self:read"]);
  } finally {
    t.close();
  }
});
