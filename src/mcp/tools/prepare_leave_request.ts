import { END_PORTIONS, START_PORTIONS } from "../../domain/leave.ts";
import { leaveTypeCode } from "../../domain/fields.ts";
import { z } from "zod";
import { previewLeaveRequest } from "../../services/leave.ts";
import { carriedDaysOut, isoDate, leaveTypeOut, personRef, previewOut, previewText } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";
import { PREVIEW_VALIDITY } from "../previews.ts";

/** What `commit_leave_request` files: exactly the arguments that were previewed. */
export interface LeavePreviewPayload {
  input: {
    leaveType: string;
    startDate: string;
    endDate: string;
    startPortion: "FULL" | "AFTERNOON";
    endPortion: "FULL" | "MORNING";
  };
}

/** Step one of a leave request: everything computed on the server, nothing filed. */
export const prepare_leave_request = defineTool({
  name: "prepare_leave_request",
  title: "Prepare a leave request",
  description:
    `Computes a leave request for the person without filing it: working days deducted per leave year (public holidays, days off and company closures excluded; half days via startPortion/endPortion), the balance before and after, and who will approve it. Refuses what filing would refuse (overlaps, not enough balance, no working time). Takes no reason or other free text. Returns a previewId: show the preview to the person, and only after they agree call commit_leave_request with it (${PREVIEW_VALIDITY}).`,
  scope: "self:write",
  permission: "leave:request",
  kind: "prepare",
  annotations: READ_ONLY,
  input: z.strictObject({
    leave_type: leaveTypeCode.describe(
      "Leave type code, e.g. VACATION (see get_my_leave_balances).",
    ),
    start_date: isoDate.describe("First day of leave, YYYY-MM-DD."),
    end_date: isoDate.describe("Last day of leave, YYYY-MM-DD."),
    start_portion: z.enum(START_PORTIONS).optional().describe(
      "AFTERNOON: only the afternoon of the first day.",
    ),
    end_portion: z.enum(END_PORTIONS).optional().describe(
      "MORNING: only the morning of the last day.",
    ),
  }),
  output: z.object({
    leaveType: leaveTypeOut,
    startDate: z.string(),
    endDate: z.string(),
    startPortion: z.enum(START_PORTIONS),
    endPortion: z.enum(END_PORTIONS),
    days: z.number().describe("Working days deducted."),
    daysByYear: z.record(z.string(), z.number()),
    holidaysInRange: z.array(z.object({ date: z.string(), portion: z.number(), name: z.string() })),
    closureDaysInRange: z.int(),
    balances: z.array(z.object({
      year: z.int(),
      days: z.number(),
      remainingBefore: z.number(),
      pending: z.number(),
      remainingAfter: z.number(),
      carryOverByYear: carriedDaysOut,
    })),
    exceedsBalance: z.boolean(),
    approver: personRef.nullable(),
    approverIsHr: z.boolean().describe("True when HR decides because nobody in the reporting line can."),
    ...previewOut,
  }),
  handler: async ({ deps, actor, previews }, a) => {
    const input: LeavePreviewPayload["input"] = {
      leaveType: a.leave_type,
      startDate: a.start_date,
      endDate: a.end_date,
      startPortion: a.start_portion ?? "FULL",
      endPortion: a.end_portion ?? "FULL",
    };
    const preview = await previewLeaveRequest(deps, actor, input);
    const stored = await previews.store({ input } satisfies LeavePreviewPayload);
    const data = { ...preview, ...stored };
    return { data, text: previewText("commit_leave_request", data), touched: [actor.employeeId!], count: 1 };
  },
});
