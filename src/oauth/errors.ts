/**
 * OAuth error responses in the RFC shape `{error, error_description}` (RFC 6749 §5.2, RFC 7591 §3.2.2,
 * RFC 7009 §2.2.1, RFC 8707 §2), always with `Cache-Control: no-store`. The codes are a closed union; the
 * description is public (shown to the client developer), the internal reason goes to the log only.
 */
import type { Context } from "hono";

export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "unsupported_token_type"
  | "invalid_scope"
  | "invalid_target"
  | "access_denied"
  | "server_error"
  | "temporarily_unavailable"
  | "invalid_redirect_uri"
  | "invalid_client_metadata";

/** An expected refusal at an OAuth endpoint. */
export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly description: string,
    readonly status: 400 | 401 | 403 | 404 | 429 | 500 | 503 = 400,
    readonly opts: { retryAfter?: number; internal?: string; basicChallenge?: boolean } = {},
  ) {
    super(`${code}: ${description}`);
    this.name = "OAuthError";
  }
}

/** Headers every token-endpoint answer carries (RFC 6749 §5.1: no caching of tokens or of errors about them). */
export function noStore(c: Context): void {
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
}

/** Writes an OAuthError as the RFC JSON body. `WWW-Authenticate: Basic` on 401 (RFC 6749 §5.2, invalid_client). */
export function oauthErrorResponse(c: Context, e: OAuthError): Response {
  noStore(c);
  if (e.opts.retryAfter !== undefined) c.header("Retry-After", String(e.opts.retryAfter));
  if (e.status === 401) c.header("WWW-Authenticate", 'Basic realm="oauth", charset="UTF-8"');
  return c.json({ error: e.code, error_description: e.description }, e.status);
}
