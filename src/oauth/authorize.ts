/**
 * The authorization endpoint (RFC 6749 §4.1.1 with OAuth 2.1's rules) and what happens after consent.
 *
 * Order matters: until the client and the redirect URI are both trusted, an error is shown as a page and
 * never redirected (RFC 6749 §4.1.2.1), or the endpoint would be an open redirector. After that, every
 * answer goes back to the client's redirect URI with `state` and `iss` (RFC 9207), errors included.
 * A valid request is stored server-side (`oauth_authorization_requests`) while the person signs in and
 * consents, bound to this browser by a cookie carrying the request's anti-CSRF token.
 */
import type { Context } from "hono";
import { setCookie } from "hono/cookie";
import { eq, lt } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { oauthAuthorizationRequests } from "../db/schema/mod.ts";
import { randomToken, safeEqual, sha256Hex } from "../crypto.ts";
import { getClient, type OAuthClient } from "./clients.ts";
import { isMetadataClientId, MetadataDocumentError, resolveMetadataClient } from "./client_metadata.ts";
import { findOrCreateConnection } from "./connections.ts";
import type { OAuthErrorCode } from "./errors.ts";
import { issueAuthorizationCode } from "./grants.ts";
import { checkRedirectUri, isCanonicalResource, isValidS256Challenge, matchRedirectUri } from "./policy.ts";
import { parseScopeParam, type Scope } from "./scopes.ts";

/** How long a person has to sign in and decide. */
export const AUTHORIZATION_REQUEST_TTL_MS = 15 * 60_000;
/** Prefix of the per-request cookie that binds an authorization request to the browser that started it. */
export const REQUEST_COOKIE_PREFIX = "hr_authz_";

/** The validated parameters of an authorization request, as stored. */
export interface AuthorizationParams {
  /** The redirect URI to answer to (the registered one when the request named none). */
  redirectUri: string;
  /** Whether the request named it (then the token request must repeat it, RFC 6749 §4.1.3). */
  redirectUriGiven: boolean;
  state: string | null;
  codeChallenge: string;
  resource: string;
  /** Known scopes asked for, canonical order; empty means "what the person can use". */
  scopes: Scope[];
  uiLocales: string | null;
  /** Upstream OpenID Connect sign-in in progress (state, nonce, PKCE verifier), when one was started. */
  upstream?: { state: string; nonce: string; verifier: string };
}

/** A stored authorization request with its client. */
export interface PendingAuthorization {
  id: string;
  client: OAuthClient;
  params: AuthorizationParams;
  csrfHash: string;
  expiresAt: number;
}

/** A problem to show as a page (the client or redirect URI is not trusted, or the request is gone). */
export interface AuthorizationPageError {
  kind: "page";
  status: 400;
  reason: "unknown_client" | "bad_redirect_uri" | "missing_redirect_uri" | "duplicate_parameter";
  detail: string;
}

/** Builds a redirect to the client with the response parameters and `iss` (RFC 9207 §2). */
export function clientRedirect(
  deps: AppDeps,
  redirectUri: string,
  params: Record<string, string | null | undefined>,
): string {
  const u = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) u.searchParams.append(k, v);
  u.searchParams.set("iss", deps.config.issuer);
  return u.toString();
}

/** An error answer to the client (RFC 6749 §4.1.2.1), with `state` and `iss`. */
export function errorRedirect(
  deps: AppDeps,
  p: { redirectUri: string; state: string | null },
  error: OAuthErrorCode,
  description: string,
): string {
  return clientRedirect(deps, p.redirectUri, { error, error_description: description, state: p.state });
}

const SINGLE = [
  "client_id",
  "redirect_uri",
  "response_type",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
  "response_mode",
  "ui_locales",
] as const;

/**
 * Validates `GET /oauth/authorize`. Returns a page error, a redirect (error) URL, or the stored request id
 * and its anti-CSRF token (the caller sets the cookie and sends the browser on to sign-in and consent).
 */
export async function startAuthorization(
  deps: AppDeps,
  query: URLSearchParams,
): Promise<
  AuthorizationPageError | { kind: "redirect"; location: string } | {
    kind: "stored";
    requestId: string;
    csrf: string;
  }
