/**
 * The whole connector flow driven by the official MCP SDK client's OAuth support against a running server:
 * the 401 `WWW-Authenticate` challenge → RFC 9728 and RFC 8414 discovery → dynamic registration → PKCE
 * authorization (sign-in and consent walked like a browser) → token → MCP calls → refresh after expiry.
 */
import assert from "node:assert/strict";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type OAuthClientProvider, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { Browser, hidden, PASSWORD } from "./_helpers.ts";
import { serveApp } from "./_server.ts";

const REDIRECT = "http://127.0.0.1:53682/oauth/callback";

/** An in-memory OAuth client provider, as an assistant would keep one. */
class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  registrations = 0;
  get redirectUrl() {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "MCP SDK end-to-end client",
      redirect_uris: [REDIRECT],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  state() {
    return "sdk-state-42";
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.registrations++;
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}

Deno.test("mcp sdk: discovery from the 401, registration, PKCE, consent, token, calls and refresh", async () => {
  const s = await serveApp();
  try {
    const provider = new MemoryProvider();
    const mcpUrl = new URL(`${s.origin}/api/mcp`);

    // 1. The first connect meets the 401 and ends in a redirect to the authorization endpoint.
    const first = new Client({ name: "e2e", version: "1.0.0" });
    await assert.rejects(
      () => first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider })),
      UnauthorizedError,
    );
    assert.equal(provider.registrations, 1, "registered dynamically");
    assert.match(String(provider.info?.client_id), /^mcp_/);
    const authUrl = provider.authorizationUrl!;
    assert.equal(authUrl.origin + authUrl.pathname, `${s.origin}/oauth/authorize`);
    assert.equal(authUrl.searchParams.get("code_challenge_method"), "S256");
    assert.equal(authUrl.searchParams.get("resource"), `${s.origin}/api/mcp`);

    // 2. The person signs in and consents in the browser.
    const b = new Browser(fetch, s.origin);
    let step = await b.follow(authUrl.toString());
    let html = await step.response.text();
    step = await b.postForm("/oauth/signin", [["csrf", hidden(html, "csrf")], [
      "request",
      hidden(html, "request"),
    ], [
      "email",
      "erika@example.ch",
    ], ["password", PASSWORD]]);
    html = await step.response.text();
    const fields: [string, string][] = [
      ["csrf", hidden(html, "csrf")],
      ["request", hidden(html, "request")],
      [
        "decision",
        "allow",
      ],
    ];
    for (const m of html.matchAll(/name="scope" value="([^"]+)"/g)) fields.push(["scope", m[1]]);
    step = await b.postForm("/oauth/consent", fields);
    const cb = new URL(step.url);
    assert.equal(cb.origin + cb.pathname, REDIRECT);
    assert.equal(cb.searchParams.get("state"), "sdk-state-42");
    assert.equal(cb.searchParams.get("iss"), s.origin);

    // 3. The SDK exchanges the code (PKCE verifier, resource) and connects.
    const transport = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
    await transport.finishAuth(cb.searchParams.get("code")!);
    assert.equal(provider.saved?.token_type?.toLowerCase(), "bearer");
    assert.equal(provider.saved?.scope, "self:read self:write");
    const client = new Client({ name: "e2e", version: "1.0.0" });
    await client.connect(transport);
    const tools = await client.listTools();
    assert.ok(tools.tools.some((t: { name: string }) => t.name === "whoami"));
    const who = await client.callTool({ name: "whoami", arguments: {} });
    assert.notEqual(who.isError, true, JSON.stringify(who));

    // 4. Eleven minutes later the access token has expired: the SDK refreshes (rotation) and carries on.
    const before = provider.saved!;
    s.clock.advance(11 * 60_000);
    const again = await client.callTool({ name: "whoami", arguments: {} });
    assert.notEqual(again.isError, true, JSON.stringify(again));
    assert.notEqual(provider.saved!.access_token, before.access_token);
    assert.notEqual(provider.saved!.refresh_token, before.refresh_token, "the refresh token rotated");
    assert.equal(provider.registrations, 1);
    await client.close();
  } finally {
    await s.stop();
  }
});
