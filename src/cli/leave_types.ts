/** Commands for the organisation's leave types, their policies, and HR's corrections of entitlements. */
import { eq } from "drizzle-orm";
import type { Command } from "./command.ts";
import { CommandError, UsageError } from "./errors.ts";
import { ensureStandardLeaveTypes, listLeaveTypes } from "../services/leave_types.ts";
import { adjustEntitlement, getLeavePolicy, setLeavePolicy } from "../services/leave_policies.ts";
import { listAdjustments } from "../services/leave.ts";
import { parseStepText, stepText } from "../domain/entitlement.ts";
import { employees, leaveTypes } from "../db/schema/mod.ts";
import { nothingImported, number, refusing, text } from "./args.ts";
import { hrLeaveBalances, importOpeningBalances } from "../services/hr_leave.ts";
import { toCsv, toExcelCsv } from "../csv.ts";

function describe(p: Awaited<ReturnType<typeof getLeavePolicy>>): string {
  if (!p.deductsBalance) return `${p.code}: recorded, no balance.\n`;
  const steps = p.steps.length ? p.steps.map(stepText).join(", ") : "none";
  return `${p.code}: ${p.baseDays} days a year (five-day week), steps: ${steps}, half days ${
    p.allowHalfDays ? "allowed" : "not allowed"
  }.\n`;
}

