/**
 * The home screen in one call (contract: GET /employee/summary, get_my_summary): this year's vacation,
 * the current week's hours, the next payout, the latest payslip and the to-dos with their badge count.
 *
 * It is the connector's most frequent read, so everything it shows is read in ONE statement (prepared
 * once per connection by the database layer): the employee's core fields, every small fact (to-do counts,
 * pay dates, the week's hours and drafts) and, as JSON arrays, exactly the rows the leave and time areas
 * load for a vacation balance and a week's target. The same rule functions then compute both
 * (`balanceFrom`, `closureDaysIn`, `absencesFrom`, `weekTargetFrom`), and `tests/services/summary_test.ts`
 * holds the result to the areas' own answers for every demo employee on awkward dates.
 */
import { addDays, cantonOn, mondayOf, yearOf } from "../domain/calendar.ts";
import { dataStamp, readRow } from "../db/local.ts";
import { sumHours } from "../domain/time.ts";
import type { LeaveBalance } from "../domain/leave.ts";
import { roleLevel } from "../domain/access.ts";
import type { Actor } from "./actor.ts";
import { type EmployeeCore, noEmployee, selfId, type ServiceDeps, todayOf } from "./common.ts";
import { closureDaysIn, type ClosurePeriodDates } from "./holidays.ts";
import {
  ADJUSTMENT_SUMS_SQL,
  BALANCE_REQUEST_STATUSES,
  type BalanceData,
  balanceFrom,
  carryOverOf,
  entitlementData,
  takesClosures,
  VACATION_CODE,
  WORKLOAD_HISTORY_LIMIT,
} from "./leave.ts";
import {
  ABSENCE_LEAVE_STATUSES,
  ABSENCE_ROWS_LIMIT,
  type AbsenceLeave,
  absencesFrom,
  type AbsenceSick,
  weekTargetFrom,
} from "./time.ts";
import type { RawStatements } from "../db/raw_sql.ts";
import { halfDaysIn } from "../settings.ts";

interface Facts extends EmployeeCore {
  vacationTypeId: string | null;
  vacationDeducts: number | null;
  vacationDefaultDays: number | null;
  vacationSteps: string;
  nextPayout: string | null;
  latestPayslip: string | null;
  feedbackDrafts: number;
  surveyInvitations: number;
  onboardingOpen: number;
  documentsMissing: number;
  policiesToRead: number;
  anyTimeEntry: number;
  /** JSON [[totalHours, status], …] of the week */
  weekEntries: string;
  /** JSON [carryOverDays, carryOverExpiresOn, adjustmentDays], or null. */
  entitlement: string | null;
  /** JSON [count, sum of days, opening carry-over, days taken before] of the noted adjustments. */
  adjustments: string;
  /** JSON [[startDate, endDate, startPortion, endPortion, status, daysByYear], …] */
  yearRequests: string;
  /** JSON [[validFrom, workloadPercent, workingWeekdays], …] */
  history: string;
  /** JSON [[validFrom, canton], …] (`canton_changes`) */
  cantons: string;
  /** JSON [[id, startDate, endDate, deductsLeave, cantons], …] by start date */
  closures: string;
  /** JSON [date, …] */
  workThrough: string;
  /** JSON [[startDate, endDate, startPortion, endPortion], …] */
  weekLeaves: string;
  /** JSON [[startDate, endDate], …] */
  weekSick: string;
}

/** A list of this module's constant states as SQL literals (never input). */
const literals = (list: readonly string[]) => list.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");

/**
 * Every fact of the summary in one indexed statement: each subquery uses an index of its table and mirrors
 * the query of the area that owns it (`balanceOf`, `closureCalendar`, `absenceFractions`). The text never
 * changes (named parameters only), so the database layer prepares it once per connection. `SUMMARY_TABLES` is
 * derived from it.
 */
