/** Commands for pay: payslips from payroll. */
import { dirname, isAbsolute, join } from "node:path";
import type { Command } from "./command.ts";
import { CommandError, UsageError } from "./errors.ts";
import { decodeCsv, detectDelimiter, parseCsv } from "./csv.ts";
import { importPayslips, MAX_PAYSLIP_BYTES, type PayslipEntry } from "../services/payslip_import.ts";

const REQUIRED = ["personnel_number", "period", "payment_date", "gross", "net", "file"];
const OPTIONAL = ["label", "currency"];

/** Reads one manifest entry's PDF, or says why it cannot be read; never reads a file far too large. */
async function readPdf(base: string, name: string): Promise<{ bytes: Uint8Array | null; problem?: string }> {
  if (!name) return { bytes: null, problem: "file is required" };
  const path = isAbsolute(name) ? name : join(base, name);
  const info = await Deno.stat(path).catch(() => null);
  if (!info?.isFile) return { bytes: null, problem: `the file ${name} was not found beside the manifest` };
  if (info.size > MAX_PAYSLIP_BYTES) {
    return { bytes: null, problem: `${name} is larger than ${MAX_PAYSLIP_BYTES / 1024 / 1024} MB` };
  }
  return { bytes: await Deno.readFile(path) };
}

export const payCommands: Command[] = [
  {
    name: "payslips import",
    summary: "Import payslip PDFs from payroll with a manifest, all or nothing",
    usage: "payslips import --manifest <file.csv>\n\n" +
      "Manifest columns: personnel_number, period (YYYY-MM), payment_date (YYYY-MM-DD or DD.MM.YYYY),\n" +
      "gross, net, file (a PDF, relative to the manifest); optional label (default e.g. 'November 2026')\n" +
      "and currency (default CHF). Comma or semicolon, UTF-8 or Windows-1252. Every problem is reported\n" +
      "with its line; a manifest with any problem imports nothing. A payslip that exists already (same\n" +
      "person, period and label) is refused: import a correction with its own label.",
    options: { manifest: { type: "string" } },
    async run(deps, { values }, io) {
      const manifest = values.manifest;
      if (typeof manifest !== "string" || !manifest) throw new UsageError("--manifest is required.");
      const raw = await Deno.readFile(manifest).catch(() => {
        throw new CommandError(`Cannot read ${manifest}.`);
      });
      const text = decodeCsv(raw).text.replace(/^\uFEFF/, "");
      let rows;
      try {
        rows = parseCsv(text, detectDelimiter(text));
      } catch (e) {
        throw new CommandError(`Nothing was imported: ${(e as Error).message}`);
      }
      const header = (rows[0]?.cells ?? []).map((h) => h.trim().toLowerCase());
      const problems: string[] = [];
      const unknown = header.filter((h) => ![...REQUIRED, ...OPTIONAL].includes(h));
      if (unknown.length) problems.push(`line 1: unknown column(s) ${unknown.join(", ")}`);
      for (const c of REQUIRED) if (!header.includes(c)) problems.push(`line 1: the column ${c} is missing`);
      const entries: PayslipEntry[] = [];
      if (!problems.length) {
        const base = dirname(manifest);
        for (const { line, cells } of rows.slice(1)) {
          if (cells.length === 1 && cells[0].trim() === "") continue;
          if (cells.length !== header.length) {
            problems.push(`line ${line}: expected ${header.length} fields, found ${cells.length}`);
            continue;
          }
          const f = (c: string) => (header.includes(c) ? cells[header.indexOf(c)] : "");
          const file = await readPdf(base, f("file").trim());
          entries.push({
            line,
            personnelNumber: f("personnel_number"),
            period: f("period"),
            paymentDate: f("payment_date"),
            label: f("label"),
            gross: f("gross"),
            net: f("net"),
            currency: f("currency"),
            fileName: f("file").trim(),
            bytes: file.bytes,
            fileProblem: file.problem,
          });
        }
      }
      const r = problems.length
        ? { ok: false as const, errors: problems }
        : await importPayslips(deps, entries);
      if (!r.ok) {
        io.err(
          `Nothing was imported. ${r.errors.length} problem(s):\n${
            r.errors.map((e) => `  ${e}`).join("\n")
          }\n`,
        );
        return 1;
      }
      io.out(`Imported ${r.created} payslip(s).\n`);
      return 0;
    },
  },
];
