import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppDeps } from "./deps.ts";
import { AppError } from "./errors.ts";
import { mountPortal } from "./portal/mount.ts";
import { portalRoutes } from "./portal/mod.ts";
import { apiReferencePage, buildOpenApi } from "./portal/openapi.ts";
import { migrationStatus } from "./db/migrate.ts";
import { mountAuthorizationServer } from "./oauth/mod.ts";
import { mountWebPages } from "./web/mod.tsx";
import { mountMcp } from "./mcp/mod.ts";

type Env = { Variables: { requestId: string } };

/** Security headers for every response; HTML pages tighten or loosen CSP for themselves. */
function securityHeaders(c: { header: (k: string, v: string) => void }, https: boolean) {
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Frame-Options", "DENY");
  c.header("Cross-Origin-Opener-Policy", "same-origin");
  if (https) c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/**
 * Builds the whole HTTP application from its dependencies: portal API, OpenAPI document, health checks,
 * and (when enabled) the authorization server and the assistant connector.
 */
export function createApp(deps: AppDeps): Hono<Env> {
  const app = new Hono<Env>();
  const https = deps.config.issuer.startsWith("https://");
  const openApi = buildOpenApi(portalRoutes, deps.config);
  const openApiJson = JSON.stringify(openApi);

  app.use("*", async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w.-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    securityHeaders(c, https);
    if (!c.res.headers.has("Content-Security-Policy")) {
      c.header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
    }
    deps.log.info("request", {
      requestId,
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.use(
    "*",
    bodyLimit({
      maxSize: deps.config.maxBodyBytes,
      onError: (c) =>
        c.json({ error: `The request body is larger than ${deps.config.maxBodyBytes} bytes.` }, 413),
    }),
  );

  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.retryAfter) c.header("Retry-After", String(err.retryAfter));
      return c.json({ error: err.message }, err.status as 400);
    }
    deps.log.error("unhandled error", {
      requestId: c.get("requestId"),
      route: c.req.routePath,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      stack: err instanceof Error ? err.stack?.split("\n").slice(0, 6).join(" | ") : undefined,
    });
    return c.json(
      { error: `Something went wrong on our side. Quote request id ${c.get("requestId")}.` },
      500,
    );
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      const s = await migrationStatus(deps.database.client);
      const ready = s.pending.length === 0 && s.unknown === 0;
      return c.json(
        { status: ready ? "ready" : "not ready", database: "reachable", pendingMigrations: s.pending.length },
        ready ? 200 : 503,
      );
    } catch {
      return c.json({ status: "not ready", database: "unreachable" }, 503);
    }
  });

  app.get("/api/v1/openapi.json", (c) => c.body(openApiJson, 200, { "Content-Type": "application/json" }));
  app.get("/api/v1/docs", (c) => {
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    return c.html(apiReferencePage(openApi));
  });

  mountPortal(app as unknown as Hono, deps, portalRoutes);
  if (deps.config.mcpEnabled) mountAuthorizationServer(app, deps);
  mountWebPages(app, deps);
  if (deps.config.mcpEnabled) mountMcp(app, deps);

  app.all("/api/*", (c) => c.json({ error: `No such endpoint: ${c.req.method} ${c.req.path}` }, 404));
  app.notFound((c) => c.json({ error: `Not found: ${c.req.path}` }, 404));
  return app;
}
