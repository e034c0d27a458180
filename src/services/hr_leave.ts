/**
 * HR's view of leave: every person's balances per leave type and year (the person page, `leave balances`),
 * who is away when (the console's leave overview), and the opening balances of an installation started
 * during the year (`leave import-opening`, the console's upload). Balances come from `balancesOf`, the one
 * function behind the portal's balances, the summary and the filing check, so HR reads the figures the person
 * reads.
 */
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import {
  cantonChanges,
  closurePeriods,
  departments,
  employees,
  leaveAdjustments,
  leaveRequests,
  leaveTypes,
  schoolHolidays,
  users,
  workloadChanges,
} from "../db/schema/mod.ts";
import { addDays, type CantonPeriod, holidayFractionsOver, isoWeekday, yearOf } from "../domain/calendar.ts";
import { computeLeaveDays, type EndPortion, type StartPortion } from "../domain/leave.ts";
import { refusal } from "../errors.ts";
import { fill, isLang, type Lang } from "../i18n/mod.ts";
import { leaveBalanceTexts } from "../i18n/console_leave.ts";
import { decodeCsv, detectDelimiter, parseCsv, unneutralizeCell } from "../csv.ts";
import { getSetting } from "../settings.ts";
import {
  checkYear,
  DEFAULT_TIME_ZONE,
  type EmployeeRow,
  fullName,
  leaveTypeName,
  localName,
  type Q,
  todayOf,
  weekdaysOf,
  writeTx,
} from "./common.ts";
import { balancesOf, patternHistoryOf, statutoryCarriedIn } from "./leave.ts";
import { statutoryLapse } from "../domain/carry_over.ts";
import { OPENING_MARK } from "./carry_over.ts";

export { OPENING_MARK };
import { localDay } from "../clock.ts";
import { halfDaysIn } from "../settings.ts";

type Deps = Pick<AppDeps, "db" | "clock"> & { config?: AppDeps["config"] };

/** Whether a correction is part of an opening balance, and who made it. */
export function correctionAuthor(createdBy: string): { opening: boolean; by: string } {
  return createdBy.startsWith(OPENING_MARK)
    ? { opening: true, by: createdBy.slice(OPENING_MARK.length) }
    : { opening: false, by: createdBy };
}

const MAX_PEOPLE = 5000;

async function activeTypes(q: Q) {
  return await q.select().from(leaveTypes).where(eq(leaveTypes.active, true)).orderBy(asc(leaveTypes.code))
    .limit(50);
}

/** One person's balance of one leave type, with the year's corrections when asked. */
export interface HrBalance {
  code: string;
  name: string;
  deductsBalance: boolean;
  entitlement: number | null;
  carryOver: number;
  carryOverLapsed: number;
  /** The statutory days in `carryOver` by year of origin, with the day they lapse (vacation only). */
  statutoryCarried: { origin: number; days: number; lapsesOn: string }[];
  adjustments: number;
  available: number | null;
  used: number;
  planned: number;
  pending: number;
  remaining: number | null;
  history: { date: string; days: number; note: string; by: string; opening: boolean }[];
}

/**
 * The balances of one person (by personnel number) or of everyone employed in the year, per active leave
 * type, for a leave year (default: the current one). Types without a balance show their days with null
 * entitlement, available and remaining, as the portal does.
 */
