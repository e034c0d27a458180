/**
 * The connector's guard, per request: the bearer token is verified (signature with cached keys, issuer,
 * audience = the canonical MCP URL, expiry, revocation), then ONE indexed query re-reads the connection,
 * its client and the person: the connection must be live, the client not revoked, the person active; their
 * role, language and employee record are taken from this read, so a role change or a deactivation applies
 * on the very next request (contract, "Authentication / Connector" 8). Scope and permission are checked per
 * tool call by the server (`server.ts`), limits by `limits.ts`.
 */
import { sql } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { intersectScopes, type Scope, SCOPES } from "../oauth/scopes.ts";
import { type VerifiedAccessToken, verifyAccessToken } from "../oauth/tokens.ts";
import type { Actor } from "../services/actor.ts";
import type { ConnectionInfo } from "./tool.ts";
import { writerOf } from "./writer.ts";

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

/**
 * Authenticates a request: the token, then the live connection and the person re-read. Returns the
 * context, or why it failed (the HTTP layer turns that into the 401 challenge).
 */
export async function authenticate(
  deps: AppDeps,
  authorization: string | null,
  requestId: string,
): Promise<RequestContext | AuthFailure> {
  const raw = bearerToken(authorization);
  if (!raw) return "missing";
  const token = await verifyAccessToken(deps, raw);
  if (!token) return "invalid";
  // One indexed query (primary keys only): connection, its client, the person.
  const r = await deps.database.client.execute({
    sql: `SELECT c.client_id, c.user_id, c.scopes, c.last_used_at, c.revoked_at, cl.name AS client_name,
            cl.revoked_at AS client_revoked_at, u.role, u.active, u.language, u.employee_id
          FROM oauth_connections c
          JOIN oauth_clients cl ON cl.id = c.client_id
          JOIN users u ON u.id = c.user_id
          WHERE c.id = ? LIMIT 1`,
    args: [token.connectionId],
  });
  const row = r.rows[0] as Record<string, unknown> | undefined;
  if (
    !row || row.revoked_at !== null || row.client_revoked_at !== null || Number(row.active) !== 1 ||
    row.user_id !== token.userId || row.client_id !== token.clientId
  ) return "invalid";

  const granted = String(row.scopes).split(" ");
  const scopes: Scope[] = intersectScopes(token.scopes, granted);
  const lastUsed = row.last_used_at === null ? null : Number(row.last_used_at);
  const now = deps.clock.now();
  if (lastUsed === null || now - lastUsed >= TOUCH_EVERY_MS) {
    writerOf(deps).run(
      sql`UPDATE oauth_connections SET last_used_at = ${now} WHERE id = ${token.connectionId}`,
    )
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
