/**
 * Clock in, clock out: one running timer per person that becomes a DRAFT time entry when stopped, recorded by
 * `createTimeEntry` (the same checks and refusals as `POST /employee/time-entries`).
 *
 * Breaks are recorded as they start and end (`startBreak`, `endBreak`), each with the device's moment like the
 * clock events, so a phone that goes offline during a break still records when it took it. An entry keeps no
 * break intervals: the stop sums the spans (an open one ends at the stop) into the entry's `breakMinutes`, and
 * adds the `breakMinutes` the stop may still name, for older apps and for a person who forgot to pause. A
 * timer runs within one local day of the service's
 * time zone: stopped on a later day it is refused unless the stop names the end time of the day it started
 * (`endTime`, for a person who forgot to stop), since a timer forgotten overnight is no shift worked.
 *
 * A phone that clocked in or out offline sends the moment it happened (`startedAt`, `stoppedAt`), taken
 * within bounds: up to {@link DEVICE_AHEAD_MINUTES} minutes after the service's now, because two clocks
 * never agree to the second, and up to {@link DEVICE_BEHIND_HOURS} hours before it, enough for a phone
 * that syncs within the shift but not for a forgotten week typed in as clock events (that is a time
 * entry). The moment the service received each event is kept beside it.
 */
import { checkField, checkTextLength, FIELD_RULES } from "../domain/fields.ts";
import { and, asc, eq, isNull } from "drizzle-orm";
import { timeTimerBreaks, timeTimers } from "../db/schema/mod.ts";
import { localInstants, parseHhmm, zoneOffsetMinutes } from "../domain/time.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { DEFAULT_TIME_ZONE, iso, type Q, selfId, type ServiceDeps, writeTx } from "./common.ts";
import {
  checkEmployed,
  createTimeEntry,
  MAX_DESCRIPTION,
  refuseOverlap,
  type TimeEntryView,
  type TimeType,
} from "./time.ts";

type TimerRow = typeof timeTimers.$inferSelect;
type BreakRow = typeof timeTimerBreaks.$inferSelect;

const MINUTE = 60_000;

/** How far after the service's now a device's moment may lie: clocks disagree by seconds, rarely minutes. */
export const DEVICE_AHEAD_MINUTES = 2;
/** How far back a device's moment may lie: an offline phone that syncs within a shift. */
export const DEVICE_BEHIND_HOURS = 12;

/**
 * The moment of a clock event: the device's when sent and within the bounds, else the service's now.
 * Outside the bounds a 400 naming the field, with the moment in local time.
 */
function eventMoment(device: number | undefined, now: number, zone: string, field: string): number {
  if (device === undefined) return now;
  const at = localClock(device, zone);
  if (device > now + DEVICE_AHEAD_MINUTES * MINUTE) {
    throw refusal("validation", "timer.deviceTimeAhead", {
      date: at.date,
      time: at.time,
      minutes: DEVICE_AHEAD_MINUTES,
      now: localClock(now, zone).time,
    }, { field });
  }
  if (device < now - DEVICE_BEHIND_HOURS * 60 * MINUTE) {
    throw refusal("validation", "timer.deviceTimeTooOld", {
      date: at.date,
      time: at.time,
      hours: DEVICE_BEHIND_HOURS,
    }, { field });
  }
  return device;
}

/** The local date and minute (`HH:MM`) of an instant in a time zone, the seconds cut off. */
export function localClock(ms: number, timeZone: string): { date: string; time: string } {
  const local = new Date(Math.floor(ms / MINUTE) * MINUTE + zoneOffsetMinutes(ms, timeZone) * MINUTE)
    .toISOString();
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/** The minute after `HH:MM` (23:59 → 00:00: a one-minute span over midnight). */
function nextMinute(time: string): string {
  const m = (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)) + 1) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** The 409 of a stop or discard when no timer runs. */
const notRunning = () => refusal("conflict", "timer.notRunning", {}, { reason: "timer_not_running" });

const zoneOf = (deps: ServiceDeps) => deps.config?.timeZone ?? DEFAULT_TIME_ZONE;

/** Whole minutes from one instant to a later one, counted by the minutes the clock shows (as the entry is). */
const minutesBetween = (from: number, to: number) =>
  Math.max(0, Math.floor(to / MINUTE) - Math.floor(from / MINUTE));

/** The minutes of a timer's breaks, an open one counted until `until`. */
function breakMinutesOf(breaks: BreakRow[], until: number): number {
  return breaks.reduce((sum, b) => sum + minutesBetween(b.startedAt, b.endedAt ?? until), 0);
}

