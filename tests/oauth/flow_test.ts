/**
 * The authorization server end to end, in-process: authorization request → sign-in → consent → code →
 * tokens → refresh → revocation, and every refusal of the contract's Errors table and of the authorization server's own rules.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import {
  appBrowser,
  authorize,
  exchange,
  fetcher,
  getCode,
  hidden,
  ISSUER,
  makeOAuthApp,
  offeredOn,
  pkce,
  refresh,
  registerClient,
  RESOURCE,
  tokenRequest,
} from "./_helpers.ts";
import { issueAccessToken } from "../../src/oauth/tokens.ts";
import { verifyAccessToken } from "../_tokens.ts";
import { createConfidentialClient } from "../../src/oauth/clients.ts";
import { getLiveConnection } from "../../src/oauth/connections.ts";
import { oauthTokenFamilies, sessions, users } from "../../src/db/schema/mod.ts";

type App = Awaited<ReturnType<typeof makeOAuthApp>>;
const TOKEN = `${ISSUER}/api/oauth/token`;
const REVOKE = `${ISSUER}/api/oauth/revoke`;
const CB = "https://assistant.example/cb";

function authorizeUrl(clientId: string, challenge: string, over: Record<string, string | null> = {}) {
  const q = new URLSearchParams();
  const base: Record<string, string | null> = {
    response_type: "code",
    client_id: clientId,
    redirect_uri: CB,
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: RESOURCE,
    state: "s-1",
    scope: "self:read",
    ...over,
  };
  for (const [k, v] of Object.entries(base)) if (v !== null) q.set(k, v);
  return `/oauth/authorize?${q}`;
}

/** Runs a test on a fresh OAuth app, closing it however the test ends. */
async function withOAuthApp(test: (t: App) => Promise<void>): Promise<void> {
  const t = await makeOAuthApp();
  try {
    await test(t);
  } finally {
    t.close();
  }
}

type Browser = ReturnType<typeof appBrowser>;

/** Posts the sign-in form of the authorization request on `page`, with its own anti-CSRF token. */
function signInForm(b: Browser, page: string, email: string, password: string) {
  return b.postForm("/oauth/signin", [
    ["csrf", hidden(page, "csrf")],
    ["request", hidden(page, "request")],
    ["email", email],
    ["password", password],
  ]);
}

/** Posts a consent allowing self:read for a request, with the anti-CSRF token given. */
function allowForm(b: Browser, requestId: string, csrf: string) {
  return b.postForm("/oauth/consent", [
    ["request", requestId],
    ["csrf", csrf],
    ["decision", "allow"],
    ["scope", "self:read"],
  ]);
}

/** Posts the connected-assistants page's form that disconnects one assistant. */
function disconnectForm(b: Browser, csrf: string, connection: string) {
  return b.postForm("/account/assistants/revoke", [["csrf", csrf], ["connection", connection]]);
}

/** Disconnects an assistant through the portal API as the holder of the session token. */
function disconnect(t: App, connectionId: string, token: string) {
  return t.request(`/api/v1/portal/auth/assistants/${connectionId}`, { method: "DELETE", token });
}

/** Exchanges a code with the client authenticated only by the Authorization header given. */
function codeWithHeader(t: App, p: { code: string; verifier: string }, authorization: string) {
  return tokenRequest(fetcher(t), TOKEN, {
    grant_type: "authorization_code",
    code: p.code,
    redirect_uri: CB,
    code_verifier: p.verifier,
    resource: RESOURCE,
  }, { Authorization: authorization });
}

