/**
 * The caller's calendar: public holidays of their canton (half days included), school holidays, company
 * closure days that apply to them, and closure days they were approved to work through. The leave and
 * time services read closures through `closureCalendar`, so the portal, the connector and the rules agree.
 */
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { prepared } from "../db/prepared.ts";
import { readRow } from "../db/local.ts";
import { jsonRows } from "./json_rows.ts";
import {
  cantonChanges,
  closurePeriods,
  closureWorkThrough,
  employees,
  workloadChanges,
} from "../db/schema/mod.ts";
import {
  cantonOn,
  type CantonPeriod,
  cantonsDuring,
  eachDay,
  holidayFractionsOver,
  isoWeekday,
  maxDate,
  minDate,
  publicHolidays,
} from "../domain/calendar.ts";
import { worksOn } from "../domain/leave.ts";
import type { Actor } from "./actor.ts";
import {
  checkYear,
  type EmployeeCore,
  localName,
  noEmployee,
  type Q,
  selfEmployee,
  selfId,
  type ServiceDeps,
  todayOf,
  weekdaysOf,
} from "./common.ts";
import type { RawStatements } from "../db/raw_sql.ts";
import { halfDaysIn } from "../settings.ts";

/** One closure day that applies to an employee. */
export interface ClosureDayInfo {
  date: string;
  closureId: string;
  deductsLeave: boolean;
  /** The employee was approved to work through this day (it costs no vacation). */
  workThrough: boolean;
}

/** What the closure rules read from a closure period. */
export interface ClosurePeriodDates {
  id: string;
  startDate: string;
  endDate: string;
  deductsLeave: boolean;
  /** Comma-separated cantons it applies to; null: the whole company. */
  cantons: string | null;
}

/** Whether a closure period applies to someone working in `canton`. */
export function closureApplies(p: Pick<ClosurePeriodDates, "cantons">, canton: string): boolean {
  return !p.cantons || p.cantons.split(",").map((c) => c.trim()).includes(canton);
}

/**
 * The closure days in `from`..`to` of the periods given (in the order given) that apply in `canton`, each
 * marked when its date is in `workThrough`. The rule behind `closureCalendar`, also used by the summary.
 * `canton` may be the canton in force per day (someone who moves): a closure limited to cantons applies on
 * the days the person works in one of them.
 */
export function closureDaysIn(
  periods: readonly ClosurePeriodDates[],
  workThrough: ReadonlySet<string>,
  canton: string | ((date: string) => string),
  from: string,
  to: string,
): ClosureDayInfo[] {
  const days: ClosureDayInfo[] = [];
  const cantonOf = typeof canton === "string" ? () => canton : canton;
  for (const p of periods) {
    if (p.startDate > to || p.endDate < from) continue;
    for (const date of eachDay(maxDate(p.startDate, from), minDate(p.endDate, to))) {
      if (!closureApplies(p, cantonOf(date))) continue;
      days.push({ date, closureId: p.id, deductsLeave: p.deductsLeave, workThrough: workThrough.has(date) });
    }
  }
  return days;
}

/** Someone's place-of-work canton history (`canton_changes`), in no particular order. */
export const cantonHistoryOf = prepared((q: Q) =>
  q.select({ validFrom: cantonChanges.validFrom, canton: cantonChanges.canton }).from(cantonChanges)
    .where(eq(cantonChanges.employeeId, sql.placeholder("emp"))).limit(1000)
);

/**
 * The canton of work on `day`, as a column of a query over `employees`: the dated history's latest change on
 * or before it, else the record's. What shows "the canton" (the people list, the headcount, master data) reads
 * it, so a move dated ahead shows from its day on without anything rewriting the record that day.
 */
export function cantonOnColumn(day: string) {
  return sql<string>`coalesce((SELECT ${cantonChanges.canton} FROM ${cantonChanges}
    WHERE ${cantonChanges.employeeId} = ${employees.id} AND ${cantonChanges.validFrom} <= ${day}
    ORDER BY ${cantonChanges.validFrom} DESC LIMIT 1), ${employees.canton})`;
}

/**
 * The public holidays (date → 1 or 0.5) of `from`..`to` for the employee, each day by the canton in force on
 * it: what every leave and time rule takes as `holidays` for a person.
 */
export async function personHolidays(
  q: Q,
  emp: Pick<EmployeeCore, "id" | "canton">,
  from: string,
  to: string,
  history?: readonly CantonPeriod[],
  halfDays?: readonly string[],
): Promise<Map<string, number>> {
  return holidayFractionsOver(
    emp.canton,
    history ?? await cantonHistoryOf(q).all({ emp: emp.id }),
    from,
    to,
    halfDays ?? await halfDaysIn(q),
  );
}

/**
 * The caller's canton today (the dated history's, else the record's) and its school holidays touching a year
 * (soonest first, at most 50) in ONE statement, the holidays as a JSON list of the columns the answer shows
 * (json_rows.ts).
 */
const CANTON_CALENDAR_SQL = `SELECT c.canton,
    (SELECT json_group_array(json_array(name_de, name_en, name_fr, name_it, start_date, end_date))
      FROM (SELECT name_de, name_en, name_fr, name_it, start_date, end_date FROM school_holidays
        WHERE canton = c.canton AND start_date <= :to AND end_date >= :from ORDER BY start_date ASC LIMIT 50))
      AS school
  FROM (SELECT coalesce((SELECT canton FROM canton_changes WHERE employee_id = e.id AND valid_from <= :today
      ORDER BY valid_from DESC LIMIT 1), e.canton) AS canton FROM employees e WHERE e.id = :emp) c`;

