/**
 * MCP revision 2026-07-28 on the same endpoint as the 2025 revisions. The 2026 revision is stateless: there
 * is no `initialize`; every request carries its revision and the client's capabilities in `params._meta`
 * (`io.modelcontextprotocol/protocolVersion`, `…/clientCapabilities`, optionally `…/clientInfo`), repeats the
 * revision in the `MCP-Protocol-Version` header and its method (and, for a tool, prompt or resource, its name)
 * in `Mcp-Method` / `Mcp-Name`, and `server/discover` tells the client what the server offers. Results carry
 * `resultType: "complete"` and the server's identity in `_meta`; cacheable lists carry `ttlMs`/`cacheScope`.
 *
 * Classification is by the body, as the spec and the official SDK do it: a request whose `_meta` claims a
 * 2026-era revision is modern, anything else is served as before. The header is a cross-check: a mismatch, a
 * missing envelope behind a modern header and a missing `Mcp-Name` are `-32020` (HeaderMismatch) with HTTP 400,
 * an envelope without client capabilities is `-32602`, and a revision this server does not speak is `-32022`
 * (UnsupportedProtocolVersion) with the supported list and the one asked for.
 *
 * Everything after classification is the same server: the guard, the limits, the tools and their audit rows
 * do not know which revision a request came in.
 */
import type { JSONRPCMessage, JSONRPCRequest } from "@modelcontextprotocol/sdk/types.js";

export const MODERN_VERSIONS = ["2026-07-28"] as const;
export const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
const SERVER_INFO_KEY = "io.modelcontextprotocol/serverInfo";

export const HEADER_MISMATCH = -32020;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;
const INVALID_PARAMS = -32602;

/** Whether a revision identifier belongs to the 2026 era (identifiers are dates, which compare as strings). */
export function isModernVersion(v: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= "2026-07-28";
}

/** Where the `Mcp-Name` header's value comes from, per method. */
const NAME_SOURCE: Record<string, string> = {
  "tools/call": "name",
  "prompts/get": "name",
  "resources/read": "uri",
};

/** A header value as the client encodes it: plain, or `=?base64?…?=` for values a header cannot carry. */
function decodeHeaderValue(v: string): string | undefined {
  const m = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/.exec(v);
  if (!m) return v;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(atob(m[1]), (c) => c.charCodeAt(0)),
    );
  } catch {
    return undefined;
  }
}

export type Classification =
  | { era: "legacy" }
  | { era: "modern"; version: string }
  | { era: "reject"; status: number; code: number; message: string; data?: unknown };