> {
  const page = (reason: AuthorizationPageError["reason"], detail: string): AuthorizationPageError => ({
    kind: "page",
    status: 400,
    reason,
    detail,
  });
  if (query.getAll("client_id").length > 1 || query.getAll("redirect_uri").length > 1) {
    return page("duplicate_parameter", "client_id or redirect_uri appears more than once.");
  }
  const clientId = query.get("client_id") ?? "";
  if (isMetadataClientId(clientId)) {
    try {
      await resolveMetadataClient(deps, clientId);
    } catch (e) {
      if (!(e instanceof MetadataDocumentError)) throw e;
      deps.log.warn("client metadata document refused", { clientId, reason: e.message });
      return page("unknown_client", e.message);
    }
  }
  const client = await getClient(deps, clientId);
  if (!client) return page("unknown_client", "The client_id is missing or not registered here.");
  const given = query.get("redirect_uri");
  let redirectUri: string;
  if (given === null) {
    // OAuth 2.1 §4.1.1: optional only when exactly one is registered.
    if (client.redirectUris.length !== 1) {
      return page("missing_redirect_uri", "redirect_uri is required: this client registered several.");
    }
    redirectUri = client.redirectUris[0];
  } else {
    if (!checkRedirectUri(given).ok || !matchRedirectUri(client.redirectUris, given)) {
      return page("bad_redirect_uri", "The redirect_uri is not one registered for this client.");
    }
    redirectUri = given;
  }

  // From here on the client and its redirect URI are trusted: errors go back to the client.
  const state = query.get("state");
  const fail = (error: OAuthErrorCode, description: string) => ({
    kind: "redirect" as const,
    location: errorRedirect(
      deps,
      { redirectUri, state: state && state.length <= 2000 ? state : null },
      error,
      description,
    ),
  });
  for (const name of SINGLE) {
    if (query.getAll(name).length > 1) {
      return fail("invalid_request", `${name} must not appear more than once.`);
    }
  }
  if (state !== null && state.length > 2000) {
    return fail("invalid_request", "state is longer than 2000 characters.");
  }
  if (query.has("request") || query.has("request_uri")) {
    return fail("invalid_request", "Request objects (request, request_uri) are not supported.");
  }
  const responseType = query.get("response_type");
  if (!responseType) return fail("invalid_request", "response_type is required.");
  if (responseType !== "code") {
    return fail("unsupported_response_type", "Only response_type=code is supported.");
  }
  const responseMode = query.get("response_mode");
  if (responseMode !== null && responseMode !== "query") {
    return fail("invalid_request", "Only response_mode=query is supported.");
  }
  const method = query.get("code_challenge_method");
  const challenge = query.get("code_challenge");
  if (!challenge) {
    return fail("invalid_request", "PKCE is required: send code_challenge with code_challenge_method=S256.");
  }
  if (method !== "S256") {
    return fail(
      "invalid_request",
      method === "plain" || method === null
        ? "PKCE method plain is not allowed: use code_challenge_method=S256."
        : "Unsupported code_challenge_method: use S256.",
    );
  }
  if (!isValidS256Challenge(challenge)) {
    return fail(
      "invalid_request",
      "code_challenge must be the 43-character base64url SHA-256 of the verifier.",
    );
  }
  const resources = query.getAll("resource");
  if (resources.length !== 1 || !isCanonicalResource(resources[0], deps.config.mcpResource)) {
    return fail("invalid_target", `resource must be exactly ${deps.config.mcpResource} (RFC 8707).`);
  }
  // Only `offline_access` (ignored) or nothing asks for the default: what the person's role allows.
  const scope = parseScopeParam(query.get("scope"));
  if (scope.unknown.length && !scope.known.length) {
    return fail("invalid_scope", "None of the requested scopes exists here.");
  }

  const csrf = randomToken("hrx");
  const now = deps.clock.now();
  const params: AuthorizationParams = {
    redirectUri,
    redirectUriGiven: given !== null,
    state,
    codeChallenge: challenge,
    resource: deps.config.mcpResource,
    scopes: scope.known,
    uiLocales: query.get("ui_locales")?.slice(0, 50) ?? null,
  };
  await deps.db.delete(oauthAuthorizationRequests).where(lt(oauthAuthorizationRequests.expiresAt, now));
  const [row] = await deps.db.insert(oauthAuthorizationRequests).values({
    clientId: client.id,
    params: JSON.stringify(params),
    csrfHash: await sha256Hex(csrf),
    createdAt: now,
    expiresAt: now + AUTHORIZATION_REQUEST_TTL_MS,
  }).returning({ id: oauthAuthorizationRequests.id });
  return { kind: "stored", requestId: row.id, csrf };
}