const FACTS_SQL = `
  SELECT e.id, e.canton, e.employment_start AS employmentStart, e.employment_end AS employmentEnd,
    e.workload_percent AS workloadPercent, e.working_weekdays AS workingWeekdays, e.weekly_hours AS weeklyHours,
    v.id AS vacationTypeId, v.deducts_balance AS vacationDeducts, v.default_annual_days AS vacationDefaultDays,
    v.entitlement_steps AS vacationSteps, e.birth_date AS birthDate,
    (SELECT payment_date FROM pay_dates WHERE payment_date >= :today ORDER BY payment_date LIMIT 1) AS nextPayout,
    (SELECT period_label FROM payslips WHERE employee_id = e.id
      ORDER BY payment_date DESC, period DESC LIMIT 1) AS latestPayslip,
    (SELECT count(*) FROM feedback_drafts WHERE author_employee_id = e.id AND status = 'DRAFT') AS feedbackDrafts,
    (SELECT count(*) FROM survey_invitations WHERE employee_id = e.id AND status = 'OPEN'
      AND (due_date IS NULL OR due_date >= :today)) AS surveyInvitations,
    EXISTS (SELECT 1 FROM onboarding_plans WHERE employee_id = e.id AND status = 'OPEN') AS onboardingOpen,
    EXISTS (SELECT 1 FROM required_documents WHERE employee_id = e.id AND status = 'MISSING') AS documentsMissing,
    (SELECT count(*) FROM documents d
      WHERE (CASE d.audience WHEN 'ALL' THEN 0 WHEN 'MANAGERS' THEN 1 WHEN 'HR' THEN 2 ELSE 99 END) <= :level
      AND NOT EXISTS (SELECT 1 FROM document_acknowledgements a WHERE a.document_id = d.id
        AND a.employee_id = e.id AND a.document_version >= max(d.updated_at,
          coalesce((SELECT max(tr.updated_at) FROM document_translations tr WHERE tr.document_id = d.id), 0))))
      AS policiesToRead,
    EXISTS (SELECT 1 FROM time_entries WHERE employee_id = e.id) AS anyTimeEntry,
    (SELECT json_group_array(json_array(total_hours, status)) FROM time_entries WHERE employee_id = e.id
      AND date BETWEEN :weekStart AND :weekEnd) AS weekEntries,
    (SELECT json_array(carry_over_days, carry_over_expires_on, adjustment_days)
      FROM leave_entitlements WHERE employee_id = e.id AND leave_type_id = v.id AND year = :year
      LIMIT 1) AS entitlement,
    (SELECT json_array(count(*), ${ADJUSTMENT_SUMS_SQL.plain}, ${ADJUSTMENT_SUMS_SQL.openingCarry},
      ${ADJUSTMENT_SUMS_SQL.takenBefore}) FROM leave_adjustments
      WHERE employee_id = e.id AND leave_type_id = v.id AND year = :year) AS adjustments,
    (SELECT json_group_array(json_array(start_date, end_date, start_portion, end_portion, status, days_by_year))
      FROM (SELECT start_date, end_date, start_portion, end_portion, status, days_by_year FROM leave_requests
        WHERE employee_id = e.id AND start_date <= :yearTo
        AND end_date >= :yearFrom AND leave_type_id = v.id AND status IN (${
  literals(BALANCE_REQUEST_STATUSES)
})
        LIMIT 1000)) AS yearRequests,
    (SELECT json_group_array(json_array(valid_from, workload_percent, working_weekdays))
      FROM (SELECT valid_from, workload_percent, working_weekdays FROM workload_changes WHERE employee_id = e.id
        LIMIT ${WORKLOAD_HISTORY_LIMIT})) AS history,
    (SELECT json_group_array(json_array(valid_from, canton))
      FROM (SELECT valid_from, canton FROM canton_changes WHERE employee_id = e.id LIMIT 1000)) AS cantons,
    (SELECT json_group_array(json_array(id, start_date, end_date, deducts_leave, cantons))
      FROM (SELECT id, start_date, end_date, deducts_leave, cantons FROM closure_periods
        WHERE start_date <= :rangeTo AND end_date >= :rangeFrom ORDER BY start_date LIMIT 200)) AS closures,
    (SELECT json_group_array(date) FROM closure_work_through WHERE employee_id = e.id
      AND status = 'APPROVED' AND date >= :rangeFrom AND date <= :rangeTo) AS workThrough,
    (SELECT json_group_array(json_array(start_date, end_date, start_portion, end_portion))
      FROM (SELECT start_date, end_date, start_portion, end_portion FROM leave_requests
        WHERE employee_id = e.id AND start_date <= :weekEnd
        AND end_date >= :weekStart AND status IN (${literals(ABSENCE_LEAVE_STATUSES)})
        LIMIT ${ABSENCE_ROWS_LIMIT})) AS weekLeaves,
    (SELECT json_group_array(json_array(start_date, end_date))
      FROM (SELECT start_date, end_date FROM sick_leave_entries
        WHERE employee_id = e.id AND start_date <= :weekEnd
        AND (end_date IS NULL OR end_date >= :weekStart) AND withdrawn_at IS NULL
        ORDER BY start_date DESC LIMIT ${ABSENCE_ROWS_LIMIT})) AS weekSick
  FROM employees e LEFT JOIN leave_types v ON v.code = '${VACATION_CODE}' AND v.active = 1
  WHERE e.id = :employeeId`;