/** The running timer as the portal shows it. */
function timerView(r: TimerRow, breaks: BreakRow[], now: number, timeZone: string) {
  const at = localClock(r.startedAt, timeZone);
  return {
    id: r.id,
    startedAt: iso(r.startedAt),
    date: at.date,
    startTime: at.time,
    elapsedMinutes: minutesBetween(r.startedAt, now),
    type: r.type as TimeType,
    ...(r.projectCode ? { projectCode: r.projectCode } : {}),
    ...(r.description ? { description: r.description } : {}),
    breaks: breaks.map((b) => ({
      startedAt: iso(b.startedAt),
      ...(b.endedAt !== null ? { endedAt: iso(b.endedAt) } : {}),
    })),
    breakMinutes: breakMinutesOf(breaks, now),
  };
}
export type TimerView = ReturnType<typeof timerView>;

async function runningTimer(q: Q, employeeId: string): Promise<TimerRow | undefined> {
  const [r] = await q.select().from(timeTimers).where(eq(timeTimers.employeeId, employeeId)).limit(1);
  return r;
}

/** A timer's breaks in the order they were taken. */
async function breaksOf(q: Q, timerId: string): Promise<BreakRow[]> {
  return await q.select().from(timeTimerBreaks).where(eq(timeTimerBreaks.timerId, timerId))
    .orderBy(asc(timeTimerBreaks.startedAt));
}

/** The caller's running timer, or null. */
export async function getTimer(deps: ServiceDeps, actor: Actor): Promise<{ timer: TimerView | null }> {
  const r = await runningTimer(deps.db, selfId(actor));
  return { timer: r ? timerView(r, await breaksOf(deps.db, r.id), deps.clock.now(), zoneOf(deps)) : null };
}

/** What the person may say at the start; the stop may change it. */
export interface TimerStartInput {
  type?: TimeType;
  projectCode?: string;
  description?: string;
}

/** The start may say when it happened on the device (milliseconds), within the bounds above. */
export interface TimerStartOnly extends TimerStartInput {
  startedAt?: number;
}

/**
 * Starts the caller's timer now, or at the device's `startedAt` within its bounds. Refused while one runs
 * (409 `timer_running`), when the start's minute is already inside one of their entries (409
 * `time_entry_overlap`) or outside their employment (400).
 */
export async function startTimer(deps: ServiceDeps, actor: Actor, input: TimerStartOnly) {
  const me = selfId(actor);
  // The entry's rules from the start, so a timer never runs towards an entry its stop would refuse.
  if (input.projectCode) checkField(FIELD_RULES.projectCode, input.projectCode, "projectCode");
  checkTextLength(input.description, MAX_DESCRIPTION, "description");
  const now = deps.clock.now();
  const zone = zoneOf(deps);
  const startedAt = eventMoment(input.startedAt, now, zone, "startedAt");
  const at = localClock(startedAt, zone);
  return await writeTx(deps, async (tx) => {
    const running = await runningTimer(tx, me);
    if (running) {
      const was = localClock(running.startedAt, zone);
      throw refusal("conflict", "timer.running", { date: was.date, time: was.time }, {
        conflictingId: running.id,
        reason: "timer_running",
      });
    }
    await checkEmployed(tx, me, at.date);
    // The start minute by its instant: in the hour the clocks go back its clock time happens twice.
    const minute = Math.floor(startedAt / MINUTE) * MINUTE;
    await refuseOverlap(tx, actor, {
      date: at.date,
      startTime: at.time,
      endTime: nextMinute(at.time),
      at: { from: minute, to: minute + MINUTE },
    }, zone);
    const [row] = await tx.insert(timeTimers).values({
      employeeId: me,
      startedAt,
      receivedAt: now,
      type: input.type ?? "REGULAR",
      projectCode: input.projectCode || null,
      description: input.description || null,
      channel: actor.channel,
    }).returning();
    return timerView(row, [], now, zone);
  });
}

/**
 * Starts a break of the caller's running timer now, or at the device's `startedAt` within its bounds.
 * Refused without a timer (409 `timer_not_running`), while a break runs (409 `timer_on_break`), and at a
 * moment before the timer's start or before the end of its last break (400 naming `startedAt`).
 */
