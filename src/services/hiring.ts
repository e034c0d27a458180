/**
 * A hire: when a stage move marks a candidate hired, the candidate becomes an employee through the same
 * records service as the console and the employee file (so the same checks hold and the organisation's
 * onboarding template becomes their plan), in the stage move's own transaction.
 */
import { eq } from "drizzle-orm";
import { departments, employees, settings } from "../db/schema/mod.ts";
import { addDays, isoWeekday } from "../domain/calendar.ts";
import { type AppError, refusal } from "../errors.ts";
import { phoneNumber } from "../domain/fields.ts";
import { SETTING_KEYS } from "../settings.ts";
import type { Q, Tx } from "./common.ts";
import { nextPersonnelNumber, saveEmployeeRecordsIn } from "./employee_records.ts";
import { recordProblemMessage } from "../i18n/messages/mod.ts";

/** Days from the hire to the earliest default first working day (a month's notice, rounded to a Monday). */
export const DEFAULT_START_AFTER_DAYS = 28;

/**
 * The first working day of a hire: the position's start date when it has one that is not past, else the
 * first Monday at least four weeks after the day of the hire (HR corrects it on the person's page).
 */
export function hireStartDate(positionStart: string | null, today: string): string {
  if (positionStart && positionStart >= today) return positionStart;
  let d = addDays(today, DEFAULT_START_AFTER_DAYS);
  while (isoWeekday(d) !== 1) d = addDays(d, 1);
  return d;
}

/** The canton a hire works in: the position's, else the organisation's default, else null. */
export async function hireCanton(q: Q, positionCanton: string | null): Promise<string | null> {
  if (positionCanton) return positionCanton;
  const [row] = await q.select({ value: settings.value }).from(settings)
    .where(eq(settings.key, SETTING_KEYS.defaultCanton)).limit(1);
  if (!row) return null;
  try {
    const v = JSON.parse(row.value);
    return typeof v === "string" && v ? v : null;
  } catch {
    return null;
  }
}

/** The refusal when a hire would have no canton (the leave and holiday rules need one). */
export function noCanton(): AppError {
  return refusal("conflict", "recruiting.noCanton");
}

/** What a hire is made of: the candidate and the position they were hired for. */
export interface Hire {
  firstName: string;
  lastName: string;
  phone: string | null;
  /** The language the candidate applied in: the employee's, so their invitation is written in it. */
  language?: string | null;
  position: {
    title: string;
    departmentId: string | null;
    canton: string | null;
    workloadMin: number | null;
    workloadMax: number | null;
    hiringManagerEmployeeId: string | null;
    startDate: string | null;
  };
}

/**
 * Creates the hired candidate's employee record in the caller's transaction (a new personnel number, the
 * start date of `hireStartDate`, the position's canton, department, title and workload, the hiring manager as
 * manager, the language the candidate applied in) and starts their onboarding plan from the template DEFAULT. Returns the new employee's id.
 */
export async function createHiredEmployee(tx: Tx, now: number, today: string, hire: Hire): Promise<string> {
  const p = hire.position;
  const canton = await hireCanton(tx, p.canton);
  if (!canton) throw noCanton();
  const manager = p.hiringManagerEmployeeId
    ? (await tx.select({ pn: employees.personnelNumber }).from(employees)
      .where(eq(employees.id, p.hiringManagerEmployeeId)).limit(1))[0]?.pn ?? ""
    : "";
  const department = p.departmentId
    ? (await tx.select({ name: departments.name }).from(departments)
      .where(eq(departments.id, p.departmentId)).limit(1))[0]?.name ?? ""
    : "";
  const workload = p.workloadMax ?? p.workloadMin;
  const saved = await saveEmployeeRecordsIn(tx, now, today, [{
    line: 1,
    fields: {
      personnel_number: await nextPersonnelNumber(tx),
      first_name: hire.firstName,
      last_name: hire.lastName,
      // The careers form takes any contact text up to 40 characters ("evenings after 6"); the record takes a
      // phone number only (`phoneNumber`), so a text that is none stays with the application and HR enters
      // the number on the person's page, rather than the hire being refused for it.
      phone: hire.phone && phoneNumber.safeParse(hire.phone).success ? hire.phone : "",
      language: hire.language ?? "",
      canton,
      manager_personnel_number: manager,
      department,
      job_title: p.title,
      employment_start: hireStartDate(p.startDate, today),
      workload_percent: workload === null ? "" : String(workload),
    },
  }]);
  if (!saved.ok) {
    // The record's problems, each said in the reader's language (the catalogue's texts of the codes).
    throw refusal("validation", "recruiting.hireRefused", {
      problems: saved.problems.map(recordProblemMessage),
    });
  }
  return saved.created[0];
}
