/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document; MCP authorization 2025-11-25
 * "SHOULD", the preferred way since 2026-07-28): a client identifies itself by an https URL as `client_id`,
 * and the document at that URL (JSON) says its name and redirect URIs. VS Code uses
 * `https://vscode.dev/oauth/client-metadata.json`. Dynamic registration stays for older clients.
 *
 * Fetching a URL a stranger names is a server-side request, so (draft §6, OWASP SSRF):
 * - https only, a path, no fragment, no credentials, no dot segments;
 * - every address the host resolves to must be public (no loopback, private, link-local, unique-local, CGNAT,
 *   multicast, documentation or unspecified ranges), and the request goes to that checked address's host name
 *   only once the check passed (the window for a DNS change in between is the resolver's, and the document
 *   buys nothing but a consent page);
 * - no redirects, 5 seconds, at most 5 KB;
 * - the document's `client_id` must equal the URL exactly; redirect URIs pass the same rules as a
 *   registration's; the client is public (`token_endpoint_auth_method` "none").
 * A valid document is kept as the client's row (so tokens and connections refer to it like to any client)
 * and fetched again when its HTTP caching allows (`max-age` within 5 minutes and 24 hours; 1 hour without).
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { oauthClients } from "../db/schema/mod.ts";
import { GRANT_TYPES, validateRedirectUris } from "./clients.ts";

const MAX_BYTES = 5 * 1024;
const TIMEOUT_MS = 5_000;
const MIN_TTL_MS = 5 * 60_000;
const MAX_TTL_MS = 24 * 3_600_000;
const DEFAULT_TTL_MS = 3_600_000;

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

function ipv4Public(a: number[]): boolean {
  const [x, y] = a;
  return !(x === 0 || x === 10 || x === 127 || (x === 100 && y >= 64 && y <= 127) ||
    (x === 169 && y === 254) ||
    (x === 172 && y >= 16 && y <= 31) || (x === 192 && y === 168) || (x === 192 && y === 0) ||
    (x === 198 && (y === 18 || y === 19)) || (x === 192 && y === 88) || x >= 224 ||
    (x === 192 && y === 0 && a[2] === 2) || (x === 198 && y === 51) || (x === 203 && y === 0));
}

/** Whether an address is on the public internet (the ranges the module comment lists are not). */
export function isPublicAddress(ip: string): boolean {
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(ip);
  if (v4) return ipv4Public(v4.slice(1).map(Number));
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return isPublicAddress(mapped[1]);
  if (lower === "::" || lower === "::1") return false;
  const first = parseInt(lower.split(":")[0] || "0", 16);
  if ((first & 0xfe00) === 0xfc00) return false; // fc00::/7 unique local
  if ((first & 0xffc0) === 0xfe80) return false; // fe80::/10 link local
  if ((first & 0xff00) === 0xff00) return false; // multicast
  if (lower.startsWith("2001:db8:") || lower.startsWith("64:ff9b:")) return false;
  return true;
}

async function defaultFetch(url: string, init: RequestInit): Promise<Response> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  const literal = /^[\d.]+$/.test(host) || host.includes(":");
  const addresses = literal ? [host] : [
    ...await Deno.resolveDns(host, "A").catch(() => [] as string[]),
    ...await Deno.resolveDns(host, "AAAA").catch(() => [] as string[]),
  ];
  if (!addresses.length) throw new Error(`${host} does not resolve`);
  if (!addresses.every(isPublicAddress)) throw new Error(`${host} resolves to a non-public address`);
  return await fetch(url, init);
}

/** The runtime's fetcher (public addresses only). */
export const PUBLIC_FETCHER: MetadataFetcher = { fetch: defaultFetch };

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
