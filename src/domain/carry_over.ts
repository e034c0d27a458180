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

/**
 * Days of the statutory minimum (OR Art. 329a para. 1, SR 220: four weeks, five until the 20th birthday, pro
 * rata) left of the year `origin`. They are owed until taken: a carry-over cap or expiry is void for them (the
 * employer must grant the minimum, OR Art. 329a, 329c; the person cannot waive it while employed, OR Art. 341
 * para. 1), and the claim lapses only after five years (OR Art. 128 no. 3; BGE 130 III 19), on 31 December of
 * the fifth year after the one it arose in: days from 2025 lapse on 31.12.2030.
 */
export interface StatutoryCarry {
  origin: number;
  days: number;
}

/** The last day statutory days of `origin` are owed: 31 December five years on. */
export function statutoryLapse(origin: number): string {
  return `${origin + 5}-12-31`;
}

/**
 * What goes into `year` from the previous year's remainder when part of it is the statutory minimum: `owed`
 * is the statutory days the previous year held (those carried into it and its own pro-rata minimum, by year
 * of origin). Days taken count first against the organisation's extra days and then against the oldest
 * statutory days, so the remainder keeps the newest statutory days; those whose five years ended with the
 * previous year lapse. The statutory days carry over whatever the rule; only the rest (the extra days) is
 * capped by `maxDays` and lapses after `expiry`.
 */
export function carryOverSplit(
  year: number,
  previousRemaining: number,
  owed: readonly StatutoryCarry[],
  rule: CarryOverRule,
): { days: number; expiresOn: string | null; statutory: StatutoryCarry[]; statutoryDays: number } {
  let left = Math.floor(Math.max(0, previousRemaining) * 2 + 1e-9) / 2;
  const kept: StatutoryCarry[] = [];
  for (const b of [...owed].sort((a, b) => b.origin - a.origin)) {
    const days = Math.min(left, Math.floor(b.days * 2 + 1e-9) / 2);
    if (days <= 0) continue;
    left -= days;
    // Still within its five years on the first day of `year`.
    if (statutoryLapse(b.origin) >= `${year}-01-01`) kept.push({ origin: b.origin, days });
  }
  kept.sort((a, b) => a.origin - b.origin);
  const statutoryDays = kept.reduce((s, b) => s + b.days, 0);
  const extra = carryOverInto(year, left, rule);
  return {
    days: statutoryDays + extra.days,
    expiresOn: extra.expiresOn,
    statutory: kept,
    statutoryDays,
  };
}
