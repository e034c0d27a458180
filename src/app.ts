import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { AppDeps } from "./deps.ts";
import { AppError, errorBody } from "./errors.ts";
import { REFUSAL_IN } from "./portal/reuse.ts";
import { type Lang, negotiateLang } from "./i18n/mod.ts";
import { readCountedBody, tooLargeBody } from "./http_body.ts";
import { mountPortal, noSuchEndpoint, portalRefusalHeaders, refusalLang } from "./portal/mount.ts";
import { type PortalLimiter, portalLimiter } from "./portal/rate_limit.ts";
import { portalRoutes } from "./portal/mod.ts";
import { buildOpenApi } from "./portal/openapi.ts";
import { mountApiReference } from "./web/api_reference.ts";
import { migrationStatus } from "./db/migrate.ts";
import { oneLockWait } from "./db/local.ts";
import {
  databaseTrouble,
  diskFullNow,
  logTrouble,
  TROUBLE_RETRY_AFTER,
  troubleMessage,
} from "./db/trouble.ts";
import { mountAuthorizationServer } from "./oauth/mod.ts";
import { mountWebPages } from "./web/mod.tsx";
import { mountAuthorizationPages, mountSignInPages } from "./web/auth_pages.tsx";
import { mountConsole } from "./web/console.tsx";
import { MAX_PAYSLIP_BATCH_BYTES, MAX_PAYSLIP_BYTES } from "./services/payslip_import.ts";
import { APPLICATION_FILE_MAX_BYTES } from "./services/careers.ts";
import { mountCareers } from "./web/careers.tsx";
import { mountConsoleRecruiting } from "./web/console_recruiting.tsx";
import { mountConsoleStages } from "./web/console_stages.tsx";
import { mountConsoleInbox } from "./web/console_inbox.tsx";
import { mountConsolePerson } from "./web/console_person.tsx";
import { mountConsoleOnboarding } from "./web/console_onboarding.tsx";
import { mountConsoleDocuments } from "./web/console_documents.tsx";
import { mountConsoleLeaveTypes } from "./web/console_leave_types.tsx";
import { mountConsoleLeave } from "./web/console_leave.tsx";
import { mountConsoleOrganisation } from "./web/console_organisation.tsx";
import { mountMcp } from "./mcp/mod.ts";
import { addCorsHeaders } from "./mcp/origin.ts";
import { MCP_PATH } from "./mcp/paths.ts";
import { ICON_PATH, mountIcon } from "./web/icon.ts";
import { mountInvitationPage } from "./web/invitation.tsx";
import { mountEmployeeApp } from "./web/app_routes.ts";

type Env = { Variables: { requestId: string } };

/** Paths answered without the database: the liveness probe and static files (the app's under `/app/`). */
const NO_DATABASE: ReadonlySet<string> = new Set([
  "/healthz",
  ICON_PATH,
  "/favicon.ico",
  "/sw.js",
  "/manifest.webmanifest",
]);
const withoutDatabase = (path: string) => NO_DATABASE.has(path) || path.startsWith("/app/");

