/**
 * Connections: one per assistant (client) and person, carrying the scopes first approved (contract,
 * "Connector records" and rule 7: a grant never widens). Revoking one stops every token issued under it on
 * the next request.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { oauthConnections, oauthRevokedAccessTokens, oauthTokenFamilies } from "../db/schema/mod.ts";
import type { Db } from "../db/client.ts";
import { formatScopes, intersectScopes, readScopes, type Scope } from "./scopes.ts";
import { connectionMarker, type VerifiedAccessToken, verifiedToken } from "./tokens.ts";
import { keptRead, readRow } from "../db/local.ts";
import type { RawStatements } from "../db/raw_sql.ts";

/** A live connection as the MCP guard and the token endpoint see it, with its person as read now. */
export interface LiveConnection {
  id: string;
  clientId: string;
  clientName: string;
  userId: string;
  /** The scopes first approved: the ceiling of every token of this connection. */
  scopes: Scope[];
  createdAt: number;
  /** The person's role, language and record, read fresh: a change applies on the next request. */
  role: string;
  language: string;
  employeeId: string | null;
}

/** A connection's use is recorded at most this often, so reads do not turn into writes. */
export const TOUCH_EVERY_MS = 60_000;

/** Per database: when this process last recorded each connection's use. */
const touched = new WeakMap<object, Map<string, number>>();

/**
 * Whether a use of the connection now should be recorded (`oauth_connection_uses`): not yet recorded by
 * this process, or over a minute ago. Marks it recorded now when so. After a restart the first use is
 * recorded again, which only moves the time forward to the truth.
 */
export function touchDue(deps: Pick<AppDeps, "db">, connectionId: string, now: number): boolean {
  let m = touched.get(deps.db);
  if (!m) touched.set(deps.db, m = new Map());
  const last = m.get(connectionId);
  if (last !== undefined && now - last < TOUCH_EVERY_MS && now >= last) return false;
  if (m.size >= 10_000) m.clear();
  m.set(connectionId, now);
  return true;
}

/**
 * Primary-key lookups only: the revocation markers of `tokens.ts` (`<jti>`, `fam:<id>`, `cnx:<id>`), the
 * connection, its client and the person, in one statement (it runs on every connector request).
 */
const LIVE_SQL = `SELECT c.id, c.client_id, c.user_id, c.scopes, c.created_at, c.revoked_at,
    cl.name AS client_name, cl.revoked_at AS client_revoked_at, u.role, u.active, u.language, u.employee_id,
    EXISTS (SELECT 1 FROM oauth_revoked_access_tokens WHERE jti IN (?, ?, ?)) AS marked_revoked
  FROM oauth_connections c
  JOIN oauth_clients cl ON cl.id = c.client_id
  JOIN users u ON u.id = c.user_id
  WHERE c.id = ? LIMIT 1`;

/**
 * The connection if it is live: not revoked (nor marked so), its client not revoked, its person active.
 * `markers` are revocation markers that must not exist (a token's own, its family's, the connection's).
 */
async function liveConnection(
  deps: AppDeps,
  connectionId: string,
  markers: readonly [string, string, string],
  version?: number,
): Promise<LiveConnection | null> {
  // Every connector request reads its connection, and an assistant calls many times while nothing in these
  // tables changes: kept while they are unchanged (a revocation, a role change or a deactivation is a write
  // to one of them, or another process's commit, so it still applies on the very next request). A recorded
  // use goes to a table of its own (`oauth_connection_uses`) and changes none of them.
  return await keptRead(
    deps.database.client,
    LIVE_TABLES,
    `${connectionId} ${markers[0]} ${markers[1]} ${markers[2]}`,
    () => readLiveConnection(deps.database.client, connectionId, markers),
    version,
  );
}

/** The tables `LIVE_SQL` reads. */
const LIVE_TABLES = ["oauth_connections", "oauth_clients", "users", "oauth_revoked_access_tokens"] as const;

/** `LIVE_SQL` itself: the connection if it is live. */
async function readLiveConnection(
  client: AppDeps["database"]["client"],
  connectionId: string,
  markers: readonly [string, string, string],
): Promise<LiveConnection | null> {
  const r = await readRow(client, LIVE_SQL, [...markers, connectionId]);
  if (
    !r || Number(r.marked_revoked) !== 0 || r.revoked_at !== null || r.client_revoked_at !== null ||
    Number(r.active) !== 1
  ) return null;
  return {
    id: String(r.id),
    clientId: String(r.client_id),
    clientName: String(r.client_name),
    userId: String(r.user_id),
    scopes: readScopes(String(r.scopes)),
    createdAt: Number(r.created_at),
    role: String(r.role),
    language: String(r.language),
    employeeId: r.employee_id === null ? null : String(r.employee_id),
  };
}

/**
 * The scopes of the person's unrevoked connection with the client, or null when there is none: what the
 * consent page offers again and what its answer is checked against.
 */
export async function connectionScopes(
  deps: Pick<AppDeps, "db">,
  clientId: string,
  userId: string,
): Promise<Scope[] | null> {
  const existing = await deps.db.query.oauthConnections.findFirst({
    columns: { scopes: true },
    where: and(
      eq(oauthConnections.clientId, clientId),
      eq(oauthConnections.userId, userId),
      isNull(oauthConnections.revokedAt),
    ),
  });
  return existing ? readScopes(existing.scopes) : null;
}

