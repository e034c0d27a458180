/**
 * The employee file (CSV) as offices write it, read and written for `employees import` / `employees export`
 * and the HR console: one column format (`EMPLOYEE_COLUMNS`), one all-or-nothing save (`employee_records.ts`).
 */
import type { AppDeps } from "../deps.ts";
import {
  EMPLOYEE_COLUMNS,
  type EmployeeRecord,
  employeeRecordFields,
  type ImportResult,
  REQUIRED_COLUMNS,
  saveEmployeeRecords,
} from "./employee_records.ts";
import { decodeCsv, detectDelimiter, parseCsv, toCsv, toExcelCsv, unneutralizeCell } from "../csv.ts";

/** How a file is imported. */
export interface ImportOptions {
  /**
   * An empty cell clears the field of a person already known (or sets its default: workload 100, …). Without
   * it an empty cell, like a column the file does not have, keeps what the person's record holds: a file
   * exported before an edit in the console, or before HR applied someone's new IBAN, must not undo it.
   */
  clearEmpty?: boolean;
  /** Check the file and report what would change, per person and field; nothing is written. */
  dryRun?: boolean;
}

/**
 * Imports employees from CSV, all or nothing: every row is validated first (each problem reported with its
 * line number); only a file without errors is written, in one transaction.
 */
export async function importEmployees(
  deps: Pick<AppDeps, "db" | "clock">,
  input: string | Uint8Array,
  opts: ImportOptions = {},
): Promise<ImportResult> {
  const text = typeof input === "string" ? input : decodeCsv(input).text;
  let rows;
  try {
    rows = parseCsv(text, detectDelimiter(text.replace(/^\uFEFF/, "")));
  } catch (e) {
    return { ok: false, errors: [(e as Error).message], problems: [] };
  }
  if (!rows.length) return { ok: false, errors: ["the file is empty"], problems: [] };
  const header = rows[0].cells.map((h) => h.trim().toLowerCase());
  const errors: string[] = [];
  const unknown = header.filter((h) => !(EMPLOYEE_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) errors.push(`line 1: unknown column(s) ${unknown.join(", ")}`);
  for (const c of REQUIRED_COLUMNS) {
    if (!header.includes(c)) errors.push(`line 1: the column ${c} is missing`);
  }
  if (errors.length) return { ok: false, errors, problems: [] };
  const records: EmployeeRecord[] = [];
  for (const { line, cells } of rows.slice(1)) {
    if (cells.length !== header.length) {
      errors.push(`line ${line}: expected ${header.length} fields, found ${cells.length}`);
      continue;
    }
    // The export writes a cell a spreadsheet would run as a formula with a quote in front (`toCsv`); that
    // quote is not part of the value.
    records.push({ line, fields: Object.fromEntries(header.map((h, i) => [h, unneutralizeCell(cells[i])])) });
  }
  const known = new Map(
    (await employeeRecordFields(deps, records.map((r) => (r.fields.personnel_number ?? "").trim())))
      .map((r) => [r.personnel_number, r]),
  );
  for (const r of records) {
    const current = known.get((r.fields.personnel_number ?? "").trim());
    if (!current) continue;
    // A different canton takes its date from the file alone: the record's date of an earlier move would
    // silently move that move instead of refusing the undated one.
    const newCanton = (r.fields.canton ?? "").trim().toUpperCase();
    const keepDate = !newCanton || newCanton === current.canton;
    for (const c of EMPLOYEE_COLUMNS) {
      const cell = r.fields[c];
      if (c === "canton_valid_from" && !keepDate) continue;
      if (cell === undefined || (!opts.clearEmpty && cell.trim() === "")) r.fields[c] = current[c];
    }
  }
  return await saveEmployeeRecords(deps, records, errors, { dryRun: opts.dryRun });
}

/**
 * Exports every employee in the import format (re-importing the file changes nothing); a cell that starts
 * like a formula is written as text (`toCsv`). `excel`: the form Excel opens as columns on a Swiss or German
 * Windows: semicolons (the list separator there), a UTF-8 byte-order mark (without it Excel reads the bytes
 * as Windows-1252: "ZÃ¼rich") and CRLF line ends. The import reads both forms.
 */
export async function exportEmployees(
  deps: Pick<AppDeps, "db">,
  opts: { excel?: boolean } = {},
): Promise<string> {
  const records = await employeeRecordFields(deps);
  const rows = [[...EMPLOYEE_COLUMNS], ...records.map((r) => EMPLOYEE_COLUMNS.map((c) => r[c]))];
  return opts.excel ? toExcelCsv(rows) : toCsv(rows);
}