export const leaveTypeCommands: Command[] = [
  {
    name: "leave-types init",
    summary: "Create the standard Swiss leave types that are missing (vacation, maternity, other parent, …)",
    usage:
      "leave-types init\n\nCreates only the codes that do not exist yet; what HR changed is kept. The\n" +
      "service does the same at start on a database without any leave type.",
    async run(deps, _a, io) {
      const created = await ensureStandardLeaveTypes(deps.db);
      io.out(
        created.length ? `Created: ${created.join(", ")}.\n` : "All standard leave types exist already.\n",
      );
      return 0;
    },
  },
  {
    name: "leave-types list",
    summary: "List the active leave types",
    usage: "leave-types list",
    async run(deps, _a, io) {
      const rows = await listLeaveTypes(deps.db);
      for (const t of rows) {
        io.out(
          `${t.code.padEnd(14)} ${t.nameDe.padEnd(36)} ${
            t.deductsBalance ? `${t.defaultAnnualDays} days a year` : "recorded, no balance"
          }\n`,
        );
      }
      io.out(`${rows.length} leave type(s).\n`);
      return 0;
    },
  },
  {
    name: "leave-types policy",
    summary: "Show or change a leave type's policy: base days, steps by age or service years, half days",
    usage: "leave-types policy --code <CODE> [--base-days <n>] [--step age>=50:27 …] [--no-steps]\n" +
      "                   [--half-days yes|no]\n\n" +
      "Days are full-time days of a five-day week (25 = five weeks); each person gets them in days of their\n" +
      "own working week, pro rata for entry and exit. A step gives its days from the leave year in which the\n" +
      "age or the number of service years is reached ('service>=10:27'); the largest step that applies wins.\n" +
      "Vacation is never below the law (OR Art. 329a): 20 days, 25 until the 20th birthday.\n" +
      "Without changes, shows the policy.",
    options: {
      code: { type: "string" },
      "base-days": { type: "string" },
      step: { type: "string", multiple: true },
      "no-steps": { type: "boolean" },
      "half-days": { type: "string" },
    },
    async run(deps, { values }, io) {
      const code = text(values, "code").toUpperCase();
      const stepTexts = (values.step as string[] | undefined) ?? [];
      if (stepTexts.length && values["no-steps"]) throw new UsageError("Use --step or --no-steps, not both.");
      const half = values["half-days"];
      if (half !== undefined && half !== "yes" && half !== "no") {
        throw new UsageError(`--half-days is yes or no, got "${half}".`);
      }
      const baseDays = number(values, "base-days");
      const steps = values["no-steps"] ? [] : stepTexts.length ? stepTexts.map(parseStepOrUsage) : undefined;
      const change = baseDays !== undefined || steps !== undefined || half !== undefined;
      const p = await refusing(() =>
        change
          ? setLeavePolicy(deps.db, code, {
            baseDays,
            steps,
            allowHalfDays: half === undefined ? undefined : half === "yes",
          })
          : getLeavePolicy(deps.db, code)
      );
      io.out((change ? "Changed. " : "") + describe(p));
      return 0;
    },
  },
  {
    name: "leave adjust",
    summary: "Correct one person's entitlement for a leave year, with the reason they will see",
    usage:
      "leave adjust --employee <personnel number> --type <CODE> --year <yyyy> --days <±n> --note <text>\n\n" +
      "Adds (or, negative, removes) days in half-day steps; write a negative number as --days=-1. The person sees each correction with its note\n" +
      "in their balance; corrections are never edited, a wrong one is undone by another.",
    options: {
      employee: { type: "string" },
      type: { type: "string" },
      year: { type: "string" },
      days: { type: "string" },
      note: { type: "string" },
    },
    async run(deps, { values }, io) {
      const row = await refusing(() =>
        adjustEntitlement(deps, {
          personnelNumber: text(values, "employee"),
          code: text(values, "type").toUpperCase(),
          year: number(values, "year") ?? NaN,
          days: number(values, "days") ?? NaN,
          note: text(values, "note"),
          by: "operator (command line)",
        })
      );
      io.out(
        `Adjusted ${values.employee}'s ${
          String(values.type).toUpperCase()
        } ${row.year} by ${row.days} days.\n`,
      );
      return 0;
    },
  },
  {
    name: "leave history",
    summary: "List the corrections of one person's entitlement for a leave year",
    usage: "leave history --employee <personnel number> --type <CODE> --year <yyyy>",
    options: { employee: { type: "string" }, type: { type: "string" }, year: { type: "string" } },
    async run(deps, { values }, io) {
      const pn = text(values, "employee");
      const code = text(values, "type").toUpperCase();
      const year = number(values, "year");
      if (year === undefined) throw new UsageError("--year is required.");
      const [emp] = await deps.db.select({ id: employees.id }).from(employees)
        .where(eq(employees.personnelNumber, pn)).limit(1);
      if (!emp) throw new CommandError(`There is no employee with the personnel number "${pn}".`);
      const [t] = await deps.db.select({ id: leaveTypes.id }).from(leaveTypes).where(
        eq(leaveTypes.code, code),
      )
        .limit(1);
      if (!t) {
        throw new CommandError(`There is no leave type with the code "${code}" (see 'leave-types list').`);
      }
      const rows = await listAdjustments(deps.db, { employeeId: emp.id, leaveTypeId: t.id, year });
      for (const r of rows) {
        io.out(
          `${new Date(r.createdAt).toISOString().slice(0, 10)}  ${String(r.days).padStart(6)}  ${r.note}\n`,
        );
      }
      io.out(`${rows.length} correction(s), ${rows.at(-1)?.total ?? 0} days in all.\n`);
      return 0;
    },
  },
  {
    name: "leave balances",
    summary: "Show everyone's (or one person's) leave balances for a year, as text or CSV",
    usage:
      "leave balances [--employee <personnel number>] [--year <yyyy>] [--format text|csv] [--excel]\n\n" +
      "Per person and leave type: entitlement, carry-over, corrections, available, used, planned, requested\n" +
      "(not yet approved, not deducted) and remaining, the figures the person sees in the portal. Without\n" +
      "--employee, everyone employed in the year; the year is the current one unless given. A leave type\n" +
      "without a balance is listed only where days were taken or asked for. CSV cells that start like a\n" +
      "spreadsheet formula are written as text. --excel writes the CSV Excel on a Swiss or German Windows\n" +
      "opens as columns: semicolons, a UTF-8 byte-order mark, CRLF line ends (as employees export --excel).",
    options: {
      employee: { type: "string" },
      year: { type: "string" },
      format: { type: "string" },
      excel: { type: "boolean" },
    },
    async run(deps, { values }, io) {
      const excel = values.excel === true;
      const format = (values.format ?? (excel ? "csv" : "text")) as string;
      if (format !== "text" && format !== "csv") {
        throw new UsageError(`--format is text or csv, got "${format}".`);
      }
      if (excel && format !== "csv") throw new UsageError("--excel writes CSV: leave out --format text.");
      const year = number(values, "year");
      if (year !== undefined && !(Number.isInteger(year) && year >= 2000 && year <= 2100)) {
        throw new UsageError(`--year must be a year from 2000 to 2100, got "${values.year}".`);
      }
      const r = await refusing(() =>
        hrLeaveBalances(deps, {
          personnelNumber: values.employee as string | undefined,
          year,
          lang: "en",
        })
      );
      const shown = (n: number | null) => n === null ? "" : String(n);
      // A type without a balance (maternity, moving, …) is listed only when days were taken or asked for:
      // for most people most types do not apply, and a row of empty cells each says nothing.
      const applies = (b: { deductsBalance: boolean; used: number; planned: number; pending: number }) =>
        b.deductsBalance || b.used > 0 || b.planned > 0 || b.pending > 0;
      if (format === "csv") {
        const rows: (string | number | null)[][] = [[
          "personnel_number",
          "name",
          "leave_type",
          "year",
          "entitlement",
          "carry_over",
          "corrections",
          "available",
          "used",
          "planned",
          "requested",
          "remaining",
        ]];
        for (const p of r.people) {
          for (const b of p.balances.filter(applies)) {
            rows.push([
              p.personnelNumber,
              p.name,
              b.code,
              r.year,
              b.entitlement,
              b.carryOver - b.carryOverLapsed,
              b.adjustments,
              b.available,
              b.used,
              b.planned,
              b.pending,
              b.remaining,
            ]);
          }
        }
        io.out(excel ? toExcelCsv(rows) : toCsv(rows));
        return 0;
      }
      for (const p of r.people) {
        io.out(`${p.personnelNumber}  ${p.name}\n`);
        for (const b of p.balances.filter(applies)) {
          io.out(
            b.deductsBalance
              ? `  ${b.code.padEnd(14)} entitlement ${shown(b.entitlement)}, carry-over ${
                shown(b.carryOver - b.carryOverLapsed)
              }, corrections ${b.adjustments}, available ${
                shown(b.available)
              }, used ${b.used}, planned ${b.planned}, requested ${b.pending}, remaining ${
                shown(b.remaining)
              }\n`
              : `  ${
                b.code.padEnd(14)
              } no balance; used ${b.used}, planned ${b.planned}, requested ${b.pending}\n`,
          );
          // The statutory days carried never lapse with the type's expiry: said by year of origin.
          for (const c of b.statutoryCarried) {
            io.out(
              `    ${c.days} statutory days from ${c.origin} lapse on ${`${c.lapsesOn.slice(8)}.${
                c.lapsesOn.slice(5, 7)
              }.${c.lapsesOn.slice(0, 4)}`}\n`,
            );
          }
        }
      }
      io.out(`${r.people.length} person(s), leave year ${r.year}.\n`);
      return 0;
    },
  },
  {
    name: "leave import-opening",
    summary: "Import opening balances (days taken, carry-over) for a start during the year, all or nothing",
    usage: "leave import-opening --file <file.csv>   (or - for standard input)\n\n" +
      "Columns: personnel_number, leave_type, year, taken, carry_over (semicolons or commas, UTF-8 or\n" +
      'Windows-1252 as Excel writes). Each becomes a correction with the reason "opening balance" that the\n' +
      "person sees in their balance; importing again replaces the earlier opening balance of that person, type\n" +
      "and year. Every bad row is reported with its line; a file with any problem changes nothing.",
    options: { file: { type: "string" } },
    async run(deps, { values }, io) {
      const file = text(values, "file");
      const input = file === "-" ? await io.readStdin() : await Deno.readFile(file).catch(() => {
        throw new CommandError(`Cannot read ${file}.`);
      });
      const r = await importOpeningBalances(deps, input, { by: "operator (command line)", lang: "en" });
      if (!r.ok) return nothingImported(io, r.errors);
      io.out(`Opening balances imported: ${r.set} set, ${r.unchanged} unchanged.\n`);
      return 0;
    },
  },
];

function parseStepOrUsage(s: string) {
  try {
    return parseStepText(s);
  } catch (e) {
    throw new UsageError(`--step: ${(e as Error).message}.`);
  }
}
