/**
 * HR's side of pay and the calendar: salary changes (compensation records) and company closures. Each
 * refusal names what is wrong; nothing is written then.
 */
import { and, asc, eq, gte, lte } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { closurePeriods, closureWorkThrough, compensation, employees } from "../db/schema/mod.ts";
import { daysBetween, isCanton, isoWeekday, isValidDate } from "../domain/calendar.ts";
import { closureApplies } from "./holidays.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { type Recalculated, settleLeave } from "./closure_changes.ts";
import { writeTx } from "./common.ts";

type Deps = Pick<AppDeps, "db" | "clock">;

async function employeeByNumber(deps: Deps, pn: string) {
  const [e] = await deps.db.select({ id: employees.id, start: employees.employmentStart }).from(employees)
    .where(eq(employees.personnelNumber, pn)).limit(1);
  if (!e) throw notFound(`There is no employee with the personnel number "${pn}".`);
  return e;
}

/** Records a salary change valid from a date; the portal shows it as current, upcoming or history. */
export async function addCompensation(
  deps: Deps,
  input: {
    personnelNumber: string;
    validFrom: string;
    annualSalary: number;
    payments?: number;
    currency?: string;
    reason?: string;
  },
) {
  const e = await employeeByNumber(deps, input.personnelNumber);
  const problems: string[] = [];
  if (!isValidDate(input.validFrom)) {
    problems.push(`valid-from must be a date YYYY-MM-DD, got "${input.validFrom}"`);
  } else if (input.validFrom < e.start) {
    problems.push(`valid-from ${input.validFrom} is before the employment starts (${e.start})`);
  }
  if (!(Number.isFinite(input.annualSalary) && input.annualSalary > 0 && input.annualSalary < 10_000_000)) {
    problems.push(`annual salary must be a positive amount, got ${input.annualSalary}`);
  }
  const payments = input.payments ?? 13;
  if (payments !== 12 && payments !== 13) problems.push(`payments must be 12 or 13, got ${payments}`);
  const currency = (input.currency ?? "CHF").toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    problems.push(`currency must be a code such as CHF, got "${input.currency}"`);
  }
  if ((input.reason ?? "").length > 200) problems.push("the reason is longer than 200 characters");
  if (problems.length) throw invalid(`No salary change was recorded: ${problems.join("; ")}.`);
  const [dup] = await deps.db.select({ id: compensation.id }).from(compensation)
    .where(and(eq(compensation.employeeId, e.id), eq(compensation.validFrom, input.validFrom))).limit(1);
  if (dup) {
    throw conflict(
      `${input.personnelNumber} already has a salary valid from ${input.validFrom}; record a change with another date.`,
      dup.id,
    );
  }
  const row = {
    id: crypto.randomUUID(),
    employeeId: e.id,
    validFrom: input.validFrom,
    annualSalary: Math.round(input.annualSalary * 100) / 100,
    payments,
    currency,
    reason: input.reason?.trim() || null,
    createdAt: deps.clock.now(),
  };
  await deps.db.insert(compensation).values(row);
  return row;
}

/** One person's salary history, oldest first. */
export async function listCompensation(deps: Deps, personnelNumber: string) {
  const e = await employeeByNumber(deps, personnelNumber);
  return await deps.db.select().from(compensation).where(eq(compensation.employeeId, e.id))
    .orderBy(asc(compensation.validFrom)).limit(500);
}

/** Longest closure: a company closes for days or weeks, not months. */
const MAX_CLOSURE_DAYS = 62;

/**
 * Adds a company closure (e.g. between Christmas and New Year). `deductsLeave`: its working days are taken
 * from vacation (compulsory company holidays); otherwise they are granted. Overlapping closures are refused.
 * A closure day costs nothing in a leave request: a new closure over approved leave is refused, naming the
 * requests, unless `confirmed` (they are then computed again and the people told, `closure_changes.ts`).
 */
