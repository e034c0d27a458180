/**
 * Mounts the assistant connector (`endpoint.ts`) at `/api/mcp`. Its implementation (the MCP SDK with its
 * validator, the 36 tools and their JSON schemas) is loaded by its first request, or by `preloadConnector`,
 * which `serve` calls in the background at the first request that is not a health check (`first_use.ts`),
 * not when the app is built: the HTTP routes exist from the start, and an app that never serves the connector
 * (most test apps, an idle service) never loads it.
 */
import type { Context, Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import type { ConnectorHandlers } from "./endpoint.ts";
import { mcpCors } from "./origin.ts";
import { CATALOG_PATH, MCP_PATH } from "./paths.ts";

let endpointModule: Promise<typeof import("./endpoint.ts")> | undefined;

/** Loads the connector's code (once per process); `serve` calls it after it starts listening. */
export function preloadConnector(): Promise<typeof import("./endpoint.ts")> {
  // A failed load is not kept: the next request tries again (and fails as loudly).
  return endpointModule ??= import("./endpoint.ts").catch((e) => {
    endpointModule = undefined;
    throw e;
  });
}

/**
 * Mounts the connector: `POST /api/mcp`, CORS and `OPTIONS` there, 405 for every other method, and the
 * published catalog. Returns the endpoint's POST handler (loading the connector at its first call), which
 * `createApp` also calls directly for the plain POSTs it answers ahead of the router.
 * Called by `createApp` only when `FEATURE_MCP_CONNECTOR=true`; otherwise these paths answer 404.
 */
export function mountMcp(
  // deno-lint-ignore no-explicit-any
  app: Hono<any>,
  deps: AppDeps,
): (req: Request, requestId: string) => Promise<Response> {
  let handlers: Promise<ConnectorHandlers> | undefined;
  const ready = () =>
    handlers ??= preloadConnector().then((m) => m.connectorHandlers(deps)).catch((e) => {
      handlers = undefined;
      throw e;
    });
  app.get(CATALOG_PATH, async () => (await ready()).catalog());
  // `/api/mcp/` is the same endpoint: clients that normalise the URL with a trailing slash reach it too.
  const paths = [MCP_PATH, `${MCP_PATH}/`];
  // CORS for assistants that run in a browser, by the same Origin rules as the endpoint (origin.ts); it
  // answers every OPTIONS itself, so a preflight never loads the connector.
  const cors = mcpCors(deps.config);
  for (const path of paths) app.use(path, cors);
  const post = async (req: Request, requestId: string) => (await ready()).post(req, requestId);
  for (const path of paths) {
    app.post(path, (c: Context) => post(c.req.raw, c.get("requestId") ?? crypto.randomUUID()));
  }
  app.on(
    ["GET", "PUT", "PATCH", "DELETE", "HEAD"],
    paths,
    async () => (await ready()).notAllowed(),
  );
  return post;
}
