/**
 * Working-time use cases: the caller's entries in a range with their sum, create/edit/delete drafts,
 * a week's overview against its target, and submitting a week. Net hours, week targets and overlaps are
 * the domain's (`domain/time.ts`); this file loads rows, applies states and writes.
 */
import { and, asc, eq, gte, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import {
  employees,
  leaveRequests,
  sickLeaveEntries,
  timeEntries,
  workloadChanges,
} from "../db/schema/mod.ts";
import {
  addDays,
  assertNearToday,
  type CantonPeriod,
  daysBetween,
  eachDay,
  holidayFractionsOver,
  isoWeekday,
  maxDate,
  minDate,
  toEpochDay,
} from "../domain/calendar.ts";
import { APPROVED_STATUSES, computeLeaveDays, type EndPortion, type StartPortion } from "../domain/leave.ts";
import { round2 } from "../domain/numbers.ts";
import {
  dayTargetHours,
  elapsedSpan,
  type ElapsedSpanEntry,
  elapsedSpansOverlap,
  entryInterval,
  netHours,
  sumHours,
  weekTargetHours,
} from "../domain/time.ts";
import { refusal } from "../errors.ts";
import { checkField, checkTextLength, FIELD_RULES, MAX_ENTRY_DESCRIPTION } from "../domain/fields.ts";
import type { Actor } from "./actor.ts";
import {
  decodeCursor,
  DEFAULT_TIME_ZONE,
  type EmployeeCore,
  type EmployeeRow,
  iso,
  type KeysetPage,
  keysetPageResult,
  notify,
  type PageInput,
  pageOf,
  type Q,
  selfEmployee,
  selfId,
  type ServiceDeps,
  todayOf,
  weekdaysOf,
  writeTx,
} from "./common.ts";
import { cantonHistoryOf, closureCalendar } from "./holidays.ts";
import { changedAfter, recordRemoved, removedSince, type SyncFields, syncPage, syncStart } from "./sync.ts";
import { readRow } from "../db/local.ts";
import { type RawStatements, statementFamily } from "../db/raw_sql.ts";
import { exactReal, jsonRows, realOf } from "./json_rows.ts";
import { halfDaysIn } from "../settings.ts";

export const TIME_TYPES = ["REGULAR", "OVERTIME", "COMPENSATION", "WEITERBILDUNG", "VORBEREITUNG"] as const;
export type TimeType = typeof TIME_TYPES[number];
export const TIME_STATUSES = ["DRAFT", "SUBMITTED", "APPROVED", "REJECTED"] as const;
export type TimeStatus = typeof TIME_STATUSES[number];

/** The longest range one list covers (contract: list_my_time_entries, at most 400 days). */
export const MAX_RANGE_DAYS = 400;

type TimeRow = typeof timeEntries.$inferSelect;

/** What the caller sends to create (or, all optional, to change) an entry. */
export interface TimeEntryInput {
  date: string;
  startTime: string;
  endTime: string;
  breakMinutes?: number;
  /** Optional; when sent it must agree with start, end and break to the minute. */
  totalHours?: number;
  type?: TimeType;
  projectCode?: string;
  /** Free text; only from the portal (the connector takes no free text). */
  description?: string;
}

/** A time entry as the contract shows it (empty optional texts are left out). */
export function timeEntryView(
  r: Pick<
    TimeRow,
    | "id"
    | "date"
    | "startTime"
    | "endTime"
    | "breakMinutes"
    | "totalHours"
    | "type"
    | "projectCode"
    | "description"
    | "status"
    | "rejectionNote"
    | "createdAt"
  >,
) {
  return {
    id: r.id,
    date: r.date,
    startTime: r.startTime ?? "00:00",
    endTime: r.endTime ?? "00:00",
    breakMinutes: r.breakMinutes,
    totalHours: r.totalHours,
    type: r.type as TimeType,
    ...(r.projectCode ? { projectCode: r.projectCode } : {}),
    ...(r.description ? { description: r.description } : {}),
    status: r.status as TimeStatus,
    ...(r.rejectionNote ? { rejectionNote: r.rejectionNote } : {}),
    createdAt: iso(r.createdAt),
  };
}
export type TimeEntryView = ReturnType<typeof timeEntryView>;

/**
 * Checks an entry's times and derives its net hours: end − start − break, overnight when the end is at or
 * before the start, at most 24 h (domain `netHours`), counted as the time that really elapsed in the
 * installation's time zone (a night shift across a daylight-saving change: domain `elapsedSpan`). A
 * `totalHours` sent along must agree to the minute. `note` says how a clock time that happened twice was read.
 */
export function deriveHours(
  input: Pick<TimeEntryInput, "date" | "startTime" | "endTime" | "breakMinutes" | "totalHours">,
  timeZone: string,
): { totalHours: number; breakMinutes: number; note?: string } {
  const breakMinutes = input.breakMinutes ?? 0;
  // Equal start and end reads as 24 hours, and is most often a typing slip: only taken when the total is also
  // stated (totalHours, which must then agree; an assistant cannot state it, so it is refused there).
  if (input.startTime === input.endTime && input.totalHours === undefined) {
    throw refusal("validation", "time.sameStartAndEnd", { time: input.startTime }, {
      field: ["startTime", "endTime"],
    });
  }
  const want = input.totalHours === undefined ? undefined : input.totalHours * 60 + breakMinutes;
  const span = elapsedSpan(input.date, input.startTime, input.endTime, timeZone, want);
  const total = netHours(input.startTime, input.endTime, breakMinutes, span.minutes);
  const minutes = span.minutes - breakMinutes;
  if (input.totalHours !== undefined && Math.abs(input.totalHours * 60 - minutes) >= 1) {
    throw refusal(
      "validation",
      "time.totalHoursMismatch",
      {
        total: input.totalHours,
        start: input.startTime,
        end: input.endTime,
        break: breakMinutes,
        hours: total,
      },
      { field: "totalHours" },
    );
  }
  return span.note
    ? { totalHours: total, breakMinutes, note: span.note }
    : { totalHours: total, breakMinutes };
}

/** The installation's time zone, in which clock times are read. */
const zoneOf = (deps: ServiceDeps) => deps.config?.timeZone ?? DEFAULT_TIME_ZONE;

/** Refuses a day outside the person's employment (before the start, or after the end when there is one). */
export async function checkEmployed(q: Q, employeeId: string, date: string): Promise<void> {
  const [e] = await q.select({ start: employees.employmentStart, end: employees.employmentEnd }).from(
    employees,
  )
    .where(eq(employees.id, employeeId)).limit(1);
  if (!e) return;
  if (date < e.start) {
    throw refusal("validation", "time.beforeEmployment", { date, start: e.start }, { field: "date" });
  }
  if (e.end && date > e.end) {
    throw refusal("validation", "time.afterEmployment", { date, end: e.end }, { field: "date" });
  }
}

/** The caller's entries that could share minutes with an entry on `date` (the day before may run overnight). */
async function neighbours(q: Q, employeeId: string, date: string, excludeId?: string) {
  const where: SQL[] = [
    eq(timeEntries.employeeId, employeeId),
    gte(timeEntries.date, addDays(date, -1)),
    lte(timeEntries.date, addDays(date, 1)),
    ne(timeEntries.status, "REJECTED"),
  ];
  if (excludeId) where.push(ne(timeEntries.id, excludeId));
  return await q.select().from(timeEntries).where(and(...where)).orderBy(
    asc(timeEntries.date),
    asc(timeEntries.startTime),
  )
    .limit(100);
}

/**
 * The first of `rows` that shares a minute of real time with `e` (`elapsedSpansOverlap`): on the night the
 * clocks go back the same clock times can be an hour apart. A row's reading is the one its stored hours and
 * break match; `e`'s the one its derived hours match (none given: the first reading, as recording takes it).
 */
function findOverlap(
  rows: TimeRow[],
  e: ElapsedSpanEntry,
  timeZone: string,
): TimeRow | undefined {
  return rows.find((r) =>
    r.startTime !== null && r.endTime !== null &&
    elapsedSpansOverlap(e, {
      date: r.date,
      startTime: r.startTime,
      endTime: r.endTime,
      elapsedMinutes: Math.round(r.totalHours * 60) + r.breakMinutes,
    }, timeZone)
  );
}

/** An entry's span with the minutes it lasts as derived (`deriveHours`): which reading of its clock times. */
const derivedSpan = (
  e: { date: string; startTime: string; endTime: string },
  d: { totalHours: number; breakMinutes: number },
): ElapsedSpanEntry => ({ ...e, elapsedMinutes: Math.round(d.totalHours * 60) + d.breakMinutes });

/**
 * Refuses a span of the caller's that shares minutes with one of their entries (not a rejected one), with
 * the same 409 as recording an entry; the clock-in timer checks its start minute with it.
 */
export async function refuseOverlap(
  q: Q,
  actor: Actor,
  e: ElapsedSpanEntry,
  timeZone: string,
): Promise<void> {
  const o = findOverlap(await neighbours(q, selfId(actor), e.date), e, timeZone);
  if (o) throw overlapError(o, false);
}

/**
 * The 409 of an overlap, naming the entry it collides with. An entry the caller typed names its times as the
 * fields to change; the timer's start minute was no input, so it names none.
 */
function overlapError(o: TimeRow, typed = true): Error {
  // The entry named by its day and times, as the person knows it; its id is in `conflictingId` for an app.
  return refusal("conflict", "time.entryOverlap", {
    date: o.date,
    from: o.startTime!,
    to: o.endTime!,
  }, {
    conflictingId: o.id,
    reason: "time_entry_overlap",
    ...(typed ? { field: ["startTime", "endTime"] } : {}),
  });
}

/** The longest description an entry keeps (the one number, `domain/fields.ts`). */
export const MAX_DESCRIPTION = MAX_ENTRY_DESCRIPTION;

/**
 * Checks an entry's fields with their one rule (`domain/fields.ts`), whichever door sent them: a project code
 * without spaces (empty: none), a description of at most 2000 characters, which an assistant may not write.
 * The date is checked after `assertNearToday`, whose refusal says more about a date years away.
 */
function checkEntryFields(actor: Actor, input: Partial<TimeEntryInput>) {
  if (actor.channel === "ASSISTANT" && input.description) {
    throw refusal("validation", "time.noDescriptionByAssistant", {}, { field: "description" });
  }
  // An empty code is none (a change clears it), not a code to check.
  if (input.projectCode) checkField(FIELD_RULES.projectCode, input.projectCode, "projectCode");
  checkTextLength(input.description, MAX_DESCRIPTION, "description");
}

/**
 * What an entry would be and what its day already holds, without writing (contract: prepare_time_entry).
 * Refuses what creation refuses: bad times, a total that does not match, an overlap.
 */
export async function previewTimeEntry(deps: ServiceDeps, actor: Actor, input: TimeEntryInput) {
  const me = selfId(actor);
  checkEntryFields(actor, input);
  assertNearToday(input.date, todayOf(deps), "date");
  checkField(FIELD_RULES.date, input.date, "date");
  const { totalHours, breakMinutes, note } = deriveHours(input, zoneOf(deps));
  await checkEmployed(deps.db, me, input.date);
  const near = await neighbours(deps.db, me, input.date);
  const o = findOverlap(near, derivedSpan(input, { totalHours, breakMinutes }), zoneOf(deps));
  if (o) throw overlapError(o);
  const sameDay = near.filter((r) => r.date === input.date);
  const dayBefore = sumHours(sameDay.map((r) => r.totalHours));
  return {
    date: input.date,
    startTime: input.startTime,
    endTime: input.endTime,
    breakMinutes,
    totalHours,
    type: input.type ?? "REGULAR",
    overnight: entryInterval(input)[1] > (toEpochDay(input.date) + 1) * 1440,
    dayEntries: sameDay.map(timeEntryView),
    dayTotalHoursBefore: dayBefore,
    dayTotalHoursAfter: round2(dayBefore + totalHours),
    ...(note ? { note } : {}),
  };
}

/** The device's (or the service's) moments of a timer's clock-in and clock-out, and when each was received. */
export interface ClockMoments {
  clockInAt: number;
  clockInReceivedAt: number;
  clockOutAt: number | null;
  clockOutReceivedAt: number;
}

/**
 * Records an entry for the caller as DRAFT (contract: POST /employee/time-entries, commit_time_entry).
 * The overlap check and the insert run in one write transaction.
 */
export async function createTimeEntry(
  deps: ServiceDeps,
  actor: Actor,
  input: TimeEntryInput,
  /** The clock events a timer recorded the entry from (the timer's stop only). */
  clock?: ClockMoments,
  /** Runs in the same transaction before the insert (stopping the timer deletes it there: both or neither). */
  alsoInTx?: (tx: Q) => Promise<void>,
): Promise<TimeEntryView & { note?: string }> {
  const me = selfId(actor);
  checkEntryFields(actor, input);
  assertNearToday(input.date, todayOf(deps), "date");
  checkField(FIELD_RULES.date, input.date, "date");
  const { totalHours, breakMinutes, note } = deriveHours(input, zoneOf(deps));
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    if (alsoInTx) await alsoInTx(tx);
    await checkEmployed(tx, me, input.date);
    const o = findOverlap(
      await neighbours(tx, me, input.date),
      derivedSpan(input, { totalHours, breakMinutes }),
      zoneOf(deps),
    );
    if (o) throw overlapError(o);
    const [row] = await tx.insert(timeEntries).values({
      employeeId: me,
      date: input.date,
      startTime: input.startTime,
      endTime: input.endTime,
      breakMinutes,
      totalHours,
      type: input.type ?? "REGULAR",
      projectCode: input.projectCode || null,
      description: input.description || null,
      status: "DRAFT",
      channel: actor.channel,
      ...(clock ?? {}),
      createdAt: now,
      updatedAt: now,
    }).returning();
    return note ? { ...timeEntryView(row), note } : timeEntryView(row);
  });
}

