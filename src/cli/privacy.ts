/**
 * Commands for the right of access and retention: a person's data export on their written request, and the
 * deletion of connector records older than the retention period.
 */
import { eq } from "drizzle-orm";
import { employees } from "../db/schema/mod.ts";
import { CommandError } from "./errors.ts";
import type { Command } from "./command.ts";
import { downloadExport, requestExport } from "../services/my_data_export.ts";
import { runRetention } from "../services/retention.ts";

export const privacyCommands: Command[] = [
  {
    name: "person export",
    summary: "Write everything the service holds about one person into a ZIP archive",
    usage: "person export --employee <personnel number> --file <archive.zip>\n\n" +
      "For a person who asked in writing (right of access, Art. 25 FADP). The archive holds data.json,\n" +
      "a readable index.html in the person's language and their payslip files; the request is recorded.",
    options: { employee: { type: "string" }, file: { type: "string" } },
    async run(deps, { values }, io) {
      const number = values.employee;
      const file = values.file;
      if (typeof number !== "string" || !number) throw new CommandError("--employee is required.");
      if (typeof file !== "string" || !file) throw new CommandError("--file is required.");
      if (await Deno.lstat(file).then(() => true, () => false)) {
        throw new CommandError(`${file} exists already; choose another name (nothing was overwritten).`);
      }
      const emp = await deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, number) });
      if (!emp) throw new CommandError(`No employee with personnel number ${number}.`);
      const { done } = await requestExport(deps, {
        employeeId: emp.id,
        userId: null,
        requestedVia: "HR",
        requestedBy: null,
      });
      const view = await done;
      if (view.status !== "READY") throw new CommandError("The archive could not be prepared; see the log.");
      const bytes = await downloadExport(deps, emp.id, view.id);
      try {
        await Deno.writeFile(file, bytes, { mode: 0o600, createNew: true });
      } catch (e) {
        if (e instanceof Deno.errors.AlreadyExists) {
          throw new CommandError(`${file} exists already; choose another name (nothing was overwritten).`);
        }
        throw new CommandError(`Cannot write ${file}: ${(e as Error).message}`);
      }
      deps.log.info("data export written by an operator", { exportId: view.id, employeeId: emp.id });
      io.out(`Archive for ${number} written to ${file} (${bytes.byteLength} bytes).\n`);
      return 0;
    },
  },
  {
    name: "retention run",
    summary:
      "Delete connector audit rows and counters older than AUDIT_RETENTION_DAYS, and expired applications",
    usage:
      "retention run\n\nDeletes audit rows, per-day person-record counters and export records older than\n" +
      "the retention period (AUDIT_RETENTION_DAYS, default 365), expired data export archives, and\n" +
      "candidates' applications 6 months after their procedure ended (with their files and e-mails),\n" +
      "connector previews that expired more than a day ago, and the record of rows that left an app's\n" +
      "synced lists more than 90 days ago.\n" +
      "Schedule it daily (a systemd timer or cron).",
    async run(deps, _a, io) {
      const r = await runRetention(deps);
      io.out(
        `Kept from ${
          new Date(r.keptFrom).toISOString().slice(0, 10)
        }: deleted ${r.auditRows} audit row(s), ` +
          `${r.personTouches} person-record counter(s), ${r.exportRecords} export record(s), ` +
          `${r.expiredArchives} expired archive(s), ${r.applications} application(s) past their retention, ` +
          `${r.previews} expired connector preview(s), ${r.tombstones} sync tombstone(s) older than 90 days.\n`,
      );
      return 0;
    },
  },
];
