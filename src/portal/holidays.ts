import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import { getClosurePeriods, getPublicHolidays } from "../services/holidays.ts";
import { route, type RouteDef } from "./route.ts";
import { ClosureCalendar, HolidayCalendar, yearQuery } from "./schemas.ts";

/** The days behind the vacation count: public, half-day and school holidays; closures and work-through. */
export const holidayRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/holidays",
    operationId: "getPublicHolidays",
    reuse: true,
    tag: "holidays",
    access: "employee",
    summary: "Public holidays (whole and half days) and school holidays of the caller's canton",
    description: "Half-day holidays (e.g. 24 and 31 December afternoons) cost half a vacation day.",
    query: z.strictObject({ year: yearQuery }),
    response: HolidayCalendar,
    errors: {},
    handler: ({ deps, user, query }) => getPublicHolidays(deps, portalActor(user), query),
  }),
  route({
    method: "get",
    path: "/employee/closures",
    operationId: "getClosurePeriods",
    reuse: true,
    tag: "holidays",
    access: "employee",
    summary: "Company closure days that apply to the caller, and the days approved to work through",
    description:
      "The year's company closure periods that apply to the caller, each day with what it costs from the " +
      "vacation balance (nothing when granted on top, on a day the caller does not work, on a whole-day " +
      "holiday, or on a day approved to work through; half on a half-day holiday), and the days the " +
      "caller was approved to work through.",
    query: z.strictObject({ year: yearQuery }),
    response: ClosureCalendar,
    errors: {},
    handler: ({ deps, user, query }) => getClosurePeriods(deps, portalActor(user), query),
  }),
];