async function ownEntry(q: Q, actor: Actor, id: string): Promise<TimeRow> {
  const me = selfId(actor);
  const [r] = await q.select().from(timeEntries).where(
    and(eq(timeEntries.id, id), eq(timeEntries.employeeId, me)),
  )
    .limit(1);
  if (!r) throw refusal("not_found", "time.noSuchEntry");
  return r;
}

/** Refuses changing or deleting an entry that is no longer a draft, saying what state it is in. */
function requireDraft(r: TimeRow) {
  if (r.status === "DRAFT") return;
  throw refusal(
    "conflict",
    r.status === "SUBMITTED"
      ? "time.notDraftSubmitted"
      : r.status === "REJECTED"
      ? "time.notDraftRejected"
      : "time.notDraftApproved",
  );
}

/** One of the caller's entries (someone else's id answers 404 like an unknown one). */
export async function getTimeEntry(deps: ServiceDeps, actor: Actor, input: { id: string }) {
  return timeEntryView(await ownEntry(deps.db, actor, input.id));
}

/** Changes an own draft; the merged entry is checked like a new one (hours, agreement, overlap). */
export async function updateTimeEntry(
  deps: ServiceDeps,
  actor: Actor,
  input: { id: string; patch: Partial<TimeEntryInput> },
): Promise<TimeEntryView & { note?: string }> {
  checkEntryFields(actor, input.patch);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const r = await ownEntry(tx, actor, input.id);
    requireDraft(r);
    const p = input.patch;
    const merged = {
      date: p.date ?? r.date,
      startTime: p.startTime ?? r.startTime ?? "00:00",
      endTime: p.endTime ?? r.endTime ?? "00:00",
      breakMinutes: p.breakMinutes ?? r.breakMinutes,
      totalHours: p.totalHours,
    };
    if (p.date !== undefined) {
      assertNearToday(merged.date, todayOf(deps), "date");
      checkField(FIELD_RULES.date, merged.date, "date");
    }
    const { totalHours, breakMinutes, note } = deriveHours(merged, zoneOf(deps));
    await checkEmployed(tx, r.employeeId, merged.date);
    const o = findOverlap(
      await neighbours(tx, r.employeeId, merged.date, r.id),
      derivedSpan(merged, { totalHours, breakMinutes }),
      zoneOf(deps),
    );
    if (o) throw overlapError(o);
    const [row] = await tx.update(timeEntries).set({
      date: merged.date,
      startTime: merged.startTime,
      endTime: merged.endTime,
      breakMinutes,
      totalHours,
      ...(p.type ? { type: p.type } : {}),
      ...(p.projectCode !== undefined ? { projectCode: p.projectCode || null } : {}),
      ...(p.description !== undefined ? { description: p.description || null } : {}),
      updatedAt: now,
    }).where(and(eq(timeEntries.id, r.id), eq(timeEntries.status, "DRAFT"))).returning();
    return note ? { ...timeEntryView(row), note } : timeEntryView(row);
  });
}