async function facts(deps: ServiceDeps, employeeId: string, level: number, today: string, weekStart: string) {
  const weekEnd = addDays(weekStart, 6);
  const year = yearOf(today);
  const yearFrom = `${year}-01-01`;
  const yearTo = `${year}-12-31`;
  // Closures and work-through days for the year and the week at once (the week may reach into January).
  const rangeFrom = weekStart < yearFrom ? weekStart : yearFrom;
  const rangeTo = weekEnd > yearTo ? weekEnd : yearTo;
  const row = await readRow(deps.db.$client, FACTS_SQL, {
    employeeId,
    level,
    today,
    year,
    yearFrom,
    yearTo,
    weekStart,
    weekEnd,
    rangeFrom,
    rangeTo,
  });
  return row as unknown as Facts | undefined;
}

/**
 * The summary, exactly the contract's `PortalEmployeeSummaryDTO`. `leave`, `timesheet`, `nextPayoutDate`
 * and `latestPayslipPeriod` are null when there is no data yet (an empty vacation balance this year, see
 * `emptyBalance`; no time entry ever; no planned pay date; no payslip). `leave` is the VACATION balance the
 * leave area shows for the current leave year, computed by the same `balanceFrom`. `todos.total` =
 * feedbackDrafts + surveyInvitations + (onboardingOpen ? 1 : 0) + (documentsMissing ? 1 : 0) + the policies
 * the person's role may read and has not acknowledged as they read now (`listPolicies`). `version`: a
 * `dataVersion` read for the same request, the stamp a kept summary is checked against (see `dataStamp`).
 */
export async function getEmployeeSummary(
  deps: ServiceDeps,
  actor: Actor,
  version?: number,
): Promise<EmployeeSummary> {
  const employeeId = selfId(actor);
  const level = roleLevel(actor.role);
  const today = todayOf(deps);
  const client = deps.db.$client;
  const halfDays = await halfDaysIn(deps.db, version);
  if (reuseOff.has(client)) return await computeSummary(deps, employeeId, level, today, halfDays);
  // The stamp is taken before the facts are read (see `dataStamp`).
  const stamp = await dataStamp(client, SUMMARY_TABLES, version);
  if (stamp === null) return await computeSummary(deps, employeeId, level, today, halfDays);
  let memo = reusable.get(client);
  if (memo?.stamp !== stamp) reusable.set(client, memo = { stamp, byKey: new Map() });
  // The role decides which policies are the person's to read.
  // The half days are a setting, not among the statement's tables: they key the summary instead.
  const key = `${employeeId}|${level}|${today}|${halfDays.join(",")}`;
  const hit = memo.byKey.get(key);
  if (hit) return hit;
  const summary = await computeSummary(deps, employeeId, level, today, halfDays);
  if (memo.byKey.size >= REUSE_MAX) memo.byKey.delete(memo.byKey.keys().next().value!);
  memo.byKey.set(key, summary);
  return summary;
}

/** The summary's shape (frozen: one computed summary may be served to several requests). */
export type EmployeeSummary = Readonly<Awaited<ReturnType<typeof computeSummary>>>;

