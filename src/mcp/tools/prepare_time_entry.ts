import { z } from "zod";
import { breakMinutes, hhmm, projectCode } from "../../domain/fields.ts";
import { previewTimeEntry, TIME_TYPES } from "../../services/time.ts";
import { isoDate, previewOut, previewText } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";
import { timeEntryOut } from "./list_my_time_entries.ts";
import { PREVIEW_VALIDITY } from "../previews.ts";

/** What `commit_time_entry` records: exactly the arguments that were previewed. */
export interface TimePreviewPayload {
  input: {
    date: string;
    startTime: string;
    endTime: string;
    breakMinutes: number;
    type: typeof TIME_TYPES[number];
    projectCode?: string;
  };
}

/** Step one of a time entry: net hours derived and the day's other entries shown, nothing recorded. */
export const prepare_time_entry = defineTool({
  name: "prepare_time_entry",
  title: "Prepare a time entry",
  description:
    `Computes a working-time entry for the person without recording it: net hours (end minus start minus break; an end at or before the start means an overnight shift) and what the day already holds, with the day's total before and after. Refuses overlapping times. Takes no description or other free text. Returns a previewId: show the preview, and only after the person agrees call commit_time_entry with it (${PREVIEW_VALIDITY}).`,
  scope: "self:write",
  permission: "workhours:submit",
  kind: "prepare",
  annotations: READ_ONLY,
  input: z.strictObject({
    date: isoDate.describe("The working day, YYYY-MM-DD."),
    start_time: hhmm.describe("Start, HH:MM."),
    // Its own example: the shared time field's "08:00" would equal the start's, which reads as a 24-hour shift.
    end_time: hhmm.describe("End, HH:MM (at or before the start: overnight).").meta({ example: "17:00" }),
    break_minutes: breakMinutes.optional().describe("Unpaid break in minutes (default 0)."),
    type: z.enum(TIME_TYPES).optional().describe("Default REGULAR."),
    project_code: projectCode.optional().describe("Optional project code, e.g. P-1042."),
  }),
  output: z.object({
    date: z.string(),
    startTime: z.string(),
    endTime: z.string(),
    breakMinutes: z.int(),
    totalHours: z.number().describe("Net hours of this entry."),
    type: z.enum(TIME_TYPES),
    overnight: z.boolean(),
    dayEntries: z.array(timeEntryOut).describe("What the day already holds."),
    dayTotalHoursBefore: z.number(),
    dayTotalHoursAfter: z.number(),
    note: z.string().optional().describe(
      "How a clock time that happened twice (the night the clocks go back) was read; tell the person.",
    ),
    ...previewOut,
  }),
  handler: async ({ deps, actor, previews }, a) => {
    const input: TimePreviewPayload["input"] = {
      date: a.date,
      startTime: a.start_time,
      endTime: a.end_time,
      breakMinutes: a.break_minutes ?? 0,
      type: a.type ?? "REGULAR",
      ...(a.project_code ? { projectCode: a.project_code } : {}),
    };
    const preview = await previewTimeEntry(deps, actor, input);
    const stored = await previews.store({ input } satisfies TimePreviewPayload);
    const data = { ...preview, ...stored };
    return { data, text: previewText("commit_time_entry", data), touched: [actor.employeeId!], count: 1 };
  },
});
