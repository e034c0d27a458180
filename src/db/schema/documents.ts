import { primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { flag, id, instant } from "./_common.ts";

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
