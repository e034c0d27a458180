/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document; MCP authorization 2025-11-25
 * "SHOULD", the preferred way since 2026-07-28): a client identifies itself by an https URL as `client_id`,
 * and the document at that URL (JSON) says its name and redirect URIs. VS Code uses
 * `https://vscode.dev/oauth/client-metadata.json`. Dynamic registration stays for older clients.
 *
 * Fetching a URL a stranger names is a server-side request, so (draft §6, OWASP SSRF):
 * - https only, a path, no fragment, no credentials, no dot segments;
 * - the host name is resolved once (A and AAAA), and every address it resolves to must be public; an address
 *   is parsed into its bytes before it is judged, and one that does not parse is not public. Not public:
 *   IPv4 this-network, private, loopback, CGNAT, link-local, IETF protocol assignments, documentation,
 *   benchmarking, the 6to4 relay, multicast, reserved and broadcast; IPv6 outside global unicast 2000::/3
 *   (unspecified, loopback, IPv4-compatible and -translated, discard, unique-local, link-local, site-local,
 *   multicast…), 2001::/23 (Teredo, ORCHID, benchmarking…), documentation 2001:db8::/32 and 3fff::/20.
 *   IPv4-mapped (::ffff:0:0/96), 6to4 (2002::/16) and NAT64 (64:ff9b::/96) addresses are judged by the IPv4
 *   address inside, the local NAT64 prefix 64:ff9b:1::/48 is refused. IPv4 must be canonical dotted decimal
 *   (the URL parser writes hosts so; other spellings are refused, never guessed at);
 * - the connection goes to an address that was checked, never to the name (the runtime's fetch would resolve
 *   it again, and a second answer could be loopback), and TLS verifies the certificate against the URL's
 *   host name, which is also the request's `Host`. So the request is one HTTP/1.1 GET written here;
 * - no redirects (a 3xx is an answer like any other), 5 seconds for everything, at most 5 KB read;
 * - the document's `client_id` must equal the URL exactly; redirect URIs pass the same rules as a
 *   registration's; the client is public (`token_endpoint_auth_method` "none").
 * A valid document is kept as the client's row (so tokens and connections refer to it like to any client)
 * and fetched again when its HTTP caching allows (`max-age` within 5 minutes and 24 hours; 1 hour without).
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { oauthClients } from "../db/schema/mod.ts";
import { GRANT_TYPES, validateRedirectUris } from "./clients.ts";
import { parseAddress, parseIPv4 } from "../ip.ts";

const MAX_BYTES = 5 * 1024;
const TIMEOUT_MS = 5_000;
const MIN_TTL_MS = 5 * 60_000;
const MAX_TTL_MS = 24 * 3_600_000;
const DEFAULT_TTL_MS = 3_600_000;
/** Limits on what is read of an answer besides the document: the status line and headers, one line. */
const MAX_HEAD_BYTES = 16 * 1024;
const MAX_LINE_BYTES = 1024;
/** All bytes read from one connection (chunk framing included), whatever the framing claims. */
const MAX_READ_BYTES = 64 * 1024;

import type { MetadataFetcher } from "../deps.ts";
export type { MetadataFetcher };

/** Whether a `client_id` is a URL naming a metadata document (draft §3). */
export function isMetadataClientId(id: string): boolean {
  if (!id.startsWith("https://") || id.length > 200) return false;
  try {
    const u = new URL(id);
    return u.protocol === "https:" && u.pathname.length > 1 && !u.hash && !u.username && !u.password &&
      !/(^|\/)\.\.?(\/|$)/.test(u.pathname) && u.href === id;
  } catch {
    return false;
  }
}

