/**
 * Previews: the first half of every connector write (contract, "Rules for writes"). A `prepare_*` tool
 * computes the request on the server and stores it under a random, single-use `previewId` bound to the
 * connection, for 15 minutes (by the injected Clock). The matching `commit_*` tool takes only that id.
 *
 * Exactly once: the filing and the record of its answer are one transaction. The commit runs the filing with
 * a hook (`afterWrite`, `services/common.ts`) that, inside the filing's own write transaction, marks the
 * preview COMMITTED and stores the answer that transaction returned (`… WHERE status = 'PENDING'`). A process
 * that stops at any moment leaves either nothing (the preview still PENDING: a retry files it) or the filing
 * with its answer (a retry replays it), never one without the other. Of two commits racing, in one process the
 * second awaits the first; across processes the loser's conditional UPDATE changes no row, its transaction
 * rolls back with everything it wrote, and it replays the winner's answer. A refusal from the filing rules is
 * stored and replayed the same way; an unexpected error stores nothing, so the same preview may be committed
 * again.
 */
import type { AppDeps } from "../deps.ts";
import { AppError, type ErrorCode, refusal } from "../errors.ts";
import { randomToken } from "../crypto.ts";
import { writerOf } from "./writer.ts";
import { and, eq, inArray } from "drizzle-orm";
import { mcpPreviews } from "../db/schema/mod.ts";
import type { Tx } from "../services/common.ts";
import { faultPoint } from "../fault.ts";
import type { RawStatements } from "../db/raw_sql.ts";

/** Contract, "Limits": preview lifetime, in minutes (the one place the figure is written). */
export const PREVIEW_MINUTES = 15;
/** The same in milliseconds. */
export const PREVIEW_TTL_MS = PREVIEW_MINUTES * 60_000;
/** How tool texts say it: "(valid 15 minutes)", "older than 15 minutes". */
export const PREVIEW_VALIDITY = `valid ${PREVIEW_MINUTES} minutes`;
export const PREVIEW_TOO_OLD = `older than ${PREVIEW_MINUTES} minutes`;
/**
 * The statuses a commit may still file: PENDING, and CLAIMED, a claim taken by a separate statement before
 * the filing that a stopped process may have left behind (its filing and mark always committed together, so
 * such a preview was never filed).
 */
const FILEABLE_STATES = ["PENDING", "CLAIMED"];

const PREVIEW_SQL =
  "SELECT id, connection_id, tool, payload, expires_at, status, result, committed_at FROM mcp_previews WHERE id = ? LIMIT 1";

const STORE_PREVIEW_SQL =
  `INSERT INTO mcp_previews (id, connection_id, tool, payload, created_at, expires_at, status)
  VALUES (?, ?, ?, ?, ?, ?, 'PENDING')`;

/** A preview whose filing the rules refused, unless it was settled meanwhile. */
const REFUSE_PREVIEW_SQL = `UPDATE mcp_previews SET status = 'REFUSED', result = ?, committed_at = ?
  WHERE id = ? AND status IN ('PENDING', 'CLAIMED')`;

/** What a prepare tool returns about its stored preview. */
export interface StoredPreview {
  previewId: string;
  expiresAt: string;
}

/** The result of a commit: the first filing's result, and whether this call only replayed it. */
export interface CommitResult<T> {
  result: T;
  replayed: boolean;
}

/** The preview operations a tool call may use, bound to its connection and tool. */
export interface PreviewBinding {
  /** Stores a preview payload for the matching commit tool; returns its id and expiry. */
  store(payload: unknown): Promise<StoredPreview>;
  /**
   * Files a preview once: `file` receives the stored payload and deps whose `writeTx` stores the answer with
   * the filing; it must write in one `writeTx` and answer with what that transaction returned. A retried or
   * racing commit gets that same answer with `replayed: true`.
   */
  commit<T>(
    previewId: string,
    file: (payload: unknown, deps: AppDeps) => Promise<T>,
  ): Promise<CommitResult<T>>;
}

type Row = {
  id: string;
  connection_id: string;
  tool: string;
  payload: string;
  expires_at: number;
  status: string;
  result: string | null;
  committed_at: number | null;
};

/** In-process commits in flight, so a racing commit in this process awaits the first instead of filing too. */
const inFlight = new Map<string, Promise<unknown>>();

/**
 * Thrown inside a filing's transaction when another commit filed or refused the preview first: the transaction
 * rolls back everything this filing wrote, and the commit replays what the other stored.
 */
class SettledMeanwhile extends Error {}

/** What of a refusal is kept with a refused preview, beside its code and English message. */
type StoredRefusal = Pick<AppError, "msg" | "reason" | "conflictingId" | "fields" | "retryAfter">;

function storedRefusal(e: AppError): { code: ErrorCode; message: string } & StoredRefusal {
  return {
    code: e.code,
    message: e.message,
    ...(e.msg ? { msg: e.msg } : {}),
    ...(e.reason ? { reason: e.reason } : {}),
    ...(e.conflictingId ? { conflictingId: e.conflictingId } : {}),
    ...(e.fields ? { fields: e.fields } : {}),
    ...(e.retryAfter !== undefined ? { retryAfter: e.retryAfter } : {}),
  };
}

function unknownPreview(): AppError {
  // The same answer for an unknown id and another connection's id: nothing about other previews leaks.
  return refusal("not_found", "connector.unknownPreview");
}

function expired(): AppError {
  return refusal("conflict", "connector.previewExpired", { minutes: PREVIEW_MINUTES });
}

