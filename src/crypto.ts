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
  const b = crypto.getRandomValues(new Uint8Array(16));
  let t = Math.max(0, Math.floor(nowMs));
  for (let i = 5; i >= 0; i--) {
    b[i] = t % 256;
    t = Math.floor(t / 256);
  }
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  let h = "";
  for (const x of b) h += x.toString(16).padStart(2, "0");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
