import { z } from "zod";
import { getSickLeave } from "../../services/sick_leave.ts";
import { year } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** A sick-leave entry as the connector shows it: never the reason (the output drops any field not here). */
export const sickEntryOut = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string().optional(),
  isOngoing: z.boolean(),
  degree: z.int().describe("Degree of incapacity in percent (100: unable to work, 50: half)."),
  hasCertificate: z.boolean(),
  totalDays: z.number(),
  createdAt: z.string(),
  certificateState: z.enum(["NONE", "REQUESTED", "UPLOADED", "ACCEPTED"]),
  channel: z.enum(["PORTAL", "ASSISTANT"]),
  canTakeBack: z.boolean(),
  takeBackUntil: z.string(),
  status: z.enum(["REPORTED", "TAKEN_BACK"]),
  takenBackAt: z.string().optional(),
});

/** Sick-leave entries and totals for a year; the reason is never part of it. */
export const get_my_sick_leave = defineTool({
  name: "get_my_sick_leave",
  title: "My sick leave",
  description:
    "The person's sick-leave absences touching a calendar year (default: the current one), newest first, with totals for the year and the salary-continuation days used in the current service year. The reason for an absence is never returned. Shows whether each report can still be taken back (within 24 hours, no certificate on file).",
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({ year: year.optional() }),
  output: z.object({
    year: z.int(),
    entries: z.array(sickEntryOut),
    totals: z.object({ absences: z.int(), days: z.number(), ongoing: z.int(), withCertificate: z.int() }),
    salaryContinuation: z.object({
      serviceYearStart: z.string(),
      daysUsed: z.number(),
      weeksEntitled: z.number(),
      daysEntitled: z.number(),
      daysRemaining: z.number(),
      owedFrom: z.string().nullable().optional().describe(
        "Only while nothing is owed yet (Art. 324a para. 1 CO, the first three months): from when, or null when never.",
      ),
    }),
  }),
  handler: async ({ deps, actor }, a) => {
    const data = await getSickLeave(deps, actor, { year: a.year });
    return {
      data,
      touched: [actor.employeeId!, ...data.entries.map((e) => `sick_leave:${e.id}`)],
      count: data.entries.length,
    };
  },
});