/** Deletes an own draft. */
export async function deleteTimeEntry(deps: ServiceDeps, actor: Actor, input: { id: string }) {
  return await writeTx(deps, async (tx) => {
    const r = await ownEntry(tx, actor, input.id);
    requireDraft(r);
    await tx.delete(timeEntries).where(and(eq(timeEntries.id, r.id), eq(timeEntries.status, "DRAFT")));
    // The app's offline copy learns of the deletion at its next sync (`updatedSince`).
    await recordRemoved(tx, {
      employeeId: r.employeeId,
      list: "TIME_ENTRY",
      rowIds: [r.id],
      now: deps.clock.now(),
    });
    return { id: r.id, deleted: true as const };
  });
}

/** Range and filters of the caller's entry list. */
export interface TimeListInput extends PageInput {
  from: string;
  to: string;
  status?: TimeStatus;
  type?: TimeType;
  /**
   * Only the entries changed at or after this instant (ms), oldest change first, and those deleted since, for
   * an app's offline copy (`sync.ts`). The range then applies only where the caller gave it (`rangeGiven`).
   */
  updatedSince?: number;
  rangeGiven?: boolean;
}

/**
 * The caller's entries changed since `updatedSince` (a draft changed, a week submitted or decided) and the
 * drafts deleted since. `count`, `totalHours`, `from` and `to` cover the changed entries (the range asked for,
 * else the days they fall on, today when none changed).
 */
