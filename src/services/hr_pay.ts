/**
 * HR's side of pay and the calendar: salary changes (compensation records) and company closures. Each
 * refusal names what is wrong; nothing is written then.
 */
import { and, asc, desc, eq, gte, lte } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { closurePeriods, closureWorkThrough, compensation, employees, payslips } from "../db/schema/mod.ts";
import { cantonOn, daysBetween, isCanton, isoWeekday } from "../domain/calendar.ts";
import { dateProblem } from "../domain/fields.ts";
import { cantonHistoryOf, closureApplies } from "./holidays.ts";
import { refusal, type RefusalMessage } from "../errors.ts";
import { type Recalculated, settleLeave } from "./closure_changes.ts";
import { writeTx } from "./common.ts";

type Deps = Pick<AppDeps, "db" | "clock">;

/**
 * The problems of one input, each in the catalogue's words with the field it is about: the refusal lists them
 * all (so the form shows every one at once) and names every field.
 */
class Problems {
  readonly #list: RefusalMessage[] = [];
  readonly #fields = new Set<string>();
  add(field: string | string[], id: RefusalMessage["id"], params?: RefusalMessage["params"]): void {
    this.#list.push(params ? { id, params } : { id });
    for (const f of typeof field === "string" ? [field] : field) this.#fields.add(f);
  }
  none(): boolean {
    return this.#list.length === 0;
  }
  /** Refuses with every problem under `id` ("Nothing was recorded: {problems}."), if there is any. */
  refuse(id: RefusalMessage["id"]): void {
    if (this.#list.length) {
      throw refusal("validation", id, { problems: this.#list }, { field: [...this.#fields] });
    }
  }
}

async function employeeByNumber(deps: Deps, pn: string) {
  const [e] = await deps.db.select({ id: employees.id, start: employees.employmentStart }).from(employees)
    .where(eq(employees.personnelNumber, pn)).limit(1);
  if (!e) {
    throw refusal("not_found", "hr.unknownPersonnelNumber", { number: pn }, { field: "personnelNumber" });
  }
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
  const problems = new Problems();
  const validFrom = dateProblem(input.validFrom);
  if (validFrom) {
    problems.add("validFrom", validFrom === "format" ? "hr.salaryValidFromDate" : "hr.salaryValidFromRange", {
      value: input.validFrom,
    });
  } else if (input.validFrom < e.start) {
    problems.add("validFrom", "hr.salaryBeforeStart", { from: input.validFrom, start: e.start });
  }
  if (!(Number.isFinite(input.annualSalary) && input.annualSalary > 0 && input.annualSalary < 10_000_000)) {
    problems.add("annualSalary", "hr.salaryAmount", { value: String(input.annualSalary) });
  }
  const payments = input.payments ?? 13;
  if (payments !== 12 && payments !== 13) problems.add("payments", "hr.salaryPayments", { value: payments });
  const currency = (input.currency ?? "CHF").toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    problems.add("currency", "hr.salaryCurrency", { value: String(input.currency) });
  }
  if ((input.reason ?? "").length > 200) problems.add("reason", "hr.salaryReason");
  problems.refuse("hr.salaryNotRecorded");
  const [dup] = await deps.db.select({ id: compensation.id }).from(compensation)
    .where(and(eq(compensation.employeeId, e.id), eq(compensation.validFrom, input.validFrom))).limit(1);
  if (dup) {
    throw refusal(
      "conflict",
      "hr.salaryDuplicate",
      { number: input.personnelNumber, from: input.validFrom },
      {
        field: "validFrom",
        conflictingId: dup.id,
      },
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
  const problems = new Problems();
  const from = dateProblem(input.from), to = dateProblem(input.to);
  if (from) {
    problems.add("from", from === "format" ? "hr.closureFromDate" : "hr.closureFromRange", {
      value: input.from,
    });
  }
  if (to) problems.add("to", to === "format" ? "hr.closureToDate" : "hr.closureToRange", { value: input.to });
  if (problems.none() && input.to < input.from) problems.add(["from", "to"], "hr.closureToBeforeFrom");
  if (problems.none() && daysBetween(input.from, input.to) + 1 > MAX_CLOSURE_DAYS) {
    problems.add(["from", "to"], "hr.closureTooLong", { max: MAX_CLOSURE_DAYS });
  }
  const name = input.name.de.trim();
  if (name.length < 2 || name.length > 100) problems.add("name", "hr.closureName");
  for (const c of input.cantons ?? []) {
    if (!isCanton(c)) problems.add("cantons", "hr.closureCanton", { value: c });
  }
  problems.refuse("hr.closureNotAdded");
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
      throw refusal("conflict", "hr.closureOverlap", { from: overlap.from, to: overlap.to }, {
        field: ["from", "to"],
        conflictingId: overlap.id,
      });
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
  const dated = dateProblem(input.date);
  if (dated) {
    throw refusal("validation", dated === "format" ? "hr.workThroughDate" : "hr.workThroughRange", {
      value: input.date,
    }, { field: "date" });
  }
  const [e] = await deps.db.select({
    id: employees.id,
    canton: employees.canton,
    weekdays: employees.workingWeekdays,
  }).from(employees).where(eq(employees.personnelNumber, input.personnelNumber)).limit(1);
  if (!e) {
    throw refusal("not_found", "hr.unknownPersonnelNumber", { number: input.personnelNumber }, {
      field: "personnelNumber",
    });
  }
  // The closure must apply where the person works on that day (someone who moves).
  const canton = cantonOn(e.canton, await cantonHistoryOf(deps.db).all({ emp: e.id }), input.date);
  const closure = (await deps.db.select().from(closurePeriods).where(
    and(lte(closurePeriods.startDate, input.date), gte(closurePeriods.endDate, input.date)),
  ).limit(10)).find((p) => closureApplies(p, canton));
  if (!closure) {
    throw refusal("validation", "hr.workThroughNoClosure", { date: input.date, canton }, {
      field: "date",
    });
  }
  if (!e.weekdays.split(",").map(Number).includes(isoWeekday(input.date))) {
    throw refusal("validation", "hr.workThroughNotWorkday", {
      date: input.date,
      number: input.personnelNumber,
    }, {
      field: "date",
    });
  }
  const [already] = await deps.db.select({ id: closureWorkThrough.id }).from(closureWorkThrough).where(
    and(eq(closureWorkThrough.employeeId, e.id), eq(closureWorkThrough.date, input.date)),
  ).limit(1);
  if (already) {
    throw refusal("conflict", "hr.workThroughTwice", { number: input.personnelNumber, date: input.date }, {
      field: "date",
      conflictingId: already.id,
    });
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

/** A stored payslip as HR's lists show it: whose, which period, when paid, the amounts; never the PDF. */
export interface PayslipListed {
  pn: string;
  first: string;
  last: string;
  period: string;
  label: string;
  paymentDate: string;
  currency: string;
  gross: number;
  net: number;
}

const LISTED = {
  pn: employees.personnelNumber,
  first: employees.firstName,
  last: employees.lastName,
  period: payslips.period,
  label: payslips.periodLabel,
  paymentDate: payslips.paymentDate,
  currency: payslips.currency,
  gross: payslips.gross,
  net: payslips.net,
};

/**
 * The payslips of one period (`YYYY-MM`), by last then first name. The join starts from the people, so each
 * person's payslips of the period are found by the (person, period, label) index.
 */
export async function listPayslipsOfPeriod(deps: Deps, period: string): Promise<PayslipListed[]> {
  return await deps.db.select(LISTED).from(employees).innerJoin(
    payslips,
    and(eq(payslips.employeeId, employees.id), eq(payslips.period, period)),
  ).orderBy(asc(employees.lastName), asc(employees.firstName), asc(payslips.periodLabel)).limit(2000);
}

/** One person's payslips, the newest payment first (at most 50: four years of monthly pay and more). */
export async function listPayslipsOfPerson(deps: Deps, personnelNumber: string): Promise<PayslipListed[]> {
  return await deps.db.select(LISTED).from(payslips).innerJoin(
    employees,
    eq(employees.id, payslips.employeeId),
  )
    .where(eq(employees.personnelNumber, personnelNumber)).orderBy(
      desc(payslips.paymentDate),
      desc(payslips.period),
    ).limit(50);
}
