import { createHash } from "node:crypto";

/**
 * Validators for the portal's reads (RFC 9110 §8.8.3, §13.1.2): every GET of the caller's own data carries a
 * strong `ETag` (a digest of the exact bytes sent), and a request whose `If-None-Match` names it gets 304
 * without a body, so a phone does not download unchanged balances, weeks and lists again.
 *
 * `Cache-Control` never lets a shared cache keep personal data (RFC 9111 §5.2.2.7 `private`): a read may stay
 * on the person's own device but is revalidated on every use (`no-cache`); the most sensitive reads (the
 * profile with AHV number and IBAN, salary, payslip amounts, files) and every other portal answer are
 * `no-store`. A file is `no-store` too but carries its `ETag`: the app keeps a downloaded payslip or
 * certificate in its own storage (not an HTTP cache) and asks with `If-None-Match` before downloading again.
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
