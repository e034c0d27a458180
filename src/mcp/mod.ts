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
 * validation, JSON-RPC errors (unknown method, invalid params).
 *
 * This module does what the SDK's HTTP transport would do, the way the Streamable HTTP transport spec
 * (2025-11-25) asks for a stateless JSON server: `Origin` validated (403), POST only (405 otherwise, no
 * SSE stream, no sessions), `Content-Type` (415) and `Accept` (406) checked, `MCP-Protocol-Version`
 * validated (400 when unsupported; 2025-03-26 assumed when absent), one JSON-RPC message per POST
 * (a batch is refused with 400 unless the request is explicitly 2025-03-26, the only revision that had
 * batches), notifications and responses answered 202, and before all that the bearer token (401 with the
 * RFC 9728 `resource_metadata` challenge) and, for a tool call outside the token's scopes, 403
 * `insufficient_scope` naming the scope (RFC 6750 §3.1).
 */
import type { Context, Hono } from "hono";
import {
  isInitializeRequest,
  isJSONRPCRequest,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type JSONRPCRequest,
  type MessageExtraInfo,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import type { AppDeps } from "../deps.ts";
import { writeAudit } from "./audit.ts";
import { authenticate, type AuthFailure, type RequestContext, SCOPE_HINT } from "./guard.ts";
import { TOOLS } from "./registry.ts";
import { type Connector, createConnector } from "./server.ts";
import type { ToolDef } from "./tool.ts";

/** Path of the endpoint and of the published catalog. */
export const MCP_PATH = "/api/mcp";
export const CATALOG_PATH = "/api/mcp/catalog.json";
/** The revision a request without `MCP-Protocol-Version` is taken to speak (transport spec, 2025-06-18+). */
const DEFAULT_VERSION = "2025-03-26";
const MAX_BATCH = 20;

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

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}

/** The URL of the RFC 9728 metadata for this resource, as the challenge names it. */
export function resourceMetadataUrl(deps: AppDeps): string {
  return `${deps.config.issuer}/.well-known/oauth-protected-resource${MCP_PATH}`;
}

function unauthorized(deps: AppDeps, why: AuthFailure): Response {
  const params = [`resource_metadata="${resourceMetadataUrl(deps)}"`, `scope="${SCOPE_HINT}"`];
  if (why === "invalid") {
    params.unshift(`error="invalid_token"`);
    params.push(
      `error_description="The access token is invalid, expired, revoked, or its connection is no longer live"`,
    );
  }
  return rpcError(
    401,
    -32001,
    why === "missing"
      ? "Unauthorized: send an OAuth access token as Authorization: Bearer <token>."
      : "Unauthorized: the access token is invalid, expired or revoked. Obtain a new one.",
    null,
    { "WWW-Authenticate": `Bearer ${params.join(", ")}`, "Cache-Control": "no-store" },
  );
}

/** The scope a request needs before it may even be dispatched (tool calls and resource reads). */
function requiredScope(
  connector: Connector,
  m: JSONRPCRequest,
): { scope: string; name: string; kind: "tool" | "resource" } | null {
  if (m.method === "tools/call") {
    const name = (m.params as { name?: unknown } | undefined)?.name;
    const def = typeof name === "string" ? connector.toolsByName.get(name) : undefined;
    return def ? { scope: def.scope, name: def.name, kind: "tool" } : null;
  }
  if (m.method === "resources/read") {
    const uri = (m.params as { uri?: unknown } | undefined)?.uri;
    return { scope: "self:read", name: typeof uri === "string" ? uri.slice(0, 200) : "", kind: "resource" };
  }
  return null;
}

async function insufficientScope(
  deps: AppDeps,
  ctx: RequestContext,
  m: JSONRPCRequest,
  need: { scope: string; name: string; kind: "tool" | "resource" },
): Promise<Response> {
  await writeAudit(deps, {
    requestId: ctx.requestId,
    clientId: ctx.connection.clientId,
    connectionId: ctx.connection.id,
    userId: ctx.actor.userId,
    kind: need.kind,
    name: need.name,
    args: (m.params as { arguments?: unknown } | undefined)?.arguments ?? {},
    freeTextArgs: undefined,
    outcome: "refused:insufficient_scope",
    durationMs: 0,
  });
  const what = need.kind === "tool" ? `the tool ${need.name}` : "reading documents";
  const description = `This token lacks the scope ${need.scope} that ${what} needs`;
  return rpcError(
    403,
    -32003,
    `Forbidden (insufficient_scope): ${description}. The person must connect the assistant again and grant ${need.scope}.`,
    m.id,
    {
      "WWW-Authenticate": `Bearer error="insufficient_scope", scope="${need.scope}", resource_metadata="${
        resourceMetadataUrl(deps)
      }", error_description="${description}"`,
      "Cache-Control": "no-store",
    },
  );
}

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * A browser `Origin` may call the connector when it is the service's own public origin; on a development
 * installation served from a loopback address, any loopback origin (a local assistant UI on another port).
 * Any other origin is a DNS-rebinding attempt or a foreign page (transport spec, "Security Warning").
 */
