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
import { decodeCsv, detectDelimiter, parseCsv, toCsv, unneutralizeCell } from "../csv.ts";

/**
 * Imports employees from CSV, all or nothing: every row is validated first (each problem reported with its
 * line number); only a file without errors is written, in one transaction.
 */
export async function importEmployees(
  deps: Pick<AppDeps, "db" | "clock">,
  input: string | Uint8Array,
): Promise<ImportResult> {
  const text = typeof input === "string" ? input : decodeCsv(input).text;
  let rows;
  try {
    rows = parseCsv(text, detectDelimiter(text.replace(/^\uFEFF/, "")));
  } catch (e) {
    return { ok: false, errors: [(e as Error).message] };
  }
  if (!rows.length) return { ok: false, errors: ["the file is empty"] };
  const header = rows[0].cells.map((h) => h.trim().toLowerCase());
  const errors: string[] = [];
  const unknown = header.filter((h) => !(EMPLOYEE_COLUMNS as readonly string[]).includes(h));
  if (unknown.length) errors.push(`line 1: unknown column(s) ${unknown.join(", ")}`);
  for (const c of REQUIRED_COLUMNS) {
    if (!header.includes(c)) errors.push(`line 1: the column ${c} is missing`);
  }
  if (errors.length) return { ok: false, errors };
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
  return await saveEmployeeRecords(deps, records, errors);
}

/**
 * Exports every employee in the import format (re-importing the file changes nothing); a cell that starts
 * like a formula is written as text (`toCsv`).
 */
export async function exportEmployees(deps: Pick<AppDeps, "db">): Promise<string> {
  const records = await employeeRecordFields(deps);
  return toCsv([[...EMPLOYEE_COLUMNS], ...records.map((r) => EMPLOYEE_COLUMNS.map((c) => r[c]))]);
}
