/**
 * Retention of what the connector records about people: audit rows, the per-day person-record counters and
 * export records older than the installation's period (`AUDIT_RETENTION_DAYS`) are deleted, and data export
 * archives whose offer ended are removed (their request records stay), and candidates' applications past their
 * retention period are deleted with everything of theirs, and the connector's previews that expired more than a
 * day ago, and what left an app's synced lists more than 90 days ago. Run by `hr-service retention run`,
 * which an operator schedules (a systemd timer or cron, daily).
 */
import { lt } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { exportRecords, mcpAudit, mcpPreviews, personTouches } from "../db/schema/mod.ts";
import { expireExports } from "./my_data_export.ts";
import { purgeExpiredApplications } from "./application_retention.ts";
import { pruneTombstones } from "./sync.ts";

export interface RetentionResult {
  /** The first instant kept (epoch ms, UTC midnight). */
  keptFrom: number;
  auditRows: number;
  personTouches: number;
  exportRecords: number;
  expiredArchives: number;
  /** Candidates' applications deleted after their retention period (`application_retention.ts`). */
  applications: number;
  /** Connector previews that expired more than a day ago (filed or not). */
  previews: number;
  /** What left an app's synced lists more than 90 days ago (`sync.ts`): an older `updatedSince` is refused. */
  tombstones: number;
}

/**
 * How long an expired preview is kept: a commit retried within it still gets its first answer; after it the
 * preview, which may hold a note's text or a record's names, goes.
 */
export const PREVIEW_KEPT_AFTER_EXPIRY_MS = 86_400_000;

/**
 * Deletes everything older than the period, counted from the start of today's UTC day: with 365 days on
 * 2027-11-22 the first day kept is 2026-11-22. Days are UTC, like the connector's own daily counters.
 */
export async function runRetention(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  days = deps.config.auditRetentionDays,
): Promise<RetentionResult> {
  const dayStart = Math.floor(deps.clock.now() / 86_400_000) * 86_400_000;
  const keptFrom = dayStart - days * 86_400_000;
  const firstDay = new Date(keptFrom).toISOString().slice(0, 10);
  const res = await deps.db.transaction(async (tx) => {
    const a = await tx.delete(mcpAudit).where(lt(mcpAudit.createdAt, keptFrom)).returning({
      id: mcpAudit.id,
    });
    const t = await tx.delete(personTouches).where(lt(personTouches.day, firstDay))
      .returning({ id: personTouches.employeeId });
    const e = await tx.delete(exportRecords).where(lt(exportRecords.day, firstDay))
      .returning({ id: exportRecords.id });
    const p = await tx.delete(mcpPreviews).where(
      lt(mcpPreviews.expiresAt, deps.clock.now() - PREVIEW_KEPT_AFTER_EXPIRY_MS),
    ).returning({ id: mcpPreviews.id });
    const gone = await pruneTombstones(tx, deps.clock.now());
    return {
      auditRows: a.length,
      personTouches: t.length,
      exportRecords: e.length,
      previews: p.length,
      tombstones: gone,
    };
  });
  const expiredArchives = await expireExports(deps);
  const applications = await purgeExpiredApplications(deps);
  return { keptFrom, ...res, expiredArchives, applications };
}
