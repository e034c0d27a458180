/**
 * A browser's Web Push subscription as a push device's token. The browser's `PushSubscription.toJSON()`
 * (`{endpoint, keys: {p256dh, auth}}`) travels as base64url of its JSON, so the token keeps to the token
 * rule's characters; it is stored in one canonical form (only those three fields, unpadded base64url), so
 * the same subscription registered again is the same token.
 *
 * The endpoint is where the service will POST, so it is accepted only over https at a push service of the
 * allow-list (`WEB_PUSH_ALLOWED_HOSTS`): an address of the client's choosing would let anyone make the
 * service call into its own network. The keys are what RFC 8291 encrypts for: `p256dh` an uncompressed P-256
 * point (65 bytes, checked to lie on the curve), `auth` a secret of 16 bytes.
 */

/** A subscription the service can send to. */
export interface WebSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Why a token is not an acceptable subscription. */
export type SubscriptionProblem = "shape" | "https" | "host" | "keys";

/** Longest endpoint accepted (the push services' are a few hundred characters). */
const MAX_ENDPOINT = 2000;

/** Bytes of unpadded or padded base64url, or null. */
export function fromBase64url(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(s)) return null;
  try {
    const t = s.replace(/=+$/, "");
    const b = atob(t.replaceAll("-", "+").replaceAll("_", "/") + "==".slice(0, (4 - t.length % 4) % 4));
    return Uint8Array.from(b, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** Unpadded base64url. */
export function toBase64url(b: Uint8Array): string {
  let s = "";
  for (const x of b) s += String.fromCharCode(x);
  return btoa(s).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

// P-256 (SEC 2, 2.4.2): y² = x³ − 3x + b over the prime p.
const P = 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

function bigOf(bytes: Uint8Array): bigint {
  let n = 0n;
  for (const x of bytes) n = (n << 8n) | BigInt(x);
  return n;
}

/**
 * Whether 65 bytes are an uncompressed point on P-256. Checked here because Web Crypto's raw import accepts
 * any 65 bytes starting with 4, and a point off the curve would only fail at the first send.
 */
export function isP256Point(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  const x = bigOf(bytes.subarray(1, 33));
  const y = bigOf(bytes.subarray(33));
  if (x >= P || y >= P) return false;
  return (y * y - (x * x * x - 3n * x + B)) % P === 0n;
}

/**
 * Whether an endpoint's host is on the allow-list: an entry names the host exactly, or `*.` and a domain for
 * any host below it (not the domain itself); an entry with `:port` allows that port, one without only 443.
 */
export function hostAllowed(url: URL, allowed: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  const port = url.port === "443" ? "" : url.port;
  return allowed.some((entry) => {
    const m = /^(.*?)(?::(\d+))?$/.exec(entry.toLowerCase())!;
    const want = m[1];
    if ((m[2] === "443" ? "" : m[2] ?? "") !== port) return false;
    return want.startsWith("*.")
      ? host.endsWith(want.slice(1)) && host.length > want.length - 1
      : host === want;
  });
}

/**
 * Reads a subscription token: the subscription in canonical form, or what is wrong with it (the JSON's
 * shape, an endpoint that is not https or not at an allowed push service, keys that are none).
 */
export function parseWebSubscription(
  token: string,
  allowedHosts: readonly string[],
): { ok: true; subscription: WebSubscription; token: string } | {
  ok: false;
  problem: SubscriptionProblem;
  host?: string;
} {
  const raw = fromBase64url(token.trim());
  let json: unknown;
  try {
    json = raw ? JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(raw)) : null;
  } catch {
    json = null;
  }
  const j = json as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | null;
  if (
    !j || typeof j !== "object" || typeof j.endpoint !== "string" || !j.keys || typeof j.keys !== "object" ||
    typeof j.keys.p256dh !== "string" || typeof j.keys.auth !== "string"
  ) return { ok: false, problem: "shape" };
  let url: URL;
  try {
    url = new URL(j.endpoint);
  } catch {
    return { ok: false, problem: "https" };
  }
  if (url.protocol !== "https:" || url.username || url.password || j.endpoint.length > MAX_ENDPOINT) {
    return { ok: false, problem: "https" };
  }
  if (!hostAllowed(url, allowedHosts)) return { ok: false, problem: "host", host: url.host };
  const p256dh = fromBase64url(j.keys.p256dh);
  const auth = fromBase64url(j.keys.auth);
  if (!p256dh || !isP256Point(p256dh) || !auth || auth.length !== 16) return { ok: false, problem: "keys" };
  const subscription = {
    endpoint: url.href,
    keys: { p256dh: toBase64url(p256dh), auth: toBase64url(auth) },
  };
  return {
    ok: true,
    subscription,
    token: toBase64url(new TextEncoder().encode(JSON.stringify(subscription))),
  };
}
