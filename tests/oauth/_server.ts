/**
 * A real listening server for clients that speak HTTP (oauth4webapi, the MCP SDK client, Chromium):
 * Deno.serve on 127.0.0.1, port 0, with the connector on and MCP_ISSUER_URL set to the server's origin.
 */
import { makeOAuthApp } from "./_helpers.ts";

export type ServedApp = Awaited<ReturnType<typeof makeOAuthApp>> & { origin: string; stop(): Promise<void> };

/** Starts the app on a free port; `env` adds settings (e.g. the upstream OpenID provider). */
export async function serveApp(env: Record<string, string> = {}): Promise<ServedApp> {
  let handler: (req: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response> = () =>
    new Response("starting", { status: 503 });
  const ac = new AbortController();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen: () => {} },
    (req, info) => handler(req, info),
  );
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const t = await makeOAuthApp({ issuer: origin, env });
  handler = (req, info) => t.app.fetch(req, info);
  return Object.assign(t, {
    origin,
    stop: async () => {
      ac.abort();
      await server.finished;
      t.close();
    },
  });
}
