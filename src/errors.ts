/**
 * One error type for every expected refusal, with a closed set of codes and a single mapping to HTTP.
 * Portal handlers turn it into `{error}` with the mapped status; the connector turns it into a tool
 * result with `isError: true`. Anything that is not an AppError is a bug: logged with the request id and
 * shown as a generic message.
 */
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
  | "locked";

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
};

/** An expected refusal whose message is safe to show to the caller. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds after which a retry may succeed (rate limits and lock-outs). */
  readonly retryAfter?: number;
  constructor(code: ErrorCode, message: string, opts: { retryAfter?: number } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.retryAfter = opts.retryAfter;
  }
  /** The HTTP status this refusal maps to. */
  get status(): number {
    return STATUS[this.code];
  }
}

/** Shorthands keep call sites short and the codes consistent. */
export const notFound = (what: string) => new AppError("not_found", what);
export const conflict = (why: string) => new AppError("conflict", why);
export const invalid = (why: string) => new AppError("validation", why);
export const forbidden = (why: string) => new AppError("forbidden", why);
