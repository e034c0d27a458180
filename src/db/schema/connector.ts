import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { day, id, instant } from "./_common.ts";
import { employees, users } from "./people.ts";

/** An OAuth client: PUBLIC (dynamic registration, PKCE only) or CONFIDENTIAL (made by an admin; secret hashed). */
export const oauthClients = sqliteTable("oauth_clients", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  type: text("type").notNull(),
  secretHash: text("secret_hash"),
  tokenEndpointAuthMethod: text("token_endpoint_auth_method").notNull(),
  /** JSON array of exact redirect URIs. */
  redirectUris: text("redirect_uris").notNull(),
  grantTypes: text("grant_types").notNull(),
  clientUri: text("client_uri"),
  logoUri: text("logo_uri"),
  softwareId: text("software_id"),
  softwareVersion: text("software_version"),
  /** DYNAMIC | ADMIN */
  createdBy: text("created_by").notNull(),
  createdAt: instant("created_at").notNull(),
  revokedAt: instant("revoked_at"),
});

/**
 * One per assistant (client) and person. `scopes` are those first approved; later consents and refreshes
 * never widen them. Revoking it stops every token issued under it on the next request.
 */
export const oauthConnections = sqliteTable("oauth_connections", {
  id: id(),
  clientId: text("client_id").notNull().references(() => oauthClients.id),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  scopes: text("scopes").notNull(),
  createdAt: instant("created_at").notNull(),
  revokedAt: instant("revoked_at"),
  revokedBy: text("revoked_by"),
}, (t) => [
  uniqueIndex("oauth_connections_live_idx").on(t.clientId, t.userId).where(sql`revoked_at IS NULL`),
  index("oauth_connections_user_idx").on(t.userId),
]);

/**
 * When a connection was last used (written at most once a minute per connection). Kept apart from the
 * connection's row: every connector request reads that row, kept in memory while its table is unchanged
 * (`keptRead`), and a use recorded in it would change the table and make the next requests of every
 * connection read it again.
 */
export const oauthConnectionUses = sqliteTable("oauth_connection_uses", {
  connectionId: text("connection_id").primaryKey().references(() => oauthConnections.id, {
    onDelete: "cascade",
  }),
  lastUsedAt: instant("last_used_at").notNull(),
});

/** A pending authorization request held server-side while the person signs in and consents. */
export const oauthAuthorizationRequests = sqliteTable("oauth_authorization_requests", {
  id: id(),
  clientId: text("client_id").notNull().references(() => oauthClients.id),
  /** JSON of the validated parameters (redirect URI, state, PKCE challenge, resource, scopes). */
  params: text("params").notNull(),
  csrfHash: text("csrf_hash").notNull(),
  createdAt: instant("created_at").notNull(),
  expiresAt: instant("expires_at").notNull(),
});

/** An authorization code (hashed). Single use; a second use revokes the family the first use created. */
export const oauthAuthorizationCodes = sqliteTable("oauth_authorization_codes", {
  codeHash: text("code_hash").primaryKey(),
  clientId: text("client_id").notNull().references(() => oauthClients.id),
  connectionId: text("connection_id").notNull().references(() => oauthConnections.id),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  codeChallenge: text("code_challenge").notNull(),
  resource: text("resource").notNull(),
  scopes: text("scopes").notNull(),
  createdAt: instant("created_at").notNull(),
  expiresAt: instant("expires_at").notNull(),
  usedAt: instant("used_at"),
  familyId: text("family_id"),
});

/** A chain of rotated refresh tokens from one authorization; revoked whole when a rotated token is reused. */
export const oauthTokenFamilies = sqliteTable("oauth_token_families", {
  id: id(),
  connectionId: text("connection_id").notNull().references(() => oauthConnections.id),
  clientId: text("client_id").notNull(),
  scopes: text("scopes").notNull(),
  createdAt: instant("created_at").notNull(),
  revokedAt: instant("revoked_at"),
  revokeReason: text("revoke_reason"),
}, (t) => [index("oauth_token_families_conn_idx").on(t.connectionId)]);

/** A refresh token (hashed). `rotatedAt` set when used; using it again revokes the family. */
export const oauthRefreshTokens = sqliteTable("oauth_refresh_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  familyId: text("family_id").notNull().references(() => oauthTokenFamilies.id),
  scopes: text("scopes").notNull(),
  createdAt: instant("created_at").notNull(),
  expiresAt: instant("expires_at").notNull(),
  rotatedAt: instant("rotated_at"),
  /** The token this one was issued for (null for the first of a family): tells a retry from reuse. */
  parentHash: text("parent_hash"),
  /** Set when a sibling issued to a retry was used instead: refused, without revoking the family. */
  supersededAt: instant("superseded_at"),
}, (t) => [
  index("oauth_refresh_tokens_family_idx").on(t.familyId),
  index("oauth_refresh_tokens_parent_idx").on(t.parentHash),
]);