async function changedTimeEntries(
  deps: ServiceDeps,
  me: string,
  input: TimeListInput,
): Promise<
  KeysetPage<TimeEntryView> & SyncFields & { from: string; to: string; count: number; totalHours: number }
> {
  const page = pageOf(input);
  const { since, cursor } = syncStart(deps, { ...input, updatedSince: input.updatedSince! });
  const where: SQL[] = [eq(timeEntries.employeeId, me), gte(timeEntries.updatedAt, since)];
  if (input.rangeGiven) where.push(gte(timeEntries.date, input.from), lte(timeEntries.date, input.to));
  if (input.status) where.push(eq(timeEntries.status, input.status));
  if (input.type) where.push(eq(timeEntries.type, input.type));
  const [agg] = await deps.db.select({
    count: sql<number>`count(*)`,
    total: sql<number>`coalesce(sum(${timeEntries.totalHours}), 0)`,
    first: sql<string | null>`min(${timeEntries.date})`,
    last: sql<string | null>`max(${timeEntries.date})`,
  }).from(timeEntries).where(and(...where));
  const rows = await deps.db.select().from(timeEntries)
    .where(and(...where, ...changedAfter(timeEntries.updatedAt, timeEntries.id, since, cursor)))
    .orderBy(asc(timeEntries.updatedAt), asc(timeEntries.id)).limit(page.limit + 1).offset(page.offset);
  const today = todayOf(deps);
  return {
    from: input.rangeGiven ? input.from : agg.first ?? today,
    to: input.rangeGiven ? input.to : agg.last ?? today,
    count: Number(agg.count),
    totalHours: round2(Number(agg.total)),
    ...await syncPage(
      deps,
      { since, fromCursor: cursor !== null, page },
      rows,
      (shown) => shown.map(timeEntryView),
      (r) => [r.updatedAt, r.id],
      () => removedSince(deps.db, me, "TIME_ENTRY", since),
    ),
  };
}