Deno.test("authorize: a complete code flow with PKCE, consent, refresh and revocation", () =>
  withOAuthApp(async (t) => {
    const p = await getCode(t, { scope: "self:read self:write hr:write" });
    const tok = await exchange(t, p);
    assert.equal(tok.status, 200, JSON.stringify(tok.body));
    assert.equal(tok.headers.get("cache-control"), "no-store");
    assert.equal(tok.body.token_type, "Bearer");
    assert.equal(tok.body.expires_in, 600);
    // An employee's role cannot use hr:write, so it was not offered and is not granted.
    assert.equal(tok.body.scope, "self:read self:write");
    const v = await verifyAccessToken(t.deps, tok.body.access_token);
    assert.equal(v?.userId, t.accounts.employee.id);
    assert.equal(v?.clientId, p.clientId);

    const r1 = await refresh(t, p.clientId, tok.body.refresh_token);
    assert.equal(r1.status, 200, JSON.stringify(r1.body));
    assert.notEqual(r1.body.refresh_token, tok.body.refresh_token);
    assert.ok(await verifyAccessToken(t.deps, r1.body.access_token));

    const rv = await tokenRequest(fetcher(t), REVOKE, { token: r1.body.access_token, client_id: p.clientId });
    assert.equal(rv.status, 200);
    assert.equal(await verifyAccessToken(t.deps, r1.body.access_token), null);
    // The refresh token still works after only the access token was revoked.
    const r2 = await refresh(t, p.clientId, r1.body.refresh_token);
    assert.equal(r2.status, 200);
    const rv2 = await tokenRequest(fetcher(t), REVOKE, {
      token: r2.body.refresh_token,
      token_type_hint: "refresh_token",
      client_id: p.clientId,
    });
    assert.equal(rv2.status, 200);
    assert.equal((await refresh(t, p.clientId, r2.body.refresh_token)).body.error, "invalid_grant");
    assert.equal(
      await verifyAccessToken(t.deps, r2.body.access_token),
      null,
      "revoking a refresh token ends its family",
    );
  }));

Deno.test("authorize: errors before the client and redirect URI are trusted are a page, never a redirect", (ctx) =>
  withOAuthApp(async (t) => {
    const clientId = await registerClient(fetcher(t), ISSUER);
    const { challenge } = await pkce();
    const cases: [string, Record<string, string | null>][] = [
      ["unknown client", { client_id: "nope" }],
      ["missing client", { client_id: null }],
      ["unregistered redirect URI", { redirect_uri: "https://evil.example/cb" }],
      ["redirect URI with extra path", { redirect_uri: `${CB}/../evil` }],
      ["redirect URI with extra query", { redirect_uri: `${CB}?x=1` }],
      ["redirect URI differing in case", { redirect_uri: "https://assistant.example/CB" }],
      ["redirect URI over plain http", { redirect_uri: "http://assistant.example/cb" }],
    ];
    for (const [name, over] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request(authorizeUrl(clientId, challenge, over));
        assert.equal(r.status, 400);
        assert.equal(r.headers.get("location"), null);
        assert.match(r.headers.get("content-type") ?? "", /text\/html/);
        assert.match(r.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
        await r.body?.cancel();
      });
    }
    await ctx.step("a client with several redirect URIs must name one", async () => {
      const id = await registerClient(fetcher(t), ISSUER, {
        redirect_uris: [CB, "https://assistant.example/cb2"],
      });
      const r = await t.request(authorizeUrl(id, challenge, { redirect_uri: null }));
      assert.equal(r.status, 400);
      await r.body?.cancel();
    });
  }));

Deno.test("authorize: refusals after the redirect URI is trusted go back with error, state and iss (RFC 9207)", (ctx) =>
  withOAuthApp(async (t) => {
    const clientId = await registerClient(fetcher(t), ISSUER);
    const { challenge } = await pkce();
    const cases: [string, Record<string, string | null>, string][] = [
      [
        "PKCE method plain is refused",
        { code_challenge_method: "plain", code_challenge: "x".repeat(43) },
        "invalid_request",
      ],
      [
        "PKCE without a method (defaults to plain) is refused",
        { code_challenge_method: null },
        "invalid_request",
      ],
      ["PKCE missing", { code_challenge: null, code_challenge_method: null }, "invalid_request"],
      ["malformed challenge", { code_challenge: "short" }, "invalid_request"],
      ["resource missing", { resource: null }, "invalid_target"],
      ["resource of another server", { resource: "https://other.example/api/mcp" }, "invalid_target"],
      ["resource with another path", { resource: `${ISSUER}/api/mcp/x` }, "invalid_target"],
      ["resource with a trailing slash", { resource: `${RESOURCE}/` }, "invalid_target"],
      ["response_type token", { response_type: "token" }, "unsupported_response_type"],
      ["unknown scopes only", { scope: "admin:everything" }, "invalid_scope"],
      ["response_mode fragment", { response_mode: "fragment" }, "invalid_request"],
    ];
    for (const [name, over, error] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request(authorizeUrl(clientId, challenge, over));
        assert.equal(r.status, 302);
        const loc = new URL(r.headers.get("location")!);
        assert.equal(`${loc.origin}${loc.pathname}`, CB);
        assert.equal(loc.searchParams.get("error"), error);
        assert.equal(loc.searchParams.get("state"), "s-1");
        assert.equal(loc.searchParams.get("iss"), ISSUER);
        assert.ok(loc.searchParams.get("error_description"));
        assert.equal(loc.searchParams.get("code"), null);
      });
    }
    await ctx.step("a repeated parameter is refused", async () => {
      const r = await t.request(authorizeUrl(clientId, challenge) + "&scope=self:write");
      assert.equal(new URL(r.headers.get("location")!).searchParams.get("error"), "invalid_request");
    });
    await ctx.step("resource is compared after normalising scheme and host case", async () => {
      const r = await t.request(
        authorizeUrl(clientId, challenge, { resource: "HTTPS://HR.Example.CH/api/mcp" }),
      );
      assert.equal(r.status, 302);
      assert.match(r.headers.get("location")!, /^\/oauth\/consent\?request=/);
    });
    await ctx.step("the person denies: access_denied with state and iss", async () => {
      const b = appBrowser(t);
      const r = await authorize(b, { clientId, challenge, decision: "deny", state: "a b&c=d/é" });
      const loc = new URL(r.url);
      assert.equal(loc.searchParams.get("error"), "access_denied");
      assert.equal(loc.searchParams.get("state"), "a b&c=d/é");
      assert.equal(loc.searchParams.get("iss"), ISSUER);
    });
  }));

