import { fileLeaveRequest } from "../../services/leave.ts";
import { previewIdArg } from "../schemas.ts";
import { defineTool, destructive } from "../tool.ts";
import { leaveRequestOut } from "./list_my_leave_requests.ts";
import type { LeavePreviewPayload } from "./prepare_leave_request.ts";
import { PREVIEW_TOO_OLD } from "../previews.ts";

/** Step two: files the previewed request with the portal's own rules; the approver learns it came via an assistant. */
export const commit_leave_request = defineTool({
  name: "commit_leave_request",
  title: "File the previewed leave request",
  description:
    `Files the leave request of a preview from prepare_leave_request, after the person agreed to it. Takes only the previewId. The same rules as the portal decide again at filing; the approver is told the request came via an assistant. Refused when the preview is ${PREVIEW_TOO_OLD} or belongs to another connection; calling it again with the same previewId returns the first result and files nothing twice.`,
  scope: "self:write",
  permission: "leave:request",
  kind: "commit",
  commits: "prepare_leave_request",
  annotations: destructive(true),
  input: previewIdArg,
  output: leaveRequestOut,
  handler: async ({ actor, previews }, a) => {
    const { result, replayed } = await previews.commit(a.previewId, (payload, deps) => {
      const p = payload as LeavePreviewPayload;
      return fileLeaveRequest(deps, actor, p.input);
    });
    return {
      data: result,
      replayed,
      touched: [actor.employeeId!, `leave_request:${result.id}`],
      count: 1,
    };
  },
});
