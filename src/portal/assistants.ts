/**
 * Portal endpoints (tag `auth`) for connected assistants: a person lists and disconnects theirs; an admin
 * lists everyone's (`?all=true`) and disconnects any.
 */
import { z } from "zod";
import { refusal } from "../errors.ts";
import { route, type RouteDef } from "./route.ts";
import { boolQuery, dateTime, idParam, wholeListFields } from "./schemas.ts";
import {
  listConnectedAssistants,
  revokeConnectedAssistant,
  seesAllConnections,
} from "../oauth/assistants.ts";
import { SCOPES } from "../oauth/scopes.ts";

const iso = (ms: number) => new Date(ms).toISOString();

const ConnectedAssistant = z.strictObject({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  verified: z.boolean().meta({
    description: "True when an admin created the client; false when it registered itself.",
  }),
  scopes: z.array(z.enum(SCOPES)),
  connectedAt: dateTime,
  lastUsedAt: dateTime.nullable(),
  user: z.strictObject({ id: z.string(), email: z.string() }),
});

/** The connected-assistant routes, spread into the portal's route list. */
export const assistantRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/auth/assistants",
    operationId: "listConnectedAssistants",
    tag: "auth",
    access: "user",
    summary: "The assistants connected to the caller's account (admins: everyone's with all=true)",
    description:
      "Each live connection of an AI assistant (OAuth client) to a person, with the scopes it carries. " +
      "An admin passes `all=true` to see the connections of every person.",
    query: z.strictObject({ all: boolQuery("`true` (admins): every person's connections.").optional() }),
    response: z.strictObject(wholeListFields(ConnectedAssistant)),
    errors: { 403: "all=true without the admin role." },
    handler: async ({ deps, user, query }) => {
      const all = query.all ?? false;
      if (all && !seesAllConnections(user.role)) {
        throw refusal("forbidden", "assistant.adminOnly");
      }
      const list = await listConnectedAssistants(deps, all ? { all: true } : { userId: user.userId });
      const items = list.map((a) => ({
        id: a.id,
        clientId: a.clientId,
        clientName: a.clientName,
        verified: a.verified,
        scopes: a.scopes,
        connectedAt: iso(a.createdAt),
        lastUsedAt: a.lastUsedAt === null ? null : iso(a.lastUsedAt),
        user: { id: a.userId, email: a.userEmail },
      }));
      return { items, nextCursor: null };
    },
  }),
  route({
    method: "delete",
    path: "/auth/assistants/:id",
    operationId: "disconnectAssistant",
    tag: "auth",
    access: "user",
    summary: "Disconnect an assistant (its tokens stop working on the next request)",
    description:
      "Ends an AI assistant's connection to the caller's account: its access and refresh tokens stop " +
      "working on its next request. An admin may disconnect anyone's connection (as listed by `GET " +
      "/auth/assistants?all=true`); an id the caller may not disconnect answers 404.",
    params: idParam,
    response: z.strictObject({ disconnected: z.literal(true) }),
    errors: { 404: "No live connection with this id that the caller may disconnect." },
    handler: async ({ deps, user, params }) => {
      if (!await revokeConnectedAssistant(deps, user, params.id)) {
        throw refusal("not_found", "assistant.noSuchConnection");
      }
      return { disconnected: true as const };
    },
  }),
];
