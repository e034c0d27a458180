import { and, eq, gt, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { applications, departments, employees, leaveRequests, positions, stages } from "../db/schema/mod.ts";
import { addDays } from "../domain/calendar.ts";
import { isHrOrAbove } from "../domain/access.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { localName, type ServiceDeps, todayOf } from "./common.ts";
import { cantonOnColumn } from "./holidays.ts";

/** Counts below this are withheld (contract: "counts below five are withheld"), so no one is singled out. */
export const MIN_COUNT = 5;

/** A count, or null when it is below five (withheld). Zero is withheld too: it would reveal as much. */
export function guarded(n: number): number | null {
  return n >= MIN_COUNT ? n : null;
}

const count = sql<number>`count(*)`.mapWith(Number);

/**
 * Installation-wide aggregates for HR staff and above: headcount, by canton and department, joiners and
 * leavers in the next 30 days, people on approved leave today, pending leave requests, open positions and
 * active applications by stage. Every count below five is withheld (null). Nothing about health.
 */
export async function hrOverview(deps: ServiceDeps, actor: Actor) {
  if (!isHrOrAbove(actor.role)) throw refusal("forbidden", "hr.overviewHrOnly");
  const today = todayOf(deps);
  const in30 = addDays(today, 30);
  const active = and(
    lte(employees.employmentStart, today),
    or(isNull(employees.employmentEnd), gte(employees.employmentEnd, today)),
  );
  const [{ n: headcount }] = await deps.db.select({ n: count }).from(employees).where(active);
  const cantonToday = cantonOnColumn(today);
  const byCanton = await deps.db.select({ key: cantonToday, n: count }).from(employees).where(active)
    .groupBy(cantonToday);
  const byDept = await deps.db.select({ key: departments.name, n: count }).from(employees)
    .leftJoin(departments, eq(departments.id, employees.departmentId)).where(active).groupBy(
      departments.name,
    );
  const [{ n: joiners }] = await deps.db.select({ n: count }).from(employees)
    .where(and(gt(employees.employmentStart, today), lte(employees.employmentStart, in30)));
  const [{ n: leavers }] = await deps.db.select({ n: count }).from(employees)
    .where(and(gte(employees.employmentEnd, today), lte(employees.employmentEnd, in30)));
  const [{ n: onLeave }] = await deps.db.select({
    n: sql<number>`count(DISTINCT ${leaveRequests.employeeId})`.mapWith(Number),
  })
    .from(leaveRequests).where(and(
      inArray(leaveRequests.status, ["APPROVED", "CANCELLATION_REQUESTED"]),
      lte(leaveRequests.startDate, today),
      gte(leaveRequests.endDate, today),
    ));
  const [{ n: pending }] = await deps.db.select({ n: count }).from(leaveRequests)
    .where(eq(leaveRequests.status, "AWAITING_APPROVAL"));
  const [{ n: openPositions }] = await deps.db.select({ n: count }).from(positions).where(
    eq(positions.status, "OPEN"),
  );
  const byStage = await deps.db.select({ stage: stages, n: count }).from(applications)
    .innerJoin(stages, eq(stages.id, applications.stageId)).where(eq(applications.status, "ACTIVE"))
    .groupBy(stages.id).orderBy(stages.sortOrder);
  const [{ n: activeApplications }] = await deps.db.select({ n: count }).from(applications)
    .where(eq(applications.status, "ACTIVE"));
  return {
    asOf: today,
    withheldBelow: MIN_COUNT,
    headcount: guarded(headcount),
    byCanton: Object.fromEntries(byCanton.map((r) => [r.key, guarded(r.n)])),
    byDepartment: Object.fromEntries(byDept.map((r) => [r.key ?? "—", guarded(r.n)])),
    joinersNext30Days: guarded(joiners),
    leaversNext30Days: guarded(leavers),
    onApprovedLeaveToday: guarded(onLeave),
    pendingLeaveRequests: guarded(pending),
    openPositions: guarded(openPositions),
    activeApplications: guarded(activeApplications),
    activeApplicationsByStage: byStage.map((r) => ({
      stage: localName(r.stage, actor.language),
      count: guarded(r.n),
    })),
  };
}