function ipv4Public(a: Uint8Array): boolean {
  const [x, y, z] = a;
  return !(
    x === 0 || // this network
    x === 10 || // private
    (x === 100 && (y & 0xc0) === 64) || // CGNAT 100.64.0.0/10
    x === 127 || // loopback
    (x === 169 && y === 254) || // link-local (cloud metadata endpoints)
    (x === 172 && (y & 0xf0) === 16) || // private 172.16.0.0/12
    (x === 192 && y === 0 && z === 0) || // IETF protocol assignments
    (x === 192 && y === 0 && z === 2) || // documentation
    (x === 192 && y === 88 && z === 99) || // 6to4 relay anycast
    (x === 192 && y === 168) || // private
    (x === 198 && (y & 0xfe) === 18) || // benchmarking 198.18.0.0/15
    (x === 198 && y === 51 && z === 100) || // documentation
    (x === 203 && y === 0 && z === 113) || // documentation
    x >= 224 // multicast, reserved, broadcast
  );
}

function ipv6Public(b: Uint8Array): boolean {
  const word = (i: number) => (b[2 * i] << 8) | b[2 * i + 1];
  const zero = (from: number, to: number) => b.subarray(from, to).every((v) => v === 0);
  // Forms that carry an IPv4 address reach that address, so it decides.
  if (zero(0, 10) && word(5) === 0xffff) return ipv4Public(b.subarray(12)); // ::ffff:0:0/96 mapped
  if (word(0) === 0x64 && word(1) === 0xff9b && zero(4, 12)) return ipv4Public(b.subarray(12)); // NAT64
  if (word(0) === 0x2002) return ipv4Public(b.subarray(2, 6)); // 6to4
  // Everything outside global unicast is special: ::/8 (unspecified, loopback, IPv4-compatible and
  // -translated), 64:ff9b:1::/48, 100::/64, 5f00::/16, fc00::/7, fe80::/10, fec0::/10, ff00::/8…
  if ((b[0] & 0xe0) !== 0x20) return false;
  if (word(0) === 0x2001 && word(1) < 0x0200) return false; // 2001::/23: Teredo, ORCHID, benchmarking…
  if (word(0) === 0x2001 && word(1) === 0x0db8) return false; // documentation
  if (word(0) === 0x3fff && word(1) < 0x1000) return false; // documentation 3fff::/20
  return true;
}

/**
 * Whether an address is on the public internet (the module comment lists what is not). Takes IPv4 in
 * dotted decimal, IPv6 bare or in brackets (a URL's hostname); anything else is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const bytes = parseAddress(ip);
  if (!bytes) return false;
  return bytes.length === 4 ? ipv4Public(bytes) : ipv6Public(bytes);
}

/** The DNS's A and AAAA answers for a name; a failed query counts as no answer. */
async function resolveWithDns(host: string, signal: AbortSignal): Promise<string[]> {
  const ask = (type: "A" | "AAAA") => Deno.resolveDns(host, type, { signal }).catch(() => [] as string[]);
  const [a, aaaa] = await Promise.all([ask("A"), ask("AAAA")]);
  return [...a, ...aaaa];
}

/** What a fetcher of documents is built from; the defaults are production's. */
export interface PublicFetcherOptions {
  /** A host name's addresses, asked once per fetch (default: the DNS, A and AAAA). */
  resolve?: (host: string, signal: AbortSignal) => Promise<string[]>;
  /** Which addresses may be connected to (default `isPublicAddress`; a test allows its loopback server). */
  addressAllowed?: (ip: string) => boolean;
  /** Root certificates trusted besides the default ones (a test's own CA). */
  caCerts?: string[];
}

/** A fetcher that connects only to addresses it checked (see the module comment). */
export function createPublicFetcher(options: PublicFetcherOptions = {}): MetadataFetcher {
  return { fetch: (url, init) => fetchChecked(url, init, options) };
}

/** The production fetcher (public addresses only). */
export const PUBLIC_FETCHER: MetadataFetcher = createPublicFetcher();

