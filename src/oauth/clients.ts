/**
 * OAuth clients: public ones registered dynamically (RFC 7591) and confidential ones an admin creates by
 * hand. Client secrets are 256-bit random values shown once; only their SHA-256 is stored (a slow hash
 * adds nothing to a secret with that much entropy) and compared in constant time.
 */
import { desc, eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { oauthClients } from "../db/schema/mod.ts";
import { base64url, randomToken, safeEqual, sha256Hex } from "../crypto.ts";
import { refusal } from "../errors.ts";
import { checkRedirectUri } from "./policy.ts";
import { OAuthError } from "./errors.ts";

/** A client as the endpoints use it. */
export interface OAuthClient {
  id: string;
  name: string;
  type: "PUBLIC" | "CONFIDENTIAL";
  tokenEndpointAuthMethod: "none" | "client_secret_basic" | "client_secret_post";
  redirectUris: string[];
  grantTypes: string[];
  clientUri: string | null;
  logoUri: string | null;
  softwareId: string | null;
  softwareVersion: string | null;
  /** DYNAMIC: registered itself; ADMIN: made by hand; METADATA: a client ID metadata document's URL. */
  createdBy: "DYNAMIC" | "ADMIN" | "METADATA";
  createdAt: number;
  revokedAt: number | null;
}

/** At most this many redirect URIs per client. */
export const MAX_REDIRECT_URIS = 10;
export const GRANT_TYPES = ["authorization_code", "refresh_token"] as const;

function toClient(row: typeof oauthClients.$inferSelect): OAuthClient {
  return {
    id: row.id,
    name: row.name,
    type: row.type as OAuthClient["type"],
    tokenEndpointAuthMethod: row.tokenEndpointAuthMethod as OAuthClient["tokenEndpointAuthMethod"],
    redirectUris: JSON.parse(row.redirectUris),
    grantTypes: JSON.parse(row.grantTypes),
    clientUri: row.clientUri,
    logoUri: row.logoUri,
    softwareId: row.softwareId,
    softwareVersion: row.softwareVersion,
    createdBy: row.createdBy as OAuthClient["createdBy"],
    createdAt: row.createdAt,
    revokedAt: row.revokedAt,
  };
}

/** The client with this id if it exists and is not revoked. */
export async function getClient(deps: AppDeps, clientId: string): Promise<OAuthClient | null> {
  if (!clientId || clientId.length > 200) return null;
  const row = await deps.db.query.oauthClients.findFirst({ where: eq(oauthClients.id, clientId) });
  return row && row.revokedAt === null ? toClient(row) : null;
}

/** Validates a list of redirect URIs or says what is wrong with the first bad one. */
export function validateRedirectUris(
  uris: unknown,
): { ok: true; uris: string[] } | { ok: false; reason: string } {
  if (!Array.isArray(uris) || uris.length === 0) {
    return { ok: false, reason: "redirect_uris must be a non-empty array" };
  }
  if (uris.length > MAX_REDIRECT_URIS) {
    return { ok: false, reason: `at most ${MAX_REDIRECT_URIS} redirect URIs` };
  }
  for (const u of uris) {
    const r = checkRedirectUri(u);
    if (!r.ok) return r;
  }
  return { ok: true, uris: [...new Set(uris as string[])] };
}

/** What a dynamic registration stores (already validated by the register endpoint). */
export interface DynamicRegistration {
  name: string;
  redirectUris: string[];
  clientUri?: string | null;
  logoUri?: string | null;
  softwareId?: string | null;
  softwareVersion?: string | null;
}

/** Stores a public client from a dynamic registration; the id is random and unguessable. */
export async function createPublicClient(deps: AppDeps, r: DynamicRegistration): Promise<OAuthClient> {
  const id = `mcp_${base64url(crypto.getRandomValues(new Uint8Array(18)))}`;
  const [row] = await deps.db.insert(oauthClients).values({
    id,
    name: r.name,
    type: "PUBLIC",
    secretHash: null,
    tokenEndpointAuthMethod: "none",
    redirectUris: JSON.stringify(r.redirectUris),
    grantTypes: JSON.stringify(GRANT_TYPES),
    clientUri: r.clientUri ?? null,
    logoUri: r.logoUri ?? null,
    softwareId: r.softwareId ?? null,
    softwareVersion: r.softwareVersion ?? null,
    createdBy: "DYNAMIC",
    createdAt: deps.clock.now(),
  }).returning();
  return toClient(row);
}

/**
 * Creates a confidential client by hand (the admin command calls this). Returns its id and its secret: the
 * secret is shown this once and stored only as a hash. The client authenticates at the token and
 * revocation endpoints with `client_secret_basic` or `client_secret_post`, and still uses PKCE.
 * Throws a validation AppError naming the bad redirect URI.
 */
export async function createConfidentialClient(
  deps: AppDeps,
  p: { name: string; redirectUris: string[] },
): Promise<{ clientId: string; clientSecret: string }> {
  const name = p.name.trim();
  if (!name || name.length > 100) {
    throw refusal("validation", "oauth.clientName", {}, { field: "name" });
  }
  const v = validateRedirectUris(p.redirectUris);
  if (!v.ok) {
    throw refusal("validation", "oauth.redirectUriInvalid", { reason: v.reason }, { field: "redirectUris" });
  }
  const clientId = `cc_${base64url(crypto.getRandomValues(new Uint8Array(18)))}`;
  const clientSecret = randomToken("hrcs");
  await deps.db.insert(oauthClients).values({
    id: clientId,
    name,
    type: "CONFIDENTIAL",
    secretHash: await sha256Hex(clientSecret),
    tokenEndpointAuthMethod: "client_secret_basic",
    redirectUris: JSON.stringify(v.uris),
    grantTypes: JSON.stringify(GRANT_TYPES),
    createdBy: "ADMIN",
    createdAt: deps.clock.now(),
  });
  return { clientId, clientSecret };
}

/**
 * Revokes a client: it can no longer authenticate, start an authorization or refresh, and every connection
 * to it stops working on the next request (getLiveConnection checks the client). False when not found.
 */
export async function revokeClient(deps: AppDeps, clientId: string): Promise<boolean> {
  const r = await deps.db.update(oauthClients).set({ revokedAt: deps.clock.now() })
    .where(eq(oauthClients.id, clientId)).returning({ id: oauthClients.id });
  return r.length > 0;
}

/** The newest clients first (for the admin command), revoked ones included, at most `limit`. */
export async function listClients(deps: AppDeps, limit = 50): Promise<OAuthClient[]> {
  const rows = await deps.db.select().from(oauthClients).orderBy(desc(oauthClients.createdAt)).limit(limit);
  return rows.map(toClient);
}

function decodeFormComponent(s: string): string {
  return decodeURIComponent(s.replaceAll("+", " "));
}

/**
 * Client authentication at the token and revocation endpoints (RFC 6749 §2.3.1): HTTP Basic with the
 * form-encoded id and secret, or `client_id` + `client_secret` in the body, or for a public client just
 * `client_id`. Using two methods at once is refused (§2.3). Anything that does not identify a live client
 * with the right credentials is `invalid_client`, 401: assistants re-register on it.
 */
export async function authenticateClient(
  deps: AppDeps,
  authorization: string | undefined,
  form: URLSearchParams,
): Promise<OAuthClient> {
  let id: string | null = null;
  let secret: string | null = null;
  const basic = authorization ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization) : null;
  if (authorization && !basic) {
    throw new OAuthError(
      "invalid_client",
      "Unsupported Authorization header; use Basic or send client_id in the body.",
      401,
    );
  }
  if (basic) {
    if (form.has("client_secret")) {
      throw new OAuthError(
        "invalid_request",
        "Use one client authentication method, not Basic and client_secret both.",
      );
    }
    let decoded: string;
    try {
      decoded = atob(basic[1]);
    } catch {
      throw new OAuthError("invalid_client", "The Basic credentials are not valid base64.", 401);
    }
    const colon = decoded.indexOf(":");
    if (colon < 0) {
      throw new OAuthError("invalid_client", "The Basic credentials have no ':' separator.", 401);
    }
    try {
      id = decodeFormComponent(decoded.slice(0, colon));
      secret = decodeFormComponent(decoded.slice(colon + 1));
    } catch {
      throw new OAuthError("invalid_client", "The Basic credentials are not form-encoded correctly.", 401);
    }
    const bodyId = form.get("client_id");
    if (bodyId !== null && bodyId !== id) {
      throw new OAuthError("invalid_request", "client_id in the body differs from the Basic credentials.");
    }
  } else {
    id = form.get("client_id");
    secret = form.get("client_secret");
  }
  if (!id) throw new OAuthError("invalid_client", "Client authentication is required: send client_id.", 401);
  const row = await deps.db.query.oauthClients.findFirst({ where: eq(oauthClients.id, id.slice(0, 200)) });
  if (!row || row.revokedAt !== null) {
    throw new OAuthError("invalid_client", "Unknown client; register again.", 401, {
      internal: "unknown or revoked",
    });
  }
  if (row.type === "CONFIDENTIAL") {
    if (!secret || !row.secretHash || !safeEqual(await sha256Hex(secret), row.secretHash)) {
      throw new OAuthError("invalid_client", "Client authentication failed.", 401, {
        internal: "bad secret",
      });
    }
  }
  // A public client has no secret to check; one it sends anyway is ignored (RFC 6749 §2.1 public clients).
  return toClient(row);
}
