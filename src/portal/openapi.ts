import { z } from "zod";
import type { Config } from "../config.ts";
import { type RouteDef, TAGS } from "./route.ts";
import { namedSchemas } from "./schemas.ts";
import { CONFLICT_REASONS, ERROR_CODES } from "../errors.ts";

const TAG_DESCRIPTIONS: Record<string, string> = {
  profile:
    "The caller's own master data, the summary for the home screen, and change requests for sensitive fields.",
  leave: "Leave balances per leave type, own requests, previews, filing, withdrawal and cancellation.",
  time: "Time entries, week overview and week submission.",
  "sick-leave": "Own sick-leave absences: report, end, take back, certificate state, totals.",
  payslips: "Own payslips: list, detail with amounts, and the stored document.",
  compensation: "Current salary and its history; salary continuation during illness.",
  auth: "Sign-in sessions: sign in, current session, devices, sign out, connected assistants.",
  holidays: "Public and school holidays of the caller's canton, company closure days, work-through days.",
  approvals: "For managers: requests awaiting the caller, the team calendar, and decisions.",
};

const SAFE_INT = 9007199254740991;

/** Headers every portal answer carries. */
const COMMON_HEADERS = {
  "X-Request-Id": { $ref: "#/components/headers/XRequestId" },
  "Cache-Control": { $ref: "#/components/headers/CacheControl" },
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimitPolicy" },
};

/**
 * zod emits `$id` and safe-integer bounds that OpenAPI 3.0 schema objects do not want; remove them. A
 * nullable composition (`nullable` beside `allOf`/`anyOf` and no `type`) gets the type its members share: in
 * OpenAPI 3.0 `nullable` only counts beside a `type`, and strict generators read it so (our named schemas,
 * the `$ref`s, are objects).
 */
function clean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(clean);
  if (node && typeof node === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === "$id" || k === "$schema") continue;
      if ((k === "maximum" && v === SAFE_INT) || (k === "minimum" && v === -SAFE_INT)) continue;
      out[k] = clean(v);
    }
    if (out.nullable === true && out.type === undefined) {
      const members = [out.allOf, out.anyOf, out.oneOf].flatMap((m) => Array.isArray(m) ? m : []) as {
        type?: string;
        $ref?: string;
      }[];
      const types = new Set(members.map((m) => m.type ?? (m.$ref ? "object" : "")));
      if (types.size === 1 && !types.has("")) out.type = [...types][0];
    }
    return out;
  }
  return node;
}

const cap = (s: string) => s[0].toUpperCase() + s.slice(1);

function convert(schema: z.ZodType, io: "input" | "output", reg?: z.core.$ZodRegistry<{ id: string }>) {
  return clean(z.toJSONSchema(schema, {
    target: "openapi-3.0",
    io,
    unrepresentable: "any",
    ...(reg ? { metadata: reg, uri: (id: string) => `#/components/schemas/${id}` } : {}),
  })) as Record<string, unknown>;
}

/** A registry of named zod schemas, keyed by the id each gets under `#/components/schemas/`. */
type Registry = z.core.$ZodRegistry<{ id: string }>;

/** The path, query and header parameters of one route's operation. */
function routeParameters(r: RouteDef, creating: boolean): unknown[] {
  const parameters: unknown[] = [];
  for (const [where, schema] of [["path", r.params], ["query", r.query]] as const) {
    if (!schema) continue;
    const shape = (schema as unknown as z.ZodObject).shape as Record<string, z.ZodType>;
    for (const [name, s] of Object.entries(shape)) {
      const converted = convert(s, "input");
      const { description, deprecated, queryType, ...rest } = converted;
      // A query value arrives as text, but the parameter is the number or boolean it stands for.
      const js = queryType ?? rest;
      parameters.push({
        name,
        in: where,
        required: where === "path" || !s.safeParse(undefined).success,
        ...(description ? { description } : {}),
        ...(deprecated ? { deprecated: true } : {}),
        schema: js,
      });
    }
  }
  if (creating) parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  if (r.method === "get" && !r.redirect) parameters.push({ $ref: "#/components/parameters/IfNoneMatch" });
  return parameters;
}

