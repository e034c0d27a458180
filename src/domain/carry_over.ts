/**
 * Carry-over: what is left of a leave year goes into the next one, up to the leave type's
 * `carryOverMaxDays`, and lapses after its `carryOverExpiry` (a day `MM-DD` of the next year) unless taken by
 * then (the lapse itself is `computeBalance`'s, domain/leave.ts).
 *
 * - The remainder is the previous year's at its end: entitlement, its own carry-over still valid,
 *   corrections, less every approved day (requests awaiting approval are not deducted, as in the balance).
 * - A remainder below zero (an overdraw that was allowed) carries nothing: it is not taken from the next year,
 *   which starts with its full entitlement; HR records such a debt as a correction if it is owed.
 * - Half days are kept, finer parts dropped (never more than remains); a type with no maximum carries nothing.
 * - 29 February as the expiry means the last day of February in a common year.
 */

export interface CarryOverRule {
  /** Most days that go into the next year (`leave_types.carry_over_max_days`). */
  maxDays: number;
  /** `MM-DD` in the next year after which carried days lapse (`leave_types.carry_over_expiry`). */
  expiry: string;
}

/** What goes into `year` from the previous year's remainder: days and the day they lapse after. */
export function carryOverInto(
  year: number,
  previousRemaining: number,
  rule: CarryOverRule,
): { days: number; expiresOn: string | null } {
  const halfDays = Math.floor(Math.max(0, previousRemaining) * 2 + 1e-9) / 2;
  const days = Math.min(halfDays, Math.max(0, rule.maxDays));
  if (days <= 0) return { days: 0, expiresOn: null };
  return { days, expiresOn: expiryIn(year, rule.expiry) };
}

function expiryIn(year: number, monthDay: string): string {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${year}-${monthDay === "02-29" && !leap ? "02-28" : monthDay}`;
}
