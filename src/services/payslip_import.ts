/**
 * Payslips from payroll: the PDFs a payroll system produces, with a manifest naming whose they are and for
 * which period. All or nothing: every entry is checked first (each problem named with its line), and only a
 * manifest without problems is written, in one transaction. A period that already has a payslip for the
 * person is refused, never overwritten: a correction is a new payslip with its own label (e.g. "Korrektur
 * November 2026"), so what a person once downloaded never changes under them.
 */
import { Buffer } from "node:buffer";
import { and, eq, inArray } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, payslips } from "../db/schema/mod.ts";
import { isValidDate } from "../domain/calendar.ts";

/** Largest PDF accepted: a payslip is one or two pages; anything much larger is not one. */
export const MAX_PAYSLIP_BYTES = 5 * 1024 * 1024;

/** One entry of a manifest, with its file already read (or why it could not be). */
export interface PayslipEntry {
  line: number;
  personnelNumber: string;
  period: string;
  paymentDate: string;
  label: string;
  gross: string;
  net: string;
  currency: string;
  fileName: string;
  bytes: Uint8Array | null;
  /** Why the file could not be read, when it could not. */
  fileProblem?: string;
}

export type PayslipImportResult = { ok: true; created: number } | { ok: false; errors: string[] };

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

function isPdf(bytes: Uint8Array): boolean {
  return PDF_MAGIC.every((b, i) => bytes[i] === b);
}

/** `DD.MM.YYYY` as Swiss payroll exports write dates, as `YYYY-MM-DD`. */
function isoDate(v: string): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v.trim());
  return m ? `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}` : v.trim();
}

const MONTHS_DE = [
  "Januar",
  "Februar",
  "März",
  "April",
  "Mai",
  "Juni",
  "Juli",
  "August",
  "September",
  "Oktober",
  "November",
  "Dezember",
];

/** A payslip's label for a month: "November 2026" (German, the source language); the demo uses it too. */
export function defaultLabel(period: string): string {
  return `${MONTHS_DE[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
}

function amount(v: string): number | null {
  const t = v.trim().replace(/['’\s]/g, "");
  if (!/^-?\d+(\.\d{1,2})?$/.test(t)) return null;
  return Number(t);
}

/** Checks every entry and, when none has a problem, stores them all. */
export async function importPayslips(
  deps: Pick<AppDeps, "db" | "clock">,
  entries: readonly PayslipEntry[],
): Promise<PayslipImportResult> {
  const errors: string[] = [];
  if (!entries.length) return { ok: false, errors: ["the manifest lists no payslip"] };
  const people = await deps.db.select({ id: employees.id, pn: employees.personnelNumber }).from(employees)
    .where(inArray(employees.personnelNumber, [...new Set(entries.map((e) => e.personnelNumber.trim()))]));
  const idOf = new Map(people.map((p) => [p.pn, p.id]));
  const seen = new Map<string, number>();
  const rows: (typeof payslips.$inferInsert)[] = [];
  for (const e of entries) {
    const at = `line ${e.line}`;
    const pn = e.personnelNumber.trim();
    const employeeId = idOf.get(pn);
    if (!pn) errors.push(`${at}: personnel_number is required`);
    else if (!employeeId) errors.push(`${at}: there is no employee with personnel number ${pn}`);
    const period = e.period.trim();
    const periodOk = /^\d{4}-(0[1-9]|1[0-2])$/.test(period);
    if (!periodOk) errors.push(`${at}: period must be a month YYYY-MM, got "${e.period}"`);
    const paymentDate = isoDate(e.paymentDate);
    if (!isValidDate(paymentDate)) {
      errors.push(`${at}: payment_date must be a date YYYY-MM-DD or DD.MM.YYYY, got "${e.paymentDate}"`);
    }
    const gross = amount(e.gross);
    const net = amount(e.net);
    if (gross === null) errors.push(`${at}: gross must be an amount such as 6500.00, got "${e.gross}"`);
    if (net === null) errors.push(`${at}: net must be an amount such as 5480.35, got "${e.net}"`);
    if (gross !== null && net !== null && net > gross) errors.push(`${at}: net is more than gross`);
    const currency = e.currency.trim().toUpperCase() || "CHF";
    if (!/^[A-Z]{3}$/.test(currency)) {
      errors.push(`${at}: currency must be a code such as CHF, got "${e.currency}"`);
    }
    const label = e.label.trim() || (periodOk ? defaultLabel(period) : "");
    if (label.length > 100) errors.push(`${at}: label is longer than 100 characters`);
    if (e.fileProblem) errors.push(`${at}: ${e.fileProblem}`);
    else if (!e.bytes) errors.push(`${at}: file is required`);
    else if (e.bytes.length > MAX_PAYSLIP_BYTES) {
      errors.push(`${at}: ${e.fileName} is larger than ${MAX_PAYSLIP_BYTES / 1024 / 1024} MB`);
    } else if (!isPdf(e.bytes)) errors.push(`${at}: ${e.fileName} is not a PDF`);
    const key = `${pn}|${period}|${label}`;
    const first = seen.get(key);
    if (first !== undefined) errors.push(`${at}: repeats line ${first} (${pn}, ${period}, ${label})`);
    else seen.set(key, e.line);
    if (employeeId && periodOk) {
      const [existing] = await deps.db.select({ id: payslips.id }).from(payslips).where(and(
        eq(payslips.employeeId, employeeId),
        eq(payslips.period, period),
        eq(payslips.periodLabel, label),
      )).limit(1);
      if (existing) {
        errors.push(
          `${at}: ${pn} already has the payslip "${label}" for ${period} (id ${existing.id}); a correction is ` +
            "imported with its own label",
        );
      }
    }
    if (employeeId && e.bytes && gross !== null && net !== null) {
      rows.push({
        employeeId,
        period,
        periodLabel: label,
        paymentDate,
        currency,
        gross,
        net,
        lines: "[]",
        documentName: e.fileName.split("/").pop()!,
        documentType: "application/pdf",
        document: Buffer.from(e.bytes),
        createdAt: deps.clock.now(),
      });
    }
  }
  if (errors.length) return { ok: false, errors };
  await deps.db.transaction(async (tx) => {
    for (const r of rows) await tx.insert(payslips).values(r);
  });
  return { ok: true, created: rows.length };
}
