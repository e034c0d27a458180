/**
 * The authorization server's rules as pure functions (no I/O, no clock): which redirect URIs a client may
 * register and how a request's URI matches them, PKCE, the resource indicator, and the scope ceiling a role
 * allows. Read and tested alone; the HTTP handlers only apply them.
 */
import { hasPermission, type Permission } from "../domain/access.ts";
import { type Scope, SCOPES } from "./scopes.ts";

/** What kind of redirect URI a client registered (RFC 8252 §7 for native apps). */
export type RedirectKind = "https" | "loopback" | "private-use";

/**
 * Schemes that can never be a redirect target: script and data URLs, local files, browser-internal pages,
 * and schemes that hand the code to another protocol.
 */
const FORBIDDEN_SCHEMES: ReadonlySet<string> = new Set([
  "javascript",
  "data",
  "vbscript",
  "file",
  "blob",
  "about",
  "filesystem",
  "view-source",
  "ftp",
  "ws",
  "wss",
  "mailto",
  "tel",
  "sms",
  "urn",
  "jar",
]);

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["127.0.0.1", "[::1]", "localhost"]);
/** Redirect URIs longer than this are refused (they travel in a URL themselves). */
export const MAX_REDIRECT_URI_LENGTH = 2000;

/**
 * Whether a redirect URI may be registered, and of which kind:
 * - `https:` to any host (RFC 6749 §3.1.2.1; OAuth 2.1 §2.3.1);
 * - `http:` only to a loopback address, any port (RFC 8252 §7.3; `localhost` accepted as well because the
 *   assistants in use register it, though §8.3 prefers the IP literal);
 * - a private-use scheme (RFC 8252 §7.1), e.g. `com.example.app:/callback` or `cursor://…/callback`.
 * Never a fragment (RFC 6749 §3.1.2), never user-info, never a forbidden scheme.
 */