/** One route's request body (a file upload or a JSON body named in `requests`), if it takes one. */
function routeRequestBody(r: RouteDef, requests: Registry): unknown {
  let requestBody: unknown;
  if (r.upload) {
    requestBody = {
      required: true,
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: {
              [r.upload.field]: { type: "string", format: "binary", description: r.upload.description },
            },
            required: [r.upload.field],
          },
          encoding: { [r.upload.field]: { contentType: r.upload.types.join(", ") } },
        },
      },
    };
  }
  if (r.body) {
    const id = `${cap(r.operationId)}Request`;
    requests.add(r.body, { id });
    requestBody = {
      required: true,
      content: { "application/json": { schema: { $ref: `#/components/schemas/${id}` } } },
    };
  }
  return requestBody;
}

/** One route's answers other than errors: its success (a redirect, a file or JSON named in `responses`) and 304. */
function successResponses(r: RouteDef, responses: Registry): Record<string, unknown> {
  const resps: Record<string, unknown> = {};
  const status = String(r.status ?? 200);
  const headers: Record<string, unknown> = { ...COMMON_HEADERS };
  if (r.method === "get" && !r.redirect) headers.ETag = { $ref: "#/components/headers/ETag" };
  if (r.redirect) {
    resps["302"] = {
      description: r.redirect,
      headers: {
        Location: {
          description: "Where the browser goes next.",
          schema: { type: "string", format: "uri" },
        },
        ...COMMON_HEADERS,
      },
    };
  } else if (r.fileType) {
    resps[status] = {
      description: "The stored document.",
      headers,
      content: Object.fromEntries(
        [r.fileType].flat().map((t) => [t, { schema: { type: "string", format: "binary" } }]),
      ),
    };
  } else if (r.response) {
    const id = `${cap(r.operationId)}Response`;
    responses.add(z.object({ success: z.literal(true), data: r.response }).strict(), { id });
    resps[status] = {
      description: "Success: `{success: true, data}`.",
      headers,
      content: { "application/json": { schema: { $ref: `#/components/schemas/${id}` } } },
    };
  }
  if (r.method === "get" && !r.redirect) {
    resps["304"] = {
      description: r.fileType
        ? "Not modified: `If-None-Match` names the current `ETag`; the file the app kept is current."
        : "Not modified: `If-None-Match` names the current `ETag`; the copy the app has is current.",
      headers: { ETag: { $ref: "#/components/headers/ETag" }, ...COMMON_HEADERS },
    };
  }
  return resps;
}

/** The error statuses one route can answer and what each means: the route's own, then those every route shares. */
function errorDescriptions(r: RouteDef, creating: boolean): Record<number, string> {
  const errs: Record<number, string> = { ...r.errors };
  if (r.body || r.query || r.params) {
    errs[400] ??= "Malformed JSON or an invalid field (the message names it).";
  }
  if (r.body) errs[415] ??= "The body is not sent as application/json.";
  if (r.body) errs[413] ??= "The body is larger than the installation's limit (MAX_BODY_BYTES).";
  if (r.body || r.upload) {
    errs[408] ??=
      "The body arrived too slowly (BODY_READ_TIMEOUT_SECONDS): nothing was saved; send it again.";
  }
  if (creating) {
    errs[400] = `${errs[400] ?? "An invalid request."} Or the \`Idempotency-Key\` is not 1 to 255 ` +
      "visible ASCII characters (`fields`: `header.Idempotency-Key`).";
    errs[409] ??= "A request with this Idempotency-Key is still being processed.";
    errs[422] ??= "This Idempotency-Key was already used for a different request.";
  }
  errs[429] ??= "Too many requests from this account in the current minute (see Retry-After).";
  errs[500] ??= "A fault on the server's side; the message quotes the request id.";
  errs[503] ??= "The database is busy with another program's work (a backup, a maintenance command): " +
    "nothing was saved; try again after Retry-After (`code: database_busy`)." +
    (r.body || r.upload
      ? " Or the service is stopping while the body was still arriving: nothing was saved; send it " +
        "again (`code: service_stopping`)."
      : "");
  if (r.method !== "get") {
    errs[507] ??=
      "The server's disk is full: nothing was saved; try again later (`code: insufficient_storage`).";
  }
  if (r.access !== "public") errs[401] ??= "Not signed in, or the session expired or was signed out.";
  if (r.access === "employee") errs[404] ??= "No employee record is linked to the caller's account.";
  errs[405] ??= "The path exists, but not with this method: `Allow` lists the methods it has.";
  return errs;
}