/**
 * The connection if it is live (see `liveConnection`). Called on every refresh, so a revocation or a
 * deactivation applies on the next request.
 */
export function getLiveConnection(deps: AppDeps, connectionId: string): Promise<LiveConnection | null> {
  const marker = `cnx:${connectionId}`;
  return liveConnection(deps, connectionId, [marker, marker, marker]);
}

/**
 * An access token that may be used now: signature, issuer, audience and expiry (`verifiedToken`, cached per
 * token), not revoked (nor its family or connection), and its connection live for the same person and
 * client. Null otherwise. The one check of token liveness: the connector's guard runs it on every request.
 * `version`: a `dataVersion` read for this request (one read serves every check the request makes).
 */
export async function authenticateAccessToken(
  deps: AppDeps,
  raw: string,
  version?: number,
): Promise<{ token: VerifiedAccessToken; connection: LiveConnection } | null> {
  const checked = await verifiedToken(deps, raw);
  if (!checked) return null;
  const { claims } = checked;
  const connection = await liveConnection(deps, claims.connectionId, checked.markers, version);
  if (!connection || connection.userId !== claims.userId || connection.clientId !== claims.clientId) {
    return null;
  }
  return { token: { ...claims, scopes: [...claims.scopes] }, connection };
}

/**
 * Finds the person's live connection to this client or creates it. A new connection carries `scopes`; an
 * existing one keeps its first-approved scopes and the grant is their intersection with `scopes`, so a
 * later consent never widens (it may narrow the grant to less than the connection allows, never more).
 * `scopes` of the result are what this grant may carry; they may be empty when nothing overlaps.
 */
export async function findOrCreateConnection(
  deps: AppDeps,
  p: { clientId: string; userId: string; scopes: readonly string[] },
): Promise<{ id: string; scopes: Scope[]; created: boolean }> {
  const live = () =>
    deps.db.query.oauthConnections.findFirst({
      where: and(
        eq(oauthConnections.clientId, p.clientId),
        eq(oauthConnections.userId, p.userId),
        isNull(oauthConnections.revokedAt),
      ),
    });
  const existing = await live();
  if (existing) {
    return {
      id: existing.id,
      scopes: intersectScopes(readScopes(existing.scopes), p.scopes),
      created: false,
    };
  }
  const scopes = intersectScopes(p.scopes, p.scopes);
  try {
    const [row] = await deps.db.insert(oauthConnections).values({
      clientId: p.clientId,
      userId: p.userId,
      scopes: formatScopes(scopes),
      createdAt: deps.clock.now(),
    }).returning({ id: oauthConnections.id });
    return { id: row.id, scopes, created: true };
  } catch (e) {
    // Two consents at the same moment: the unique index on live (client, person) let only one insert win.
    const again = await live();
    if (!again) throw e;
    return { id: again.id, scopes: intersectScopes(readScopes(again.scopes), p.scopes), created: false };
  }
}

/**
 * Revokes a connection: its refresh-token families are revoked and its access tokens stop at once.
 * `by` is who did it (the person's or an admin's user id, or a reason). False when it was not live.
 */
export async function revokeConnection(deps: AppDeps, connectionId: string, by: string): Promise<boolean> {
  return (await endConnections(deps.db, deps.clock.now(), [connectionId], by)).length > 0;
}

/** What revoking connections writes: `update` and `insert` of the database or of a transaction. */
type Writer = Pick<Db, "select" | "update" | "insert">;

/**
 * Revokes the live ones of `ids` inside the caller's transaction: the connections, their refresh-token
 * families and (by a marker each) their access tokens. Returns the ids revoked.
 */
async function endConnections(q: Writer, now: number, ids: readonly string[], by: string): Promise<string[]> {
  if (!ids.length) return [];
  const r = await q.update(oauthConnections).set({ revokedAt: now, revokedBy: by })
    .where(and(inArray(oauthConnections.id, [...ids]), isNull(oauthConnections.revokedAt)))
    .returning({ id: oauthConnections.id });
  const done = r.map((c) => c.id);
  if (!done.length) return [];
  await q.update(oauthTokenFamilies).set({ revokedAt: now, revokeReason: "connection revoked" })
    .where(and(inArray(oauthTokenFamilies.connectionId, done), isNull(oauthTokenFamilies.revokedAt)));
  await q.insert(oauthRevokedAccessTokens).values(done.map((id) => connectionMarker(id, now)))
    .onConflictDoNothing();
  return done;
}

/**
 * Revokes a person's live assistant connections (all, or those carrying a scope the person may no longer use)
 * inside the caller's transaction: after a password reset or a deactivation nothing an assistant held before
 * keeps working, and a role change ends the connections whose grant the new role could not have been given.
 * Revoked connections never come back (a reactivation starts without any); the person connects again.
 * Returns how many were revoked.
 */
export async function revokeUserConnections(
  q: Writer,
  now: number,
  userId: string,
  reason: string,
  keepOnly?: readonly Scope[],
): Promise<number> {
  const live = await q.select({ id: oauthConnections.id, scopes: oauthConnections.scopes })
    .from(oauthConnections).where(
      and(eq(oauthConnections.userId, userId), isNull(oauthConnections.revokedAt)),
    );
  const ids = live.filter((c) => !keepOnly || !readScopes(c.scopes).every((s) => keepOnly.includes(s)))
    .map((c) => c.id);
  return (await endConnections(q, now, ids, reason)).length;
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { LIVE_SQL };
