import { z } from "zod";
import { previewLeaveDecision } from "../../services/approvals.ts";
import { refusal } from "../../errors.ts";
import { hrDescription } from "../hr.ts";
import { personRef, previewOut, previewText, recordId } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";
import { leaveRequestOut } from "./list_my_leave_requests.ts";
import { PREVIEW_VALIDITY } from "../previews.ts";
import { MAX_DECISION_NOTE } from "../../domain/fields.ts";

/** What `commit_leave_decision` files: the decision exactly as previewed, its note taken here. */
export interface LeaveDecisionPayload {
  id: string;
  decision: "APPROVE" | "REJECT";
  note?: string;
}

/** Step one of a leave decision: whose request, the days, remaining days before and after. */
export const prepare_leave_decision = defineTool({
  name: "prepare_leave_decision",
  title: "Prepare a leave decision",
  description: hrDescription(
    `Previews approving or rejecting a leave request (or granting or refusing a cancellation) that awaits the person: whose request, the days, the remaining days before and after, and the resulting state. A rejection may carry a short note for the requester, taken here and nowhere else. Nobody decides their own request. Returns a previewId: show the preview, and only after the person agrees call commit_leave_decision with it (${PREVIEW_VALIDITY}).`,
  ),
  scope: "hr:write",
  permission: "staff-absence:approve",
  kind: "prepare",
  freeTextArgs: ["rejection_note"],
  annotations: READ_ONLY,
  input: z.strictObject({
    leave_request_id: recordId("leave request"),
    decision: z.enum(["APPROVE", "REJECT"]),
    rejection_note: z.string().min(1).max(MAX_DECISION_NOTE).optional().describe(
      "Only with REJECT: a short, factual note the requester will read.",
    ),
  }),
  output: z.object({
    employee: personRef,
    request: leaveRequestOut,
    decision: z.enum(["APPROVE", "REJECT"]),
    resultingStatus: z.enum(["APPROVED", "REJECTED", "CANCELLED"]),
    balances: z.array(z.object({
      year: z.int(),
      days: z.number(),
      remainingBefore: z.number(),
      remainingAfter: z.number(),
    })),
    note: z.string().optional(),
    ...previewOut,
  }),
  handler: async ({ deps, actor, previews }, a) => {
    if (a.rejection_note !== undefined && a.decision !== "REJECT") {
      throw refusal("validation", "connector.rejectionNoteOnlyReject", {}, { field: "rejection_note" });
    }
    const input: LeaveDecisionPayload = {
      id: a.leave_request_id,
      decision: a.decision,
      ...(a.rejection_note ? { note: a.rejection_note.trim() } : {}),
    };
    const preview = await previewLeaveDecision(deps, actor, input);
    const stored = await previews.store(input satisfies LeaveDecisionPayload);
    const data = { ...preview, ...stored };
    return {
      data,
      text: previewText("commit_leave_decision", data),
      touched: [preview.employee.employeeId, `leave_request:${input.id}`],
      count: 1,
    };
  },
});