/** Classifies one parsed message with the request's headers (see the module comment). */
export function classify(m: JSONRPCMessage, headers: Headers): Classification {
  const header = headers.get("mcp-protocol-version");
  const params = (m as { params?: Record<string, unknown> }).params;
  const meta = params?._meta as Record<string, unknown> | undefined;
  const claim = meta?.[PROTOCOL_VERSION_KEY];
  const mismatch = (headerName: string, body: string) => ({
    era: "reject" as const,
    status: 400,
    code: HEADER_MISMATCH,
    message: `Bad Request: the request headers and body disagree: ${body}`,
    data: { mismatch: { header: headerName, body } },
  });
  if (typeof claim !== "string" || (LEGACY_VERSIONS as readonly string[]).includes(claim)) {
    // streamable-http, "Protocol Version Header": the header MUST match the envelope's revision; a 2026 header
    // over a body without the envelope is that mismatch (HeaderMismatch), whatever else the body lacks.
    if (header !== null && isModernVersion(header) && "method" in m && "id" in m) {
      return mismatch(
        "mcp-protocol-version",
        `the header is ${header} but params._meta does not name it (${PROTOCOL_VERSION_KEY})`,
      );
    }
    return { era: "legacy" };
  }
  if (!(MODERN_VERSIONS as readonly string[]).includes(claim)) {
    return unsupportedVersion(claim);
  }
  if (header !== claim) {
    return mismatch("mcp-protocol-version", `_meta names ${claim} but the header is ${header ?? "absent"}`);
  }
  const method = "method" in m ? m.method : undefined;
  if (method !== undefined) {
    const sent = headers.get("mcp-method");
    if (sent !== method) {
      return mismatch("mcp-method", `the body's method is ${method} but the header is ${sent ?? "absent"}`);
    }
    const field = NAME_SOURCE[method];
    const name = headers.get("mcp-name");
    const value = field ? params?.[field] : undefined;
    // "Standard Request Headers": Mcp-Name is required for these methods; a client that leaves it out while
    // the body has the value is non-conforming and the server MUST reject the request.
    if (typeof value === "string" && name === null) {
      return mismatch(
        "mcp-name",
        `the body's ${field} is ${value.slice(0, 100)} but the Mcp-Name header is absent`,
      );
    }
    if (typeof value === "string" && name !== null && decodeHeaderValue(name) !== value) {
      return mismatch("mcp-name", `the body's ${field} differs from the header`);
    }
  }
  if (
    "id" in m &&
    (typeof meta?.[CLIENT_CAPABILITIES_KEY] !== "object" || meta[CLIENT_CAPABILITIES_KEY] === null)
  ) {
    return {
      era: "reject",
      status: 400,
      code: INVALID_PARAMS,
      message: `Invalid params: _meta lacks ${CLIENT_CAPABILITIES_KEY} (required for ${claim}).`,
    };
  }
  return { era: "modern", version: claim };
}

/**
 * The answer to a revision this server does not speak, in the header or the envelope (basic/versioning,
 * "Protocol Version Negotiation"): `UnsupportedProtocolVersionError` with what is supported and what was asked.
 */
export function unsupportedVersion(requested: string) {
  const asked = requested.slice(0, 40);
  return {
    era: "reject" as const,
    status: 400,
    code: UNSUPPORTED_PROTOCOL_VERSION,
    message: `Unsupported protocol version ${asked} (supported: ${supportedVersions().join(", ")}).`,
    data: { supported: supportedVersions(), requested: asked },
  };
}

/** Every revision served, newest first. */
export function supportedVersions(legacy: readonly string[] = LEGACY_VERSIONS): string[] {
  return [...MODERN_VERSIONS, ...legacy];
}
export const LEGACY_VERSIONS = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;

/** Methods whose results a 2026 client may cache (with `ttlMs` and `cacheScope`). */
const CACHEABLE: ReadonlySet<string> = new Set([
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "server/discover",
]);

/**
 * A response as the 2026 revision shapes it: `resultType`, the server's identity in `_meta`, cache fields on
 * cacheable results (`private`, not to be reused without asking again: lists depend on the person's role), and
 * `-32602` where the 2025 revisions said `-32002` (an unknown resource).
 */
export function toModernResponse(
  request: JSONRPCRequest,
  response: JSONRPCMessage,
  serverInfo: Record<string, unknown>,
): JSONRPCMessage {
  const r = response as { result?: Record<string, unknown>; error?: { code: number } };
  if (r.error) {
    return r.error.code === -32002
      ? { ...response, error: { ...r.error, code: INVALID_PARAMS } } as JSONRPCMessage
      : response;
  }
  if (!r.result) return response;
  const result: Record<string, unknown> = {
    ...r.result,
    resultType: "complete",
    _meta: { ...(r.result._meta as object | undefined), [SERVER_INFO_KEY]: serverInfo },
  };
  if (CACHEABLE.has(request.method)) {
    result.ttlMs = 0;
    result.cacheScope = "private";
  }
  return { ...response, result } as JSONRPCMessage;
}

/** The answer to `server/discover`: revisions, capabilities and instructions, as `initialize` tells them. */
export function discoverResult(p: { capabilities: unknown; instructions?: string }) {
  return {
    supportedVersions: supportedVersions(),
    capabilities: p.capabilities,
    instructions: p.instructions,
  };
}
