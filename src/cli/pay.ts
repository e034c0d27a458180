/** Commands for pay: payslips from payroll. */
import { dirname, isAbsolute, join } from "node:path";
import type { Command } from "./command.ts";
import { CommandError, UsageError } from "./errors.ts";
import { importManifest, MAX_PAYSLIP_BYTES } from "../services/payslip_import.ts";
import { addClosure, addCompensation, listClosures, listCompensation } from "../services/hr_pay.ts";
import { importSchoolHolidays } from "../services/school_holidays.ts";
import { nothingImported, number, refusing, text } from "./args.ts";
import {
  type ClosureChangeResult,
  findClosure,
  RecalculationNeeded,
  removeClosure,
  updateClosure,
} from "../services/closure_changes.ts";
import type { Io } from "./command.ts";
import { AppError } from "../errors.ts";

/** A closure change's refusal because approved leave would change: exit 1 with the people named. */
async function recalculating<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof RecalculationNeeded) {
      throw new CommandError(`${e.message.replace(/Confirm the recalculation/, "Give --recalculate")}`);
    }
    if (e instanceof AppError) throw new CommandError(e.message);
    throw e;
  }
}

/** What a closure change did to leave requests. */
function reportRecalculation(io: Io, r: ClosureChangeResult) {
  if (r.workThroughRemoved) io.out(`${r.workThroughRemoved} approved work-through day(s) removed with it.\n`);
  if (!r.recalculated.length) return;
  io.out(
    `${r.recalculated.length} leave request(s) computed again; each person was notified and e-mailed:\n`,
  );
  for (const x of r.recalculated) {
    io.out(
      `  ${x.personnelNumber} ${x.name}, ${x.startDate} to ${x.endDate}: ${x.before} → ${x.after} days\n`,
    );
  }
}

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
      const manifest = text(values, "manifest");
      const raw = await Deno.readFile(manifest).catch(() => {
        throw new CommandError(`Cannot read ${manifest}.`);
      });
      const base = dirname(manifest);
      const r = await importManifest(deps, raw, (name) => readPdf(base, name));
      if (!r.ok) {
        return nothingImported(io, r.errors);
      }
      io.out(`Imported ${r.created} payslip(s).\n`);
      return 0;
    },
  },
  {
    name: "compensation add",
    summary: "Record a salary change for a person, valid from a date",
    usage:
      "compensation add --employee <personnel number> --valid-from <YYYY-MM-DD> --annual-salary <amount>\n" +
      "                 [--payments 12|13] [--currency CHF] [--reason <text>]\n\n" +
      "The person sees it in the portal as current, upcoming or history. A date before the employment\n" +
      "starts, a second change on the same date and a non-positive salary are refused.",
    options: {
      employee: { type: "string" },
      "valid-from": { type: "string" },
      "annual-salary": { type: "string" },
      payments: { type: "string" },
      currency: { type: "string" },
      reason: { type: "string" },
    },
    async run(deps, { values }, io) {
      const row = await refusing(() =>
        addCompensation(deps, {
          personnelNumber: text(values, "employee"),
          validFrom: text(values, "valid-from"),
          annualSalary: number(values, "annual-salary") ?? NaN,
          payments: number(values, "payments"),
          currency: values.currency as string | undefined,
          reason: values.reason as string | undefined,
        })
      );
      io.out(
        `Recorded: ${row.currency} ${row.annualSalary} a year in ${row.payments} payments from ${row.validFrom}.\n`,
      );
      return 0;
    },
  },
  {
    name: "compensation list",
    summary: "List a person's salary history",
    usage: "compensation list --employee <personnel number>",
    options: { employee: { type: "string" } },
    async run(deps, { values }, io) {
      const rows = await refusing(() => listCompensation(deps, text(values, "employee")));
      for (const r of rows) {
        io.out(
          `${r.validFrom}  ${r.currency} ${r.annualSalary}  ${r.payments} payments${
            r.reason ? `  ${r.reason}` : ""
          }\n`,
        );
      }
      io.out(`${rows.length} salary record(s).\n`);
      return 0;
    },
  },
  {
    name: "closures add",
    summary: "Add a company closure (e.g. between Christmas and New Year)",
    usage: "closures add --from <YYYY-MM-DD> --to <YYYY-MM-DD> --name <German name> [--name-fr <n>]\n" +
      "             [--name-en <n>] [--deducts-leave] [--canton <XX> …] [--recalculate]\n\n" +
      "With --deducts-leave its working days are taken from vacation (compulsory company holidays);\n" +
      "without, they are granted. --canton limits it to people working there. Overlaps are refused.\n" +
      "A closure day costs nothing in a leave request: a closure over approved leave is refused, naming\n" +
      "each request, unless --recalculate is given (they are computed again and the people told).",
    options: {
      from: { type: "string" },
      to: { type: "string" },
      name: { type: "string" },
      "name-fr": { type: "string" },
      "name-en": { type: "string" },
      "deducts-leave": { type: "boolean" },
      canton: { type: "string", multiple: true },
      recalculate: { type: "boolean" },
    },
    async run(deps, { values }, io) {
      const row = await recalculating(() =>
        addClosure(deps, {
          from: text(values, "from"),
          to: text(values, "to"),
          name: {
            de: text(values, "name"),
            fr: values["name-fr"] as string | undefined,
            en: values["name-en"] as string | undefined,
          },
          deductsLeave: values["deducts-leave"] === true,
          cantons: ((values.canton as string[] | undefined) ?? []).map((c) => c.toUpperCase()),
        }, { confirmed: values.recalculate === true })
      );
      io.out(`Closure "${row.nameDe}" from ${row.startDate} to ${row.endDate} added.\n`);
      reportRecalculation(io, { closure: row, recalculated: row.recalculated, workThroughRemoved: 0 });
      return 0;
    },
  },
  {
    name: "closures edit",
    summary: "Change a company closure (its days, names, vacation or granted, cantons)",
    usage: "closures edit --closure <first day | first..last> [--from <YYYY-MM-DD>] [--to <YYYY-MM-DD>]\n" +
      "              [--name <German name>] [--name-fr <n>] [--name-en <n>] [--deducts-leave | --granted]\n" +
      "              [--canton <XX> … | --all-cantons] [--recalculate]\n\n" +
      "What is not given stays as it is. A closure day costs nothing in a leave request, so a change that\n" +
      "alters approved leave is refused, naming each request, unless --recalculate is given: then those\n" +
      "requests are computed again and each person is notified and e-mailed. Requests awaiting a decision\n" +
      "are computed again in any case.",
    options: {
      closure: { type: "string" },
      from: { type: "string" },
      to: { type: "string" },
      name: { type: "string" },
      "name-fr": { type: "string" },
      "name-en": { type: "string" },
      "deducts-leave": { type: "boolean" },
      granted: { type: "boolean" },
      canton: { type: "string", multiple: true },
      "all-cantons": { type: "boolean" },
      recalculate: { type: "boolean" },
    },
    async run(deps, { values }, io) {
      const ref = text(values, "closure");
      if (values["deducts-leave"] && values.granted) {
        throw new UsageError("Use --deducts-leave or --granted, not both.");
      }
      if (values.canton && values["all-cantons"]) {
        throw new UsageError("Use --canton or --all-cantons, not both.");
      }
      const row = await refusing(() => findClosure(deps, ref));
      const renamed = values.name !== undefined;
      const r = await recalculating(() =>
        updateClosure(deps, ref, {
          from: (values.from as string | undefined) ?? row.startDate,
          to: (values.to as string | undefined) ?? row.endDate,
          name: {
            de: (values.name as string | undefined) ?? row.nameDe,
            fr: (values["name-fr"] as string | undefined) ?? (renamed ? undefined : row.nameFr),
            en: (values["name-en"] as string | undefined) ?? (renamed ? undefined : row.nameEn),
          },
          deductsLeave: values["deducts-leave"] ? true : values.granted ? false : row.deductsLeave,
          cantons: values["all-cantons"]
            ? []
            : values.canton
            ? (values.canton as string[]).map((c) => c.toUpperCase())
            : row.cantons?.split(",").filter(Boolean),
        }, { confirmed: values.recalculate === true })
      );
      io.out(`Closure "${r.closure.nameDe}" now from ${r.closure.startDate} to ${r.closure.endDate}.\n`);
      reportRecalculation(io, r);
      return 0;
    },
  },
  {
    name: "closures remove",
    summary: "Remove a company closure",
    usage: "closures remove --closure <first day | first..last> [--recalculate]\n\n" +
      "Removal that alters approved leave (a closure day costs nothing in a request) is refused, naming each\n" +
      "request, unless --recalculate is given: then those requests are computed again and each person is\n" +
      "notified and e-mailed. Days people were approved to work through it are removed with it.",
    options: { closure: { type: "string" }, recalculate: { type: "boolean" } },
    async run(deps, { values }, io) {
      const ref = text(values, "closure");
      const r = await recalculating(() =>
        removeClosure(deps, ref, { confirmed: values.recalculate === true })
      );
      io.out(`Closure "${r.closure.nameDe}" from ${r.closure.startDate} to ${r.closure.endDate} removed.\n`);
      reportRecalculation(io, r);
      return 0;
    },
  },
  {
    name: "closures list",
    summary: "List the company closures",
    usage: "closures list",
    async run(deps, _a, io) {
      const rows = await listClosures(deps);
      for (const r of rows) {
        io.out(
          `${r.startDate} – ${r.endDate}  ${r.nameDe}  ${r.deductsLeave ? "from vacation" : "granted"}${
            r.cantons ? `  (${r.cantons})` : ""
          }\n`,
        );
      }
      io.out(`${rows.length} closure(s).\n`);
      return 0;
    },
  },
  {
    name: "school-holidays import",
    summary: "Import a canton's school holidays from an iCalendar (.ics) file",
    usage: "school-holidays import --canton <XX> --file <holidays.ics>\n\n" +
      "Each holiday is an all-day event (DTSTART;VALUE=DATE, DTEND the day after the last). Every bad\n" +
      "event is reported; a file with any problem imports nothing. Importing the same file again changes\n" +
      "nothing.",
    options: { canton: { type: "string" }, file: { type: "string" } },
    async run(deps, { values }, io) {
      const canton = text(values, "canton").toUpperCase();
      const file = text(values, "file");
      const ics = await Deno.readTextFile(file).catch(() => {
        throw new CommandError(`Cannot read ${file}.`);
      });
      const r = await importSchoolHolidays(deps, canton, ics);
      if (!r.ok) {
        return nothingImported(io, r.errors);
      }
      io.out(`School holidays of ${canton}: ${r.created} added, ${r.unchanged} known already.\n`);
      return 0;
    },
  },
];
