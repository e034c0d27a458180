/**
 * The machine-readable catalog (contract, "B. Connector endpoints"): every tool with its schemas, scope
 * and permission, the resource template and the prompts, derived from the definitions and nothing else.
 * It is built once, with the connector; `tools/list` answers with its `tools` array as is, `catalog.json` is
 * the same object written by `deno task mcp:catalog`, and a test keeps the two byte-identical.
 */
import { z } from "zod";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ToolDef } from "./tool.ts";
import { DOCUMENT_TEMPLATE } from "./resources.ts";
import { PROMPTS } from "./prompts.ts";

/** `_meta` keys under which each tool states its scope and permission (reverse-DNS style prefix). */
export const META_SCOPE = "ch.hr-service/scope";
export const META_PERMISSION = "ch.hr-service/permission";

/**
 * JSON Schema of a zod schema in the dialect MCP assumes since 2025-11-25 (JSON Schema 2020-12), without a
 * `$schema` line (the default needs none, and some clients refused schemas that declared draft-07); inputs as
 * the caller sends them, outputs as the server returns them. The shared field types carry OpenAPI's singular
 * `example`, which JSON Schema does not know: it becomes the standard `examples` array.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Tool["inputSchema"] {
  const out = z.toJSONSchema(schema, { target: "draft-2020-12", io, unrepresentable: "throw" });
  delete (out as { $schema?: string }).$schema;
  return standardExamples(out) as Tool["inputSchema"];
}

function standardExamples(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(standardExamples);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === "example") out.examples = [v];
    else out[k] = standardExamples(v);
  }
  return out;
}

/** One tool as `tools/list` shows it. */
export function toolEntry(def: ToolDef): Tool {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: jsonSchema(def.input, "input"),
    outputSchema: jsonSchema(def.output, "output") as Tool["outputSchema"],
    annotations: {
      title: def.title,
      readOnlyHint: def.annotations.readOnlyHint,
      destructiveHint: def.annotations.destructiveHint,
      idempotentHint: def.annotations.idempotentHint,
      openWorldHint: def.annotations.openWorldHint,
    },
    _meta: { [META_SCOPE]: def.scope, [META_PERMISSION]: def.permission },
  };
}

/** The whole catalog: tools, the resource template and the prompts. */
export function buildCatalog(tools: readonly ToolDef[]) {
  return {
    tools: tools.map(toolEntry),
    resourceTemplates: [DOCUMENT_TEMPLATE],
    prompts: PROMPTS.map((p) => ({
      name: p.name,
      title: p.title,
      description: p.description,
      arguments: p.arguments,
      _meta: { "ch.hr-service/audience": p.audience },
    })),
  };
}

/** The catalog as committed in `catalog.json` (two-space indentation, trailing newline). */
export function catalogText(tools: readonly ToolDef[]): string {
  return JSON.stringify(buildCatalog(tools), null, 2) + "\n";
}
