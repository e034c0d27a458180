import { z } from "zod";
import { getLeaveBalances } from "../../services/leave.ts";
import { carriedDaysOut, leaveTypeOut, year } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** Balances per leave type for a leave year. */
export const get_my_leave_balances = defineTool({
  name: "get_my_leave_balances",
  title: "My leave balances",
  description:
    "The person's leave balances for one leave year (default: the current one), per leave type: entitlement (pro rata, in days of the person's own working week), carry-over and when it lapses (by year of origin: statutory and extra days), HR's adjustments with their reasons, days used, planned, awaiting approval, company closure days, and what remains. Types that do not reduce a balance (e.g. unpaid leave) have null entitlement and remaining.",
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({ year: year.optional() }),
  output: z.object({
    year: z.int(),
    balances: z.array(z.object({
      leaveType: leaveTypeOut,
      year: z.int(),
      entitlement: z.number().nullable(),
      carryOver: z.number(),
      carryOverExpiresOn: z.string().nullable(),
      carryOverLapsed: z.number(),
      carryOverAtRisk: z.number(),
      adjustments: z.number(),
      adjustmentHistory: z.array(z.object({ date: z.string(), days: z.number(), note: z.string() })),
      available: z.number().nullable(),
      used: z.number(),
      planned: z.number(),
      pending: z.number(),
      closureDays: z.number(),
      remaining: z.number().nullable(),
      overdrawn: z.boolean(),
      carryOverByYear: carriedDaysOut,
    })),
  }),
  handler: async ({ deps, actor }, args) => {
    const data = await getLeaveBalances(deps, actor, { year: args.year });
    return { data, touched: [actor.employeeId!], count: data.balances.length };
  },
});
