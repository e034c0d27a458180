/**
 * The payday rule: salaries are paid on a fixed day of the month. When that day is not a business day
 * (a Saturday, a Sunday or a whole-day public holiday of the organisation's canton) the payment moves to
 * the previous business day, so it never arrives late. A day beyond the month's length (31 in a 30-day
 * month, 29–31 in February) means the month's last day. A half-day holiday (the afternoons of 24 and
 * 31 December) is a business day: payments are booked in the morning.
 */
import { addDays, daysInMonth, isoWeekday } from "./calendar.ts";
import { refusal } from "../errors.ts";

/** Whether `day` is a valid payday rule: a whole day of the month from 1 to 31. */
export function isPaydayDay(day: unknown): day is number {
  return typeof day === "number" && Number.isInteger(day) && day >= 1 && day <= 31;
}

/**
 * The payment date for `period` (`YYYY-MM`). `holidayPortion(date)` gives the share of a date that is a
 * public holiday (1 whole, 0.5 half, 0 none), e.g. from `holidayFractions` of the default canton; it must
 * cover the days before the 1st too, since a payment on the 1st can move into the previous month.
 */
export function paymentDate(period: string, day: number, holidayPortion: (date: string) => number): string {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  if (!m) throw refusal("validation", "pay.period", { value: period }, { field: "period" });
  if (!isPaydayDay(day)) throw refusal("validation", "pay.paydayDay", { value: day }, { field: "day" });
  const year = Number(m[1]);
  const month = Number(m[2]);
  const d = Math.min(day, daysInMonth(year, month));
  let date = `${period}-${String(d).padStart(2, "0")}`;
  // At most a few steps: no stretch of weekends and holidays in Switzerland exceeds four days.
  while (isoWeekday(date) >= 6 || holidayPortion(date) >= 1) date = addDays(date, -1);
  return date;
}
