/** Commands for the organisation's configuration file and the pay dates derived from the payday rule. */
import { CommandError, UsageError } from "./errors.ts";
import type { Command } from "./command.ts";
import { applyConfiguration, exportConfiguration } from "../org_config/mod.ts";
import { generatePayDates } from "../services/pay_dates.ts";
import { AppError } from "../errors.ts";
import { localDay } from "../clock.ts";

function fileOption(values: Record<string, unknown>): string {
  const v = values.file;
  if (typeof v !== "string" || v === "") throw new UsageError("--file is required.");
  return v;
}

export const orgCommands: Command[] = [
  {
    name: "org export",
    summary: "Write the organisation's configuration (settings, leave types, closures, …) as one YAML file",
    usage: "org export --file <file.yaml>   (- for standard output)\n\n" +
      "The file is what 'org apply' reads; see docs/configuration-file.md.",
    options: { file: { type: "string" } },
    async run(deps, { values }, io) {
      const file = fileOption(values);
      const text = await exportConfiguration(deps);
      if (file === "-") io.out(text);
      else {
        await Deno.writeTextFile(file, text);
        io.out(`Configuration exported to ${file}.\n`);
      }
      return 0;
    },
  },
  {
    name: "org apply",
    summary: "Apply an organisation configuration file, all or nothing",
    usage: "org apply --file <file.yaml> [--prune closures] [--recalculate]   (- for standard input)\n\n" +
      "Every problem is reported with its line and path, and a file with any problem changes nothing.\n" +
      "Entries are matched by their natural key, so applying a file twice changes nothing the second\n" +
      "time. What the database has and the file does not name is left alone and listed as not in the file;\n" +
      "--prune closures removes the closures the file does not name instead. A closure change that alters\n" +
      "approved leave (a closure day costs nothing in a request) is refused, naming each request, unless\n" +
      "--recalculate is given: then those requests are computed again and each person is told.",
    options: {
      file: { type: "string" },
      prune: { type: "string", multiple: true },
      recalculate: { type: "boolean" },
    },
    async run(deps, { values }, io) {
      const file = fileOption(values);
      const text = file === "-" ? await io.readStdin() : await Deno.readTextFile(file).catch(() => {
        throw new CommandError(`Cannot read ${file}.`);
      });
      const prune = ((values.prune as string[] | undefined) ?? []).flatMap((p) => p.split(",")).map((p) =>
        p.trim()
      ).filter(Boolean);
      const r = await applyConfiguration(deps, text, { prune, recalculate: values.recalculate === true });
      if (!r.ok) {
        io.err(
          `Nothing was applied. ${r.problems.length} problem(s):\n${
            r.problems.map((p) =>
              `  ${p.line ? `line ${p.line}` : ""}${p.line && p.path ? ", " : ""}${p.path}: ${p.message}`
            ).join("\n")
          }\n`,
        );
        return 1;
      }
      for (const { key, report } of r.sections) {
        io.out(
          `${key}: ${report.created} created, ${report.updated} updated, ${report.unchanged} unchanged${
            report.removed?.length ? `, ${report.removed.length} removed (${report.removed.join(", ")})` : ""
          }${
            report.notInFile.length ? `; not in the file (left alone): ${report.notInFile.join(", ")}` : ""
          }\n`,
        );
        for (const note of report.notes ?? []) io.out(`  ${note}\n`);
      }
      if (r.skipped.length) io.out(`Sections not in the file (left alone): ${r.skipped.join(", ")}\n`);
      io.out(`${r.changes} change(s) applied.\n`);
      return 0;
    },
  },
  {
    name: "pay-dates generate",
    summary: "Plan the year's pay dates from the payday rule and the default canton's public holidays",
    usage: "pay-dates generate [--year <YYYY>]   (without --year: this year and the next)\n\n" +
      "Needs the payday rule (settings.payday) set by 'org apply'. Replaces the year's planned pay dates;\n" +
      "the summary's next payout date is read from them.",
    options: { year: { type: "string" } },
    async run(deps, { values }, io) {
      let years: number[];
      if (values.year === undefined) {
        // A new installation needs the rest of this year's dates and the next year's: December's payday
        // is followed by January's.
        const now = Number(localDay(deps.clock.now(), deps.config.timeZone).slice(0, 4));
        years = [now, now + 1];
      } else {
        const y = String(values.year);
        if (!/^\d{4}$/.test(y)) throw new UsageError("--year must be a year such as 2027.");
        years = [Number(y)];
      }
      for (const y of years) {
        const r = await generatePayDates(deps, y).catch((e) => {
          throw e instanceof AppError ? new CommandError(e.message) : e;
        });
        io.out(`Pay dates ${y}: ${r.dates.join(", ")} (${r.changed} change(s)).\n`);
      }
      return 0;
    },
  },
];
