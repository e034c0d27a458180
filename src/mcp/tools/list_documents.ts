import { language } from "../../domain/fields.ts";
import { z } from "zod";
import { listAssistantDocuments } from "../../services/mcp_documents.ts";
import { documentUri } from "../resources.ts";
import { paging } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** The documents the caller's role may read through an assistant. */
export const list_documents = defineTool({
  name: "list_documents",
  title: "Documents",
  description:
    "Policy and handbook documents the person may read (by their role), at most 50 per page: slug, title, category, and the language they will be served in (the person's, or German when no translation exists). Read one with get_document or as the resource service://documents/{slug}.",
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({ ...paging }),
  output: z.object({
    items: z.array(z.object({
      slug: z.string(),
      uri: z.string(),
      title: z.string(),
      category: z.string().nullable(),
      audience: z.enum(["ALL", "MANAGERS", "HR"]),
      language,
      updatedAt: z.string(),
    })),
    nextOffset: z.int().nullable(),
  }),
  handler: async ({ deps, actor }, a) => {
    const page = await listAssistantDocuments(deps, actor, { limit: a.limit, offset: a.offset });
    const items = page.items.map((d) => ({ ...d, uri: documentUri(d.slug) }));
    return {
      data: { items, nextOffset: page.nextOffset },
      touched: items.map((d) => `document:${d.slug}`),
      count: items.length,
    };
  },
});
