/**
 * The demo's people, salaries and payslips go in through the services HR uses: the employee file's
 * records (`saveEmployeeRecords`, as `employees import` and the console's person form), salary changes
 * (`addCompensation`, as `compensation add` and the console's pay page) and payroll's payslips
 * (`importPayslips`, as `payslips import` and the console's manifest upload), in the seed's transaction.
 * The builders describe them as rows like everything else (so `buildDemo` stays pure and its rows can be
 * inspected); here they become the services' input. The people keep the builders' stable ids (tests and the
 * demo's story name them), which is the one thing the employee file cannot say.
 *
 * What the person states themselves in the portal (private e-mail, emergency contact, nationality, country)
 * is written afterwards as their profile holds it: the employee file does not carry it.
 */
import { eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as s from "../db/schema/mod.ts";
import type { Db } from "../db/client.ts";
import type { Clock } from "../clock.ts";
import type { Tx } from "../settings.ts";
import { type EmployeeRecord, saveEmployeeRecords } from "../services/employee_records.ts";
import { addCompensation } from "../services/hr_pay.ts";
import { importPayslips, type PayslipEntry } from "../services/payslip_import.ts";

type Row = Record<string, unknown>;

/** The tables whose rows the services write (in the order the seed reaches them). */
export const SERVICE_TABLES: ReadonlySet<SQLiteTable> = new Set<SQLiteTable>([
  s.employees,
  s.compensation,
  s.payslips,
]);

/** A builder's refusal by a service is a bug in the demo, said plainly. */
function refused(what: string, errors: readonly string[]): Error {
  return new Error(`the demo's ${what} are refused: ${errors.slice(0, 5).join("; ")}`);
}

/** Writes one table's builder rows through its service. */
export async function writeThroughServices(
  tx: Tx,
  clock: Clock,
  table: SQLiteTable,
  rows: Row[],
  all: (table: SQLiteTable) => Row[],
): Promise<void> {
  // The services take the database handle; inside the seed they run in its transaction (their own
  // transactions become savepoints).
  const deps = { db: tx as unknown as Db, clock };
  const pnOf = new Map(all(s.employees).map((e) => [String(e.id), String(e.personnelNumber)]));
  if (table === s.employees) {
    const deptName = new Map(all(s.departments).map((d) => [String(d.id), String(d.name)]));
    const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));
    const records: EmployeeRecord[] = rows.map((e, i) => ({
      line: i + 2,
      fields: {
        personnel_number: text(e.personnelNumber),
        first_name: text(e.firstName),
        last_name: text(e.lastName),
        work_email: text(e.workEmail),
        phone: text(e.phone),
        canton: text(e.canton),
        manager_personnel_number: e.managerId ? pnOf.get(String(e.managerId))! : "",
        department: e.departmentId ? deptName.get(String(e.departmentId))! : "",
        job_title: text(e.jobTitle),
        employment_start: text(e.employmentStart),
        employment_end: text(e.employmentEnd),
        workload_percent: text(e.workloadPercent),
        working_weekdays: text(e.workingWeekdays).replaceAll(",", ";"),
        weekly_hours: text(e.weeklyHours),
        salary_continuation_scale: text(e.salaryContinuationScale),
        birth_date: text(e.birthDate),
        ahv_number: text(e.ahvNumber),
        iban: text(e.iban),
        address_street: text(e.addressStreet),
        address_postal_code: text(e.addressPostalCode),
        address_city: text(e.addressCity),
      },
    }));
    const idOf = new Map(rows.map((e) => [String(e.personnelNumber), String(e.id)]));
    const r = await saveEmployeeRecords(deps, records, [], { idOf: (pn) => idOf.get(pn) });
    if (!r.ok) throw refused("employee records", r.errors);
    for (const e of rows) {
      await tx.update(s.employees).set({
        privateEmail: (e.privateEmail ?? null) as string | null,
        emergencyContactName: (e.emergencyContactName ?? null) as string | null,
        emergencyContactPhone: (e.emergencyContactPhone ?? null) as string | null,
        nationality: (e.nationality ?? null) as string | null,
        addressCountry: (e.addressCountry ?? "CH") as string,
      }).where(eq(s.employees.id, String(e.id)));
    }
  } else if (table === s.compensation) {
    for (const c of rows) {
      await addCompensation(deps, {
        personnelNumber: pnOf.get(String(c.employeeId))!,
        validFrom: String(c.validFrom),
        annualSalary: Number(c.annualSalary),
        payments: Number(c.payments),
        currency: String(c.currency),
        reason: c.reason ? String(c.reason) : undefined,
      });
    }
  } else if (table === s.payslips) {
    const entries: PayslipEntry[] = rows.map((p, i) => ({
      line: i + 2,
      personnelNumber: pnOf.get(String(p.employeeId))!,
      period: String(p.period),
      paymentDate: String(p.paymentDate),
      label: String(p.periodLabel),
      gross: Number(p.gross).toFixed(2),
      net: Number(p.net).toFixed(2),
      currency: String(p.currency),
      fileName: String(p.documentName),
      bytes: new Uint8Array(p.document as Uint8Array),
      lines: JSON.parse(String(p.lines)),
    }));
    const r = await importPayslips(deps, entries);
    if (!r.ok) throw refused("payslips", r.errors);
  } else {
    throw new Error("no service writes this table");
  }
}