export async function startBreak(deps: ServiceDeps, actor: Actor, input: { startedAt?: number }) {
  const me = selfId(actor);
  const now = deps.clock.now();
  const zone = zoneOf(deps);
  const at = eventMoment(input.startedAt, now, zone, "startedAt");
  return await writeTx(deps, async (tx) => {
    const r = await runningTimer(tx, me);
    if (!r) throw notRunning();
    const breaks = await breaksOf(tx, r.id);
    const open = breaks.find((b) => b.endedAt === null);
    if (open) {
      const since = localClock(open.startedAt, zone);
      throw refusal("conflict", "timer.breakRunning", { date: since.date, time: since.time }, {
        conflictingId: r.id,
        reason: "timer_on_break",
      });
    }
    const when = localClock(at, zone);
    if (at < r.startedAt) {
      const start = localClock(r.startedAt, zone);
      throw refusal("validation", "timer.breakBeforeStart", {
        date: when.date,
        time: when.time,
        startDate: start.date,
        start: start.time,
      }, { field: "startedAt" });
    }
    const lastEnd = Math.max(r.startedAt, ...breaks.map((b) => b.endedAt ?? 0));
    if (at < lastEnd) {
      throw refusal("validation", "timer.breakBeforeLastBreakEnd", {
        date: when.date,
        time: when.time,
        end: localClock(lastEnd, zone).time,
      }, { field: "startedAt" });
    }
    const [row] = await tx.insert(timeTimerBreaks).values({
      timerId: r.id,
      startedAt: at,
      startReceivedAt: now,
    }).returning();
    return timerView(r, [...breaks, row], now, zone);
  });
}

/**
 * Ends the running break of the caller's timer now, or at the device's `endedAt` within its bounds. Refused
 * without a timer (409 `timer_not_running`), without a running break (409 `timer_not_on_break`), and at a
 * moment before the break's start (400 naming `endedAt`).
 */
export async function endBreak(deps: ServiceDeps, actor: Actor, input: { endedAt?: number }) {
  const me = selfId(actor);
  const now = deps.clock.now();
  const zone = zoneOf(deps);
  const at = eventMoment(input.endedAt, now, zone, "endedAt");
  return await writeTx(deps, async (tx) => {
    const r = await runningTimer(tx, me);
    if (!r) throw notRunning();
    const breaks = await breaksOf(tx, r.id);
    const open = breaks.find((b) => b.endedAt === null);
    if (!open) {
      throw refusal("conflict", "timer.noBreak", {}, { conflictingId: r.id, reason: "timer_not_on_break" });
    }
    if (at < open.startedAt) {
      const when = localClock(at, zone);
      const since = localClock(open.startedAt, zone);
      throw refusal("validation", "timer.breakEndBeforeStart", {
        date: when.date,
        time: when.time,
        startDate: since.date,
        start: since.time,
      }, { field: "endedAt" });
    }
    // Only the break this request read as running: a second end racing this one finds it ended.
    const [row] = await tx.update(timeTimerBreaks).set({ endedAt: at, endReceivedAt: now })
      .where(and(eq(timeTimerBreaks.id, open.id), isNull(timeTimerBreaks.endedAt))).returning();
    if (!row) {
      throw refusal("conflict", "timer.noBreak", {}, { conflictingId: r.id, reason: "timer_not_on_break" });
    }
    return timerView(r, breaks.map((b) => b.id === row.id ? row : b), now, zone);
  });
}

/** What the stop may say: the break, an end time on the start's day, and changes to the start's fields. */
export interface TimerStopInput extends TimerStartInput {
  breakMinutes?: number;
  /** `HH:MM` on the day the timer started, after its start and not later than now. */
  endTime?: string;
  /** When the stop happened on the device (milliseconds), within the bounds above; not with `endTime`. */
  stoppedAt?: number;
}

/**
 * Stops the caller's timer: a DRAFT entry from the start minute to now (or `endTime`) less `breakMinutes`,
 * recorded by `createTimeEntry` in the transaction that deletes the timer, so both happen or neither. A
 * refusal of the entry (an overlap, a break longer than the span) leaves the timer running, to be stopped
 * with other values or discarded.
 */
