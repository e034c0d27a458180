import { decideLeaveRequest } from "../../services/approvals.ts";
import { hrDescription } from "../hr.ts";
import { previewIdArg } from "../schemas.ts";
import { defineTool, destructive } from "../tool.ts";
import { leaveRequestOut } from "./list_my_leave_requests.ts";
import type { LeaveDecisionPayload } from "./prepare_leave_decision.ts";
import { PREVIEW_TOO_OLD } from "../previews.ts";

/** Step two: decides the previewed request in the person's name; authority is checked again. */
export const commit_leave_decision = defineTool({
  name: "commit_leave_decision",
  title: "Decide the previewed leave request",
  description: hrDescription(
    `Approves or rejects the leave request of a preview from prepare_leave_decision, in the person's name, after they agreed. Takes only the previewId. Refused when the person no longer holds approval authority over the request, when the request changed meanwhile, or when the preview is ${PREVIEW_TOO_OLD} or from another connection; calling it again with the same previewId returns the first result.`,
  ),
  scope: "hr:write",
  permission: "staff-absence:approve",
  kind: "commit",
  commits: "prepare_leave_decision",
  annotations: destructive(true),
  input: previewIdArg,
  output: leaveRequestOut,
  handler: async ({ actor, previews }, a) => {
    const { result, replayed } = await previews.commit(
      a.previewId,
      (payload, deps) => decideLeaveRequest(deps, actor, payload as LeaveDecisionPayload),
    );
    return { data: result, replayed, touched: [`leave_request:${result.id}`], count: 1 };
  },
});
