import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, instant } from "./_common.ts";
import { users } from "./people.ts";

/**
 * An invitation to set one's own password: a single-use link sent by e-mail, valid for seven days. Only the
 * SHA-256 of the link's token is stored; a new invitation for the same account replaces the open ones.
 */
export const invitations = sqliteTable("invitations", {
  id: id(),
  tokenHash: text("token_hash").notNull().unique(),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  createdAt: instant("created_at").notNull(),
  expiresAt: instant("expires_at").notNull(),
  usedAt: instant("used_at"),
  /** Set when a newer invitation for the account replaced this one. */
  replacedAt: instant("replaced_at"),
}, (t) => [index("invitations_user_idx").on(t.userId)]);