Deno.test("authorize: loopback redirect URIs match on any port (RFC 8252 §7.3); private-use schemes work", () =>
  withOAuthApp(async (t) => {
    const clientId = await registerClient(fetcher(t), ISSUER, {
      redirect_uris: ["http://127.0.0.1/callback", "com.example.assistant:/oauth"],
    });
    const b = appBrowser(t);
    const { verifier, challenge } = await pkce();
    const r = await authorize(b, { clientId, challenge, redirectUri: "http://127.0.0.1:49152/callback" });
    assert.ok(r.url.startsWith("http://127.0.0.1:49152/callback?code="), r.url);
    const code = new URL(r.url).searchParams.get("code")!;
    const tok = await exchange(t, { clientId, code, verifier }, {
      redirect_uri: "http://127.0.0.1:49152/callback",
    });
    assert.equal(tok.status, 200, JSON.stringify(tok.body));

    const p2 = await pkce();
    const r2 = await authorize(b, {
      clientId,
      challenge: p2.challenge,
      redirectUri: "com.example.assistant:/oauth",
    });
    assert.ok(r2.url.startsWith("com.example.assistant:/oauth?code="), r2.url);
    const bad = await t.request(
      authorizeUrl(clientId, p2.challenge, { redirect_uri: "http://127.0.0.1:8080/other" }),
    );
    assert.equal(bad.status, 400);
    await bad.body?.cancel();
  }));

