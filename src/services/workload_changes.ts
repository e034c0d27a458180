/**
 * A change of someone's workload and working weekdays from a date, kept as history
 * (`workload_changes`): the leave balance shares a year between the patterns by calendar days, and the
 * time target of a day reads the workload that held on it. Editing the employee record instead changes the
 * pattern for the whole past, so HR records a change from a date here (the console's person page).
 */
import { dateProblem, weekdayPattern, workloadPercent } from "../domain/fields.ts";
import { and, eq, gte, inArray, isNull } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, leaveRequests, workloadChanges } from "../db/schema/mod.ts";
import { computeLeaveDays, type EndPortion, type StartPortion } from "../domain/leave.ts";
import { refusal } from "../errors.ts";
import type { MessageId, MessageParams } from "../i18n/messages/mod.ts";
import type { Actor } from "./actor.ts";
import { notify, todayOf, type Tx, weekdaysOf } from "./common.ts";
import { closureCalendar, personHolidays } from "./holidays.ts";
import { halfDaysIn } from "../settings.ts";

/** Leave states whose days count (approved, awaiting a decision or a cancellation). */
const HOLDING = ["AWAITING_APPROVAL", "APPROVED", "CANCELLATION_REQUESTED"];

/** A request whose days a workload change altered. */
export interface RecomputedRequest {
  requestId: string;
  startDate: string;
  endDate: string;
  status: string;
  before: number;
  after: number;
}

/**
 * Computes again the days of the person's requests that reach `from` or later, with the workload and canton
 * histories as they stand in `tx` (each day by the pattern and the canton's holidays in force on it), stores
 * those that changed and tells the person and the approver (notification `LEAVE_REQUEST_RECALCULATED`, with
 * `because` the change that caused it): their balance changed without anyone filing.
 */
export async function recomputeFrom(
  tx: Tx,
  employeeId: string,
  from: string,
  now: number,
  because: "WORKLOAD_CHANGE" | "CANTON_CHANGE" = "WORKLOAD_CHANGE",
) {
  const [e] = await tx.select().from(employees).where(eq(employees.id, employeeId)).limit(1);
  const history = (await tx.select().from(workloadChanges).where(eq(workloadChanges.employeeId, employeeId)))
    .map((w) => ({
      validFrom: w.validFrom,
      workingWeekdays: w.workingWeekdays ? weekdaysOf({ workingWeekdays: w.workingWeekdays }) : null,
    }));
  const rows = await tx.select().from(leaveRequests).where(and(
    eq(leaveRequests.employeeId, employeeId),
    inArray(leaveRequests.status, HOLDING),
    gte(leaveRequests.endDate, from),
  )).limit(1000);
  const actor: Actor = { userId: "", role: "hr", language: "de", employeeId: null, channel: "PORTAL" };
  const changed: RecomputedRequest[] = [];
  const halfDays = await halfDaysIn(tx);
  for (const r of rows) {
    const cal = await closureCalendar(tx, e, r.startDate, r.endDate);
    const computed = computeLeaveDays({
      startDate: r.startDate,
      endDate: r.endDate,
      startPortion: r.startPortion as StartPortion,
      endPortion: r.endPortion as EndPortion,
      workingWeekdays: weekdaysOf(e),
      patternHistory: history,
      holidays: await personHolidays(tx, e, r.startDate, r.endDate, undefined, halfDays),
      closureDays: new Set(cal.days.filter((d) => !d.workThrough).map((d) => d.date)),
    });
    if (
      computed.days === r.days &&
      JSON.stringify(Object.entries(computed.daysByYear).sort()) ===
        JSON.stringify(Object.entries(JSON.parse(r.daysByYear)).sort())
    ) continue;
    await tx.update(leaveRequests).set({
      days: computed.days,
      daysByYear: JSON.stringify(computed.daysByYear),
      updatedAt: now,
    }).where(eq(leaveRequests.id, r.id));
    const payload = {
      leaveRequestId: r.id,
      employeeId,
      days: computed.days,
      previousDays: r.days,
      because,
    };
    await notify(tx, {
      recipientEmployeeId: employeeId,
      kind: "LEAVE_REQUEST_RECALCULATED",
      payload,
      actor,
      now,
    });
    if (r.approverEmployeeId && r.approverEmployeeId !== employeeId) {
      await notify(tx, {
        recipientEmployeeId: r.approverEmployeeId,
        kind: "LEAVE_REQUEST_RECALCULATED",
        payload,
        actor,
        now,
      });
    }
    changed.push({
      requestId: r.id,
      startDate: r.startDate,
      endDate: r.endDate,
      status: r.status,
      before: r.days,
      after: computed.days,
    });
  }
  return changed;
}

