/**
 * Documents for the assistant connector (contract, "Connector records: Document"): policy and handbook
 * pages authored in German with optional English and French translations. A reader gets their own
 * language, the German original when no translation exists. Only assistant-visible documents whose
 * audience the reader's role reaches (all employees / managers and above / HR staff and above) are listed
 * or served; any other slug answers exactly like an unknown one, so the connector never reveals that a
 * document exists.
 */
import type { Lang } from "../i18n/mod.ts";
import type { AppDeps } from "../deps.ts";
import { type Audience, audienceAllows } from "../domain/access.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { iso, type PageInput, pageOf, type ServiceDeps } from "./common.ts";
import type { RawStatements } from "../db/raw_sql.ts";

const AUDIENCES: Audience[] = ["ALL", "MANAGERS", "HR"];

/** A slug as used in `service://documents/{slug}`. */
export const SLUG_RE = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** One listed document, in the reader's language (or German). */
export interface DocumentSummary {
  slug: string;
  title: string;
  category: string | null;
  audience: Audience;
  /** The language served: the reader's, or `de` when there is no translation. */
  language: Lang;
  updatedAt: string;
}

/** One document with its Markdown body. */
export interface DocumentText extends DocumentSummary {
  markdown: string;
}

function audiencesOf(role: string): Audience[] {
  return AUDIENCES.filter((a) => audienceAllows(role, a));
}

/** One query with two joins picks the reader's translation and falls back to the German original. */
type RawDeps = ServiceDeps & Pick<AppDeps, "database">;

const SELECT = `SELECT d.slug, d.audience, d.category, d.updated_at,
    COALESCE(t.language, o.language) AS language, COALESCE(t.title, o.title) AS title,
    COALESCE(t.updated_at, o.updated_at) AS text_updated_at`;

/** A page of the documents of the audiences given (a JSON list) in the reader's language. */
const LIST_DOCUMENTS_SQL = `${SELECT}
      FROM documents d
      JOIN document_translations o ON o.document_id = d.id AND o.language = 'de'
      LEFT JOIN document_translations t ON t.document_id = d.id AND t.language = ?
      WHERE d.assistant_visible = 1 AND d.audience IN (SELECT value FROM json_each(?))
      ORDER BY d.slug LIMIT ? OFFSET ?`;

/** One document by slug, if of one of the audiences given (a JSON list), in the reader's language. */
const DOCUMENT_SQL = `${SELECT}, COALESCE(t.body_markdown, o.body_markdown) AS body
      FROM documents d
      JOIN document_translations o ON o.document_id = d.id AND o.language = 'de'
      LEFT JOIN document_translations t ON t.document_id = d.id AND t.language = ?
      WHERE d.slug = ? AND d.assistant_visible = 1 AND d.audience IN (SELECT value FROM json_each(?))
      LIMIT 1`;

function toSummary(r: Record<string, unknown>): DocumentSummary {
  return {
    slug: String(r.slug),
    title: String(r.title),
    category: r.category === null ? null : String(r.category),
    audience: String(r.audience) as Audience,
    language: String(r.language) as DocumentSummary["language"],
    updatedAt: iso(Math.max(Number(r.updated_at), Number(r.text_updated_at ?? 0))),
  };
}

/** The documents the reader may read through an assistant, by slug, at most 50 per page. */
export async function listAssistantDocuments(
  deps: RawDeps,
  actor: Actor,
  input: PageInput = {},
): Promise<{ items: DocumentSummary[]; nextOffset: number | null }> {
  const aud = audiencesOf(actor.role);
  if (!aud.length) return { items: [], nextOffset: null };
  const page = pageOf(input);
  const r = await deps.database.client.execute({
    sql: LIST_DOCUMENTS_SQL,
    args: [actor.language, JSON.stringify(aud), page.limit + 1, page.offset],
  });
  const rows = r.rows as Record<string, unknown>[];
  return {
    items: rows.slice(0, page.limit).map(toSummary),
    nextOffset: rows.length > page.limit ? page.offset + page.limit : null,
  };
}

/** One document in the reader's language (German when not translated); not found when not theirs to read. */
export async function getAssistantDocument(deps: RawDeps, actor: Actor, slug: string): Promise<DocumentText> {
  const aud = audiencesOf(actor.role);
  const missing = () => refusal("not_found", "documents.noAssistantDocument", { slug });
  if (!SLUG_RE.test(slug) || !aud.length) throw missing();
  const r = await deps.database.client.execute({
    sql: DOCUMENT_SQL,
    args: [actor.language, slug, JSON.stringify(aud)],
  });
  const row = r.rows[0] as Record<string, unknown> | undefined;
  if (!row) throw missing();
  return { ...toSummary(row), markdown: String(row.body) };
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { LIST_DOCUMENTS_SQL, DOCUMENT_SQL };
