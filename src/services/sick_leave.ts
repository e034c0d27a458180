/**
 * Sick-leave use cases: the caller's absences and totals for a year, reporting a new absence (preview and
 * file), ending an ongoing one, taking back a fresh report, marking the certificate as uploaded, and the
 * salary-continuation entitlement. Days covered, service years and the court scales are the domain's
 * (`domain/sick.ts`).
 *
 * The reason is seen by the owner (in the portal) and HR only: managers are told that someone is absent,
 * never why, and assistants never receive it (contract: get_my_sick_leave "never the reason").
 */
import { and, asc, desc, eq, gte, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { prepared } from "../db/prepared.ts";
import { keptRead, readRow } from "../db/local.ts";
import { jsonRows } from "./json_rows.ts";
import { sickCertificates, sickLeaveEntries } from "../db/schema/mod.ts";
import { addDays, daysBetween, maxDate, minDate, yearOf } from "../domain/calendar.ts";
import {
  continuationDaysUsed,
  continuationOwedFrom,
  currentServiceYearStart,
  salaryContinuation,
  type SalaryScale,
  sickDaysCovered,
} from "../domain/sick.ts";
import { round2 } from "../domain/numbers.ts";
import { refusal } from "../errors.ts";
import { isHrOrAbove } from "../domain/access.ts";
import type { Actor } from "./actor.ts";
import { localClock } from "./time_timer.ts";
import { localInstants } from "../domain/time.ts";
import { checkedNeutralUpload, neutralFileName, UPLOAD_MAX_BYTES, UPLOAD_TYPES } from "./uploaded_files.ts";
import { changedAfter, removedSince, syncPage, syncStart } from "./sync.ts";
import {
  checkYear,
  dateAsInstant,
  DEFAULT_TIME_ZONE,
  type EmployeeRow,
  iso,
  notify,
  type PageInput,
  pageOf,
  type Q,
  selfEmployee,
  selfId,
  type ServiceDeps,
  todayOf,
  writeTx,
} from "./common.ts";
import type { RawStatements } from "../db/raw_sql.ts";

/** How long after reporting an absence it can be taken back (contract: cancel_sick_report window). */
export const TAKE_BACK_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How far back an absence can be reported by the employee; older ones are recorded by HR. */
export const MAX_REPORT_DAYS_BACK = 30;
/** The longest absence one report may announce with an end date. */
export const MAX_REPORT_SPAN_DAYS = 366;

type SickRow = typeof sickLeaveEntries.$inferSelect;
/** What the views of an absence read of its row. */
type SickViewRow = Pick<
  SickRow,
  | "id"
  | "startDate"
  | "endDate"
  | "isOngoing"
  | "degree"
  | "reason"
  | "hasCertificate"
  | "certificateState"
  | "channel"
  | "withdrawnAt"
  | "createdAt"
>;

/** The contract's sick-leave entry; the reason only when the caller may see it. */
export function sickEntryView(r: SickViewRow, today: string, includeReason: boolean) {
  return {
    id: r.id,
    startDate: dateAsInstant(r.startDate),
    ...(r.endDate ? { endDate: dateAsInstant(r.endDate) } : {}),
    isOngoing: r.isOngoing,
    ...(includeReason && r.reason ? { reason: r.reason } : {}),
    hasCertificate: r.hasCertificate,
    totalDays: sickDaysCovered(r.startDate, r.isOngoing ? null : r.endDate, today),
    createdAt: iso(r.createdAt),
  };
}

/** The entry with what the app needs beyond the contract's fields: certificate state and take-back window. */
export function sickRecordView(r: SickViewRow, today: string, now: number, includeReason: boolean) {
  const takeBackUntil = r.createdAt + TAKE_BACK_WINDOW_MS;
  return {
    ...sickEntryView(r, today, includeReason),
    degree: r.degree,
    certificateState: r.certificateState as "NONE" | "REQUESTED" | "UPLOADED" | "ACCEPTED",
    channel: r.channel as "PORTAL" | "ASSISTANT",
    canTakeBack: !r.withdrawnAt && !certificateOnFile(r) && now <= takeBackUntil,
    takeBackUntil: iso(takeBackUntil),
    // A taken-back report stays readable by id (a link in a notification, the app's cache) but must not
    // read like an absence: it counts nowhere and the manager was told it is void.
    ...(r.withdrawnAt ? { isOngoing: false } : {}),
    status: r.withdrawnAt ? "TAKEN_BACK" as const : "REPORTED" as const,
    ...(r.withdrawnAt ? { takenBackAt: iso(r.withdrawnAt) } : {}),
  };
}

function certificateOnFile(r: Pick<SickRow, "hasCertificate" | "certificateState">): boolean {
  return r.hasCertificate || r.certificateState === "UPLOADED" || r.certificateState === "ACCEPTED";
}

const reasonVisible = (actor: Actor) => actor.channel === "PORTAL";

/** The live absences that touch `from`..`to` (ongoing ones included), newest first: the reads of every page. */
const absencesTouching = prepared((q: Q) =>
  q.select().from(sickLeaveEntries).where(and(
    eq(sickLeaveEntries.employeeId, sql.placeholder("emp")),
    isNull(sickLeaveEntries.withdrawnAt),
    lte(sickLeaveEntries.startDate, sql.placeholder("to")),
    or(isNull(sickLeaveEntries.endDate), gte(sickLeaveEntries.endDate, sql.placeholder("from"))),
  )).orderBy(desc(sickLeaveEntries.startDate)).limit(500)
);

/** The caller's absences that can still overlap `from`.. (not taken back). */
async function liveAbsences(q: Q, employeeId: string, extra: SQL[] = []) {
  return await q.select().from(sickLeaveEntries).where(and(
    eq(sickLeaveEntries.employeeId, employeeId),
    isNull(sickLeaveEntries.withdrawnAt),
    ...extra,
  )).orderBy(desc(sickLeaveEntries.startDate)).limit(500);
}

/** Sick days drawn from the salary continuation of the current service year, and the entitlement in days. */
async function continuationOf(q: Q, emp: EmployeeRow, today: string, actor: Actor) {
  const yearStart = currentServiceYearStart(emp.employmentStart, today);
  return continuationFrom(
    emp,
    today,
    actor,
    await absencesTouching(q).all({ emp: emp.id, from: yearStart, to: today }),
  );
}

/** `continuationOf` from the live absences touching the current service year up to today. */
function continuationFrom(
  emp: EmployeeRow,
  today: string,
  actor: Actor,
  rows: readonly Pick<SickRow, "startDate" | "endDate" | "isOngoing" | "degree">[],
) {
  const yearStart = currentServiceYearStart(emp.employmentStart, today);
  const owedFrom = continuationOwedFrom(emp.employmentStart, emp.employmentEnd);
  const used = continuationDaysUsed(
    rows.map((r) => ({ startDate: r.startDate, endDate: r.isOngoing ? null : r.endDate, degree: r.degree })),
    emp.employmentStart,
    today,
    owedFrom,
  );
  const ent = salaryContinuation(
    emp.salaryContinuationScale as SalaryScale,
    emp.employmentStart,
    today,
    actor.language,
    emp.employmentEnd,
  );
  const daysEntitled = Math.round(ent.weeksEntitled * 7);
  return {
    serviceYearStart: yearStart,
    daysUsed: used,
    weeksEntitled: ent.weeksEntitled,
    daysEntitled,
    daysRemaining: Math.max(0, round2(daysEntitled - used)),
    ...(ent.owedFrom !== undefined ? { owedFrom: ent.owedFrom } : {}),
    owedFromDate: owedFrom,
  };
}

/** The continuation as the caller reads it (without the internal first day owed). */
function continuationView(c: Awaited<ReturnType<typeof continuationOf>>) {
  const { owedFromDate: _, ...view } = c;
  return view;
}

/**
 * The caller's absences touching a calendar year (default: this one), newest first (at most 50), with
 * totals for the year (calendar days within the year; an ongoing absence counts up to today) and the
 * salary-continuation days used in the current service year across all absences.
 */
export async function getSickLeave(
  deps: ServiceDeps,
  actor: Actor,
  input: { year?: number; updatedSince?: number } & PageInput = {},
) {
  // The caller's record changes rarely: read again only after a write to its table (`keptRead`).
  const emp = await keptRead(
    deps.db.$client,
    ["employees"],
    `self ${actor.employeeId}`,
    () => selfEmployee(deps.db, actor),
  );
  const today = todayOf(deps);
  const now = deps.clock.now();
  const year = checkYear(input.year ?? yearOf(today));
  const changes = input.updatedSince === undefined ? null : await changedAbsences(deps, actor, emp.id, {
    ...input,
    updatedSince: input.updatedSince,
  });
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const lists = (await readRow(deps.db.$client, ABSENCE_LISTS_SQL, {
    emp: emp.id,
    from,
    to,
    serviceFrom: currentServiceYearStart(emp.employmentStart, today),
    today,
  }))!;
  const rows = jsonRows<AbsenceTuple>(lists.year).map(absenceOf);
  let daysInYear = 0;
  for (const r of rows) {
    const end = r.isOngoing ? today : r.endDate ?? today;
    const s = maxDate(r.startDate, from);
    const e = minDate(end, to);
    if (e >= s) daysInYear += daysBetween(s, e) + 1;
  }
  return {
    year,
    ...(changes ?? {
      entries: rows.slice(0, 50).map((r) => sickRecordView(r, today, now, reasonVisible(actor))),
    }),
    totals: {
      absences: rows.length,
      days: daysInYear,
      ongoing: rows.filter((r) => r.isOngoing).length,
      withCertificate: rows.filter(certificateOnFile).length,
    },
    salaryContinuation: continuationView(
      continuationFrom(emp, today, actor, jsonRows<AbsenceTuple>(lists.service).map(absenceOf)),
    ),
  };
}

const ABSENCE = `json_array(id, start_date, end_date, is_ongoing, degree, reason, has_certificate,
  certificate_state, channel, withdrawn_at, created_at)`;
const ABSENCE_COLUMNS =
  `id, start_date, end_date, is_ongoing, degree, reason, has_certificate, certificate_state,
  channel, withdrawn_at, created_at`;

/**
 * `absencesTouching` of the calendar year and of the current service year up to today, in ONE statement of
 * two JSON lists (json_rows.ts) with the columns the views and the continuation read: the same conditions,
 * order and limit.
 */
const ABSENCE_LISTS_SQL = `SELECT
  (SELECT json_group_array(${ABSENCE}) FROM (SELECT ${ABSENCE_COLUMNS} FROM sick_leave_entries
    WHERE employee_id = :emp AND withdrawn_at IS NULL AND start_date <= :to AND (end_date IS NULL OR end_date >= :from)
    ORDER BY start_date DESC LIMIT 500)) AS year,
  (SELECT json_group_array(${ABSENCE}) FROM (SELECT ${ABSENCE_COLUMNS} FROM sick_leave_entries
    WHERE employee_id = :emp AND withdrawn_at IS NULL AND start_date <= :today
    AND (end_date IS NULL OR end_date >= :serviceFrom) ORDER BY start_date DESC LIMIT 500)) AS service`;

type AbsenceTuple = [
  string,
  string,
  string | null,
  number,
  number,
  string | null,
  number,
  string,
  string,
  number | null,
  number,
];

/** An absence from its tuple in `ABSENCE_LISTS_SQL`. */
function absenceOf(
  [
    id,
    startDate,
    endDate,
    isOngoing,
    degree,
    reason,
    hasCertificate,
    certificateState,
    channel,
    withdrawnAt,
    createdAt,
  ]: AbsenceTuple,
): SickViewRow {
  return {
    id,
    startDate,
    endDate,
    isOngoing: isOngoing === 1,
    degree,
    reason,
    hasCertificate: hasCertificate === 1,
    certificateState,
    channel,
    withdrawnAt,
    createdAt,
  };
}

/**
 * When an absence last changed as the app reads it: its last write, or later the last instant a field computed
 * from the time changed, so a sync re-sends it then though nobody wrote to it. An ongoing absence's
 * `totalDays` counts up to today, so it changes at every midnight in the service's time zone from its first
 * day on; `canTakeBack` ends when the take-back window does (`TAKE_BACK_WINDOW_MS` after the report).
 */
function computedChange(today: string, now: number, timeZone: string): SQL<number> {
  const midnight = localInstants(today, 0, timeZone)[0] ?? now;
  const windowEnds = sql`${sickLeaveEntries.createdAt} + ${TAKE_BACK_WINDOW_MS + 1}`;
  return sql<number>`max(
    ${sickLeaveEntries.updatedAt},
    case when ${sickLeaveEntries.isOngoing} = 1 and ${sickLeaveEntries.startDate} <= ${today}
      then ${midnight} else 0 end,
    case when ${windowEnds} <= ${now} then ${windowEnds} else 0 end
  )`.mapWith(Number);
}

/**
 * The caller's absences of any year changed at or after `updatedSince` (reported, ended, taken back, a
 * certificate uploaded or accepted), oldest change first. An absence is never deleted (a report taken back
 * stays, marked), so nothing is reported gone.
 */
async function changedAbsences(
  deps: ServiceDeps,
  actor: Actor,
  me: string,
  input: PageInput & { updatedSince: number },
) {
  const page = pageOf(input);
  const { since, cursor } = syncStart(deps, input);
  const today = todayOf(deps);
  const now = deps.clock.now();
  const changed = computedChange(today, now, deps.config?.timeZone ?? DEFAULT_TIME_ZONE);
  const rows = await deps.db.select({ row: sickLeaveEntries, changed }).from(sickLeaveEntries).where(and(
    eq(sickLeaveEntries.employeeId, me),
    ...changedAfter(changed, sickLeaveEntries.id, since, cursor),
  )).orderBy(asc(changed), asc(sickLeaveEntries.id)).limit(page.limit + 1)
    .offset(page.offset);
  const { items, nextCursor, deleted, nextUpdatedSince } = await syncPage(
    deps,
    { since, fromCursor: cursor !== null, page },
    rows,
    (shown) => shown.map((r) => sickRecordView(r.row, today, now, reasonVisible(actor))),
    (r) => [r.changed, r.row.id],
    () => removedSince(deps.db, me, "SICK_LEAVE", since),
  );
  return { entries: items, nextCursor, deleted, nextUpdatedSince };
}

/** What the caller reports: from a date, ongoing (no end) or with an end date; a reason only in the portal. */
export interface SickReportInput {
  startDate: string;
  endDate?: string | null;
  reason?: string;
  /** Degree of incapacity in percent, 1–100 (default 100: unable to work at all). */
  degree?: number;
}

async function planReport(q: Q, actor: Actor, emp: EmployeeRow, input: SickReportInput, today: string) {
  if (actor.channel === "ASSISTANT" && input.reason) {
    throw refusal("validation", "sick.noReasonByAssistant", {}, { field: "reason" });
  }
  const end = input.endDate ?? null;
  const degree = input.degree ?? 100;
  if (!Number.isInteger(degree) || degree < 1 || degree > 100) {
    throw refusal("validation", "sick.degreeRange", { value: String(degree) }, { field: "degree" });
  }
  if (input.startDate > today) {
    throw refusal("validation", "sick.startInFuture", {}, { field: "startDate" });
  }
  if (daysBetween(input.startDate, today) > MAX_REPORT_DAYS_BACK) {
    throw refusal("validation", "sick.startTooOld", { days: MAX_REPORT_DAYS_BACK }, { field: "startDate" });
  }
  if (input.startDate < emp.employmentStart) {
    throw refusal("validation", "sick.beforeEmployment", { start: emp.employmentStart }, {
      field: "startDate",
    });
  }
  if (end !== null && end < input.startDate) {
    throw refusal("validation", "sick.endBeforeStart", {}, { field: "endDate" });
  }
  if (end !== null && daysBetween(input.startDate, end) + 1 > MAX_REPORT_SPAN_DAYS) {
    throw refusal("validation", "sick.spanTooLong", { days: MAX_REPORT_SPAN_DAYS }, { field: "endDate" });
  }
  const others = await liveAbsences(q, emp.id, [
    ...(end ? [lte(sickLeaveEntries.startDate, end)] : []),
    or(isNull(sickLeaveEntries.endDate), gte(sickLeaveEntries.endDate, input.startDate))!,
  ]);
  const clash = others.find((o) => {
    const oEnd = o.isOngoing ? null : o.endDate;
    return (end === null || o.startDate <= end) && (oEnd === null || oEnd >= input.startDate);
  });
  if (clash) {
    // About the dates the person chose: both are named, so an app shows the text beside them.
    const opts = { conflictingId: clash.id, field: ["startDate", "endDate"] };
    throw clash.isOngoing || !clash.endDate
      ? refusal("conflict", "sick.overlapOngoing", { id: clash.id, from: clash.startDate }, opts)
      : refusal("conflict", "sick.overlap", { id: clash.id, from: clash.startDate, to: clash.endDate }, opts);
  }
  const cont = await continuationOf(q, emp, today, actor);
  // What the report adds to the days drawn: the same count with it as without it.
  const addedInServiceYear = cont.owedFromDate === null ? 0 : round2(
    continuationDaysUsed(
      [
        ...(await absencesTouching(q).all({ emp: emp.id, from: cont.serviceYearStart, to: today })).map((
          r,
        ) => ({
          startDate: r.startDate,
          endDate: r.isOngoing ? null : r.endDate,
          degree: r.degree,
        })),
        { startDate: input.startDate, endDate: end, degree },
      ],
      emp.employmentStart,
      today,
      cont.owedFromDate,
    ) - cont.daysUsed,
  );
  return { end, cont, addedInServiceYear, degree };
}

/**
 * What a report would record, without writing (contract: prepare_sick_report): the days it covers (or
 * that it is ongoing) and the salary-continuation days used before and after. Refuses what filing refuses.
 */
export async function previewSickReport(deps: ServiceDeps, actor: Actor, input: SickReportInput) {
  const emp = await selfEmployee(deps.db, actor);
  const today = todayOf(deps);
  const p = await planReport(deps.db, actor, emp, input, today);
  return {
    startDate: input.startDate,
    endDate: p.end,
    isOngoing: p.end === null,
    degree: p.degree,
    daysCovered: sickDaysCovered(input.startDate, p.end, today),
    salaryContinuation: {
      serviceYearStart: p.cont.serviceYearStart,
      daysEntitled: p.cont.daysEntitled,
      daysUsedBefore: p.cont.daysUsed,
      daysUsedAfter: round2(p.cont.daysUsed + p.addedInServiceYear),
    },
  };
}

/**
 * Reports an absence (ongoing without an end date). The manager is told that the person is absent and
 * from when, never the reason. Overlapping an absence already on file is refused.
 */
export async function reportSickLeave(deps: ServiceDeps, actor: Actor, input: SickReportInput) {
  const today = todayOf(deps);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const emp = await selfEmployee(tx, actor);
    const p = await planReport(tx, actor, emp, input, today);
    const [row] = await tx.insert(sickLeaveEntries).values({
      employeeId: emp.id,
      startDate: input.startDate,
      endDate: p.end,
      isOngoing: p.end === null,
      degree: p.degree,
      reason: input.reason?.trim() || null,
      channel: actor.channel,
      reportedByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    }).returning();
    if (emp.managerId && emp.managerId !== emp.id) {
      await notify(tx, {
        recipientEmployeeId: emp.managerId,
        kind: "SICK_REPORTED",
        payload: { sickLeaveId: row.id, employeeId: emp.id, startDate: row.startDate, endDate: row.endDate },
        actor,
        now,
      });
    }
    return sickRecordView(row, today, now, reasonVisible(actor));
  });
}