async function readPreview(deps: AppDeps, id: string): Promise<Row | undefined> {
  const r = await deps.database.client.execute({
    sql: PREVIEW_SQL,
    args: [id],
  });
  return r.rows[0] as unknown as Row | undefined;
}

function replay<T>(row: Row): CommitResult<T> {
  if (row.result === null) {
    // A filing recorded without its answer cannot be replayed: say so rather than file again.
    throw refusal("conflict", "connector.previewAnswerLost");
  }
  const stored = JSON.parse(row.result);
  // A refusal is replayed as it was made, so each reader still reads it in their own language.
  if (row.status === "REFUSED") {
    const { code, message, ...rest } = stored as { code: ErrorCode; message: string } & StoredRefusal;
    throw new AppError(code, message, rest);
  }
  return { result: stored as T, replayed: true };
}

/**
 * Whether a commit's `previewId` names a preview of this connection that was already filed (or refused): a
 * retried commit replays its first result (contract, "States"), so it is not a new write and does not count
 * against the daily write limit.
 */
export async function isFiledPreview(deps: AppDeps, connectionId: string, args: unknown): Promise<boolean> {
  const id = (args as { previewId?: unknown } | undefined)?.previewId;
  if (typeof id !== "string" || !/^pv_[\w-]{20,80}$/.test(id)) return false;
  const row = await readPreview(deps, id);
  return !!row && row.connection_id === connectionId &&
    (row.status === "COMMITTED" || row.status === "REFUSED");
}

/** Binds preview storage to one connection and tool (`prepareTool` for store, `commitsFrom` for commit). */
export function bindPreviews(
  deps: AppDeps,
  connectionId: string,
  tool: { name: string; commits?: string },
): PreviewBinding {
  const writer = writerOf(deps);
  return {
    async store(payload) {
      const now = deps.clock.now();
      const id = randomToken("pv");
      const expiresAt = now + PREVIEW_TTL_MS;
      await writer.run({
        sql: STORE_PREVIEW_SQL,
        args: [id, connectionId, tool.name, JSON.stringify(payload), now, expiresAt],
      });
      return { previewId: id, expiresAt: new Date(expiresAt).toISOString() };
    },

    async commit<T>(
      previewId: string,
      file: (payload: unknown, deps: AppDeps) => Promise<T>,
    ): Promise<CommitResult<T>> {
      if (!/^pv_[\w-]{20,80}$/.test(previewId)) throw unknownPreview();
      for (let first = inFlight.get(previewId); first; first = inFlight.get(previewId)) {
        await first.catch(() => undefined);
      }
      const run = fileOnce(deps, previewId, connectionId, tool.commits ?? "", file);
      inFlight.set(previewId, run);
      try {
        return await run;
      } finally {
        inFlight.delete(previewId);
      }
    },
  };
}

/**
 * Files a preview unless it was settled already (then replays its first answer). The answer stored and
 * returned is what the filing's transaction returned, through JSON, so the first call and every retry get the
 * same bytes.
 */
async function fileOnce<T>(
  deps: AppDeps,
  previewId: string,
  connectionId: string,
  commitsFrom: string,
  file: (payload: unknown, deps: AppDeps) => Promise<T>,
): Promise<CommitResult<T>> {
  const now = deps.clock.now();
  const row = await readPreview(deps, previewId);
  if (!row || row.connection_id !== connectionId || row.tool !== commitsFrom) throw unknownPreview();
  if (row.status === "COMMITTED" || row.status === "REFUSED") return replay<T>(row);
  if (Number(row.expires_at) <= now) throw expired();
  let answer: string | undefined;
  const filing: AppDeps & { afterWrite: (tx: Tx, result: unknown) => Promise<void> } = {
    ...deps,
    afterWrite: async (tx, result) => {
      if (answer !== undefined) {
        throw new Error("A connector filing must write in one transaction: its answer is stored with it.");
      }
      const json = JSON.stringify(result ?? null);
      const marked = await tx.update(mcpPreviews).set({ status: "COMMITTED", result: json, committedAt: now })
        .where(and(eq(mcpPreviews.id, previewId), inArray(mcpPreviews.status, FILEABLE_STATES)))
        .returning({ id: mcpPreviews.id });
      if (!marked.length) throw new SettledMeanwhile();
      faultPoint(deps.config, "in-filing");
      answer = json;
    },
  };
  let returned: T;
  try {
    returned = await file(JSON.parse(row.payload), filing);
  } catch (e) {
    if (e instanceof SettledMeanwhile) return replay<T>((await readPreview(deps, previewId))!);
    if (!(e instanceof AppError)) throw e;
    // A refusal by the filing rules is this preview's outcome, unless a racing commit settled it first.
    await writerOf(deps).run({
      sql: REFUSE_PREVIEW_SQL,
      args: [JSON.stringify(storedRefusal(e)), now, previewId],
    });
    return replay<T>((await readPreview(deps, previewId))!);
  }
  if (answer === undefined) {
    throw new Error("A connector filing must write through writeTx with the deps it is given.");
  }
  faultPoint(deps.config, "after-filing");
  if (JSON.stringify(returned ?? null) !== answer) {
    throw new Error(
      "A connector filing must answer with what its transaction returned (that is what is replayed).",
    );
  }
  return { result: JSON.parse(answer) as T, replayed: false };
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { PREVIEW_SQL, STORE_PREVIEW_SQL, REFUSE_PREVIEW_SQL };