Deno.test("token: refusals of the authorization-code grant", (ctx) =>
  withOAuthApp(async (t) => {
    await ctx.step("a wrong PKCE verifier", async () => {
      const p = await getCode(t);
      const r = await exchange(t, p, { code_verifier: (await pkce()).verifier });
      assert.equal(r.status, 400);
      assert.equal(r.body.error, "invalid_grant");
      assert.equal(typeof r.body.error_description, "string");
      assert.equal(r.headers.get("cache-control"), "no-store");
    });
    await ctx.step("a missing verifier", async () => {
      const p = await getCode(t);
      const r = await exchange(t, p, { code_verifier: "" });
      assert.equal(r.body.error, "invalid_request");
    });
    await ctx.step("resource missing or different on the token request", async () => {
      const p = await getCode(t);
      const body = new URLSearchParams({
        grant_type: "authorization_code",
        code: p.code,
        redirect_uri: CB,
        code_verifier: p.verifier,
        client_id: p.clientId,
      });
      const r = await t.request("/api/oauth/token", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: body.toString(),
      });
      assert.equal(r.status, 400);
      assert.equal((await r.json()).error, "invalid_target");
      const p2 = await getCode(t);
      const r2 = await exchange(t, p2, { resource: "https://other.example/api/mcp" });
      assert.equal(r2.body.error, "invalid_target");
    });
    await ctx.step("a wrong redirect URI", async () => {
      const p = await getCode(t);
      const r = await exchange(t, p, { redirect_uri: "https://assistant.example/other" });
      assert.equal(r.body.error, "invalid_grant");
    });
    await ctx.step("an expired code (fixed clock, 61 seconds later)", async () => {
      const p = await getCode(t);
      t.clock.advance(61_000);
      const r = await exchange(t, p);
      assert.equal(r.body.error, "invalid_grant");
      assert.match(r.body.error_description, /expired/);
    });
    await ctx.step("a code issued to another client", async () => {
      const p = await getCode(t);
      const other = await registerClient(fetcher(t), ISSUER);
      const r = await exchange(t, { ...p, clientId: other });
      assert.equal(r.body.error, "invalid_grant");
    });
    await ctx.step("a reused code is refused and revokes what the first use issued", async () => {
      const p = await getCode(t);
      const first = await exchange(t, p);
      assert.equal(first.status, 200);
      assert.ok(await verifyAccessToken(t.deps, first.body.access_token));
      const second = await exchange(t, p);
      assert.equal(second.status, 400);
      assert.equal(second.body.error, "invalid_grant");
      assert.equal(await verifyAccessToken(t.deps, first.body.access_token), null);
      assert.equal((await refresh(t, p.clientId, first.body.refresh_token)).body.error, "invalid_grant");
    });
    await ctx.step("unknown client: 401 invalid_client", async () => {
      const p = await getCode(t);
      const r = await exchange(t, p, { client_id: "unknown-client" });
      assert.equal(r.status, 401);
      assert.equal(r.body.error, "invalid_client");
      assert.match(r.headers.get("www-authenticate") ?? "", /^Basic/);
    });
    await ctx.step("unsupported grant type and non-form bodies", async () => {
      const clientId = await registerClient(fetcher(t), ISSUER);
      const r = await tokenRequest(fetcher(t), TOKEN, {
        grant_type: "client_credentials",
        client_id: clientId,
      });
      assert.equal((await r.json()).error, "unsupported_grant_type");
      const j = await t.request("/api/oauth/token", {
        method: "POST",
        json: { grant_type: "authorization_code" },
      });
      assert.equal(j.status, 400);
      assert.equal((await j.json()).error, "invalid_request");
      const dup = await t.request("/api/oauth/token", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `grant_type=refresh_token&client_id=${clientId}&refresh_token=a&refresh_token=b`,
      });
      assert.equal((await dup.json()).error, "invalid_request");
      const get = await t.request("/api/oauth/token");
      assert.equal(get.status, 405);
      await get.body?.cancel();
    });
  }));

Deno.test("token: refresh rotation, family revocation on reuse, scopes only narrow", (ctx) =>
  withOAuthApp(async (t) => {
    const p = await getCode(t, { scope: "self:read self:write" });
    const tok = await exchange(t, p);
    await ctx.step("a reused rotated refresh token is refused and revokes the whole family", async () => {
      const a = await refresh(t, p.clientId, tok.body.refresh_token);
      assert.equal(a.status, 200);
      const b = await refresh(t, p.clientId, a.body.refresh_token);
      assert.equal(b.status, 200);
      // Past the 30-second grace in which a presentation again is taken as a retry.
      t.clock.advance(31_000);
      const reuse = await refresh(t, p.clientId, a.body.refresh_token);
      assert.equal(reuse.status, 400);
      assert.equal(reuse.body.error, "invalid_grant");
      // Everything of the family is dead now, including the newest refresh and access tokens.
      assert.equal((await refresh(t, p.clientId, b.body.refresh_token)).body.error, "invalid_grant");
      assert.equal(await verifyAccessToken(t.deps, b.body.access_token), null);
      assert.equal(await verifyAccessToken(t.deps, tok.body.access_token), null);
      const fam = await t.deps.db.select().from(oauthTokenFamilies);
      assert.ok(fam.every((f) => f.revokedAt !== null));
    });
    await ctx.step(
      "a refresh cannot widen the scopes: what is asked beyond the grant is left out",
      async () => {
        const p2 = await getCode(t, { scope: "self:read self:write", choose: ["self:read"] });
        const t2 = await exchange(t, p2);
        assert.equal(t2.body.scope, "self:read");
        const wide = await refresh(t, p2.clientId, t2.body.refresh_token, { scope: "self:read self:write" });
        assert.equal(wide.status, 200);
        assert.equal(wide.body.scope, "self:read");
        const only = await refresh(t, p2.clientId, wide.body.refresh_token, { scope: "self:write" });
        assert.equal(only.status, 400);
        assert.equal(only.body.error, "invalid_scope");
        const kept = await refresh(t, p2.clientId, wide.body.refresh_token);
        assert.equal(kept.status, 200, "a refused refresh did not spend the token");
      },
    );
    await ctx.step("a refresh may narrow its access token; the grant keeps its scope", async () => {
      const p3 = await getCode(t, { scope: "self:read self:write" });
      const t3 = await exchange(t, p3);
      const narrow = await refresh(t, p3.clientId, t3.body.refresh_token, { scope: "self:read" });
      assert.equal(narrow.status, 200);
      assert.equal(narrow.body.scope, "self:read");
      const again = await refresh(t, p3.clientId, narrow.body.refresh_token);
      assert.equal(again.body.scope, "self:read self:write");
      const back = await refresh(t, p3.clientId, again.body.refresh_token, { scope: "self:write" });
      assert.equal(back.body.scope, "self:write");
    });
    await ctx.step("a refresh token of another client", async () => {
      const p4 = await getCode(t);
      const t4 = await exchange(t, p4);
      const other = await registerClient(fetcher(t), ISSUER);
      assert.equal((await refresh(t, other, t4.body.refresh_token)).body.error, "invalid_grant");
    });
    await ctx.step("an expired refresh token", async () => {
      const p5 = await getCode(t);
      const t5 = await exchange(t, p5);
      t.clock.advance(31 * 86_400_000);
      assert.equal((await refresh(t, p5.clientId, t5.body.refresh_token)).body.error, "invalid_grant");
    });
  }));