/**
 * The tables `FACTS_SQL` reads (every name after FROM or JOIN), derived from the statement so the two cannot
 * drift apart. The test checks that every table whose deletion cascades into one of them is among them.
 */
export const SUMMARY_TABLES: readonly string[] = [
  ...new Set([...FACTS_SQL.matchAll(/\b(?:FROM|JOIN)\s+(\w+)/gi)].map((m) => m[1].toLowerCase())),
];

/**
 * Summaries computed since their tables last changed, per database, by employee and day. The home screen
 * and an assistant ask for the same summary again and again while nothing it shows changed (sign-ins, audit
 * rows, rate counters and notifications write elsewhere); every answer is still exactly what a fresh
 * computation would give, because an entry is only served under the same `dataStamp` of `SUMMARY_TABLES` it
 * was computed under (a write to one of them by this process, or any commit by another process, starts a new
 * map). Bounded; at most one day's summaries of every employee of a small organisation.
 */
const reusable = new WeakMap<object, { stamp: string; byKey: Map<string, EmployeeSummary> }>();
const REUSE_MAX = 2_000;
/** Databases whose summaries are always computed afresh (`reuseSummaries(client, false)`). */
const reuseOff = new WeakSet<object>();

/**
 * Turns the reuse of computed summaries off (or on again) for one database: the benchmark measures the
 * computation itself this way, and tests compare both paths. On by default.
 */
export function reuseSummaries(client: object, on: boolean): void {
  if (on) reuseOff.delete(client);
  else reuseOff.add(client);
}

