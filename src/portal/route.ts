import type { Context } from "hono";
import { z } from "zod";
import type { AppDeps } from "../deps.ts";
import type { AuthUser } from "../signin/sessions.ts";
import { AppError } from "../errors.ts";
import { fill, type Lang } from "../i18n/mod.ts";
import { PORTAL_TEXTS, type PortalTexts } from "../i18n/portal.ts";
import { ZOD_LOCALES } from "../i18n/zod_locales.ts";
import { expectedType, issueMessage, jsonTypeOf, shown } from "../i18n/messages/mod.ts";

/** The eight tags of the contract, in its order. */
export const TAGS = [
  "profile",
  "leave",
  "time",
  "sick-leave",
  "payslips",
  "compensation",
  "auth",
  "holidays",
] as const;
export type Tag = typeof TAGS[number] | "approvals";

/**
 * Who may call a route. `employee`: a signed-in person with a linked employee record (404 otherwise, as the
 * contract says for the summary); `user`: any signed-in person; `public`: nobody needs to be signed in.
 */
export type Access = "employee" | "user" | "public";

/** What a handler receives: validated input and the signed-in person. */
export interface HandlerCtx<B, Q, P> {
  deps: AppDeps;
  c: Context;
  user: AuthUser;
  /** The caller's employee id; set for `employee` routes. */
  employeeId: string;
  body: B;
  query: Q;
  params: P;
}

/** A portal operation: its HTTP shape, its schemas (the single source for validation and OpenAPI) and its handler. */
export interface RouteDef {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** Hono path under `/api/v1/portal`, e.g. `/employee/time-entries/:id`. */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  access: Access;
  /**
   * A `public` route whose handler checks the bearer token itself (the session refresh, which takes a token
   * every other route already refuses): the document lists it with bearer security.
   */
  bearerInHandler?: true;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The `data` of a success response; omitted for routes that answer with a file. */
  response?: z.ZodType;
  /**
   * The answer may be served again while the tables it was read from are unchanged (`portal/reuse.ts`): only
   * for reads whose answer depends on the stored data, the caller, the language and the day alone.
   */
  reuse?: boolean;
  /** Media type(s) of a file response (e.g. application/pdf). */
  fileType?: string | string[];
  /** A file upload (multipart/form-data): the part's name, the media types accepted, the size limit. */
  upload?: { field: string; types: string[]; maxBytes: number; description: string };
  status?: 200 | 201;
  /**
   * The operation answers by sending the browser on (302 with `Location`), with what the target receives:
   * a step of a browser flow (an app's sign-in), never called by an app's HTTP client itself.
   */
  redirect?: string;
  /** Error statuses this operation can answer, with when. */
  errors: Record<number, string>;
  // deno-lint-ignore no-explicit-any
  handler: (ctx: HandlerCtx<any, any, any>) => Promise<unknown>;
}

/** Declares a route with its handler typed from its schemas. */
export function route<
  B extends z.ZodType = z.ZodNever,
  Q extends z.ZodType = z.ZodNever,
  P extends z.ZodType = z.ZodNever,
  R extends z.ZodType = z.ZodNever,
>(
  def: Omit<RouteDef, "handler" | "body" | "query" | "params" | "response"> & {
    body?: B;
    query?: Q;
    params?: P;
    response?: R;
    handler: (ctx: HandlerCtx<z.output<B>, z.output<Q>, z.output<P>>) => Promise<z.input<R> | Response>;
  },
): RouteDef {
  return def as RouteDef;
}

type Where = "body" | "query" | "path";

/** The value at an issue's path in the input (zod does not report the input unless asked to). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** One zod issue as a sentence naming the field: missing, of the wrong type, or invalid. */
function issueSentence(
  issue: z.core.$ZodIssue,
  input: unknown,
  where: Where,
  t: PortalTexts,
  lang: Lang,
): string {
  const field = issue.path.join(".");
  if (issue.code === "unrecognized_keys") {
    const keys = (issue as { keys?: string[] }).keys ?? [];
    return fill(keys.length > 1 ? t.unknownFields : t.unknownField, {
      keys: keys.map((k) => `'${k}'`).join(", "),
      where: t.where[where],
    });
  }
  if (issue.code === "invalid_type") {
    const value = valueAt(input, issue.path);
    if (field && value === undefined) return fill(t.fieldRequired, { field });
    // The types in the reader's words: zod's locales name them in English ("erwartet object, erhalten Array").
    const types = {
      expected: shown(expectedType((issue as { expected?: string }).expected), lang),
      got: shown(jsonTypeOf(value), lang),
    };
    return field
      ? fill(t.fieldType, { field, ...types })
      : fill(t.wholeType, { where: t.where[where], ...types });
  }
  // A rule's wording is a catalogue id in the schema (src/i18n/messages/rules.ts), said in the reader's language.
  const message = issueMessage(issue.message, lang);
  if (!field) return fill(t.invalidWhole, { where: t.where[where], message });
  return fill(t.fieldInvalid, { field, message });
}

/**
 * Parses input with a schema or throws a 400 AppError: the message names the first invalid field (the
 * contract's `{error}`), and `fields` lists every invalid field with its own message.
 */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  where: Where,
  lang: Lang = "en",
): z.output<T> {
  const r = schema.safeParse(value, { error: ZOD_LOCALES[lang] });
  if (!r.success) {
    // An unknown key is named itself (`query.offset`), like any other field, so an app can point at it.
    const fields = r.error.issues.flatMap((issue) => {
      const message = issueSentence(issue, value, where, PORTAL_TEXTS[lang], lang);
      const unknown = issue.code === "unrecognized_keys" ? (issue as { keys?: string[] }).keys ?? [] : [];
      const at = [where, ...issue.path.map(String)].join(".");
      return unknown.length
        ? unknown.map((k) => ({ field: `${at}.${k}`, message }))
        : [{ field: at, message }];
    });
    throw new AppError("validation", fields[0].message, { fields });
  }
  return r.data;
}
