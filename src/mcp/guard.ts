/**
 * The connector's guard, per request: `authenticateAccessToken` (oauth/connections.ts) verifies the bearer
 * token and, in one indexed query, its revocation, the connection, its client and the person; the person's
 * role, language and employee record are taken from that read, so a role change or a deactivation applies
 * on the very next request (contract, "Authentication / Connector" 8). Scope and permission are checked per
 * tool call by the server (`server.ts`), limits by `limits.ts`.
 */
import { langOr } from "../i18n/mod.ts";
import type { AppDeps } from "../deps.ts";
import { intersectScopes, SCOPES } from "../oauth/scopes.ts";
import type { VerifiedAccessToken } from "../oauth/tokens.ts";
import { authenticateAccessToken, touchDue } from "../oauth/connections.ts";
import type { Actor } from "../services/actor.ts";
import type { ConnectionInfo } from "./tool.ts";
import { writerOf } from "./writer.ts";
import { dataVersion as readDataVersion } from "../db/local.ts";
import type { RawStatements } from "../db/raw_sql.ts";

/** Everything a request's handlers need to know about who is calling. */
export interface RequestContext {
  requestId: string;
  token: VerifiedAccessToken;
  actor: Actor;
  connection: ConnectionInfo;
  /**
   * `PRAGMA data_version` as read for this request (`dataVersion`), before anything it reads: the stamp of
   * every result it keeps or serves again, so that one read serves the whole request.
   */
  dataVersion: number | undefined;
}

/** Why a request is not authenticated: no token, or one that does not (or no longer) verify. */
export type AuthFailure = "missing" | "invalid";

/** Extracts the bearer token from an `Authorization` header (RFC 6750 §2.1), or undefined. */
export function bearerToken(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer[ ]+([\w.~+/-]+=*)$/i.exec(header.trim());
  return m?.[1];
}

/** A connection's last use, never moved back. */
const TOUCH_CONNECTION_SQL = `INSERT INTO oauth_connection_uses (connection_id, last_used_at) VALUES (?, ?)
  ON CONFLICT (connection_id) DO UPDATE SET last_used_at = max(last_used_at, excluded.last_used_at)`;

/**
 * Authenticates a request with `authenticateAccessToken` (token, revocation, live connection, the person
 * read now) and records the connection's use at most once a minute, through the connector's group-committed
 * writer. Returns the context, or why it failed (the HTTP layer turns that into the 401 challenge).
 */
export async function authenticate(
  deps: AppDeps,
  authorization: string | null,
  requestId: string,
): Promise<RequestContext | AuthFailure> {
  const raw = bearerToken(authorization);
  if (!raw) return "missing";
  const dataVersion = await readDataVersion(deps.database.client);
  const live = await authenticateAccessToken(deps, raw, dataVersion);
  if (!live) return "invalid";
  const { token, connection } = live;
  const now = deps.clock.now();
  if (touchDue(deps, connection.id, now)) {
    writerOf(deps).run({
      sql: TOUCH_CONNECTION_SQL,
      args: [connection.id, now],
    })
      .catch((e) => deps.log.warn("connection touch failed", { requestId, error: String(e) }));
  }
  return {
    requestId,
    dataVersion,
    token,
    connection: {
      id: connection.id,
      clientId: connection.clientId,
      clientName: connection.clientName,
      scopes: intersectScopes(token.scopes, connection.scopes),
      granted: connection.scopes,
    },
    actor: {
      userId: token.userId,
      role: connection.role,
      language: langOr(connection.language),
      employeeId: connection.employeeId,
      channel: "ASSISTANT",
      connectionId: connection.id,
      clientId: connection.clientId,
    },
  };
}

/** The scope hint of the 401 challenge: every scope, since a later consent can never widen a grant. */
export const SCOPE_HINT = SCOPES.join(" ");

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { TOUCH_CONNECTION_SQL };
