/**
 * A change of someone's workload and working weekdays from a date, kept as history
 * (`workload_changes`): the leave balance shares a year between the patterns by calendar days, and the
 * time target of a day reads the workload that held on it. Editing the employee record instead changes the
 * pattern for the whole past, so HR records a change from a date here (the console's person page).
 */
import { and, eq, isNull } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, workloadChanges } from "../db/schema/mod.ts";
import { isValidDate } from "../domain/calendar.ts";
import { conflict, invalid, notFound } from "../errors.ts";
import { todayOf } from "./common.ts";

/** Records a workload change from `validFrom`; from today or earlier it is also the record's current one. */
export async function changeWorkload(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  input: { personnelNumber: string; validFrom: string; workloadPercent: number; workingWeekdays: number[] },
): Promise<{ validFrom: string; workloadPercent: number; workingWeekdays: string }> {
  const [e] = await deps.db.select().from(employees).where(
    eq(employees.personnelNumber, input.personnelNumber),
  )
    .limit(1);
  if (!e) throw notFound(`There is no employee with the personnel number "${input.personnelNumber}".`);
  const problems: string[] = [];
  if (!isValidDate(input.validFrom)) {
    problems.push(`the first day must be a date YYYY-MM-DD, got "${input.validFrom}"`);
  } else if (input.validFrom <= e.employmentStart) {
    problems.push(`the first day must be after the employment starts (${e.employmentStart})`);
  } else if (e.employmentEnd && input.validFrom > e.employmentEnd) {
    problems.push(`the first day must be before the employment ends (${e.employmentEnd})`);
  }
  if (
    !(Number.isFinite(input.workloadPercent) && input.workloadPercent > 0 && input.workloadPercent <= 100)
  ) {
    problems.push(`the workload must be above 0 and at most 100 %, got ${input.workloadPercent}`);
  }
  const days = [...new Set(input.workingWeekdays)].sort();
  if (!days.length || days.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) {
    problems.push("at least one working weekday (1 = Monday to 7 = Sunday) is needed");
  }
  if (problems.length) throw invalid(`No workload change was recorded: ${problems.join("; ")}.`);
  const weekdays = days.join(",");
  const history = await deps.db.select().from(workloadChanges).where(eq(workloadChanges.employeeId, e.id));
  const same = history.find((h) => h.validFrom === input.validFrom);
  if (same) {
    throw conflict(
      `${input.personnelNumber} already has a workload change from ${input.validFrom}; choose another day.`,
      same.id,
    );
  }
  await deps.db.transaction(async (tx) => {
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
  });
  return { validFrom: input.validFrom, workloadPercent: input.workloadPercent, workingWeekdays: weekdays };
}
