/**
 * Access tokens: short-lived JWTs (RFC 9068 profile, `typ: at+jwt`) signed with an asymmetric key that is
 * generated on first use and kept in `oauth_signing_keys`, published at the JWKS endpoint.
 *
 * Verification runs on every MCP request, so the public keys are cached in memory by `kid` and the only
 * I/O is one primary-key lookup in `oauth_revoked_access_tokens` that answers three questions at once:
 * was this token (`jti`), its token family (`fam:<id>`) or its connection (`cnx:<id>`) revoked? Revoking a
 * family or a connection writes one marker row instead of needing the list of every token issued under it.
 */
import { decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT } from "jose";
import type { JWK } from "jose";
import { desc, eq, isNull, lt } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { isSealed, openPrivateKey, sealPrivateKey } from "./key_encryption.ts";
import type { Db } from "../db/client.ts";
import { oauthRevokedAccessTokens, oauthSigningKeys } from "../db/schema/mod.ts";
import { base64url } from "../crypto.ts";
import { formatScopes, readScopes } from "./scopes.ts";

/** What a verified access token says; the caller still re-reads the connection and the person. */
export interface VerifiedAccessToken {
  userId: string;
  clientId: string;
  connectionId: string;
  scopes: string[];
  jti: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * The only algorithms accepted. Asymmetric only: a symmetric or `none` token is refused before any key is
 * looked up (the RFC 8725 §3.1 algorithm-confusion attacks).
 */
export const ALLOWED_ALGS = ["ES256"] as const;
const SIGNING_ALG = "ES256";
/** The JWT `typ` of access tokens (RFC 9068 §2.1), so an ID token or another JWT is never taken for one. */
const AT_TYP = "at+jwt";
/**
 * Marker rows for revoked families and connections live as long as any access token could: the longest
 * configurable lifetime plus a minute of skew.
 */
const MARKER_TTL_MS = 3600_000 + 60_000;

interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

interface KeyCache {
  verify: Map<string, CryptoKey>;
  /** Tokens whose signature and claims were checked (see `checkedToken`). */
  tokens: Map<string, CheckedToken>;
  /** Kids looked up and not found, with when; re-checked after a minute (keys may be added by another process). */
  missing: Map<string, number>;
  signing?: Promise<SigningKey>;
  /** When the signing key was last compared with the newest in the database (a rotation by the admin
   * command, in another process, is picked up within SIGNING_RECHECK_MS). */
  signingCheckedAt?: number;
}

/** How often a running service looks for a newer signing key (after `keys rotate`). */
const SIGNING_RECHECK_MS = 60_000;

/** Per database, not per module: each test app (and each installation) has its own keys. */
const caches = new WeakMap<Db, KeyCache>();

function cacheOf(db: Db): KeyCache {
  let c = caches.get(db);
  if (!c) {
    c = { verify: new Map(), missing: new Map(), tokens: new Map() };
    caches.set(db, c);
  }
  return c;
}

async function createSigningKey(deps: AppDeps): Promise<void> {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const kid = base64url(crypto.getRandomValues(new Uint8Array(12)));
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: "sig" };
  await deps.db.insert(oauthSigningKeys).values({
    kid,
    alg: SIGNING_ALG,
    privateJwk: await sealPrivateKey(deps, kid, JSON.stringify(privateJwk)),
    publicJwk: JSON.stringify(publicJwk),
    createdAt: deps.clock.now(),
  }).onConflictDoNothing();
}

/**
 * The key that signs: the newest one not retired, created when there is none. If two processes create one
 * at the same moment, both keys stay valid for verification and the newest one signs from then on.
 */
export function signingKey(deps: AppDeps): Promise<SigningKey> {
  const cache = cacheOf(deps.db);
  const now = deps.clock.now();
  if (cache.signing && now - (cache.signingCheckedAt ?? 0) > SIGNING_RECHECK_MS) {
    // Once a minute the signing key is compared with the newest in the database, and the token being
    // issued already uses a newer one (a rotation by the admin command, in another process, applies within
    // a minute).
    cache.signingCheckedAt = now;
    const current = cache.signing;
    return (async () => {
      const [row] = await deps.db.select({ kid: oauthSigningKeys.kid }).from(oauthSigningKeys)
        .where(isNull(oauthSigningKeys.retiredAt)).orderBy(desc(oauthSigningKeys.createdAt)).limit(1);
      if (row && row.kid !== (await current).kid && cache.signing === current) cache.signing = undefined;
      return signingKey(deps);
    })();
  }
  cache.signingCheckedAt ??= now;
  cache.signing ??= (async () => {
    const newest = () =>
      deps.db.select().from(oauthSigningKeys).where(isNull(oauthSigningKeys.retiredAt))
        .orderBy(desc(oauthSigningKeys.createdAt)).limit(1);
    let [row] = await newest();
    if (!row) {
      await createSigningKey(deps);
      [row] = await newest();
    }
    const json = await openPrivateKey(deps, row.kid, row.privateJwk);
    if (!isSealed(row.privateJwk)) {
      // A key stored before encryption at rest: sealed now.
      await deps.db.update(oauthSigningKeys).set({ privateJwk: await sealPrivateKey(deps, row.kid, json) })
        .where(eq(oauthSigningKeys.kid, row.kid));
    }
    const privateKey = await importJWK(JSON.parse(json) as JWK, row.alg) as CryptoKey;
    return { kid: row.kid, privateKey };
  })();
  cache.signing.catch(() => (cache.signing = undefined));
  return cache.signing;
}

