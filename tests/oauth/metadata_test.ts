/** Discovery documents (RFC 9728, RFC 8414 and the OpenID-configuration variants), JWKS and CORS. */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { ISSUER, makeOAuthApp, RESOURCE } from "./_helpers.ts";
import { setDynamicRegistrationEnabled } from "../../src/oauth/settings.ts";
import { SCOPES } from "../../src/oauth/scopes.ts";
import { bearerChallenge } from "../../src/oauth/metadata.ts";

Deno.test("metadata: RFC 9728 protected-resource metadata at the path-suffixed and the root address", async () => {
  const t = await makeOAuthApp();
  try {
    for (
      const p of ["/.well-known/oauth-protected-resource/api/mcp", "/.well-known/oauth-protected-resource"]
    ) {
      const r = await t.request(p);
      assert.equal(r.status, 200);
      const doc = await r.json();
      assert.equal(doc.resource, RESOURCE);
      assert.deepEqual(doc.authorization_servers, [ISSUER]);
      assert.deepEqual(doc.scopes_supported, [...SCOPES]);
      assert.deepEqual(doc.bearer_methods_supported, ["header"]);
      assert.equal(r.headers.get("access-control-allow-origin"), "*");
    }
    assert.equal(
      bearerChallenge(t.deps.config),
      `Bearer resource_metadata="${ISSUER}/.well-known/oauth-protected-resource/api/mcp"`,
    );
  } finally {
    t.close();
  }
});

Deno.test("metadata: RFC 8414 authorization-server metadata at every address clients try", async () => {
  const t = await makeOAuthApp();
  try {
    for (
      const p of [
        "/.well-known/oauth-authorization-server",
        "/.well-known/oauth-authorization-server/api/mcp",
        "/.well-known/openid-configuration",
        "/.well-known/openid-configuration/api/mcp",
        "/api/mcp/.well-known/openid-configuration",
      ]
    ) {
      const r = await t.request(p);
      assert.equal(r.status, 200, p);
      const m = await r.json();
      assert.equal(m.issuer, ISSUER, "identical to MCP_ISSUER_URL");
      assert.equal(m.authorization_endpoint, `${ISSUER}/oauth/authorize`);
      assert.equal(m.token_endpoint, `${ISSUER}/api/oauth/token`);
      assert.equal(m.registration_endpoint, `${ISSUER}/api/oauth/register`);
      assert.equal(m.revocation_endpoint, `${ISSUER}/api/oauth/revoke`);
      assert.deepEqual(m.code_challenge_methods_supported, ["S256"]);
      assert.deepEqual(m.response_types_supported, ["code"]);
      assert.deepEqual(m.grant_types_supported, ["authorization_code", "refresh_token"]);
      assert.deepEqual(m.token_endpoint_auth_methods_supported, [
        "none",
        "client_secret_basic",
        "client_secret_post",
      ]);
      assert.equal(m.authorization_response_iss_parameter_supported, true);
      assert.equal(m.jwks_uri, `${ISSUER}/.well-known/jwks.json`);
      if (p.includes("openid")) {
        assert.deepEqual(m.subject_types_supported, ["public"]);
        assert.ok(Array.isArray(m.id_token_signing_alg_values_supported));
      }
    }
    await setDynamicRegistrationEnabled(t.deps, false);
    const off = await (await t.request("/.well-known/oauth-authorization-server")).json();
    assert.equal(off.registration_endpoint, undefined, "no registration endpoint while registration is off");
  } finally {
    t.close();
  }
});

Deno.test("metadata: the JWKS publishes the ES256 verification key and no private part", async () => {
  const t = await makeOAuthApp();
  try {
    const r = await t.request("/.well-known/jwks.json");
    assert.equal(r.status, 200);
    const { keys } = await r.json();
    assert.equal(keys.length, 1);
    assert.equal(keys[0].kty, "EC");
    assert.equal(keys[0].alg, "ES256");
    assert.equal(typeof keys[0].kid, "string");
    assert.equal(keys[0].d, undefined);
  } finally {
    t.close();
  }
});

Deno.test("metadata: CORS with preflight on metadata, register, token and revoke", async () => {
  const t = await makeOAuthApp();
  try {
    for (
      const p of [
        "/.well-known/oauth-authorization-server",
        "/.well-known/oauth-protected-resource/api/mcp",
        "/api/oauth/register",
        "/api/oauth/token",
        "/api/oauth/revoke",
      ]
    ) {
      const r = await t.request(p, {
        method: "OPTIONS",
        headers: {
          Origin: "https://claude.ai",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type, authorization, mcp-protocol-version",
        },
      });
      assert.equal(r.status, 204, p);
      assert.equal(r.headers.get("access-control-allow-origin"), "*");
      assert.match(r.headers.get("access-control-allow-methods") ?? "", /POST/);
      assert.match((r.headers.get("access-control-allow-headers") ?? "").toLowerCase(), /authorization/);
      assert.match(
        (r.headers.get("access-control-allow-headers") ?? "").toLowerCase(),
        /mcp-protocol-version/,
      );
      await r.body?.cancel();
    }
    const tok = await t.request("/api/oauth/token", {
      method: "POST",
      headers: { Origin: "https://claude.ai", "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=refresh_token",
    });
    assert.equal(tok.headers.get("access-control-allow-origin"), "*", "also on error answers");
    await tok.body?.cancel();
  } finally {
    t.close();
  }
});

Deno.test("metadata: with FEATURE_MCP_CONNECTOR off none of the authorization server exists (404); sign-in stays", async () => {
  const t = await makeTestApp({ demo: false, env: { MCP_ISSUER_URL: ISSUER } });
  try {
    for (
      const p of [
        "/.well-known/oauth-protected-resource",
        "/.well-known/oauth-authorization-server",
        "/.well-known/jwks.json",
        "/oauth/authorize",
        "/oauth/consent",
        "/account/assistants",
      ]
    ) {
      const r = await t.request(p);
      assert.equal(r.status, 404, p);
      await r.body?.cancel();
    }
    // The sign-in page serves the HR console too, so it is there without the connector.
    const signIn = await t.request("/oauth/signin?next=/hr");
    assert.equal(signIn.status, 200);
    await signIn.body?.cancel();
    for (const p of ["/api/oauth/register", "/api/oauth/token", "/api/oauth/revoke"]) {
      const r = await t.request(p, { method: "POST", json: {} });
      assert.equal(r.status, 404, p);
      await r.body?.cancel();
    }
  } finally {
    t.close();
  }
});