export function originAllowed(issuer: string, origin: string): boolean {
  return origin === issuer || (LOOPBACK.test(issuer) && LOOPBACK.test(origin));
}

/** Handles one POST to the endpoint. */
async function handlePost(
  deps: AppDeps,
  connector: Connector,
  req: Request,
  requestId: string,
): Promise<Response> {
  // DNS-rebinding protection (transport spec, "Security Warning"): a browser's Origin must be ours.
  const origin = req.headers.get("origin");
  if (origin !== null && !originAllowed(deps.config.issuer, origin)) {
    return rpcError(403, -32000, "Forbidden: this Origin may not call the connector.");
  }
  const ctx = await authenticate(deps, req.headers.get("authorization"), requestId);
  if (typeof ctx === "string") return unauthorized(deps, ctx);

  const accept = req.headers.get("accept");
  if (accept && !/(application\/json|application\/\*|\*\/\*)/i.test(accept)) {
    return rpcError(406, -32000, "Not Acceptable: this server answers with application/json.");
  }
  if (!isJsonContentType(req.headers.get("content-type"))) {
    return rpcError(415, -32000, "Unsupported Media Type: send Content-Type: application/json.");
  }
  const version = req.headers.get("mcp-protocol-version");
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return rpcError(
      400,
      -32000,
      `Bad Request: unsupported MCP-Protocol-Version ${version.slice(0, 40)} (supported: ${
        SUPPORTED_PROTOCOL_VERSIONS.join(", ")
      }).`,
    );
  }

  let body: unknown;
  try {
    body = JSON.parse(await req.text());
  } catch {
    return rpcError(400, -32700, "Parse error: the body is not valid JSON.");
  }
  const batch = Array.isArray(body);
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

  for (const m of messages) {
    if (!isJSONRPCRequest(m)) continue;
    const need = requiredScope(connector, m);
    if (need && !ctx.connection.scopes.includes(need.scope as never)) {
      return await insufficientScope(deps, ctx, m, need);
    }
  }

  // tools/list is the same for everyone and was serialised at start: answered without re-serialising
  // about a hundred kilobytes per request (byte-identical to what the SDK handler would send).
  if (
    !batch && messages.length === 1 && isJSONRPCRequest(messages[0]) && messages[0].method === "tools/list"
  ) {
    return new Response(
      `{"result":${connector.toolsListJson},"jsonrpc":"2.0","id":${JSON.stringify(messages[0].id)}}`,
      {
        status: 200,
        headers: { "Content-Type": "application/json" },
      },
    );
  }

  const extra: MessageExtraInfo = {
    authInfo: {
      token: "",
      clientId: ctx.connection.clientId,
      scopes: [...ctx.connection.scopes],
      expiresAt: Math.floor(ctx.token.expiresAt / 1000),
      resource: new URL(deps.config.mcpResource),
      extra: { ctx },
    },
  };
  const pending: Promise<JSONRPCMessage>[] = [];
  for (const m of messages) {
    if (isJSONRPCRequest(m)) pending.push(connector.transport.request(m, extra));
    else connector.transport.notify(m, extra);
  }
  if (!pending.length) return new Response(null, { status: 202 });
  const responses = await Promise.all(pending);
  return json(batch ? responses : responses[0]);
}

/**
 * Mounts the connector: `POST /api/mcp`, 405 for every other method there, and the published catalog.
 * Called by `createApp` only when `FEATURE_MCP_CONNECTOR=true`; otherwise these paths answer 404.
 */
export function mountMcp(
  // deno-lint-ignore no-explicit-any
  app: Hono<any>,
  deps: AppDeps,
  tools: readonly ToolDef[] = TOOLS,
): Connector {
  const connector = createConnector(deps, tools);
  app.get(CATALOG_PATH, (c) =>
    c.body(connector.catalogJson, 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=300",
    }));
  app.post(
    MCP_PATH,
    (c: Context) => handlePost(deps, connector, c.req.raw, c.get("requestId") ?? crypto.randomUUID()),
  );
  app.all(
    MCP_PATH,
    () =>
      rpcError(
        405,
        -32000,
        "Method Not Allowed: this stateless server takes POST only (no SSE stream, no sessions).",
        null,
        {
          Allow: "POST",
        },
      ),
  );
  return connector;
}
