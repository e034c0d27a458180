import { z } from "zod";
import { previewSickReport } from "../../services/sick_leave.ts";
import { isoDate, previewOut, previewText } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";
import { PREVIEW_VALIDITY } from "../previews.ts";

/** What `commit_sick_report` files: exactly the arguments that were previewed. */
export interface SickPreviewPayload {
  input: { startDate: string; endDate: string | null; degree?: number };
}

/** Step one of a sick report: days covered or ongoing; no reason is taken. */
export const prepare_sick_report = defineTool({
  name: "prepare_sick_report",
  title: "Prepare a sick report",
  description:
    `Computes a sick-leave report for the person without filing it: from start_date (today or up to 30 days back) either ongoing (no end_date) or until end_date, the calendar days it covers, and the salary-continuation days used before and after. Never ask for or pass a reason: none is taken. Returns a previewId: show the preview, and only after the person agrees call commit_sick_report with it (${PREVIEW_VALIDITY}).`,
  scope: "self:write",
  permission: "sickleave:report",
  kind: "prepare",
  annotations: READ_ONLY,
  input: z.strictObject({
    start_date: isoDate.describe("First day of absence, YYYY-MM-DD (today or earlier)."),
    end_date: isoDate.optional().describe("Last day, YYYY-MM-DD; leave out while the absence is ongoing."),
    degree: z.int().min(1).max(100).optional().describe(
      "Degree of incapacity in percent as the certificate states it (default 100; 50 for half).",
    ),
  }),
  output: z.object({
    startDate: z.string(),
    endDate: z.string().nullable(),
    isOngoing: z.boolean(),
    degree: z.int(),
    daysCovered: z.number().describe("Calendar days covered (an ongoing absence counts up to today)."),
    salaryContinuation: z.object({
      serviceYearStart: z.string(),
      daysEntitled: z.number(),
      daysUsedBefore: z.number(),
      daysUsedAfter: z.number(),
    }),
    ...previewOut,
  }),
  handler: async ({ deps, actor, previews }, a) => {
    const input: SickPreviewPayload["input"] = {
      startDate: a.start_date,
      endDate: a.end_date ?? null,
      ...(a.degree !== undefined ? { degree: a.degree } : {}),
    };
    const preview = await previewSickReport(deps, actor, input);
    const stored = await previews.store({ input } satisfies SickPreviewPayload);
    const data = { ...preview, ...stored };
    return { data, text: previewText("commit_sick_report", data), touched: [actor.employeeId!], count: 1 };
  },
});
