import { z } from "zod";
import { rule } from "../i18n/messages/mod.ts";
import { portalActor } from "../services/actor.ts";
import {
  discardTimer,
  endBreak,
  getTimer,
  startBreak,
  startTimer,
  stopTimer,
} from "../services/time_timer.ts";
import { route, type RouteDef } from "./route.ts";
import { breakMinutes, entryDescription } from "../domain/fields.ts";
import {
  dateTime,
  hhmm,
  isoDate,
  namedSchemas,
  projectCode,
  TIME_ENTRY_TYPES,
  TimeEntry,
} from "./schemas.ts";

const entryFields = {
  type: z.enum(TIME_ENTRY_TYPES, { error: rule("rule.oneOf", { values: TIME_ENTRY_TYPES.join(", ") }) })
    .optional(),
  projectCode: projectCode.optional(),
  description: entryDescription.optional(),
};

export const TimeTimer = z.strictObject({
  id: z.string(),
  startedAt: dateTime,
  date: isoDate.meta({ description: "The local day it started on (the service's time zone)." }),
  startTime: hhmm.meta({ description: "The local minute it started at: the entry's start time." }),
  elapsedMinutes: z.int().meta({ description: "Whole minutes since the start, as of the answer." }),
  type: z.enum(TIME_ENTRY_TYPES),
  projectCode: z.string().optional(),
  description: z.string().optional(),
  breaks: z.array(z.strictObject({
    startedAt: dateTime,
    endedAt: dateTime.optional().meta({ description: "Absent while the break runs." }),
  })).meta({ description: "The breaks recorded while the timer ran, in the order taken." }),
  breakMinutes: z.int().meta({
    description: "Whole minutes of those breaks, a running one counted until the answer; the stop " +
      "records them as the entry's break.",
  }),
});
namedSchemas.push([TimeTimer, "TimeTimer"]);

/**
 * A clock event's moment on the device: ISO 8601 with its offset, read as milliseconds. The bounds are
 * checked by the service against its own clock, so the refusal can say the moment in local time.
 */
const deviceMoment = (description: string) =>
  z.iso.datetime({ offset: true, error: rule("rule.dateTime") })
    .transform((v) => Date.parse(v))
    .optional()
    .meta({ format: "date-time", example: "2026-11-18T08:20:00+01:00", description });

const TimerStartBody = z.strictObject({
  startedAt: deviceMoment(
    "When the clock-in happened on the device, for a phone that was offline: ISO 8601 with its offset. " +
      "Taken when it lies no more than 2 minutes after the service's clock (clocks disagree) and no more " +
      "than 12 hours before it (a phone that syncs within the shift); otherwise 400 naming this field. " +
      "Without it the timer starts when the service receives the request. Both moments are kept.",
  ),
  ...entryFields,
  type: entryFields.type.meta({ description: "Carried into the entry; REGULAR unless sent." }),
});

const BreakStartBody = z.strictObject({
  startedAt: deviceMoment(
    "When the break started on the device, for a phone that was offline: ISO 8601 with its offset, not " +
      "before the timer's start nor the end of its last break. The same bounds as the clock-in's " +
      "(2 minutes ahead, 12 hours back). Without it the break starts when the service receives the request.",
  ),
});

const BreakEndBody = z.strictObject({
  endedAt: deviceMoment(
    "When the break ended on the device, for a phone that was offline: ISO 8601 with its offset, not " +
      "before the break's start. The same bounds as the clock-in's. Without it the break ends when the " +
      "service receives the request.",
  ),
});

const TimerStopBody = z.strictObject({
  breakMinutes: breakMinutes.optional().meta({
    description: "Break minutes not recorded as break events (a break the person forgot to start), added " +
      "to the recorded breaks' minutes; 0 unless sent. An app that records breaks as events leaves it out.",
  }),
  endTime: hhmm.optional().meta({
    description:
      "For a person who forgot to stop: the end time on the day the timer started, after its start and not " +
      "later than now. Without it the entry ends at the current minute.",
  }),
  stoppedAt: deviceMoment(
    "When the clock-out happened on the device, for a phone that was offline: ISO 8601 with " +
      "its offset, after the timer's start. Taken when it lies no more than 2 minutes after the service's " +
      "clock and no more than 12 hours before it; otherwise 400 naming this field. Not together with " +
      "`endTime`. Without it the entry ends when the service receives the request. Both moments are kept.",
  ),
  ...entryFields,
  type: entryFields.type.meta({ description: "Replaces the type given at the start." }),
});

const notRunning = "No timer is running (`reason` timer_not_running).";

/**
 * Clock in and out from the phone: one running timer per person (`GET`, start, stop, discard). Its own
 * operations, not a field of the summary: the summary is the contract's DTO, all fields fixed.
 */
