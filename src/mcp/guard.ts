/**
 * The connector's guard, per request: the bearer token is verified (signature with cached keys, issuer,
 * audience = the canonical MCP URL, expiry), then ONE indexed query checks revocation and re-reads the connection,
 * its client and the person: the connection must be live, the client not revoked, the person active; their
 * role, language and employee record are taken from this read, so a role change or a deactivation applies
 * on the very next request (contract, "Authentication / Connector" 8). Scope and permission are checked per
 * tool call by the server (`server.ts`), limits by `limits.ts`.
 */
import type { AppDeps } from "../deps.ts";
import { intersectScopes, type Scope, SCOPES } from "../oauth/scopes.ts";
import { type VerifiedAccessToken, verifyAccessTokenIgnoringRevocation } from "../oauth/tokens.ts";
import type { Actor } from "../services/actor.ts";
import type { ConnectionInfo } from "./tool.ts";
import { writerOf } from "./writer.ts";
import { readRow } from "../db/local.ts";

/** Everything a request's handlers need to know about who is calling. */
export interface RequestContext {
  requestId: string;
  token: VerifiedAccessToken;
  actor: Actor;
  connection: ConnectionInfo;
}

/** Why a request is not authenticated: no token, or one that does not (or no longer) verify. */
export type AuthFailure = "missing" | "invalid";

const LANGS = new Set(["de", "en", "fr"]);
/** `last_used_at` is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60_000;

/** Extracts the bearer token from an `Authorization` header (RFC 6750 §2.1), or undefined. */
export function bearerToken(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer[ ]+([\w.~+/-]+=*)$/i.exec(header.trim());
  return m?.[1];
}

/** A verified token as cached: the claims and the refresh-token family it was issued under, if any. */
interface CachedToken {
  token: VerifiedAccessToken;
  family: string | null;
}

/** Tokens cached per database (each test app and installation has its own keys); bounded. */
const verified = new WeakMap<object, Map<string, CachedToken>>();
const CACHE_MAX = 10_000;

function familyOf(raw: string): string | null {
  try {
    const part = raw.split(".")[1];
    const json = JSON.parse(atob(part.replaceAll("-", "+").replaceAll("_", "/")));
    return typeof json.fam === "string" ? json.fam : null;
  } catch {
    return null;
  }
}

/**
 * Signature and claims of a token (ES256 verification costs most of a millisecond here), cached per token
 * string until the token expires: a signature, once valid, stays valid. Expiry is checked against the clock
 * on every use, and revocation is checked on every request by `authenticate`, never cached.
 */
async function verifiedClaims(deps: AppDeps, raw: string): Promise<CachedToken | null> {
  let cache = verified.get(deps.db);
  if (!cache) verified.set(deps.db, cache = new Map());
  const hit = cache.get(raw);
  if (hit) {
    if (hit.token.expiresAt > deps.clock.now()) return hit;
    cache.delete(raw);
    return null;
  }
  const token = await verifyAccessTokenIgnoringRevocation(deps, raw);
  if (!token) return null;
  if (cache.size >= CACHE_MAX) {
    // Drop the oldest tenth (a Map iterates in insertion order).
    let n = CACHE_MAX / 10;
    for (const k of cache.keys()) {
      cache.delete(k);
      if (--n <= 0) break;
    }
  }
  const entry = { token, family: familyOf(raw) };
  cache.set(raw, entry);
  return entry;
}

/** Primary-key lookups only: the revocation markers, the connection, its client, the person. */
const GUARD_SQL =
  `SELECT c.client_id, c.user_id, c.scopes, c.last_used_at, c.revoked_at, cl.name AS client_name,
    cl.revoked_at AS client_revoked_at, u.role, u.active, u.language, u.employee_id,
    EXISTS (SELECT 1 FROM oauth_revoked_access_tokens WHERE jti IN (?, ?, ?)) AS token_revoked
  FROM oauth_connections c
  JOIN oauth_clients cl ON cl.id = c.client_id
  JOIN users u ON u.id = c.user_id
  WHERE c.id = ? LIMIT 1`;

/**
 * Authenticates a request: the token, then ONE query that answers whether the token, its family or its
 * connection was revoked (the marker rows of `oauth/tokens.ts`: `<jti>`, `fam:<id>`, `cnx:<id>`) and
 * re-reads the connection, its client and the person. Returns the context, or why it failed (the HTTP
 * layer turns that into the 401 challenge).
 */
export async function authenticate(
  deps: AppDeps,
  authorization: string | null,
  requestId: string,
): Promise<RequestContext | AuthFailure> {
  const raw = bearerToken(authorization);
  if (!raw) return "missing";
  const claims = await verifiedClaims(deps, raw);
  if (!claims) return "invalid";
  const { token } = claims;
  const markers = [
    token.jti,
    `cnx:${token.connectionId}`,
    claims.family ? `fam:${claims.family}` : token.jti,
  ];
  const row = await readRow(deps.database.client, GUARD_SQL, [...markers, token.connectionId]);
  if (
    !row || Number(row.token_revoked) !== 0 || row.revoked_at !== null || row.client_revoked_at !== null ||
    Number(row.active) !== 1 || row.user_id !== token.userId || row.client_id !== token.clientId
  ) return "invalid";

  const granted = String(row.scopes).split(" ");
  const scopes: Scope[] = intersectScopes(token.scopes, granted);
  const lastUsed = row.last_used_at === null ? null : Number(row.last_used_at);
  const now = deps.clock.now();
  if (lastUsed === null || now - lastUsed >= TOUCH_EVERY_MS) {
    writerOf(deps).run({
      sql: "UPDATE oauth_connections SET last_used_at = ? WHERE id = ?",
      args: [now, token.connectionId],
    })
      .catch((e) => deps.log.warn("connection touch failed", { requestId, error: String(e) }));
  }
  const language = String(row.language);
  return {
    requestId,
    token,
    connection: {
      id: token.connectionId,
      clientId: token.clientId,
      clientName: String(row.client_name),
      scopes,
    },
    actor: {
      userId: token.userId,
      role: String(row.role),
      language: (LANGS.has(language) ? language : "de") as Actor["language"],
      employeeId: row.employee_id === null ? null : String(row.employee_id),
      channel: "ASSISTANT",
      connectionId: token.connectionId,
      clientId: token.clientId,
    },
  };
}

/** The scope hint of the 401 challenge: every scope, since a later consent can never widen a grant. */
export const SCOPE_HINT = SCOPES.join(" ");