export function checkRedirectUri(
  uri: unknown,
): { ok: true; kind: RedirectKind } | { ok: false; reason: string } {
  if (typeof uri !== "string" || uri.length === 0) {
    return { ok: false, reason: "a redirect URI must be a string" };
  }
  if (uri.length > MAX_REDIRECT_URI_LENGTH) return { ok: false, reason: "the redirect URI is too long" };
  if (/[\s<>"`]/.test(uri)) return { ok: false, reason: "the redirect URI contains characters a URI cannot" };
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return { ok: false, reason: `'${uri.slice(0, 100)}' is not an absolute URI` };
  }
  if (uri.includes("#")) return { ok: false, reason: "a redirect URI must not contain a fragment" };
  if (u.username || u.password) {
    return { ok: false, reason: "a redirect URI must not contain user information" };
  }
  const scheme = u.protocol.slice(0, -1).toLowerCase();
  if (scheme === "https") {
    if (!u.hostname) return { ok: false, reason: "an https redirect URI needs a host" };
    return { ok: true, kind: "https" };
  }
  if (scheme === "http") {
    if (LOOPBACK_HOSTS.has(u.hostname.toLowerCase())) return { ok: true, kind: "loopback" };
    return {
      ok: false,
      reason: "plain http is only allowed to a loopback address (127.0.0.1, [::1] or localhost)",
    };
  }
  if (FORBIDDEN_SCHEMES.has(scheme) || scheme.startsWith("chrome") || scheme.startsWith("ms-")) {
    return { ok: false, reason: `the scheme '${scheme}:' cannot be a redirect URI` };
  }
  if (!/^[a-z][a-z0-9+.-]{1,62}$/.test(scheme)) {
    return { ok: false, reason: `'${scheme}:' is not a usable URI scheme` };
  }
  return { ok: true, kind: "private-use" };
}

function loopbackWithoutPort(u: URL): string {
  return `${u.protocol}//${u.hostname.toLowerCase()}${u.pathname}${u.search}`;
}

/**
 * Whether a redirect URI given in a request matches one registered: exact string comparison (OAuth 2.1
 * §4.1.1), except that for loopback URIs the port is ignored, because a native app opens whatever port is
 * free at the moment (RFC 8252 §7.3).
 */
export function matchRedirectUri(registered: readonly string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let g: URL;
  try {
    g = new URL(given);
  } catch {
    return false;
  }
  if (g.protocol !== "http:" || !LOOPBACK_HOSTS.has(g.hostname.toLowerCase()) || given.includes("#")) {
    return false;
  }
  if (g.username || g.password) return false;
  const want = loopbackWithoutPort(g);
  return registered.some((r) => {
    try {
      const u = new URL(r);
      return u.protocol === "http:" && LOOPBACK_HOSTS.has(u.hostname.toLowerCase()) &&
        loopbackWithoutPort(u) === want;
    } catch {
      return false;
    }
  });
}

/**
 * Whether a `resource` parameter (RFC 8707) names this server's MCP endpoint. Scheme and host compare
 * case-insensitively and a default port is the same as none (RFC 3986 §6.2.2–6.2.3, which the URL parser
 * applies); the path, query and everything else must be exactly the canonical URL's.
 */
export function isCanonicalResource(given: string | null | undefined, canonical: string): boolean {
  if (!given || given.includes("#")) return false;
  try {
    const g = new URL(given);
    const c = new URL(canonical);
    if (g.username || g.password) return false;
    const rawPath = given.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
    return g.protocol === c.protocol && g.host === c.host && rawPath === c.pathname + c.search;
  } catch {
    return false;
  }
}

/** A PKCE code challenge for S256 is the base64url SHA-256 of the verifier: exactly 43 characters (RFC 7636 §4.2). */
export function isValidS256Challenge(challenge: string | null | undefined): boolean {
  return typeof challenge === "string" && /^[A-Za-z0-9_-]{43}$/.test(challenge);
}

/** A code verifier is 43–128 unreserved characters (RFC 7636 §4.1). */
export function isValidCodeVerifier(verifier: string | null | undefined): boolean {
  return typeof verifier === "string" && /^[A-Za-z0-9._~-]{43,128}$/.test(verifier);
}

/**
 * Which scopes a person may be offered, from their role's permissions (src/domain/access.ts) and whether
 * an employee record is linked: a scope is offered only if at least one tool under it could work for them.
 */
export const SCOPE_NEEDS: Record<Scope, { anyOf: Permission[]; needsEmployee: boolean }> = {
  "self:read": { anyOf: ["mcp:connect"], needsEmployee: false },
  "hr:read:people": {
    anyOf: ["employees:view", "positions:view", "ai-chat:use", "staff-absence:approve"],
    needsEmployee: false,
  },
  "hr:read:recruiting": { anyOf: ["applications:view"], needsEmployee: false },
  // Self-service writes act on the person's own employee record: without one they cannot work.
  "self:write": { anyOf: ["leave:request", "workhours:submit", "sickleave:report"], needsEmployee: true },
  "hr:write": {
    anyOf: ["staff-absence:approve", "employees:onboarding", "applications:view", "applications:move-stage"],
    needsEmployee: false,
  },
};

/** The scopes a role (with or without an employee record) can use, in canonical order. */
export function usableScopes(role: string, hasEmployee: boolean): Scope[] {
  return SCOPES.filter((s) => {
    const need = SCOPE_NEEDS[s];
    if (need.needsEmployee && !hasEmployee) return false;
    return need.anyOf.some((p) => hasPermission(role, p));
  });
}

/**
 * The scopes to offer on the consent screen: requested ∩ usable by the role ∩ (when the person already has
 * a connection to this assistant) the scopes first approved, so the screen never offers a widening.
 * When the client asked for no scope, the request means "what this person can use" (RFC 6749 §3.3 lets the
 * server pick a default).
 */
export function offeredScopes(p: {
  requested: readonly Scope[];
  role: string;
  hasEmployee: boolean;
  existingConnection?: readonly Scope[] | null;
}): Scope[] {
  const usable = usableScopes(p.role, p.hasEmployee);
  const asked = p.requested.length ? p.requested : usable;
  return SCOPES.filter((s) =>
    asked.includes(s) && usable.includes(s) && (!p.existingConnection || p.existingConnection.includes(s))
  );
}
