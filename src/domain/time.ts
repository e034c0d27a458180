/**
 * Working-time rules: clock times, net hours of an entry, a week's target hours and overlapping entries.
 * Times are `HH:MM` local wall-clock times (schema: `time_entries.start_time` / `end_time`); an end at or
 * before the start means the shift runs past midnight into the next day. Hours are rounded to 2 decimals.
 */
import { invalid } from "../errors.ts";
import { addDays, assertDate, isoWeekday, toEpochDay } from "./calendar.ts";
import { round2 } from "./numbers.ts";

const HHMM_RE = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const MINUTES_PER_DAY = 24 * 60;

/**
 * Minutes after midnight of an `HH:MM` (or `H:MM`) time, 00:00–23:59; `24:00` is accepted as the end of
 * the day (1440) because people write "until midnight" that way. Anything else is a validation error
 * naming `field`, so the caller's message says which input was wrong.
 */
export function parseHhmm(s: string, field = "time"): number {
  if (s === "24:00") return MINUTES_PER_DAY;
  const m = typeof s === "string" ? HHMM_RE.exec(s) : null;
  if (!m) throw invalid(`${field} must be a time HH:MM between 00:00 and 23:59, got "${s}"`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * Length of a shift in minutes: `end − start`, or across midnight when `end <= start` (22:00–06:00 is
 * 8 h; 08:00–08:00 is a full 24 h). `24:00` as the end is midnight of the same day.
 */
export function spanMinutes(startTime: string, endTime: string): number {
  const start = parseHhmm(startTime, "startTime");
  if (start === MINUTES_PER_DAY) throw invalid(`startTime must be between 00:00 and 23:59, got "24:00"`);
  const end = parseHhmm(endTime, "endTime");
  return end > start ? end - start : end + MINUTES_PER_DAY - start;
}

/**
 * Net hours of a time entry: end − start − break, overnight when end <= start, rounded to 2 decimals.
 * Refused (validation, naming the field): a malformed time, a break that is negative, not whole minutes or
 * longer than the span, and a result above 24 hours (the contract's `totalHours` is 0 to 24).
 */
export function netHours(startTime: string, endTime: string, breakMinutes: number): number {
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0) {
    throw invalid(`breakMinutes must be a whole number of minutes, at least 0, got ${breakMinutes}`);
  }
  const span = spanMinutes(startTime, endTime);
  if (breakMinutes > span) {
    throw invalid(
      `breakMinutes (${breakMinutes}) is longer than the time between startTime ${startTime} and endTime ` +
        `${endTime} (${span} minutes)`,
    );
  }
  const hours = (span - breakMinutes) / 60;
  if (hours > 24) throw invalid(`totalHours must be at most 24, got ${round2(hours)}`);
  return round2(hours);
}

/** What a week's target depends on. */
export interface WeekTargetInput {
  /** Monday of the ISO week. */
  weekStart: string;
  /** Full-time contract hours per week (schema: `employees.weekly_hours`, e.g. 42). */
  weeklyHours: number;
  /** 100 = full time. */
  workloadPercent: number;
  /** ISO weekdays worked (1 = Monday … 7 = Sunday). */
  workingWeekdays: number[];
  /** date → holiday fraction (1 or 0.5), from `holidayFractions`. */
  holidays: Map<string, number>;
  /** date → fraction of the day away on approved absence (leave, sick, closure): 0.5 or 1. */
  absenceFractions: Map<string, number>;
}

/** Target hours of one working day: contract hours × workload, spread evenly over the working weekdays. */
export function dailyTargetHours(
  weeklyHours: number,
  workloadPercent: number,
  workingWeekdays: number[],
): number {
  const days = new Set(workingWeekdays).size;
  if (days === 0) return 0;
  return (weeklyHours * workloadPercent) / 100 / days;
}

/**
 * Target hours of a week: contract hours × workload spread over the working weekdays, each working day
 * reduced by the part that is a public holiday or an approved absence (together at most the whole day:
 * a half-day holiday with a full day of leave reduces the day once, not one and a half times).
 * Rounded to 2 decimals. E.g. 42 h × 80 % on Mon–Thu = 8.4 h a day; a week with Easter Monday: 25.2 h.
 */
export function weekTargetHours(input: WeekTargetInput): number {
  assertDate(input.weekStart, "weekStart");
  if (isoWeekday(input.weekStart) !== 1) throw invalid(`weekStart must be a Monday, got ${input.weekStart}`);
  if (!(input.weeklyHours >= 0 && input.weeklyHours <= 168)) {
    throw invalid(`weeklyHours must be between 0 and 168, got ${input.weeklyHours}`);
  }
  if (!(input.workloadPercent >= 0 && input.workloadPercent <= 100)) {
    throw invalid(`workloadPercent must be between 0 and 100, got ${input.workloadPercent}`);
  }
  const working = new Set(input.workingWeekdays);
  const daily = dailyTargetHours(input.weeklyHours, input.workloadPercent, input.workingWeekdays);
  let target = 0;
  for (let i = 0; i < 7; i++) {
    const date = addDays(input.weekStart, i);
    if (!working.has(i + 1)) continue;
    const off = Math.min(1, (input.holidays.get(date) ?? 0) + (input.absenceFractions.get(date) ?? 0));
    target += daily * (1 - off);
  }
  return round2(target);
}

/** A time entry's position in time: its date and clock times. */
export interface TimeSpanEntry {
  date: string;
  startTime: string;
  endTime: string;
}

/**
 * The entry as a half-open interval of minutes since 1970-01-01 local time: `[start, end)`. An overnight
 * entry ends on the next day, so it can collide with an entry dated the next day.
 */
export function entryInterval(e: TimeSpanEntry): [number, number] {
  assertDate(e.date, "date");
  const start = toEpochDay(e.date) * MINUTES_PER_DAY + parseHhmm(e.startTime, "startTime");
  return [start, start + spanMinutes(e.startTime, e.endTime)];
}

/**
 * Whether two time entries share any minute. Intervals are half-open, so 08:00–12:00 and 12:00–13:00 do
 * not overlap (one ends when the next starts); an overnight entry 22:00–06:00 overlaps an entry of the
 * next day that starts before 06:00.
 */
export function timeSpansOverlap(a: TimeSpanEntry, b: TimeSpanEntry): boolean {
  const [as, ae] = entryInterval(a);
  const [bs, be] = entryInterval(b);
  return as < be && bs < ae;
}

/** Sum of hours, rounded to 2 decimals (a week's or a day's total). */
export function sumHours(hours: number[]): number {
  return round2(hours.reduce((s, h) => s + h, 0));
}
