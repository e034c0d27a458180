import { blob, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { day, flag, id, instant } from "./_common.ts";
import { employees } from "./people.ts";

/**
 * A sick-leave absence. `reason` is seen by HR only (never by managers or assistants). An ongoing absence
 * has no end date. `certificateState`: NONE | REQUESTED | UPLOADED | ACCEPTED. A report taken back within
 * 24 hours (no certificate on file) gets `withdrawnAt` and no longer counts.
 */
export const sickLeaveEntries = sqliteTable("sick_leave_entries", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  startDate: day("start_date").notNull(),
  endDate: day("end_date"),
  isOngoing: flag("is_ongoing").notNull().default(false),
  /** Degree of incapacity in percent (100 = unable to work at all; 50 = half). */
  degree: integer("degree").notNull().default(100),
  reason: text("reason"),
  hasCertificate: flag("has_certificate").notNull().default(false),
  certificateState: text("certificate_state").notNull().default("NONE"),
  certificateUploadedAt: instant("certificate_uploaded_at"),
  certificateFileName: text("certificate_file_name"),
  channel: text("channel").notNull().default("PORTAL"),
  reportedByUserId: text("reported_by_user_id"),
  withdrawnAt: instant("withdrawn_at"),
  createdAt: instant("created_at").notNull(),
  updatedAt: instant("updated_at").notNull(),
}, (t) => [index("sick_leave_emp_start_idx").on(t.employeeId, t.startDate)]);

/**
 * The medical certificate file of an absence, as the person uploaded it (PDF or photo, type checked by its
 * content). Read by the person and by HR; a newer upload replaces it while HR has not accepted one.
 */
export const sickCertificates = sqliteTable("sick_certificates", {
  id: id(),
  sickEntryId: text("sick_entry_id").notNull().references(() => sickLeaveEntries.id, { onDelete: "cascade" })
    .unique(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).notNull(),
  uploadedAt: instant("uploaded_at").notNull(),
  uploadedByUserId: text("uploaded_by_user_id"),
});