/**
 * Rotates the signing key: the current keys are retired (they still verify the tokens they signed until
 * those expire) and a new key signs from now on. A running service switches within a minute.
 */
export async function rotateSigningKey(deps: AppDeps): Promise<{ kid: string; retired: number }> {
  const now = deps.clock.now();
  // Retired keys lose their private half at once: they only verify the tokens they signed, until those expire.
  const retired = await deps.db.update(oauthSigningKeys).set({ retiredAt: now, privateJwk: "" })
    .where(isNull(oauthSigningKeys.retiredAt)).returning({ kid: oauthSigningKeys.kid });
  await createSigningKey(deps);
  const cache = cacheOf(deps.db);
  cache.signing = undefined;
  const key = await signingKey(deps);
  return { kid: key.kid, retired: retired.length };
}

/** The public keys for the JWKS endpoint (RFC 7517): every key that may still have signed a live token. */
export async function publicJwks(deps: AppDeps): Promise<{ keys: JWK[] }> {
  await signingKey(deps);
  const rows = await deps.db.select({
    publicJwk: oauthSigningKeys.publicJwk,
    retiredAt: oauthSigningKeys.retiredAt,
  })
    .from(oauthSigningKeys).orderBy(desc(oauthSigningKeys.createdAt)).limit(10);
  const now = deps.clock.now();
  return {
    keys: rows.filter((r) => r.retiredAt === null || r.retiredAt > now - MARKER_TTL_MS)
      .map((r) => JSON.parse(r.publicJwk) as JWK),
  };
}

async function verificationKey(deps: AppDeps, kid: string): Promise<CryptoKey | null> {
  const cache = cacheOf(deps.db);
  const hit = cache.verify.get(kid);
  if (hit) return hit;
  const missedAt = cache.missing.get(kid);
  if (missedAt !== undefined && performance.now() - missedAt < 60_000) return null;
  const row = await deps.db.query.oauthSigningKeys.findFirst({ where: eq(oauthSigningKeys.kid, kid) });
  if (!row || !(ALLOWED_ALGS as readonly string[]).includes(row.alg)) {
    if (cache.missing.size > 1000) cache.missing.clear();
    cache.missing.set(kid, performance.now());
    return null;
  }
  const key = await importJWK(JSON.parse(row.publicJwk) as JWK, row.alg) as CryptoKey;
  cache.verify.set(kid, key);
  return key;
}

/**
 * Signs an access token for a live connection: `iss` = issuer, `aud` = the canonical MCP URL, `sub` = the
 * person, `client_id`, `scope`, `jti`, `cnx` (connection), optional `fam` (refresh-token family, so a
 * revoked family also stops its access tokens), short `exp`.
 */
