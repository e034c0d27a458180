/**
 * Leave rules: how many days a request deducts, balances per leave year, overlaps and who approves.
 * Pure functions over plain data; the services load the rows and the canton's holidays and pass them in.
 * The leave year is the calendar year (schema: `leave_entitlements.year`, `leave_requests.days_by_year`).
 */
import { refusal } from "../errors.ts";
import { round2 } from "./numbers.ts";
import {
  assertDate,
  byCharacters,
  daysInYear,
  eachDay,
  isoWeekday,
  maxDate,
  minDate,
  toEpochDay,
} from "./calendar.ts";
import { LEGAL_MINIMUM_DAYS, POLICY_WEEK_DAYS, YOUTH_MINIMUM_DAYS } from "./entitlement.ts";

/** How much of the first day a request takes (the one list every door's schema is built from). */
export const START_PORTIONS = ["FULL", "AFTERNOON"] as const;
/** How much of the last day a request takes (the one list every door's schema is built from). */
export const END_PORTIONS = ["FULL", "MORNING"] as const;
/** FULL, or AFTERNOON: only the afternoon of the first day is taken. */
export type StartPortion = typeof START_PORTIONS[number];
/** FULL, or MORNING: only the morning of the last day is taken. */
export type EndPortion = typeof END_PORTIONS[number];

/** What `computeLeaveDays` needs: the request and the employee's calendar. */
export interface LeaveDaysInput {
  startDate: string;
  endDate: string;
  startPortion: StartPortion;
  endPortion: EndPortion;
  /** ISO weekdays the employee works (1 = Monday … 7 = Sunday): now, and before the first change. */
  workingWeekdays: number[];
  /**
   * Pattern changes (`workload_changes`), any order: each day counts by the pattern in force on it, so a week
   * after a change from Monday–Friday to Monday–Wednesday costs 3 and a week before it 5.
   */
  patternHistory?: readonly PatternPeriod[];
  /** From `holidayFractions(canton, …)`: date → 1 (whole day) or 0.5 (afternoon). */
  holidays: Map<string, number>;
  /** Company closure days: they cost nothing in a request (the closure itself is charged separately or granted). */
  closureDays?: ReadonlySet<string>;
}

/**
 * Whether `date` is a working day under the pattern in force on it: the latest change of `history` from
 * that day or earlier, else `current` (a change without its own weekdays means the current pattern).
 */
export function worksOn(
  current: readonly number[],
  history: readonly PatternPeriod[] | undefined,
  date: string,
): boolean {
  let days: readonly number[] = current;
  let from = "";
  for (const c of history ?? []) {
    if (c.validFrom <= date && c.validFrom >= from) {
      from = c.validFrom;
      days = c.workingWeekdays ?? current;
    }
  }
  return days.includes(isoWeekday(date));
}

/** Days a request deducts, in total, per leave year and per calendar day of the range. */
export interface LeaveDays {
  days: number;
  /** Leave year (`"2026"`) → days; only years with days > 0 appear. */
  daysByYear: Record<string, number>;
  /** Every calendar day of the range with what it costs (0 for days off, holidays, closure days). */
  perDay: { date: string; fraction: number }[];
}

/** Half-day bookkeeping: a day is a morning and an afternoon. */
interface Halves {
  morning: boolean;
  afternoon: boolean;
}

function checkPortions(input: Pick<LeaveDaysInput, "startDate" | "endDate" | "startPortion" | "endPortion">) {
  assertDate(input.startDate, "startDate");
  assertDate(input.endDate, "endDate");
  if (input.endDate < input.startDate) {
    throw refusal("validation", "leave.endBeforeStart", {}, { field: "endDate" });
  }
  if (input.startPortion !== "FULL" && input.startPortion !== "AFTERNOON") {
    throw refusal("validation", "leave.startPortion", { value: input.startPortion }, {
      field: "startPortion",
    });
  }
  if (input.endPortion !== "FULL" && input.endPortion !== "MORNING") {
    throw refusal("validation", "leave.endPortion", { value: input.endPortion }, { field: "endPortion" });
  }
  if (
    input.startDate === input.endDate && input.startPortion === "AFTERNOON" && input.endPortion === "MORNING"
  ) {
    throw refusal("validation", "leave.afternoonAndMorning", {}, { field: ["startPortion", "endPortion"] });
  }
}

