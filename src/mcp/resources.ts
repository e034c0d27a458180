/**
 * Documents as MCP resources (contract, "Resources and prompts"): `service://documents/{slug}`, served as
 * `text/markdown` in the person's language (German when untranslated). `resources/list` lists only what
 * the person's role may read; `resources/read` applies the same rule (through the same service as the
 * `list_documents` and `get_document` tools) and writes an audit row like a tool call.
 */
import { SLUG_RE } from "../services/mcp_documents.ts";

export const DOCUMENT_URI_PREFIX = "service://documents/";
export const DOCUMENT_MIME = "text/markdown";

/** The resource template, as listed by `resources/templates/list` and in the catalog. */
export const DOCUMENT_TEMPLATE = {
  uriTemplate: `${DOCUMENT_URI_PREFIX}{slug}`,
  name: "document",
  title: "HR document",
  description:
    "A policy or handbook page as Markdown, in the person's language (German when no translation exists). Only documents the person's role may read are served; list them with resources/list or the list_documents tool.",
  mimeType: DOCUMENT_MIME,
} as const;

/** The URI of a document. */
export function documentUri(slug: string): string {
  return `${DOCUMENT_URI_PREFIX}${slug}`;
}

/** The slug of a document URI, or null when the URI is not one of ours. */
export function slugOf(uri: string): string | null {
  if (!uri.startsWith(DOCUMENT_URI_PREFIX)) return null;
  const slug = uri.slice(DOCUMENT_URI_PREFIX.length);
  return SLUG_RE.test(slug) ? slug : null;
}
