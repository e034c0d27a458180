/**
 * The connector's authorization server: discovery documents, JWKS, dynamic registration, the token and the
 * revocation endpoints. The authorization endpoint and its sign-in and consent pages are people's pages, in
 * `web/auth_pages.tsx`. Mounted by
 * `createApp` only when `FEATURE_MCP_CONNECTOR=true`; otherwise none of these paths exist (404).
 */
import { AppError } from "../errors.ts";
import type { Context, Hono } from "hono";
import { cors } from "hono/cors";
import type { AppDeps } from "../deps.ts";
import { clientAddress, sourceKey } from "../client_address.ts";
import { authenticateClient } from "./clients.ts";
import { noStore, OAuthError, oauthErrorResponse } from "./errors.ts";
import { exchangeCode, refreshGrant, revokeToken } from "./grants.ts";
import { authorizationServerMetadata, openIdConfiguration, protectedResourceMetadata } from "./metadata.ts";
import { handleRegister } from "./register.ts";
import { getDynamicRegistrationEnabled } from "./settings.ts";
import { publicJwks } from "./tokens.ts";

/**
 * CORS for the endpoints browser-based assistants call directly (metadata, JWKS, register, token, revoke):
 * any origin, no cookies (these endpoints never read them), preflight answered here.
 */
const corsForOAuth = cors({
  origin: "*",
  allowMethods: ["GET", "POST", "OPTIONS"],
  allowHeaders: ["Authorization", "Content-Type", "Accept", "MCP-Protocol-Version"],
  exposeHeaders: ["WWW-Authenticate", "Retry-After"],
  maxAge: 86400,
});

const RESOURCE_METADATA_PATHS = [
  "/.well-known/oauth-protected-resource",
  "/.well-known/oauth-protected-resource/api/mcp",
];
const AS_METADATA_PATHS = [
  "/.well-known/oauth-authorization-server",
  "/.well-known/oauth-authorization-server/api/mcp",
];
const OIDC_METADATA_PATHS = [
  "/.well-known/openid-configuration",
  "/.well-known/openid-configuration/api/mcp",
  "/api/mcp/.well-known/openid-configuration",
];
const API_PATHS = ["/api/oauth/register", "/api/oauth/token", "/api/oauth/revoke"];

/** Reads an `application/x-www-form-urlencoded` body (RFC 6749 §3.2) and refuses repeated parameters. */
async function readTokenForm(c: Context, repeatable: string[] = []): Promise<URLSearchParams> {
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    throw new OAuthError("invalid_request", "Send the parameters as application/x-www-form-urlencoded.");
  }
  // Read whole within the body deadline before the route runs (`createApp`); this takes it from there.
  const form = new URLSearchParams(await c.req.text());
  const seen = new Set<string>();
  for (const k of form.keys()) {
    if (seen.has(k) && !repeatable.includes(k)) {
      throw new OAuthError("invalid_request", `Parameter ${k} must not appear more than once.`);
    }
    seen.add(k);
  }
  return form;
}

/** Runs an OAuth endpoint: OAuthErrors become RFC error bodies, anything else a logged `server_error`. */
async function oauthEndpoint(deps: AppDeps, c: Context, fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof OAuthError) {
      deps.log.info("oauth refusal", {
        requestId: c.get("requestId"),
        route: c.req.path,
        error: e.code,
        reason: e.opts.internal,
      });
      return oauthErrorResponse(c, e);
    }
    // A refusal of the request itself (its body broke off, came too slowly, or the service is stopping) is
    // answered as every route answers it, not as a fault of the service.
    if (e instanceof AppError) throw e;
    deps.log.error("oauth endpoint failed", {
      requestId: c.get("requestId"),
      route: c.req.path,
      error: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
    });
    return oauthErrorResponse(c, new OAuthError("server_error", "Something went wrong on our side.", 500));
  }
}

/** Mounts every endpoint of the authorization server (call only when the connector is enabled). */
// deno-lint-ignore no-explicit-any
export function mountAuthorizationServer(app: Hono<any>, deps: AppDeps): void {
  for (
    const p of [
      ...RESOURCE_METADATA_PATHS,
      ...AS_METADATA_PATHS,
      ...OIDC_METADATA_PATHS,
      "/.well-known/jwks.json",
    ]
  ) {
    app.use(p, corsForOAuth);
  }
  for (const p of API_PATHS) app.use(p, corsForOAuth);

  const metadataHeaders = (c: Context) => c.header("Cache-Control", "public, max-age=60");
  for (const p of RESOURCE_METADATA_PATHS) {
    app.get(p, (c) => {
      metadataHeaders(c);
      return c.json(protectedResourceMetadata(deps.config));
    });
  }
  for (const p of AS_METADATA_PATHS) {
    app.get(p, async (c) => {
      metadataHeaders(c);
      return c.json(authorizationServerMetadata(deps.config, await getDynamicRegistrationEnabled(deps)));
    });
  }
  for (const p of OIDC_METADATA_PATHS) {
    app.get(p, async (c) => {
      metadataHeaders(c);
      return c.json(openIdConfiguration(deps.config, await getDynamicRegistrationEnabled(deps)));
    });
  }
  app.get("/.well-known/jwks.json", async (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.json(await publicJwks(deps), 200, { "Content-Type": "application/jwk-set+json" });
  });

  app.post(
    "/api/oauth/register",
    (c) =>
      oauthEndpoint(
        deps,
        c,
        () => handleRegister(deps, c, sourceKey(clientAddress(c, deps.config.trustedProxies))),
      ),
  );

  app.post("/api/oauth/token", (c) =>
    oauthEndpoint(deps, c, async () => {
      noStore(c);
      const form = await readTokenForm(c);
      const client = await authenticateClient(deps, c.req.header("authorization"), form);
      const grant = form.get("grant_type");
      if (!grant) throw new OAuthError("invalid_request", "grant_type is required.");
      if (grant !== "authorization_code" && grant !== "refresh_token") {
        throw new OAuthError(
          "unsupported_grant_type",
          "Supported grant types: authorization_code, refresh_token.",
        );
      }
      if (!client.grantTypes.includes(grant)) {
        throw new OAuthError("unauthorized_client", `This client is not registered for ${grant}.`);
      }
      const body = grant === "authorization_code"
        ? await exchangeCode(deps, client, form)
        : await refreshGrant(deps, client, form);
      return c.json(body);
    }));

  app.post("/api/oauth/revoke", (c) =>
    oauthEndpoint(deps, c, async () => {
      noStore(c);
      const form = await readTokenForm(c);
      const client = await authenticateClient(deps, c.req.header("authorization"), form);
      await revokeToken(deps, client, form);
      return c.body(null, 200);
    }));

  for (const p of API_PATHS) {
    app.on(["GET", "PUT", "PATCH", "DELETE"], p, (c) => {
      c.header("Allow", "POST, OPTIONS");
      return c.json({ error: "invalid_request", error_description: "Use POST." }, 405);
    });
  }
}
