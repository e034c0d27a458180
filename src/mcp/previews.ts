/**
 * Previews: the first half of every connector write (contract, "Rules for writes"). A `prepare_*` tool
 * computes the request on the server and stores it under a random, single-use `previewId` bound to the
 * connection, for 15 minutes (by the injected Clock). The matching `commit_*` tool takes only that id.
 *
 * Exactly once: the commit claims the preview with one conditional UPDATE (`… WHERE status = 'PENDING'`);
 * only the call whose UPDATE changed the row files it. A second commit (a retry, or one racing the first)
 * waits for the first to finish and replays its stored result, so nothing is filed twice. A refusal from
 * the filing rules is stored and replayed the same way; only an unexpected error releases the claim.
 */
import type { AppDeps } from "../deps.ts";
import { AppError, type ErrorCode } from "../errors.ts";
import { randomToken } from "../crypto.ts";
import { writerOf } from "./writer.ts";
import { sql } from "drizzle-orm";
import type { Tx } from "../services/common.ts";

/** Contract, "Limits": preview lifetime, in minutes (the one place the figure is written). */
export const PREVIEW_MINUTES = 15;
/** The same in milliseconds. */
export const PREVIEW_TTL_MS = PREVIEW_MINUTES * 60_000;
/** How tool texts say it: "(valid 15 minutes)", "older than 15 minutes". */
export const PREVIEW_VALIDITY = `valid ${PREVIEW_MINUTES} minutes`;
export const PREVIEW_TOO_OLD = `older than ${PREVIEW_MINUTES} minutes`;
/** How long a racing commit waits for the first one before asking the assistant to retry. */
const RACE_WAIT_MS = 10_000;
/** A claim older than this with no filing in this process was left by a process that stopped. */
const STALE_CLAIM_MS = 30_000;

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
   * Files a preview once: `file` receives the stored payload and its result is stored and returned; a
   * retried or racing commit gets that same result with `replayed: true`.
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

/** In-process commits in flight, so a racing commit in this process awaits the first instead of polling. */
const inFlight = new Map<string, Promise<unknown>>();

function unknownPreview(): AppError {
  // The same answer for an unknown id and another connection's id: nothing about other previews leaks.
  return new AppError(
    "not_found",
    "This previewId is unknown to this connection. Call the matching prepare_* tool again and commit the new previewId.",
  );
}

function expired(): AppError {
  return new AppError(
    "conflict",
    `This preview has expired (previews are valid for ${PREVIEW_MINUTES} minutes) and nothing was filed. Call the matching prepare_* tool again, show the new preview to the person, then commit it.`,
  );
}

async function readPreview(deps: AppDeps, id: string): Promise<Row | undefined> {
  const r = await deps.database.client.execute({
    sql:
      "SELECT id, connection_id, tool, payload, expires_at, status, result, committed_at FROM mcp_previews WHERE id = ? LIMIT 1",
    args: [id],
  });
  return r.rows[0] as unknown as Row | undefined;
}

function replay<T>(row: Row): CommitResult<T> {
  if (row.result === null) {
    // Filed, and the process stopped before it stored the tool's answer: say so rather than file again.
    throw new AppError(
      "conflict",
      "This preview was filed already; its confirmation was lost when the service restarted. Check the record " +
        "with the matching list tool instead of committing again.",
    );
  }
  const stored = JSON.parse(row.result);
  if (row.status === "REFUSED") throw new AppError(stored.code as ErrorCode, stored.message);
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
        sql: `INSERT INTO mcp_previews (id, connection_id, tool, payload, created_at, expires_at, status)
          VALUES (?, ?, ?, ?, ?, ?, 'PENDING')`,
        args: [id, connectionId, tool.name, JSON.stringify(payload), now, expiresAt],
      });
      return { previewId: id, expiresAt: new Date(expiresAt).toISOString() };
    },

    async commit<T>(
      previewId: string,
      file: (payload: unknown, deps: AppDeps) => Promise<T>,
    ): Promise<CommitResult<T>> {
      if (!/^pv_[\w-]{20,80}$/.test(previewId)) throw unknownPreview();
      const now = deps.clock.now();
      const claimed = await writer.run({
        sql: `UPDATE mcp_previews SET status = 'CLAIMED', committed_at = ?
          WHERE id = ? AND connection_id = ? AND tool = ? AND status = 'PENDING' AND expires_at > ?
          RETURNING payload`,
        args: [now, previewId, connectionId, tool.commits ?? "", now],
      });
      if (claimed.length) return await fileClaimed(deps, previewId, String(claimed[0].payload), file);
      // A claim left by a process that stopped before filing (filing and its record commit together, so a
      // claim still there after STALE_CLAIM_MS was never filed): taken over and filed now, once.
      const stale = inFlight.has(previewId) ? [] : await writer.run({
        sql: `UPDATE mcp_previews SET committed_at = ?
          WHERE id = ? AND connection_id = ? AND tool = ? AND status = 'CLAIMED' AND committed_at < ?
            AND expires_at > ?
          RETURNING payload`,
        args: [now, previewId, connectionId, tool.commits ?? "", now - STALE_CLAIM_MS, now],
      });
      if (stale.length) return await fileClaimed(deps, previewId, String(stale[0].payload), file);
      return await settled<T>(deps, previewId, connectionId, tool.commits ?? "", now);
    },
  };
}

