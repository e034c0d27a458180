import { z } from "zod";
import { getPublicHolidays } from "../../services/holidays.ts";
import { year } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** Public and school holidays of the caller's canton. */
export const get_public_holidays = defineTool({
  name: "get_public_holidays",
  title: "Public and school holidays",
  description:
    "Public holidays (whole and half days, names in the person's language) and school holidays of the person's canton for a calendar year (default: the current one). Half-day holidays cost half a vacation day.",
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({ year: year.optional() }),
  output: z.object({
    year: z.int(),
    canton: z.string(),
    publicHolidays: z.array(
      z.object({ date: z.string(), name: z.string(), portion: z.number(), isoWeekday: z.int() }),
    ),
    halfDayHolidays: z.array(
      z.object({ date: z.string(), name: z.string(), portion: z.number(), isoWeekday: z.int() }),
    ),
    schoolHolidays: z.array(z.object({ name: z.string(), startDate: z.string(), endDate: z.string() })),
  }),
  handler: async ({ deps, actor }, a) => {
    const data = await getPublicHolidays(deps, actor, { year: a.year });
    return {
      data,
      touched: [actor.employeeId!],
      count: data.publicHolidays.length + data.schoolHolidays.length,
    };
  },
});
