/**
 * The filing check of special leave's length per event (domain/special_leave.ts): a request beyond what its
 * event gives is refused, in the preview as in the filing, whatever the type's overdraft setting (that one
 * is about balances; an event's length is what the law or the organisation grants for it).
 */
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import { leaveRequests, type leaveTypes } from "../db/schema/mod.ts";
import { addMonths, eventExcess, type EventUnit } from "../domain/special_leave.ts";
import { APPROVED_STATUSES, PENDING_STATUSES } from "../domain/leave.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { type EmployeeRow, leaveTypeName, type Q, weekdaysOf } from "./common.ts";

/** The states that hold a request's days (as in the overlap check). */
const HOLDING = [...PENDING_STATUSES, ...APPROVED_STATUSES];

/** Refuses a request longer than its leave type gives per event; does nothing for types without a length. */
export async function checkEventLength(
  q: Q,
  emp: EmployeeRow,
  type: typeof leaveTypes.$inferSelect,
  request: { startDate: string; endDate: string; days: number },
  lang: Actor["language"],
): Promise<void> {
  if (type.eventDays === null || type.eventDays === undefined) return;
  const rule = {
    days: type.eventDays,
    unit: type.eventUnit as EventUnit,
    withinMonths: type.eventWithinMonths,
  };
  const others = rule.withinMonths
    ? await q.select({
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      days: leaveRequests.days,
    }).from(leaveRequests).where(and(
      eq(leaveRequests.employeeId, emp.id),
      eq(leaveRequests.leaveTypeId, type.id),
      gte(leaveRequests.startDate, addMonths(request.startDate, -rule.withinMonths)),
      lte(leaveRequests.startDate, addMonths(request.startDate, rule.withinMonths)),
      inArray(leaveRequests.status, HOLDING),
    )).limit(100)
    : [];
  const excess = eventExcess(rule, request, others, weekdaysOf(emp).length);
  if (!excess) return;
  const params = {
    type: leaveTypeName(type, lang),
    allowance: excess.allowance,
    unit: { id: rule.unit === "CALENDAR_DAYS" ? "leave.unitCalendarDays" : "leave.unitWorkingDays" },
    requested: excess.requested,
  } as const;
  throw rule.withinMonths
    ? refusal("validation", "leave.eventTooLongWithin", {
      ...params,
      months: rule.withinMonths,
      taken: excess.taken,
    }, { field: "endDate" })
    : refusal("validation", "leave.eventTooLong", params, { field: "endDate" });
}
