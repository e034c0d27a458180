/**
 * The connector through the real authorization flow, driven by the official SDK client's own OAuth code:
 * 401 challenge → protected-resource metadata → authorization-server metadata → dynamic registration →
 * authorization request with PKCE and `resource` → sign-in and consent (a cookie-keeping browser) → code →
 * token → tools/call. Nothing is shortcut: the token comes from the token endpoint.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationFull,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { Browser, hidden, offeredOn } from "../oauth/_helpers.ts";
import { DEMO_PASSWORD } from "../_helpers.ts";
import { auditRows, E2E, ok, startMcpServer } from "./_harness.ts";

const REDIRECT = "http://127.0.0.1:9/callback";

/** An assistant's OAuth state, kept in memory; the "redirect" is a browser session walking the pages. */
class TestProvider implements OAuthClientProvider {
  info?: OAuthClientInformationFull;
  saved?: OAuthTokens;
  verifier = "";
  code?: string;
  authorizationUrl?: URL;

  constructor(readonly browser: Browser, readonly email: string) {}

  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "SDK test assistant",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationFull) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
  /** Signs in and consents like the person would, and keeps the code from the final redirect. */
  async redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
    const b = this.browser;
    let { response, url: at } = await b.follow(url.toString());
    let html = await response.text();
    if (at.includes("/oauth/signin")) {
      ({ response, url: at } = await b.postForm("/oauth/signin", [
        ["csrf", hidden(html, "csrf")],
        ["request", hidden(html, "request")],
        ["email", this.email],
        ["password", DEMO_PASSWORD],
      ]));
      html = await response.text();
    }
    assert.ok(at.includes("/oauth/consent"), `expected the consent page, got ${at}`);
    const fields: [string, string][] = [
      ["csrf", hidden(html, "csrf")],
      ["request", hidden(html, "request")],
      ["decision", "allow"],
    ];
    for (const s of offeredOn(html)) fields.push(["scope", s]);
    ({ url: at } = await b.postForm("/oauth/consent", fields));
    const back = new URL(at);
    assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
    this.code = back.searchParams.get("code") ?? undefined;
  }
}

Deno.test({
  name: "oauth flow: the official SDK client discovers, registers, authorizes with PKCE and calls tools",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer();
    try {
      const browser = new Browser((url, init) => fetch(url, init), s.origin, "de");
      const provider = new TestProvider(browser, "employee@demo.example");
      const transport = new StreamableHTTPClientTransport(s.mcpUrl, { authProvider: provider });
      const first = new Client({ name: "oauth-e2e", version: "1.0.0" });
      // The first connect meets the 401, runs discovery and registration and "redirects" the person.
      await assert.rejects(() => first.connect(transport), /Unauthorized/);
      assert.ok(provider.info?.client_id, "registered dynamically");
      const q = provider.authorizationUrl!.searchParams;
      assert.equal(q.get("code_challenge_method"), "S256");
      assert.equal(q.get("resource"), `${s.origin}/api/mcp`);
      assert.ok(provider.code, "the authorization answered with a code");

      await transport.finishAuth(provider.code!);
      assert.ok(provider.saved?.access_token, "the token endpoint issued an access token");

      const client = new Client({ name: "oauth-e2e", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(s.mcpUrl, { authProvider: provider }));
      const who = ok<{ user: { role: string }; scopes: string[]; assistant: { name: string } }>(
        await client.callTool({ name: "whoami", arguments: {} }),
      );
      assert.equal(who.user.role, "employee");
      assert.ok(who.scopes.includes("self:read"));
      assert.equal(who.assistant.name, "SDK test assistant");
      const summary = ok<{ todos: { total: number } }>(
        await client.callTool({ name: "get_my_summary", arguments: {} }),
      );
      assert.equal(typeof summary.todos.total, "number");

      const conn = await s.t.deps.database.client.execute({
        sql: "SELECT id FROM oauth_connections WHERE client_id = ?",
        args: [provider.info!.client_id],
      });
      const rows = await auditRows(s.t, String(conn.rows[0].id));
      assert.deepEqual(rows.map((r) => r.name), ["whoami", "get_my_summary"]);
      await client.close();
    } finally {
      await s.close();
    }
  },
});
