import { blob, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { flag, id, instant } from "./_common.ts";
import { employees } from "./people.ts";
import { leaveRequests } from "./leave.ts";

/**
 * A policy or handbook page. Authored in German; translations are optional. `audience`:
 * ALL (all employees) | MANAGERS (managers and above) | HR (HR staff and above).
 */
export const documents = sqliteTable("documents", {
  id: id(),
  slug: text("slug").notNull().unique(),
  audience: text("audience").notNull().default("ALL"),
  assistantVisible: flag("assistant_visible").notNull().default(true),
  category: text("category"),
  createdAt: instant("created_at").notNull(),
  updatedAt: instant("updated_at").notNull(),
});

/** A document's text in one language (`de` is the original and always present). */
export const documentTranslations = sqliteTable("document_translations", {
  documentId: text("document_id").notNull().references(() => documents.id, { onDelete: "cascade" }),
  language: text("language").notNull(),
  title: text("title").notNull(),
  bodyMarkdown: text("body_markdown").notNull(),
  updatedAt: instant("updated_at").notNull(),
}, (t) => [primaryKey({ columns: [t.documentId, t.language] })]);

/**
 * A person's own document that HR files for them (the employment contract, the yearly salary certificate,
 * any other letter): read and downloaded by that person only, and by HR. `kind`: CONTRACT |
 * SALARY_CERTIFICATE | OTHER; `year` is the year a salary certificate is for.
 */
export const personalDocuments = sqliteTable("personal_documents", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  kind: text("kind").notNull(),
  title: text("title").notNull(),
  year: integer("year"),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).notNull(),
  uploadedAt: instant("uploaded_at").notNull(),
  uploadedByUserId: text("uploaded_by_user_id"),
}, (t) => [index("personal_documents_employee_idx").on(t.employeeId, t.uploadedAt)]);

/**
 * That a person read a policy and said so. `documentVersion` is the document's change time they
 * acknowledged: a later change of the document asks for a new acknowledgement.
 */
export const documentAcknowledgements = sqliteTable("document_acknowledgements", {
  documentId: text("document_id").notNull().references(() => documents.id, { onDelete: "cascade" }),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  documentVersion: instant("document_version").notNull(),
  acknowledgedAt: instant("acknowledged_at").notNull(),
}, (t) => [primaryKey({ columns: [t.documentId, t.employeeId] })]);

/**
 * A file supporting a leave request (a wedding invitation for special leave), one per request: a new
 * upload replaces it. Read by the person and by whoever may decide the request.
 */
export const leaveRequestAttachments = sqliteTable("leave_request_attachments", {
  leaveRequestId: text("leave_request_id").primaryKey().references(() => leaveRequests.id, {
    onDelete: "cascade",
  }),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  sizeBytes: integer("size_bytes").notNull(),
  bytes: blob("bytes", { mode: "buffer" }).notNull(),
  uploadedAt: instant("uploaded_at").notNull(),
});