export async function hrLeaveBalances(
  deps: Deps,
  input: { personnelNumber?: string; year?: number; lang: Lang; history?: boolean },
) {
  const today = todayOf(deps);
  const year = checkYear(input.year ?? yearOf(today));
  let people: EmployeeRow[];
  if (input.personnelNumber !== undefined) {
    people = await deps.db.select().from(employees)
      .where(eq(employees.personnelNumber, input.personnelNumber)).limit(1);
    if (!people.length) {
      throw refusal("not_found", "leave.noSuchPersonnelNumber", { number: input.personnelNumber });
    }
  } else {
    people = (await deps.db.select().from(employees).where(lte(employees.employmentStart, `${year}-12-31`))
      .orderBy(asc(employees.personnelNumber)).limit(MAX_PEOPLE))
      .filter((e) => !e.employmentEnd || e.employmentEnd >= `${year}-01-01`);
  }
  // Types with a balance first: they are what HR looks for.
  const types = (await activeTypes(deps.db)).sort((a, b) =>
    Number(b.deductsBalance) - Number(a.deductsBalance)
  );
  const tz = deps.config?.timeZone ?? DEFAULT_TIME_ZONE;
  const out = [];
  for (const emp of people) {
    const balances = await balancesOf(deps.db, emp, types, year, today);
    const corrections = input.history
      ? await deps.db.select().from(leaveAdjustments).where(and(
        eq(leaveAdjustments.employeeId, emp.id),
        eq(leaveAdjustments.year, year),
      )).orderBy(asc(leaveAdjustments.createdAt)).limit(5000)
      : [];
    out.push({
      personnelNumber: emp.personnelNumber,
      name: fullName(emp),
      balances: types.map((t): HrBalance => {
        const b = balances.get(t.id)!;
        const d = t.deductsBalance;
        return {
          code: t.code,
          name: leaveTypeName(t, input.lang),
          deductsBalance: d,
          entitlement: d ? b.entitlement : null,
          carryOver: b.carryOver,
          carryOverLapsed: b.carryOverLapsed,
          statutoryCarried: statutoryCarriedIn(b).map((c) => ({ ...c, lapsesOn: statutoryLapse(c.origin) })),
          adjustments: b.adjustments,
          available: d ? b.available : null,
          used: b.used,
          planned: b.planned,
          pending: b.pending,
          remaining: d ? b.remaining : null,
          history: corrections.filter((c) => c.leaveTypeId === t.id).map((c) => ({
            date: localDay(c.createdAt, tz),
            days: c.days,
            note: c.note,
            ...correctionAuthor(c.createdBy),
          })),
        };
      }),
    });
  }
  return { year, people: out };
}

/** The statuses the overview shows: approved leave, and requests still awaiting a decision (marked). */
const OVERVIEW_STATUSES = ["APPROVED", "CANCELLATION_REQUESTED", "AWAITING_APPROVAL"];

/** How much of a day someone is away. */
export type AwayPortion = "FULL" | "MORNING" | "AFTERNOON" | "HALF";

/**
 * Who is away on each day of a month (`YYYY-MM`, default the current one), optionally of one department:
 * each person's leave on their working days, public holidays of their canton left out, half days as morning
 * or afternoon, pending requests marked. Days nobody is away are left out.
 */
