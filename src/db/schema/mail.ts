import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, instant } from "./_common.ts";

/**
 * The mail outbox: a message is written here in the same transaction as what caused it, then delivered
 * over SMTP by the worker. QUEUED → SENDING → SENT, or back to QUEUED with backoff, or FAILED for good.
 */
export const mailOutbox = sqliteTable("mail_outbox", {
  id: id(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body"),
  /**
   * What the body must not hold at rest (an invitation link): sealed with the key-encryption key, filled into
   * the body's `{{name}}` places only when the message is handed to SMTP, and cleared once it is sent or given up.
   */
  secrets: text("secrets"),
  status: text("status").notNull().default("QUEUED"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: instant("next_attempt_at").notNull(),
  lastError: text("last_error"),
  messageId: text("message_id"),
  /** What caused it, e.g. `application:<id>`. */
  relatedTo: text("related_to"),
  createdAt: instant("created_at").notNull(),
  sentAt: instant("sent_at"),
}, (t) => [index("mail_outbox_status_next_idx").on(t.status, t.nextAttemptAt)]);
