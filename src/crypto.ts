import { createHash, timingSafeEqual } from "node:crypto";

const enc = new TextEncoder();

/** Base64url without padding (RFC 4648 §5), the alphabet of tokens that travel in URLs and headers. */
export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/**
 * A random bearer secret with a recognisable prefix (so secret scanners and people can tell what leaked):
 * 32 random bytes, 256 bits.
 */
export function randomToken(prefix: string): string {
  return `${prefix}_${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;
}

/**
 * SHA-256 as lowercase hex: how tokens, codes and secrets are stored (only the hash, never the secret).
 * Computed synchronously by `node:crypto` (the same digest as WebCrypto's, without a promise per call: it runs
 * on every authenticated portal request).
 */
// deno-lint-ignore require-await
export async function sha256Hex(text: string | Uint8Array<ArrayBuffer>): Promise<string> {
  return createHash("sha256").update(text).digest("hex");
}

/** SHA-256 as base64url, as PKCE S256 needs it (RFC 7636 §4.2). */
export async function sha256B64url(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(text))));
}

/** Constant-time string comparison (equal length required; different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = enc.encode(a);
  const y = enc.encode(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A UUID version 7 (RFC 9562 §5.7): 48 bits of Unix milliseconds, then 74 random bits. Rows keyed by it
 * are appended at the end of their primary-key index instead of at a random place, so a busy table (the
 * connector's audit trail) writes one index page per commit rather than one per row.
 */
export function uuidv7(nowMs: number): string {
  // A version 4 UUID's 74 random bits, with its first 48 bits and its version replaced: the same layout,
  // without building the string digit by digit (it runs for every audited connector call).
  const r = crypto.randomUUID();
  const t = Math.max(0, Math.floor(nowMs)).toString(16).padStart(12, "0").slice(-12);
  return `${t.slice(0, 8)}-${t.slice(8)}-7${r.slice(15)}`;
}