async function ownAbsence(q: Q, actor: Actor, id: string): Promise<SickRow> {
  const me = selfId(actor);
  const [r] = await q.select().from(sickLeaveEntries).where(
    and(eq(sickLeaveEntries.id, id), eq(sickLeaveEntries.employeeId, me)),
  ).limit(1);
  if (!r) throw refusal("not_found", "sick.noSuchEntry");
  return r;
}

/** One of the caller's absences (someone else's id answers 404 like an unknown one). */
export async function getSickLeaveEntry(deps: ServiceDeps, actor: Actor, input: { id: string }) {
  const r = await ownAbsence(deps.db, actor, input.id);
  return sickRecordView(r, todayOf(deps), deps.clock.now(), reasonVisible(actor));
}

/**
 * Ends one of the caller's ongoing absences (contract: POST /employee/sick-leave/end). The entry must be
 * the caller's (404 otherwise, never revealing someone else's) and ongoing (409 otherwise); the end date
 * must not be before the start (400).
 */
export async function endSickLeave(
  deps: ServiceDeps,
  actor: Actor,
  input: { entryId: string; endDate: string },
) {
  const today = todayOf(deps);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const r = await ownAbsence(tx, actor, input.entryId);
    if (r.withdrawnAt) throw refusal("conflict", "sick.endTakenBack");
    if (!r.isOngoing) throw refusal("conflict", "sick.notOngoing", { end: r.endDate ?? "" });
    if (input.endDate < r.startDate) {
      throw refusal("validation", "sick.endBeforeAbsenceStart", { start: r.startDate }, { field: "endDate" });
    }
    if (input.endDate > addDays(today, MAX_REPORT_SPAN_DAYS)) {
      throw refusal("validation", "sick.endTooFarAhead", { days: MAX_REPORT_SPAN_DAYS }, {
        field: "endDate",
      });
    }
    const [row] = await tx.update(sickLeaveEntries).set({
      endDate: input.endDate,
      isOngoing: false,
      updatedAt: now,
    })
      .where(and(eq(sickLeaveEntries.id, r.id), eq(sickLeaveEntries.isOngoing, true))).returning();
    const emp = await selfEmployee(tx, actor);
    if (emp.managerId && emp.managerId !== emp.id) {
      await notify(tx, {
        recipientEmployeeId: emp.managerId,
        kind: "SICK_ENDED",
        payload: { sickLeaveId: r.id, employeeId: emp.id, endDate: input.endDate },
        actor,
        now,
      });
    }
    return sickEntryView(row, today, reasonVisible(actor));
  });
}