async function computeSummary(
  deps: ServiceDeps,
  employeeId: string,
  level: number,
  today: string,
  halfDays: readonly string[],
) {
  const weekStart = mondayOf(today);
  const weekEnd = addDays(weekStart, 6);
  const f = await facts(deps, employeeId, level, today, weekStart);
  if (!f) throw noEmployee();
  const emp: EmployeeCore = {
    id: f.id,
    canton: f.canton,
    employmentStart: f.employmentStart,
    employmentEnd: f.employmentEnd,
    workloadPercent: Number(f.workloadPercent),
    workingWeekdays: f.workingWeekdays,
    weeklyHours: Number(f.weeklyHours),
    birthDate: f.birthDate,
  };
  const workloadHistory = (JSON.parse(f.history) as [string, number, string | null][])
    .map(([validFrom, workloadPercent, workingWeekdays]) => ({
      validFrom,
      workloadPercent,
      workingWeekdays,
    }));
  const periods: ClosurePeriodDates[] =
    (JSON.parse(f.closures) as [string, string, string, number, string | null][])
      .map(([id, startDate, endDate, deducts, cantons]) => ({
        id,
        startDate,
        endDate,
        deductsLeave: deducts === 1,
        cantons,
      }));
  const workThrough = new Set(JSON.parse(f.workThrough) as string[]);
  // Each day by the canton in force on it (someone who moves).
  const cantonHistory = (JSON.parse(f.cantons) as [string, string][]).map(([validFrom, canton]) => ({
    validFrom,
    canton,
  }));
  const cantonOf = (d: string) => cantonOn(emp.canton, cantonHistory, d);

  let leave = null;
  if (f.vacationTypeId) {
    const year = yearOf(today);
    const type = {
      code: VACATION_CODE,
      deductsBalance: Number(f.vacationDeducts) === 1,
      defaultAnnualDays: Number(f.vacationDefaultDays),
      entitlementSteps: f.vacationSteps,
    };
    const ent = f.entitlement === null
      ? undefined
      : JSON.parse(f.entitlement) as [number, string | null, number];
    const [adjCount, adjSum, openingCarry, takenBefore] = JSON.parse(f.adjustments) as (number | null)[];
    const data: BalanceData = {
      entitlement: entitlementData(
        await carryOverOf(
          deps.db,
          emp,
          { id: f.vacationTypeId, ...type },
          year,
          ent ? { carryOverDays: ent[0], carryOverExpiresOn: ent[1], adjustmentDays: ent[2] } : undefined,
          Number(openingCarry ?? 0),
        ),
        Number(adjCount),
        adjSum,
        { carry: openingCarry, taken: takenBefore },
      ),
      requests: (JSON.parse(f.yearRequests) as string[][]).map((r) => ({
        startDate: r[0],
        endDate: r[1],
        startPortion: r[2],
        endPortion: r[3],
        status: r[4],
        daysByYear: r[5],
      })),
      workloadHistory,
      cantonHistory,
      closureDays: takesClosures(type)
        ? closureDaysIn(periods, workThrough, cantonOf, `${year}-01-01`, `${year}-12-31`)
        : [],
      workThrough: takesClosures(type) ? workThrough : new Set(),
      halfDays,
    };
    const b = balanceFrom(emp, type, year, today, data);
    // `entitlement` is what is available this year (pro-rata entitlement + carry-over still valid +
    // adjustments), so that remaining = entitlement − used − planned holds on the home screen. Shown
    // whenever the balance holds anything: an entitlement derived from the policy has no stored row, so
    // the presence of a row is no sign of "no data" (a new organisation would see none).
    if (type.deductsBalance && !emptyBalance(b)) {
      leave = { year, remaining: b.remaining, entitlement: b.available, used: b.used, planned: b.planned };
    }
  }

  let timesheet = null;
  if (Number(f.anyTimeEntry)) {
    const closureDates = new Set(
      closureDaysIn(periods, workThrough, cantonOf, weekStart, weekEnd).filter((d) => !d.workThrough)
        .map((d) => d.date),
    );
    const leaves: AbsenceLeave[] = (JSON.parse(f.weekLeaves) as string[][])
      .map(([startDate, endDate, startPortion, endPortion]) => ({
        startDate,
        endDate,
        startPortion,
        endPortion,
      }));
    const sick: AbsenceSick[] = (JSON.parse(f.weekSick) as [string, string | null][])
      .map(([startDate, endDate]) => ({ startDate, endDate }));
    const absences = absencesFrom(
      emp,
      weekStart,
      weekEnd,
      closureDates,
      leaves,
      sick,
      halfDays,
      cantonHistory,
    );
    const { targetHours } = weekTargetFrom(
      emp,
      weekStart,
      absences,
      workloadHistory,
      halfDays,
      cantonHistory,
    );
    const entries = JSON.parse(f.weekEntries) as [number, string][];
    timesheet = {
      weekStart,
      totalHours: sumHours(entries.filter(([, status]) => status !== "REJECTED").map(([hours]) => hours)),
      targetHours,
      draftCount: entries.filter(([, status]) => status === "DRAFT").length,
    };
  }

  const feedback = Number(f.feedbackDrafts);
  const surveys = Number(f.surveyInvitations);
  const onboardingOpen = Number(f.onboardingOpen) === 1;
  const documentsMissing = Number(f.documentsMissing) === 1;
  const policiesToRead = Number(f.policiesToRead);
  return deepFreeze({
    leave,
    timesheet,
    nextPayoutDate: f.nextPayout ?? null,
    latestPayslipPeriod: f.latestPayslip ?? null,
    todos: {
      feedbackDrafts: feedback,
      surveyInvitations: surveys,
      onboardingOpen,
      documentsMissing,
      // The contract's todos carry no field of their own for policies (no other properties are allowed),
      // yet the badge the total drives must count each policy waiting to be read.
      total: feedback + surveys + (onboardingOpen ? 1 : 0) + (documentsMissing ? 1 : 0) + policiesToRead,
    },
  });
}

/**
 * A vacation balance with nothing in it: no days of entitlement, carry-over or corrections and no day taken,
 * planned or asked for (someone whose employment does not touch the year). The only balance the home screen
 * shows as null.
 */
export function emptyBalance(
  b: Pick<LeaveBalance, "entitlement" | "available" | "used" | "planned" | "pending">,
): boolean {
  return b.entitlement === 0 && b.available === 0 && b.used === 0 && b.planned === 0 && b.pending === 0;
}

/** Freezes an object and the objects it holds. */
function deepFreeze<T extends object>(o: T): T {
  for (const v of Object.values(o)) if (v && typeof v === "object") deepFreeze(v);
  return Object.freeze(o);
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { FACTS_SQL };
