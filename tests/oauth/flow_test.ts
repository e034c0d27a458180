import assert from "node:assert/strict";
import {
  appBrowser,
  authorize,
  ISSUER,
  makeOAuthApp,
  pkce,
  registerClient,
  RESOURCE,
  tokenRequest,
} from "./_helpers.ts";
import { verifyAccessToken } from "../../src/oauth/tokens.ts";

Deno.test("authorize: a complete code flow with PKCE, consent and refresh", async () => {
  const t = await makeOAuthApp();
  try {
    const f = (url: string, init: RequestInit) => Promise.resolve(t.app.request(url, init));
    const clientId = await registerClient(f, ISSUER);
    const b = appBrowser(t);
    const { verifier, challenge } = await pkce();
    const r = await authorize(b, { clientId, challenge, scope: "self:read self:write hr:write" });
    assert.ok(r.url.startsWith("https://assistant.example/cb?"), r.url + (r.html ?? ""));
    const cb = new URL(r.url);
    assert.equal(cb.searchParams.get("state"), "st-123");
    assert.equal(cb.searchParams.get("iss"), ISSUER);
    const code = cb.searchParams.get("code")!;
    const tr = await tokenRequest(f, `${ISSUER}/api/oauth/token`, {
      grant_type: "authorization_code",
      code,
      redirect_uri: "https://assistant.example/cb",
      code_verifier: verifier,
      client_id: clientId,
      resource: RESOURCE,
    });
    const body = await tr.json();
    assert.equal(tr.status, 200, JSON.stringify(body));
    assert.equal(tr.headers.get("cache-control"), "no-store");
    assert.equal(body.scope, "self:read self:write");
    const v = await verifyAccessToken(t.deps, body.access_token);
    assert.ok(v);
    assert.equal(v.userId, t.accounts.employee.id);
  } finally {
    t.close();
  }
});
