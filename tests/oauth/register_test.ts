/** RFC 7591 dynamic registration: public clients only, validated redirect URIs, persisted, rate limited, switchable. */
import assert from "node:assert/strict";
import { loadConfig } from "../../src/config.ts";
import { ISSUER, makeOAuthApp } from "./_helpers.ts";
import { getClient } from "../../src/oauth/clients.ts";
import { getDynamicRegistrationEnabled, setDynamicRegistrationEnabled } from "../../src/oauth/settings.ts";

type App = Awaited<ReturnType<typeof makeOAuthApp>>;

function register(
  t: App,
  body: unknown,
  remote = `203.0.113.${Math.floor(Math.random() * 250)}-${crypto.randomUUID()}`,
) {
  return Promise.resolve(t.app.request(`${ISSUER}/api/oauth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  }, { remoteAddr: { hostname: remote, port: 1234, transport: "tcp" } }));
}

Deno.test("register: a registration is a persisted public client, whatever auth method it asked for", async () => {
  const t = await makeOAuthApp();
  try {
    const r = await register(t, {
      client_name: "Claude",
      redirect_uris: ["https://claude.ai/api/mcp/auth_callback"],
      token_endpoint_auth_method: "client_secret_basic",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: "self:read hr:write unknown",
      client_uri: "https://claude.ai",
    });
    assert.equal(r.status, 201);
    assert.equal(r.headers.get("cache-control"), "no-store");
    const body = await r.json();
    assert.match(body.client_id, /^mcp_/);
    assert.equal(body.token_endpoint_auth_method, "none", "the response says it is a public client");
    assert.equal(body.client_secret, undefined);
    assert.deepEqual(body.redirect_uris, ["https://claude.ai/api/mcp/auth_callback"]);
    assert.deepEqual(body.grant_types, ["authorization_code", "refresh_token"]);
    assert.equal(body.scope, "self:read hr:write");
    assert.equal(typeof body.client_id_issued_at, "number");
    const stored = await getClient(t.deps, body.client_id);
    assert.equal(stored?.type, "PUBLIC");
    assert.equal(stored?.createdBy, "DYNAMIC");
    assert.equal(stored?.name, "Claude");
  } finally {
    t.close();
  }
});

Deno.test("register: redirect URIs are validated (https, loopback http on any port, private-use schemes)", async (ctx) => {
  const t = await makeOAuthApp();
  try {
    const good = [
      "https://chatgpt.com/connector_platform_oauth_redirect",
      "http://127.0.0.1/callback",
      "http://127.0.0.1:33418/",
      "http://localhost:6274/oauth/callback",
      "http://[::1]:8080/cb",
      "com.example.assistant:/oauth2redirect",
      "cursor://anysphere.cursor-retrieval/oauth/user-mcp/callback",
      "vscode://vscode.github-authentication/did-authenticate",
    ];
    for (const uri of good) {
      await ctx.step(`accepted: ${uri}`, async () => {
        const r = await register(t, { redirect_uris: [uri] });
        assert.equal(r.status, 201, await r.clone().text());
        await r.body?.cancel();
      });
    }
    const bad = [
      "http://assistant.example/cb",
      "https://assistant.example/cb#fragment",
      "javascript:alert(1)",
      "data:text/html,hi",
      "file:///etc/passwd",
      "https://user:pw@assistant.example/cb",
      "/relative/cb",
      "not a uri",
    ];
    for (const uri of bad) {
      await ctx.step(`refused: ${uri}`, async () => {
        const r = await register(t, { redirect_uris: [uri] });
        assert.equal(r.status, 400);
        const body = await r.json();
        assert.equal(body.error, "invalid_redirect_uri");
        assert.equal(typeof body.error_description, "string");
      });
    }
    await ctx.step("missing or empty redirect_uris", async () => {
      for (const body of [{}, { redirect_uris: [] }, { redirect_uris: "https://a.example/cb" }]) {
        const r = await register(t, body);
        assert.equal((await r.json()).error, "invalid_redirect_uri");
      }
    });
    await ctx.step("other metadata errors", async () => {
      for (
        const body of [
          { redirect_uris: ["https://a.example/cb"], grant_types: ["client_credentials"] },
          { redirect_uris: ["https://a.example/cb"], response_types: ["token"] },
          { redirect_uris: ["https://a.example/cb"], logo_uri: "http://a.example/logo.png" },
          { redirect_uris: ["https://a.example/cb"], client_name: "x".repeat(101) },
        ]
      ) {
        const r = await register(t, body);
        assert.equal(r.status, 400);
        assert.equal((await r.json()).error, "invalid_client_metadata");
      }
      const notJson = await t.request("/api/oauth/register", { method: "POST", body: "redirect_uris=x" });
      assert.equal((await notJson.json()).error, "invalid_client_metadata");
    });
  } finally {
    t.close();
  }
});

Deno.test("register: a per-client and a per-installation rate limit answer 429 with Retry-After", async () => {
  const t = await makeOAuthApp();
  try {
    const body = { redirect_uris: ["https://a.example/cb"] };
    for (let i = 0; i < 20; i++) {
      const r = await register(t, body, "198.51.100.1");
      assert.equal(r.status, 201);
      await r.body?.cancel();
    }
    const limited = await register(t, body, "198.51.100.1");
    assert.equal(limited.status, 429);
    const retry = Number(limited.headers.get("retry-after"));
    assert.ok(retry > 0 && retry <= 3600);
    assert.equal((await limited.json()).error, "temporarily_unavailable");
    const other = await register(t, body, "198.51.100.2");
    assert.equal(other.status, 201, "another requester is not limited by the first");
    await other.body?.cancel();
    for (let i = 1; i <= 20; i++) {
      const r = await register(t, body, `2001:db8:5:6::${i.toString(16)}`);
      assert.equal(r.status, 201);
      await r.body?.cancel();
    }
    const sameNetwork = await register(t, body, "2001:db8:5:6:ffff::1");
    assert.equal(sameNetwork.status, 429, "the addresses of one IPv6 /64 are one requester");
    await sameNetwork.body?.cancel();
    // The installation-wide limit (200 an hour) holds across requesters.
    let status = 0;
    for (let i = 0; i < 200 && status !== 429; i++) {
      const r = await register(t, body, `192.0.2.${i}`);
      status = r.status;
      await r.body?.cancel();
    }
    assert.equal(status, 429);
    // The next hour (fixed clock) the limits are reset.
    t.clock.advance(3600_000);
    const later = await register(t, body, "198.51.100.1");
    assert.equal(later.status, 201);
    await later.body?.cancel();
  } finally {
    t.close();
  }
});

Deno.test("register: the run-time switch (settings table, default from the environment)", async () => {
  const t = await makeOAuthApp({ env: { DYNAMIC_CLIENT_REGISTRATION: "false" } });
  try {
    assert.equal(await getDynamicRegistrationEnabled(t.deps), false);
    const off = await register(t, { redirect_uris: ["https://a.example/cb"] });
    assert.equal(off.status, 403);
    assert.equal((await off.json()).error, "access_denied");
    await setDynamicRegistrationEnabled(t.deps, true);
    assert.equal(await getDynamicRegistrationEnabled(t.deps), true);
    const on = await register(t, { redirect_uris: ["https://a.example/cb"] });
    assert.equal(on.status, 201);
    await on.body?.cancel();
    await setDynamicRegistrationEnabled(t.deps, false);
    assert.equal((await register(t, { redirect_uris: ["https://a.example/cb"] })).status, 403);
  } finally {
    t.close();
  }
});

Deno.test("register: behind a trusted proxy the limit counts the address it forwards, never a client's claim", async (t) => {
  const viaProxy = (
    app: Awaited<ReturnType<typeof makeOAuthApp>>,
    headers: Record<string, string>,
    peer = "10.0.0.2",
  ) =>
    Promise.resolve(app.app.request(`${ISSUER}/api/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify({ redirect_uris: ["https://a.example/cb"] }),
    }, { remoteAddr: { hostname: peer, port: 1234, transport: "tcp" } }));
  const drain = async (r: Response) => (await r.body?.cancel(), r.status);

  await t.step("without TRUSTED_PROXIES every client behind the proxy shares one limit", async () => {
    const app = await makeOAuthApp();
    try {
      for (let i = 0; i < 20; i++) await drain(await viaProxy(app, { "X-Forwarded-For": `198.51.100.${i}` }));
      assert.equal(await drain(await viaProxy(app, { "X-Forwarded-For": "198.51.100.99" })), 429);
    } finally {
      app.close();
    }
  });
  await t.step("with TRUSTED_PROXIES=10.0.0.0/8 each forwarded client has its own", async () => {
    const app = await makeOAuthApp({ env: { TRUSTED_PROXIES: "10.0.0.0/8, ::1" } });
    try {
      for (let i = 0; i < 20; i++) {
        assert.equal(await drain(await viaProxy(app, { "X-Forwarded-For": "198.51.100.7" })), 201);
      }
      assert.equal(await drain(await viaProxy(app, { "X-Forwarded-For": "198.51.100.7" })), 429);
      assert.equal(await drain(await viaProxy(app, { "X-Forwarded-For": "198.51.100.8" })), 201);
      // RFC 7239: the proxy's own Forwarded element names the client; what the client sent before it is ignored.
      assert.equal(
        await drain(await viaProxy(app, { Forwarded: 'for=198.51.100.7, for="[2001:db8::1]:4711"' })),
        201,
      );
      assert.equal(
        await drain(await viaProxy(app, { "X-Forwarded-For": "198.51.100.8, 198.51.100.7" })),
        429,
      );
    } finally {
      app.close();
    }
  });
  await t.step("a client that is not the proxy cannot choose its address by sending the header", async () => {
    const app = await makeOAuthApp({ env: { TRUSTED_PROXIES: "10.0.0.0/8" } });
    try {
      for (let i = 0; i < 20; i++) {
        await drain(await viaProxy(app, { "X-Forwarded-For": `198.51.100.${i}` }, "203.0.113.5"));
      }
      assert.equal(await drain(await viaProxy(app, { "X-Forwarded-For": "192.0.2.1" }, "203.0.113.5")), 429);
    } finally {
      app.close();
    }
  });
  await t.step("a bad TRUSTED_PROXIES entry stops the start with its name", () => {
    assert.throws(() => loadConfig({ TRUSTED_PROXIES: "10.0.0.0/33" }), /TRUSTED_PROXIES: '10.0.0.0\/33'/);
  });
});