/** Which halves of `date` a request takes (before holidays and days off). */
function takenHalves(
  date: string,
  r: Pick<LeaveDaysInput, "startDate" | "endDate" | "startPortion" | "endPortion">,
): Halves {
  let morning = true;
  let afternoon = true;
  if (date === r.startDate && r.startPortion === "AFTERNOON") morning = false;
  if (date === r.endDate && r.endPortion === "MORNING") afternoon = false;
  return { morning, afternoon };
}

/**
 * Days deducted by a leave request.
 *
 * Per calendar day of the inclusive range:
 * - a day that is not one of `workingWeekdays`, a closure day, or a whole-day holiday costs 0;
 * - otherwise the request takes the morning and the afternoon, except the first day with
 *   `startPortion = AFTERNOON` (afternoon only) and the last day with `endPortion = MORNING` (morning
 *   only); a single-day request takes one half with either, and both at once is a validation error;
 * - a half-day holiday (0.5) is always the afternoon (see `HALF_DAY_HOLIDAYS` in calendar.ts), so the
 *   afternoon costs nothing that day: a FULL day on 24 December costs 0.5, a MORNING half costs 0.5 and
 *   an AFTERNOON half costs 0;
 * - each half taken costs 0.5.
 * The result is split per calendar year (a range over New Year draws on two leave years). A request can
 * come to 0 days (e.g. only a weekend): refusing it is the caller's decision.
 */
export function computeLeaveDays(input: LeaveDaysInput): LeaveDays {
  checkPortions(input);
  const working = new Set(input.workingWeekdays);
  for (const d of working) {
    if (!Number.isInteger(d) || d < 1 || d > 7) {
      throw refusal("validation", "leave.workingWeekdays", { value: d }, { field: "workingWeekdays" });
    }
  }
  const closures = input.closureDays ?? new Set<string>();
  const perDay: LeaveDays["perDay"] = [];
  const daysByYear: Record<string, number> = {};
  let days = 0;
  const history = input.patternHistory?.length ? input.patternHistory : null;
  for (const date of eachDay(input.startDate, input.endDate)) {
    let fraction = 0;
    const holiday = input.holidays.get(date) ?? 0;
    const works = history ? worksOn(input.workingWeekdays, history, date) : working.has(isoWeekday(date));
    if (works && !closures.has(date) && holiday < 1) {
      const halves = takenHalves(date, input);
      if (holiday >= 0.5) halves.afternoon = false;
      fraction = (halves.morning ? 0.5 : 0) + (halves.afternoon ? 0.5 : 0);
    }
    perDay.push({ date, fraction });
    if (fraction > 0) {
      const year = date.slice(0, 4);
      daysByYear[year] = (daysByYear[year] ?? 0) + fraction;
      days += fraction;
    }
  }
  return { days, daysByYear, perDay };
}

// ---------------------------------------------------------------------------------------------------
// Overlaps and approvers
// ---------------------------------------------------------------------------------------------------

/** A date range with optional half-day ends, as stored on a leave request. */
export interface PortionedRange {
  startDate: string;
  endDate: string;
  startPortion?: StartPortion;
  endPortion?: EndPortion;
}

/** The range as half-day slots: slot 2·day is the morning, 2·day + 1 the afternoon (inclusive ends). */
function halfDaySlots(r: PortionedRange): [number, number] {
  const start = toEpochDay(r.startDate) * 2 + (r.startPortion === "AFTERNOON" ? 1 : 0);
  const end = toEpochDay(r.endDate) * 2 + (r.endPortion === "MORNING" ? 0 : 1);
  return [start, end];
}

/**
 * Whether two leave ranges share at least one half day. Half days make this finer than a date
 * comparison: a request ending with the morning of a day and one starting with the afternoon of the same
 * day do not overlap, so an employee can file both halves of a day separately.
 */
