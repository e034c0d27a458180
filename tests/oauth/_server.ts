/**
 * A real listening server for clients that speak HTTP (oauth4webapi, the MCP SDK client, Chromium):
 * Deno.serve on 127.0.0.1, port 0, with the connector on and MCP_ISSUER_URL set to the server's origin.
 */
import { type Loopback, serveBuilt } from "../_serve.ts";
import { makeOAuthApp } from "./_helpers.ts";

export type ServedApp = Awaited<ReturnType<typeof makeOAuthApp>> & Loopback;

/** Starts the app on a free port; `env` adds settings (e.g. the upstream OpenID provider). */
export function serveApp(env: Record<string, string> = {}): Promise<ServedApp> {
  return serveBuilt((origin) => makeOAuthApp({ issuer: origin, env }));
}
