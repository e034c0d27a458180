/**
 * Special leave's length per event: maternity leave of 98 calendar days (EOG Art. 16d para. 3, OR Art.
 * 329f), the other parent's two weeks within six months of the birth (OR Art. 329g), a day for moving, and
 * the organisation's own rules. The length is data of the leave type (`leave_types.event_days`, the
 * configuration file's `perEvent`), never a constant here.
 *
 * Units. `CALENDAR_DAYS` counts every day from the first to the last (maternity leave runs through weekends
 * and holidays). `WORKING_DAYS` are written for a five-day week, like every policy of the service
 * (domain/entitlement.ts), and count the days the request takes from the person's own week: someone working
 * four weekdays has 10 × 4/5 = 8 of their days for two weeks. The result is rounded up to a whole day, so
 * a day for moving stays a day for anyone who works on that day.
 *
 * Events. Without `withinMonths`, each request is one event. With it, the person's requests of the type
 * whose first days lie less than that many months apart are one event whose days are added up (the other
 * parent takes two weeks in parts within six months).
 */
import { daysBetween, daysInMonth } from "./calendar.ts";
import { POLICY_WEEK_DAYS } from "./entitlement.ts";

export const EVENT_UNITS = ["WORKING_DAYS", "CALENDAR_DAYS"] as const;
export type EventUnit = typeof EVENT_UNITS[number];

/** A leave type's length per event. */
export interface EventRule {
  days: number;
  unit: EventUnit;
  withinMonths: number | null;
}

/** A request as the rule counts it: its range and the working days it takes (domain/leave.ts). */
export interface EventRequest {
  startDate: string;
  endDate: string;
  days: number;
}

/** The most a person may take for one event, in the rule's unit (working days: of their own week). */
export function eventAllowance(rule: EventRule, workingWeekdays: number): number {
  if (rule.unit === "CALENDAR_DAYS") return rule.days;
  return Math.ceil(rule.days * workingWeekdays / POLICY_WEEK_DAYS - 1e-9);
}

/** What a request counts against its event: calendar days of its range, or the working days it takes. */
export function eventLength(rule: EventRule, r: EventRequest): number {
  return rule.unit === "CALENDAR_DAYS" ? daysBetween(r.startDate, r.endDate) + 1 : r.days;
}

/** The day `months` months after `date` (the last day of a shorter month when the day does not exist). */
export function addMonths(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + months;
  const year = y + Math.floor(m / 12);
  const month = ((m % 12) + 12) % 12 + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Whether another request belongs to the same event as `r` (first days less than `months` apart). */
export function sameEvent(r: EventRequest, other: EventRequest, months: number): boolean {
  return other.startDate > addMonths(r.startDate, -months) &&
    other.startDate < addMonths(r.startDate, months);
}

/**
 * How far a new request goes beyond its event's length, with what the event holds: null when it fits.
 * `others` are the person's other requests of the type that hold days (awaiting approval or approved).
 */
export function eventExcess(
  rule: EventRule,
  request: EventRequest,
  others: readonly EventRequest[],
  workingWeekdays: number,
): { allowance: number; taken: number; requested: number } | null {
  const allowance = eventAllowance(rule, workingWeekdays);
  const requested = eventLength(rule, request);
  const taken = rule.withinMonths
    ? others.filter((o) => sameEvent(request, o, rule.withinMonths!)).reduce(
      (n, o) => n + eventLength(rule, o),
      0,
    )
    : 0;
  return taken + requested > allowance ? { allowance, taken, requested } : null;
}
