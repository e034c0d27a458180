/**
 * The connector's audit trail (contract, "Connector records: Audit row"): one row for every tool call,
 * resource read and prompt, refusals included. It names the assistant, the connection, the tool and the
 * argument NAMES only; a free-text argument appears as its length and SHA-256, never its words. It also
 * lists the records the result concerned and how many rows it returned, and the outcome.
 */
import type { AppDeps } from "../deps.ts";
import { sha256Hex, uuidv7 } from "../crypto.ts";
import { writerOf } from "./writer.ts";
import type { RawStatements } from "../db/raw_sql.ts";

/** `ok`, `replayed` (a retried commit), `refused:<reason>` or `error` (a bug, logged with the request id). */
export type AuditOutcome = "ok" | "replayed" | `refused:${string}` | "error";

export interface AuditEntry {
  requestId: string;
  clientId: string | null;
  connectionId: string | null;
  userId: string | null;
  kind: "tool" | "resource" | "prompt";
  /** Tool or prompt name, or the resource URI. */
  name: string;
  args: unknown;
  freeTextArgs?: readonly string[];
  touched?: readonly string[];
  resultCount?: number | null;
  outcome: AuditOutcome;
  durationMs: number;
}

const AUDIT_SQL =
  `INSERT INTO mcp_audit (id, created_at, request_id, client_id, connection_id, user_id, kind, name,
  argument_names, free_text, records_touched, result_count, outcome, duration_ms)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const NAME_RE = /^[\w.-]{1,64}$/;

/** The argument names of a call (never values): at most 50, each a plain identifier. */
export function argumentNames(args: unknown): string[] {
  if (!args || typeof args !== "object" || Array.isArray(args)) return [];
  return Object.keys(args).filter((k) => NAME_RE.test(k)).slice(0, 50).sort();
}

/** Free-text arguments as `{name: {length, sha256}}`, or null when the call carried none. */
export async function freeTextDigest(
  args: unknown,
  names: readonly string[] | undefined,
): Promise<string | null> {
  if (!names?.length || !args || typeof args !== "object") return null;
  const out: Record<string, { length: number; sha256: string }> = {};
  for (const n of names) {
    const v = (args as Record<string, unknown>)[n];
    if (typeof v === "string") out[n] = { length: v.length, sha256: await sha256Hex(v) };
  }
  return Object.keys(out).length ? JSON.stringify(out) : null;
}

/** Writes one audit row (in the next group commit) and resolves once it is committed. */
export async function writeAudit(deps: AppDeps, e: AuditEntry): Promise<void> {
  const freeText = await freeTextDigest(e.args, e.freeTextArgs);
  const touched = JSON.stringify([...new Set(e.touched ?? [])].slice(0, 500));
  await writerOf(deps).run({
    sql: AUDIT_SQL,
    args: [
      uuidv7(deps.clock.now()),
      deps.clock.now(),
      e.requestId,
      e.clientId,
      e.connectionId,
      e.userId,
      e.kind,
      e.name.slice(0, 200),
      JSON.stringify(argumentNames(e.args)),
      freeText,
      touched,
      e.resultCount ?? null,
      e.outcome,
      Math.round(e.durationMs),
    ],
  });
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { AUDIT_SQL };
