/**
 * `completion/complete` (MCP "Completion"): suggestions for the `person` argument of `prepare_1on1` and the
 * `slug` of the document resource template, never beyond what the caller could read anyway: people within the
 * caller's reach (a manager their reports, HR everyone; nobody for a role the prompt is not for), documents of
 * the caller's audiences. A suggestion of people is a read of person records: it is audited and counted like
 * `search_people`.
 */
import type { AppDeps } from "../deps.ts";
import { AppError } from "../errors.ts";
import { searchPeople } from "../services/hr_people.ts";
import { listAssistantDocuments } from "../services/mcp_documents.ts";
import type { Actor } from "../services/actor.ts";
import { mayUsePrompt, PROMPTS } from "./prompts.ts";
import { DOCUMENT_TEMPLATE } from "./resources.ts";

/** The spec's cap on values in one completion result. */
const MAX_VALUES = 100;

export interface CompletionRequest {
  ref: { type: string; name?: string; uri?: string };
  argument: { name: string; value: string };
}

export interface CompletionAnswer {
  values: string[];
  /** Employee ids the suggestions concern (for the audit and the daily allowance). */
  touched: string[];
}

/** Suggestions for one argument; unknown references and arguments get none. */
export async function complete(
  deps: AppDeps,
  actor: Actor,
  req: CompletionRequest,
): Promise<CompletionAnswer> {
  const value = req.argument.value.trim();
  if (req.ref.type === "ref/prompt" && req.ref.name === "prepare_1on1" && req.argument.name === "person") {
    const def = PROMPTS.find((p) => p.name === "prepare_1on1")!;
    if (!mayUsePrompt(actor.role, def) || value.length < 2) return { values: [], touched: [] };
    try {
      const people = await searchPeople(deps, actor, value);
      const hits = people.slice(0, MAX_VALUES);
      return { values: hits.map((p) => `${p.firstName} ${p.lastName}`), touched: hits.map((p) => p.id) };
    } catch (e) {
      if (e instanceof AppError) return { values: [], touched: [] };
      throw e;
    }
  }
  if (
    req.ref.type === "ref/resource" && req.ref.uri === DOCUMENT_TEMPLATE.uriTemplate &&
    req.argument.name === "slug"
  ) {
    const values: string[] = [];
    for (let offset: number | null = 0; offset !== null && values.length < MAX_VALUES;) {
      const page = await listAssistantDocuments(deps, actor, { offset });
      values.push(...page.items.map((d) => d.slug).filter((s) => s.startsWith(value)));
      offset = page.nextOffset;
    }
    return { values: values.slice(0, MAX_VALUES), touched: [] };
  }
  return { values: [], touched: [] };
}