/**
 * Records a workload change from `validFrom`; from today or earlier it is also the record's current one.
 * Leave requests already filed from that day on are computed again by the pattern in force on each day;
 * those whose days changed are listed in `recalculated`, and the person and the approver are told.
 */
export async function changeWorkload(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  input: { personnelNumber: string; validFrom: string; workloadPercent: number; workingWeekdays: number[] },
): Promise<
  { validFrom: string; workloadPercent: number; workingWeekdays: string; recalculated: RecomputedRequest[] }
> {
  const [e] = await deps.db.select().from(employees).where(
    eq(employees.personnelNumber, input.personnelNumber),
  )
    .limit(1);
  if (!e) throw refusal("not_found", "workload.noEmployee", { number: input.personnelNumber });
  // Every problem at once, each said in the reader's language, with the inputs it is about.
  const problems: { id: MessageId; params?: MessageParams }[] = [];
  const fields = new Set<string>();
  const problem = (field: string, id: MessageId, params?: MessageParams) => {
    problems.push(params ? { id, params } : { id });
    fields.add(field);
  };
  const dated = dateProblem(input.validFrom);
  if (dated === "format") {
    problem("validFrom", "workload.firstDayNotDate", { value: input.validFrom });
  } else if (dated === "range") {
    problem("validFrom", "workload.firstDayImplausible", { value: input.validFrom });
  } else if (input.validFrom <= e.employmentStart) {
    problem("validFrom", "workload.firstDayNotAfterStart", { start: e.employmentStart });
  } else if (e.employmentEnd && input.validFrom > e.employmentEnd) {
    problem("validFrom", "workload.firstDayAfterEnd", { end: e.employmentEnd });
  }
  if (!workloadPercent.safeParse(input.workloadPercent).success) {
    problem("workloadPercent", "workload.percentRange");
  }
  const days = [...new Set(input.workingWeekdays)].sort();
  if (!days.length) problem("workingWeekdays", "workload.needWeekday");
  else if (!weekdayPattern.safeParse(days).success) {
    problem("workingWeekdays", "field.weekdays", { value: input.workingWeekdays.join(",") });
  }
  if (problems.length) {
    throw refusal("validation", "workload.notRecorded", { problems }, { field: [...fields] });
  }
  const weekdays = days.join(",");
  const history = await deps.db.select().from(workloadChanges).where(eq(workloadChanges.employeeId, e.id));
  const same = history.find((h) => h.validFrom === input.validFrom);
  if (same) {
    throw refusal("conflict", "workload.sameDay", { number: input.personnelNumber, date: input.validFrom }, {
      conflictingId: same.id,
      field: "validFrom",
    });
  }
  const recalculated = await deps.db.transaction(async (tx) => {
    // The pattern before the first change is the record's own: kept as history from the start, so the
    // record can follow the newest change without rewriting the past.
    // A change without its own weekdays means "the record's pattern": pinned to today's, since the record
    // may now take the new one.
    await tx.update(workloadChanges).set({ workingWeekdays: e.workingWeekdays }).where(
      and(eq(workloadChanges.employeeId, e.id), isNull(workloadChanges.workingWeekdays)),
    );
    if (!history.length) {
      await tx.insert(workloadChanges).values({
        employeeId: e.id,
        validFrom: e.employmentStart,
        workloadPercent: e.workloadPercent,
        workingWeekdays: e.workingWeekdays,
      });
    }
    await tx.insert(workloadChanges).values({
      employeeId: e.id,
      validFrom: input.validFrom,
      workloadPercent: input.workloadPercent,
      workingWeekdays: weekdays,
    });
    const latest = [...history.map((h) => h.validFrom), input.validFrom].filter((d) => d <= todayOf(deps))
      .sort()
      .at(-1);
    if (latest === input.validFrom) {
      await tx.update(employees).set({
        workloadPercent: input.workloadPercent,
        workingWeekdays: weekdays,
        updatedAt: deps.clock.now(),
      }).where(eq(employees.id, e.id));
    }
    return await recomputeFrom(tx as unknown as Tx, e.id, input.validFrom, deps.clock.now());
  });
  return {
    validFrom: input.validFrom,
    workloadPercent: input.workloadPercent,
    workingWeekdays: weekdays,
    recalculated,
  };
}