/** Security headers for every response; HTML pages tighten or loosen CSP for themselves. */
function securityHeaders(https: boolean): [string, string][] {
  return [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "no-referrer"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ...(https
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
  ];
}

/** The request's id: the caller's `X-Request-Id` when it is a plain token of 8 to 64 characters, else a new one. */
function requestIdOf(incoming: string | null | undefined): string {
  return incoming && /^[\w.-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * The headers every answer gets: its request id, the security headers, and a closed Content-Security-Policy
 * unless the answer (an HTML page) set its own.
 */
function frameHeaders(
  requestId: string,
  security: readonly [string, string][],
  res: Response,
): [string, string][] {
  const headers: [string, string][] = [["X-Request-Id", requestId], ...security];
  if (!res.headers.has("Content-Security-Policy")) {
    headers.push(["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"]);
  }
  return headers;
}

/**
 * Sets headers on a finished response. The response's own headers are changed in place: Hono's `c.header`
 * would first copy a finished response into a new one, turning its body into a stream (measured: a
 * noticeable share of every request's time). A response whose headers cannot change (one passed through
 * from `fetch`) is copied as Hono does.
 */
function setHeaders(c: Context, headers: readonly [string, string][]): void {
  try {
    for (const [k, v] of headers) c.res.headers.set(k, v);
  } catch {
    for (const [k, v] of headers) c.header(k, v);
  }
}

/** The connector's POST handler, as `mountMcp` returns it. */
type ConnectorPost = (req: Request, requestId: string) => Promise<Response>;

/** The language of an error and where the input lies, or a way to find the language when the route set none. */
type Said = { lang: Lang; where?: "body" | "query" } | (() => Lang);

/** The middleware that gives each request its id, sets the frame's headers on its answer and logs it. */
function requestFrame(deps: AppDeps, security: readonly [string, string][]): MiddlewareHandler<Env> {
  return async (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    setHeaders(c, frameHeaders(requestId, security, c.res));
    deps.log.info("request", {
      requestId,
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}

/** The paths whose POST may carry a file, each with its own, larger body limit. */
function uploadLimits(): { re: RegExp; max: number }[] {
  const uploads = portalRoutes.filter((r) => r.upload).map((r) => ({
    re: new RegExp(`^/api/v1/portal${r.path.replace(/:\w+/g, "[^/]+")}$`),
    max: r.upload!.maxBytes + 64 * 1024,
  }));
  // The HR console's payslip form: one PDF of at most MAX_PAYSLIP_BYTES and its few fields.
  uploads.push({ re: /^\/hr\/pay\/payslips$/, max: MAX_PAYSLIP_BYTES + 64 * 1024 });
  // Its manifest form: the manifest and a month's PDFs together.
  uploads.push({ re: /^\/hr\/pay\/payslips\/bulk$/, max: MAX_PAYSLIP_BATCH_BYTES });
  // The public application form: a CV and a letter of at most APPLICATION_FILE_MAX_BYTES each.
  uploads.push({ re: /^\/careers\/[^/]+$/, max: 2 * APPLICATION_FILE_MAX_BYTES + 64 * 1024 });
  return uploads;
}

/**
 * Answers a refused body (too large, too slow, broken). Said in the account's language when a valid session
 * token comes with the body, else Accept-Language's. A portal address's refusal carries what every portal
 * answer carries (`Cache-Control`, the request limit).
 */
async function refuseBody(deps: AppDeps, limiter: PortalLimiter, c: Context, e: AppError): Promise<Response> {
  return c.json(
    errorBody(
      e,
      c.req.path.startsWith("/api/v1/portal/")
        ? await portalRefusalHeaders(deps, c, limiter)
        : await refusalLang(deps, c),
    ),
    e.status as 413,
  );
}

/**
 * The middleware that holds every request body to its limit. A declared length is checked from the header
 * alone: touching the request's body turns it into a stream that every handler must then read through, a
 * noticeable cost on every POST. A body of undeclared length (chunked, or HTTP/2 without Content-Length) is
 * counted as it arrives, within the body deadline. A file upload route has its own, larger limit (its part's
 * size plus the multipart framing).
 */
function bodyLimit(deps: AppDeps, limiter: PortalLimiter): MiddlewareHandler<Env> {
  const maxBody = deps.config.maxBodyBytes;
  const uploads = uploadLimits();
  const refuse = (c: Context, e: AppError) => refuseBody(deps, limiter, c, e);
  return async (c, next) => {
    const headers = c.req.raw.headers;
    const declared = headers.get("content-length");
    const method = c.req.method;
    if (declared === null && (method === "GET" || method === "HEAD")) return next();
    const upload = method === "POST" ? uploads.find((u) => u.re.test(c.req.path)) : undefined;
    const max = upload?.max ?? maxBody;
    const counted = declared === null || headers.has("transfer-encoding");
    if (!counted && Number.parseInt(declared, 10) > max) return await refuse(c, tooLargeBody(max));
    // The portal's routes read their bodies themselves, within the same deadline and said in the account's
    // language; a declared length is left to them (see above).
    if ((!counted && ownBodyReader(c.req.path)) || !c.req.raw.body || declared === "0") return next();
    // Every other body (the sign-in, consent and console forms, the careers form, the authorization
    // server's endpoints, and any body of undeclared length) is read here whole, within the body deadline:
    // a broken or endless stream is answered here, never left to hang a handler or end as a fault of the
    // service.
    const body = await readCountedBody(c.req.raw, max, deps.config.bodyReadTimeoutSeconds);
    if (!(body instanceof Uint8Array)) return await refuse(c, body);
    c.req.raw = new Request(c.req.raw, { body });
    return next();
  };
}

/**
 * What an error answers, through the router (`onError`) or ahead of it. A full disk or a lock held by
 * another program is the operator's to fix, not a fault per request: one clear answer (507 or 503), one log
 * line a minute, and /readyz not ready while a full disk lasts (a load balancer stops sending writes;
 * `logTrouble` notes the full disk for it).
 */
function errorAnswer(
  deps: AppDeps,
  err: unknown,
  said: Said,
  requestId: string,
  route: string,
): { status: number; body: unknown; retryAfter?: number } {
  if (err instanceof AppError) {
    const { lang, where } = typeof said === "function" ? { lang: said(), where: undefined } : said;
    return { status: err.status, body: errorBody(err, lang, where), retryAfter: err.retryAfter };
  }
  const kind = databaseTrouble(err);
  if (kind) {
    logTrouble(deps, kind, err);
    return {
      status: kind === "full" ? 507 : 503,
      body: {
        error: troubleMessage(err, kind),
        code: kind === "full" ? "insufficient_storage" : "database_busy",
      },
      retryAfter: TROUBLE_RETRY_AFTER[kind],
    };
  }
  deps.log.error("unhandled error", {
    requestId,
    route,
    error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    stack: err instanceof Error ? err.stack?.split("\n").slice(0, 6).join(" | ") : undefined,
  });
  return {
    status: 500,
    body: {
      error: `Something went wrong on our side. Quote request id ${requestId}.`,
      code: "internal_error",
    },
  };
}

/** Mounts the liveness probe (`/healthz`), the icon and the readiness probe (`/readyz`). */
function mountHealth(app: Hono<Env>, deps: AppDeps): void {
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  mountIcon(app);
  app.get("/readyz", async (c) => {
    // The disk as it is now (probed at most once a second while it is full), not as a write last found it.
    if (await diskFullNow(deps.database)) {
      logTrouble(deps, "full");
      return c.json({ status: "not ready", database: "disk full" }, 503);
    }
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
}

/** Mounts the OpenAPI document (`/api/v1/openapi.json`) and its reference page. */
function mountOpenApi(app: Hono<Env>, deps: AppDeps): void {
  // Built at its first request rather than at start: the service and every test app start sooner.
  let openApiJson: string | undefined;
  app.get(
    "/api/v1/openapi.json",
    (c) =>
      c.body(openApiJson ??= JSON.stringify(buildOpenApi(portalRoutes, deps.config)), 200, {
        "Content-Type": "application/json",
      }),
  );
  mountApiReference(app);
}

/**
 * Mounts the doors: the portal API, the sign-in pages, the HR console, the careers pages, the authorization
 * server and the connector (when enabled), the web pages and the employee app. Returns the connector's POST
 * handler when the connector is mounted.
 */
function mountDoors(app: Hono<Env>, deps: AppDeps, limiter: PortalLimiter): ConnectorPost | undefined {
  mountPortal(app as unknown as Hono, deps, portalRoutes, { limiter });
  mountSignInPages(app, deps);
  mountConsole(app, deps);
  mountConsoleInbox(app, deps);
  mountConsolePerson(app, deps);
  mountConsoleOnboarding(app, deps);
  mountConsoleDocuments(app, deps);
  mountConsoleLeaveTypes(app, deps);
  mountConsoleLeave(app, deps);
  mountConsoleOrganisation(app, deps);
  mountCareers(app, deps);
  mountConsoleStages(app, deps);
  mountConsoleRecruiting(app, deps);
  if (deps.config.mcpEnabled) {
    mountAuthorizationServer(app, deps);
    mountAuthorizationPages(app, deps);
  }
  mountWebPages(app, deps);
  mountInvitationPage(app, deps);
  const connectorPost = deps.config.mcpEnabled ? mountMcp(app, deps) : undefined;
  mountEmployeeApp(app);
  return connectorPost;
}

/**
 * Answers a connector POST ahead of the router: the same steps as through the middleware, in the same order
 * (request id, one lock wait and the half days, the endpoint, CORS, the frame's headers and the log line).
 */
async function answerConnectorDirectly(
  deps: AppDeps,
  security: readonly [string, string][],
  connectorPost: ConnectorPost,
  req: Request,
  route: string,
): Promise<Response> {
  const requestId = requestIdOf(req.headers.get("x-request-id"));
  const started = performance.now();
  let res: Response;
  try {
    res = await oneLockWait(() => connectorPost(req, requestId));
  } catch (err) {
    const { status, body, retryAfter } = errorAnswer(
      deps,
      err,
      () => negotiateLang(null, req.headers.get("accept-language")),
      requestId,
      route,
    );
    res = new Response(JSON.stringify(body), {
      status,
      headers: {
        "Content-Type": "application/json",
        ...(retryAfter ? { "Retry-After": String(retryAfter) } : {}),
      },
    });
  }
  const origin = req.headers.get("origin");
  const headers = frameHeaders(requestId, security, res);
  const finish = (h: Headers) => {
    addCorsHeaders(h, deps.config, origin);
    for (const [k, v] of headers) h.set(k, v);
  };
  try {
    finish(res.headers);
  } catch {
    // An answer with immutable headers is copied once so they can be set.
    res = new Response(res.body, res);
    finish(res.headers);
  }
  deps.log.info("request", {
    requestId,
    method: "POST",
    route,
    status: res.status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  });
  return res;
}

/**
 * Builds the whole HTTP application from its dependencies: portal API, OpenAPI document, health checks,
 * and (when enabled) the authorization server and the assistant connector.
 */
export function createApp(deps: AppDeps): Hono<Env> {
  const app = new Hono<Env>();
  const security = securityHeaders(deps.config.issuer.startsWith("https://"));

  app.use("*", requestFrame(deps, security));

  // One wait for a lock per request, however many writes it makes (a rate counter, the work, an audit row):
  // a request answers "busy" after at most DATABASE_LOCK_WAIT_MS of waiting in all (`oneLockWait`).
  // Requests that never reach the database (health check, icon, the app's static files) need none.
  app.use("*", (c, next) => withoutDatabase(c.req.path) ? next() : oneLockWait(next));

  const maxBody = deps.config.maxBodyBytes;
  const limiter = portalLimiter(deps.clock, deps.config.portalRequestsPerMinute);
  app.use("*", bodyLimit(deps, limiter));

  app.onError((err, c) => {
    const said = c.get(REFUSAL_IN);
    const { status, body, retryAfter } = errorAnswer(
      deps,
      err,
      said ?? (() => negotiateLang(null, c.req.header("accept-language"))),
      c.get("requestId"),
      c.req.routePath,
    );
    if (retryAfter) c.header("Retry-After", String(retryAfter));
    return c.json(body, status as 400);
  });

  mountHealth(app, deps);
  mountOpenApi(app, deps);
  const connectorPost = mountDoors(app, deps, limiter);

  app.all("/api/*", noSuchEndpoint(deps));
  app.notFound((c) => c.json({ error: `Not found: ${c.req.path}` }, 404));
  if (connectorPost) {
    // The connector's POST, the request assistants make most, is answered ahead of the router
    // (`answerConnectorDirectly`), without the router's search and the chain's context: in alternating runs
    // over HTTP, about 15 µs of CPU less per call, a tenth of a `whoami`. Only a body of declared length
    // within the limit is taken; anything else (chunked, too large, another method or path) goes through the
    // router as every other request does.
    const routed = app.fetch;
    app.fetch = (req, ...rest) => {
      const route = answeredAhead(req, maxBody);
      return route
        ? answerConnectorDirectly(deps, security, connectorPost, req, route)
        : routed(req, ...rest);
    };
  }
  return app;
}

/**
 * The connector's route (`/api/mcp` or `/api/mcp/`) when `createApp` answers a request ahead of the router: a
 * POST there whose body has a declared length within `maxBody`. Undefined for anything else.
 */
export function answeredAhead(req: Request, maxBody: number): string | undefined {
  if (req.method !== "POST") return undefined;
  const route = connectorRoute(req.url);
  if (!route) return undefined;
  const declared = req.headers.get("content-length");
  if (declared === null || req.headers.has("transfer-encoding")) return undefined;
  return /^\d{1,15}$/.test(declared) && Number(declared) <= maxBody ? route : undefined;
}

/** Paths whose handlers read a body of declared length themselves within the body deadline (the portal). */
function ownBodyReader(path: string): boolean {
  return path.startsWith("/api/v1/portal/");
}

/** `/api/mcp` or `/api/mcp/` when a URL's path is one of them (the query aside), else undefined. */
function connectorRoute(url: string): string | undefined {
  const start = url.indexOf("/", url.indexOf("://") + 3);
  if (start < 0 || !url.startsWith(MCP_PATH, start)) return undefined;
  const rest = start + MCP_PATH.length;
  const end = url.length;
  if (rest === end || url[rest] === "?") return MCP_PATH;
  if (url[rest] === "/" && (rest + 1 === end || url[rest + 1] === "?")) return `${MCP_PATH}/`;
  return undefined;
}
