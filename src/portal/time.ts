import { z } from "zod";
import { rule, typeRule } from "../i18n/messages/mod.ts";
import { portalActor } from "../services/actor.ts";
import {
  createTimeEntry,
  deleteTimeEntry,
  getTimeEntry,
  getWeekOverview,
  listTimeEntries,
  previewTimeEntry,
  submitWeek,
  updateTimeEntry,
} from "../services/time.ts";
import { addDays, mondayOf } from "../domain/calendar.ts";
import { todayOf } from "../services/common.ts";
import { route, type RouteDef } from "./route.ts";
import { breakMinutes, projectCode } from "../domain/fields.ts";
import {
  cursorPageQuery,
  hhmm,
  idParam,
  isoDate,
  TIME_ENTRY_STATUSES,
  TIME_ENTRY_TYPES,
  TimeEntry,
  TimeEntryBody,
  TimeEntryList,
  TimeEntryPreview,
  TimeWeek,
  updatedSinceQuery,
} from "./schemas.ts";

const entryRefusals = {
  400:
    "An invalid field: a date that is not a calendar day, a malformed time, a break longer than the shift, " +
    "more than 24 hours, a totalHours that does not match start, end and break, or a clock time that does not " +
    "exist (skipped the night the clocks go forward).",
  409: "The entry overlaps another of the caller's entries (an overnight entry counts into the next day).",
};

const TimeEntryPatchBody = z.strictObject({
  date: isoDate.optional(),
  startTime: hhmm.optional(),
  endTime: hhmm.optional(),
  breakMinutes: breakMinutes.optional(),
  totalHours: z.number({ error: typeRule("rule.number") }).min(0, {
    message: rule("rule.between", { min: 0, max: 24 }),
  })
    .max(24, { message: rule("rule.between", { min: 0, max: 24 }) }).optional(),
  type: z.enum(TIME_ENTRY_TYPES, { error: rule("rule.oneOf", { values: TIME_ENTRY_TYPES.join(", ") }) })
    .optional(),
  // The same rule as a new entry's; an empty string removes the entry's code.
  projectCode: z.union([projectCode, z.literal("")]).optional().meta({
    description: 'The project code (the same rule as a new entry\'s); "" removes it.',
  }),
  description: TimeEntryBody.shape.description,
});

const weekParam = z.strictObject({
  weekStart: isoDate.meta({ description: "The Monday of the week." }),
});

