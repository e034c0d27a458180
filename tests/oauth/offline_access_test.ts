/**
 * `offline_access` (OpenID Connect's request for a refresh token, which some clients add to every request)
 * is ignored everywhere: every grant here carries a refresh token anyway. Alone it is the same as no
 * `scope`: at authorization what the role allows (subject to consent), at refresh the whole grant.
 */
import assert from "node:assert/strict";
import { exchange, getCode, makeOAuthApp, refresh } from "./_helpers.ts";
import { usableScopes } from "../../src/oauth/policy.ts";
import { formatScopes } from "../../src/oauth/scopes.ts";

Deno.test("offline_access alone at authorization means the default: what the role allows, as consented", async () => {
  const t = await makeOAuthApp();
  try {
    const p = await getCode(t, { scope: "offline_access" });
    assert.ok(p.code, "the authorization was refused");
    const tok = await exchange(t, p);
    assert.equal(tok.status, 200, JSON.stringify(tok.body));
    assert.equal(tok.body.scope, formatScopes(usableScopes("employee", true)));
    assert.ok(tok.body.refresh_token);
  } finally {
    t.close();
  }
});

Deno.test("offline_access beside scopes at authorization is left out of them", async () => {
  const t = await makeOAuthApp();
  try {
    const p = await getCode(t, { scope: "offline_access self:read" });
    const tok = await exchange(t, p);
    assert.equal(tok.body.scope, "self:read");
  } finally {
    t.close();
  }
});

Deno.test("offline_access alone at refresh narrows nothing, also after a narrower refresh", async () => {
  const t = await makeOAuthApp();
  try {
    const p = await getCode(t, { scope: "self:read self:write" });
    const tok = await exchange(t, p);
    const r = await refresh(t, p.clientId, tok.body.refresh_token, { scope: "offline_access" });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.scope, "self:read self:write");
    const narrow = await refresh(t, p.clientId, r.body.refresh_token, { scope: "self:read offline_access" });
    assert.equal(narrow.body.scope, "self:read");
    const again = await refresh(t, p.clientId, narrow.body.refresh_token, { scope: "offline_access" });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.scope, "self:read self:write");
  } finally {
    t.close();
  }
});

Deno.test("offline_access does not make an unknown scope acceptable", async () => {
  const t = await makeOAuthApp();
  try {
    const p = await getCode(t, { scope: "self:read" });
    const tok = await exchange(t, p);
    const r = await refresh(t, p.clientId, tok.body.refresh_token, { scope: "offline_access admin:all" });
    assert.equal(r.status, 400);
    assert.equal(r.body.error, "invalid_scope");
    const ok = await refresh(t, p.clientId, tok.body.refresh_token);
    assert.equal(ok.status, 200, "a refused refresh did not spend the token");
  } finally {
    t.close();
  }
});