/** Settles with `promise`, or with the signal's reason as soon as it aborts. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

async function fetchChecked(
  url: string,
  init: RequestInit,
  options: PublicFetcherOptions,
): Promise<Response> {
  const u = new URL(url);
  if (u.protocol !== "https:") throw new Error("only https URLs are fetched");
  if ((init.method ?? "GET").toUpperCase() !== "GET") throw new Error("only GET is sent");
  const signal = init.signal ?? AbortSignal.timeout(TIMEOUT_MS);
  signal.throwIfAborted();
  const allowed = options.addressAllowed ?? isPublicAddress;
  // A URL's host is an IPv6 literal in brackets, canonical IPv4 (the parser rewrites every other IPv4
  // spelling) or a name.
  const literal = u.hostname.startsWith("[")
    ? u.hostname.slice(1, -1)
    : parseIPv4(u.hostname)
    ? u.hostname
    : null;
  const addresses = literal !== null
    ? [literal]
    : await abortable((options.resolve ?? resolveWithDns)(u.hostname, signal), signal);
  if (!addresses.length) throw new Error(`${u.hostname} does not resolve`);
  // Only literal addresses are connected to, so nothing resolves the name a second time.
  const checked = addresses.map((a) => ({ text: a, bytes: parseAddress(a) }));
  if (!checked.every((a) => a.bytes && allowed(a.text))) {
    throw new Error(
      literal !== null
        ? `${u.hostname} is a non-public address`
        : `${u.hostname} resolves to a non-public address`,
    );
  }
  const port = Number(u.port || 443);
  let conn: Deno.TcpConn | undefined;
  const failures: string[] = [];
  for (const { bytes } of checked) {
    const hostname = formatAddress(bytes!);
    try {
      conn = await Deno.connect({ hostname, port, signal });
      break;
    } catch (e) {
      signal.throwIfAborted();
      failures.push(`${hostname}: ${(e as Error).message}`);
    }
  }
  if (!conn) throw new Error(`no connection to ${u.hostname} (${failures.join("; ")})`);
  let open: Deno.Conn = conn;
  const close = () => {
    try {
      open.close();
    } catch { /* already closed, or consumed by the TLS upgrade */ }
  };
  signal.addEventListener("abort", close, { once: true });
  try {
    // The certificate is checked against the URL's host, not the address connected to.
    const tls = await Deno.startTls(conn, { hostname: literal ?? u.hostname, caCerts: options.caCerts });
    open = tls;
    signal.throwIfAborted();
    await tls.handshake();
    await writeAll(tls, requestHead(u, init.headers));
    return await readResponse(new Incoming(tls));
  } catch (e) {
    if (signal.aborted) throw signal.reason;
    throw e;
  } finally {
    signal.removeEventListener("abort", close);
    close();
  }
}

/** An address as `Deno.connect` takes it without resolving anything: dotted IPv4 or full IPv6. */
function formatAddress(bytes: Uint8Array): string {
  if (bytes.length === 4) return bytes.join(".");
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return words.join(":");
}

function requestHead(u: URL, given: HeadersInit | undefined): Uint8Array {
  const headers = new Headers(given);
  for (const name of ["host", "connection", "accept-encoding", "content-length", "transfer-encoding"]) {
    headers.delete(name);
  }
  if (!headers.has("user-agent")) headers.set("user-agent", "hr-service (client metadata)");
  // The URL serializer percent-encodes spaces and controls, and Headers refuses CR and LF in values.
  let head = `GET ${u.pathname}${u.search} HTTP/1.1\r\nhost: ${u.host}\r\n`;
  for (const [name, value] of headers) head += `${name}: ${value}\r\n`;
  head += "accept-encoding: identity\r\nconnection: close\r\n\r\n";
  return new TextEncoder().encode(head);
}

async function writeAll(conn: Deno.Conn, data: Uint8Array): Promise<void> {
  for (let at = 0; at < data.length;) at += await conn.write(data.subarray(at));
}

/** What the server sent, read in bounded pieces. */
class Incoming {
  #buffer = new Uint8Array(0);
  #read = 0;
  #ended = false;
  constructor(private readonly conn: Deno.Conn) {}