/** Sets the cookie binding a stored request to this browser (HttpOnly, path /oauth, lives as long as the request). */
export function setRequestCookie(deps: AppDeps, c: Context, requestId: string, csrf: string): void {
  setCookie(c, REQUEST_COOKIE_PREFIX + requestId.replaceAll("-", ""), csrf, {
    httpOnly: true,
    secure: deps.config.issuer.startsWith("https://"),
    sameSite: "Lax",
    path: "/oauth",
    maxAge: AUTHORIZATION_REQUEST_TTL_MS / 1000,
  });
}

/** The cookie name of a request. */
export function requestCookieName(requestId: string): string {
  return REQUEST_COOKIE_PREFIX + requestId.replaceAll("-", "");
}

/** Loads a pending request if it exists, has not expired and its client is still live. */
export async function loadAuthorization(
  deps: AppDeps,
  requestId: string | undefined | null,
): Promise<PendingAuthorization | null> {
  if (!requestId || !/^[0-9a-f-]{36}$/.test(requestId)) return null;
  const row = await deps.db.query.oauthAuthorizationRequests.findFirst({
    where: eq(oauthAuthorizationRequests.id, requestId),
  });
  if (!row || row.expiresAt <= deps.clock.now()) return null;
  const client = await getClient(deps, row.clientId);
  if (!client) return null;
  return {
    id: row.id,
    client,
    params: JSON.parse(row.params),
    csrfHash: row.csrfHash,
    expiresAt: row.expiresAt,
  };
}

/**
 * Whether this browser started the request: the anti-CSRF token from the form (or, for GET steps, from the
 * cookie alone) hashes to the stored one and equals the request's cookie.
 */
export async function browserOwnsRequest(
  req: PendingAuthorization,
  cookieValue: string | undefined,
  formToken?: string | null,
): Promise<boolean> {
  if (!cookieValue) return false;
  if (formToken !== undefined && formToken !== cookieValue) return false;
  return safeEqual(await sha256Hex(cookieValue), req.csrfHash);
}

/**
 * Finishes an approved request: the person's connection to the client (created, or the existing one, whose
 * first-approved scopes cap this grant), a single-use code, and the redirect back with `code`, `state`,
 * `iss`. The stored request is deleted so it cannot be approved twice.
 */
export async function approveAuthorization(
  deps: AppDeps,
  req: PendingAuthorization,
  userId: string,
  approved: Scope[],
): Promise<string> {
  await deps.db.delete(oauthAuthorizationRequests).where(eq(oauthAuthorizationRequests.id, req.id));
  const connection = await findOrCreateConnection(deps, {
    clientId: req.client.id,
    userId,
    scopes: approved,
  });
  if (!connection.scopes.length) {
    return errorRedirect(deps, req.params, "invalid_scope", "None of the requested scopes can be granted.");
  }
  const code = await issueAuthorizationCode(deps, {
    clientId: req.client.id,
    connectionId: connection.id,
    userId,
    redirectUri: req.params.redirectUriGiven ? req.params.redirectUri : "",
    codeChallenge: req.params.codeChallenge,
    resource: req.params.resource,
    scopes: connection.scopes,
  });
  deps.log.info("oauth consent given", { clientId: req.client.id, connectionId: connection.id });
  return clientRedirect(deps, req.params.redirectUri, { code, state: req.params.state });
}

/** The person declined (or nothing could be offered): `access_denied` back to the client. */
export async function denyAuthorization(
  deps: AppDeps,
  req: PendingAuthorization,
  error: OAuthErrorCode = "access_denied",
  description = "The person declined the request.",
): Promise<string> {
  await deps.db.delete(oauthAuthorizationRequests).where(eq(oauthAuthorizationRequests.id, req.id));
  return errorRedirect(deps, req.params, error, description);
}