/** Adds one error answer per status to `resps`: the `Error` body and the headers that status carries. */
function addErrorResponses(resps: Record<string, unknown>, errs: Record<number, string>): void {
  const errorRef = { $ref: "#/components/schemas/Error" };
  for (const [code, description] of Object.entries(errs).sort()) {
    resps[code] = {
      description,
      headers: code === "429" || code === "503" || code === "507"
        ? { "Retry-After": { $ref: "#/components/headers/RetryAfter" }, ...COMMON_HEADERS }
        : code === "405"
        ? {
          Allow: { description: "The methods this path has.", schema: { type: "string" } },
          "X-Request-Id": COMMON_HEADERS["X-Request-Id"],
          "Cache-Control": COMMON_HEADERS["Cache-Control"],
        }
        : COMMON_HEADERS,
      content: { "application/json": { schema: errorRef } },
    };
  }
}

/** One route's operation object; names its request and response schemas in `requests` and `responses`. */
function buildOperation(r: RouteDef, responses: Registry, requests: Registry): Record<string, unknown> {
  const op: Record<string, unknown> = {
    operationId: r.operationId,
    tags: [r.tag],
    summary: r.summary,
    ...(r.description ? { description: r.description } : {}),
  };
  if (r.access !== "public" || r.bearerInHandler) op.security = [{ bearerAuth: [] }];
  else op.security = [];
  const creating = r.method === "post" && (r.status === 201 || r.upload !== undefined) &&
    r.access !== "public";
  const parameters = routeParameters(r, creating);
  if (parameters.length) op.parameters = parameters;
  const requestBody = routeRequestBody(r, requests);
  if (requestBody !== undefined) op.requestBody = requestBody;
  const resps = successResponses(r, responses);
  addErrorResponses(resps, errorDescriptions(r, creating));
  op.responses = resps;
  return op;
}

/**
 * A request field with a default is optional to send, but generators such as openapi-typescript (default
 * mode) read `default` as "always present" and would make callers send it: in requests the default is
 * stated in the field's description instead.
 */
function defaultsInWords(node: unknown): Record<string, unknown> {
  if (Array.isArray(node)) return node.map(defaultsInWords) as unknown as Record<string, unknown>;
  if (!node || typeof node !== "object") return node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) if (k !== "default") out[k] = defaultsInWords(v);
  if ("default" in node) {
    const said = `Default when left out: \`${JSON.stringify((node as { default: unknown }).default)}\`.`;
    out.description = typeof out.description === "string" ? `${out.description} ${said}` : said;
  }
  return out;
}

/** The JSON schemas of every schema named in a registry, as `{schemas}`. */
function registrySchemas(reg: Registry, io: "input" | "output") {
  return clean(
    z.toJSONSchema(reg, { target: "openapi-3.0", io, uri: (id) => `#/components/schemas/${id}` }),
  ) as {
    schemas: Record<string, unknown>;
  };
}

/** The schema of every error answer: `{error, code}` and, where they apply, the reason, record id and fields. */
function errorSchema() {
  return {
    type: "object",
    description: "The contract's `{error}`, with a stable `code` beside it and, where they apply, the " +
      "conflicting record's id and every invalid field.",
    properties: {
      error: { type: "string", description: "A clear message for the person using the app." },
      code: {
        type: "string",
        description: "Stable and machine-readable: branch on this, not on the message.",
        enum: [
          ...ERROR_CODES,
          "method_not_allowed",
          "internal_error",
          "insufficient_storage",
          "database_busy",
        ],
      },
      reason: {
        type: "string",
        description:
          "With `conflict`, for the most common ones: what exactly clashes (an overlapping leave " +
          "request or time entry, a balance too small, a week not started, already submitted or without " +
          "drafts). Stable: an app may show its own words for it; the message is in the caller's language.",
        enum: [...CONFLICT_REASONS],
      },
      conflictingId: {
        type: "string",
        description: "With `conflict`: the id of the record this one clashes with (an overlapping request).",
      },
      fields: {
        type: "array",
        description: "With `validation`: every invalid field (`body.startTime`, `query.limit`) and why.",
        items: {
          type: "object",
          properties: { field: { type: "string" }, message: { type: "string" } },
          required: ["field", "message"],
          additionalProperties: false,
        },
      },
    },
    required: ["error", "code"],
    additionalProperties: false,
  };
}