/** Which of the optional filters of the entry list are given: status (s), type (t). */
type EntryFilter = "" | "s" | "t" | "st";

/**
 * The count and sum of hours of the caller's entries in a range and filter, and one page of them (oldest
 * day first, then start, filing, id: no two entries tie; an entry without a start, an older import, sorts
 * first, as SQL's null does) as ONE statement: the page is a JSON list of the columns the answer shows
 * (json_rows.ts). The variant names the optional filters given: status (s), type (t), and a cursor (c:
 * after the cursor's entry). One text per variant, so each is prepared once per connection.
 */
const ENTRY_PAGE_SQL = statementFamily<`${EntryFilter}${"" | "c"}`>("stc", (variant) => {
  const where = ["employee_id = :me", "date >= :from", "date <= :to"];
  if (variant.includes("s")) where.push("status = :status");
  if (variant.includes("t")) where.push("type = :type");
  const after = variant.endsWith("c")
    ? " AND (date, coalesce(start_time, ''), created_at, id) > (:cDate, :cStart, :cCreated, :cId)"
    : "";
  return `SELECT count(*) AS count, coalesce(sum(total_hours), 0) AS total,
    (SELECT json_group_array(json_array(id, date, start_time, end_time, break_minutes, ${
    exactReal("total_hours")
  },
      type, project_code, description, status, rejection_note, created_at))
      FROM (SELECT id, date, start_time, end_time, break_minutes, total_hours, type, project_code, description,
        status, rejection_note, created_at FROM time_entries WHERE ${where.join(" AND ")}${after}
        ORDER BY date ASC, coalesce(start_time, '') ASC, created_at ASC, id ASC LIMIT :limit OFFSET :offset))
      AS rows
    FROM time_entries WHERE ${where.join(" AND ")}`;
});

/** An entry from its tuple in `ENTRY_PAGE_SQL`. */
function entryOfTuple(
  [
    id,
    date,
    startTime,
    endTime,
    breakMinutes,
    totalHours,
    type,
    projectCode,
    description,
    status,
    rejectionNote,
    createdAt,
  ]: [
    string,
    string,
    string | null,
    string | null,
    number,
    number | string,
    string,
    string | null,
    string | null,
    string,
    string | null,
    number,
  ],
) {
  return {
    id,
    date,
    startTime,
    endTime,
    breakMinutes,
    totalHours: realOf(totalHours),
    type,
    projectCode,
    description,
    status,
    rejectionNote,
    createdAt,
  };
}

/**
 * The caller's entries from `from` to `to` (at most 400 days), oldest first, paged (at most 50 a page),
 * with the count and the sum of hours over the whole range and filter (not only the page).
 */
export async function listTimeEntries(
  deps: ServiceDeps,
  actor: Actor,
  input: TimeListInput,
): Promise<
  KeysetPage<TimeEntryView> & Partial<SyncFields> & {
    from: string;
    to: string;
    count: number;
    totalHours: number;
  }