/** Time entries, week overview and week submission. */
export const timeRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/time-entries",
    operationId: "listTimeEntries",
    reuse: true,
    tag: "time",
    access: "employee",
    summary: "The caller's entries in a date range (at most 400 days) with their sum",
    description:
      "Default range: the current week. Oldest first; `count` and `totalHours` cover the whole range " +
      "and filter, the page at most 50 entries. With `updatedSince`: the entries changed since (recorded, " +
      "changed, submitted, decided), oldest change first, and in `deleted` the drafts deleted since; the range " +
      "then applies only when given, and `count`, `totalHours`, `from` and `to` cover the changed entries.",
    query: z.strictObject({
      from: isoDate.optional(),
      to: isoDate.optional(),
      status: z.enum(TIME_ENTRY_STATUSES, {
        error: rule("rule.oneOf", { values: TIME_ENTRY_STATUSES.join(", ") }),
      })
        .optional(),
      type: z.enum(TIME_ENTRY_TYPES, { error: rule("rule.oneOf", { values: TIME_ENTRY_TYPES.join(", ") }) })
        .optional(),
      updatedSince: updatedSinceQuery,
      ...cursorPageQuery,
    }),
    response: TimeEntryList,
    errors: {},
    handler: ({ deps, user, query }) => {
      const from = query.from ?? mondayOf(todayOf(deps));
      return listTimeEntries(deps, portalActor(user), {
        ...query,
        from,
        to: query.to ?? addDays(from, 6),
        rangeGiven: query.from !== undefined || query.to !== undefined,
      });
    },
  }),
  route({
    method: "post",
    path: "/employee/time-entries",
    operationId: "createTimeEntry",
    tag: "time",
    access: "employee",
    status: 201,
    summary: "Record a time entry for the caller (created as DRAFT)",
    description:
      "`startTime` and `endTime` are required (HH:MM); an end before the start is an overnight shift. An end " +
      "equal to the start (a 24-hour span) is most often a typing slip: it is taken only with `totalHours` sent " +
      "as well. `totalHours` is derived (end − start − break, at most 24); when sent it must agree to the minute. " +
      "Hours are the time that really elapsed in the service's time zone (Europe/Zurich unless configured): " +
      "22:00–06:00 is 7 hours the night the clocks go forward and 9 the night they go back. A time the clocks " +
      "skip (02:30 on the last Sunday of March) is refused; one that happens twice (02:30 on the last Sunday of " +
      "October) is taken as the first, unless `totalHours` matches the second, and `note` says which. " +
      "The date must lie within the caller's employment. `type` defaults to REGULAR.",
    body: TimeEntryBody,
    response: TimeEntry,
    errors: entryRefusals,
    handler: ({ deps, user, body }) => createTimeEntry(deps, portalActor(user), body),
  }),
  route({
    method: "post",
    path: "/employee/time-entries/preview",
    operationId: "previewTimeEntry",
    tag: "time",
    access: "employee",
    summary: "Derive an entry's net hours and show what its day already holds, without recording it",
    description:
      "Checks an entry exactly as `POST /employee/time-entries` would (same body, same refusals, the same " +
      "409 for an overlap) and returns its net hours with the entries its day already holds, without " +
      "recording anything. Use it to show the person what they are about to save.",
    body: TimeEntryBody,
    response: TimeEntryPreview,
    errors: entryRefusals,
    handler: ({ deps, user, body }) => previewTimeEntry(deps, portalActor(user), body),
  }),
  route({
    method: "get",
    path: "/employee/time-entries/:id",
    operationId: "getTimeEntry",
    reuse: true,
    tag: "time",
    access: "employee",
    summary: "One of the caller's time entries",
    description:
      "An entry the caller recorded, with its net hours and state (DRAFT, SUBMITTED, APPROVED, REJECTED " +
      "with the manager's note). Another person's entry answers 404.",
    params: idParam,
    response: TimeEntry,
    errors: { 404: "The caller has no time entry with this id." },
    handler: ({ deps, user, params }) => getTimeEntry(deps, portalActor(user), params),
  }),
  route({
    method: "patch",
    path: "/employee/time-entries/:id",
    operationId: "updateTimeEntry",
    tag: "time",
    access: "employee",
    summary: "Change one of the caller's draft entries",
    description: "Submitted, approved and rejected entries are read-only (409).",
    params: idParam,
    body: TimeEntryPatchBody,
    response: TimeEntry,
    errors: {
      ...entryRefusals,
      404: "The caller has no time entry with this id.",
      409: "Not a draft, or an overlap.",
    },
    handler: ({ deps, user, params, body }) =>
      updateTimeEntry(deps, portalActor(user), { id: params.id, patch: body }),
  }),
  route({
    method: "delete",
    path: "/employee/time-entries/:id",
    operationId: "deleteTimeEntry",
    tag: "time",
    access: "employee",
    summary: "Delete one of the caller's draft entries",
    description:
      "Deletes an entry while it is a DRAFT. A submitted, approved or rejected entry is part of a week a " +
      "manager sees and answers 409; another person's entry answers 404.",
    params: idParam,
    response: z.strictObject({ id: z.string(), deleted: z.literal(true) }),
    errors: { 404: "The caller has no time entry with this id.", 409: "The entry is not a draft." },
    handler: ({ deps, user, params }) => deleteTimeEntry(deps, portalActor(user), params),
  }),
  route({
    method: "get",
    path: "/employee/time-weeks/:weekStart",
    operationId: "getTimeWeek",
    reuse: true,
    tag: "time",
    access: "employee",
    summary: "A week's overview: total vs target hours, drafts, entries",
    description:
      "The ISO week that starts on `weekStart` (a Monday): the caller's entries, total net hours against " +
      "the target hours of their workload, each day's hours against its target (holidays and absences " +
      "counted), the entries per state, and the week's `status` (REJECTED: sent back by the manager, to " +
      "correct and submit again).",
    params: weekParam,
    response: TimeWeek,
    errors: {},
    handler: ({ deps, user, params }) => getWeekOverview(deps, portalActor(user), params),
  }),
  route({
    method: "post",
    path: "/employee/time-weeks/:weekStart/submit",
    operationId: "submitTimeWeek",
    tag: "time",
    access: "employee",
    summary: "Submit a week: its drafts become SUBMITTED and the manager is told",
    description:
      "Every DRAFT entry of the week becomes SUBMITTED and the caller's manager is told (a notification " +
      "and a push). A week that has not started, or one without drafts (already submitted, or nothing " +
      "recorded), answers 409 and changes nothing.",
    params: weekParam,
    response: z.strictObject({ submitted: z.int(), week: TimeWeek }),
    errors: { 409: "The week has not started yet, or has no draft entries." },
    handler: ({ deps, user, params }) => submitWeek(deps, portalActor(user), params),
  }),
];