const closuresTouching = prepared((q: Q) =>
  q.select().from(closurePeriods).where(
    and(
      lte(closurePeriods.startDate, sql.placeholder("to")),
      gte(closurePeriods.endDate, sql.placeholder("from")),
    ),
  ).orderBy(asc(closurePeriods.startDate)).limit(200)
);

const approvedWorkThrough = prepared((q: Q) =>
  q.select({ date: closureWorkThrough.date }).from(closureWorkThrough).where(and(
    eq(closureWorkThrough.employeeId, sql.placeholder("emp")),
    eq(closureWorkThrough.status, "APPROVED"),
    gte(closureWorkThrough.date, sql.placeholder("from")),
    lte(closureWorkThrough.date, sql.placeholder("to")),
  )).limit(400)
);

/**
 * Closure days in `from`..`to` that apply to the employee (whole company, or a list of cantons that
 * includes theirs), each marked when the employee was approved to work through it.
 */
export async function closureCalendar(q: Q, emp: EmployeeCore, from: string, to: string) {
  const history = await cantonHistoryOf(q).all({ emp: emp.id });
  const cantons = cantonsDuring(emp.canton, history, from, to);
  const periods = (await closuresTouching(q).all({ from, to })).filter((p) =>
    cantons.some((c) => closureApplies(p, c))
  );
  const through = new Set(
    (await approvedWorkThrough(q).all({ emp: emp.id, from, to })).map((r) => r.date),
  );
  const cantonOf = (d: string) => cantonOn(emp.canton, history, d);
  return { periods, days: closureDaysIn(periods, through, cantonOf, from, to), workThrough: through };
}

/**
 * Public holidays of the caller's canton for a year (whole and half days, names in the caller's
 * language; each day by the canton in force on it when the person moves within the year), the half days
 * among them, and the school holidays of today's canton touching the year.
 */
export async function getPublicHolidays(deps: ServiceDeps, actor: Actor, input: { year?: number } = {}) {
  const id = selfId(actor);
  const today = todayOf(deps);
  const year = checkYear(input.year ?? Number(today.slice(0, 4)));
  const row = await readRow(deps.db.$client, CANTON_CALENDAR_SQL, {
    emp: id,
    today,
    from: `${year}-01-01`,
    to: `${year}-12-31`,
  });
  if (!row) throw noEmployee();
  const emp = { canton: row.canton as string };
  const school = jsonRows<[string, string, string, string | null, string, string]>(row.school).map((
    [nameDe, nameEn, nameFr, nameIt, startDate, endDate],
  ) => ({ nameDe, nameEn, nameFr, nameIt, startDate, endDate }));
  // Each day by the canton in force on it: someone who moves within the year has the old canton's
  // holidays before the move and the new one's after it.
  const history = await cantonHistoryOf(deps.db).all({ emp: id });
  const halfDays = await halfDaysIn(deps.db);
  const holidays = cantonsDuring(emp.canton, history, `${year}-01-01`, `${year}-12-31`)
    .flatMap((c) =>
      publicHolidays(c, year, actor.language, halfDays).filter((h) =>
        cantonOn(emp.canton, history, h.date) === c
      )
    )
    .sort((a, b) => a.date < b.date ? -1 : a.date > b.date ? 1 : 0)
    .map((h) => ({
      date: h.date,
      name: h.name,
      portion: h.portion,
      isoWeekday: isoWeekday(h.date),
    }));
  return {
    year,
    canton: emp.canton,
    publicHolidays: holidays,
    halfDayHolidays: holidays.filter((h) => h.portion < 1),
    schoolHolidays: school.map((s) => ({
      name: localName(s, actor.language),
      startDate: s.startDate,
      endDate: s.endDate,
    })),
  };
}

/**
 * Company closure periods of a year that apply to the caller, each day with what it costs from the
 * vacation balance (0 when the closure is granted on top, on a day the caller does not work, on a
 * whole-day holiday, or on a day they were approved to work through; half on a half-day holiday), and
 * the work-through days.
 */
export async function getClosurePeriods(deps: ServiceDeps, actor: Actor, input: { year?: number } = {}) {
  const emp = await selfEmployee(deps.db, actor);
  const year = checkYear(input.year ?? Number(todayOf(deps).slice(0, 4)));
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const cal = await closureCalendar(deps.db, emp, from, to);
  // Each day by the pattern in force on it (a workload change within the year).
  const history = (await deps.db.select().from(workloadChanges).where(eq(workloadChanges.employeeId, emp.id)))
    .map((w) => ({
      validFrom: w.validFrom,
      workingWeekdays: w.workingWeekdays ? weekdaysOf({ workingWeekdays: w.workingWeekdays }) : null,
    }));
  const current = weekdaysOf(emp);
  // Each day by the canton in force on it (a move within the year).
  const hol = await personHolidays(deps.db, emp, from, to);
  const costOf = (d: ClosureDayInfo) =>
    d.deductsLeave && !d.workThrough && worksOn(current, history, d.date)
      ? 1 - Math.min(1, hol.get(d.date) ?? 0)
      : 0;
  return {
    year,
    closures: cal.periods.slice(0, 50).map((p) => {
      const days = cal.days.filter((d) => d.closureId === p.id);
      return {
        id: p.id,
        name: localName(p, actor.language),
        startDate: p.startDate,
        endDate: p.endDate,
        deductsLeave: p.deductsLeave,
        vacationDaysCharged: days.reduce((s, d) => s + costOf(d), 0),
        days: days.map((d) => ({ date: d.date, workThrough: d.workThrough, vacationCost: costOf(d) })),
      };
    }),
    workThroughDays: cal.days.filter((d) => d.workThrough).map((d) => ({
      date: d.date,
      closureId: d.closureId,
    })),
  };
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { CANTON_CALENDAR_SQL };
