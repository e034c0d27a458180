import { syncHalfDays } from "./settings.ts";
import { type Context, Hono } from "hono";
import type { AppDeps } from "./deps.ts";
import { AppError, errorBody } from "./errors.ts";
import { REFUSAL_IN } from "./portal/reuse.ts";
import { negotiateLang } from "./i18n/mod.ts";
import { readCountedBody, tooLargeBody } from "./http_body.ts";
import { mountPortal, noSuchEndpoint, refusalLang } from "./portal/mount.ts";
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

/**
 * Builds the whole HTTP application from its dependencies: portal API, OpenAPI document, health checks,
 * and (when enabled) the authorization server and the assistant connector.
 */
export function createApp(deps: AppDeps): Hono<Env> {
  const app = new Hono<Env>();
  const security = securityHeaders(deps.config.issuer.startsWith("https://"));
  // Built at its first request rather than at start: the service and every test app start sooner.
  let openApiJson: string | undefined;

  app.use("*", async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && /^[\w.-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    const headers: [string, string][] = [["X-Request-Id", requestId], ...security];
    if (!c.res.headers.has("Content-Security-Policy")) {
      headers.push(["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"]);
    }
    setHeaders(c, headers);
    deps.log.info("request", {
      requestId,
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  // One wait for a lock per request, however many writes it makes (a rate counter, the work, an audit row):
  // a request answers "busy" after at most DATABASE_LOCK_WAIT_MS of waiting in all (`oneLockWait`). Then
  // the installation's half-day holidays, before any rule computes holidays; a failed read (e.g. the
  // database busy) keeps the half days in force, the request itself reports its own database errors.
  // Requests that never reach the database (health check, icon, the app's static files) need neither.
  const withDatabase = async (next: () => Promise<void>) => {
    await syncHalfDays(deps).catch(() => {});
    await next();
  };
  app.use("*", (c, next) => withoutDatabase(c.req.path) ? next() : oneLockWait(() => withDatabase(next)));

  // The body limit. A declared length is checked from the header alone: touching the request's body turns it
  // into a stream that every handler must then read through, a noticeable cost on every POST. A body of
  // undeclared length (chunked, or HTTP/2 without Content-Length) is counted as it arrives, within the body
  // deadline. A file upload route has its own, larger limit (its part's size plus the multipart framing).
  const maxBody = deps.config.maxBodyBytes;
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
  // Said in the account's language when a valid session token comes with the body, else Accept-Language's.
  const refuse = async (c: Context, e: AppError) =>
    c.json(errorBody(e, await refusalLang(deps, c)), e.status as 413);
  app.use("*", async (c, next) => {
    const headers = c.req.raw.headers;
    const declared = headers.get("content-length");
    const method = c.req.method;
    if (declared === null && (method === "GET" || method === "HEAD")) return next();
    const upload = method === "POST" ? uploads.find((u) => u.re.test(c.req.path)) : undefined;
    const max = upload?.max ?? maxBody;
    if (declared !== null && !headers.has("transfer-encoding")) {
      return Number.parseInt(declared, 10) > max ? await refuse(c, tooLargeBody(max)) : next();
    }
    if (!c.req.raw.body) return next();
    // Undeclared length: counted as it arrives, within the body deadline (a broken or endless stream is
    // answered here, never left to hang a handler or end as a fault of the service).
    const body = await readCountedBody(c.req.raw, max, deps.config.bodyReadTimeoutSeconds);
    if (!(body instanceof Uint8Array)) return await refuse(c, body);
    c.req.raw = new Request(c.req.raw, { body });
    return next();
  });

  // A full disk or a lock held by another program is the operator's to fix, not a fault per request: one
  // clear answer (507 or 503), one log line a minute, and /readyz not ready while a full disk lasts (a load
  // balancer stops sending writes; `logTrouble` notes the full disk for it).
  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.retryAfter) c.header("Retry-After", String(err.retryAfter));
      const said = c.get(REFUSAL_IN);
      return c.json(
        errorBody(err, said?.lang ?? negotiateLang(null, c.req.header("accept-language")), said?.where),
        err.status as 400,
      );
    }
    const kind = databaseTrouble(err);
    if (kind) {
      logTrouble(deps, kind, err);
      c.header("Retry-After", String(TROUBLE_RETRY_AFTER[kind]));
      return c.json(
        {
          error: troubleMessage(err, kind),
          code: kind === "full" ? "insufficient_storage" : "database_busy",
        },
        kind === "full" ? 507 : 503,
      );
    }
    deps.log.error("unhandled error", {
      requestId: c.get("requestId"),
      route: c.req.routePath,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      stack: err instanceof Error ? err.stack?.split("\n").slice(0, 6).join(" | ") : undefined,
    });
    return c.json(
      {
        error: `Something went wrong on our side. Quote request id ${c.get("requestId")}.`,
        code: "internal_error",
      },
      500,
    );
  });

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

  app.get(
    "/api/v1/openapi.json",
    (c) =>
      c.body(openApiJson ??= JSON.stringify(buildOpenApi(portalRoutes, deps.config)), 200, {
        "Content-Type": "application/json",
      }),
  );
  mountApiReference(app);

  mountPortal(app as unknown as Hono, deps, portalRoutes);
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
  if (deps.config.mcpEnabled) mountMcp(app, deps);
  mountEmployeeApp(app);

  app.all("/api/*", noSuchEndpoint(deps));
  app.notFound((c) => c.json({ error: `Not found: ${c.req.path}` }, 404));
  return app;
}
