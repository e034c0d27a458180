import { z } from "zod";
import { withdrawLeaveRequest } from "../../services/leave.ts";
import { recordId } from "../schemas.ts";
import { defineTool, destructive } from "../tool.ts";
import { leaveRequestOut } from "./list_my_leave_requests.ts";

/** Takes back an own request still awaiting approval. */
export const withdraw_leave_request = defineTool({
  name: "withdraw_leave_request",
  title: "Withdraw a leave request",
  description:
    "Takes back one of the person's own leave requests that is still awaiting approval (find its id with list_my_leave_requests; canWithdraw tells). The approver is told. An approved request cannot be withdrawn here. Confirm with the person before calling it.",
  scope: "self:write",
  permission: "leave:request",
  kind: "write",
  annotations: destructive(false),
  input: z.strictObject({ request_id: recordId("leave request") }),
  output: leaveRequestOut,
  handler: async ({ deps, actor }, a) => {
    const data = await withdrawLeaveRequest(deps, actor, { id: a.request_id });
    return { data, touched: [actor.employeeId!, `leave_request:${data.id}`], count: 1 };
  },
});
