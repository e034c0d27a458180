/**
 * Which browser origins may call the connector, and the CORS answers that follow from it. Kept apart from
 * `endpoint.ts` so the routes can answer a preflight without loading the connector's code.
 */
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";

const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * Whether an authenticated request's `Origin` may call the connector. `MCP_ALLOWED_ORIGINS`, when set, lists
 * them (the service's own origin always passes). Otherwise a public installation accepts any (the token is the
 * credential, see `handlePost`), while an installation served on a loopback address (development, a local
 * assistant) accepts loopback origins only: that is the DNS-rebinding case the transport spec's warning is
 * about, a foreign page reaching a server on this machine.
 */
export function originAllowed(
  config: Pick<Config, "issuer" | "mcpAllowedOrigins">,
  origin: string,
): boolean {
  if (origin === config.issuer) return true;
  if (config.mcpAllowedOrigins) return config.mcpAllowedOrigins.includes(origin);
  return !LOOPBACK.test(config.issuer) || LOOPBACK.test(origin);
}

/** What the endpoint answers to at all; GET and DELETE get a 405 the browser must be able to read. */
const ALLOW_METHODS = "POST, GET, DELETE, OPTIONS";
/**
 * The request headers the official MCP clients (SDK v1 and v2) set: the bearer token, the JSON body, the
 * revision, the session and stream-resumption headers, and the 2026-07-28 revision's `Mcp-Method` and
 * `Mcp-Name`, which the v2 client sends on every request of that revision.
 */
const ALLOW_HEADERS =
  "Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID, Mcp-Method, Mcp-Name";
/** What a browser client must read from an answer: the 401 challenge and the transport's headers. */
const EXPOSE_HEADERS = "WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version";
/** A day; browsers cap it lower (Chromium at two hours). */
const MAX_AGE = "86400";

function addVary(h: Headers, value: string): void {
  const current = h.get("Vary");
  if (!current) h.set("Vary", value);
  else if (!current.toLowerCase().split(/\s*,\s*/).includes(value.toLowerCase())) {
    h.set("Vary", `${current}, ${value}`);
  }
}

/**
 * CORS for `/api/mcp`, decided by `originAllowed`. An allowed origin is named in
 * `Access-Control-Allow-Origin` (never `*`, and no `Allow-Credentials`: the credential is a bearer token the
 * page holds, not a cookie the browser adds) on the preflight and on every answer, the 401 challenge
 * included. A refused origin gets no CORS header at all, and its preflight a 403: its page can read
 * nothing. Clients outside a browser send no preflight and are unaffected.
 */
export function mcpCors(config: Pick<Config, "issuer" | "mcpAllowedOrigins">): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header("origin") ?? null;
    if (c.req.method === "OPTIONS") {
      const allowed = origin !== null && originAllowed(config, origin);
      const headers = new Headers({ Allow: "POST, OPTIONS" });
      addVary(headers, "Origin");
      if (origin === null || c.req.header("access-control-request-method") === undefined) {
        // Not a preflight: what the endpoint takes.
        return new Response(null, { status: 204, headers });
      }
      if (!allowed) {
        headers.set("Content-Type", "application/json");
        return new Response(
          JSON.stringify({
            error: `The Origin ${origin.slice(0, 100)} is not allowed to call this connector.`,
          }),
          { status: 403, headers },
        );
      }
      headers.set("Access-Control-Allow-Origin", origin);
      headers.set("Access-Control-Allow-Methods", ALLOW_METHODS);
      headers.set("Access-Control-Allow-Headers", ALLOW_HEADERS);
      headers.set("Access-Control-Max-Age", MAX_AGE);
      return new Response(null, { status: 204, headers });
    }
    await next();
    try {
      addCorsHeaders(c.res.headers, config, origin);
    } catch {
      // An answer with immutable headers is copied once so they can be set.
      c.res = new Response(c.res.body, c.res);
      addCorsHeaders(c.res.headers, config, origin);
    }
  };
}

/**
 * The CORS headers of an answer that is not a preflight's: `Vary: Origin` always, and for an allowed origin
 * that origin and the headers its page may read. Set on `h` in place (throws if it is immutable).
 */
export function addCorsHeaders(
  h: Headers,
  config: Pick<Config, "issuer" | "mcpAllowedOrigins">,
  origin: string | null,
): void {
  addVary(h, "Origin");
  if (origin !== null && originAllowed(config, origin)) {
    h.set("Access-Control-Allow-Origin", origin);
    h.set("Access-Control-Expose-Headers", EXPOSE_HEADERS);
  }
}