export async function issueAccessToken(
  deps: AppDeps,
  p: { userId: string; clientId: string; connectionId: string; scopes: string[]; familyId?: string },
): Promise<{ accessToken: string; expiresIn: number }> {
  const { kid, privateKey } = await signingKey(deps);
  const now = Math.floor(deps.clock.now() / 1000);
  const expiresIn = deps.config.accessTokenTtlSeconds;
  const claims: Record<string, unknown> = {
    client_id: p.clientId,
    scope: formatScopes(p.scopes),
    cnx: p.connectionId,
  };
  if (p.familyId) claims.fam = p.familyId;
  const accessToken = await new SignJWT(claims)
    .setProtectedHeader({ alg: SIGNING_ALG, kid, typ: AT_TYP })
    .setIssuer(deps.config.issuer)
    .setAudience(deps.config.mcpResource)
    .setSubject(p.userId)
    .setJti(crypto.randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(privateKey);
  return { accessToken, expiresIn };
}

/** A token whose signature and claims were checked, with the revocation markers it answers to. */
/** A token whose signature and claims hold, with the revocation markers that would stop it. */
export interface CheckedToken {
  claims: VerifiedAccessToken;
  markers: [string, string, string];
  issuer: string;
  audience: string;
}

/** At most this many verified tokens are remembered per database. */
const VERIFIED_CACHE_MAX = 10_000;

async function checkSignatureAndClaims(deps: AppDeps, token: string): Promise<CheckedToken | null> {
  if (token.length > 4096 || token.split(".").length !== 3) return null;
  let kid: string;
  try {
    const header = decodeProtectedHeader(token);
    if (!header.alg || !(ALLOWED_ALGS as readonly string[]).includes(header.alg)) return null;
    if (typeof header.kid !== "string" || header.kid.length > 100) return null;
    kid = header.kid;
  } catch {
    return null;
  }
  const key = await verificationKey(deps, kid);
  if (!key) return null;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [...ALLOWED_ALGS],
      issuer: deps.config.issuer,
      audience: deps.config.mcpResource,
      typ: AT_TYP,
      currentDate: new Date(deps.clock.now()),
      requiredClaims: ["sub", "jti", "exp", "iat"],
    }));
  } catch {
    return null;
  }
  const { sub, jti, exp, client_id: clientId, scope, cnx, fam } = payload as Record<string, unknown>;
  if (
    typeof sub !== "string" || typeof jti !== "string" || typeof exp !== "number" ||
    typeof clientId !== "string" || typeof scope !== "string" || typeof cnx !== "string" ||
    (fam !== undefined && typeof fam !== "string")
  ) return null;
  return {
    claims: {
      userId: sub,
      clientId,
      connectionId: cnx,
      scopes: readScopes(scope),
      jti,
      expiresAt: exp * 1000,
    },
    markers: [jti, `cnx:${cnx}`, typeof fam === "string" ? `fam:${fam}` : jti],
    issuer: deps.config.issuer,
    audience: deps.config.mcpResource,
  };
}

/**
 * Signature and claims, remembered per token string until the token expires: a signature once valid stays
 * valid, so the ES256 verification (a few hundred microseconds) runs once per token, not once per request.
 * Expiry is compared with the clock on every use; an entry counts only for the issuer and audience it was
 * checked against.
 */
export async function verifiedToken(deps: AppDeps, token: string): Promise<CheckedToken | null> {
  const cache = cacheOf(deps.db).tokens;
  const now = deps.clock.now();
  const hit = cache.get(token);
  if (hit && hit.claims.expiresAt <= now) {
    cache.delete(token);
    return null;
  }
  if (hit && hit.issuer === deps.config.issuer && hit.audience === deps.config.mcpResource) return hit;
  const checked = await checkSignatureAndClaims(deps, token);
  if (!checked) return null;
  if (cache.size >= VERIFIED_CACHE_MAX) {
    // Drop the oldest tenth (a Map iterates in insertion order).
    let n = VERIFIED_CACHE_MAX / 10;
    for (const k of cache.keys()) {
      cache.delete(k);
      if (--n <= 0) break;
    }
  }
  cache.set(token, checked);
  return checked;
}

/**
 * Verifies signature (asymmetric alg allow-list, ES256; never "none"), `typ`, iss === config.issuer,
 * aud === config.mcpResource and exp (against the injected clock), without asking whether the token was
 * revoked: for the revocation endpoint, which revokes it. Everything that serves a request with a token
 * uses `authenticateAccessToken` (connections.ts), which also checks revocation and the connection.
 */
export async function verifyAccessTokenIgnoringRevocation(
  deps: AppDeps,
  token: string,
): Promise<VerifiedAccessToken | null> {
  const checked = await verifiedToken(deps, token);
  return checked ? { ...checked.claims, scopes: [...checked.claims.scopes] } : null;
}

/** Revokes one access token by `jti` until it would have expired anyway (RFC 7009 §2). */
export async function revokeAccessToken(deps: AppDeps, jti: string, expiresAt: number): Promise<void> {
  await deps.db.insert(oauthRevokedAccessTokens).values({ jti, expiresAt }).onConflictDoNothing();
}

/** Stops every access token of a refresh-token family (a reused code or a reused rotated refresh token). */
export async function revokeFamilyAccessTokens(deps: AppDeps, familyId: string): Promise<void> {
  await deps.db.insert(oauthRevokedAccessTokens)
    .values({ jti: `fam:${familyId}`, expiresAt: deps.clock.now() + MARKER_TTL_MS }).onConflictDoNothing();
}

/**
 * The revocation marker that stops every access token of a connection at once (the person or an admin revoked
 * it), kept as long as one of them could live.
 */
export function connectionMarker(connectionId: string, now: number): { jti: string; expiresAt: number } {
  return { jti: `cnx:${connectionId}`, expiresAt: now + MARKER_TTL_MS };
}

/** Deletes revocation rows of tokens that have expired anyway; safe to call from any periodic job. */
export async function purgeExpiredRevocations(deps: AppDeps): Promise<number> {
  const r = await deps.db.delete(oauthRevokedAccessTokens)
    .where(lt(oauthRevokedAccessTokens.expiresAt, deps.clock.now() - 60_000)).returning({
      jti: oauthRevokedAccessTokens.jti,
    });
  return r.length;
}
