/**
 * The way a refusal for a missing scope points to really works: a later consent on a live connection never
 * widens it (contract, Authentication 7), but after the person disconnects the assistant, connecting it
 * again is a new grant with what the person now allows.
 */
import assert from "node:assert/strict";
import { exchange, getCode, ISSUER, makeOAuthApp, PASSWORD, refresh } from "./_helpers.ts";
import { verifyAccessToken } from "../_tokens.ts";

Deno.test("reconnect: disconnect in the portal, connect again, and the new grant carries the new scope", async () => {
  const t = await makeOAuthApp();
  try {
    const first = await getCode(t, { scope: "self:read" });
    const tok1 = await exchange(t, first);
    assert.equal(tok1.body.scope, "self:read");

    // A second consent while the connection is live: self:write is not added.
    const again = await getCode(t, { scope: "self:read self:write", clientId: first.clientId });
    assert.equal((await exchange(t, again)).body.scope, "self:read");

    // The person disconnects the assistant in the portal.
    const signIn = await t.app.request(`${ISSUER}/api/v1/portal/auth/sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "erika@example.ch", password: PASSWORD }),
    });
    const session = (await signIn.json()).data.token;
    const list = await (await t.app.request(`${ISSUER}/api/v1/portal/auth/assistants`, {
      headers: { Authorization: `Bearer ${session}` },
    })).json();
    assert.equal(list.data.items.length, 1);
    const gone = await t.app.request(`${ISSUER}/api/v1/portal/auth/assistants/${list.data.items[0].id}`, {
      method: "DELETE",
      headers: { Authorization: `Bearer ${session}` },
    });
    assert.equal(gone.status, 200);
    assert.equal(await verifyAccessToken(t.deps, tok1.body.access_token), null, "old tokens stop at once");
    assert.equal((await refresh(t, first.clientId, tok1.body.refresh_token)).body.error, "invalid_grant");

    // Connecting again is a new grant: what the person allows now.
    const fresh = await getCode(t, { scope: "self:read self:write", clientId: first.clientId });
    const tok2 = await exchange(t, fresh);
    assert.equal(tok2.status, 200);
    assert.equal(tok2.body.scope, "self:read self:write");
    assert.ok(await verifyAccessToken(t.deps, tok2.body.access_token));
  } finally {
    t.close();
  }
});