Deno.test("token: a token for another audience, a forged alg, an expired token are not accepted", () =>
  withOAuthApp(async (t) => {
    const p = await getCode(t);
    const tok = await exchange(t, p);
    const v = (await verifyAccessToken(t.deps, tok.body.access_token))!;
    // Same signing key, same issuer, but minted for another resource.
    const otherAudience = {
      ...t.deps,
      config: { ...t.deps.config, mcpResource: "https://other.example/api/mcp" },
    };
    const foreign = await issueAccessToken(otherAudience, {
      userId: v.userId,
      clientId: v.clientId,
      connectionId: v.connectionId,
      scopes: v.scopes,
    });
    assert.equal(await verifyAccessToken(t.deps, foreign.accessToken), null);
    const otherIssuer = { ...t.deps, config: { ...t.deps.config, issuer: "https://evil.example" } };
    const wrongIss = await issueAccessToken(otherIssuer, { ...v, scopes: v.scopes });
    assert.equal(await verifyAccessToken(t.deps, wrongIss.accessToken), null);
    const [h, payload] = tok.body.access_token.split(".");
    const none = btoa(JSON.stringify({ alg: "none", typ: "at+jwt", kid: JSON.parse(atob(h)).kid }))
      .replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_");
    assert.equal(await verifyAccessToken(t.deps, `${none}.${payload}.`), null);
    assert.equal(await verifyAccessToken(t.deps, `${h}.${payload}.AAAA`), null);
    t.clock.advance(601_000);
    assert.equal(await verifyAccessToken(t.deps, tok.body.access_token), null);
  }));