> {
  const me = selfId(actor);
  if (input.updatedSince !== undefined && !input.rangeGiven) return await changedTimeEntries(deps, me, input);
  if (input.to < input.from) throw refusal("validation", "time.rangeEndBeforeStart", {}, { field: "to" });
  if (daysBetween(input.from, input.to) + 1 > MAX_RANGE_DAYS) {
    throw refusal("validation", "time.rangeTooLong", { days: MAX_RANGE_DAYS }, { field: ["from", "to"] });
  }
  if (input.updatedSince !== undefined) return await changedTimeEntries(deps, me, input);
  const page = pageOf(input);
  const cursor = decodeCursor(input, ["string", "string", "number", "string"]);
  const variant = `${input.status ? "s" : ""}${input.type ? "t" : ""}` as EntryFilter;
  const at: Record<string, string | number> = {
    me,
    from: input.from,
    to: input.to,
    limit: page.limit + 1,
    offset: page.offset,
  };
  if (input.status) at.status = input.status;
  if (input.type) at.type = input.type;
  if (cursor) [at.cDate, at.cStart, at.cCreated, at.cId] = cursor;
  const text: `${EntryFilter}${"" | "c"}` = cursor ? `${variant}c` : variant;
  const agg = (await readRow(deps.db.$client, ENTRY_PAGE_SQL[text], at))!;
  const rows = jsonRows<Parameters<typeof entryOfTuple>[0]>(agg.rows).map(entryOfTuple);
  const last = rows.slice(0, page.limit).at(-1);
  return {
    from: input.from,
    to: input.to,
    count: Number(agg.count),
    totalHours: round2(Number(agg.total)),
    ...keysetPageResult(
      rows.slice(0, page.limit).map(timeEntryView),
      page,
      rows.length > page.limit,
      last && [last.date, last.startTime ?? "", last.createdAt, last.id],
      cursor !== null,
    ),
  };
}

/**
 * The workload in force on `date` from loaded workload changes (any order, any dates): the latest change on or
 * before `date`, else the employee's current workload. The summary passes the whole history it read.
 */
export function workloadFrom(
  history: readonly { validFrom: string; workloadPercent: number }[],
  emp: EmployeeCore,
  date: string,
): number {
  let best: { validFrom: string; workloadPercent: number } | undefined;
  for (const h of history) if (h.validFrom <= date && (!best || h.validFrom > best.validFrom)) best = h;
  return best?.workloadPercent ?? emp.workloadPercent;
}

/** An approved leave request as the absence rule reads it. */
export interface AbsenceLeave {
  startDate: string;
  endDate: string;
  startPortion: string;
  endPortion: string;
}

/** A sick-leave entry as the absence rule reads it (ongoing: no end date). */
export interface AbsenceSick {
  startDate: string;
  endDate: string | null;
}

/** The leave states whose days count as away (shared with the summary's statement). */
export const ABSENCE_LEAVE_STATUSES: readonly string[] = [...APPROVED_STATUSES];
/** At most this many leave requests and sick entries are read for one range. */
export const ABSENCE_ROWS_LIMIT = 100;

/**
 * The rule of `absenceFractions` on loaded data: closure dates (not worked through), approved leave (half
 * days as halves) and sick leave not taken back, each day capped at a whole day; `halfDays`: the customary
 * half days observed (settings.ts `halfDaysIn`).
 */
export function absencesFrom(
  emp: EmployeeCore,
  from: string,
  to: string,
  closureDates: ReadonlySet<string>,
  leaves: readonly AbsenceLeave[],
  sick: readonly AbsenceSick[],
  halfDays: readonly string[],
  /** The place-of-work canton history: each day's holidays by the canton in force on it. */
  cantonHistory: readonly CantonPeriod[] = [],
): Map<string, number> {
  const out = new Map<string, number>();
  const put = (d: string, f: number) => {
    if (d >= from && d <= to && f > 0) out.set(d, Math.min(1, (out.get(d) ?? 0) + f));
  };
  for (const d of closureDates) put(d, 1);
  for (const l of leaves) {
    const s = maxDate(l.startDate, from);
    const e = minDate(l.endDate, to);
    const r = computeLeaveDays({
      startDate: s,
      endDate: e,
      startPortion: s === l.startDate ? l.startPortion as StartPortion : "FULL",
      endPortion: e === l.endDate ? l.endPortion as EndPortion : "FULL",
      workingWeekdays: weekdaysOf(emp),
      holidays: holidayFractionsOver(emp.canton, cantonHistory, s, e, halfDays),
      closureDays: closureDates,
    });
    for (const d of r.perDay) put(d.date, d.fraction);
  }
  for (const s of sick) {
    for (const d of eachDay(maxDate(s.startDate, from), minDate(s.endDate ?? to, to))) put(d, 1);
  }
  return out;
}