  async #more(): Promise<boolean> {
    if (this.#ended) return false;
    const chunk = new Uint8Array(16 * 1024);
    const n = await this.conn.read(chunk);
    if (n === null) {
      this.#ended = true;
      return false;
    }
    this.#read += n;
    if (this.#read > MAX_READ_BYTES) throw new Error(`the answer is larger than ${MAX_READ_BYTES} bytes`);
    const next = new Uint8Array(this.#buffer.length + n);
    next.set(this.#buffer);
    next.set(chunk.subarray(0, n), this.#buffer.length);
    this.#buffer = next;
    return true;
  }

  #take(n: number): Uint8Array<ArrayBuffer> {
    const out = this.#buffer.slice(0, n);
    this.#buffer = this.#buffer.subarray(n);
    return out;
  }

  /** One line without its CRLF (a bare LF is accepted, RFC 9112 §2.2), as bytes to chars one to one. */
  async line(max: number): Promise<string> {
    for (;;) {
      const lf = this.#buffer.indexOf(10);
      if (lf > max || (lf < 0 && this.#buffer.length > max)) {
        throw new Error("the answer has a line too long");
      }
      if (lf >= 0) {
        const bytes = this.#take(lf + 1).subarray(0, lf);
        const end = bytes.length && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length;
        return String.fromCharCode(...bytes.subarray(0, end));
      }
      if (!await this.#more()) throw new Error("the answer ended early");
    }
  }

  /** Exactly `n` bytes. */
  async bytes(n: number): Promise<Uint8Array<ArrayBuffer>> {
    while (this.#buffer.length < n) if (!await this.#more()) throw new Error("the answer ended early");
    return this.#take(n);
  }

  /** Up to `n` bytes, fewer when the stream ends first. */
  async upTo(n: number): Promise<Uint8Array<ArrayBuffer>> {
    while (this.#buffer.length < n && await this.#more());
    return this.#take(n);
  }
}

/** Status line and header fields; informational (1xx) answers are skipped. */
async function readHead(incoming: Incoming): Promise<{ status: number; headers: Headers }> {
  for (;;) {
    const statusLine = await incoming.line(MAX_LINE_BYTES);
    const m = /^HTTP\/1\.[01] ([1-5]\d\d)(?: .*)?$/.exec(statusLine);
    if (!m) throw new Error("the answer is not HTTP/1.1");
    const status = Number(m[1]);
    const headers = new Headers();
    let size = statusLine.length;
    for (;;) {
      const line = await incoming.line(MAX_HEAD_BYTES);
      size += line.length + 2;
      if (size > MAX_HEAD_BYTES) {
        throw new Error(`the answer's header is larger than ${MAX_HEAD_BYTES} bytes`);
      }
      if (line === "") break;
      const field = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
      if (!field) throw new Error("the answer has a malformed header field");
      headers.append(field[1], field[2]);
    }
    if (status === 101) throw new Error("the server switched protocols");
    if (status >= 200) return { status, headers };
  }
}

/** The body of a chunked answer, at most `limit` bytes of it (RFC 9112 §7.1; trailers are not read). */
async function readChunked(incoming: Incoming, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const m = /^([0-9a-fA-F]{1,8})[ \t]*(?:;.*)?$/.exec(await incoming.line(MAX_LINE_BYTES));
    if (!m) throw new Error("the answer's chunked coding is malformed");
    const size = parseInt(m[1], 16);
    if (size === 0) break;
    const take = Math.min(size, limit - total);
    parts.push(await incoming.bytes(take));
    total += take;
    if (total >= limit) break;
    if (await incoming.line(MAX_LINE_BYTES) !== "") {
      throw new Error("the answer's chunked coding is malformed");
    }
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const p of parts) body.set(p, (at += p.length) - p.length);
  return body;
}

/**
 * The answer as a `Response`, its body at most one byte over the document's limit, so that the reader
 * below still sees (and names) a document that is too large, without this reading the rest of it.
 */
async function readResponse(incoming: Incoming): Promise<Response> {
  const { status, headers } = await readHead(incoming);
  const limit = MAX_BYTES + 1;
  let body: Uint8Array<ArrayBuffer> | null;
  if (status === 204 || status === 205 || status === 304) body = null;
  else if (headers.has("transfer-encoding")) {
    // Only chunked was asked for (accept-encoding identity); other codings would need decoding.
    if (headers.get("transfer-encoding")!.trim().toLowerCase() !== "chunked") {
      throw new Error("the answer uses a transfer coding other than chunked");
    }
    body = await readChunked(incoming, limit);
  } else if (headers.has("content-length")) {
    const values = headers.get("content-length")!.split(",").map((v) => v.trim());
    if (!values.every((v) => /^\d{1,15}$/.test(v) && v === values[0])) {
      throw new Error("the answer's Content-Length is malformed");
    }
    body = await incoming.bytes(Math.min(Number(values[0]), limit));
  } else body = await incoming.upTo(limit);
  return new Response(body, { status, headers });
}

async function readLimited(res: Response): Promise<string> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > MAX_BYTES) throw new Error(`the document is larger than ${MAX_BYTES} bytes`);
  const reader = res.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BYTES) {
      await reader.cancel();
      throw new Error(`the document is larger than ${MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) all.set(c, (at += c.byteLength) - c.byteLength);
  return new TextDecoder().decode(all);
}

function ttlOf(cacheControl: string | null): number {
  const cc = (cacheControl ?? "").toLowerCase();
  if (/\bno-store\b|\bno-cache\b/.test(cc)) return MIN_TTL_MS;
  const m = /\bmax-age=(\d+)/.exec(cc);
  if (!m) return DEFAULT_TTL_MS;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, Number(m[1]) * 1000));
}

/** When each document may be served from its row without fetching again, per database. */
const freshUntil = new WeakMap<object, Map<string, number>>();

/** Why a document was refused (for the authorization page and the log). */
export class MetadataDocumentError extends Error {}

/**
 * The client a metadata-document URL names: its stored row while the document is fresh, else fetched,
 * checked and stored again. Throws `MetadataDocumentError` saying what was wrong.
 */
export async function resolveMetadataClient(deps: AppDeps, url: string): Promise<void> {
  let fresh = freshUntil.get(deps.db);
  if (!fresh) freshUntil.set(deps.db, fresh = new Map());
  const now = deps.clock.now();
  const row = await deps.db.query.oauthClients.findFirst({ where: eq(oauthClients.id, url) });
  if (row && (fresh.get(url) ?? 0) > now) return;
  const fetcher = deps.clientMetadataFetcher ?? PUBLIC_FETCHER;
  let res: Response;
  try {
    res = await fetcher.fetch(url, {
      headers: { Accept: "application/json" },
      redirect: "manual",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (e) {
    throw new MetadataDocumentError(
      `The client's metadata document could not be fetched: ${(e as Error).message}`,
    );
  }
  if (res.status !== 200) {
    await res.body?.cancel();
    throw new MetadataDocumentError(`The client's metadata document answered HTTP ${res.status}.`);
  }
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(await readLimited(res));
  } catch (e) {
    throw new MetadataDocumentError(
      `The client's metadata document is not usable JSON: ${(e as Error).message}`,
    );
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
    throw new MetadataDocumentError("The client's metadata document is not a JSON object.");
  }
  if (doc.client_id !== url) {
    throw new MetadataDocumentError("The document's client_id is not the URL it was fetched from.");
  }
  const method = doc.token_endpoint_auth_method ?? "none";
  if (method !== "none") {
    throw new MetadataDocumentError(
      "Only public clients (token_endpoint_auth_method none) may use a metadata document.",
    );
  }
  const uris = validateRedirectUris(doc.redirect_uris);
  if (!uris.ok) throw new MetadataDocumentError(`The document's redirect URIs are refused: ${uris.reason}.`);
  const str = (
    v: unknown,
    max: number,
  ) => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);
  const values = {
    name: str(doc.client_name, 100) ?? new URL(url).host,
    type: "PUBLIC",
    secretHash: null,
    tokenEndpointAuthMethod: "none",
    redirectUris: JSON.stringify(uris.uris),
    grantTypes: JSON.stringify(GRANT_TYPES),
    clientUri: str(doc.client_uri, 200),
    logoUri: str(doc.logo_uri, 200),
    softwareId: str(doc.software_id, 100),
    softwareVersion: str(doc.software_version, 50),
  };
  await deps.db.insert(oauthClients).values({ id: url, createdBy: "METADATA", createdAt: now, ...values })
    .onConflictDoUpdate({ target: oauthClients.id, set: values });
  fresh.set(url, now + ttlOf(res.headers.get("cache-control")));
}
