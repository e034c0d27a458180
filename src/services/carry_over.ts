/**
 * The carry-over into a leave year, derived from the previous year's remainder (domain/carry_over.ts): the
 * balance reads it when no entitlement row records one for the year. Nobody types it; a stored row (the demo's
 * history, or an installation's records from before carry-over was derived) is taken as recorded.
 *
 * The chain goes back year by year, each year's remainder counting its own carry-over, and stops at the
 * year the employment started and at a year the service did not hold whole: one that began before the
 * person's record was created (the service has none of the leave taken before, so its remainder would be
 * too large), unless HR imported that year's opening balance (the days taken before, `leave import-opening`):
 * then the year is known whole. Otherwise, into the year after that one, HR records the carry-over as a
 * correction with `leave adjust`.
 */
import { and, eq, like } from "drizzle-orm";
import { employees, leaveAdjustments, leaveTypes } from "../db/schema/mod.ts";
import { carryOverSplit, type StatutoryCarry } from "../domain/carry_over.ts";
import type { LeaveBalance } from "../domain/leave.ts";
import type { EmployeeCore, Q } from "./common.ts";

type TypeRow = typeof leaveTypes.$inferSelect;

/**
 * `leave_adjustments.created_by` of an opening balance starts with this, then names who imported it: the
 * import finds the rows it replaces by it (never a correction typed with `leave adjust`), and the chain
 * knows a year with one as held whole.
 */
export const OPENING_MARK = "opening balance import: ";

/** Whether a person's leave year of a type has an imported opening balance. */
async function hasOpening(q: Q, employeeId: string, leaveTypeId: string, year: number): Promise<boolean> {
  const [row] = await q.select({ id: leaveAdjustments.id }).from(leaveAdjustments).where(and(
    eq(leaveAdjustments.employeeId, employeeId),
    eq(leaveAdjustments.leaveTypeId, leaveTypeId),
    eq(leaveAdjustments.year, year),
    like(leaveAdjustments.createdBy, `${OPENING_MARK}%`),
  )).limit(1);
  return !!row;
}

/** The balance function the chain calls for the previous year (services/leave.ts `balanceOf`). */
type BalanceOf<T> = (q: Q, emp: EmployeeCore, type: T, year: number, today: string) => Promise<LeaveBalance>;

/** The statutory days a balance's year held, by year of origin (services/leave.ts `statutoryOwedIn`). */
type OwedIn = (balance: LeaveBalance) => StatutoryCarry[];

/** The entitlement facts of a derived carry-over, or undefined when nothing goes into the year. */
export async function derivedCarryOver<
  T extends
    & Pick<TypeRow, "id" | "deductsBalance">
    & Partial<Pick<TypeRow, "carryOverMaxDays" | "carryOverExpiry">>,
>(
  q: Q,
  emp: EmployeeCore,
  type: T,
  year: number,
  balanceOf: BalanceOf<T>,
  owedIn: OwedIn = () => [],
): Promise<
  | {
    carryOverDays: number;
    carryOverExpiresOn: string | null;
    adjustmentDays: number;
    statutory: StatutoryCarry[];
  }
  | undefined
> {
  // A maximum of 0 still carries the statutory minimum (vacation), which no cap can cut.
  if (!type.deductsBalance) return undefined;
  const previousEnd = `${year - 1}-12-31`;
  if (emp.employmentStart > previousEnd) return undefined;
  let rule = type.carryOverMaxDays === undefined || type.carryOverExpiry === undefined
    ? undefined
    : { maxDays: type.carryOverMaxDays, expiry: type.carryOverExpiry };
  if (!rule) {
    const [t] = await q.select({ maxDays: leaveTypes.carryOverMaxDays, expiry: leaveTypes.carryOverExpiry })
      .from(leaveTypes).where(eq(leaveTypes.id, type.id)).limit(1);
    if (!t) return undefined;
    rule = t;
  }
  const [e] = await q.select({ createdAt: employees.createdAt }).from(employees).where(
    eq(employees.id, emp.id),
  )
    .limit(1);
  // The previous year counts only if the service held the person's leave all of it: from its first day,
  // or from their first working day when they were entered before it.
  const knownFrom = emp.employmentStart > `${year - 1}-01-01` ? emp.employmentStart : `${year - 1}-01-01`;
  if (!e) return undefined;
  if (
    new Date(e.createdAt).toISOString().slice(0, 10) > knownFrom &&
    !await hasOpening(q, emp.id, type.id, year - 1)
  ) return undefined;
  const previous = await balanceOf(q, emp, type, year - 1, previousEnd);
  const carried = carryOverSplit(year, previous.remaining, owedIn(previous), rule);
  if (carried.days === 0) return undefined;
  return {
    carryOverDays: carried.days,
    carryOverExpiresOn: carried.expiresOn,
    adjustmentDays: 0,
    statutory: carried.statutory,
  };
}

/**
 * The statutory days among a carry-over that is recorded rather than derived: an entitlement row (typed by HR,
 * or kept from records older than the derivation) or an opening balance's carry-over (`leave import-opening`).
 * Whoever typed it, a carried day of the statutory minimum stays owed until taken and lapses only after five
 * years (OR Art. 329a, 341 para. 1, 128 no. 3, SR 220; BGE 130 III 19): no expiry of the leave type cuts it.
 *
 * Which of the recorded days are statutory is what the previous year would carry by the statutory rule: its
 * remainder, counted first against the organisation's extra days, keeps the newest statutory days
 * (`carryOverSplit`). A previous year the service did not hold (the person was entered later) has no leave
 * recorded, so its whole statutory minimum counts as left: without the days taken back then, the service
 * presumes the carried days owed rather than forfeited. At most `recorded` days, the newest kept; the rest are
 * the organisation's extra days. Vacation only (`owedIn` gives nothing for other types).
 */
export async function recordedStatutory<T>(
  q: Q,
  emp: EmployeeCore,
  type: T,
  year: number,
  recorded: number,
  balanceOf: BalanceOf<T>,
  owedIn: OwedIn,
): Promise<StatutoryCarry[]> {
  if (!(recorded > 0)) return [];
  const previousEnd = `${year - 1}-12-31`;
  if (emp.employmentStart > previousEnd) return [];
  const previous = await balanceOf(q, emp, type, year - 1, previousEnd);
  const owed = owedIn(previous);
  if (!owed.length) return [];
  const { statutory } = carryOverSplit(year, previous.remaining, owed, { maxDays: 0, expiry: "12-31" });
  let left = recorded;
  const kept: StatutoryCarry[] = [];
  for (const c of [...statutory].sort((a, b) => b.origin - a.origin)) {
    const days = Math.min(left, c.days);
    if (days <= 0) break;
    kept.push({ origin: c.origin, days });
    left -= days;
  }
  return kept.sort((a, b) => a.origin - b.origin);
}
