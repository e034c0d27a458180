/**
 * The home screen in one call (contract: GET /employee/summary, get_my_summary): this year's vacation,
 * the current week's hours, the next payout, the latest payslip and the to-dos with their badge count.
 *
 * It is the connector's most frequent read, so its lookups are gathered into as few statements as the
 * rules allow: one statement reads the employee's core fields and every small fact (to-do counts, pay
 * dates, the week's hours and drafts), then the leave balance and the week's target use the same rule
 * functions as the leave and time areas.
 */
import { sql } from "drizzle-orm";
import { mondayOf, yearOf } from "../domain/calendar.ts";
import { addDays } from "../domain/calendar.ts";
import { sumHours } from "../domain/time.ts";
import type { Actor } from "./actor.ts";
import { type EmployeeCore, noEmployee, selfId, type ServiceDeps, todayOf } from "./common.ts";
import { balanceOf, VACATION_CODE } from "./leave.ts";
import { weekTarget } from "./time.ts";

interface Facts extends EmployeeCore {
  vacationTypeId: string | null;
  vacationDeducts: number | null;
  vacationDefaultDays: number | null;
  vacationRequestThisYear: number;
  nextPayout: string | null;
  latestPayslip: string | null;
  feedbackDrafts: number;
  surveyInvitations: number;
  onboardingOpen: number;
  documentsMissing: number;
  anyTimeEntry: number;
  weekHours: string | null;
  weekDrafts: number;
}

/** Every small fact of the summary in one indexed statement (each subquery uses an index of its table). */
function facts(deps: ServiceDeps, employeeId: string, today: string, weekStart: string) {
  const weekEnd = addDays(weekStart, 6);
  const year = yearOf(today);
  return deps.db.get<Facts | undefined>(sql`
    SELECT e.id, e.canton, e.employment_start AS employmentStart, e.employment_end AS employmentEnd,
      e.workload_percent AS workloadPercent, e.working_weekdays AS workingWeekdays, e.weekly_hours AS weeklyHours,
      v.id AS vacationTypeId, v.deducts_balance AS vacationDeducts, v.default_annual_days AS vacationDefaultDays,
      EXISTS (SELECT 1 FROM leave_requests r JOIN leave_types t ON t.id = r.leave_type_id
        WHERE r.employee_id = e.id AND t.code = ${VACATION_CODE}
          AND r.start_date <= ${`${year}-12-31`} AND r.end_date >= ${`${year}-01-01`}) AS vacationRequestThisYear,
      (SELECT payment_date FROM pay_dates WHERE payment_date >= ${today} ORDER BY payment_date LIMIT 1) AS nextPayout,
      (SELECT period_label FROM payslips WHERE employee_id = e.id
        ORDER BY payment_date DESC, period DESC LIMIT 1) AS latestPayslip,
      (SELECT count(*) FROM feedback_drafts WHERE author_employee_id = e.id AND status = 'DRAFT') AS feedbackDrafts,
      (SELECT count(*) FROM survey_invitations WHERE employee_id = e.id AND status = 'OPEN'
        AND (due_date IS NULL OR due_date >= ${today})) AS surveyInvitations,
      EXISTS (SELECT 1 FROM onboarding_plans WHERE employee_id = e.id AND status = 'OPEN') AS onboardingOpen,
      EXISTS (SELECT 1 FROM required_documents WHERE employee_id = e.id AND status = 'MISSING') AS documentsMissing,
      EXISTS (SELECT 1 FROM time_entries WHERE employee_id = e.id) AS anyTimeEntry,
      (SELECT json_group_array(total_hours) FROM time_entries WHERE employee_id = e.id
        AND date BETWEEN ${weekStart} AND ${weekEnd} AND status <> 'REJECTED') AS weekHours,
      (SELECT count(*) FROM time_entries WHERE employee_id = e.id
        AND date BETWEEN ${weekStart} AND ${weekEnd} AND status = 'DRAFT') AS weekDrafts
    FROM employees e LEFT JOIN leave_types v ON v.code = ${VACATION_CODE}
    WHERE e.id = ${employeeId}`);
}

/**
 * The summary, exactly the contract's `PortalEmployeeSummaryDTO`. `leave`, `timesheet`, `nextPayoutDate`
 * and `latestPayslipPeriod` are null when there is no data yet (no vacation entitlement or request this
 * year; no time entry ever; no planned pay date; no payslip). `todos.total` = feedbackDrafts +
 * surveyInvitations + (onboardingOpen ? 1 : 0) + (documentsMissing ? 1 : 0).
 */
export async function getEmployeeSummary(deps: ServiceDeps, actor: Actor) {
  const today = todayOf(deps);
  const weekStart = mondayOf(today);
  const f = await facts(deps, selfId(actor), today, weekStart);
  if (!f) throw noEmployee();
  const emp: EmployeeCore = {
    id: f.id,
    canton: f.canton,
    employmentStart: f.employmentStart,
    employmentEnd: f.employmentEnd,
    workloadPercent: Number(f.workloadPercent),
    workingWeekdays: f.workingWeekdays,
    weeklyHours: Number(f.weeklyHours),
  };

  let leave = null;
  if (f.vacationTypeId) {
    const year = yearOf(today);
    const type = {
      id: f.vacationTypeId,
      code: VACATION_CODE,
      deductsBalance: Number(f.vacationDeducts) === 1,
      defaultAnnualDays: Number(f.vacationDefaultDays),
    };
    const b = await balanceOf(deps.db, emp, type, year, today);
    // `entitlement` is what is available this year (pro-rata entitlement + carry-over still valid +
    // adjustments), so that remaining = entitlement − used − planned holds on the home screen.
    if (b.hasEntitlement || Number(f.vacationRequestThisYear)) {
      leave = { year, remaining: b.remaining, entitlement: b.available, used: b.used, planned: b.planned };
    }
  }

  let timesheet = null;
  if (Number(f.anyTimeEntry)) {
    const { targetHours } = await weekTarget(deps.db, emp, weekStart);
    timesheet = {
      weekStart,
      totalHours: sumHours(JSON.parse(f.weekHours ?? "[]") as number[]),
      targetHours,
      draftCount: Number(f.weekDrafts),
    };
  }

  const feedback = Number(f.feedbackDrafts);
  const surveys = Number(f.surveyInvitations);
  const onboardingOpen = Number(f.onboardingOpen) === 1;
  const documentsMissing = Number(f.documentsMissing) === 1;
  return {
    leave,
    timesheet,
    nextPayoutDate: f.nextPayout ?? null,
    latestPayslipPeriod: f.latestPayslip ?? null,
    todos: {
      feedbackDrafts: feedback,
      surveyInvitations: surveys,
      onboardingOpen,
      documentsMissing,
      total: feedback + surveys + (onboardingOpen ? 1 : 0) + (documentsMissing ? 1 : 0),
    },
  };
}
