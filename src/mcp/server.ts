/**
 * The connector's one low-level SDK `Server`, built once per app: tool definitions, their JSON schemas,
 * the `tools/list` result and the catalog are computed here, once. Each handler reads the request's
 * context (person, connection, scopes) from `extra.authInfo`, which the HTTP layer filled after the guard.
 *
 * Two error channels (contract, "Errors"): an expected refusal (limit, permission, expired or foreign
 * preview, validation, rules of the services) is an `AppError`, answered as a tool result with
 * `isError: true` and a message the assistant can act on; anything else is a bug, logged with the request
 * id and answered as a generic JSON-RPC internal error.
 */
import { fitsAsIs, isPlainObject } from "../checked_json.ts";
import { Server } from "@modelcontextprotocol/sdk/server";
import {
  type CallToolRequest,
  CallToolRequestSchema,
  type CallToolResult,
  CallToolResultSchema,
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  type JSONRPCMessage,
  type JSONRPCRequest,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  type MessageExtraInfo,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import type { AppDeps } from "../deps.ts";
import { hasPermission } from "../domain/access.ts";
import { AppError, refusal, textOf } from "../errors.ts";
import { expectedType, jsonTypeOf, ruleText, say } from "../i18n/messages/mod.ts";
import { ZOD_LOCALES } from "../i18n/zod_locales.ts";
import { getAssistantDocument, listAssistantDocuments } from "../services/mcp_documents.ts";
import { type AuditOutcome, writeAudit } from "./audit.ts";
import { buildCatalog, catalogText } from "./catalog.ts";
import type { RequestContext } from "./guard.ts";
import { countCall } from "./limits.ts";
import { checkPersonAllowance } from "./allowance.ts";
import { bindPreviews, isFiledPreview } from "./previews.ts";
import { roleRefusal, scopeRefusal } from "./refusals.ts";
import { complete, type CompletionRequest } from "./completion.ts";
import { ICON_PATH } from "../icon.ts";
import { mayUsePrompt, PROMPTS, promptText } from "./prompts.ts";
import { DOCUMENT_MIME, DOCUMENT_TEMPLATE, documentUri, slugOf } from "./resources.ts";
import type { ToolContext, ToolDef } from "./tool.ts";
import { MultiplexTransport } from "./transport.ts";
import { databaseTrouble, logTrouble, troubleMessage } from "../db/trouble.ts";

/** Server identity announced in `initialize`. */
export const SERVER_INFO = { name: "hr-service", title: "HR Service", version: "1.0.0" };

const INSTRUCTIONS =
  "HR self-service and HR tools for the signed-in person. Call whoami first to learn which tools this person may call now. " +
  "Writes are two steps: a prepare_* tool returns a preview and a previewId; show the preview to the person, and only after they agree call the matching commit_* tool with that previewId. " +
  "Refusals come back as tool results with isError: true and say what to do next.";

/** JSON-RPC error code for a refusal outside tools (a prompt the role may not use). */
const FORBIDDEN_CODE = -32003;
/**
 * JSON-RPC error code for a rate-limited resource read or prompt (an implementation-defined server error,
 * JSON-RPC 2.0 §5.1): the same refusal and message a tool gets, in the only channel these methods have.
 */
const RATE_LIMITED_CODE = -32029;
/** JSON-RPC error code for an unknown resource (MCP, "Resources: Error handling"). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * A JSON-RPC error for the SDK to send: `code`, `message` and optional `data`, with the message as written
 * (the SDK's `McpError` prefixes "MCP error <code>:" to it, which clients then prefix again).
 */
export class RpcError extends Error {
  constructor(readonly code: number, message: string, readonly data?: unknown) {
    super(message);
    this.name = "RpcError";
  }
}

/** The connector: the SDK server, the transport it is connected to, and what was computed in advance. */
export interface Connector {
  server: Server;
  transport: MultiplexTransport;
  tools: readonly ToolDef[];
  toolsByName: ReadonlyMap<string, ToolDef>;
  catalogJson: string;
  /** The `tools/list` result, serialised once (the same object the SDK handler returns). */
  toolsListJson: string;
  /** The server's identity, capabilities and instructions (for `server/discover` and 2026 results). */
  identity: {
    serverInfo: Record<string, unknown>;
    capabilities: Record<string, unknown>;
    instructions: string;
  };
  /**
   * A plain `tools/call` answered by the `Server`'s own handler without the SDK's per-message machinery
   * (`callToolDirectly`); undefined for any other message, which then goes through the `Server`.
   */
  callTool(message: JSONRPCRequest, extra: MessageExtraInfo): Promise<JSONRPCMessage> | undefined;
}

let directToolCalls = true;

/** Whether plain `tools/call`s are answered directly (the default) or through the `Server`; the tests compare. */
export function useDirectToolCalls(on: boolean): void {
  directToolCalls = on;
}

const PLAIN_CALL_PARAMS: ReadonlySet<string> = new Set(["name", "arguments"]);

/**
 * Whether a `tools/call` is plain: params with a tool name and arguments (an object, or none), nothing else:
 * no `_meta` (progress tokens, related tasks, the 2026-07-28 revision's fields), no `task`.
 */
function plainToolCall(message: JSONRPCRequest): boolean {
  if (message.method !== "tools/call") return false;
  const params = message.params as Record<string, unknown> | undefined;
  if (!params || typeof params !== "object") return false;
  for (const k in params) if (!PLAIN_CALL_PARAMS.has(k)) return false;
  return true;
}

/**
 * What the SDK's `Server` answers to a plain `tools/call` with `handler` registered for it, without the
 * machinery that serves features such a call does not use (progress, tasks, cancellation, sending requests
 * back, a transport's message routing) and that cost about a sixth of a call's CPU time (`whoami` 214 → 183
 * µs, the two ways alternating in one process). The same steps as the SDK's (`Server.setRequestHandler`
 * for `tools/call`, `Protocol._onrequest`, version 1.32): the request checked as `CallToolRequestSchema`
 * would (`plainCallRequest`; a request it refuses is left to the SDK, which answers it as it does), the
 * handler, its result checked against `CallToolResultSchema` unless it is one the schema gives back unchanged
 * (`plainResult`; an invalid one is a -32602 error), a thrown error answered with its code (-32603 without
 * one), message and data. `tests/mcp/direct_call_test.ts` compares the answers of both ways.
 */
function callToolDirectly(
  handler: (req: CallToolRequest, extra: MessageExtraInfo) => Promise<CallToolResult>,
  message: JSONRPCRequest,
  extra: MessageExtraInfo,
): Promise<JSONRPCMessage> | undefined {
  const request = plainCallRequest(message);
  if (!request) return undefined;
  const id = message.id;
  const failed = (error: { code?: unknown; message?: string; data?: unknown }): JSONRPCMessage => ({
    jsonrpc: "2.0",
    id,
    error: {
      code: Number.isSafeInteger(error.code) ? error.code as number : ErrorCode.InternalError,
      message: error.message ?? "Internal error",
      ...(error.data !== undefined && { data: error.data }),
    },
  });
  return handler(request, extra).then((result) => {
    if (plainResult(result)) {
      const answer = { result, jsonrpc: "2.0", id } as JSONRPCMessage;
      const structured = structuredJson.get(result);
      if (structured !== undefined) {
        // The text block is the structured content's JSON: that text is the structured content's part of
        // the answer too, the same bytes `JSON.stringify(answer)` would write for it, not serialised again.
        answerJson.set(
          answer,
          `{"result":{"content":[{"type":"text","text":${
            JSON.stringify(structured)
          }}],"structuredContent":${structured}},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`,
        );
      }
      return answer;
    }
    const checked = CallToolResultSchema.safeParse(result);
    if (!checked.success) {
      return failed({
        code: ErrorCode.InvalidParams,
        message: `MCP error ${ErrorCode.InvalidParams}: Invalid tools/call result: ${checked.error.message}`,
      });
    }
    return { result: checked.data, jsonrpc: "2.0", id } as JSONRPCMessage;
  }, (error) => failed(error));
}

/** A result whose only content block is the JSON text of its structured content, with that text. */
const structuredJson = new WeakMap<CallToolResult, string>();

/**
 * The answer to a plain `tools/call` already written as JSON, byte for byte what `JSON.stringify` gives for
 * the answer object (`tests/mcp/direct_call_test.ts`); the HTTP layer sends it instead of serialising again.
 */
export const answerJson = new WeakMap<JSONRPCMessage, string>();

/**
 * A plain `tools/call` (`plainToolCall`) as `CallToolRequestSchema` would give it: a string name and
 * arguments that are an object or absent. Anything else is undefined and left to the SDK, which answers it
 * with its own error, as before.
 */
function plainCallRequest(message: JSONRPCRequest): CallToolRequest | undefined {
  const params = message.params as Record<string, unknown>;
  const args = params.arguments;
  if (typeof params.name !== "string" || (args !== undefined && !isPlainObject(args))) return undefined;
  return { method: "tools/call", params: { name: params.name, arguments: args as Record<string, unknown> } };
}

const RESULT_KEYS = [
  ["content"],
  ["content", "structuredContent"],
  ["content", "isError"],
  ["content", "structuredContent", "isError"],
].map((keys) => keys.join());

/**
 * Whether a result is one `CallToolResultSchema` gives back unchanged, key order included (so the answer is
 * the same to the byte, `tests/mcp/direct_call_test.ts`): text content blocks, structured content that is a
 * plain object, a boolean `isError`, nothing else — the results `callTool` builds. Any other result is
 * checked by the schema, as before.
 */
function plainResult(result: CallToolResult): boolean {
  if (!RESULT_KEYS.includes(Object.keys(result).join())) return false;
  if (!Array.isArray(result.content)) return false;
  for (const block of result.content) {
    if (!isPlainObject(block) || block.type !== "text" || typeof block.text !== "string") return false;
    if (Object.keys(block).join() !== "type,text") return false;
  }
  if (result.structuredContent !== undefined && !isPlainObject(result.structuredContent)) return false;
  return result.isError === undefined || typeof result.isError === "boolean";
}

/** Reads the context the HTTP layer attached to a request. */
function contextOf(extra: { authInfo?: { extra?: Record<string, unknown> } }): RequestContext {
  const ctx = extra.authInfo?.extra?.ctx as RequestContext | undefined;
  if (!ctx) throw new RpcError(ErrorCode.InternalError, "Request context missing");
  return ctx;
}

/**
 * The first validation issue as one refusal naming the argument (unknown, missing, of the wrong type, or
 * invalid), from the catalogue, so the person reads it in their language. A rule's own wording in the tool's
 * schema is a catalogue id too (`ruleText`), said in the same language; zod's own was written in it already.
 */
export function describeArgs(err: z.ZodError, args: unknown = {}): AppError {
  const issue = err.issues[0];
  const field = issue.path.join(".");
  if (issue.code === "unrecognized_keys") {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    const named = keys.map((k) => `'${k}'`).join(", ");
    return keys.length > 1
      ? refusal("validation", "connector.unknownArguments", { keys: named }, { field: keys })
      : refusal("validation", "connector.unknownArgument", { key: named }, { field: keys });
  }
  const message = ruleText(issue.message) ?? issue.message;
  if (!field) return refusal("validation", "connector.argumentsInvalid", { message });
  if (issue.code === "invalid_type") {
    // zod does not report the input: the value is looked up at the issue's path.
    let value: unknown = args;
    for (const k of issue.path) {
      value = value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[k] : undefined;
    }
    if (value === undefined) return refusal("validation", "connector.argumentRequired", { field }, { field });
    // The types in the person's words, as the catalogue names them (zod names them in English).
    const expected = expectedType((issue as { expected?: string }).expected);
    return refusal("validation", "connector.argumentType", { field, expected, got: jsonTypeOf(value) }, {
      field,
    });
  }
  return refusal("validation", "connector.argumentInvalid", { field, message }, { field });
}

/** Which tools the person may call now: scope in the token, permission in the role. */
export function callableTools(tools: readonly ToolDef[], ctx: RequestContext): string[] {
  return tools.filter((t) =>
    ctx.connection.scopes.includes(t.scope) && hasPermission(ctx.actor.role, t.permission)
  )
    .map((t) => t.name);
}

/** Builds the connector for an app, once (at the connector's first request; `mod.ts`). */
/**
 * What every handler of the connector shares: the audit row, what to say of the database's trouble, and the
 * generic answer to a bug.
 */
function connectorSupport(deps: AppDeps) {
  const audit = (
    ctx: RequestContext,
    e: Omit<Parameters<typeof writeAudit>[1], "requestId" | "clientId" | "connectionId" | "userId">,
  ) =>
    writeAudit(deps, {
      requestId: ctx.requestId,
      clientId: ctx.connection.clientId,
      connectionId: ctx.connection.id,
      userId: ctx.actor.userId,
      ...e,
    });

  /**
   * What to say of a full disk or another program's lock (logged for the operator, at most once a minute),
   * or null for any other error.
   */
  const troubleText = (e: unknown): string | null => {
    const kind = databaseTrouble(e);
    if (!kind) return null;
    logTrouble(deps, kind, e);
    return troubleMessage(e, kind);
  };
  /** That trouble as the JSON-RPC error of a resource read, a prompt or a completion. */
  const troubleError = (e: unknown): RpcError | null => {
    const text = troubleText(e);
    return text === null ? null : new RpcError(ErrorCode.InternalError, text);
  };
  /** That trouble as a tool's answer. */
  const troubleResult = (text: string): CallToolResult => ({
    content: [{ type: "text", text }],
    isError: true,
  });
  /**
   * The audit row of a resource read, a prompt or a completion; one that the database cannot take (a full
   * disk, a lock) ends the request with that trouble, said as the tools say it: nothing unrecorded is answered.
   */
  const auditOrTrouble = (ctx: RequestContext, e: Parameters<typeof audit>[1]) =>
    audit(ctx, e).catch((error) => {
      throw troubleError(error) ?? error;
    });
  /** Logs a bug with the request id and turns it into the generic error the client sees. */
  const bug = (ctx: RequestContext, where: string, e: unknown): RpcError => {
    // An answer already decided (the database's trouble above) is passed on; the trouble itself is the
    // operator's to fix, not a bug.
    if (e instanceof RpcError) return e;
    const trouble = troubleError(e);
    if (trouble) return trouble;
    deps.log.error("mcp handler failed", {
      requestId: ctx.requestId,
      where,
      error: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
      stack: e instanceof Error ? e.stack?.split("\n").slice(0, 6).join(" | ") : undefined,
    });
    return new RpcError(ErrorCode.InternalError, `Internal error. Quote request id ${ctx.requestId}.`);
  };
  return { audit, troubleText, troubleError, troubleResult, auditOrTrouble, bug };
}
type Support = ReturnType<typeof connectorSupport>;

/** Lists that have a single page take no cursor; one that is sent is not ours (spec: pagination, -32602). */
function noCursor(req: { params?: { cursor?: unknown } }): void {
  if (req.params?.cursor !== undefined) throw new RpcError(ErrorCode.InvalidParams, "Invalid cursor");
}

/**
 * The `tools/call` handler: the guard (daily counter, role, scope, arguments), the tool's handler, its data
 * checked against the output schema, the person allowance and the audit row. Registered with the `Server`
 * and called by `callToolDirectly`.
 */
function toolCallHandler(
  deps: AppDeps,
  tools: readonly ToolDef[],
  toolsByName: Map<string, ToolDef>,
  { audit, troubleText, troubleResult, bug }: Support,
): (req: CallToolRequest, extra: MessageExtraInfo) => Promise<CallToolResult> {
  /**
   * A handler's data checked against the tool's output schema (and stripped to it), with its JSON. Data that
   * is frozen (a summary served again while its data is unchanged, `services/summary.ts`) cannot change, so
   * it is checked and written once for as long as it is served, not on every call.
   */
  const checkedOnce = new WeakMap<object, { def: ToolDef; data: Record<string, unknown>; json: string }>();
  const checkedOutput = (def: ToolDef, raw: unknown) => {
    const frozen = typeof raw === "object" && raw !== null && Object.isFrozen(raw);
    const kept = frozen ? checkedOnce.get(raw) : undefined;
    if (kept?.def === def) return { data: kept.data, json: () => kept.json };
    // Data that already is what the schema's check would give back is taken as it is (src/checked_json.ts):
    // nothing to strip, nothing to copy.
    let data = raw as Record<string, unknown>;
    if (!fitsAsIs(def.output, raw)) {
      const checked = def.output.safeParse(raw);
      if (!checked.success) {
        throw new Error(`${def.name} returned data outside its outputSchema: ${checked.error.message}`);
      }
      data = checked.data as Record<string, unknown>;
    }
    if (!frozen) return { data, json: () => JSON.stringify(data) };
    const json = JSON.stringify(data);
    checkedOnce.set(raw, { def, data, json });
    return { data, json: () => json };
  };

  const callTool = async (req: CallToolRequest, extra: MessageExtraInfo): Promise<CallToolResult> => {
    const ctx = contextOf(extra);
    const started = performance.now();
    const { name, arguments: args } = req.params;
    const def = toolsByName.get(name);
    if (!def) {
      await audit(ctx, { kind: "tool", name, args, outcome: "refused:unknown_tool", durationMs: 0 });
      throw new RpcError(ErrorCode.InvalidParams, `Unknown tool '${name}'. Call tools/list for the catalog.`);
    }
    let outcome: AuditOutcome = "ok";
    let touched: string[] | undefined;
    let count: number | null = null;
    let result: CallToolResult;
    // A call that ended in an error is audited if the database lets it (after a full disk or a lock it may
    // not, for the same reason); a failed audit write never replaces the answer.
    const auditError = () =>
      audit(ctx, {
        kind: "tool",
        name,
        args,
        freeTextArgs: def.freeTextArgs,
        outcome: "error",
        durationMs: performance.now() - started,
      }).catch(() => undefined);
    try {
      await countCall(
        deps,
        ctx.connection.id,
        def.kind === "commit" && await isFiledPreview(deps, ctx.connection.id, args)
          ? false
          : def.kind === "commit" || def.kind === "write",
        def.hourlyLimit ? { tool: def.name, limit: def.hourlyLimit } : undefined,
      );
      // The role first: what it can never do, no connection can grant.
      if (!hasPermission(ctx.actor.role, def.permission)) {
        throw roleRefusal(def, ctx.actor.role);
      }
      if (!ctx.connection.scopes.includes(def.scope)) {
        throw scopeRefusal(deps, def, ctx.connection);
      }
      // zod's own wording in the person's language; a rule's wording is said from the catalogue.
      const parsed = def.input.safeParse(args ?? {}, { error: ZOD_LOCALES[ctx.actor.language] });
      if (!parsed.success) throw describeArgs(parsed.error, args ?? {});
      const toolCtx: ToolContext = {
        deps,
        actor: ctx.actor,
        connection: ctx.connection,
        requestId: ctx.requestId,
        dataVersion: ctx.dataVersion,
        previews: bindPreviews(deps, ctx.connection.id, def),
        callableTools: () => callableTools(tools, ctx),
      };
      const out = await def.handler(toolCtx, parsed.data);
      const checked = checkedOutput(def, out.data);
      // Reads (and previews) count the people they concern against the daily allowance; a write that
      // already happened is never taken back by it.
      if (def.kind === "read" || def.kind === "prepare") {
        await checkPersonAllowance(
          deps,
          { connectionId: ctx.connection.id, userId: ctx.actor.userId },
          out.touched,
        );
      }
      touched = out.touched;
      count = out.count ?? null;
      if (out.replayed) outcome = "replayed";
      const structured = out.text === undefined ? checked.json() : undefined;
      result = {
        content: [{ type: "text", text: out.text ?? structured! }],
        structuredContent: checked.data,
      };
      if (structured !== undefined) structuredJson.set(result, structured);
    } catch (e) {
      if (e instanceof AppError) {
        outcome = `refused:${e.code}`;
        result = { content: [{ type: "text", text: textOf(e, ctx.actor.language) }], isError: true };
      } else {
        // A full disk or another program's lock: nothing was saved, the assistant may try again later.
        // The audit row is written if the database lets it (it may not, for the same reason).
        const trouble = troubleText(e);
        await auditError();
        if (trouble !== null) return troubleResult(trouble);
        throw bug(ctx, name, e);
      }
    }
    try {
      await audit(ctx, {
        kind: "tool",
        name,
        args,
        freeTextArgs: def.freeTextArgs,
        touched,
        resultCount: count,
        outcome,
        durationMs: performance.now() - started,
      });
    } catch (e) {
      // A call that cannot be audited is not answered: a read's data is not handed out unrecorded. Only a
      // call that wrote nothing gets here through a full disk or a lock (a write call's daily counter, a
      // preview's row, a commit's work each meet it first), so "nothing was saved" holds.
      const trouble = troubleText(e);
      if (trouble === null) throw e;
      return troubleResult(trouble);
    }
    return result;
  };
  return callTool;
}

/** The policy documents as resources: the template, the list and a read, each audited. */
function registerResources(server: Server, deps: AppDeps, { auditOrTrouble, bug }: Support): void {
  const templatesResult = { resourceTemplates: [DOCUMENT_TEMPLATE] };
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (req) => {
    noCursor(req);
    return templatesResult;
  });

  server.setRequestHandler(ListResourcesRequestSchema, async (req, extra) => {
    const ctx = contextOf(extra);
    if (!ctx.connection.scopes.includes("self:read")) return { resources: [] };
    const offset = req.params?.cursor ? Number.parseInt(req.params.cursor, 10) : 0;
    if (!Number.isInteger(offset) || offset < 0) {
      throw new RpcError(ErrorCode.InvalidParams, "Invalid cursor");
    }
    try {
      const page = await listAssistantDocuments(deps, ctx.actor, { offset });
      return {
        resources: page.items.map((d) => ({
          uri: documentUri(d.slug),
          name: d.slug,
          title: d.title,
          mimeType: DOCUMENT_MIME,
          annotations: { lastModified: d.updatedAt },
        })),
        ...(page.nextOffset !== null && { nextCursor: String(page.nextOffset) }),
      };
    } catch (e) {
      throw bug(ctx, "resources/list", e);
    }
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (req, extra) => {
    const ctx = contextOf(extra);
    const started = performance.now();
    const uri = req.params.uri;
    const slug = slugOf(uri);
    const done = (outcome: AuditOutcome, touched?: string[], count?: number) =>
      auditOrTrouble(ctx, {
        kind: "resource",
        name: uri,
        args: { uri },
        touched,
        resultCount: count ?? null,
        outcome,
        durationMs: performance.now() - started,
      });
    try {
      await countCall(deps, ctx.connection.id, false);
      if (!hasPermission(ctx.actor.role, "mcp:connect")) {
        throw refusal("forbidden", "connector.roleNoAssistants");
      }
      if (!ctx.connection.scopes.includes("self:read")) {
        throw scopeRefusal(
          deps,
          { name: { id: "connector.readingDocuments" }, scope: "self:read" },
          ctx.connection,
        );
      }
      if (slug === null) throw refusal("not_found", "connector.unknownResource", { uri });
      const doc = await getAssistantDocument(deps, ctx.actor, slug);
      await done("ok", [`document:${doc.slug}`], 1);
      return { contents: [{ uri: documentUri(doc.slug), mimeType: DOCUMENT_MIME, text: doc.markdown }] };
    } catch (e) {
      if (e instanceof AppError) {
        await done(`refused:${e.code}`);
        if (e.code === "not_found") {
          throw new RpcError(RESOURCE_NOT_FOUND, "Resource not found", { uri });
        }
        throw new RpcError(
          e.code === "rate_limited" ? RATE_LIMITED_CODE : FORBIDDEN_CODE,
          textOf(e, ctx.actor.language),
        );
      }
      await done("error").catch(() => undefined);
      throw bug(ctx, "resources/read", e);
    }
  });
}

/** The prompts: the list of those the person's role may use, and one rendered, audited. */
function registerPrompts(
  server: Server,
  deps: AppDeps,
  catalog: ReturnType<typeof buildCatalog>,
  { auditOrTrouble, bug }: Support,
): void {
  server.setRequestHandler(ListPromptsRequestSchema, (req, extra) => {
    noCursor(req);
    const ctx = contextOf(extra);
    const visible = catalog.prompts.flatMap((p) => {
      const def = PROMPTS.find((d) => d.name === p.name)!;
      return mayUsePrompt(ctx.actor.role, def) ? [{ ...p, ...promptText(def, ctx.actor.language) }] : [];
    });
    return { prompts: visible };
  });

  server.setRequestHandler(GetPromptRequestSchema, async (req, extra) => {
    const ctx = contextOf(extra);
    const started = performance.now();
    const { name, arguments: args = {} } = req.params;
    const def = PROMPTS.find((p) => p.name === name);
    const done = (outcome: AuditOutcome) =>
      auditOrTrouble(ctx, {
        kind: "prompt",
        name,
        args,
        freeTextArgs: def?.freeTextArgs,
        outcome,
        durationMs: performance.now() - started,
      });
    if (!def) {
      await done("refused:unknown_prompt");
      throw new RpcError(ErrorCode.InvalidParams, `Unknown prompt '${name}'. Call prompts/list.`);
    }
    try {
      await countCall(deps, ctx.connection.id, false);
    } catch (e) {
      if (!(e instanceof AppError)) throw bug(ctx, name, e);
      await done(`refused:${e.code}`);
      throw new RpcError(
        e.code === "rate_limited" ? RATE_LIMITED_CODE : ErrorCode.InvalidRequest,
        textOf(e, ctx.actor.language),
      );
    }
    if (!mayUsePrompt(ctx.actor.role, def)) {
      await done("refused:forbidden");
      throw new RpcError(
        FORBIDDEN_CODE,
        say("connector.promptNotForRole", ctx.actor.language, {
          prompt: name,
          audience: { id: def.audience === "HR" ? "connector.audienceHr" : "connector.audienceManagers" },
          role: ctx.actor.role,
        }),
      );
    }
    for (const a of def.arguments) {
      const v = args[a.name];
      if (a.required && (typeof v !== "string" || !v.trim() || v.length > 200)) {
        await done("refused:validation");
        throw new RpcError(
          ErrorCode.InvalidParams,
          say("connector.promptArgumentRequired", ctx.actor.language, { name: a.name }),
        );
      }
    }
    const text = def.render(ctx.actor.language, args);
    await done("ok");
    return {
      description: promptText(def, ctx.actor.language).description,
      messages: [{ role: "user" as const, content: { type: "text" as const, text } }],
    };
  });
}

/** Completion of a prompt's argument or a document's name, within the person's reach, audited. */
function registerCompletion(server: Server, deps: AppDeps, { auditOrTrouble, bug }: Support): void {
  server.setRequestHandler(CompleteRequestSchema, async (req, extra) => {
    const ctx = contextOf(extra);
    const started = performance.now();
    const name = `completion:${req.params.ref.type === "ref/prompt" ? req.params.ref.name : "document"}`;
    try {
      await countCall(deps, ctx.connection.id, false);
      if (!ctx.connection.scopes.includes("self:read")) {
        await auditOrTrouble(ctx, {
          kind: "prompt",
          name,
          args: {},
          outcome: "refused:forbidden",
          durationMs: 0,
        });
        return { completion: { values: [], hasMore: false } };
      }
      const r = await complete(deps, ctx.actor, req.params as CompletionRequest);
      await checkPersonAllowance(
        deps,
        { connectionId: ctx.connection.id, userId: ctx.actor.userId },
        r.touched,
      );
      await auditOrTrouble(ctx, {
        kind: "prompt",
        name,
        args: { [req.params.argument.name]: req.params.argument.value },
        freeTextArgs: [req.params.argument.name],
        touched: r.touched,
        resultCount: r.values.length,
        outcome: "ok",
        durationMs: performance.now() - started,
      });
      return { completion: { values: r.values, total: r.values.length, hasMore: false } };
    } catch (e) {
      if (e instanceof AppError) {
        await auditOrTrouble(ctx, {
          kind: "prompt",
          name,
          args: {},
          outcome: `refused:${e.code}`,
          durationMs: 0,
        });
        throw new RpcError(
          e.code === "rate_limited" ? RATE_LIMITED_CODE : FORBIDDEN_CODE,
          textOf(e, ctx.actor.language),
        );
      }
      throw bug(ctx, name, e);
    }
  });
}

/** Builds the connector for an app, once (at the connector's first request; `mod.ts`). */
export function createConnector(deps: AppDeps, tools: readonly ToolDef[]): Connector {
  const toolsByName = new Map(tools.map((t) => [t.name, t]));
  if (toolsByName.size !== tools.length) throw new Error("Two MCP tools share a name");
  const catalog = buildCatalog(tools);
  const listToolsResult = { tools: catalog.tools };
  const catalogJson = catalogText(tools);

  const serverInfo = {
    ...SERVER_INFO,
    icons: [{ src: `${deps.config.issuer}${ICON_PATH}`, mimeType: "image/svg+xml", sizes: ["any"] }],
    websiteUrl: deps.config.issuer,
  };
  const capabilities = {
    tools: { listChanged: false },
    resources: { listChanged: false },
    prompts: { listChanged: false },
    completions: {},
  };
  const server = new Server(serverInfo, { capabilities, instructions: INSTRUCTIONS });
  server.onerror = (e) => deps.log.warn("mcp protocol error", { error: String(e) });
  const support = connectorSupport(deps);

  server.setRequestHandler(ListToolsRequestSchema, (req) => {
    noCursor(req);
    return listToolsResult;
  });
  const callTool = toolCallHandler(deps, tools, toolsByName, support);
  server.setRequestHandler(CallToolRequestSchema, callTool);
  registerResources(server, deps, support);
  registerPrompts(server, deps, catalog, support);
  registerCompletion(server, deps, support);

  const transport = new MultiplexTransport();
  // connect() only wires callbacks and calls start(), which resolves at once; nothing to await per request.
  server.connect(transport).catch((e) =>
    deps.log.error("mcp server could not connect", { error: String(e) })
  );
  const connector: Connector = {
    server,
    transport,
    tools,
    toolsByName,
    catalogJson,
    toolsListJson: JSON.stringify(listToolsResult),
    identity: { serverInfo, capabilities, instructions: INSTRUCTIONS },
    callTool: (message, extra) =>
      directToolCalls && plainToolCall(message) ? callToolDirectly(callTool, message, extra) : undefined,
  };
  return connector;
}