/** Revoked access tokens (by `jti`) until they would have expired anyway (RFC 7009). */
export const oauthRevokedAccessTokens = sqliteTable("oauth_revoked_access_tokens", {
  jti: text("jti").primaryKey(),
  expiresAt: instant("expires_at").notNull(),
});

/** Token signing keys (asymmetric). The newest active one signs; retired ones verify until tokens expire. */
export const oauthSigningKeys = sqliteTable("oauth_signing_keys", {
  kid: text("kid").primaryKey(),
  alg: text("alg").notNull(),
  privateJwk: text("private_jwk").notNull(),
  publicJwk: text("public_jwk").notNull(),
  createdAt: instant("created_at").notNull(),
  retiredAt: instant("retired_at"),
});

/** A stored `prepare_*` result: single use, bound to one connection, 15 minutes. */
export const mcpPreviews = sqliteTable("mcp_previews", {
  id: text("id").primaryKey(),
  connectionId: text("connection_id").notNull().references(() => oauthConnections.id),
  tool: text("tool").notNull(),
  /** JSON: what commit needs to file it. */
  payload: text("payload").notNull(),
  createdAt: instant("created_at").notNull(),
  expiresAt: instant("expires_at").notNull(),
  /** PENDING | COMMITTED | REFUSED (CLAIMED: left by a process that stopped before filing; never filed) */
  status: text("status").notNull().default("PENDING"),
  committedAt: instant("committed_at"),
  /** JSON of the first commit's result, replayed to a retried commit. */
  result: text("result"),
}, (t) => [index("mcp_previews_conn_idx").on(t.connectionId, t.createdAt)]);

/**
 * One row per tool call, resource read or prompt: who, which connection, which tool, argument names (free
 * text only as length and hash), records touched, result count and outcome (refusals included).
 */
export const mcpAudit = sqliteTable("mcp_audit", {
  // Append-only and read by time, never by id: no primary key, so a call's row goes into two b-trees (the
  // table's and the time index) instead of three. The id is a UUID made for the row (version 7 by the
  // connector), unique as made; an index on it was about a third of the row's cost (docs/performance.md).
  id: text("id").notNull().$defaultFn(() => crypto.randomUUID()),
  createdAt: instant("created_at").notNull(),
  requestId: text("request_id"),
  clientId: text("client_id"),
  connectionId: text("connection_id"),
  userId: text("user_id"),
  /** tool | resource | prompt */
  kind: text("kind").notNull(),
  name: text("name").notNull(),
  argumentNames: text("argument_names").notNull(),
  freeText: text("free_text"),
  /** JSON array of employee ids (and other record refs) the result concerned. */
  recordsTouched: text("records_touched").notNull(),
  resultCount: integer("result_count"),
  outcome: text("outcome").notNull(),
  durationMs: integer("duration_ms"),
}, (t) => [
  // The export reads by time; no query reads by connection, so no index on it (migration 0002 dropped one:
  // each audited call inserted into it at a random place, measured at about a tenth of a call's CPU time).
  index("mcp_audit_created_idx").on(t.createdAt),
]);

/**
 * Fixed-window counters (per connection per minute, per day, per hour; registration limits). The key starts
 * with the window, so the counters of the current window lie together at the end of the index instead of
 * one per connection scattered through it (migration 0002), and old windows are deleted as one range.
 */
export const rateCounters = sqliteTable("rate_counters", {
  key: text("key").notNull(),
  windowStart: instant("window_start").notNull(),
  count: integer("count").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.windowStart, t.key] })]);

/** Distinct person records a connection touched per UTC day (the daily allowance counts these rows). */
export const personTouches = sqliteTable("person_touches", {
  connectionId: text("connection_id").notNull(),
  day: day("day").notNull(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.connectionId, t.day, t.employeeId] })]);

/** A connection that touched 50 or more people in one UTC day is recorded as an export. */
export const exportRecords = sqliteTable("export_records", {
  id: id(),
  connectionId: text("connection_id").notNull(),
  userId: text("user_id"),
  day: day("day").notNull(),
  personCount: integer("person_count").notNull(),
  recordedAt: instant("recorded_at").notNull(),
}, (t) => [uniqueIndex("export_records_conn_day_idx").on(t.connectionId, t.day)]);
