import { z } from "zod";
import { hrOverview, MIN_COUNT } from "../../services/hr_overview.ts";
import { hrDescription } from "../hr.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

const count = z.int().nullable();

/** Installation-wide aggregates for HR staff; small counts withheld. */
export const get_hr_overview = defineTool({
  name: "get_hr_overview",
  title: "HR overview",
  description: hrDescription(
    `Installation-wide aggregates for HR staff and above: headcount by canton and department, joiners and leavers in the next 30 days, people on approved leave today, pending leave requests, open positions and active applications by stage. Any count below ${MIN_COUNT} is withheld (null) so nobody can be singled out; nothing about health. Limited to 6 calls per hour per connection.`,
  ),
  scope: "hr:read:people",
  permission: "ai-chat:use",
  kind: "read",
  hourlyLimit: 6,
  annotations: READ_ONLY,
  input: z.strictObject({}),
  output: z.object({
    asOf: z.string(),
    withheldBelow: z.int(),
    headcount: count,
    byCanton: z.record(z.string(), count),
    byDepartment: z.record(z.string(), count),
    joinersNext30Days: count,
    leaversNext30Days: count,
    onApprovedLeaveToday: count,
    pendingLeaveRequests: count,
    openPositions: count,
    activeApplications: count,
    activeApplicationsByStage: z.array(z.object({ stage: z.string(), count })),
  }),
  handler: async ({ deps, actor }) => {
    const data = await hrOverview(deps, actor);
    return { data, touched: [], count: 1 };
  },
});