export function overlaps(a: PortionedRange, b: PortionedRange): boolean {
  const [as, ae] = halfDaySlots(a);
  const [bs, be] = halfDaySlots(b);
  return as <= be && bs <= ae;
}

/** One manager in the reporting line, with whether they are absent (on leave or sick) right now. */
export interface ChainManager {
  id: string;
  away: boolean;
}

/**
 * Who approves a leave request: the first manager up the reporting line (`managerChain[0]` is the direct
 * manager, then their manager, …) who is neither the requester (a manager at the top of a chain, or a
 * data loop, must not approve their own leave) nor away (a request must not sit with someone who cannot
 * act on it). `null` when nobody qualifies: the service then routes the request to HR.
 */
export function chooseApprover(requesterId: string, managerChain: ChainManager[]): string | null {
  for (const m of managerChain) {
    if (m.id !== requesterId && !m.away) return m.id;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Balances
// ---------------------------------------------------------------------------------------------------

/** Leave-request states (schema: `leave_requests.status`). */
export const LEAVE_REQUEST_STATUSES = [
  "AWAITING_APPROVAL",
  "APPROVED",
  "REJECTED",
  "WITHDRAWN",
  "CANCELLATION_REQUESTED",
  "CANCELLED",
] as const;
export type LeaveRequestStatus = typeof LEAVE_REQUEST_STATUSES[number];

/**
 * States whose days count as approved: a request whose cancellation is only requested stays approved
 * until the cancellation is granted.
 */
export const APPROVED_STATUSES: ReadonlySet<string> = new Set(["APPROVED", "CANCELLATION_REQUESTED"]);
/** States whose days count as pending (awaiting a decision). */
export const PENDING_STATUSES: ReadonlySet<string> = new Set(["AWAITING_APPROVAL"]);

/** A working pattern valid from a date until the next change (schema: `workload_changes`). */
export interface PatternPeriod {
  validFrom: string;
  /** ISO weekdays worked; null or absent: the person's current pattern. */
  workingWeekdays?: number[] | null;
}

/** A leave request as the balance needs it: one leave type, any state. */
export interface BalanceRequest extends PortionedRange {
  status: LeaveRequestStatus | string;
  /** As stored at filing: leave year → days (`computeLeaveDays().daysByYear`). */
  daysByYear: Record<string, number>;
}

/** A company closure day and whether it is taken from the vacation balance. */
export interface ClosureDay {
  date: string;
  deductsLeave: boolean;
}

/** Everything one balance (one employee, one leave type, one leave year) is computed from. */
export interface BalanceInput {
  year: number;
  /** The day that separates `used` (up to and including today) from `planned` (after today). */
  today: string;
  /** Full-time days of the year under the policy (five-day week), before the floor and pro rata. */
  fullTimeDays: number;
  employmentStart: string;
  employmentEnd?: string | null;
  /** Pattern changes, any order; days before the first take `workingWeekdays`. */
  patternHistory?: PatternPeriod[];
  /** OR Art. 329a's floor (vacation only), see `proRataEntitlement`. */
  legalMinimum?: { youthUntil: string | null } | null;
  /** Days carried over from the previous year and the last day they may be used (null: never lapse). */
  carryOverDays?: number;
  carryOverExpiresOn?: string | null;
  /**
   * The part of `carryOverDays` that is the statutory minimum of earlier years (domain/carry_over.ts
   * `StatutoryCarry`): the expiry does not cut it, and days taken count first against the rest.
   */
  carryOverStatutoryDays?: number;
  /** Manual corrections by HR (positive or negative), without the imported opening balance. */
  adjustmentDays?: number;
  /**
   * The imported opening balance (`leave import-opening`): the carry-over from the year before as HR knew it
   * when the service started (counted as carry-over; it was valid when imported, so it does not lapse), and
   * the days taken that year before the service (counted as used).
   */
  openingCarryOverDays?: number;
  takenBeforeDays?: number;
  /** Requests of this employee and leave type; states other than approved and pending are ignored. */
  requests: BalanceRequest[];
  /** Closure days that apply to the employee (any year; only `year` counts). */
  closureDays?: ClosureDay[];
  /** Closure days the employee was approved to work through: they cost nothing. */
  workThroughDays?: ReadonlySet<string>;
  /** The pattern now: the entitlement's unit, and needed to split a request spanning `today` or the expiry. */
  workingWeekdays: number[];
  /** Holidays covering the year (from `holidayFractions`). */
  holidays: Map<string, number>;
}

/** A leave balance for one year. All day counts are rounded to 2 decimals. */
export interface LeaveBalance {
  year: number;
  /** Pro rata for entry, exit and working pattern, in the person's own days, rounded up to the half day. */
  entitlement: number;
  carryOver: number;
  carryOverExpiresOn: string | null;
  /** Carried days that lapsed (only once the expiry date has passed). */
  carryOverLapsed: number;
  /** Carried days not yet covered by approved leave on or before the expiry: they lapse unless used. */
  carryOverAtRisk: number;
  adjustments: number;
  /** entitlement + carryOver − carryOverLapsed + adjustments */
  available: number;
  /**
   * Approved leave taken up to and including today, plus deducting closure days up to today, plus the days
   * taken before the service (`takenBefore`).
   */
  used: number;
  /** Of `used`: the days taken this year before the service, from the imported opening balance. */
  takenBefore: number;
  /** Approved leave after today, plus deducting closure days after today. */
  planned: number;
  /** Requests awaiting approval (not deducted from `remaining`). */
  pending: number;
  /** Of `used` + `planned`: the deducting closure days (less approved work-through days). */
  closureDays: number;
  /** available − used − planned, as computed; may be negative. */
  remaining: number;
  /** True when `remaining` is negative. */
  overdrawn: boolean;
}

/** Re-exported: day counts are rounded like every other figure (see numbers.ts). */
export { round2 };

/**
 * Rounds up to the half day, never below the exact figure (12.01 → 12.5, 12.5 → 12.5): vacation is taken in
 * half days, so a finer entitlement cannot be used, and OR Art. 329a para. 3 gives an incomplete year at
 * least its exact share (entry on 1 July at 20 days: 20 × 184/365 = 10.08, so 10.5, not 10). A remainder
 * below a millionth of a day is the arithmetic's, not a share, and does not round up.
 */
export function roundUpToHalfDay(n: number): number {
  // `|| 0`: nothing is 0, not -0.
  return Math.ceil(n * 2 - 1e-6) / 2 || 0;
}

/**
 * Pro-rata entitlement for a year, in days of the person's own working pattern (domain/entitlement.ts):
 * `Σ over the employed calendar days of fullTimeDays × patternDays / 5`, divided by the days in the year
 * and rounded up to the half day (`roundUpToHalfDay`). `patternDays` is the number of weekdays the person works on that
 * day (a pattern change applies from its `validFrom`); `fullTimeDays` is raised to the legal minimum
 * (20, or 25 before the 20th birthday) when `legalMinimum` is given. Weighting by calendar days (not
 * working days) treats entry, exit and pattern changes alike and does not depend on where weekends and
 * holidays fall.
 */
export function proRataEntitlement(input: {
  year: number;
  fullTimeDays: number;
  employmentStart: string;
  employmentEnd?: string | null;
  /** The pattern now, and before the first change of `patternHistory`. */
  workingWeekdays: number[];
  patternHistory?: PatternPeriod[];
  /** For vacation: OR Art. 329a's floor, with the 20th birthday (null: birth date unknown). */
  legalMinimum?: { youthUntil: string | null } | null;
}): number {
  const { year } = input;
  assertDate(input.employmentStart, "employmentStart");
  if (input.employmentEnd) assertDate(input.employmentEnd, "employmentEnd");
  const from = maxDate(`${year}-01-01`, input.employmentStart);
  const to = input.employmentEnd ? minDate(`${year}-12-31`, input.employmentEnd) : `${year}-12-31`;
  if (to < from) return 0;
  const current = countWeekdays(input.workingWeekdays);
  const changes = [...(input.patternHistory ?? [])].sort((a, b) => byCharacters(a.validFrom, b.validFrom));
  for (const c of changes) assertDate(c.validFrom, "patternHistory.validFrom");
  const patternOn = (date: string): number => {
    let n = current;
    for (const c of changes) {
      if (c.validFrom > date) break;
      n = c.workingWeekdays ? countWeekdays(c.workingWeekdays) : current;
    }
    return n;
  };
  const youthUntil = input.legalMinimum?.youthUntil ?? null;
  const daysOn = (date: string): number => {
    if (!input.legalMinimum) return input.fullTimeDays;
    const floor = youthUntil !== null && date < youthUntil ? YOUTH_MINIMUM_DAYS : LEGAL_MINIMUM_DAYS;
    return Math.max(input.fullTimeDays, floor);
  };
  // Summed per segment between the days where the pattern or the floor changes, not day by day: the
  // same sum without building 365 dates.
  const cuts = new Set<string>([from]);
  for (const c of changes) if (c.validFrom > from && c.validFrom <= to) cuts.add(c.validFrom);
  if (youthUntil !== null && youthUntil > from && youthUntil <= to) cuts.add(youthUntil);
  const starts = [...cuts].sort();
  let weighted = 0;
  for (let i = 0; i < starts.length; i++) {
    const segFrom = toEpochDay(starts[i]);
    const segTo = i + 1 < starts.length ? toEpochDay(starts[i + 1]) - 1 : toEpochDay(to);
    weighted += (segTo - segFrom + 1) * daysOn(starts[i]) * patternOn(starts[i]) / POLICY_WEEK_DAYS;
  }
  return roundUpToHalfDay(weighted / daysInYear(year));
}

function countWeekdays(days: readonly number[]): number {
  const set = new Set(days);
  for (const d of set) {
    if (!Number.isInteger(d) || d < 1 || d > 7) {
      throw refusal("validation", "leave.workingWeekdays", { value: d }, { field: "workingWeekdays" });
    }
  }
  return set.size;
}

/**
 * Days of `year` a request takes on or before `cut` (inclusive). Whole requests use the stored
 * `daysByYear` (what was deducted at filing); a request that spans `cut` is recomputed for its part and
 * capped at the stored figure.
 */
function daysUpTo(
  r: BalanceRequest,
  year: number,
  cut: string,
  cal: Pick<BalanceInput, "workingWeekdays" | "holidays" | "patternHistory"> & { closures: Set<string> },
): number {
  const stored = r.daysByYear[String(year)] ?? 0;
  if (stored <= 0) return 0;
  if (r.endDate <= cut) return stored;
  if (r.startDate > cut) return 0;
  const part = computeLeaveDays({
    startDate: r.startDate,
    endDate: cut,
    startPortion: r.startPortion ?? "FULL",
    endPortion: "FULL",
    workingWeekdays: cal.workingWeekdays,
    patternHistory: cal.patternHistory,
    holidays: cal.holidays,
    closureDays: cal.closures,
  });
  return Math.min(stored, part.daysByYear[String(year)] ?? 0);
}

/**
 * The leave balance of one employee for one leave type and leave year.
 *
 * - `entitlement`: `proRataEntitlement` (entry, exit, working pattern; rounded up to the half day).
 * - Carry-over: carried days are used first. Approved leave (and deducting closure days) dated on or
 *   before `carryOverExpiresOn` consumes them; once `today` is past the expiry, what they did not consume
 *   lapses (`carryOverLapsed`). Before that, the unconsumed part is shown as `carryOverAtRisk`.
 * - `used` / `planned`: approved days of this year up to and including today / after today; a request
 *   spanning today is split day by day. Deducting closure days in the employment period count the same
 *   way, except days the employee was approved to work through (schema: `closure_work_through`).
 * - `pending`: days awaiting approval, shown separately and not deducted.
 * - `remaining` = available − used − planned, never clamped: `overdrawn` flags a negative value, so a
 *   correction upstream shows instead of being hidden.
 */
export function computeBalance(input: BalanceInput): LeaveBalance {
  const { year, today } = input;
  assertDate(today, "today");
  const ys = String(year);
  const entitlement = proRataEntitlement(input);
  const closures = new Set((input.closureDays ?? []).map((c) => c.date));
  const cal = {
    workingWeekdays: input.workingWeekdays,
    patternHistory: input.patternHistory,
    holidays: input.holidays,
    closures,
  };
  const empEnd = input.employmentEnd ?? "9999-12-31";

  let used = 0;
  let planned = 0;
  let pending = 0;
  let closureDays = 0;
  const expiry = input.carryOverExpiresOn ?? null;
  if (expiry) assertDate(expiry, "carryOverExpiresOn");
  let takenByExpiry = 0;

  for (const r of input.requests) {
    const inYear = r.daysByYear[ys] ?? 0;
    if (inYear <= 0) continue;
    if (PENDING_STATUSES.has(r.status)) {
      pending += inYear;
    } else if (APPROVED_STATUSES.has(r.status)) {
      const past = daysUpTo(r, year, today, cal);
      used += past;
      planned += inYear - past;
      if (expiry) takenByExpiry += daysUpTo(r, year, expiry, cal);
    }
  }

  for (const c of input.closureDays ?? []) {
    if (!c.deductsLeave || !c.date.startsWith(`${ys}-`)) continue;
    if (c.date < input.employmentStart || c.date > empEnd) continue;
    // A closure day costs a day only where the pattern in force on it has that weekday.
    if (input.workThroughDays?.has(c.date) || !worksOn(input.workingWeekdays, input.patternHistory, c.date)) {
      continue;
    }
    const cost = 1 - Math.min(1, input.holidays.get(c.date) ?? 0);
    if (cost <= 0) continue;
    closureDays += cost;
    if (c.date <= today) used += cost;
    else planned += cost;
    if (expiry && c.date <= expiry) takenByExpiry += cost;
  }

  // The days taken before the service count as taken; the opening carry-over as carry-over that cannot
  // lapse any more (only the derived carry-over has an expiry to watch).
  const takenBefore = input.takenBeforeDays ?? 0;
  used += takenBefore;
  const derivedCarry = input.carryOverDays ?? 0;
  const carryOver = derivedCarry + (input.openingCarryOverDays ?? 0);
  // Only the organisation's extra days lapse at the expiry; days taken by then count against them first.
  const statutoryCarried = Math.min(derivedCarry, Math.max(0, input.carryOverStatutoryDays ?? 0));
  const unconsumed = Math.max(0, derivedCarry - statutoryCarried - takenByExpiry);
  const expired = expiry !== null && today > expiry;
  const carryOverLapsed = expired ? unconsumed : 0;
  const carryOverAtRisk = expiry !== null && !expired ? unconsumed : 0;
  const adjustments = input.adjustmentDays ?? 0;
  const available = entitlement + carryOver - carryOverLapsed + adjustments;
  const remaining = round2(available - used - planned);
  return {
    year,
    entitlement,
    carryOver: round2(carryOver),
    carryOverExpiresOn: expiry,
    carryOverLapsed: round2(carryOverLapsed),
    carryOverAtRisk: round2(carryOverAtRisk),
    adjustments: round2(adjustments),
    available: round2(available),
    used: round2(used),
    takenBefore: round2(takenBefore),
    planned: round2(planned),
    pending: round2(pending),
    closureDays: round2(closureDays),
    remaining,
    overdrawn: remaining < 0,
  };
}

/**
 * The filing check: whether `extraDays` more would take the balance below zero. Pending requests count
 * by default (they may all be approved, and approving must not overdraw what filing allowed); pass
 * `includePending: false` to check against approved days only (e.g. when deciding a pending request,
 * whose own days are already in `pending`).
 */
export function wouldExceed(
  balance: Pick<LeaveBalance, "remaining" | "pending">,
  extraDays: number,
  opts: { includePending?: boolean } = {},
): boolean {
  const pending = opts.includePending === false ? 0 : balance.pending;
  return round2(balance.remaining - pending - extraDays) < 0;
}
