/**
 * The assistant connector at `/api/mcp` (contract, section B): stateless Streamable HTTP with JSON
 * responses, built on `@modelcontextprotocol/sdk`.
 *
 * Why one long-lived low-level `Server` and not the SDK's documented stateless pattern (a new `McpServer`
 * with every tool registered plus a new `WebStandardStreamableHTTPServerTransport({sessionIdGenerator:
 * undefined, enableJsonResponse: true})` per request): that pattern re-registers 36 tools and re-derives
 * their JSON schemas on every request (about 0.44 ms here before any work is done), and a stateless SDK
 * transport refuses to be reused. Here the `Server`, its handlers, the tool index, every JSON schema, the
 * `tools/list` result and the catalog are built once in `createConnector`. Requests reach the `Server`
 * through `MultiplexTransport`, a long-lived SDK `Transport` that gives each JSON-RPC request a
 * process-unique id and hands the response back to the HTTP request that waits for it; the request's
 * context (person, connection, scopes, re-read by the guard) travels in `extra.authInfo`. The SDK still
 * does the protocol: initialize and version negotiation, ping, method dispatch, request and result
 * validation, JSON-RPC errors (unknown method, invalid params). A plain `tools/call` (a tool name and its
 * arguments, nothing else), the call assistants make most, is handed to the `Server`'s own handler with the
 * SDK's own request and result schemas but without its per-message machinery (`Connector.callTool`).
 *
 * This module does what the SDK's HTTP transport would do, the way the Streamable HTTP transport spec
 * (2025-11-25) asks for a stateless JSON server: `Origin` validated after the token (403 only when
 * `MCP_ALLOWED_ORIGINS` restricts it), POST only (405 otherwise, no
 * SSE stream, no sessions), `Content-Type` (415) and `Accept` (406) checked, `MCP-Protocol-Version`
 * validated (400 when unsupported; 2025-03-26 assumed when absent), one JSON-RPC message per POST
 * (a batch is refused with 400 unless the request is explicitly 2025-03-26, the only revision that had
 * batches), notifications and responses answered 202, and before all that the bearer token (401 with the
 * RFC 9728 `resource_metadata` challenge). A tool outside the connection's scopes is not a 403
 * `insufficient_scope` challenge: a later consent can never widen a grant (contract, Authentication 7), so a
 * client's step-up would only loop; the tool answers with an error that says how to get the scope.
 */
import {
  isInitializeRequest,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type JSONRPCRequest,
  LATEST_PROTOCOL_VERSION,
  type MessageExtraInfo,
} from "@modelcontextprotocol/sdk/types.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import type { AppDeps } from "../deps.ts";
import { readRequestText } from "../http_body.ts";
import { authenticate, type AuthFailure, SCOPE_HINT } from "./guard.ts";
import { originAllowed } from "./origin.ts";
import { bearerChallenge } from "../oauth/metadata.ts";
import {
  classify,
  discoverResult,
  supportedVersions,
  toModernResponse,
  unsupportedVersion,
} from "./modern.ts";
import { TOOLS } from "./registry.ts";
import { answerJson, type Connector, createConnector } from "./server.ts";
import { isPlainObject } from "../checked_json.ts";
import type { ToolDef } from "./tool.ts";

/** The revision a request without `MCP-Protocol-Version` is taken to speak (transport spec, 2025-06-18+). */
const DEFAULT_VERSION = "2025-03-26";
const MAX_BATCH = 20;
/** The revisions served, as the header names them. */
const SUPPORTED_VERSIONS: readonly string[] = supportedVersions();
/**
 * Methods a 2026-07-28 request may not call: `initialize` (replaced by `server/discover`), `ping` and
 * `logging/setLevel` (removed, changelog major change 5), `resources/subscribe`/`unsubscribe` (replaced by
 * `subscriptions/listen`, which this server, with nothing that changes while connected, does not implement).
 */
