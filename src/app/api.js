// @ts-check
/**
 * The employee app's door to the portal API: the session cookie (same origin), an `Idempotency-Key` on every
 * POST (kept by the caller across a retry, so a repeated tap or a lost answer never files twice), and the
 * reads' ETags kept in memory and sent back as `If-None-Match` (a 304 costs a few hundred bytes). The
 * browser's own HTTP cache is bypassed: several answers are `no-store` and the app decides what it keeps.
 */

export const API = "/api/v1/portal";

/** A refusal of the service: its message in the person's language, and the fields it names. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {{ error?: string, code?: string, reason?: string, fields?: { field: string, message: string }[] }} body
   */
  constructor(status, body) {
    super(body.error ?? `HTTP ${status}`);
    this.status = status;
    this.code = body.code;
    this.reason = body.reason;
    this.fields = body.fields ?? [];
  }
}

/** The network is gone (or the service unreachable): nothing reached it, or its answer was lost. */
export class OfflineError extends Error {}

/** The session ended; the app is on its way to the sign-in page. */
export class SignedOutError extends Error {}

/** @type {Map<string, { etag: string, data: unknown }>} */
const kept = new Map();

/** What the app does when a call answers 401 (set by the app: keep drafts, go to sign-in). */
export const hooks = { onSignedOut: () => {} };

/** A new key for one intended action. */
export function newKey() {
  return crypto.randomUUID();
}

/**
 * Calls the portal. A network failure is retried once after a short wait with the same key (so the
 * service answers the first attempt's result if it got it); then it is an OfflineError. The path, the body
 * and the answer's `data` are typed from the OpenAPI document (api_paths.d.ts), so `deno check` checks each call.
 * @template {import("./api_paths.d.ts").Method} M
 * @template {import("./api_paths.d.ts").PathOf<M>} P
 * @param {M} method
 * @param {P} path below /api/v1/portal
 * @param {{ json?: import("./api_paths.d.ts").BodyOf<M, P>, form?: FormData, key?: string, keep?: boolean }} [opts]
 *   `keep: false` for salary data, which the service marks `no-store`: the answer is not kept, not even in memory.
 * @returns {Promise<import("./api_paths.d.ts").DataOf<M, P>>}
 */
export async function call(method, path, opts = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json" };
  /** @type {BodyInit | undefined} */
  let body;
  if (opts.form) body = opts.form;
  else if (opts.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  if (method === "POST") headers["Idempotency-Key"] = opts.key ?? newKey();
  const known = method === "GET" && opts.keep !== false ? kept.get(path) : undefined;
  if (known) headers["If-None-Match"] = known.etag;
  /** @type {Response | undefined} */
  let r;
  for (let attempt = 0; !r; attempt++) {
    try {
      r = await fetch(API + path, { method, headers, body, credentials: "same-origin", cache: "no-store" });
    } catch {
      if (attempt >= 1) throw new OfflineError("offline");
      await new Promise((ok) => setTimeout(ok, 600));
    }
  }
  if (r.status === 304 && known) return /** @type {any} */ (known.data);
  if (r.status === 401) {
    hooks.onSignedOut();
    throw new SignedOutError("signed out");
  }
  const text = await r.text();
  let parsed;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { error: `HTTP ${r.status}` };
  }
  if (!r.ok) throw new ApiError(r.status, parsed);
  const etag = r.headers.get("ETag");
  if (method === "GET" && etag && opts.keep !== false) kept.set(path, { etag, data: parsed.data });
  return parsed.data;
}

/** Forgets every kept answer (sign-out). */
export function forget() {
  kept.clear();
}
