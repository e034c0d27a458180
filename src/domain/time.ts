/**
 * Working-time rules: clock times, net hours of an entry, a week's target hours and overlapping entries.
 * Times are `HH:MM` local wall-clock times (schema: `time_entries.start_time` / `end_time`); an end at or
 * before the start means the shift runs past midnight into the next day. Hours are rounded to 2 decimals.
 * An entry's hours are the time that really elapsed in the installation's time zone: a night shift across a
 * daylight-saving change is an hour shorter or longer than its clock times say.
 */
import { refusal } from "../errors.ts";
import { addDays, assertDate, isoWeekday, toEpochDay } from "./calendar.ts";
import { round2 } from "./numbers.ts";

const HHMM_RE = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const MINUTES_PER_DAY = 24 * 60;
const MS_PER_DAY = 86_400_000;

/**
 * Minutes after midnight of an `HH:MM` (or `H:MM`) time, 00:00–23:59; `24:00` is accepted as the end of
 * the day (1440) because people write "until midnight" that way. Anything else is a validation error
 * naming `field`, so the caller's message says which input was wrong.
 */
export function parseHhmm(s: string, field = "time"): number {
  if (s === "24:00") return MINUTES_PER_DAY;
  const m = typeof s === "string" ? HHMM_RE.exec(s) : null;
  if (!m) throw refusal("validation", "time.badClock", { field, value: String(s) }, { field });
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * Length of a shift in minutes: `end − start`, or across midnight when `end <= start` (22:00–06:00 is
 * 8 h; 08:00–08:00 is a full 24 h). `24:00` as the end is midnight of the same day.
 */
export function spanMinutes(startTime: string, endTime: string): number {
  const start = parseHhmm(startTime, "startTime");
  if (start === MINUTES_PER_DAY) {
    throw refusal("validation", "time.startAtMidnight", {}, { field: "startTime" });
  }
  const end = parseHhmm(endTime, "endTime");
  return end > start ? end - start : end + MINUTES_PER_DAY - start;
}

/**
 * Net hours of a time entry: end − start − break, overnight when end <= start, rounded to 2 decimals. With
 * `elapsedMinutes` (from `elapsedSpan`) the span is the time that really elapsed instead of the clock times'.
 * Refused (validation, naming the field): a malformed time, a break that is negative, not whole minutes or
 * longer than the span, and a result above 24 hours (the contract's `totalHours` is 0 to 24).
 */
export function netHours(
  startTime: string,
  endTime: string,
  breakMinutes: number,
  elapsedMinutes?: number,
): number {
  if (!Number.isInteger(breakMinutes) || breakMinutes < 0) {
    throw refusal("validation", "time.breakNotWhole", { value: String(breakMinutes) }, {
      field: "breakMinutes",
    });
  }
  const span = elapsedMinutes ?? spanMinutes(startTime, endTime);
  if (breakMinutes > span) {
    throw refusal(
      "validation",
      "time.breakTooLong",
      { break: breakMinutes, start: startTime, end: endTime, minutes: span },
      { field: "breakMinutes" },
    );
  }
  const hours = (span - breakMinutes) / 60;
  if (hours > 24) {
    throw refusal("validation", "time.over24Hours", { hours: round2(hours) }, {
      field: ["startTime", "endTime"],
    });
  }
  return round2(hours);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** Offset of `timeZone` from UTC at instant `ms`, in minutes (Europe/Zurich: 60 in winter, 120 in summer). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    zoneFormats.set(timeZone, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(ms)) if (part.type !== "literal") p[part.type] = Number(part.value);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60_000);
}

/**
 * The instants a local wall-clock time stands for: none when the clocks skip it (spring forward), two when
 * it happens twice (fall back; the earlier first), else one. Milliseconds since 1970-01-01 UTC.
 */
