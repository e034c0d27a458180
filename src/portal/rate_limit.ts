/**
 * The portal's request limit per account, with the IETF `RateLimit-Policy` and `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers) on every answer and `Retry-After` on a 429.
 *
 * Counted in memory per fixed one-minute window: the portal is served by one process, and a write per
 * request would cost every read a commit. Several processes on one database would each count their own.
 */
import type { Clock } from "../clock.ts";

export interface PortalLimiter {
  readonly perMinute: number;
  /** Counts one request of `key`; returns the headers to send and whether it is over the limit. */
  hit(key: string): { over: boolean; headers: [string, string][]; retryAfter: number };
}

const WINDOW_MS = 60_000;

export function portalLimiter(clock: Clock, perMinute: number): PortalLimiter {
  let windowStart = 0;
  let counts = new Map<string, number>();
  const policy: [string, string] = ["RateLimit-Policy", `"minute";q=${perMinute};w=60`];
  return {
    perMinute,
    hit(key) {
      const now = clock.now();
      const start = now - (now % WINDOW_MS);
      if (start !== windowStart) {
        windowStart = start;
        counts = new Map();
      }
      const n = (counts.get(key) ?? 0) + 1;
      counts.set(key, n);
      const reset = Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000));
      return {
        over: n > perMinute,
        retryAfter: reset,
        headers: [policy, ["RateLimit", `"minute";r=${Math.max(0, perMinute - n)};t=${reset}`]],
      };
    },
  };
}
