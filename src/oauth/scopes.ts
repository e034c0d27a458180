/**
 * The connector's five scopes (contract, "Authentication / Connector") and the plain words the consent page
 * and the connected-assistants page use for them. The scope decides which tools a token may call; each tool
 * additionally requires its permission, re-read from the database on every call.
 */
import type { Lang } from "../i18n/mod.ts";
import { SCOPE_TEXTS } from "../i18n/scopes.ts";

export const SCOPES = [
  "self:read",
  "hr:read:people",
  "hr:read:recruiting",
  "self:write",
  "hr:write",
] as const;
export type Scope = typeof SCOPES[number];

/** The languages of the pages people see; German is the source. */
export type { Lang } from "../i18n/mod.ts";

/** What a person is asked to allow, in words a person understands (the texts live with the other texts). */
export const SCOPE_DESCRIPTIONS: Record<Scope, Record<Lang, string>> = SCOPE_TEXTS;

/** Whether a string is one of the five scopes. */
export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}

/**
 * OpenID Connect's request for a refresh token. Clients add it out of habit; every grant here carries a
 * refresh token anyway, so it is ignored wherever a `scope` parameter is read: neither known nor unknown.
 */
export const OFFLINE_ACCESS = "offline_access";

/**
 * Parses a space-delimited `scope` parameter (RFC 6749 §3.3) into known scopes, in the canonical order,
 * without duplicates. Unknown scopes are returned separately so the caller can decide (the authorization
 * endpoint ignores them, as RFC 6749 §3.3 allows the server to). `offline_access` is in neither list, so a
 * parameter holding only it reads as one that asks for nothing in particular.
 */
export function parseScopeParam(param: string | null | undefined): { known: Scope[]; unknown: string[] } {
  const parts = new Set((param ?? "").split(" ").filter((p) => p && p !== OFFLINE_ACCESS));
  return {
    known: SCOPES.filter((s) => parts.has(s)),
    unknown: [...parts].filter((p) => !isScope(p)),
  };
}

/** Scopes stored in the database are a space-delimited string; this reads them back, dropping unknowns. */
export function readScopes(stored: string): Scope[] {
  return parseScopeParam(stored).known;
}

/** Writes scopes in the canonical order, space-delimited (the `scope` claim and column format). */
export function formatScopes(scopes: readonly string[]): string {
  return SCOPES.filter((s) => scopes.includes(s)).join(" ");
}

/** The scopes present in both lists, in canonical order: how a grant only ever narrows. */
export function intersectScopes(a: readonly string[], b: readonly string[]): Scope[] {
  return SCOPES.filter((s) => a.includes(s) && b.includes(s));
}
