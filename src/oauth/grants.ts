/**
 * Authorization codes, token families and refresh tokens: the state behind the token endpoint.
 *
 * - A code is single-use, lives 60 seconds and is bound to the client, the redirect URI, the PKCE challenge
 *   and the resource (RFC 6749 §4.1.2, §10.5; RFC 7636 §4.6; RFC 8707). A second use revokes everything the
 *   first use issued (RFC 6749 §4.1.2: "SHOULD revoke … all tokens previously issued based on that code").
 * - Each code exchange starts a token family. Refresh tokens rotate on every use; presenting a rotated one
 *   again means it leaked, so the whole family is revoked (OAuth 2.1 §4.3.1, the contract's rule 5).
 * - Scopes only narrow: a refresh may ask for fewer for its access token, never more (RFC 6749 §6), and the
 *   family keeps the scope first granted; see `refreshGrant` for retries within a grace window and what a
 *   refresh without `resource` means.
 * Codes and refresh tokens are random and stored as SHA-256 only.
 */
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { oauthAuthorizationCodes, oauthRefreshTokens, oauthTokenFamilies, users } from "../db/schema/mod.ts";
import { randomToken, safeEqual, sha256B64url, sha256Hex } from "../crypto.ts";
import type { OAuthClient } from "./clients.ts";
import { getLiveConnection } from "./connections.ts";
import { OAuthError } from "./errors.ts";
import { isCanonicalResource, isValidCodeVerifier, matchRedirectUri } from "./policy.ts";
import { formatScopes, intersectScopes, parseScopeParam, readScopes, type Scope } from "./scopes.ts";
import {
  issueAccessToken,
  purgeExpiredRevocations,
  revokeAccessToken,
  revokeFamilyAccessTokens,
  verifyAccessTokenIgnoringRevocation,
} from "./tokens.ts";

/** How long an authorization code may wait for its exchange. */
export const CODE_TTL_MS = 60_000;