const NOT_IN_MODERN: ReadonlySet<string> = new Set([
  "initialize",
  "ping",
  "logging/setLevel",
  "resources/subscribe",
  "resources/unsubscribe",
  "subscriptions/listen",
]);
/** JSON-RPC's "Method not found". */
const METHOD_NOT_FOUND = -32601;

type RpcId = string | number | null;

function rpcError(
  status: number,
  code: number,
  message: string,
  id: RpcId = null,
  headers: HeadersInit = {},
): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** An answer's JSON: written once already for a plain `tools/call` (`answerJson`), else serialised now. */
/** A refusal of the revision or of the headers (`modern.ts`), with the request's id. */
function rejection(
  r: { status: number; code: number; message: string; data?: unknown },
  id: RpcId,
): Response {
  return new Response(
    JSON.stringify({ jsonrpc: "2.0", id, error: { code: r.code, message: r.message, data: r.data } }),
    { status: r.status, headers: { "Content-Type": "application/json" } },
  );
}

function answerText(m: JSONRPCMessage): string {
  return answerJson.get(m) ?? JSON.stringify(m);
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}

function unauthorized(deps: AppDeps, why: AuthFailure): Response {
  const challenge = bearerChallenge(deps.config, {
    scope: SCOPE_HINT,
    ...(why === "invalid"
      ? {
        error: "invalid_token" as const,
        description: "The access token is invalid, expired, revoked, or its connection is no longer live",
      }
      : {}),
  });
  return rpcError(
    401,
    -32001,
    why === "missing"
      ? "Unauthorized: send an OAuth access token as Authorization: Bearer <token>."
      : "Unauthorized: the access token is invalid, expired or revoked. Obtain a new one.",
    null,
    { "WWW-Authenticate": challenge, "Cache-Control": "no-store" },
  );
}

export { originAllowed };

const REQUEST_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "id", "method", "params"]);

/**
 * Whether a parsed body is a JSON-RPC request that the SDK's `JSONRPCRequestSchema` accepts as it is: a
 * string or safe-integer id, a method, and params (if any) an object without `_meta`, nothing else. For such
 * a request the schema's answer is the request itself, so it is not run (the message was checked twice over,
 * and with the call's request and result schemas that was about a sixth of a `tools/call`'s CPU time, measured
 * over HTTP); anything else, notifications and responses included, goes through `JSONRPCMessageSchema` as
 * before.
 */
function plainRequest(raw: unknown): raw is JSONRPCRequest {
  if (!isPlainObject(raw) || raw.jsonrpc !== "2.0" || typeof raw.method !== "string") return false;
  const id = raw.id;
  if (typeof id !== "string" && !Number.isSafeInteger(id)) return false;
  for (const k in raw) if (!REQUEST_KEYS.has(k)) return false;
  const params = raw.params;
  return params === undefined || (isPlainObject(params) && !Object.hasOwn(params, "_meta"));
}

/**
 * Whether a message that passed `JSONRPCMessageSchema` (or `plainRequest`) is a request: of its four kinds
 * only a request has both a method and an id (the SDK's `isJSONRPCRequest` runs the schema again).
 */
function isRequest(m: JSONRPCMessage): m is JSONRPCRequest {
  return "method" in m && "id" in m;
}

