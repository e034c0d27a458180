/**
 * IP addresses as bytes, parsed strictly: what does not parse is no address. One parser for every place that
 * judges an address (per-address limits, trusted proxies, the client-metadata SSRF guard), so none of them
 * reads a spelling another one misses.
 */

/** IPv4 in canonical dotted decimal only: four numbers 0–255 without leading zeros. */
export function parseIPv4(text: string): Uint8Array | null {
  const m = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/.exec(text);
  if (!m) return null;
  const bytes = m.slice(1).map(Number);
  return bytes.every((b) => b <= 255) ? Uint8Array.from(bytes) : null;
}

/**
 * IPv6 text (RFC 4291 §2.2): eight groups of 1–4 hex digits, one `::` standing for one or more zero groups,
 * and an IPv4 dotted quad only as the last 32 bits. A zone (`%eth0`) or brackets do not parse.
 */
export function parseIPv6(text: string): Uint8Array | null {
  if (!/^[0-9a-fA-F:.]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string, mayEndInIPv4: boolean): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (const [i, piece] of pieces.entries()) {
      if (/^[0-9a-fA-F]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else if (mayEndInIPv4 && i === pieces.length - 1) {
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else return null;
    }
    return out;
  };
  const compressed = halves.length === 2;
  const head = groups(halves[0], !compressed);
  const tail = compressed ? groups(halves[1], true) : [];
  if (!head || !tail) return null;
  const count = head.length + tail.length;
  if (compressed ? count > 7 : count !== 8) return null;
  const words = [...head, ...Array<number>(8 - count).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  words.forEach((w, i) => {
    bytes[2 * i] = w >> 8;
    bytes[2 * i + 1] = w & 0xff;
  });
  return bytes;
}

/** An address as bytes (4 or 16): IPv4, IPv6, or IPv6 in brackets as a URL's hostname has it. */
export function parseAddress(text: string): Uint8Array | null {
  const bracketed = /^\[([^[\]]*)\]$/.exec(text);
  if (bracketed) return parseIPv6(bracketed[1]);
  return parseIPv4(text) ?? parseIPv6(text);
}

/** An address as bytes, an IPv4-mapped IPv6 address (::ffff:a.b.c.d) as its 4 IPv4 bytes. */
export function parseAddressUnmapped(text: string): Uint8Array | null {
  const b = parseAddress(text);
  if (b && b.length === 16 && b.subarray(0, 10).every((v) => v === 0) && b[10] === 0xff && b[11] === 0xff) {
    return b.slice(12);
  }
  return b;
}