/**
 * Takes back an own report (contract: cancel_sick_report): only within 24 hours of reporting it and only
 * while no certificate is on file. The entry is kept, marked as taken back, and no longer counts.
 */
export async function cancelSickReport(deps: ServiceDeps, actor: Actor, input: { id: string }) {
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const r = await ownAbsence(tx, actor, input.id);
    if (r.withdrawnAt) throw refusal("conflict", "sick.alreadyTakenBack");
    if (certificateOnFile(r)) throw refusal("conflict", "sick.certificateOnFile");
    if (now - r.createdAt > TAKE_BACK_WINDOW_MS) {
      // When it was filed, as the person's clock showed it (the service's time zone).
      const filed = localClock(r.createdAt, deps.config?.timeZone ?? DEFAULT_TIME_ZONE);
      throw refusal("conflict", "sick.takeBackWindowPassed", { date: filed.date, time: filed.time });
    }
    await tx.update(sickLeaveEntries).set({ withdrawnAt: now, updatedAt: now }).where(
      eq(sickLeaveEntries.id, r.id),
    );
    const emp = await selfEmployee(tx, actor);
    if (emp.managerId && emp.managerId !== emp.id) {
      await notify(tx, {
        recipientEmployeeId: emp.managerId,
        kind: "SICK_REPORT_WITHDRAWN",
        payload: { sickLeaveId: r.id, employeeId: emp.id },
        actor,
        now,
      });
    }
    return { id: r.id, takenBack: true as const, takenBackAt: iso(now) };
  });
}