export async function addClosure(
  deps: Deps,
  input: {
    from: string;
    to: string;
    name: { de: string; en?: string; fr?: string };
    deductsLeave: boolean;
    cantons?: string[];
  },
  opts: { confirmed?: boolean } = {},
) {
  const problems: string[] = [];
  if (!isValidDate(input.from)) problems.push(`from must be a date YYYY-MM-DD, got "${input.from}"`);
  if (!isValidDate(input.to)) problems.push(`to must be a date YYYY-MM-DD, got "${input.to}"`);
  if (!problems.length && input.to < input.from) problems.push("to is before from");
  if (!problems.length && daysBetween(input.from, input.to) + 1 > MAX_CLOSURE_DAYS) {
    problems.push(`a closure lasts at most ${MAX_CLOSURE_DAYS} days`);
  }
  const name = input.name.de.trim();
  if (name.length < 2 || name.length > 100) problems.push("a name of 2 to 100 characters is required");
  for (const c of input.cantons ?? []) if (!isCanton(c)) problems.push(`"${c}" is not a canton code`);
  if (problems.length) throw invalid(`No closure was added: ${problems.join("; ")}.`);
  return await writeTx(deps, async (tx) => {
    const [overlap] = await tx.select({
      id: closurePeriods.id,
      from: closurePeriods.startDate,
      to: closurePeriods.endDate,
    })
      .from(closurePeriods).where(
        and(lte(closurePeriods.startDate, input.to), gte(closurePeriods.endDate, input.from)),
      )
      .limit(1);
    if (overlap) {
      throw conflict(`This overlaps the closure from ${overlap.from} to ${overlap.to}.`, overlap.id);
    }
    const row = {
      id: crypto.randomUUID(),
      nameDe: name,
      nameEn: input.name.en?.trim() || name,
      nameFr: input.name.fr?.trim() || name,
      startDate: input.from,
      endDate: input.to,
      deductsLeave: input.deductsLeave,
      cantons: input.cantons?.length ? input.cantons.join(",") : null,
      createdAt: deps.clock.now(),
    };
    await tx.insert(closurePeriods).values(row);
    const changed = await settleLeave(tx, row.createdAt, [{ from: input.from, to: input.to }], {
      confirmed: opts.confirmed === true,
      what: "Adding the closure changes approved leave over its days",
      closureName: name,
    });
    const recalculated: Recalculated[] = changed.map(({ daysByYear: _d, employeeId: _e, ...r }) => r);
    return { ...row, recalculated };
  });
}

/** The closures, by start date. */
export function listClosures(deps: Deps) {
  return deps.db.select().from(closurePeriods).orderBy(asc(closurePeriods.startDate)).limit(500);
}

/**
 * HR approves that a person works on a day of a company closure (someone must answer the phone between
 * Christmas and New Year): the day then costs them no vacation and counts as a working day of their week.
 * The day must lie in a closure that applies in the person's canton and be one of their working weekdays;
 * the same day twice is refused.
 */
export async function approveWorkThrough(
  deps: Deps,
  input: { personnelNumber: string; date: string; approvedByUserId: string },
) {
  if (!isValidDate(input.date)) throw invalid(`date must be a date YYYY-MM-DD, got "${input.date}"`);
  const [e] = await deps.db.select({
    id: employees.id,
    canton: employees.canton,
    weekdays: employees.workingWeekdays,
  }).from(employees).where(eq(employees.personnelNumber, input.personnelNumber)).limit(1);
  if (!e) throw notFound(`There is no employee with the personnel number "${input.personnelNumber}".`);
  const closure = (await deps.db.select().from(closurePeriods).where(
    and(lte(closurePeriods.startDate, input.date), gte(closurePeriods.endDate, input.date)),
  ).limit(10)).find((p) => closureApplies(p, e.canton));
  if (!closure) throw invalid(`${input.date} is not a day of a company closure in canton ${e.canton}.`);
  if (!e.weekdays.split(",").map(Number).includes(isoWeekday(input.date))) {
    throw invalid(`${input.date} is not one of ${input.personnelNumber}'s working days.`);
  }
  const [already] = await deps.db.select({ id: closureWorkThrough.id }).from(closureWorkThrough).where(
    and(eq(closureWorkThrough.employeeId, e.id), eq(closureWorkThrough.date, input.date)),
  ).limit(1);
  if (already) {
    throw conflict(`${input.personnelNumber} already works through ${input.date}.`, already.id);
  }
  const row = {
    id: crypto.randomUUID(),
    closureId: closure.id,
    employeeId: e.id,
    date: input.date,
    status: "APPROVED",
    approvedByUserId: input.approvedByUserId,
    createdAt: deps.clock.now(),
  };
  await deps.db.insert(closureWorkThrough).values(row);
  return row;
}

/** Approved work-through days of closures, by date, with the person's name and personnel number. */
export function listWorkThrough(deps: Deps) {
  return deps.db.select({
    date: closureWorkThrough.date,
    pn: employees.personnelNumber,
    first: employees.firstName,
    last: employees.lastName,
  }).from(closureWorkThrough).innerJoin(employees, eq(employees.id, closureWorkThrough.employeeId)).where(
    eq(closureWorkThrough.status, "APPROVED"),
  ).orderBy(asc(closureWorkThrough.date), asc(employees.lastName)).limit(500);
}
