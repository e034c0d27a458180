/**
 * The home screen in one call (contract: GET /employee/summary, get_my_summary): this year's vacation,
 * the current week's hours, the next payout, the latest payslip and the to-dos with their badge count.
 */
import { and, asc, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import {
  feedbackDrafts,
  leaveRequests,
  leaveTypes,
  onboardingPlans,
  payDates,
  payslips,
  requiredDocuments,
  surveyInvitations,
  timeEntries,
} from "../db/schema/mod.ts";
import { mondayOf, yearOf } from "../domain/calendar.ts";
import type { Actor } from "./actor.ts";
import { type EmployeeRow, type Q, selfEmployee, type ServiceDeps, todayOf } from "./common.ts";
import { balanceOf, VACATION_CODE } from "./leave.ts";
import { weekOf } from "./time.ts";

async function leavePart(q: Q, emp: EmployeeRow, today: string) {
  const [type] = await q.select().from(leaveTypes).where(eq(leaveTypes.code, VACATION_CODE)).limit(1);
  if (!type) return null;
  const year = yearOf(today);
  const b = await balanceOf(q, emp, type, year, today);
  if (!b.hasEntitlement) {
    const any = await q.select({ id: leaveRequests.id }).from(leaveRequests).where(and(
      eq(leaveRequests.employeeId, emp.id),
      eq(leaveRequests.leaveTypeId, type.id),
      lte(leaveRequests.startDate, `${year}-12-31`),
      gte(leaveRequests.endDate, `${year}-01-01`),
    )).limit(1);
    if (!any.length) return null;
  }
  // `entitlement` is what is available this year (pro-rata entitlement + carry-over still valid +
  // adjustments), so that remaining = entitlement − used − planned holds on the home screen.
  return { year, remaining: b.remaining, entitlement: b.available, used: b.used, planned: b.planned };
}

async function timesheetPart(q: Q, emp: EmployeeRow, today: string) {
  const any = await q.select({ id: timeEntries.id }).from(timeEntries).where(
    eq(timeEntries.employeeId, emp.id),
  )
    .limit(1);
  if (!any.length) return null;
  const w = await weekOf(q, emp, mondayOf(today));
  return {
    weekStart: w.weekStart,
    totalHours: w.totalHours,
    targetHours: w.targetHours,
    draftCount: w.draftCount,
  };
}

async function count(query: Promise<{ n: number }[]>): Promise<number> {
  const [r] = await query;
  return Number(r?.n ?? 0);
}

/**
 * The summary, exactly the contract's `PortalEmployeeSummaryDTO`. `leave`, `timesheet`, `nextPayoutDate`
 * and `latestPayslipPeriod` are null when there is no data yet (no vacation entitlement or request this
 * year; no time entry ever; no planned pay date; no payslip). `todos.total` = feedbackDrafts +
 * surveyInvitations + (onboardingOpen ? 1 : 0) + (documentsMissing ? 1 : 0).
 */
export async function getEmployeeSummary(deps: ServiceDeps, actor: Actor) {
  const q = deps.db;
  const emp = await selfEmployee(q, actor);
  const today = todayOf(deps);
  const [pay] = await q.select({ d: payDates.paymentDate }).from(payDates).where(
    gte(payDates.paymentDate, today),
  )
    .orderBy(asc(payDates.paymentDate)).limit(1);
  const [slip] = await q.select({ label: payslips.periodLabel }).from(payslips).where(
    eq(payslips.employeeId, emp.id),
  )
    .orderBy(desc(payslips.paymentDate), desc(payslips.period)).limit(1);
  const fb = await count(
    q.select({ n: sql<number>`count(*)` }).from(feedbackDrafts).where(
      and(eq(feedbackDrafts.authorEmployeeId, emp.id), eq(feedbackDrafts.status, "DRAFT")),
    ),
  );
  const surveys = await count(
    q.select({ n: sql<number>`count(*)` }).from(surveyInvitations).where(and(
      eq(surveyInvitations.employeeId, emp.id),
      eq(surveyInvitations.status, "OPEN"),
      or(isNull(surveyInvitations.dueDate), gte(surveyInvitations.dueDate, today)),
    )),
  );
  const onboarding = await q.select({ id: onboardingPlans.id }).from(onboardingPlans).where(
    and(eq(onboardingPlans.employeeId, emp.id), eq(onboardingPlans.status, "OPEN")),
  ).limit(1);
  const missing = await q.select({ id: requiredDocuments.id }).from(requiredDocuments).where(
    and(eq(requiredDocuments.employeeId, emp.id), eq(requiredDocuments.status, "MISSING")),
  ).limit(1);
  const onboardingOpen = onboarding.length > 0;
  const documentsMissing = missing.length > 0;
  return {
    leave: await leavePart(q, emp, today),
    timesheet: await timesheetPart(q, emp, today),
    nextPayoutDate: pay?.d ?? null,
    latestPayslipPeriod: slip?.label ?? null,
    todos: {
      feedbackDrafts: fb,
      surveyInvitations: surveys,
      onboardingOpen,
      documentsMissing,
      total: fb + surveys + (onboardingOpen ? 1 : 0) + (documentsMissing ? 1 : 0),
    },
  };
}
