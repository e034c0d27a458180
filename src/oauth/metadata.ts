/**
 * Discovery documents: RFC 9728 protected-resource metadata (what an assistant reads after the 401 from
 * /api/mcp) and RFC 8414 authorization-server metadata, served at every address the assistants in use try.
 */
import { LANGS } from "../i18n/mod.ts";
import type { Config } from "../config.ts";
import { SCOPES } from "./scopes.ts";
import { ALLOWED_ALGS } from "./tokens.ts";

/** The addresses of the authorization server's endpoints, derived from the issuer. */
export function endpoints(config: Config) {
  const i = config.issuer;
  return {
    authorization: `${i}/oauth/authorize`,
    token: `${i}/api/oauth/token`,
    registration: `${i}/api/oauth/register`,
    revocation: `${i}/api/oauth/revoke`,
    jwks: `${i}/.well-known/jwks.json`,
    /** RFC 9728 §3.1: the well-known segment goes between the host and the resource's path. */
    resourceMetadata: `${i}/.well-known/oauth-protected-resource${new URL(config.mcpResource).pathname}`,
    signinCallback: `${i}/oauth/signin/oidc/callback`,
    connectedAssistants: `${i}/account/assistants`,
  };
}

/**
 * The `WWW-Authenticate` value for a 401 (or 403) from /api/mcp (RFC 6750 §3, RFC 9728 §5.1): the
 * assistant finds the metadata from here. `error` is `invalid_token` for a bad token (none for a missing
 * one, §3.1), `insufficient_scope` with the `scope` needed on a 403.
 */
export function bearerChallenge(
  config: Config,
  opts: { error?: "invalid_token" | "insufficient_scope"; description?: string; scope?: string } = {},
): string {
  const parts = [`resource_metadata="${endpoints(config).resourceMetadata}"`];
  if (opts.error) parts.push(`error="${opts.error}"`);
  if (opts.description) parts.push(`error_description="${opts.description.replace(/["\\]/g, "")}"`);
  if (opts.scope) parts.push(`scope="${opts.scope}"`);
  return `Bearer ${parts.join(", ")}`;
}

/** RFC 9728 §2: the protected resource (the MCP endpoint) and who issues tokens for it. */
export function protectedResourceMetadata(config: Config) {
  return {
    resource: config.mcpResource,
    authorization_servers: [config.issuer],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_signing_alg_values_supported: [...ALLOWED_ALGS],
    resource_name: "HR service",
  };
}

/**
 * RFC 8414 §2. `registration_endpoint` is listed only while dynamic registration is on, so a client can tell
 * before trying. `authorization_response_iss_parameter_supported` (RFC 9207): every authorization
 * response, errors included, carries `iss`.
 */
export function authorizationServerMetadata(config: Config, registrationOpen: boolean) {
  const e = endpoints(config);
  const authMethods = ["none", "client_secret_basic", "client_secret_post"];
  return {
    issuer: config.issuer,
    authorization_endpoint: e.authorization,
    token_endpoint: e.token,
    ...(registrationOpen ? { registration_endpoint: e.registration } : {}),
    // An https URL naming a client ID metadata document is accepted as client_id (src/oauth/client_metadata.ts).
    client_id_metadata_document_supported: true,
    revocation_endpoint: e.revocation,
    jwks_uri: e.jwks,
    scopes_supported: [...SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    token_endpoint_auth_methods_supported: authMethods,
    revocation_endpoint_auth_methods_supported: authMethods,
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: true,
    ui_locales_supported: [...LANGS],
    protected_resources: [config.mcpResource],
  };
}

/**
 * The same document for clients that look under `openid-configuration` (the MCP SDK falls back to it and
 * validates it as OpenID provider metadata, which requires the subject and ID-token fields). This server
 * issues no ID tokens; the fields only describe what it would use.
 */
export function openIdConfiguration(config: Config, registrationOpen: boolean) {
  return {
    ...authorizationServerMetadata(config, registrationOpen),
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: [...ALLOWED_ALGS],
  };
}