export function localInstants(date: string, minutesOfDay: number, timeZone: string): number[] {
  const naive = toEpochDay(date) * MS_PER_DAY + minutesOfDay * 60_000;
  const offsets = new Set([
    zoneOffsetMinutes(naive - MS_PER_DAY, timeZone),
    zoneOffsetMinutes(naive, timeZone),
    zoneOffsetMinutes(naive + MS_PER_DAY, timeZone),
  ]);
  const out: number[] = [];
  for (const o of offsets) {
    const t = naive - o * 60_000;
    if (zoneOffsetMinutes(t, timeZone) === o && !out.includes(t)) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

const utcOffset = (minutes: number) =>
  `UTC${minutes < 0 ? "−" : "+"}${Math.floor(Math.abs(minutes) / 60)}${
    Math.abs(minutes) % 60 ? ":" + String(Math.abs(minutes) % 60).padStart(2, "0") : ""
  }`;

/** How long a shift really lasted, and what was said about a clock time that happened twice. */
export interface ElapsedSpan {
  /** Minutes from start to end as they elapsed. */
  minutes: number;
  /** The start and the end as instants (milliseconds since 1970-01-01 UTC). */
  from: number;
  to: number;
  /** Set when a clock time happened twice: which of the two was taken, in words. */
  note?: string;
}

/**
 * Minutes that elapse from `startTime` on `date` to `endTime` (the next day when at or before the start) in
 * `timeZone`: 22:00–06:00 is 7 hours on the night the clocks go forward and 9 on the night they go back.
 * A clock time the change skips (02:30 on the last Sunday of March in Europe/Zurich) is refused, naming the
 * field. A clock time that happens twice (02:30 on the last Sunday of October) is taken as the first of the
 * two, and the note says so; `totalHours`, when the person states it, may instead match the second
 * (`wantMinutes`: the net minutes plus the break), which is then taken and said.
 */
export function elapsedSpan(
  date: string,
  startTime: string,
  endTime: string,
  timeZone: string,
  wantMinutes?: number,
): ElapsedSpan {
  assertDate(date, "date");
  const wall = spanMinutes(startTime, endTime);
  const start = parseHhmm(startTime, "startTime");
  const endAbs = start + wall;
  const endDate = addDays(date, Math.floor(endAbs / MINUTES_PER_DAY));
  const endOfDay = endAbs % MINUTES_PER_DAY;
  const starts = localInstants(date, start, timeZone);
  const ends = localInstants(endDate, endOfDay, timeZone);
  if (starts.length === 0) {
    throw refusal("validation", "time.startSkipped", { time: startTime, date, zone: timeZone }, {
      field: "startTime",
    });
  }
  if (ends.length === 0) {
    const time = endTime === "24:00" ? "00:00" : endTime;
    throw refusal("validation", "time.endSkipped", { time, date: endDate, zone: timeZone }, {
      field: "endTime",
    });
  }
  const options: { s: number; e: number; endDate: string; ends: number[] }[] = [];
  // An end at or before the start on the clock may still come after it the same night the clocks go back:
  // 02:48 summer time to 02:12 winter time is 24 minutes, not a day. Only both times in the hour that
  // happens twice allow it, and the reading as the next day's would then exceed 24 hours: the same day's
  // comes first, the next day's only when a stated total matches it.
  if (endAbs >= MINUTES_PER_DAY && endEqualsOrBefore(startTime, endTime)) {
    const sameDay = localInstants(date, parseHhmm(endTime, "endTime"), timeZone);
    for (const s of starts) {
      for (const e of sameDay) if (e > s) options.push({ s, e, endDate: date, ends: sameDay });
    }
  }
  for (const s of starts) for (const e of ends) if (e > s) options.push({ s, e, endDate, ends });
  if (options.length === 0) {
    throw refusal("validation", "time.endNotAfterStart", { end: endTime, start: startTime }, {
      field: "endTime",
    });
  }
  const chosen = (wantMinutes !== undefined &&
    options.find((o) => Math.abs((o.e - o.s) / 60_000 - wantMinutes) < 1)) || options[0];
  const notes: string[] = [];
  const say = (field: string, d: string, t: string, all: number[], at: number) => {
    if (all.length < 2) return;
    const which = at === all[0] ? "first" : "second";
    notes.push(
      `${field} ${t} on ${d} happened twice in ${timeZone} (the clocks went back); taken as the ${which}, ` +
        `${utcOffset(zoneOffsetMinutes(at, timeZone))}.`,
    );
  };
  say("startTime", date, startTime, starts, chosen.s);
  say("endTime", chosen.endDate, endTime, chosen.ends, chosen.e);
  const minutes = Math.round((chosen.e - chosen.s) / 60_000);
  const span = { minutes, from: chosen.s, to: chosen.e };
  return notes.length ? { ...span, note: notes.join(" ") } : span;
}

/** Whether the end's clock time is at or before the start's (the span then reads as running overnight). */
function endEqualsOrBefore(startTime: string, endTime: string): boolean {
  return endTime !== "24:00" && parseHhmm(endTime, "endTime") <= parseHhmm(startTime, "startTime");
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
  /**
   * The workload history (`workload_changes`): each day takes the workload and weekdays of the latest period
   * from that day or earlier (a period without weekdays keeps `workingWeekdays`); a day before every period,
   * or no history, takes `workloadPercent` and `workingWeekdays`.
   */
  history?: readonly WorkloadPeriod[];
}

/** A workload change as the time rules read it. */
export interface WorkloadPeriod {
  validFrom: string;
  workloadPercent: number;
  workingWeekdays: readonly number[] | null;
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
  return round2(dayTargets(input).reduce((s, h) => s + h, 0));
}

/**
 * Each day's target of the week, Monday first, rounded to 2 decimals: the contract hours × the workload in
 * force that day, spread over the weekdays in force that day, less its holiday and absence. After a change
 * from 100 % Monday–Friday to 60 % Monday–Wednesday on a Wednesday (42 h): 8.4, 8.4, 8.4, 0, 0, 0, 0.
 */
export function dayTargetHours(input: WeekTargetInput): number[] {
  return dayTargets(input).map(round2);
}

function dayTargets(input: WeekTargetInput): number[] {
  assertDate(input.weekStart, "weekStart");
  if (isoWeekday(input.weekStart) !== 1) {
    throw refusal("validation", "time.weekStartNotMonday", { value: input.weekStart }, {
      field: "weekStart",
    });
  }
  if (!(input.weeklyHours >= 0 && input.weeklyHours <= 168)) {
    throw refusal("validation", "time.weeklyHoursRange", { value: String(input.weeklyHours) }, {
      field: "weeklyHours",
    });
  }
  if (!(input.workloadPercent >= 0 && input.workloadPercent <= 100)) {
    throw refusal("validation", "time.workloadRange", { value: String(input.workloadPercent) }, {
      field: "workloadPercent",
    });
  }
  const out: number[] = [];
  for (let i = 0; i < 7; i++) {
    const date = addDays(input.weekStart, i);
    let period: WorkloadPeriod | undefined;
    for (const p of input.history ?? []) {
      if (p.validFrom <= date && (!period || p.validFrom > period.validFrom)) period = p;
    }
    const weekdays = period?.workingWeekdays ?? input.workingWeekdays;
    if (!weekdays.includes(i + 1)) {
      out.push(0);
      continue;
    }
    const daily = dailyTargetHours(input.weeklyHours, period?.workloadPercent ?? input.workloadPercent, [
      ...weekdays,
    ]);
    const off = Math.min(1, (input.holidays.get(date) ?? 0) + (input.absenceFractions.get(date) ?? 0));
    out.push(daily * (1 - off));
  }
  return out;
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

/** An entry with what it lasted as it elapsed, which tells which reading of a twice-happening clock time it is. */
export interface ElapsedSpanEntry extends TimeSpanEntry {
  /** Minutes from start to end as they elapsed (net hours × 60 + break), when known. */
  elapsedMinutes?: number;
  /**
   * The span's instants when they are known rather than read from the clock times (a timer's start minute,
   * from the moment the service or the device saw): in the hour the clocks go back the clock time alone
   * cannot say which of its two instants it was.
   */
  at?: { from: number; to: number };
}

/**
 * Whether two time entries share a minute of real time in `timeZone`: on the night the clocks go back,
 * 00:30–02:30 (the first 02:30) and 02:15–04:00 read with the second 02:15 follow each other, though their
 * clock times overlap. Each entry's reading is the one its elapsed minutes match (`elapsedSpan`). An entry whose
 * clock times cannot be read in the zone (none stored is, they were checked when recorded) is compared by its
 * clock times, as `timeSpansOverlap` does. An entry whose instants are known (`at`) is compared by them.
 */
export function elapsedSpansOverlap(a: ElapsedSpanEntry, b: ElapsedSpanEntry, timeZone: string): boolean {
  let x: { from: number; to: number }, y: { from: number; to: number };
  try {
    x = a.at ?? elapsedSpan(a.date, a.startTime, a.endTime, timeZone, a.elapsedMinutes);
    y = b.at ?? elapsedSpan(b.date, b.startTime, b.endTime, timeZone, b.elapsedMinutes);
  } catch {
    return timeSpansOverlap(a, b);
  }
  return x.from < y.to && y.from < x.to;
}

/** Sum of hours, rounded to 2 decimals (a week's or a day's total). */
export function sumHours(hours: number[]): number {
  return round2(hours.reduce((s, h) => s + h, 0));
}
