/**
 * Connected assistants as people see them: the list behind the "Connected assistants" page and the portal
 * endpoints, and revocation by the person (their own) or an admin (anyone's).
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { oauthClients, oauthConnections, oauthConnectionUses, users } from "../db/schema/mod.ts";
import { revokeConnection } from "./connections.ts";
import { readScopes, type Scope } from "./scopes.ts";

/** One live connection, with its assistant and (for the admin view) its person. */
export interface ConnectedAssistant {
  id: string;
  clientId: string;
  clientName: string;
  /** True for a client an admin created by hand; false for a self-registered one. */
  verified: boolean;
  scopes: Scope[];
  createdAt: number;
  lastUsedAt: number | null;
  userId: string;
  userEmail: string;
}

/** Whether a role sees and revokes everyone's connections. */
export function seesAllConnections(role: string): boolean {
  return role === "admin";
}

/** Live connections of one person, or of everyone (`all`), newest first, at most 50. */
export async function listConnectedAssistants(
  deps: AppDeps,
  who: { userId: string } | { all: true },
): Promise<ConnectedAssistant[]> {
  const live = and(isNull(oauthConnections.revokedAt), isNull(oauthClients.revokedAt));
  const rows = await deps.db.select({
    id: oauthConnections.id,
    clientId: oauthConnections.clientId,
    clientName: oauthClients.name,
    createdBy: oauthClients.createdBy,
    scopes: oauthConnections.scopes,
    createdAt: oauthConnections.createdAt,
    lastUsedAt: oauthConnectionUses.lastUsedAt,
    userId: oauthConnections.userId,
    userEmail: users.email,
  }).from(oauthConnections)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthConnections.clientId))
    .innerJoin(users, eq(users.id, oauthConnections.userId))
    .leftJoin(oauthConnectionUses, eq(oauthConnectionUses.connectionId, oauthConnections.id))
    .where("all" in who ? live : and(live, eq(oauthConnections.userId, who.userId)))
    .orderBy(desc(oauthConnections.createdAt)).limit(50);
  return rows.map((r) => ({
    id: r.id,
    clientId: r.clientId,
    clientName: r.clientName,
    verified: r.createdBy === "ADMIN",
    scopes: readScopes(r.scopes),
    createdAt: r.createdAt,
    lastUsedAt: r.lastUsedAt,
    userId: r.userId,
    userEmail: r.userEmail,
  }));
}

/**
 * Revokes a connection on behalf of a person: their own, or anyone's for an admin. Returns the assistant's
 * name, or null when there is no such live connection the actor may revoke (the same answer either way,
 * so ids of other people's connections are not confirmed).
 */
export async function revokeConnectedAssistant(
  deps: AppDeps,
  actor: { userId: string; role: string },
  connectionId: string,
): Promise<{ clientName: string } | null> {
  if (!/^[0-9a-f-]{36}$/.test(connectionId)) return null;
  const rows = await deps.db.select({ userId: oauthConnections.userId, clientName: oauthClients.name })
    .from(oauthConnections).innerJoin(oauthClients, eq(oauthClients.id, oauthConnections.clientId))
    .where(and(eq(oauthConnections.id, connectionId), isNull(oauthConnections.revokedAt))).limit(1);
  const r = rows[0];
  if (!r || (r.userId !== actor.userId && !seesAllConnections(actor.role))) return null;
  if (!await revokeConnection(deps, connectionId, actor.userId)) return null;
  deps.log.info("assistant connection revoked", { connectionId, by: actor.userId });
  return { clientName: r.clientName };
}
