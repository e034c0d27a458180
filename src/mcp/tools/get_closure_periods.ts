import { z } from "zod";
import { getClosurePeriods } from "../../services/holidays.ts";
import { year } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** Company closure days that apply to the caller. */
export const get_closure_periods = defineTool({
  name: "get_closure_periods",
  title: "Company closures",
  description:
    "Company closure periods of a calendar year (default: the current one) that apply to the person, each day with what it costs from the vacation balance (0 when granted on top, on a day off, on a holiday or when the person was approved to work through it), and the work-through days.",
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({ year: year.optional() }),
  output: z.object({
    year: z.int(),
    closures: z.array(z.object({
      id: z.string(),
      name: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      deductsLeave: z.boolean(),
      vacationDaysCharged: z.number(),
      days: z.array(z.object({ date: z.string(), workThrough: z.boolean(), vacationCost: z.number() })),
    })),
    workThroughDays: z.array(z.object({ date: z.string(), closureId: z.string() })),
  }),
  handler: async ({ deps, actor }, a) => {
    const data = await getClosurePeriods(deps, actor, { year: a.year });
    return { data, touched: [actor.employeeId!], count: data.closures.length };
  },
});