export async function stopTimer(
  deps: ServiceDeps,
  actor: Actor,
  input: TimerStopInput,
): Promise<TimeEntryView & { note?: string }> {
  const me = selfId(actor);
  const received = deps.clock.now();
  const zone = zoneOf(deps);
  if (input.stoppedAt !== undefined && input.endTime !== undefined) {
    throw refusal("validation", "timer.stoppedAtAndEndTime", {}, { field: "stoppedAt" });
  }
  const now = eventMoment(input.stoppedAt, received, zone, "stoppedAt");
  const r = await runningTimer(deps.db, me);
  if (!r) throw notRunning();
  const start = localClock(r.startedAt, zone);
  const end = localClock(now, zone);
  if (input.stoppedAt !== undefined && now <= r.startedAt) {
    throw refusal("validation", "timer.stopNotAfterStart", {
      date: end.date,
      time: end.time,
      startDate: start.date,
      start: start.time,
    }, { field: "stoppedAt" });
  }
  let endTime = end.time;
  const startMinute = Math.floor(r.startedAt / MINUTE) * MINUTE;
  // The minutes that really elapsed, so a stop the night the clocks go back reads its times as they happened.
  let elapsed: number | undefined;
  if (input.endTime !== undefined) {
    // The instants the named time stands for on the start's day: two in the hour the clocks go back (02:59
    // summer time may be past while 02:59 winter time is still to come), none in the hour they skip.
    const instants = localInstants(start.date, parseHhmm(input.endTime, "endTime"), zone);
    const afterStart = instants.filter((i) => i > startMinute);
    if (instants.length ? !afterStart.length : input.endTime <= start.time) {
      throw refusal(
        "validation",
        "timer.endNotAfterStart",
        { end: input.endTime, start: start.time, date: start.date },
        { field: "endTime" },
      );
    }
    const past = afterStart.filter((i) => i <= now);
    if (afterStart.length && !past.length) {
      throw refusal("validation", "timer.endLaterThanNow", { end: input.endTime, now: end.time }, {
        field: "endTime",
      });
    }
    if (past.length) elapsed = (past[0] - startMinute) / MINUTE;
    endTime = input.endTime;
  } else if (end.date !== start.date) {
    throw refusal("conflict", "timer.acrossMidnight", { date: start.date, time: start.time }, {
      conflictingId: r.id,
      reason: "timer_across_midnight",
    });
  } else if (Math.floor(now / MINUTE) <= Math.floor(r.startedAt / MINUTE)) {
    throw refusal("conflict", "timer.tooShort", {}, { conflictingId: r.id, reason: "timer_too_short" });
  } else {
    elapsed = Math.floor(now / MINUTE) - Math.floor(r.startedAt / MINUTE);
  }
  // The moment the timer stops: the end of an open break, and no break may lie after it.
  const stopAt = elapsed !== undefined ? startMinute + elapsed * MINUTE : now;
  const breaks = await breaksOf(deps.db, r.id);
  const named = input.stoppedAt !== undefined
    ? "stoppedAt"
    : input.endTime !== undefined
    ? "endTime"
    : undefined;
  const late = breaks.find((b) => Math.max(b.startedAt, b.endedAt ?? 0) > stopAt + MINUTE - 1);
  if (late && named) {
    const when = localClock(Math.max(late.startedAt, late.endedAt ?? 0), zone);
    throw refusal("validation", "timer.stopBeforeBreak", {
      stop: localClock(stopAt, zone).time,
      date: when.date,
      time: when.time,
    }, { field: named });
  }
  // Without a moment named, a break's device moment a little ahead of the service's clock ends at the stop.
  const spans = breaks.map((b) => ({
    ...b,
    startedAt: Math.min(b.startedAt, stopAt),
    endedAt: Math.min(b.endedAt ?? stopAt, stopAt),
  }));
  const breakMinutes = breakMinutesOf(spans, stopAt) + (input.breakMinutes ?? 0);
  return await createTimeEntry(
    deps,
    actor,
    {
      date: start.date,
      startTime: start.time,
      endTime,
      breakMinutes,
      ...(elapsed !== undefined && elapsed > breakMinutes
        ? { totalHours: (elapsed - breakMinutes) / 60 }
        : {}),
      type: input.type ?? r.type as TimeType,
      projectCode: input.projectCode ?? r.projectCode ?? undefined,
      description: input.description ?? r.description ?? undefined,
    },
    {
      clockInAt: r.startedAt,
      clockInReceivedAt: r.receivedAt ?? r.startedAt,
      // With endTime the entry ends at the time named, not at a moment the device or the service saw.
      clockOutAt: input.endTime === undefined ? now : null,
      clockOutReceivedAt: received,
    },
    async (tx) => {
      // Only the timer this stop read: a second stop racing this one finds nothing and records nothing.
      const gone = await tx.delete(timeTimers).where(
        and(eq(timeTimers.id, r.id), eq(timeTimers.employeeId, me)),
      )
        .returning({ id: timeTimers.id });
      if (!gone.length) throw notRunning();
    },
  );
}

/** Discards the caller's running timer without recording anything (409 `timer_not_running` when none). */
export async function discardTimer(deps: ServiceDeps, actor: Actor) {
  const me = selfId(actor);
  return await writeTx(deps, async (tx) => {
    const gone = await tx.delete(timeTimers).where(eq(timeTimers.employeeId, me)).returning({
      id: timeTimers.id,
    });
    if (!gone.length) throw notRunning();
    return { id: gone[0].id, discarded: true as const };
  });
}