Deno.test("token: confidential clients authenticate with client_secret_basic or client_secret_post", (ctx) =>
  withOAuthApp(async (t) => {
    const { clientId, clientSecret } = await createConfidentialClient(t.deps, {
      name: "Company bot",
      redirectUris: [CB],
    });
    const basic = (id: string, secret: string) =>
      `Basic ${btoa(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`)}`;
    await ctx.step("client_secret_basic", async () => {
      const p = await getCode(t, { clientId });
      const r = await codeWithHeader(t, p, basic(clientId, clientSecret));
      assert.equal(r.status, 200, await r.clone().text());
      const body = await r.json();
      const rr = await tokenRequest(fetcher(t), TOKEN, {
        grant_type: "refresh_token",
        refresh_token: body.refresh_token,
        resource: RESOURCE,
      }, { Authorization: basic(clientId, clientSecret) });
      assert.equal(rr.status, 200);
    });
    await ctx.step("client_secret_post", async () => {
      const p = await getCode(t, { clientId });
      const r = await exchange(t, p, { client_secret: clientSecret });
      assert.equal(r.status, 200);
    });
    await ctx.step("a wrong or missing secret: 401 invalid_client", async () => {
      const p = await getCode(t, { clientId });
      const wrong = await exchange(t, p, { client_secret: "hrcs_wrong" });
      assert.equal(wrong.status, 401);
      assert.equal(wrong.body.error, "invalid_client");
      const missing = await exchange(t, p);
      assert.equal(missing.status, 401);
      const r = await codeWithHeader(t, p, basic(clientId, "nope"));
      assert.equal(r.status, 401);
      await r.body?.cancel();
    });
    await ctx.step("two authentication methods at once are refused", async () => {
      const r = await tokenRequest(fetcher(t), TOKEN, {
        grant_type: "refresh_token",
        refresh_token: "x",
        client_secret: clientSecret,
        resource: RESOURCE,
      }, { Authorization: basic(clientId, clientSecret) });
      assert.equal((await r.json()).error, "invalid_request");
    });
    await ctx.step("revocation of another client's token: a confidential client is told", async () => {
      const pub = await getCode(t);
      const tok = await exchange(t, pub);
      const r = await tokenRequest(fetcher(t), REVOKE, { token: tok.body.refresh_token }, {
        Authorization: basic(clientId, clientSecret),
      });
      assert.equal(r.status, 400);
      assert.equal((await r.json()).error, "invalid_request");
      assert.equal((await refresh(t, pub.clientId, tok.body.refresh_token)).status, 200, "not revoked");
    });
  }));

Deno.test("revoke: a public client revokes only its own tokens (RFC 7009)", () =>
  withOAuthApp(async (t) => {
    const a = await getCode(t);
    const ta = await exchange(t, a);
    const other = await registerClient(fetcher(t), ISSUER);
    const r = await tokenRequest(fetcher(t), REVOKE, { token: ta.body.access_token, client_id: other });
    assert.equal(r.status, 200, "no oracle: the same answer as for an unknown token");
    assert.ok(await verifyAccessToken(t.deps, ta.body.access_token), "but nothing was revoked");
    const unknown = await tokenRequest(fetcher(t), REVOKE, { token: "garbage", client_id: a.clientId });
    assert.equal(unknown.status, 200);
    const noClient = await tokenRequest(fetcher(t), REVOKE, { token: ta.body.access_token });
    assert.equal(noClient.status, 401);
    assert.equal((await noClient.json()).error, "invalid_client");
  }));

Deno.test("consent: scopes the role cannot use are not offered", (ctx) =>
  withOAuthApp(async (t) => {
    const clientId = await registerClient(fetcher(t), ISSUER);
    const all = "self:read hr:read:people hr:read:recruiting self:write hr:write";
    const cases: [string, string, string[]][] = [
      ["employee", "erika@example.ch", ["self:read", "self:write"]],
      ["manager", "max@example.ch", [
        "self:read",
        "hr:read:people",
        "hr:read:recruiting",
        "self:write",
        "hr:write",
      ]],
      ["recruiter", "rita@example.ch", [
        "self:read",
        "hr:read:people",
        "hr:read:recruiting",
        "self:write",
        "hr:write",
      ]],
      ["account without an employee record", "norecord@example.ch", ["self:read"]],
    ];
    for (const [name, email, expected] of cases) {
      await ctx.step(name, async () => {
        const b = appBrowser(t);
        const { challenge } = await pkce();
        const r = await authorize(b, { clientId, challenge, scope: all, email, decision: "deny" });
        assert.ok(r.url.startsWith(CB));
        // Walk again to look at the page itself.
        const b2 = appBrowser(t);
        const q = authorizeUrl(clientId, challenge, { scope: all });
        let { response, url } = await b2.follow(q);
        let html = await response.text();
        ({ response, url } = await signInForm(b2, html, email, "correct-horse-battery"));
        html = await response.text();
        assert.match(url, /\/oauth\/consent/);
        assert.deepEqual(offeredOn(html), expected);
        // What is left out is named, each in plain words, not counted.
        assert.ok(!/cannot use it: \d/.test(html), "no bare count");
        if (name === "employee") {
          const left = html.slice(html.indexOf("is not offered because your role cannot use it:"));
          const items = [...left.matchAll(/<li[^>]*>([^<]+)<\/li>/g)].slice(0, 3).map((m) => m[1]);
          assert.equal(items.length, 3, left.slice(0, 400));
          assert.ok(items.every((i) => i.length > 10), items.join(" | "));
        }
      });
    }
    await ctx.step("a forged scope in the consent form is not granted", async () => {
      const b = appBrowser(t);
      const { verifier, challenge } = await pkce();
      const r = await authorize(b, { clientId, challenge, scope: all, choose: ["self:read", "hr:write"] });
      const tok = await exchange(t, { clientId, code: new URL(r.url).searchParams.get("code")!, verifier });
      assert.equal(tok.body.scope, "self:read");
    });
  }));

Deno.test("consent: a later consent never widens the connection's first-approved scopes", () =>
  withOAuthApp(async (t) => {
    const first = await getCode(t, { scope: "self:read self:write", choose: ["self:read"] });
    const t1 = await exchange(t, first);
    assert.equal(t1.body.scope, "self:read");
    const second = await getCode(t, { clientId: first.clientId, scope: "self:read self:write" });
    const t2 = await exchange(t, second);
    assert.equal(t2.body.scope, "self:read");
    const v1 = await verifyAccessToken(t.deps, t1.body.access_token);
    const v2 = await verifyAccessToken(t.deps, t2.body.access_token);
    assert.equal(v1?.connectionId, v2?.connectionId, "one connection per assistant and person");
  }));

Deno.test("sign-in: consent needs a fresh sign-in (step-up), and a stale session is asked again", () =>
  withOAuthApp(async (t) => {
    const clientId = await registerClient(fetcher(t), ISSUER);
    const b = appBrowser(t);
    const p1 = await pkce();
    const r1 = await authorize(b, { clientId, challenge: p1.challenge });
    assert.ok(r1.url.startsWith(CB));
    // Within the maximum age, the browser goes straight to the consent page.
    const p2 = await pkce();
    const direct = await b.follow(authorizeUrl(clientId, p2.challenge));
    assert.match(direct.url, /\/oauth\/consent/);
    await direct.response.body?.cancel();
    // Eleven minutes later (SIGNIN_MAX_AGE_SECONDS = 600) the same session is not enough.
    t.clock.advance(11 * 60_000);
    const stale = await b.follow(authorizeUrl(clientId, p2.challenge));
    assert.match(stale.url, /\/oauth\/signin\?request=/);
    const html = await stale.response.text();
    assert.match(html, /Please confirm it is you/);
    assert.match(html, /value="erika@example.ch"/);
    // A POST to the consent with a stale session is sent to sign-in as well.
    const req = hidden(html, "request");
    const post = await b.request("/oauth/consent", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        request: req,
        csrf: b.cookies.get(`hr_authz_${req.replaceAll("-", "")}`)!,
        decision: "allow",
        scope: "self:read",
      }).toString(),
    });
    assert.equal(post.status, 303);
    assert.match(post.headers.get("location")!, /\/oauth\/signin/);
    const live = await t.deps.db.select().from(sessions).where(eq(sessions.userId, t.accounts.employee.id));
    assert.equal(live.filter((s) => s.revokedAt === null).length, 1);
  }));

Deno.test("consent: anti-CSRF: another browser or a wrong token cannot approve a request", () =>
  withOAuthApp(async (t) => {
    const clientId = await registerClient(fetcher(t), ISSUER);
    const { challenge } = await pkce();
    const attacker = appBrowser(t);
    const started = await attacker.follow(authorizeUrl(clientId, challenge));
    const signin = await started.response.text();
    const requestId = hidden(signin, "request");
    // The victim is signed in, but did not start this request: their browser lacks its cookie.
    const victim = appBrowser(t);
    const own = await pkce();
    await authorize(victim, { clientId, challenge: own.challenge });
    const view = await victim.follow(`/oauth/consent?request=${requestId}`);
    assert.equal(view.response.status, 403);
    await view.response.body?.cancel();
    const post = await allowForm(victim, requestId, "guess");
    assert.equal(post.response.status, 403);
    await post.response.body?.cancel();
    // The right browser with a wrong token in the form is refused too.
    await signInForm(attacker, signin, "max@example.ch", "correct-horse-battery");
    const wrong = await allowForm(attacker, requestId, "hrx_wrong");
    assert.equal(wrong.response.status, 403);
    await wrong.response.body?.cancel();
    const badSignin = await appBrowser(t).postForm("/oauth/signin", [
      ["csrf", "x"],
      ["email", "max@example.ch"],
      ["password", "correct-horse-battery"],
    ]);
    assert.equal(badSignin.response.status, 403);
    await badSignin.response.body?.cancel();
  }));

Deno.test("sign-in: a wrong password is answered on the page; five lock the account (429)", () =>
  withOAuthApp(async (t) => {
    const clientId = await registerClient(fetcher(t), ISSUER);
    const b = appBrowser(t, ISSUER, "de");
    const { challenge } = await pkce();
    const start = await b.follow(authorizeUrl(clientId, challenge));
    const html = await start.response.text();
    assert.match(html, /<html lang="de">/);
    assert.match(html, /Anmelden/);
    let last: Response | undefined;
    for (let i = 0; i < 6; i++) {
      const r = await signInForm(b, html, "erika@example.ch", "wrong");
      last = r.response;
      if (i < 5) {
        assert.equal(r.response.status, 401);
        assert.match(await r.response.text(), /E-Mail-Adresse oder Passwort ist falsch/);
      }
    }
    assert.equal(last!.status, 429);
    assert.ok(Number(last!.headers.get("retry-after")) > 0);
    await last!.body?.cancel();
  }));

Deno.test("connections: a deactivated person or a revoked connection stops working on the next request", (ctx) =>
  withOAuthApp(async (t) => {
    await ctx.step("deactivation", async () => {
      const p = await getCode(t, { email: "max@example.ch" });
      const tok = await exchange(t, p);
      const v = (await verifyAccessToken(t.deps, tok.body.access_token))!;
      await t.deps.db.update(users).set({ active: false }).where(eq(users.id, t.accounts.manager.id));
      assert.equal(await getLiveConnection(t.deps, v.connectionId), null);
      assert.equal((await refresh(t, p.clientId, tok.body.refresh_token)).body.error, "invalid_grant");
    });
    await ctx.step("revocation by the person through the portal", async () => {
      const p = await getCode(t);
      const tok = await exchange(t, p);
      const session = await t.signIn("erika@example.ch", "correct-horse-battery");
      const list = await t.request("/api/v1/portal/auth/assistants", { token: session });
      const data = (await list.json()).data.items;
      assert.equal(data.length, 1);
      assert.equal(data[0].clientName, "Test Assistant");
      assert.deepEqual(data[0].scopes, ["self:read", "self:write"]);
      assert.equal(data[0].verified, false);
      const del = await disconnect(t, data[0].id, session);
      assert.equal(del.status, 200);
      await del.body?.cancel();
      assert.equal(await verifyAccessToken(t.deps, tok.body.access_token), null);
      assert.equal((await refresh(t, p.clientId, tok.body.refresh_token)).body.error, "invalid_grant");
    });
  }));

Deno.test("connections: people list and revoke their own; admins see and revoke all", () =>
  withOAuthApp(async (t) => {
    await exchange(t, await getCode(t));
    await exchange(t, await getCode(t, { email: "rita@example.ch" }));
    const erika = await t.signIn("erika@example.ch", "correct-horse-battery");
    const ada = await t.signIn("ada@example.ch", "correct-horse-battery");
    const own =
      (await (await t.request("/api/v1/portal/auth/assistants", { token: erika })).json()).data.items;
    assert.equal(own.length, 1);
    const forbidden = await t.request("/api/v1/portal/auth/assistants?all=true", { token: erika });
    assert.equal(forbidden.status, 403);
    await forbidden.body?.cancel();
    const all =
      (await (await t.request("/api/v1/portal/auth/assistants?all=true", { token: ada })).json()).data.items;
    assert.equal(all.length, 2);
    const ritas = all.find((a: { user: { email: string } }) => a.user.email === "rita@example.ch");
    const notHers = await disconnect(t, ritas.id, erika);
    assert.equal(notHers.status, 404);
    await notHers.body?.cancel();
    const byAdmin = await disconnect(t, ritas.id, ada);
    assert.equal(byAdmin.status, 200);
    await byAdmin.body?.cancel();
    const unauth = await t.request("/api/v1/portal/auth/assistants");
    assert.equal(unauth.status, 401);
    await unauth.body?.cancel();
  }));

Deno.test("connected assistants page: lists and disconnects without JavaScript, with an anti-CSRF token", () =>
  withOAuthApp(async (t) => {
    const p = await getCode(t);
    const tok = await exchange(t, p);
    const b = p.browser;
    const page = await b.follow("/account/assistants");
    const html = await page.response.text();
    assert.equal(page.response.status, 200);
    assert.match(html, /Connected assistants/);
    assert.match(html, /Test Assistant/);
    assert.match(page.response.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
    const bad = await disconnectForm(b, "x", hidden(html, "connection"));
    assert.equal(bad.response.status, 403);
    await bad.response.body?.cancel();
    assert.ok(await verifyAccessToken(t.deps, tok.body.access_token));
    const ok = await disconnectForm(b, hidden(html, "csrf"), hidden(html, "connection"));
    const after = await ok.response.text();
    assert.match(after, /was disconnected/);
    assert.match(after, /No assistants are connected/);
    assert.equal(await verifyAccessToken(t.deps, tok.body.access_token), null);
    // Without a session the page asks to sign in.
    const anon = await appBrowser(t).request("/account/assistants");
    assert.equal(anon.status, 303);
    assert.match(anon.headers.get("location")!, /\/oauth\/signin\?next=\/account\/assistants/);
  }));