/** The token endpoint's success body (RFC 6749 §5.1). */
export interface TokenResponse {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

/** Creates a code for a consent just given. `redirectUri` is "" when the request named none (one registered). */
export async function issueAuthorizationCode(deps: AppDeps, p: {
  clientId: string;
  connectionId: string;
  userId: string;
  redirectUri: string;
  codeChallenge: string;
  resource: string;
  scopes: Scope[];
}): Promise<string> {
  const code = randomToken("hrc");
  const now = deps.clock.now();
  await deps.db.delete(oauthAuthorizationCodes).where(
    lt(oauthAuthorizationCodes.expiresAt, now - 86_400_000),
  );
  await deps.db.insert(oauthAuthorizationCodes).values({
    codeHash: await sha256Hex(code),
    clientId: p.clientId,
    connectionId: p.connectionId,
    userId: p.userId,
    redirectUri: p.redirectUri,
    codeChallenge: p.codeChallenge,
    resource: p.resource,
    scopes: formatScopes(p.scopes),
    createdAt: now,
    expiresAt: now + CODE_TTL_MS,
  });
  return code;
}

/** Revokes a token family and stops the access tokens issued under it. */
export async function revokeFamily(deps: AppDeps, familyId: string, reason: string): Promise<void> {
  await deps.db.update(oauthTokenFamilies).set({ revokedAt: deps.clock.now(), revokeReason: reason })
    .where(and(eq(oauthTokenFamilies.id, familyId), isNull(oauthTokenFamilies.revokedAt)));
  await revokeFamilyAccessTokens(deps, familyId);
}

function requireResource(deps: AppDeps, form: URLSearchParams): void {
  const all = form.getAll("resource");
  if (all.length !== 1 || !isCanonicalResource(all[0], deps.config.mcpResource)) {
    throw new OAuthError(
      "invalid_target",
      `resource must be exactly ${deps.config.mcpResource} (RFC 8707).`,
    );
  }
}

async function newRefreshToken(
  deps: AppDeps,
  familyId: string,
  scopes: Scope[],
  parentHash: string | null = null,
): Promise<string> {
  const token = randomToken("hrr");
  const now = deps.clock.now();
  await deps.db.insert(oauthRefreshTokens).values({
    tokenHash: await sha256Hex(token),
    familyId,
    parentHash,
    scopes: formatScopes(scopes),
    createdAt: now,
    expiresAt: now + deps.config.refreshTokenTtlDays * 86_400_000,
  });
  return token;
}

/**
 * The token endpoint's answer (RFC 6749 §5.1) for a grant: a new access token for these scopes and the
 * refresh token already stored, the same for a code exchange and a refresh.
 */
async function tokenResponse(
  deps: AppDeps,
  who: { userId: string; clientId: string; connectionId: string },
  grant: { scopes: string[]; familyId: string; refreshToken: string },
): Promise<TokenResponse> {
  const at = await issueAccessToken(deps, { ...who, scopes: grant.scopes, familyId: grant.familyId });
  return {
    access_token: at.accessToken,
    token_type: "Bearer",
    expires_in: at.expiresIn,
    refresh_token: grant.refreshToken,
    scope: formatScopes(grant.scopes),
  };
}

async function personActive(deps: AppDeps, userId: string): Promise<boolean> {
  const u = await deps.db.query.users.findFirst({ where: eq(users.id, userId), columns: { active: true } });
  return !!u?.active;
}

/** The authorization-code grant (RFC 6749 §4.1.3 with PKCE, RFC 7636 §4.5–4.6). */
export async function exchangeCode(
  deps: AppDeps,
  client: OAuthClient,
  form: URLSearchParams,
): Promise<TokenResponse> {
  const code = form.get("code");
  if (!code) throw new OAuthError("invalid_request", "code is required.");
  const verifier = form.get("code_verifier");
  if (!verifier) throw new OAuthError("invalid_request", "code_verifier is required (PKCE).");
  requireResource(deps, form);
  const now = deps.clock.now();
  const codeHash = await sha256Hex(code);
  const row = await deps.db.query.oauthAuthorizationCodes.findFirst({
    where: eq(oauthAuthorizationCodes.codeHash, codeHash),
  });
  if (!row) throw new OAuthError("invalid_grant", "The authorization code is invalid.");
  // Claim the code atomically: of two concurrent exchanges only one gets past this line.
  const claimed = await deps.db.update(oauthAuthorizationCodes).set({ usedAt: now })
    .where(and(eq(oauthAuthorizationCodes.codeHash, codeHash), isNull(oauthAuthorizationCodes.usedAt)))
    .returning({ codeHash: oauthAuthorizationCodes.codeHash });
  if (!claimed.length) {
    const used = await deps.db.query.oauthAuthorizationCodes.findFirst({
      where: eq(oauthAuthorizationCodes.codeHash, codeHash),
    });
    if (used?.familyId) await revokeFamily(deps, used.familyId, "authorization code reused");
    deps.log.warn("oauth code reused", { clientId: client.id, familyId: used?.familyId ?? null });
    throw new OAuthError(
      "invalid_grant",
      "The authorization code was already used; the tokens it gave are revoked.",
    );
  }
  if (row.clientId !== client.id) {
    throw new OAuthError("invalid_grant", "The authorization code was issued to another client.");
  }
  if (row.expiresAt <= now) throw new OAuthError("invalid_grant", "The authorization code has expired.");
  const redirectUri = form.get("redirect_uri");
  if (row.redirectUri) {
    // RFC 6749 §4.1.3: required and identical when the authorization request carried one.
    if (redirectUri !== row.redirectUri) {
      throw new OAuthError("invalid_grant", "redirect_uri does not match the authorization request.");
    }
  } else if (redirectUri !== null && !matchRedirectUri(client.redirectUris, redirectUri)) {
    throw new OAuthError("invalid_grant", "redirect_uri is not registered for this client.");
  }
  if (!isValidCodeVerifier(verifier) || !safeEqual(await sha256B64url(verifier), row.codeChallenge)) {
    throw new OAuthError("invalid_grant", "code_verifier does not match the code challenge (PKCE S256).");
  }
  if (!isCanonicalResource(row.resource, deps.config.mcpResource)) {
    throw new OAuthError("invalid_target", "The code was issued for another resource.");
  }
  const connection = await getLiveConnection(deps, row.connectionId);
  if (!connection || connection.userId !== row.userId || !await personActive(deps, row.userId)) {
    throw new OAuthError("invalid_grant", "The connection behind this code was revoked.");
  }
  const scopes = intersectScopes(readScopes(row.scopes), connection.scopes);
  const [family] = await deps.db.insert(oauthTokenFamilies).values({
    connectionId: connection.id,
    clientId: client.id,
    scopes: formatScopes(scopes),
    createdAt: now,
  }).returning({ id: oauthTokenFamilies.id });
  await deps.db.update(oauthAuthorizationCodes).set({ familyId: family.id })
    .where(eq(oauthAuthorizationCodes.codeHash, codeHash));
  const refreshToken = await newRefreshToken(deps, family.id, scopes);
  return await tokenResponse(deps, { userId: row.userId, clientId: client.id, connectionId: connection.id }, {
    scopes,
    familyId: family.id,
    refreshToken,
  });
}

/**
 * The refresh-token grant with rotation and reuse detection (RFC 6749 §6, OAuth 2.1 §4.3.1).
 *
 * Everything that can refuse is checked before the token is spent (client, expiry, the live connection,
 * resource, scope), so a refused refresh leaves the token usable.
 *
 * - `resource` may be left out: it then means the grant's own resource (the MCP URL); any other is refused.
 * - `scope` may ask for less than the grant, never more, and narrows only the access token it issues: the
 *   new refresh token keeps the grant's scope (RFC 6749 §6), so a later refresh without `scope` gets the
 *   whole grant again. Scopes outside the grant are left out of what is issued rather than refused (RFC 6749 §3.3: the server "MAY fully or partially ignore the scope requested";
 *   the answer's `scope` says what was issued, §5.1), and `offline_access` is ignored as at authorization. Only
 *   a request none of whose scopes is granted is refused (`invalid_scope`).
 * - A token presented again after its rotation is reuse (the family is revoked, the contract's rule 5), except
 *   within `refreshReuseGraceSeconds` of the rotation by the same client while none of its successors has been
 *   used: that is a retry after a lost answer or a second refresh sent in parallel, and it gets a working token
 *   pair of its own (a sibling successor), revoking nothing. When one sibling is then used, the others are
 *   superseded: refused without revoking anything, since they can no longer yield a token.
 */
export async function refreshGrant(
  deps: AppDeps,
  client: OAuthClient,
  form: URLSearchParams,
): Promise<TokenResponse> {
  const token = form.get("refresh_token");
  if (!token) throw new OAuthError("invalid_request", "refresh_token is required.");
  if (form.getAll("resource").length) requireResource(deps, form);
  const now = deps.clock.now();
  const tokenHash = await sha256Hex(token);
  const row = await deps.db.query.oauthRefreshTokens.findFirst({
    where: eq(oauthRefreshTokens.tokenHash, tokenHash),
  });
  if (!row) throw new OAuthError("invalid_grant", "The refresh token is invalid.");
  const family = await deps.db.query.oauthTokenFamilies.findFirst({
    where: eq(oauthTokenFamilies.id, row.familyId),
  });
  if (!family || family.clientId !== client.id) {
    throw new OAuthError("invalid_grant", "The refresh token was issued to another client.");
  }
  if (family.revokedAt !== null) throw new OAuthError("invalid_grant", "The refresh token was revoked.");
  if (row.supersededAt !== null) {
    throw new OAuthError(
      "invalid_grant",
      "This refresh token was replaced by one issued at the same time, which is in use; use that one.",
    );
  }
  if (row.expiresAt <= now) throw new OAuthError("invalid_grant", "The refresh token has expired.");
  const connection = await getLiveConnection(deps, family.connectionId);
  if (!connection) {
    await revokeFamily(deps, family.id, "connection no longer live");
    throw new OAuthError("invalid_grant", "The connection was revoked; authorize again.");
  }
  // The grant's scope: the family's, as first issued, capped by the presented token's and the connection's
  // so that nothing issued here ever exceeds any of them.
  const granted = intersectScopes(
    intersectScopes(readScopes(family.scopes), readScopes(row.scopes)),
    connection.scopes,
  );
  // What this access token carries: the grant, or the part of it the request asks for.
  // A `scope` of only `offline_access` (ignored) narrows nothing.
  let scopes = granted;
  const asked = parseScopeParam(form.get("scope"));
  if (asked.known.length || asked.unknown.length) {
    scopes = intersectScopes(asked.known, granted);
    if (!scopes.length) {
      throw new OAuthError(
        "invalid_scope",
        `None of the requested scopes is part of this grant (granted: ${formatScopes(granted)}).`,
      );
    }
  }

  const claimed = await deps.db.update(oauthRefreshTokens).set({ rotatedAt: now })
    .where(and(eq(oauthRefreshTokens.tokenHash, tokenHash), isNull(oauthRefreshTokens.rotatedAt)))
    .returning({ tokenHash: oauthRefreshTokens.tokenHash });
  if (claimed.length) {
    // This token's parent may have had siblings issued to retries: the one used now wins.
    if (row.parentHash) {
      await deps.db.update(oauthRefreshTokens).set({ supersededAt: now }).where(and(
        eq(oauthRefreshTokens.parentHash, row.parentHash),
        isNull(oauthRefreshTokens.rotatedAt),
        isNull(oauthRefreshTokens.supersededAt),
      ));
    }
  } else if (!await isRetry(deps, tokenHash, now)) {
    await revokeFamily(deps, family.id, "rotated refresh token reused");
    deps.log.warn("oauth refresh token reused", { clientId: client.id, familyId: family.id });
    throw new OAuthError(
      "invalid_grant",
      "The refresh token was already used. All tokens of this authorization are revoked; authorize again.",
    );
  } else {
    deps.log.info("oauth refresh retried within the grace window", {
      clientId: client.id,
      familyId: family.id,
    });
  }
  // RFC 6749 §6: the requested scope applies to the access token only; the new refresh token keeps the
  // grant's, so a later refresh without `scope` gets all of it again.
  const refreshToken = await newRefreshToken(deps, family.id, granted, tokenHash);
  return await tokenResponse(deps, {
    userId: connection.userId,
    clientId: client.id,
    connectionId: connection.id,
  }, {
    scopes,
    familyId: family.id,
    refreshToken,
  });
}

/**
 * Whether presenting an already rotated token is a retry: rotated within the grace window, and none of the
 * tokens issued for it has been used since (a used successor means the client moved on, so a presentation
 * of the old token is someone else's).
 */
async function isRetry(deps: AppDeps, tokenHash: string, now: number): Promise<boolean> {
  const graceMs = deps.config.refreshReuseGraceSeconds * 1000;
  if (graceMs <= 0) return false;
  const [row] = await deps.db.select({ rotatedAt: oauthRefreshTokens.rotatedAt }).from(oauthRefreshTokens)
    .where(eq(oauthRefreshTokens.tokenHash, tokenHash)).limit(1);
  if (!row?.rotatedAt || now - row.rotatedAt > graceMs) return false;
  const usedChild = await deps.db.select({ h: oauthRefreshTokens.tokenHash }).from(oauthRefreshTokens).where(
    and(
      eq(oauthRefreshTokens.parentHash, tokenHash),
      isNotNull(oauthRefreshTokens.rotatedAt),
    ),
  ).limit(1);
  return usedChild.length === 0;
}

/**
 * RFC 7009 revocation of a refresh or an access token by the client it was issued to. A refresh token
 * revokes its whole family (§2.1: the access tokens of the same grant go too). Unknown or already invalid
 * tokens answer success (§2.2). Another client's token: a confidential client is told (invalid_request, as
 * oidc-provider does); a public client, whose identity is only a claim, gets the same silent success as for
 * an unknown token, so the endpoint is no oracle for whether a token is valid.
 */
export async function revokeToken(deps: AppDeps, client: OAuthClient, form: URLSearchParams): Promise<void> {
  const token = form.get("token");
  if (!token) throw new OAuthError("invalid_request", "token is required.");
  const hint = form.get("token_type_hint");
  const notYours = () => {
    if (client.type === "CONFIDENTIAL") {
      throw new OAuthError("invalid_request", "The client is not allowed to revoke the presented token.");
    }
  };
  const tryRefresh = async () => {
    if (!token.startsWith("hrr_")) return false;
    const row = await deps.db.query.oauthRefreshTokens.findFirst({
      where: eq(oauthRefreshTokens.tokenHash, await sha256Hex(token)),
    });
    if (!row) return false;
    const family = await deps.db.query.oauthTokenFamilies.findFirst({
      where: eq(oauthTokenFamilies.id, row.familyId),
    });
    if (!family) return false;
    if (family.clientId !== client.id) {
      notYours();
      return true;
    }
    await revokeFamily(deps, family.id, "revoked by client");
    return true;
  };
  const tryAccess = async () => {
    const v = await verifyAccessTokenIgnoringRevocation(deps, token);
    if (!v) return false;
    if (v.clientId !== client.id) {
      notYours();
      return true;
    }
    await revokeAccessToken(deps, v.jti, v.expiresAt);
    return true;
  };
  if (hint === "access_token") {
    if (!await tryAccess()) await tryRefresh();
  } else {
    if (!await tryRefresh()) await tryAccess();
  }
  await purgeExpiredRevocations(deps);
}