/** The media types a certificate may have (those of every upload). */
export const CERTIFICATE_TYPES = UPLOAD_TYPES;

/** The largest certificate accepted. */
export const CERTIFICATE_MAX_BYTES = UPLOAD_MAX_BYTES;

/**
 * Stores the caller's medical certificate for an absence and marks it uploaded; HR then reads the file. A new
 * upload replaces the previous one until HR accepted a certificate (then it is final).
 */
export async function uploadCertificate(
  deps: ServiceDeps,
  actor: Actor,
  input: { id: string; fileName: string; bytes: Uint8Array },
) {
  const now = deps.clock.now();
  const today = todayOf(deps);
  return await writeTx(deps, async (tx) => {
    const r = await ownAbsence(tx, actor, input.id);
    if (r.withdrawnAt) throw refusal("conflict", "sick.certificateTakenBack");
    if (r.certificateState === "ACCEPTED") throw refusal("conflict", "sick.certificateAccepted");
    const checked = checkedNeutralUpload(input, "certificate");
    const fileName = checked.fileName;
    const file = { ...checked, uploadedAt: now, uploadedByUserId: actor.userId };
    await tx.insert(sickCertificates).values({ sickEntryId: r.id, employeeId: r.employeeId, ...file })
      .onConflictDoUpdate({ target: sickCertificates.sickEntryId, set: file });
    const [row] = await tx.update(sickLeaveEntries).set({
      hasCertificate: true,
      certificateState: "UPLOADED",
      certificateUploadedAt: now,
      certificateFileName: fileName,
      updatedAt: now,
    }).where(eq(sickLeaveEntries.id, r.id)).returning();
    return sickRecordView(row, today, now, reasonVisible(actor));
  });
}

