/**
 * Leave rules: how many days a request deducts, balances per leave year, overlaps and who approves.
 * Pure functions over plain data; the services load the rows and the canton's holidays and pass them in.
 * The leave year is the calendar year (schema: `leave_entitlements.year`, `leave_requests.days_by_year`).
 */
import { invalid } from "../errors.ts";
import { assertDate, eachDay, isoWeekday } from "./calendar.ts";

/** FULL, or AFTERNOON: only the afternoon of the first day is taken. */
export type StartPortion = "FULL" | "AFTERNOON";
/** FULL, or MORNING: only the morning of the last day is taken. */
export type EndPortion = "FULL" | "MORNING";

/** What `computeLeaveDays` needs: the request and the employee's calendar. */
export interface LeaveDaysInput {
  startDate: string;
  endDate: string;
  startPortion: StartPortion;
  endPortion: EndPortion;
  /** ISO weekdays the employee works (1 = Monday … 7 = Sunday). */
  workingWeekdays: number[];
  /** From `holidayFractions(canton, …)`: date → 1 (whole day) or 0.5 (afternoon). */
  holidays: Map<string, number>;
  /** Company closure days: they cost nothing in a request (the closure itself is charged separately or granted). */
  closureDays?: Set<string>;
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
  if (input.endDate < input.startDate) throw invalid("endDate must not be before startDate");
  if (input.startPortion !== "FULL" && input.startPortion !== "AFTERNOON") {
    throw invalid(`startPortion must be FULL or AFTERNOON, got "${input.startPortion}"`);
  }
  if (input.endPortion !== "FULL" && input.endPortion !== "MORNING") {
    throw invalid(`endPortion must be FULL or MORNING, got "${input.endPortion}"`);
  }
  if (
    input.startDate === input.endDate && input.startPortion === "AFTERNOON" && input.endPortion === "MORNING"
  ) {
    throw invalid(
      "a single-day request cannot take only the afternoon (startPortion AFTERNOON) and only the morning " +
        "(endPortion MORNING) at once: use one of them for a half day, or FULL for the whole day",
    );
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
      throw invalid(`workingWeekdays must be ISO weekdays 1-7, got ${d}`);
    }
  }
  const closures = input.closureDays ?? new Set<string>();
  const perDay: LeaveDays["perDay"] = [];
  const daysByYear: Record<string, number> = {};
  let days = 0;
  for (const date of eachDay(input.startDate, input.endDate)) {
    let fraction = 0;
    const holiday = input.holidays.get(date) ?? 0;
    if (working.has(isoWeekday(date)) && !closures.has(date) && holiday < 1) {
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
