/**
 * HR's side of entitlements: a leave type's policy (base days, steps by age or service years, half days)
 * and corrections of one person's entitlement with a note. The balance derives every entitlement from
 * these (services/leave.ts `balanceFrom`); nobody types a person's yearly days.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { employees, leaveAdjustments, leaveTypes } from "../db/schema/mod.ts";
import {
  type EntitlementStep,
  LEGAL_MINIMUM_DAYS,
  parseSteps,
  policyProblemMessages,
} from "../domain/entitlement.ts";
import { refusal, type RefusalMessage } from "../errors.ts";
import type { Clock } from "../clock.ts";
import { unknownLeaveType, VACATION_CODE } from "./leave.ts";

/** What can change in a policy; what is left out stays as it is. */
export interface PolicyChange {
  baseDays?: number;
  steps?: EntitlementStep[];
  allowHalfDays?: boolean;
}

async function typeRow(db: Db, code: string) {
  const [t] = await db.select().from(leaveTypes).where(eq(leaveTypes.code, code)).limit(1);
  if (!t) throw refusal("not_found", "leave.noSuchTypeCode", { code });
  return t;
}

/** A leave type's policy as stored. */
export async function getLeavePolicy(db: Db, code: string) {
  const t = await typeRow(db, code);
  return {
    code: t.code,
    deductsBalance: t.deductsBalance,
    baseDays: t.defaultAnnualDays,
    steps: parseSteps(t.entitlementSteps),
    allowHalfDays: t.allowHalfDays,
  };
}

/**
 * Changes a leave type's policy. Refused, with every problem named: a type without a balance given days,
 * steps that take days away, and a vacation base below the legal four weeks (OR Art. 329a para. 1: the
 * balance would raise it anyway, but a policy that reads as less than the law misleads whoever reads it).
 */
export async function setLeavePolicy(db: Db, code: string, change: PolicyChange) {
  const t = await typeRow(db, code);
  const next = {
    baseDays: change.baseDays ?? t.defaultAnnualDays,
    steps: change.steps ?? parseSteps(t.entitlementSteps),
  };
  const problems = policyProblemMessages(next);
  if (!t.deductsBalance && (next.baseDays !== 0 || next.steps.length)) {
    problems.push({ id: "leave.policyNoBalance", params: { code } });
  }
  if (t.code === VACATION_CODE && t.deductsBalance && next.baseDays < LEGAL_MINIMUM_DAYS) {
    problems.push({
      id: "leave.policyVacationMinimum",
      params: { min: LEGAL_MINIMUM_DAYS, value: String(next.baseDays) },
    });
  }
  if (problems.length) throw refusal("validation", "leave.policyNotChanged", { code, problems });
  const steps = [...next.steps].sort((a, b) =>
    (a.fromAge ?? 1000 + (a.fromServiceYears ?? 0)) - (b.fromAge ?? 1000 + (b.fromServiceYears ?? 0))
  );
  await db.update(leaveTypes).set({
    defaultAnnualDays: next.baseDays,
    entitlementSteps: JSON.stringify(steps),
    ...(change.allowHalfDays === undefined ? {} : { allowHalfDays: change.allowHalfDays }),
  }).where(eq(leaveTypes.id, t.id));
  return getLeavePolicy(db, code);
}

/** Largest correction in one entry, in days: a typing slip of a year's worth is refused. */
const MAX_ADJUSTMENT_DAYS = 100;

/** Adds a correction of one person's entitlement for a leave type and year, with the reason. */
export async function adjustEntitlement(
  deps: { db: Db; clock: Clock },
  input: { personnelNumber: string; code: string; year: number; days: number; note: string; by: string },
) {
  const problems: RefusalMessage[] = [];
  const fields: string[] = [];
  if (!Number.isInteger(input.year) || input.year < 2000 || input.year > 2100) {
    problems.push({ id: "leave.adjustYear", params: { value: String(input.year) } });
    fields.push("year");
  }
  if (!Number.isFinite(input.days) || input.days === 0 || Math.abs(input.days) > MAX_ADJUSTMENT_DAYS) {
    problems.push({ id: "leave.adjustDays", params: { max: MAX_ADJUSTMENT_DAYS } });
    fields.push("days");
  } else if (Math.round(input.days * 2) !== input.days * 2) {
    problems.push({ id: "leave.adjustHalfDays", params: { value: input.days } });
    fields.push("days");
  }
  const note = input.note.trim();
  if (note.length < 3 || note.length > 500) {
    problems.push({ id: "leave.adjustNote" });
    fields.push("note");
  }
  if (problems.length) {
    throw refusal("validation", "leave.adjustmentNotMade", { problems }, { field: fields });
  }
  const [t] = await deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, input.code)).limit(1);
  if (!t) throw await unknownLeaveType(deps.db, input.code, "code");
  if (!t.deductsBalance) throw refusal("validation", "leave.noBalanceToAdjust", { code: t.code });
  const [emp] = await deps.db.select({ id: employees.id }).from(employees)
    .where(eq(employees.personnelNumber, input.personnelNumber)).limit(1);
  if (!emp) throw refusal("not_found", "leave.noSuchPersonnelNumber", { number: input.personnelNumber });
  const row = {
    id: crypto.randomUUID(),
    employeeId: emp.id,
    leaveTypeId: t.id,
    year: input.year,
    days: input.days,
    note,
    createdBy: input.by,
    createdAt: deps.clock.now(),
  };
  await deps.db.insert(leaveAdjustments).values(row);
  return row;
}
