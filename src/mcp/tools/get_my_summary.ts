import { z } from "zod";
import { PortalEmployeeSummaryDTO } from "../../services/summary_dto.ts";
import { getEmployeeSummary } from "../../services/summary.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** The home screen in one call: the same service as the portal's summary endpoint. */
export const get_my_summary = defineTool({
  name: "get_my_summary",
  title: "My summary",
  description:
    "The person's home screen: this year's vacation (remaining, entitlement, used, planned), the current week's hours against the target with open drafts, the next payout date, the latest payslip period and open to-dos. Fields are null when no data exists yet.",
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({}),
  output: PortalEmployeeSummaryDTO,
  handler: async ({ deps, actor, dataVersion }) => ({
    data: await getEmployeeSummary(deps, actor, dataVersion),
    touched: [actor.employeeId!],
    count: 1,
  }),
});
