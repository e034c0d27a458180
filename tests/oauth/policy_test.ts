/** The pure rules: redirect URIs, resource, PKCE, scope ceiling. */
import assert from "node:assert/strict";
import {
  checkRedirectUri,
  isCanonicalResource,
  isValidCodeVerifier,
  isValidS256Challenge,
  matchRedirectUri,
  offeredScopes,
  usableScopes,
} from "../../src/oauth/policy.ts";
import { intersectScopes, parseScopeParam, SCOPE_DESCRIPTIONS, SCOPES } from "../../src/oauth/scopes.ts";
import { negotiateLang } from "../../src/i18n/mod.ts";

Deno.test("policy: redirect URI kinds (RFC 8252 §7)", () => {
  assert.deepEqual(checkRedirectUri("https://a.example/cb"), { ok: true, kind: "https" });
  assert.deepEqual(checkRedirectUri("http://127.0.0.1:5000/cb"), { ok: true, kind: "loopback" });
  assert.deepEqual(checkRedirectUri("com.example.app:/cb"), { ok: true, kind: "private-use" });
  for (
    const bad of [
      "http://a.example/cb",
      "https://a.example/#x",
      "javascript:x",
      "ftp://a/b",
      "",
      42,
      "a b://x",
    ]
  ) {
    assert.equal(checkRedirectUri(bad).ok, false, String(bad));
  }
});

Deno.test("policy: redirect URIs match exactly, loopback on any port", () => {
  const reg = ["https://a.example/cb", "http://127.0.0.1/cb", "http://localhost:3000/cb"];
  assert.ok(matchRedirectUri(reg, "https://a.example/cb"));
  assert.ok(!matchRedirectUri(reg, "https://a.example/cb/"));
  assert.ok(!matchRedirectUri(reg, "https://a.example/cb?x=1"));
  assert.ok(!matchRedirectUri(reg, "https://A.example/cb"));
  assert.ok(matchRedirectUri(reg, "http://127.0.0.1:61234/cb"));
  assert.ok(matchRedirectUri(reg, "http://localhost:9999/cb"));
  assert.ok(!matchRedirectUri(reg, "http://127.0.0.1:61234/other"));
  assert.ok(!matchRedirectUri(reg, "http://[::1]:61234/cb"), "a different loopback host is a different URI");
  assert.ok(!matchRedirectUri(reg, "http://127.0.0.1.evil.example/cb"));
});

Deno.test("policy: resource compares after normalising scheme and host case, nothing else", () => {
  const c = "https://hr.example.ch/api/mcp";
  assert.ok(isCanonicalResource(c, c));
  assert.ok(isCanonicalResource("HTTPS://HR.EXAMPLE.CH/api/mcp", c));
  assert.ok(isCanonicalResource("https://hr.example.ch:443/api/mcp", c));
  for (
    const bad of [
      "https://hr.example.ch/api/MCP",
      "https://hr.example.ch/api/mcp/",
      "https://hr.example.ch/api/mcp?x",
      "https://hr.example.ch/api/mcp#f",
      "http://hr.example.ch/api/mcp",
      "https://hr.example.ch/api/../api/mcp",
      "https://hr.example.ch",
      "",
      null,
    ]
  ) {
    assert.equal(isCanonicalResource(bad, c), false, String(bad));
  }
});

Deno.test("policy: PKCE formats (RFC 7636 §4.1-4.2)", () => {
  assert.ok(isValidS256Challenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"));
  assert.ok(!isValidS256Challenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-c"));
  assert.ok(!isValidS256Challenge("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw+cM"));
  assert.ok(isValidCodeVerifier("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"));
  assert.ok(!isValidCodeVerifier("short"));
  assert.ok(!isValidCodeVerifier("x".repeat(129)));
});

Deno.test("policy: the scopes each role can use (derived from src/domain/access.ts)", () => {
  assert.deepEqual(usableScopes("employee", true), ["self:read", "self:write"]);
  assert.deepEqual(usableScopes("employee", false), ["self:read"]);
  assert.deepEqual(usableScopes("recruiter", true), [
    "self:read",
    "hr:read:people",
    "hr:read:recruiting",
    "self:write",
    "hr:write",
  ]);
  assert.deepEqual(usableScopes("manager", true), [...SCOPES]);
  assert.deepEqual(usableScopes("hr", true), [...SCOPES]);
  assert.deepEqual(usableScopes("admin", false), [
    "self:read",
    "hr:read:people",
    "hr:read:recruiting",
    "hr:write",
  ]);
  assert.deepEqual(usableScopes("nobody", true), []);
});

Deno.test("policy: offered scopes never exceed the request, the role, or the first approval", () => {
  assert.deepEqual(
    offeredScopes({ requested: ["self:read", "hr:write"], role: "employee", hasEmployee: true }),
    ["self:read"],
  );
  assert.deepEqual(offeredScopes({ requested: [], role: "employee", hasEmployee: true }), [
    "self:read",
    "self:write",
  ]);
  assert.deepEqual(
    offeredScopes({
      requested: [...SCOPES],
      role: "hr",
      hasEmployee: true,
      existingConnection: ["self:read", "hr:write"],
    }),
    ["self:read", "hr:write"],
  );
  assert.deepEqual(intersectScopes(["self:read", "hr:write"], ["hr:write", "self:write"]), ["hr:write"]);
  assert.deepEqual(parseScopeParam("hr:write  self:read x"), {
    known: ["self:read", "hr:write"],
    unknown: ["x"],
  });
});

Deno.test("scopes: every scope has a plain-word description in de, en, fr and it", () => {
  for (const s of SCOPES) {
    for (const l of ["de", "en", "fr", "it"] as const) {
      assert.ok(SCOPE_DESCRIPTIONS[s][l].length > 20, `${s} ${l}`);
      assert.ok(!/\b(self|hr):/.test(SCOPE_DESCRIPTIONS[s][l]), "no scope names in the plain words");
    }
  }
  assert.equal(negotiateLang(null, "fr-CH,fr;q=0.9,en;q=0.8"), "fr");
  assert.equal(negotiateLang("en-GB", "fr"), "en");
  assert.equal(negotiateLang(null, "it-CH, en;q=0.5"), "it");
  assert.equal(negotiateLang(null, "rm-CH, it;q=0.5"), "it");
  assert.equal(negotiateLang(null, "rm-CH, es;q=0.5"), "de");
  assert.equal(negotiateLang(null, null), "de");
});