export async function leaveOverview(
  deps: Deps,
  input: { month?: string; department?: string; lang: Lang },
) {
  const month = input.month ?? todayOf(deps).slice(0, 7);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || Number(month.slice(0, 4)) < 2000) {
    throw refusal("validation", "calendar.month", { value: month }, { field: "month" });
  }
  const from = `${month}-01`;
  const y = Number(month.slice(0, 4));
  const m = Number(month.slice(5));
  const to = addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`, -1);
  const halfDays = await halfDaysIn(deps.db);
  const allDepartments = (await deps.db.select({ name: departments.name }).from(departments)
    .orderBy(asc(departments.name)).limit(1000)).map((d) => d.name);
  const rows = await deps.db.select({
    employeeId: employees.id,
    pn: employees.personnelNumber,
    firstName: employees.firstName,
    lastName: employees.lastName,
    canton: employees.canton,
    workingWeekdays: employees.workingWeekdays,
    department: departments.name,
    startDate: leaveRequests.startDate,
    endDate: leaveRequests.endDate,
    startPortion: leaveRequests.startPortion,
    endPortion: leaveRequests.endPortion,
    status: leaveRequests.status,
    type: leaveTypes,
  }).from(leaveRequests)
    .innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .where(and(
      lte(leaveRequests.startDate, to),
      gte(leaveRequests.endDate, from),
      inArray(leaveRequests.status, OVERVIEW_STATUSES),
    )).limit(10_000);
  // Each day counts by the pattern in force on it (the workload history), not by today's record.
  const people = [...new Set(rows.map((r) => r.employeeId))];
  const histories = new Map<string, { validFrom: string; workingWeekdays: string | null }[]>();
  for (let i = 0; i < people.length; i += 500) {
    for (
      const w of await deps.db.select({
        employeeId: workloadChanges.employeeId,
        validFrom: workloadChanges.validFrom,
        workingWeekdays: workloadChanges.workingWeekdays,
      }).from(workloadChanges).where(inArray(workloadChanges.employeeId, people.slice(i, i + 500)))
    ) {
      let list = histories.get(w.employeeId);
      if (!list) histories.set(w.employeeId, list = []);
      list.push(w);
    }
  }
  // And each day's holidays by the canton in force on it (someone who moves).
  const cantonHistories = new Map<string, CantonPeriod[]>();
  for (let i = 0; i < people.length; i += 500) {
    for (
      const c of await deps.db.select({
        employeeId: cantonChanges.employeeId,
        validFrom: cantonChanges.validFrom,
        canton: cantonChanges.canton,
      }).from(cantonChanges).where(inArray(cantonChanges.employeeId, people.slice(i, i + 500)))
    ) {
      let list = cantonHistories.get(c.employeeId);
      if (!list) cantonHistories.set(c.employeeId, list = []);
      list.push(c);
    }
  }
  const byDay = new Map<string, {
    personnelNumber: string;
    name: string;
    department: string | null;
    leaveType: string;
    portion: AwayPortion;
    awaitingApproval: boolean;
  }[]>();
  for (const r of rows) {
    if (input.department !== undefined && input.department !== "" && r.department !== input.department) {
      continue;
    }
    const s = r.startDate > from ? r.startDate : from;
    const e = r.endDate < to ? r.endDate : to;
    const start = s === r.startDate ? r.startPortion as StartPortion : "FULL";
    const end = e === r.endDate ? r.endPortion as EndPortion : "FULL";
    const days = computeLeaveDays({
      startDate: s,
      endDate: e,
      // A one-day slice of a request keeps at most one of its halves (both would be a validation error).
      startPortion: s === e && end === "MORNING" ? "FULL" : start,
      endPortion: end,
      workingWeekdays: weekdaysOf(r),
      patternHistory: patternHistoryOf(histories.get(r.employeeId) ?? []),
      holidays: holidayFractionsOver(r.canton, cantonHistories.get(r.employeeId) ?? [], s, e, halfDays),
    });
    for (const d of days.perDay) {
      if (d.fraction <= 0) continue;
      const portion: AwayPortion = d.fraction >= 1
        ? "FULL"
        : d.date === r.startDate && r.startPortion === "AFTERNOON"
        ? "AFTERNOON"
        : d.date === r.endDate && r.endPortion === "MORNING"
        ? "MORNING"
        : "HALF";
      let list = byDay.get(d.date);
      if (!list) byDay.set(d.date, list = []);
      list.push({
        personnelNumber: r.pn,
        name: fullName(r),
        department: r.department,
        leaveType: leaveTypeName(r.type, input.lang),
        portion,
        awaitingApproval: r.status === "AWAITING_APPROVAL",
      });
    }
  }
  const days = [...byDay.entries()].sort(([a], [b]) => a < b ? -1 : 1).map(([date, people]) => ({
    date,
    weekday: isoWeekday(date),
    people: people.sort((a, b) =>
      (a.department ?? "\uffff").localeCompare(b.department ?? "\uffff") || a.name.localeCompare(b.name)
    ),
  }));
  // The month's company closures and the school holidays of the cantons people work in: what explains why
  // many are away at once, or why nobody may be (a closure that takes vacation is everyone's leave).
  const closures = (await deps.db.select().from(closurePeriods).where(and(
    lte(closurePeriods.startDate, to),
    gte(closurePeriods.endDate, from),
  )).orderBy(asc(closurePeriods.startDate)).limit(50)).map((c) => ({
    name: localName(c, input.lang),
    startDate: c.startDate,
    endDate: c.endDate,
    deductsLeave: c.deductsLeave,
    cantons: c.cantons ? c.cantons.split(",").filter(Boolean) : [],
  }));
  const cantons = (await deps.db.selectDistinct({ canton: employees.canton }).from(employees).limit(26))
    .map((e) => e.canton);
  const school = cantons.length
    ? (await deps.db.select().from(schoolHolidays).where(and(
      inArray(schoolHolidays.canton, cantons),
      lte(schoolHolidays.startDate, to),
      gte(schoolHolidays.endDate, from),
    )).orderBy(asc(schoolHolidays.startDate), asc(schoolHolidays.canton)).limit(200)).map((h) => ({
      canton: h.canton,
      name: localName(h, input.lang),
      startDate: h.startDate,
      endDate: h.endDate,
    }))
    : [];
  return { month, from, to, departments: allDepartments, days, closures, schoolHolidays: school };
}

/** The columns of the opening balances file; `carry-over` and `carry over` are read as `carry_over`. */
export const OPENING_COLUMNS = ["personnel_number", "leave_type", "year", "taken", "carry_over"] as const;

export type OpeningResult = { ok: true; set: number; unchanged: number } | { ok: false; errors: string[] };

/**
 * Imports opening balances from CSV, all or nothing: per person, leave type and year, the days already taken
 * before the service and the carry-over from the year before, each written as a correction whose reason says
 * "opening balance" (in the person's language). Every problem is reported with its line and field, in
 * `lang`. Importing again replaces the earlier opening balance of that person, type and year (never a
 * correction typed by hand), so the same file twice changes nothing.
 */
export async function importOpeningBalances(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  input: string | Uint8Array,
  opts: { by: string; lang: Lang },
): Promise<OpeningResult> {
  const tx = leaveBalanceTexts(opts.lang);
  const text = typeof input === "string" ? input : decodeCsv(input).text;
  let rows;
  try {
    rows = parseCsv(text, detectDelimiter(text.replace(/^\uFEFF/, "")))
      .filter((r) => r.cells.some((c) => c.trim() !== ""));
  } catch (e) {
    return { ok: false, errors: [(e as Error).message] };
  }
  if (!rows.length) return { ok: false, errors: [tx.errEmpty] };
  const header = rows[0].cells.map((h) => h.trim().toLowerCase().replace(/[\s-]+/g, "_"));
  const errors: string[] = [];
  const unknown = header.filter((h) => !(OPENING_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) errors.push(fill(tx.errUnknownColumn, { columns: unknown.join(", ") }));
  for (const c of OPENING_COLUMNS) {
    if (!header.includes(c)) errors.push(fill(tx.errMissingColumn, { column: c }));
  }
  if (errors.length) return { ok: false, errors };

  // Each row's problems keep their line, so the report reads from the top of the file down.
  const problems: { line: number; text: string }[] = [];
  const problem = (line: number, template: string, vars: Record<string, string | number>) =>
    problems.push({ line, text: fill(template, { line, ...vars }) });
  const today = todayOf(deps);
  const maxYear = yearOf(today) + 1;
  const pns = new Set<string>();
  const parsed: { line: number; f: Record<string, string> }[] = [];
  for (const { line, cells } of rows.slice(1)) {
    if (cells.length !== header.length) {
      problem(line, tx.errFields, { expected: header.length, found: cells.length });
      continue;
    }
    const f = Object.fromEntries(header.map((h, i) => [h, unneutralizeCell(cells[i]).trim()]));
    parsed.push({ line, f });
    pns.add(f.personnel_number);
  }
  const people = pns.size
    ? await deps.db.select().from(employees).where(inArray(employees.personnelNumber, [...pns]))
    : [];
  const personOf = new Map(people.map((p) => [p.personnelNumber, p]));
  const types = await deps.db.select().from(leaveTypes).limit(50);
  const typeOf = new Map(types.map((t) => [t.code, t]));

  const days = (line: number, field: string, raw: string): number | null => {
    const v = raw.replace(/['’\s]/g, "").replace(",", ".");
    const n = v === "" ? 0 : Number(v);
    if (!/^\d*(\.\d*)?$/.test(v) || !Number.isFinite(n) || n < 0 || n > 366) {
      problem(line, tx.errDays, { field, value: raw });
      return null;
    }
    if (Math.round(n * 2) !== n * 2) {
      problem(line, tx.errHalfDays, { field, value: raw });
      return null;
    }
    return n;
  };

  const wanted: { emp: EmployeeRow; typeId: string; year: number; taken: number; carry: number }[] = [];
  const seen = new Map<string, number>();
  for (const { line, f } of parsed) {
    const emp = personOf.get(f.personnel_number);
    if (!emp) problem(line, tx.errPerson, { value: f.personnel_number });
    const code = f.leave_type.toUpperCase();
    const type = typeOf.get(code);
    if (!type) problem(line, tx.errType, { value: f.leave_type });
    else if (!type.deductsBalance) problem(line, tx.errNoBalance, { value: code });
    const year = Number(f.year);
    let yearOk = /^\d{4}$/.test(f.year) && year >= 2000 && year <= maxYear;
    if (!yearOk) problem(line, tx.errYear, { max: maxYear, value: f.year });
    else if (
      emp && (year < yearOf(emp.employmentStart) || (emp.employmentEnd && year > yearOf(emp.employmentEnd)))
    ) {
      yearOk = false;
      problem(line, tx.errYearEmployment, {
        value: f.year,
        from: emp.employmentStart,
        to: emp.employmentEnd ?? "…",
      });
    }
    const taken = days(line, "taken", f.taken);
    const carry = days(line, "carry_over", f.carry_over);
    if (emp && type && yearOk) {
      const key = `${emp.id}|${type.id}|${year}`;
      const first = seen.get(key);
      if (first !== undefined) {
        problem(line, tx.errTwice, { person: emp.personnelNumber, type: code, year, first });
      } else seen.set(key, line);
    }
    if (emp && type?.deductsBalance && yearOk && taken !== null && carry !== null) {
      wanted.push({ emp, typeId: type.id, year, taken, carry });
    }
  }
  if (problems.length) {
    return { ok: false, errors: problems.sort((a, b) => a.line - b.line).map((p) => p.text) };
  }

  const orgLanguage = (await getSetting(deps, "languages"))[0] ?? "de";
  const accounts = wanted.length
    ? await deps.db.select({ employeeId: users.employeeId, language: users.language }).from(users)
      .where(inArray(users.employeeId, [...new Set(wanted.map((w) => w.emp.id))]))
    : [];
  const languageOf = new Map(accounts.map((a) => [a.employeeId, a.language]));
  const now = deps.clock.now();
  const createdBy = `${OPENING_MARK}${opts.by}`;
  let set = 0;
  let unchanged = 0;
  await writeTx(deps, async (q) => {
    for (const w of wanted) {
      const language = languageOf.get(w.emp.id);
      const notes = leaveBalanceTexts(isLang(language) ? language : orgLanguage);
      const rows = [
        ...(w.carry > 0 ? [{ days: w.carry, note: fill(notes.noteCarryOver, { year: w.year - 1 }) }] : []),
        // Written even at 0: it says the year's earlier leave is known, so next year's carry-over is derived.
        { days: w.taken === 0 ? 0 : -w.taken, note: notes.noteTaken },
      ];
      const earlier = (await q.select().from(leaveAdjustments).where(and(
        eq(leaveAdjustments.employeeId, w.emp.id),
        eq(leaveAdjustments.leaveTypeId, w.typeId),
        eq(leaveAdjustments.year, w.year),
      )).limit(5000)).filter((a) => a.createdBy.startsWith(OPENING_MARK));
      const figures = (list: { days: number }[]) => list.map((r) => r.days).sort((a, b) => a - b).join(",");
      if (figures(earlier) === figures(rows)) {
        unchanged++;
        continue;
      }
      if (earlier.length) {
        await q.delete(leaveAdjustments).where(inArray(leaveAdjustments.id, earlier.map((a) => a.id)));
      }
      for (const r of rows) {
        await q.insert(leaveAdjustments).values({
          id: crypto.randomUUID(),
          employeeId: w.emp.id,
          leaveTypeId: w.typeId,
          year: w.year,
          days: r.days,
          note: r.note,
          createdBy,
          createdAt: now,
        });
      }
      set++;
    }
  });
  return { ok: true, set, unchanged };
}
