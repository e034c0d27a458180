import { timingSafeEqual } from "node:crypto";

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

/** SHA-256 as lowercase hex: how tokens, codes and secrets are stored (only the hash, never the secret). */
export async function sha256Hex(text: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", enc.encode(text)));
  let out = "";
  for (const b of d) out += b.toString(16).padStart(2, "0");
  return out;
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
