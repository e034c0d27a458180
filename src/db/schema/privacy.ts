import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, instant } from "./_common.ts";
import { employees } from "./people.ts";

/**
 * A person's own data export (right of access, Art. 25 FADP): asked for in the portal or by HR on the
 * person's written request, prepared in the background, offered for download until `expiresAt`; then the
 * archive is deleted and the row stays as the record of the request (who asked, when, how often downloaded).
 */
export const dataExports = sqliteTable("data_exports", {
  id: id(),
  employeeId: text("employee_id").references(() => employees.id, { onDelete: "cascade" }),
  userId: text("user_id"),
  /** PORTAL (the person) | HR (the `person export` command, on the person's written request) */
  requestedVia: text("requested_via").notNull(),
  requestedByUserId: text("requested_by_user_id"),
  /** PREPARING | READY | FAILED | EXPIRED */
  status: text("status").notNull(),
  createdAt: instant("created_at").notNull(),
  readyAt: instant("ready_at"),
  expiresAt: instant("expires_at").notNull(),
  archive: blob("archive", { mode: "buffer" }),
  sizeBytes: integer("size_bytes"),
  downloadCount: integer("download_count").notNull().default(0),
  lastDownloadedAt: instant("last_downloaded_at"),
}, (t) => [index("data_exports_employee_idx").on(t.employeeId, t.createdAt)]);
