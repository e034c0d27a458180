/**
 * The shape of one connector tool. Each file under `tools/` exports one `ToolDef` built with `defineTool`:
 * its name, title, a description written for an assistant, the scope and permission it needs (contract,
 * "Tool catalog"), all four annotations spelled out, input and output zod schemas, and a handler that only
 * ever calls services. Everything else (tools/list, the catalog, whoami, the guard) is derived from these.
 */
import type { z } from "zod";
import type { AppDeps } from "../deps.ts";
import type { Permission } from "../domain/access.ts";
import type { Scope } from "../oauth/scopes.ts";
import type { Actor } from "../services/actor.ts";
import type { PreviewBinding } from "./previews.ts";

/**
 * What a tool does, which decides limits and annotations: `read` and `prepare` never change a record;
 * `commit` files a stored preview; `write` changes a record directly (withdraw, cancel). `commit` and
 * `write` count against the daily write limit.
 */
export type ToolKind = "read" | "prepare" | "commit" | "write";

/** MCP tool annotations; every one is explicit so the catalog says exactly what a tool does. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** The connection a request came through, after the guard re-read it. */
export interface ConnectionInfo {
  id: string;
  clientId: string;
  clientName: string;
  /** Scopes this token carries (never more than the connection was granted). */
  scopes: readonly Scope[];
  /**
   * Scopes the person approved for the connection: more than `scopes` when the client asked for a narrower
   * token at a refresh (RFC 6749 §6), which a refusal must tell apart from an access the person never gave.
   */
  granted: readonly Scope[];
}

/** What a handler receives besides its validated arguments. */
export interface ToolContext {
  deps: AppDeps;
  /** The person, with role and active state re-read for this request; channel ASSISTANT. */
  actor: Actor;
  connection: ConnectionInfo;
  requestId: string;
  /** `PRAGMA data_version` as read for this request (see `RequestContext`). */
  dataVersion: number | undefined;
  /** Store (prepare) or claim (commit) a preview bound to this connection. */
  previews: PreviewBinding;
  /** Names of the tools this person may call now through this token (for `whoami`). */
  callableTools(): string[];
}

/** What a handler returns: the structured result, its text rendering and what the audit row records. */
export interface ToolOutcome<T> {
  data: T;
  /** Plain-text rendering for clients that do not read `structuredContent`; JSON of `data` when omitted. */
  text?: string;
  /** Ids of the records the result concerned (employee ids first), for the audit row. */
  touched?: string[];
  /** Rows returned (lists) or 1 for a single record; for the audit row. */
  count?: number;
  /** A retried commit that replayed the first result (audited as `replayed`). */
  replayed?: boolean;
}

/** One tool. `I` and `O` are zod object schemas; the handler is typed from them. */
export interface ToolDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  scope: Scope;
  permission: Permission;
  kind: ToolKind;
  annotations: ToolAnnotations;
  input: I;
  output: O;
  /** Argument names whose values are free text: the audit row keeps only their length and SHA-256. */
  freeTextArgs?: readonly string[];
  /** For `commit` tools: the `prepare_*` tool whose previews this commits. */
  commits?: string;
  /** An extra per-connection limit of calls per hour (contract: `get_hr_overview` 6 per hour). */
  hourlyLimit?: number;
  handler(ctx: ToolContext, args: z.output<I>): Promise<ToolOutcome<z.input<O>>>;
}

/** Declares a tool with its handler typed from its schemas (identity at run time). */
export function defineTool<I extends z.ZodType, O extends z.ZodType>(def: ToolDef<I, O>): ToolDef {
  return def as unknown as ToolDef;
}

/** Annotations of a read tool or a preview: read-only, idempotent, closed world. */
export const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/**
 * Annotations of `commit_*`, `withdraw_*` and `cancel_*` (contract: annotated destructive). A commit is
 * idempotent by design (a retried commit replays the first result); withdraw and cancel are not.
 */
export function destructive(idempotent: boolean): ToolAnnotations {
  return { readOnlyHint: false, destructiveHint: true, idempotentHint: idempotent, openWorldHint: false };
}
