import { language } from "../../domain/fields.ts";
import { z } from "zod";
import { getAssistantDocument } from "../../services/mcp_documents.ts";
import { documentUri } from "../resources.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** One document as Markdown in the caller's language. */
export const get_document = defineTool({
  name: "get_document",
  title: "Read a document",
  description:
    "One policy or handbook document as Markdown, in the person's language (the German original when no translation exists), if the person's role may read it. Get the slugs from list_documents.",
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({
    slug: z.string().min(1).max(100).describe("The document's slug, e.g. from list_documents."),
  }),
  output: z.object({
    slug: z.string(),
    uri: z.string(),
    title: z.string(),
    category: z.string().nullable(),
    audience: z.enum(["ALL", "MANAGERS", "HR"]),
    language,
    updatedAt: z.string(),
    markdown: z.string(),
  }),
  handler: async ({ deps, actor }, a) => {
    const d = await getAssistantDocument(deps, actor, a.slug);
    return {
      data: { ...d, uri: documentUri(d.slug) },
      text: `# ${d.title}\n\n${d.markdown}`,
      touched: [`document:${d.slug}`],
      count: 1,
    };
  },
});
