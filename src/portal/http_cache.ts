import { createHash } from "node:crypto";

/**
 * Validators for the portal's reads (RFC 9110 §8.8.3, §13.1.2): every GET of the caller's own data carries a
 * strong `ETag` (a digest of the exact bytes sent), and a request whose `If-None-Match` names it gets 304
 * without a body, so a phone does not download unchanged balances, weeks and lists again.
 *
 * `Cache-Control` never lets a shared cache keep personal data (RFC 9111 §5.2.2.7 `private`): a read of the
 * caller's own data may stay on the person's own device but is revalidated on every use (`no-cache`). Reads
 * that are `no-store` (`readCacheControl`): health data (sick leave), another person's data (everything under
 * `/approvals/`: a manager's requests to decide, the team calendar, HR's review lists), the most sensitive own
 * reads (the profile with AHV number and IBAN, salary, payslip amounts, salary continuation) and files; every
 * other portal answer (writes, errors) is `no-store` too. A `no-store` read still carries its `ETag`: the app
 * keeps what it needs in its own storage (not an HTTP cache) and asks with `If-None-Match` before downloading
 * again.
 */

/** The strong validator of a body: its SHA-256 in base64url, the first 22 characters (132 bits), quoted. */
export function strongEtag(body: string | Uint8Array<ArrayBuffer>): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/**
 * Whether `If-None-Match` matches the current validator: `*`, or any listed tag by the weak comparison
 * RFC 9110 §13.1.2 prescribes for this header (a `W/` prefix is ignored).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => opaque(t) === opaque(etag));
}

export const CACHE_REVALIDATE = "private, no-cache";
export const CACHE_NO_STORE = "no-store";

/** Own reads that carry the most sensitive fields: never stored, not even on the person's device. */
const NO_STORE_OWN_READS: ReadonlySet<string> = new Set([
  "getProfile",
  "getCompensation",
  "getPayslip",
  "getSalaryContinuation",
]);

/**
 * The `Cache-Control` of a successful JSON read. A device's HTTP cache outlives the session (a phone handed
 * on, a shared tablet, a backup of the app's cache) and is not wiped with the app's own storage at sign-out,
 * so health data and what a manager or HR sees about other people are never written to it: sick leave by its
 * tag, other people's data by its place under `/approvals/` (and a colleague's absences under
 * `/employee/team/`), so a read added there is covered too.
 */
export function readCacheControl(r: { operationId: string; path: string; tag: string }): string {
  if (
    r.tag === "sick-leave" || r.path.startsWith("/approvals/") || r.path.startsWith("/employee/team/") ||
    NO_STORE_OWN_READS.has(r.operationId)
  ) {
    return CACHE_NO_STORE;
  }
  return CACHE_REVALIDATE;
}
