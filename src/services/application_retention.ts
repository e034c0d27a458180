/**
 * A candidate's data is kept only as long as the application form says (`APPLICATION_RETENTION_MONTHS`
 * after the procedure ends) and then deleted completely: the application with its files, tasks, notes, scores
 * and stage history, the e-mails written to the candidate, the notifications that pointed at it, and the
 * connector's previews that named it (a prepared note holds the note's text; a stored result the names). The
 * procedure has ended when the application is hired, rejected or withdrawn (counted from its last change),
 * or when its position was closed (counted from the closing). Run by `hr-service retention run` (a daily
 * timer) and, for one candidate who asks, from the HR console.
 */
import { and, eq, inArray, like, lt, ne, or, sql, type SQLWrapper } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { applications, mailOutbox, mcpPreviews, notifications, positions } from "../db/schema/mod.ts";
import { refusal } from "../errors.ts";
import type { Tx } from "./common.ts";
import { APPLICATION_RETENTION_MONTHS } from "./careers.ts";
import { recordRemoved } from "./sync.ts";

type Deps = Pick<AppDeps, "db" | "clock">;

/** Whether a JSON column (a preview's payload or stored result) names the application at its top level. */
function namesApplication(column: SQLWrapper, id: string) {
  return sql`(CASE WHEN json_valid(${column}) THEN json_extract(${column}, '$.applicationId') END) = ${id}`;
}

/** Deletes one application and every row of its candidate, inside the caller's transaction. */
async function deleteApplicationIn(tx: Tx, id: string, now: number): Promise<void> {
  // Cascades: application_files, application_tasks, application_notes, application_ai_scores,
  // application_stage_history.
  await tx.delete(applications).where(eq(applications.id, id));
  await tx.delete(mailOutbox).where(eq(mailOutbox.relatedTo, `application:${id}`));
  const gone = await tx.delete(notifications).where(like(notifications.payload, `%"applicationId":"${id}"%`))
    .returning({ id: notifications.id, employeeId: notifications.recipientEmployeeId });
  // Each recipient's app drops them from its offline inbox at its next sync.
  for (const n of gone) {
    await recordRemoved(tx, { employeeId: n.employeeId, list: "NOTIFICATION", rowIds: [n.id], now });
  }
  await tx.delete(mcpPreviews).where(
    or(namesApplication(mcpPreviews.payload, id), namesApplication(mcpPreviews.result, id)),
  );
}

/** Deletes one candidate's application and everything of theirs now (a candidate who asks; HR's button). */
export async function deleteApplication(deps: Deps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [a] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, id));
    if (!a) throw refusal("not_found", "recruiting.applicationUnknown");
    await deleteApplicationIn(tx, id, deps.clock.now());
  });
}

/** The first instant kept: the retention period's months before now (calendar months, UTC). */
export function applicationsKeptFrom(now: number): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - APPLICATION_RETENTION_MONTHS);
  return d.getTime();
}

/** Deletes every application whose procedure ended before the retention period; returns how many. */
export async function purgeExpiredApplications(deps: Deps): Promise<number> {
  const cutoff = applicationsKeptFrom(deps.clock.now());
  return await deps.db.transaction(async (tx) => {
    const ended = await tx.select({ id: applications.id }).from(applications)
      .where(and(ne(applications.status, "ACTIVE"), lt(applications.updatedAt, cutoff)));
    const closed = await tx.select({ id: positions.id }).from(positions)
      .where(and(eq(positions.status, "CLOSED"), lt(positions.updatedAt, cutoff)));
    const onClosed = closed.length
      ? await tx.select({ id: applications.id }).from(applications).where(
        inArray(applications.positionId, closed.map((p) => p.id)),
      )
      : [];
    const ids = [...new Set([...ended, ...onClosed].map((a) => a.id))];
    for (const id of ids) await deleteApplicationIn(tx, id, deps.clock.now());
    return ids.length;
  });
}
