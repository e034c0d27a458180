/**
 * Connections: one per assistant (client) and person, carrying the scopes first approved (contract,
 * "Connector records" and rule 7: a grant never widens). Revoking one stops every token issued under it on
 * the next request.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { oauthClients, oauthConnections, oauthTokenFamilies, users } from "../db/schema/mod.ts";
import { formatScopes, intersectScopes, readScopes, type Scope } from "./scopes.ts";
import { revokeConnectionAccessTokens } from "./tokens.ts";

/** A live connection as the MCP guard and the token endpoint see it. */
export interface LiveConnection {
  id: string;
  clientId: string;
  clientName: string;
  userId: string;
  /** The scopes first approved: the ceiling of every token of this connection. */
  scopes: Scope[];
  createdAt: number;
  lastUsedAt: number | null;
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
 * The connection if it is live: not revoked, its client not revoked, and its person still active. Null
 * otherwise. Called on every MCP request (after `verifyAccessToken`) and on every refresh, so a revocation
 * or a deactivation applies on the next request. One indexed join.
 */
export async function getLiveConnection(deps: AppDeps, connectionId: string): Promise<LiveConnection | null> {
  const rows = await deps.db.select({
    id: oauthConnections.id,
    clientId: oauthConnections.clientId,
    clientName: oauthClients.name,
    userId: oauthConnections.userId,
    scopes: oauthConnections.scopes,
    createdAt: oauthConnections.createdAt,
    lastUsedAt: oauthConnections.lastUsedAt,
    revokedAt: oauthConnections.revokedAt,
    clientRevokedAt: oauthClients.revokedAt,
    active: users.active,
  }).from(oauthConnections)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthConnections.clientId))
    .innerJoin(users, eq(users.id, oauthConnections.userId))
    .where(eq(oauthConnections.id, connectionId)).limit(1);
  const r = rows[0];
  if (!r || r.revokedAt !== null || r.clientRevokedAt !== null || !r.active) return null;
  return {
    id: r.id,
    clientId: r.clientId,
    clientName: r.clientName,
    userId: r.userId,
    scopes: readScopes(r.scopes),
    createdAt: r.createdAt,
    lastUsedAt: r.lastUsedAt,
  };
}

/** Records that a connection was used, at most once a minute (so reads do not turn into writes). */
export async function touchConnection(
  deps: AppDeps,
  c: { id: string; lastUsedAt: number | null },
): Promise<void> {
  const now = deps.clock.now();
  if (c.lastUsedAt !== null && now - c.lastUsedAt < 60_000) return;
  await deps.db.update(oauthConnections).set({ lastUsedAt: now }).where(eq(oauthConnections.id, c.id));
}

/**
 * Revokes a connection: its refresh-token families are revoked and its access tokens stop at once.
 * `by` is who did it (the person's or an admin's user id, or a reason). False when it was not live.
 */
export async function revokeConnection(deps: AppDeps, connectionId: string, by: string): Promise<boolean> {
  const now = deps.clock.now();
  const r = await deps.db.update(oauthConnections).set({ revokedAt: now, revokedBy: by })
    .where(and(eq(oauthConnections.id, connectionId), isNull(oauthConnections.revokedAt)))
    .returning({ id: oauthConnections.id });
  if (!r.length) return false;
  await deps.db.update(oauthTokenFamilies).set({ revokedAt: now, revokeReason: "connection revoked" })
    .where(and(eq(oauthTokenFamilies.connectionId, connectionId), isNull(oauthTokenFamilies.revokedAt)));
  await revokeConnectionAccessTokens(deps, connectionId);
  return true;
}

/**
 * Revokes a person's live assistant connections (all, or those carrying a scope the person may no longer use):
 * after a password reset or a deactivation nothing an assistant held before keeps working, and a role change
 * ends the connections whose grant the new role could not have been given. Revoked connections never come
 * back (a reactivation starts without any); the person connects again. Returns how many were revoked.
 */
export async function revokeUserConnections(
  deps: AppDeps,
  userId: string,
  reason: string,
  keepOnly?: readonly Scope[],
): Promise<number> {
  const live = await deps.db.select({ id: oauthConnections.id, scopes: oauthConnections.scopes })
    .from(oauthConnections).where(
      and(eq(oauthConnections.userId, userId), isNull(oauthConnections.revokedAt)),
    );
  let n = 0;
  for (const c of live) {
    if (keepOnly && readScopes(c.scopes).every((s) => keepOnly.includes(s))) continue;
    if (await revokeConnection(deps, c.id, reason)) n++;
  }
  return n;
}
