/**
 * One error type for every expected refusal, with a closed set of codes and a single mapping to HTTP.
 * Portal handlers turn it into `{error}` with the mapped status; the connector turns it into a tool
 * result with `isError: true`. Anything that is not an AppError is a bug: logged with the request id and
 * shown as a generic message.
 */
import type { Lang } from "./i18n/mod.ts";
import { type MessageId, type MessageParams, say } from "./i18n/messages/mod.ts";

export type ErrorCode =
  | "bad_request"
  | "validation"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unsupported_media_type"
  | "payload_too_large"
  | "rate_limited"
  | "locked"
  | "unprocessable"
  | "request_timeout"
  | "service_stopping";

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unsupported_media_type: 415,
  payload_too_large: 413,
  rate_limited: 429,
  locked: 423,
  unprocessable: 422,
  request_timeout: 408,
  service_stopping: 503,
};

/**
 * What exactly a conflict is about, for the most common ones: stable and machine-readable beside the
 * general `code`, so an app can show its own screen (offer the overlapping request, the balance) without
 * reading the message.
 */
export const CONFLICT_REASONS = [
  "leave_overlap",
  "insufficient_balance",
  "time_entry_overlap",
  "week_not_started",
  "week_already_submitted",
  "week_without_drafts",
  "timer_running",
  "timer_not_running",
  "timer_across_midnight",
  "timer_too_short",
  "timer_on_break",
  "timer_not_on_break",
] as const;
export type ConflictReason = typeof CONFLICT_REASONS[number];

/**
 * One invalid input field and what is wrong with it (a validation refusal lists every one). A catalogue
 * refusal's fields carry no text: the refusal's own is said beside each field by the door, in its reader's
 * language. A schema problem found at the door carries the text that door said already.
 */
export interface FieldProblem {
  /**
   * Where: `body.startTime`, `query.limit`, `path.id`. A service names the field of its input (`startTime`);
   * the door puts it where its caller sent it (the portal prefixes `body.` or `query.`).
   */
  field: string;
  /** The problem as the door said it (a schema problem); absent for a catalogue refusal's field. */
  message?: string;
}

/** A refusal's text as a catalogue id and its parameters, said in the reader's language by each door. */
export interface RefusalMessage {
  id: MessageId;
  params?: MessageParams;
}

/** Every code an AppError can carry, in a stable order (the OpenAPI document lists them). */
export const ERROR_CODES = Object.keys(STATUS) as ErrorCode[];

/** An expected refusal whose message is safe to show to the caller. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds after which a retry may succeed (rate limits and lock-outs). */
  readonly retryAfter?: number;
  /** The record a conflict is about (an overlapping request or entry), so an app can open it. */
  readonly conflictingId?: string;
  /** Every invalid field of a validation refusal. */
  readonly fields?: FieldProblem[];
  /** What a conflict is about, where it is one of the common ones. */
  readonly reason?: ConflictReason;
  /**
   * The catalogue text (src/i18n/messages) of this refusal, said by each door in its reader's language.
   * `message` is its English form, said only when read (the logs, the operator's commands).
   */
  readonly msg?: RefusalMessage;
  constructor(
    code: ErrorCode,
    message: string,
    opts: {
      retryAfter?: number;
      conflictingId?: string;
      fields?: FieldProblem[];
      reason?: ConflictReason;
      msg?: RefusalMessage;
    } = {},
  ) {
    super(opts.msg ? undefined : message);
    if (opts.msg) {
      const msg = opts.msg;
      let english: string | undefined;
      Object.defineProperty(this, "message", {
        get: () => english ??= say(msg.id, "en", msg.params),
        configurable: true,
        enumerable: false,
      });
    }
    this.name = "AppError";
    this.code = code;
    this.retryAfter = opts.retryAfter;
    this.conflictingId = opts.conflictingId;
    this.fields = opts.fields;
    this.reason = opts.reason;
    this.msg = opts.msg;
  }
  /** The HTTP status this refusal maps to. */
  get status(): number {
    return STATUS[this.code];
  }
}

/** Options of a catalogue refusal beside its text. */
export interface RefusalOptions {
  /** The input field(s) the refusal is about, as the service's input names them (`endDate`). */
  field?: string | readonly string[];
  retryAfter?: number;
  conflictingId?: string;
  reason?: ConflictReason;
}

/**
 * A refusal whose text comes from the catalogue: every door says it in its reader's language (`textOf`,
 * `errorBody`); a refusal about an input names its field(s), so an app shows the text beside the field.
 */
export function refusal(
  code: ErrorCode,
  id: MessageId,
  params?: MessageParams,
  opts: RefusalOptions = {},
): AppError {
  const names = opts.field === undefined ? [] : typeof opts.field === "string" ? [opts.field] : opts.field;
  // No text is said here: the id and its parameters travel to the door, which says them to its reader.
  return new AppError(code, "", {
    ...(opts.retryAfter !== undefined ? { retryAfter: opts.retryAfter } : {}),
    ...(opts.conflictingId ? { conflictingId: opts.conflictingId } : {}),
    ...(opts.reason ? { reason: opts.reason } : {}),
    ...(names.length ? { fields: names.map((field) => ({ field })) } : {}),
    msg: { id, ...(params ? { params } : {}) },
  });
}

/** A refusal's text in a language: the catalogue's where it has one, else as it was written. */
export function textOf(err: AppError, lang: Lang): string {
  return err.msg ? say(err.msg.id, lang, err.msg.params) : err.message;
}

/**
 * The body of every portal error: the contract's `{error}` and, beside it, a stable `code` an app can branch
 * on, the conflicting record's id, and every invalid field (a superset of the contract's shape).
 */
export function errorBody(err: AppError, lang: Lang = "en", where?: "body" | "query"): {
  error: string;
  code: ErrorCode;
  reason?: ConflictReason;
  conflictingId?: string;
  fields?: { field: string; message: string }[];
} {
  const text = textOf(err, lang);
  const fields = err.fields?.map((f) => ({
    field: where && !/^(body|query|path|header)(\.|$)/.test(f.field) ? `${where}.${f.field}` : f.field,
    // A catalogue refusal's fields share its text; schema problems were said in the language already.
    message: err.msg || f.message === undefined ? text : f.message,
  }));
  return {
    error: text,
    code: err.code,
    ...(err.reason ? { reason: err.reason } : {}),
    ...(err.conflictingId ? { conflictingId: err.conflictingId } : {}),
    ...(fields ? { fields } : {}),
  };
}