/**
 * Files a claimed preview. The filing's own transaction also marks the preview COMMITTED (`afterWrite`), so a
 * crash leaves either nothing filed and a claim to take over, or the filing and that mark together: no retry
 * ever files twice. The tool's answer is stored right after; a retry replays it.
 */
async function fileClaimed<T>(
  deps: AppDeps,
  previewId: string,
  payload: string,
  file: (payload: unknown, deps: AppDeps) => Promise<T>,
): Promise<CommitResult<T>> {
  const writer = writerOf(deps);
  const filing: AppDeps & { afterWrite: (tx: Tx) => Promise<void> } = {
    ...deps,
    afterWrite: async (tx) => {
      await tx.run(
        sql`UPDATE mcp_previews SET status = 'COMMITTED', result = NULL WHERE id = ${previewId} AND status = 'CLAIMED'`,
      );
    },
  };
  const run = (async () => {
    let result: T;
    try {
      result = await file(JSON.parse(payload), filing);
    } catch (e) {
      if (e instanceof AppError) {
        await writer.run({
          sql: "UPDATE mcp_previews SET status = 'REFUSED', result = ? WHERE id = ? AND status = 'CLAIMED'",
          args: [JSON.stringify({ code: e.code, message: e.message }), previewId],
        });
      } else {
        // A bug or an outage: release the claim so the assistant may retry the same preview.
        await writer.run({
          sql:
            "UPDATE mcp_previews SET status = 'PENDING', committed_at = NULL WHERE id = ? AND status = 'CLAIMED'",
          args: [previewId],
        }).catch(() => undefined);
      }
      throw e;
    }
    // The tool's answer (which may add to what the transaction stored) is the one replayed.
    await writer.run({
      sql: "UPDATE mcp_previews SET status = 'COMMITTED', result = ? WHERE id = ?",
      args: [JSON.stringify(result), previewId],
    });
    return result;
  })();
  inFlight.set(previewId, run);
  try {
    return { result: await run, replayed: false };
  } finally {
    inFlight.delete(previewId);
  }
}

/** A preview this call could not claim: unknown, foreign, expired, already filed, or being filed now. */
async function settled<T>(
  deps: AppDeps,
  previewId: string,
  connectionId: string,
  commitsFrom: string,
  now: number,
): Promise<CommitResult<T>> {
  const deadline = performance.now() + RACE_WAIT_MS;
  for (;;) {
    const row = await readPreview(deps, previewId);
    if (!row || row.connection_id !== connectionId || row.tool !== commitsFrom) throw unknownPreview();
    if (row.status === "COMMITTED" || row.status === "REFUSED") return replay<T>(row);
    if (row.status === "PENDING") {
      if (Number(row.expires_at) <= now) throw expired();
      // Released after an unexpected error between our read and now: the assistant may simply retry.
      throw new AppError(
        "conflict",
        "This preview could not be filed just now. Commit the same previewId again.",
      );
    }
    // CLAIMED: another commit is filing it. Wait for it, then replay what it stored.
    const first = inFlight.get(previewId);
    if (!first && Number(row.expires_at) <= now && Number(row.committed_at) < now - STALE_CLAIM_MS) {
      // Left unfiled by a process that stopped, and past its 15 minutes now: expired like any other.
      throw expired();
    }
    if (first) await first.catch(() => undefined);
    else if (performance.now() > deadline) {
      throw new AppError(
        "conflict",
        "This preview is being filed by another request. Commit the same previewId again in a moment.",
      );
    } else await new Promise((r) => setTimeout(r, 25));
  }
}
