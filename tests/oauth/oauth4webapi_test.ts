/**
 * A strict third-party client (oauth4webapi) against a running server: discovery (issuer check),
 * registration, authorization response validation (state and RFC 9207 `iss`), code exchange with PKCE,
 * refresh, revocation, and the error answers it parses.
 */
import assert from "node:assert/strict";
import * as oauth from "oauth4webapi";
import { authorize, Browser, PASSWORD } from "./_helpers.ts";
import { serveApp } from "./_server.ts";
import { verifyAccessToken } from "../_tokens.ts";
import { createConfidentialClient } from "../../src/oauth/clients.ts";

const insecure = { [oauth.allowInsecureRequests]: true };
const CB = "http://127.0.0.1/callback";

Deno.test("oauth4webapi: discovery, registration, code with PKCE, refresh and revocation", async (ctx) => {
  const s = await serveApp();
  try {
    const issuer = new URL(s.origin);
    const resource = `${s.origin}/api/mcp`;
    let as!: oauth.AuthorizationServer;
    await ctx.step("RFC 8414 and OpenID discovery agree and pass the issuer check", async () => {
      as = await oauth.processDiscoveryResponse(
        issuer,
        await oauth.discoveryRequest(issuer, { ...insecure, algorithm: "oauth2" }),
      );
      const oidc = await oauth.processDiscoveryResponse(
        issuer,
        await oauth.discoveryRequest(issuer, { ...insecure, algorithm: "oidc" }),
      );
      assert.equal(as.issuer, s.origin);
      assert.equal(oidc.token_endpoint, as.token_endpoint);
      assert.equal(as.authorization_response_iss_parameter_supported, true);
    });

    const reg = await oauth.dynamicClientRegistrationRequest(as, {
      redirect_uris: [CB],
      client_name: "oauth4webapi strict client",
      token_endpoint_auth_method: "none",
    }, insecure);
    const client = await oauth.processDynamicClientRegistrationResponse(reg) as oauth.Client;
    assert.equal(client.token_endpoint_auth_method, "none");

    const browser = new Browser(fetch, s.origin);
    const run = async (scope: string) => {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const r = await authorize(browser, {
        clientId: client.client_id,
        redirectUri: "http://127.0.0.1:54321/callback",
        challenge: await oauth.calculatePKCECodeChallenge(verifier),
        resource,
        scope,
        state,
        password: PASSWORD,
      });
      const params = oauth.validateAuthResponse(as, client, new URL(r.url), state);
      return { params, verifier };
    };

    let tokens!: oauth.TokenEndpointResponse;
    await ctx.step("authorization response with iss, code exchange with PKCE and resource", async () => {
      const { params, verifier } = await run("self:read self:write");
      const res = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        "http://127.0.0.1:54321/callback",
        verifier,
        { ...insecure, additionalParameters: { resource } },
      );
      tokens = await oauth.processAuthorizationCodeResponse(as, client, res);
      assert.equal(tokens.token_type, "bearer");
      assert.equal(tokens.scope, "self:read self:write");
      assert.ok(await verifyAccessToken(s.deps, tokens.access_token));
    });

    await ctx.step("refresh rotates and can narrow", async () => {
      const res = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
        ...insecure,
        additionalParameters: { resource, scope: "self:read" },
      });
      const next = await oauth.processRefreshTokenResponse(as, client, res);
      assert.notEqual(next.refresh_token, tokens.refresh_token);
      assert.equal(next.scope, "self:read");
    });

    await ctx.step("reusing the rotated token is an invalid_grant the client can read", async () => {
      // Past the 30-second grace in which a presentation again is taken as a retry.
      s.clock.advance(31_000);
      const again = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, {
        ...insecure,
        additionalParameters: { resource },
      });
      await assert.rejects(() => oauth.processRefreshTokenResponse(as, client, again), (e: unknown) => {
        assert.ok(e instanceof oauth.ResponseBodyError);
        assert.equal(e.error, "invalid_grant");
        assert.equal(e.status, 400);
        return true;
      });
    });

    await ctx.step("revocation", async () => {
      const { params, verifier } = await run("self:read");
      const t2 = await oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(
          as,
          client,
          oauth.None(),
          params,
          "http://127.0.0.1:54321/callback",
          verifier,
          {
            ...insecure,
            additionalParameters: { resource },
          },
        ),
      );
      await oauth.processRevocationResponse(
        await oauth.revocationRequest(as, client, oauth.None(), t2.refresh_token!, insecure),
      );
      assert.equal(await verifyAccessToken(s.deps, t2.access_token), null);
    });

    await ctx.step(
      "an error answer at the authorization endpoint carries iss and passes validation as an error",
      async () => {
        const verifier = oauth.generateRandomCodeVerifier();
        const state = oauth.generateRandomState();
        const r = await authorize(browser, {
          clientId: client.client_id,
          redirectUri: CB,
          challenge: await oauth.calculatePKCECodeChallenge(verifier),
          resource: "https://elsewhere.example/api/mcp",
          state,
        });
        assert.throws(() => oauth.validateAuthResponse(as, client, new URL(r.url), state), (e: unknown) => {
          assert.ok(e instanceof oauth.AuthorizationResponseError);
          assert.equal(e.error, "invalid_target");
          return true;
        });
      },
    );
  } finally {
    await s.stop();
  }
});

Deno.test("oauth4webapi: a confidential client with client_secret_basic and client_secret_post", async () => {
  const s = await serveApp();
  try {
    const issuer = new URL(s.origin);
    const resource = `${s.origin}/api/mcp`;
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
    const { clientId, clientSecret } = await createConfidentialClient(s.deps, {
      name: "Company bot",
      redirectUris: [CB],
    });
    const client: oauth.Client = { client_id: clientId };
    const browser = new Browser(fetch, s.origin);
    for (const auth of [oauth.ClientSecretBasic(clientSecret), oauth.ClientSecretPost(clientSecret)]) {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const r = await authorize(browser, {
        clientId,
        redirectUri: CB,
        challenge: await oauth.calculatePKCECodeChallenge(verifier),
        resource,
        state,
      });
      const params = oauth.validateAuthResponse(as, client, new URL(r.url), state);
      const tokens = await oauth.processAuthorizationCodeResponse(
        as,
        client,
        await oauth.authorizationCodeGrantRequest(as, client, auth, params, CB, verifier, {
          ...insecure,
          additionalParameters: { resource },
        }),
      );
      assert.ok(tokens.access_token);
    }
    // A wrong secret is 401 invalid_client, which oauth4webapi reports as a WWW-Authenticate challenge.
    const bad = await oauth.refreshTokenGrantRequest(as, client, oauth.ClientSecretBasic("wrong"), "hrr_x", {
      ...insecure,
      additionalParameters: { resource },
    });
    assert.equal(bad.status, 401);
    await assert.rejects(() => oauth.processRefreshTokenResponse(as, client, bad));
  } finally {
    await s.stop();
  }
});
