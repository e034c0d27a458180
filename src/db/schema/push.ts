import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, instant } from "./_common.ts";
import { sessions, users } from "./people.ts";

/**
 * A phone that receives push notifications for an account: its platform (APNS for Apple, FCM for Google),
 * the token the platform gave the app, and the language its texts are written in. A token the platform
 * reports as no longer valid is removed.
 */
export const pushDevices = sqliteTable("push_devices", {
  id: id(),
  userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  /**
   * The sign-in session the phone registered with: a device gets pushes only while that session is live, so
   * a phone signed out (or revoked from another device, or its account deactivated) gets none. Null for a
   * registration from before devices were tied to sessions: it gets none until the app registers again.
   */
  sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
  /** APNS | FCM */
  platform: text("platform").notNull(),
  token: text("token").notNull().unique(),
  language: text("language").notNull(),
  createdAt: instant("created_at").notNull(),
  updatedAt: instant("updated_at").notNull(),
}, (t) => [index("push_devices_user_idx").on(t.userId), index("push_devices_session_idx").on(t.sessionId)]);

/**
 * The push outbox: one message per device and notification, written with the notification and delivered by
 * the worker. QUEUED → SENDING → SENT, back to QUEUED with backoff, or FAILED for good (the device gone, a
 * permanent refusal, or too many attempts). Title and body carry no free text from the record.
 */
export const pushOutbox = sqliteTable("push_outbox", {
  id: id(),
  deviceId: text("device_id").notNull().references(() => pushDevices.id, { onDelete: "cascade" }),
  notificationId: text("notification_id"),
  title: text("title").notNull(),
  body: text("body").notNull(),
  /** JSON object of strings: the notification's kind and ids, for the app to open the right screen. */
  data: text("data").notNull(),
  status: text("status").notNull().default("QUEUED"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: instant("next_attempt_at").notNull(),
  lastError: text("last_error"),
  createdAt: instant("created_at").notNull(),
  sentAt: instant("sent_at"),
}, (t) => [index("push_outbox_status_next_idx").on(t.status, t.nextAttemptAt)]);
