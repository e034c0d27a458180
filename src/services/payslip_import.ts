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
import { dateProblem } from "../domain/fields.ts";
import { decodeCsv, detectDelimiter, parseCsv } from "../csv.ts";

/** Largest PDF accepted: a payslip is one or two pages; anything much larger is not one. */
export const MAX_PAYSLIP_BYTES = 5 * 1024 * 1024;
/**
 * Largest manifest upload in the console (the manifest and its PDFs together): a month of a small
 * organisation's payslips (typically 100–300 KB each) fits many times; larger batches go in several uploads or
 * through `payslips import`.
 */
export const MAX_PAYSLIP_BATCH_BYTES = 50 * 1024 * 1024;

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
  /** The payslip's lines (wage types and deductions) the portal shows with it, when payroll gives them. */
  lines?: { label: string; amount: number }[];
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
  /** Problems of the batch found elsewhere, reported after the lines' own (and stopping the import too). */
  batchProblems: readonly string[] = [],
): Promise<PayslipImportResult> {
  const errors: string[] = [];
  if (!entries.length) return { ok: false, errors: ["the manifest lists no payslip", ...batchProblems] };
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
    else if (dateProblem(`${period}-01`) === "range") {
      errors.push(`${at}: period must be a month from 1900-01 to 2100-12, got "${e.period}"`);
    }
    const paymentDate = isoDate(e.paymentDate);
    const dateProblemOf = dateProblem(paymentDate);
    if (dateProblemOf === "format") {
      errors.push(`${at}: payment_date must be a date YYYY-MM-DD or DD.MM.YYYY, got "${e.paymentDate}"`);
    } else if (dateProblemOf === "range") {
      errors.push(`${at}: payment_date must be a date from 1900-01-01 to 2100-12-31, got "${e.paymentDate}"`);
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
    const lines = e.lines ?? [];
    if (
      lines.length > 50 ||
      lines.some((l) => !l.label.trim() || l.label.length > 100 || !Number.isFinite(l.amount))
    ) {
      errors.push(`${at}: lines must be at most 50 of "label=amount" separated by |`);
    }
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
        lines: JSON.stringify(lines.map((l) => ({ label: l.label.trim(), amount: l.amount }))),
        documentName: e.fileName.split("/").pop()!,
        documentType: "application/pdf",
        document: Buffer.from(e.bytes),
        createdAt: deps.clock.now(),
      });
    }
  }
  errors.push(...batchProblems);
  if (errors.length) return { ok: false, errors };
  await deps.db.transaction(async (tx) => {
    for (const r of rows) await tx.insert(payslips).values(r);
  });
  return { ok: true, created: rows.length };
}

const REQUIRED = ["personnel_number", "period", "payment_date", "gross", "net", "file"];
const OPTIONAL = ["label", "currency", "lines"];

/**
 * The optional `lines` column: `label=amount` pairs separated by `|` (`Monatslohn=8291.65|AHV/IV/EO
 * 5.3 %=-439.45`); an amount that is no number is kept as NaN so the line's check names it.
 */
function linesOf(cell: string): { label: string; amount: number }[] {
  return cell.split("|").map((p) => p.trim()).filter(Boolean).map((p) => {
    const at = p.lastIndexOf("=");
    const value = at < 0 ? null : amount(p.slice(at + 1));
    return { label: at < 0 ? p : p.slice(0, at).trim(), amount: value ?? NaN };
  });
}

/** A manifest's PDF by the name its `file` column gives, or why it cannot be had. */
export type ManifestFileReader = (name: string) => Promise<{ bytes: Uint8Array | null; problem?: string }>;

/**
 * Reads a payroll manifest (comma or semicolon, UTF-8 or Windows-1252; `personnel_number`, `period`,
 * `payment_date`, `gross`, `net`, `file`, optionally `label` and `currency`) with each line's PDF through
 * `readFile`, and imports it all or nothing: the command reads the files beside the manifest, the console
 * the files uploaded with it.
 */
export async function importManifest(
  deps: Pick<AppDeps, "db" | "clock">,
  raw: Uint8Array,
  readFile: ManifestFileReader,
  /** Problems found once every line's file was asked for (the console: uploaded files no line names). */
  afterRead?: () => string[],
): Promise<PayslipImportResult> {
  const csv = decodeCsv(raw).text.replace(/^\uFEFF/, "");
  let rows;
  try {
    rows = parseCsv(csv, detectDelimiter(csv));
  } catch (e) {
    return { ok: false, errors: [(e as Error).message] };
  }
  const header = (rows[0]?.cells ?? []).map((h) => h.trim().toLowerCase());
  const problems: string[] = [];
  const unknown = header.filter((h) => ![...REQUIRED, ...OPTIONAL].includes(h));
  if (unknown.length) problems.push(`line 1: unknown column(s) ${unknown.join(", ")}`);
  for (const c of REQUIRED) if (!header.includes(c)) problems.push(`line 1: the column ${c} is missing`);
  if (problems.length) return { ok: false, errors: problems };
  const entries: PayslipEntry[] = [];
  for (const { line, cells } of rows.slice(1)) {
    if (cells.length === 1 && cells[0].trim() === "") continue;
    if (cells.length !== header.length) {
      problems.push(`line ${line}: expected ${header.length} fields, found ${cells.length}`);
      continue;
    }
    const f = (c: string) => (header.includes(c) ? cells[header.indexOf(c)] : "");
    const name = f("file").trim();
    const file = name ? await readFile(name) : { bytes: null, problem: "file is required" };
    entries.push({
      line,
      personnelNumber: f("personnel_number"),
      period: f("period"),
      paymentDate: f("payment_date"),
      label: f("label"),
      gross: f("gross"),
      net: f("net"),
      currency: f("currency"),
      fileName: name,
      bytes: file.bytes,
      fileProblem: file.problem,
      lines: linesOf(f("lines")),
    });
  }
  if (problems.length) return { ok: false, errors: [...problems, ...afterRead?.() ?? []] };
  return await importPayslips(deps, entries, afterRead?.() ?? []);
}
