/**
 * The machine-readable catalog (contract, "B. Connector endpoints"): every tool with its schemas, scope
 * and permission, the resource template and the prompts, derived from the definitions and nothing else.
 * It is built once at start; `tools/list` answers with its `tools` array as is, `catalog.json` is the same
 * object written by `deno task mcp:catalog`, and a test keeps the two byte-identical.
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
 * JSON Schema of a zod schema: draft-07, the dialect the official SDK's validator (Ajv) reads without
 * extra setup; inputs as the caller sends them, outputs as the server returns them.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Tool["inputSchema"] {
  return z.toJSONSchema(schema, { target: "draft-7", io, unrepresentable: "throw" }) as Tool["inputSchema"];
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
