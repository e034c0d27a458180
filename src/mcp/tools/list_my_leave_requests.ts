import { END_PORTIONS, START_PORTIONS } from "../../domain/leave.ts";
import { z } from "zod";
import { LEAVE_STATUSES, listLeaveRequests } from "../../services/leave.ts";
import { isoDate, leaveTypeOut, pageOut, paging, personRef, year } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** The shape of one leave request as the connector shows it (reason and note only with free text). */
export const leaveRequestOut = z.object({
  id: z.string(),
  leaveType: leaveTypeOut,
  startDate: z.string(),
  endDate: z.string(),
  startPortion: z.enum(START_PORTIONS),
  endPortion: z.enum(END_PORTIONS),
  days: z.number(),
  daysByYear: z.record(z.string(), z.number()),
  status: z.enum(LEAVE_STATUSES),
  exceedsBalance: z.boolean(),
  approver: personRef.nullable(),
  decidedAt: z.string().optional(),
  channel: z.enum(["PORTAL", "ASSISTANT"]),
  cancellationRequestedAt: z.string().optional().describe(
    "When the person asked to cancel this approved leave; absent unless a cancellation awaits a decision.",
  ),
  createdAt: z.string(),
  canWithdraw: z.boolean(),
  canRequestCancellation: z.boolean(),
});

/** The person's own leave requests. */
export const list_my_leave_requests = defineTool({
  name: "list_my_leave_requests",
  title: "My leave requests",
  description:
    "The person's own leave requests, newest start first, at most 50 per page, optionally filtered by status, leave type, year or a date range. The free-text reason and the approver's decision note are included only when include_free_text is true; ask for them only when the person wants to see them.",
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({
    status: z.enum(LEAVE_STATUSES).optional(),
    leave_type: z.string().min(1).max(40).optional().describe("A leave type code, e.g. VACATION."),
    year: year.optional(),
    from: isoDate.optional().describe("Requests ending on or after this date."),
    to: isoDate.optional().describe("Requests starting on or before this date."),
    include_free_text: z.boolean().optional().describe(
      "Include the reason and the decision note (default false).",
    ),
    ...paging,
  }),
  output: z.object({
    items: z.array(leaveRequestOut.extend({
      reason: z.string().optional(),
      decisionNote: z.string().optional(),
    })),
    ...pageOut,
  }),
  handler: async ({ deps, actor }, a) => {
    const page = await listLeaveRequests(deps, actor, {
      status: a.status,
      leaveType: a.leave_type,
      year: a.year,
      from: a.from,
      to: a.to,
      includeFreeText: a.include_free_text === true,
      limit: a.limit,
      offset: a.offset,
    });
    return {
      data: page,
      touched: [actor.employeeId!, ...page.items.map((r) => `leave_request:${r.id}`)],
      count: page.items.length,
    };
  },
});