export const timerRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/timer",
    operationId: "getTimer",
    tag: "time",
    access: "employee",
    summary: "The caller's running clock-in timer, if any",
    description:
      "`timer` is null when none runs. `elapsedMinutes` is counted at the time of the answer; an app " +
      "counts on from `startedAt` itself rather than asking every minute.",
    // The timer inline rather than by reference: OpenAPI 3.0 has no null beside a `$ref` that validators and
    // generators read alike.
    response: z.strictObject({ timer: z.strictObject(TimeTimer.shape).nullable() }),
    errors: {},
    handler: ({ deps, user }) => getTimer(deps, portalActor(user)),
  }),
  route({
    method: "post",
    path: "/employee/timer/start",
    operationId: "startTimer",
    tag: "time",
    access: "employee",
    status: 201,
    summary: "Clock in: start the caller's timer now",
    description:
      "Starts a timer at the current minute in the service's time zone (Europe/Zurich unless configured), " +
      "or at the device's `startedAt` for a clock-in made offline (at most 2 minutes ahead of the " +
      "service's clock, at most 12 hours back). " +
      "Stopping it records a DRAFT time entry. Refused while a timer runs (409 `timer_running`, " +
      "`conflictingId` the running timer), when the current minute lies inside one of the caller's entries " +
      "(409 `time_entry_overlap`) or outside the caller's employment (400). Send `{}` for a REGULAR entry " +
      "without project.",
    body: TimerStartBody,
    response: TimeTimer,
    errors: {
      400: "An invalid field (a startedAt more than 2 minutes ahead or 12 hours back), or the day is " +
        "outside the caller's employment.",
      409: "A timer is already running, or the current minute lies inside one of the caller's entries.",
    },
    handler: ({ deps, user, body }) => startTimer(deps, portalActor(user), body),
  }),
  route({
    method: "post",
    path: "/employee/timer/stop",
    operationId: "stopTimer",
    tag: "time",
    access: "employee",
    status: 201,
    summary: "Clock out: stop the caller's timer and record it as a DRAFT time entry",
    description: "Records the entry from the timer's start minute to the current minute (or the device's " +
      "`stoppedAt`, or `endTime`) less the recorded breaks (a running one ends at the stop) and " +
      "`breakMinutes`, exactly as `POST /employee/time-entries` would (same checks, same refusals), and ends " +
      "the timer in the same transaction. The hours are the minutes that really elapsed. A timer runs within " +
      "one day: stopped on a later day without `endTime` it is refused (409 `timer_across_midnight`); a timer " +
      "stopped in the minute it started is refused (409 `timer_too_short`). After a refusal the timer keeps " +
      "running: stop it with other values, or discard it.",
    body: TimerStopBody,
    response: TimeEntry,
    errors: {
      400: "An invalid field: an endTime not after the start or later than now, a stoppedAt not after the " +
        "start or outside its bounds, a stoppedAt or endTime before a recorded break, a break as long as " +
        "the span or longer.",
      409: `${notRunning} Or: it started on an earlier day and no endTime was sent; it ran less than a ` +
        "minute; the entry would overlap another of the caller's entries (`time_entry_overlap`).",
    },
    handler: ({ deps, user, body }) => stopTimer(deps, portalActor(user), body),
  }),
  route({
    method: "post",
    path: "/employee/timer/break/start",
    operationId: "startTimerBreak",
    tag: "time",
    access: "employee",
    status: 201,
    summary: "Start a break of the caller's running timer",
    description: "Starts a break now, or at the device's `startedAt` for a break begun offline (at most 2 " +
      "minutes ahead of the service's clock, at most 12 hours back). The answer is the timer with its " +
      "breaks. The stop records the breaks' minutes as the entry's break; a break still running at the stop " +
      "ends there.",
    body: BreakStartBody,
    response: TimeTimer,
    errors: {
      400: "An invalid startedAt: outside its bounds, before the timer's start or before the end of the " +
        "last break.",
      409: `${notRunning} Or a break is already running (\`timer_on_break\`).`,
    },
    handler: ({ deps, user, body }) => startBreak(deps, portalActor(user), body),
  }),
  route({
    method: "post",
    path: "/employee/timer/break/end",
    operationId: "endTimerBreak",
    tag: "time",
    access: "employee",
    summary: "End the running break of the caller's timer",
    description: "Ends the running break now, or at the device's `endedAt` for a break ended offline (the " +
      "same bounds as the start). The answer is the timer with its breaks.",
    body: BreakEndBody,
    response: TimeTimer,
    errors: {
      400: "An invalid endedAt: outside its bounds or before the break's start.",
      409: `${notRunning} Or no break is running (\`timer_not_on_break\`).`,
    },
    handler: ({ deps, user, body }) => endBreak(deps, portalActor(user), body),
  }),
  route({
    method: "delete",
    path: "/employee/timer",
    operationId: "discardTimer",
    tag: "time",
    access: "employee",
    summary: "Discard the caller's running timer without recording anything",
    description: "For a timer started by mistake or forgotten overnight.",
    response: z.strictObject({ id: z.string(), discarded: z.literal(true) }),
    errors: { 409: notRunning },
    handler: ({ deps, user }) => discardTimer(deps, portalActor(user)),
  }),
];