/**
 * The certificate file of an absence: for the person whose absence it is, or for HR staff and above (never
 * for a manager: a certificate is health data). Anyone else, or no file, reads as not found.
 */
export async function getCertificateFile(deps: ServiceDeps, actor: Actor, entryId: string) {
  const [f] = await deps.db.select().from(sickCertificates).where(eq(sickCertificates.sickEntryId, entryId))
    .limit(1);
  const allowed = f && (f.employeeId === actor.employeeId || isHrOrAbove(actor.role));
  if (!allowed) throw refusal("not_found", "sick.noCertificateFile");
  return {
    fileName: neutralFileName("certificate", f.contentType),
    contentType: f.contentType,
    bytes: new Uint8Array(f.bytes) as Uint8Array<ArrayBuffer>,
  };
}

/**
 * Salary continuation during illness (contract: GET /employee/salary-continuation): the employee's court
 * scale, service years from the employment start, weeks entitled in the current service year, and a
 * description in the caller's language.
 */
export async function getSalaryContinuation(deps: ServiceDeps, actor: Actor) {
  const emp = await selfEmployee(deps.db, actor);
  const today = todayOf(deps);
  return salaryContinuation(
    emp.salaryContinuationScale as SalaryScale,
    emp.employmentStart,
    today,
    actor.language,
    emp.employmentEnd,
  );
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { ABSENCE_LISTS_SQL };