/** Handles one POST to the endpoint. */
async function handlePost(
  deps: AppDeps,
  connector: Connector,
  req: Request,
  requestId: string,
): Promise<Response> {
  // Every call needs a bearer token, and a rebinding page never holds one (tokens are not cookies, so a
  // browser does not attach them): an unauthenticated request from any origin gets the 401 challenge that
  // discovery needs, and a request with a valid token is accepted from the web origins assistants call from
  // (claude.ai, chatgpt.com, …) unless the installation lists its allowed origins (MCP_ALLOWED_ORIGINS).
  const ctx = await authenticate(deps, req.headers.get("authorization"), requestId);
  if (typeof ctx === "string") return unauthorized(deps, ctx);
  const origin = req.headers.get("origin");
  if (origin !== null && !originAllowed(deps.config, origin)) {
    return rpcError(
      403,
      -32000,
      `Forbidden: the Origin ${origin.slice(0, 100)} is not allowed to call this connector.`,
    );
  }

  const accept = req.headers.get("accept");
  if (accept && !/(application\/json|application\/\*|\*\/\*)/i.test(accept)) {
    return rpcError(406, -32000, "Not Acceptable: this server answers with application/json.");
  }
  if (!isJsonContentType(req.headers.get("content-type"))) {
    return rpcError(415, -32000, "Unsupported Media Type: send Content-Type: application/json.");
  }
  const version = req.headers.get("mcp-protocol-version");

  // Within the body deadline: a client that stops sending gets 408, one that breaks off 400 (not a fault).
  const text = await readRequestText(req, deps.config.bodyReadTimeoutSeconds);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return rpcError(400, -32700, "Parse error: the body is not valid JSON.");
  }
  const batch = Array.isArray(body);
  // A revision this server does not speak (the specification's list: 2024-11-05 onwards; the SDK's
  // pre-release 2024-10-07 is not one) is refused with the list, in the 2026-07-28 shape, which the 2025
  // revisions leave open ("400 Bad Request") and a 2026-era client needs to pick another (basic/versioning,
  // "Protocol Version Negotiation").
  if (version !== null && !SUPPORTED_VERSIONS.includes(version)) {
    const id = batch ? null : (body as { id?: unknown })?.id;
    return rejection(
      unsupportedVersion(version),
      typeof id === "string" || typeof id === "number" ? id : null,
    );
  }
  if (Array.isArray(body)) {
    if ((version ?? DEFAULT_VERSION) !== "2025-03-26") {
      return rpcError(
        400,
        -32600,
        "Invalid Request: JSON-RPC batches are not supported; send one message per POST.",
      );
    }
    if (body.length === 0 || body.length > MAX_BATCH) {
      return rpcError(400, -32600, `Invalid Request: a batch holds 1 to ${MAX_BATCH} messages.`);
    }
  }
  const messages: JSONRPCMessage[] = [];
  for (const raw of batch ? body as unknown[] : [body]) {
    if (plainRequest(raw)) {
      messages.push(raw);
      continue;
    }
    const m = JSONRPCMessageSchema.safeParse(raw);
    if (!m.success) {
      const id = (raw as { id?: unknown })?.id;
      return rpcError(
        400,
        -32600,
        "Invalid Request: not a JSON-RPC 2.0 message.",
        typeof id === "string" || typeof id === "number" ? id : null,
      );
    }
    messages.push(m.data);
  }
  if (batch && messages.some(isInitializeRequest)) {
    return rpcError(400, -32600, "Invalid Request: initialize must not be part of a batch.");
  }

  // MCP 2026-07-28 (src/mcp/modern.ts): classified by the body, the headers cross-checked.
  if (!batch) {
    const era = classify(messages[0], req.headers);
    if (era.era === "reject") return rejection(era, (messages[0] as { id?: RpcId }).id ?? null);
    if (era.era === "modern") return await handleModern(connector, messages[0], ctx, deps);
  }

  // tools/list is the same for everyone and was serialised once: answered without re-serialising
  // about a hundred kilobytes per request (byte-identical to what the SDK handler would send).
  if (
    !batch && messages.length === 1 && isRequest(messages[0]) && messages[0].method === "tools/list" &&
    (messages[0].params as { cursor?: unknown } | undefined)?.cursor === undefined
  ) {
    return new Response(
      `{"result":${connector.toolsListJson},"jsonrpc":"2.0","id":${JSON.stringify(messages[0].id)}}`,
      {
        status: 200,
        headers: { "Content-Type": "application/json" },
      },
    );
  }

  const extra = extraFor(ctx, deps);
  const pending: Promise<JSONRPCMessage>[] = [];
  for (let m of messages) {
    if (isInitializeRequest(m) && !SUPPORTED_VERSIONS.includes(m.params.protocolVersion)) {
      // A revision outside the specification's list (the SDK would echo its pre-release 2024-10-07): the
      // lifecycle's negotiation answers with the newest revision this server speaks instead.
      m = { ...m, params: { ...m.params, protocolVersion: LATEST_PROTOCOL_VERSION } };
    }
    if (isRequest(m)) {
      pending.push(connector.callTool(m, extra) ?? connector.transport.request(m, extra));
    } else connector.transport.notify(m, extra);
  }
  if (!pending.length) return new Response(null, { status: 202 });
  const responses = await Promise.all(pending);
  return new Response(
    batch ? `[${responses.map(answerText).join(",")}]` : answerText(responses[0]),
    { status: 200, headers: { "Content-Type": "application/json" } },
  );
}

