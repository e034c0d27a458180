/**
 * RFC 7591 dynamic client registration. Every registration is a public client that authenticates with PKCE
 * only (`token_endpoint_auth_method: none`); a request for another method still gets a public client, and
 * the response says so (RFC 7591 §3.2.1: the server may replace requested values). Limited per requester
 * and per installation so a flood of registrations cannot fill the database.
 */
import type { Context } from "hono";
import type { AppDeps } from "../deps.ts";
import { createPublicClient, validateRedirectUris } from "./clients.ts";
import { OAuthError } from "./errors.ts";
import { hitRateLimit, purgeRateCounters } from "./rate_limit.ts";
import { getDynamicRegistrationEnabled } from "./settings.ts";
import { formatScopes, parseScopeParam } from "./scopes.ts";

/** Registrations per requester (by network address) per hour. */
export const REGISTRATIONS_PER_CLIENT_PER_HOUR = 20;
/** Registrations per installation per hour. */
export const REGISTRATIONS_PER_INSTALLATION_PER_HOUR = 200;
const HOUR = 3_600_000;

function optionalHttpsUrl(v: unknown, field: string): string | null {
  if (v === undefined || v === null || v === "") return null;
  if (typeof v !== "string" || v.length > 500) {
    throw new OAuthError("invalid_client_metadata", `${field} must be a URL.`);
  }
  try {
    const u = new URL(v);
    if (u.protocol !== "https:") throw new Error();
  } catch {
    throw new OAuthError("invalid_client_metadata", `${field} must be an https URL.`);
  }
  return v;
}

function optionalText(v: unknown, field: string, max: number): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== "string" || v.length > max) {
    throw new OAuthError(
      "invalid_client_metadata",
      `${field} must be a string of at most ${max} characters.`,
    );
  }
  // Control characters and bidi overrides never belong in a name shown on the consent page.
  // deno-lint-ignore no-control-regex
  const clean = v.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, "").trim();
  return clean || null;
}

/** Handles `POST /api/oauth/register`; `remote` identifies the requester for the per-client limit. */
export async function handleRegister(deps: AppDeps, c: Context, remote: string): Promise<Response> {
  if (!await getDynamicRegistrationEnabled(deps)) {
    throw new OAuthError(
      "access_denied",
      "This installation does not accept dynamic client registration. Ask its administrator for a client id.",
      403,
    );
  }
  for (
    const [key, limit] of [[`reg:ip:${remote}`, REGISTRATIONS_PER_CLIENT_PER_HOUR], [
      "reg:all",
      REGISTRATIONS_PER_INSTALLATION_PER_HOUR,
    ]] as const
  ) {
    const r = await hitRateLimit(deps, key, limit, HOUR);
    if (!r.ok) {
      throw new OAuthError("temporarily_unavailable", "Too many registrations; try again later.", 429, {
        retryAfter: r.retryAfter,
      });
    }
  }
  const type = c.req.header("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new OAuthError(
      "invalid_client_metadata",
      "Send the client metadata as JSON (Content-Type: application/json).",
    );
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new OAuthError("invalid_client_metadata", "The body is not valid JSON.");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw new OAuthError("invalid_client_metadata", "The body must be a JSON object.");
  }
  const uris = validateRedirectUris(body.redirect_uris);
  if (!uris.ok) throw new OAuthError("invalid_redirect_uri", `Invalid redirect_uris: ${uris.reason}.`);

  const grantTypes = body.grant_types ?? ["authorization_code", "refresh_token"];
  if (
    !Array.isArray(grantTypes) ||
    grantTypes.some((g) => g !== "authorization_code" && g !== "refresh_token") ||
    !grantTypes.includes("authorization_code")
  ) {
    throw new OAuthError(
      "invalid_client_metadata",
      "grant_types may only be authorization_code and refresh_token (authorization_code is required).",
    );
  }
  const responseTypes = body.response_types ?? ["code"];
  if (!Array.isArray(responseTypes) || responseTypes.some((r) => r !== "code")) {
    throw new OAuthError("invalid_client_metadata", "response_types may only be ['code'].");
  }
  const name = optionalText(body.client_name, "client_name", 100) ?? "Unnamed assistant";
  const client = await createPublicClient(deps, {
    name,
    redirectUris: uris.uris,
    clientUri: optionalHttpsUrl(body.client_uri, "client_uri"),
    logoUri: optionalHttpsUrl(body.logo_uri, "logo_uri"),
    softwareId: optionalText(body.software_id, "software_id", 200),
    softwareVersion: optionalText(body.software_version, "software_version", 100),
  });
  await purgeRateCounters(deps, "reg:");
  const requestedScope = typeof body.scope === "string" ? parseScopeParam(body.scope).known : [];
  deps.log.info("oauth client registered", {
    clientId: client.id,
    requestedAuthMethod: typeof body.token_endpoint_auth_method === "string"
      ? body.token_endpoint_auth_method.slice(0, 40)
      : undefined,
  });
  c.header("Cache-Control", "no-store");
  return c.json({
    client_id: client.id,
    client_id_issued_at: Math.floor(client.createdAt / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: client.grantTypes,
    response_types: ["code"],
    token_endpoint_auth_method: "none",
    ...(client.clientUri ? { client_uri: client.clientUri } : {}),
    ...(client.logoUri ? { logo_uri: client.logoUri } : {}),
    ...(client.softwareId ? { software_id: client.softwareId } : {}),
    ...(client.softwareVersion ? { software_version: client.softwareVersion } : {}),
    ...(requestedScope.length ? { scope: formatScopes(requestedScope) } : {}),
  }, 201);
}