/**
 * date → fraction of the day away on approved absence in `from`..`to`: approved leave (half days as
 * halves), sick leave (not taken back), and company closure days not worked through.
 */
export async function absenceFractions(q: Q, emp: EmployeeCore, from: string, to: string) {
  const cal = await closureCalendar(q, emp, from, to);
  const closures = new Set(cal.days.filter((d) => !d.workThrough).map((d) => d.date));
  const leaves = await q.select({
    startDate: leaveRequests.startDate,
    endDate: leaveRequests.endDate,
    startPortion: leaveRequests.startPortion,
    endPortion: leaveRequests.endPortion,
  }).from(leaveRequests).where(and(
    eq(leaveRequests.employeeId, emp.id),
    lte(leaveRequests.startDate, to),
    gte(leaveRequests.endDate, from),
    inArray(leaveRequests.status, [...ABSENCE_LEAVE_STATUSES]),
  )).limit(ABSENCE_ROWS_LIMIT);
  const sick = await q.select({ startDate: sickLeaveEntries.startDate, endDate: sickLeaveEntries.endDate })
    .from(sickLeaveEntries).where(and(
      eq(sickLeaveEntries.employeeId, emp.id),
      lte(sickLeaveEntries.startDate, to),
      or(isNull(sickLeaveEntries.endDate), gte(sickLeaveEntries.endDate, from)),
      isNull(sickLeaveEntries.withdrawnAt),
    )).orderBy(sql`${sickLeaveEntries.startDate} desc`).limit(ABSENCE_ROWS_LIMIT);
  return absencesFrom(
    emp,
    from,
    to,
    closures,
    leaves,
    sick,
    await halfDaysIn(q),
    await cantonHistoryOf(q).all({ emp: emp.id }),
  );
}

/** State of a week: EMPTY, OPEN (has drafts), SUBMITTED, APPROVED, REJECTED, or MIXED. */
function weekStatus(counts: Record<TimeStatus, number>): "EMPTY" | "OPEN" | TimeStatus | "MIXED" {
  const present = TIME_STATUSES.filter((s) => counts[s] > 0);
  if (present.length === 0) return "EMPTY";
  if (counts.DRAFT > 0) return "OPEN";
  return present.length === 1 ? present[0] : "MIXED";
}

/**
 * Checks that a week starts on a Monday. Every operation that takes a week has it in its path
 * (`/employee/time-weeks/{weekStart}`), so the refusal names it there, as the path's schema check would.
 */
export function checkWeekStart(weekStart: string) {
  if (isoWeekday(weekStart) !== 1) {
    throw refusal("validation", "time.weekStartNotMonday", { value: weekStart }, { field: "path.weekStart" });
  }
}

/**
 * A week of one employee: entries, total hours (rejected entries not counted), the target for their
 * workload reduced by public holidays and approved absences, and counts per state.
 */
/**
 * The target hours of a week and what they were reduced by: each day the contract hours × the workload in
 * force that day, spread over the weekdays in force that day (the workload history, not today's record),
 * less public holidays and approved absences.
 */
export async function weekTarget(q: Q, emp: EmployeeCore, weekStart: string) {
  const absences = await absenceFractions(q, emp, weekStart, addDays(weekStart, 6));
  const history = await q.select({
    validFrom: workloadChanges.validFrom,
    workloadPercent: workloadChanges.workloadPercent,
    workingWeekdays: workloadChanges.workingWeekdays,
  }).from(workloadChanges).where(eq(workloadChanges.employeeId, emp.id)).limit(1000);
  return weekTargetFrom(
    emp,
    weekStart,
    absences,
    history,
    await halfDaysIn(q),
    await cantonHistoryOf(q).all({ emp: emp.id }),
  );
}

/** `weekTarget` from loaded absences and workload history (any order) and the half days observed. */
export function weekTargetFrom(
  emp: EmployeeCore,
  weekStart: string,
  absences: Map<string, number>,
  history: readonly { validFrom: string; workloadPercent: number; workingWeekdays?: string | null }[],
  halfDays: readonly string[],
  /** The place-of-work canton history: each day's holidays by the canton in force on it. */
  cantonHistory: readonly CantonPeriod[] = [],
) {
  const holidays = holidayFractionsOver(
    emp.canton,
    cantonHistory,
    weekStart,
    addDays(weekStart, 6),
    halfDays,
  );
  const weekdays = weekdaysOf(emp);
  const input = {
    weekStart,
    weeklyHours: emp.weeklyHours,
    workloadPercent: emp.workloadPercent,
    workingWeekdays: weekdays,
    holidays,
    absenceFractions: absences,
    history: history.map((h) => ({
      validFrom: h.validFrom,
      workloadPercent: h.workloadPercent,
      workingWeekdays: h.workingWeekdays ? weekdaysOf({ workingWeekdays: h.workingWeekdays }) : null,
    })),
  };
  const targetHours = weekTargetHours(input);
  return {
    holidays,
    absences,
    workload: workloadFrom(history, emp, weekStart),
    weekdays,
    targetHours,
    dayTargets: dayTargetHours(input),
  };
}