/** One 2026-07-28 message: no `initialize`, `server/discover` answered here, every result in 2026 shape. */
async function handleModern(
  connector: Connector,
  m: JSONRPCMessage,
  ctx: Exclude<Awaited<ReturnType<typeof authenticate>>, AuthFailure>,
  deps: AppDeps,
): Promise<Response> {
  if (!isRequest(m)) {
    connector.transport.notify(m, extraFor(ctx, deps));
    return new Response(null, { status: 202 });
  }
  const { serverInfo, capabilities, instructions } = connector.identity;
  // streamable-http, "Protocol Version Header": a method the server does not implement is 404 with -32601,
  // so a client can tell it from a legacy HTTP+SSE server's bare 404.
  if (NOT_IN_MODERN.has(m.method)) {
    return methodNotFound(
      m.id,
      m.method === "initialize"
        ? `Method not found: the 2026-07-28 revision has no initialize; call server/discover (supported revisions: ${
          SUPPORTED_VERSIONS.join(", ")
        }).`
        : `Method not found: ${m.method.slice(0, 60)} is not part of the 2026-07-28 revision on this server.`,
    );
  }
  if (m.method === "server/discover") {
    const response = {
      jsonrpc: "2.0" as const,
      id: m.id,
      result: discoverResult({ capabilities, instructions }),
    };
    return json(toModernResponse(m, response, serverInfo));
  }
  const response = await connector.transport.request(m, extraFor(ctx, deps));
  const error = (response as { error?: { code: number; message: string } }).error;
  if (error?.code === METHOD_NOT_FOUND) return methodNotFound(m.id, error.message);
  return json(toModernResponse(m, response, serverInfo));
}

/** A 2026-07-28 request for a method this server does not implement. */
function methodNotFound(id: RpcId, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id, error: { code: METHOD_NOT_FOUND, message } }), {
    status: 404,
    headers: { "Content-Type": "application/json" },
  });
}

function extraFor(
  ctx: Exclude<Awaited<ReturnType<typeof authenticate>>, AuthFailure>,
  deps: AppDeps,
): MessageExtraInfo {
  return {
    authInfo: {
      token: "",
      clientId: ctx.connection.clientId,
      scopes: [...ctx.connection.scopes],
      expiresAt: Math.floor(ctx.token.expiresAt / 1000),
      resource: new URL(deps.config.mcpResource),
      extra: { ctx },
    },
  };
}

/** What the routes `mod.ts` mounts answer with, once the connector is built. */
export interface ConnectorHandlers {
  catalog(): Response;
  post(req: Request, requestId: string): Promise<Response>;
  notAllowed(): Response;
}

/** Builds the connector (the SDK `Server`, every tool's schemas, the catalog) and its routes' handlers. */
export function connectorHandlers(deps: AppDeps, tools: readonly ToolDef[] = TOOLS): ConnectorHandlers {
  const connector: Connector = createConnector(deps, tools);
  return {
    catalog: () =>
      new Response(connector.catalogJson, {
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Cache-Control": "public, max-age=300",
        },
      }),
    post: (req, requestId) => handlePost(deps, connector, req, requestId),
    notAllowed: () =>
      rpcError(
        405,
        -32000,
        "Method Not Allowed: this stateless server takes POST only (no SSE stream, no sessions).",
        null,
        { Allow: "POST" },
      ),
  };
}