/** The document's `info`: title, version, licence, contact and how to sign in. */
function documentInfo(config: Config) {
  return {
    title: "Employee self-service portal API",
    version: "1.0.0",
    license: { name: "Proprietary: licensed to the installation's organisation" },
    contact: { name: "The installation's HR administrators", url: config.issuer },
    description:
      "The employee's own record for the mobile app. Every success is `{success: true, data}`, every error " +
      "`{error}`. Sign in with `POST /api/v1/portal/auth/sessions` and send the token as " +
      "`Authorization: Bearer <token>`.",
  };
}

/** The shared header parameters the operations refer to: `Idempotency-Key` and `If-None-Match`. */
function componentParameters() {
  return {
    IdempotencyKey: {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "Makes a retry safe (draft-ietf-httpapi-idempotency-key-header): the same key with the " +
        "same body (for an upload: the same file) replays the first answer for 24 hours (with " +
        "`Idempotent-Replayed: true`); the same key with another body or file is refused with 422; while the " +
        "first is still running, 409 with `Retry-After`. If the service stopped while handling the first, a " +
        "retry after two minutes runs it when it was never carried out, or answers 409 saying it was (only " +
        "its answer was lost). 1 to 255 visible ASCII characters; a UUID is a good choice.",
      schema: { type: "string", minLength: 1, maxLength: 255 },
    },
    IfNoneMatch: {
      name: "If-None-Match",
      in: "header",
      required: false,
      description: "The `ETag` of the copy the app holds: 304 without a body while it is current.",
      schema: { type: "string" },
    },
  };
}

/** The shared response headers the answers refer to. */
function componentHeaders() {
  return {
    ETag: { description: "Strong validator of the body (RFC 9110 §8.8.3).", schema: { type: "string" } },
    RetryAfter: { description: "Seconds until a retry may succeed.", schema: { type: "integer" } },
    XRequestId: { description: "The request's id, quoted in the logs.", schema: { type: "string" } },
    RateLimit: {
      description: "What is left of the minute's requests (draft-ietf-httpapi-ratelimit-headers).",
      schema: { type: "string" },
    },
    RateLimitPolicy: { description: "The request limit per minute.", schema: { type: "string" } },
    CacheControl: {
      description:
        "`private, no-cache` on reads of the caller's own data, which the device may keep and must " +
        "revalidate; `no-store` on health data (sick leave), on another person's data (every read under " +
        "`/approvals/`: requests to decide, the team calendar), on the profile, salary, payslips and " +
        "files, and on every other answer. Never storable by a shared cache.",
      schema: { type: "string" },
    },
  };
}

/** The one security scheme: the session token as a bearer token. */
function securitySchemes() {
  return {
    bearerAuth: {
      type: "http",
      scheme: "bearer",
      description: "An opaque session token from `POST /api/v1/portal/auth/sessions` (prefix `hrs_`); " +
        "`POST /api/v1/portal/auth/session/refresh` exchanges it for a new one.",
    },
  };
}

/**
 * The OpenAPI 3.0.3 document, generated from the same zod schemas the handlers validate with, so the
 * document and the behaviour cannot drift apart.
 */
export function buildOpenApi(routes: RouteDef[], config: Config) {
  const responses = z.registry<{ id: string }>();
  const requests = z.registry<{ id: string }>();
  for (const [schema, id] of namedSchemas) responses.add(schema, { id });
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const p = "/api/v1/portal" + r.path.replace(/:(\w+)/g, "{$1}");
    (paths[p] ??= {})[r.method] = buildOperation(r, responses, requests);
  }
  const schemas = {
    Error: errorSchema(),
    ...registrySchemas(responses, "output").schemas,
    ...defaultsInWords(registrySchemas(requests, "input").schemas),
  };

  const usedTags = new Set(routes.map((r) => r.tag));
  return {
    openapi: "3.0.3",
    info: documentInfo(config),
    servers: [{ url: config.issuer }],
    tags: [...TAGS, ...(usedTags.has("approvals") ? ["approvals"] : [])].map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name],
    })),
    paths,
    components: {
      schemas,
      parameters: componentParameters(),
      headers: componentHeaders(),
      securitySchemes: securitySchemes(),
    },
  };
}