export async function weekOf(q: Q, emp: EmployeeRow, weekStart: string) {
  checkWeekStart(weekStart);
  const weekEnd = addDays(weekStart, 6);
  const rows = await q.select().from(timeEntries).where(and(
    eq(timeEntries.employeeId, emp.id),
    gte(timeEntries.date, weekStart),
    lte(timeEntries.date, weekEnd),
  )).orderBy(asc(timeEntries.date), asc(timeEntries.startTime)).limit(101);
  const { holidays, absences, workload, targetHours, dayTargets } = await weekTarget(q, emp, weekStart);
  const counts: Record<TimeStatus, number> = { DRAFT: 0, SUBMITTED: 0, APPROVED: 0, REJECTED: 0 };
  for (const r of rows) counts[r.status as TimeStatus] = (counts[r.status as TimeStatus] ?? 0) + 1;
  const counted = rows.filter((r) => r.status !== "REJECTED");
  const totalHours = sumHours(counted.map((r) => r.totalHours));
  const days = [...eachDay(weekStart, weekEnd)].map((date, i) => {
    return {
      date,
      hours: sumHours(counted.filter((r) => r.date === date).map((r) => r.totalHours)),
      targetHours: dayTargets[i],
      holiday: holidays.get(date) ?? 0,
      absence: absences.get(date) ?? 0,
    };
  });
  return {
    weekStart,
    weekEnd,
    totalHours,
    targetHours,
    differenceHours: round2(totalHours - targetHours),
    workloadPercent: workload,
    draftCount: counts.DRAFT,
    submittedCount: counts.SUBMITTED,
    approvedCount: counts.APPROVED,
    rejectedCount: counts.REJECTED,
    status: weekStatus(counts),
    days,
    entries: rows.slice(0, 100).map(timeEntryView),
  };
}

/** The caller's week overview (total vs target, drafts count, entries). */
export async function getWeekOverview(deps: ServiceDeps, actor: Actor, input: { weekStart: string }) {
  const emp = await selfEmployee(deps.db, actor);
  return await weekOf(deps.db, emp, input.weekStart);
}

/**
 * Submits a week: every DRAFT entry of the week becomes SUBMITTED (read-only until the manager decides)
 * and the manager is told. A week that has not started yet cannot be submitted; one without drafts has
 * nothing to submit.
 */
export async function submitWeek(deps: ServiceDeps, actor: Actor, input: { weekStart: string }) {
  checkWeekStart(input.weekStart);
  const today = todayOf(deps);
  const now = deps.clock.now();
  if (input.weekStart > today) {
    throw refusal("conflict", "time.weekNotStarted", { week: input.weekStart }, {
      reason: "week_not_started",
    });
  }
  return await writeTx(deps, async (tx) => {
    const emp = await selfEmployee(tx, actor);
    const changed = await tx.update(timeEntries).set({
      status: "SUBMITTED",
      submittedAt: now,
      updatedAt: now,
    }).where(
      and(
        eq(timeEntries.employeeId, emp.id),
        gte(timeEntries.date, input.weekStart),
        lte(timeEntries.date, addDays(input.weekStart, 6)),
        eq(timeEntries.status, "DRAFT"),
      ),
    ).returning({ id: timeEntries.id });
    if (changed.length === 0) {
      const [sent] = await tx.select({ id: timeEntries.id }).from(timeEntries).where(and(
        eq(timeEntries.employeeId, emp.id),
        gte(timeEntries.date, input.weekStart),
        lte(timeEntries.date, addDays(input.weekStart, 6)),
        eq(timeEntries.status, "SUBMITTED"),
      )).limit(1);
      throw sent
        ? refusal("conflict", "time.weekAlreadySubmitted", { week: input.weekStart }, {
          reason: "week_already_submitted",
        })
        : refusal("conflict", "time.weekWithoutDrafts", { week: input.weekStart }, {
          reason: "week_without_drafts",
        });
    }
    if (emp.managerId && emp.managerId !== emp.id) {
      await notify(tx, {
        recipientEmployeeId: emp.managerId,
        kind: "TIMESHEET_SUBMITTED",
        payload: { employeeId: emp.id, weekStart: input.weekStart, entries: changed.length },
        actor,
        now,
      });
    }
    return { submitted: changed.length, week: await weekOf(tx, emp, input.weekStart) };
  });
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { ENTRY_PAGE_SQL };
