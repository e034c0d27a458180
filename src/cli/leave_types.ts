/** Commands for the organisation's leave types (the standard set, and what exists). */
import type { Command } from "./mod.ts";
import { ensureStandardLeaveTypes, listLeaveTypes } from "../services/leave_types.ts";

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
];
