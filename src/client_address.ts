/**
 * The address of the client a request came from, for per-address limits (dynamic registration, the portal
 * before sign-in). By default it is the direct peer. Behind a reverse proxy every request comes from the
 * proxy, so with `TRUSTED_PROXIES` set (the proxy's addresses or CIDR ranges) the address the proxy reports is
 * used instead: the last entry of `Forwarded` (RFC 7239 §5.2 `for=`) or of `X-Forwarded-For` that is not
 * itself a trusted proxy, read only when the direct peer is one. A client cannot spoof its address by
 * sending these headers itself: from an untrusted peer they are ignored, and a trusted proxy appends the
 * real peer after whatever the client sent.
 */
import type { Context } from "hono";
import { parseAddressUnmapped } from "./ip.ts";

/** A parsed CIDR range (IPv4 or IPv6). */
interface Range {
  bytes: Uint8Array;
  bits: number;
}

/** An address as bytes; an IPv4-mapped IPv6 address counts as its IPv4 address. */
const ipBytes = parseAddressUnmapped;

/** Parses `TRUSTED_PROXIES`: comma-separated addresses or CIDR ranges; throws on a bad entry. */
export function parseTrustedProxies(value: string): Range[] {
  return value.split(",").map((x) => x.trim()).filter(Boolean).map((entry) => {
    const [addr, len] = entry.split("/");
    const bytes = ipBytes(addr);
    const max = bytes ? bytes.length * 8 : 0;
    const bits = len === undefined ? max : Number(len);
    if (
      !bytes || !Number.isInteger(bits) || bits < 0 || bits > max || (len !== undefined && !/^\d+$/.test(len))
    ) {
      throw new Error(`'${entry}' is not an IP address or CIDR range`);
    }
    return { bytes, bits };
  });
}

function inRange(ip: Uint8Array, r: Range): boolean {
  if (ip.length !== r.bytes.length) return false;
  for (let bit = 0; bit < r.bits; bit++) {
    const i = bit >> 3, m = 0x80 >> (bit & 7);
    if ((ip[i] & m) !== (r.bytes[i] & m)) return false;
  }
  return true;
}

function trusted(ip: string, proxies: readonly Range[]): boolean {
  const b = ipBytes(ip);
  return !!b && proxies.some((r) => inRange(b, r));
}

/** The `for=` addresses of a `Forwarded` header, in order (quotes, brackets and ports removed). */
function forwardedFor(header: string): string[] {
  const out: string[] = [];
  for (const element of header.split(",")) {
    for (const pair of element.split(";")) {
      const [k, ...v] = pair.split("=");
      if (k.trim().toLowerCase() !== "for") continue;
      let value = v.join("=").trim().replace(/^"(.*)"$/, "$1");
      const bracket = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
      if (bracket) value = bracket[1];
      else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.split(":")[0];
      out.push(value);
    }
  }
  return out;
}

/** The client's address as described above; `"unknown"` when there is no peer (in-process tests). */
export function clientAddress(c: Context, proxies: readonly Range[] | undefined): string {
  const peer = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr?.hostname ??
    "unknown";
  if (!proxies?.length || !trusted(peer, proxies)) return peer;
  const fwd = c.req.header("forwarded");
  const chain = fwd
    ? forwardedFor(fwd)
    : (c.req.header("x-forwarded-for") ?? "").split(",").map((s) => s.trim());
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i];
    if (!hop || !ipBytes(hop)) continue;
    if (!trusted(hop, proxies)) return hop;
  }
  return peer;
}

/**
 * The key per-address limits count under: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4
 * address), an IPv6 address by its /64, the smallest prefix a provider hands to one customer (RFC 6177):
 * counted one by one, a single line's 2^64 addresses would each start afresh.
 */
export function sourceKey(address: string): string {
  const b = ipBytes(address);
  if (!b) return address;
  if (b.length === 4) return b.join(".");
  const groups = Array.from({ length: 4 }, (_, i) => ((b[2 * i] << 8) | b[2 * i + 1]).toString(16));
  return `${groups.join(":")}::/64`;
}
