/**
 * Leave use cases: balances per leave type and year, the caller's requests, preview, filing, withdrawal
 * and cancellation requests. The portal and the connector call exactly these functions; the rules
 * themselves (days deducted, balances, overlaps, approver) live in `domain/leave.ts`.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import {
  employees,
  leaveAdjustments,
  leaveEntitlements,
  leaveRequests,
  leaveTypes,
  sickLeaveEntries,
  workloadChanges,
} from "../db/schema/mod.ts";
import {
  addDays,
  assertNearToday,
  cantonOn,
  type CantonPeriod,
  cantonsDuring,
  daysBetween,
  holidayFractionsOver,
  isValidDate,
  publicHolidays,
  yearOf,
} from "../domain/calendar.ts";
import {
  APPROVED_STATUSES,
  chooseApprover,
  computeBalance,
  computeLeaveDays,
  type EndPortion,
  LEAVE_REQUEST_STATUSES,
  type LeaveBalance,
  type LeaveRequestStatus,
  overlaps,
  proRataEntitlement,
  type StartPortion,
  wouldExceed,
} from "../domain/leave.ts";
import { round2 } from "../domain/numbers.ts";
import { parseSteps, policyDays, youthMinimumEnds } from "../domain/entitlement.ts";
import { type StatutoryCarry, statutoryLapse } from "../domain/carry_over.ts";
import { refusal } from "../errors.ts";
import { checkField, FIELD_RULES } from "../domain/fields.ts";
import type { MessageId } from "../i18n/messages/mod.ts";
import type { Actor } from "./actor.ts";
import {
  checkYear,
  decodeCursor,
  DEFAULT_TIME_ZONE,
  type EmployeeCore,
  type EmployeeRow,
  fullName,
  iso,
  type KeysetPage,
  keysetPageResult,
  leaveTypeName,
  leaveTypeNames,
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
import { cantonHistoryOf, closureApplies, closureCalendar, closureDaysIn } from "./holidays.ts";
import { exactReal, jsonRows, realOf, realOrNull, sqlLiterals } from "./json_rows.ts";
import { checkEventLength } from "./special_leave.ts";
import { derivedCarryOver, OPENING_MARK, recordedStatutory } from "./carry_over.ts";
import { changedAfter, removedSince, SYNC_KEPT_DAYS, type SyncFields, syncPage, syncStart } from "./sync.ts";
import { localInstants } from "../domain/time.ts";
import { localDay } from "../clock.ts";
import { prepared } from "../db/prepared.ts";
import { keptRead, readRow } from "../db/local.ts";
import { type RawStatements, statementFamily } from "../db/raw_sql.ts";
import type { Db } from "../db/client.ts";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { halfDaysIn } from "../settings.ts";

/** The most leave types an installation has active (lists of types are read up to this). */
const MAX_LEAVE_TYPES = 50;

/** The leave type whose balance company closures are taken from (compulsory company vacation). */
export const VACATION_CODE = "VACATION";

/** A request's state as the catalogue says it inside a refusal ("this one is approved"). */
export function statusText(status: string): MessageId {
  switch (status) {
    case "AWAITING_APPROVAL":
      return "leave.statusAwaitingApproval";
    case "APPROVED":
      return "leave.statusApproved";
    case "REJECTED":
      return "leave.statusRejected";
    case "WITHDRAWN":
      return "leave.statusWithdrawn";
    case "CANCELLATION_REQUESTED":
      return "leave.statusCancellationRequested";
    default:
      return "leave.statusCancelled";
  }
}

/** Leave-request states, as stored (schema: `leave_requests.status`; the rules in `domain/leave.ts`). */
export const LEAVE_STATUSES = LEAVE_REQUEST_STATUSES;
export type LeaveStatus = LeaveRequestStatus;

/** States that hold days in the calendar: a new request may not overlap them. */
const ACTIVE_STATUSES = ["AWAITING_APPROVAL", "APPROVED", "CANCELLATION_REQUESTED"];

/** The longest range one request may cover (a year); longer absences are arranged with HR. */
export const MAX_REQUEST_DAYS = 366;

type LeaveTypeRow = typeof leaveTypes.$inferSelect;
type LeaveRequestRow = typeof leaveRequests.$inferSelect;

const activeLeaveTypes = prepared((q: Q) =>
  q.select().from(leaveTypes).where(eq(leaveTypes.active, true)).orderBy(asc(leaveTypes.code)).limit(
    MAX_LEAVE_TYPES,
  )
);

/** The active leave types, with how each behaves (for the app's picker and for assistants). */
export async function listLeaveTypes(deps: ServiceDeps, actor: Actor) {
  selfId(actor);
  const rows = await activeLeaveTypes(deps.db).all();
  // The length per event goes only with this list: a form choosing a type shows it before the request.
  return {
    items: rows.map((t) => ({
      ...leaveTypeInfo(t, actor.language),
      perEvent: t.eventDays === null || t.eventDays === undefined ? null : {
        days: t.eventDays,
        unit: t.eventUnit as "WORKING_DAYS" | "CALENDAR_DAYS",
        withinMonths: t.eventWithinMonths ?? null,
      },
    })),
  };
}

function leaveTypeInfo(
  t: Pick<LeaveTypeRow, "code" | "nameDe" | "nameEn" | "nameFr" | "nameIt" | "deductsBalance" | "overdraft">,
  lang: Actor["language"],
) {
  return {
    code: t.code,
    name: leaveTypeName(t, lang),
    deductsBalance: t.deductsBalance,
    overdraft: t.overdraft as "REFUSE" | "FLAG",
  };
}

async function typeByCode(q: Q, code: string): Promise<LeaveTypeRow> {
  const [t] = await q.select().from(leaveTypes).where(
    and(eq(leaveTypes.code, code), eq(leaveTypes.active, true)),
  )
    .limit(1);
  if (!t) throw await unknownLeaveType(q, code, "leaveType");
  return t;
}

/**
 * The refusal of a leave type code that names no active type, with the codes that do, naming `field` (the
 * service input's name for the code): a code is an input like any other, refused as invalid (400) whichever
 * door or use case it came through, never as a missing address.
 */
export async function unknownLeaveType(q: Q, code: string, field: string) {
  const all = await q.select({ code: leaveTypes.code }).from(leaveTypes).where(eq(leaveTypes.active, true))
    .limit(50);
  return refusal(
    "validation",
    "leave.unknownType",
    { types: all.map((a) => a.code).join(", "), value: code },
    {
      field,
    },
  );
}

/** What a balance is computed from, as loaded by `balanceOf` (or by the summary's single statement). */
export interface BalanceData {
  entitlement: {
    carryOverDays: number;
    carryOverExpiresOn: string | null;
    adjustmentDays: number;
    /** The statutory days in `carryOverDays`, by year of origin (a derived carry-over only). */
    statutory?: StatutoryCarry[];
    /** The imported opening balance's carry-over and days taken before the service (`OpeningSums`). */
    openingCarryOverDays: number;
    takenBeforeDays: number;
  } | undefined;
  /** The type's requests touching the year in the states that hold days (`daysByYear` as stored, JSON). */
  requests: {
    startDate: string;
    endDate: string;
    startPortion: string;
    endPortion: string;
    status: string;
    daysByYear: string;
  }[];
  /** `workingWeekdays` as stored (`"1,2,3"`), null for "unchanged". */
  workloadHistory: { validFrom: string; workloadPercent: number; workingWeekdays?: string | null }[];
  /** The place-of-work canton history (`canton_changes`); absent or empty: the record's canton every day. */
  cantonHistory?: readonly CantonPeriod[];
  /** The year's closure days that apply (vacation only) and the days approved to be worked through. */
  closureDays: { date: string; deductsLeave: boolean }[];
  workThrough: ReadonlySet<string>;
  /** The customary half days the installation observes (settings.ts `halfDaysIn`). */
  halfDays: readonly string[];
}

/** The SQL conditions of the requests a balance counts (shared with the summary's statement). */
export const BALANCE_REQUEST_STATUSES: readonly string[] = ACTIVE_STATUSES;
/** At most this many workload changes are read per employee. */
export const WORKLOAD_HISTORY_LIMIT = 200;

/** Whether a leave type's balance takes company closure days (compulsory vacation). */
export function takesClosures(type: { code: string; deductsBalance: boolean }): boolean {
  return type.code === VACATION_CODE && type.deductsBalance;
}

/**
 * The year's entitlement facts: the stored row (carry-over, adjustments made before adjustments had
 * notes) plus the noted adjustments. A person with neither has no entitlement row for the year.
 */
export function entitlementData(
  row:
    | {
      carryOverDays: number;
      carryOverExpiresOn: string | null;
      adjustmentDays: number;
      statutory?: StatutoryCarry[];
    }
    | undefined,
  adjustmentCount: number,
  /** The sum of the corrections other than the opening balance's. */
  adjustmentSum: number | null,
  opening: OpeningSums = NO_OPENING,
): BalanceData["entitlement"] {
  if (!row && adjustmentCount === 0) return undefined;
  return {
    carryOverDays: row?.carryOverDays ?? 0,
    carryOverExpiresOn: row?.carryOverExpiresOn ?? null,
    adjustmentDays: (row?.adjustmentDays ?? 0) + Number(adjustmentSum ?? 0),
    ...(row?.statutory?.length ? { statutory: row.statutory } : {}),
    openingCarryOverDays: Number(opening.carry ?? 0),
    takenBeforeDays: Number(opening.taken ?? 0),
  };
}

/**
 * The statutory days a computed balance's year held, by year of origin: those carried into it and its own
 * pro-rata minimum (vacation only). Kept beside the balance object rather than in it, so no answer's shape
 * changes; the next year's derived carry-over reads it (services/carry_over.ts).
 */
const statutoryOwed = new WeakMap<LeaveBalance, StatutoryCarry[]>();

/** The statutory days carried into a computed balance's year, by year of origin (a derived carry-over). */
const statutoryCarried = new WeakMap<LeaveBalance, StatutoryCarry[]>();

/** The statutory days carried into `balance`'s year, oldest first; none for a balance not computed here. */
export function statutoryCarriedIn(balance: LeaveBalance): StatutoryCarry[] {
  return statutoryCarried.get(balance) ?? [];
}

/** The statutory days `balance`'s year held (see `statutoryOwed`); none for a balance not computed here. */
export function statutoryOwedIn(balance: LeaveBalance): StatutoryCarry[] {
  return statutoryOwed.get(balance) ?? [];
}

/** One part of a balance's carry-over: the days of one year of origin and the day they lapse. */
export interface CarriedDays {
  year: number;
  days: number;
  /** STATUTORY: the minimum of OR Art. 329a, owed until taken; EXTRA: the organisation's days above it. */
  kind: "STATUTORY" | "EXTRA";
  /** The last day they can be taken; null when the extra days have no expiry. */
  lapsesOn: string | null;
}

/**
 * `balance`'s carry-over by year of origin: the statutory days (oldest first, lapsing on 31 December five
 * years on), then the extra days from the previous year with the type's expiry. Nothing when nothing was
 * carried.
 */
export function carryOverByYear(balance: LeaveBalance): CarriedDays[] {
  const statutory = statutoryCarriedIn(balance);
  const out: CarriedDays[] = statutory.map((c) => ({
    year: c.origin,
    days: c.days,
    kind: "STATUTORY",
    lapsesOn: statutoryLapse(c.origin),
  }));
  const extra = Math.round((balance.carryOver - statutory.reduce((s, c) => s + c.days, 0)) * 100) / 100;
  if (extra > 0) {
    out.push({ year: balance.year - 1, days: extra, kind: "EXTRA", lapsesOn: balance.carryOverExpiresOn });
  }
  return out;
}

/**
 * The imported opening balance of a year, out of its corrections (`leave import-opening` writes the
 * carry-over as a positive correction and the days taken before as a negative one, both marked with
 * `OPENING_MARK`): shown as carry-over and as days taken, not as corrections, so the year's entitlement,
 * carry-over and days taken read as the person knows them.
 */
export interface OpeningSums {
  carry: number | null;
  /** Positive: the days taken. */
  taken: number | null;
}
const NO_OPENING: OpeningSums = { carry: 0, taken: 0 };

/**
 * SQL sums over `leave_adjustments` rows: the corrections other than the opening balance's, the opening
 * carry-over, and the days taken before (positive). One text for the three statements that read them.
 */
const OPENING_LIKE = `'${OPENING_MARK.replaceAll("'", "''")}%'`;
export const ADJUSTMENT_SUMS_SQL = {
  plain: `sum(CASE WHEN created_by LIKE ${OPENING_LIKE} THEN 0 ELSE days END)`,
  openingCarry: `sum(CASE WHEN created_by LIKE ${OPENING_LIKE} AND days > 0 THEN days ELSE 0 END)`,
  takenBefore: `-sum(CASE WHEN created_by LIKE ${OPENING_LIKE} AND days < 0 THEN days ELSE 0 END)`,
};

/** What the balance needs of a leave type: its policy and whether it has a balance at all. */
export type BalanceType = Pick<
  LeaveTypeRow,
  "code" | "deductsBalance" | "defaultAnnualDays" | "entitlementSteps"
>;

/**
 * The balance from loaded data: the rule of `computeBalance` with the employee's calendar. The
 * entitlement is derived from the type's policy (domain/entitlement.ts), never typed per person: the
 * stored entitlement row holds the carry-over, and HR's corrections are adjustments with a note.
 */
export function balanceFrom(
  emp: EmployeeCore,
  type: BalanceType,
  year: number,
  today: string,
  d: BalanceData,
  /**
   * What is the same for every leave type of the employee and year (`yearCalendar`), computed once when
   * several balances are computed together; computed here when not given. The rules only read it.
   */
  calendar: YearCalendar = yearCalendar(emp, year, d.workloadHistory, d.halfDays, d.cantonHistory),
): LeaveBalance & { hasEntitlement: boolean } {
  const ent = d.entitlement;
  const policy = { baseDays: type.defaultAnnualDays, steps: parseSteps(type.entitlementSteps) };
  const vacation = type.code === VACATION_CODE && type.deductsBalance;
  const b = computeBalance({
    year,
    today,
    fullTimeDays: type.deductsBalance ? policyDays(policy, year, emp) : 0,
    legalMinimum: vacation ? { youthUntil: emp.birthDate ? youthMinimumEnds(emp.birthDate) : null } : null,
    employmentStart: emp.employmentStart,
    employmentEnd: emp.employmentEnd,
    patternHistory: calendar.patternHistory,
    carryOverDays: ent?.carryOverDays ?? 0,
    carryOverExpiresOn: ent?.carryOverExpiresOn ?? null,
    carryOverStatutoryDays: (ent?.statutory ?? []).reduce((s, c) => s + c.days, 0),
    adjustmentDays: ent?.adjustmentDays ?? 0,
    openingCarryOverDays: ent?.openingCarryOverDays ?? 0,
    takenBeforeDays: ent?.takenBeforeDays ?? 0,
    requests: d.requests.map((r) => ({
      startDate: r.startDate,
      endDate: r.endDate,
      startPortion: r.startPortion as StartPortion,
      endPortion: r.endPortion as EndPortion,
      status: r.status,
      daysByYear: JSON.parse(r.daysByYear),
    })),
    closureDays: d.closureDays,
    workThroughDays: d.workThrough,
    workingWeekdays: calendar.workingWeekdays,
    holidays: calendar.holidays,
  });
  const out = { ...b, hasEntitlement: !!ent };
  if (vacation) {
    const own = proRataEntitlement({
      year,
      fullTimeDays: 0,
      legalMinimum: { youthUntil: emp.birthDate ? youthMinimumEnds(emp.birthDate) : null },
      employmentStart: emp.employmentStart,
      employmentEnd: emp.employmentEnd,
      workingWeekdays: calendar.workingWeekdays,
      patternHistory: calendar.patternHistory,
    });
    statutoryOwed.set(out, [...(ent?.statutory ?? []), ...(own > 0 ? [{ origin: year, days: own }] : [])]);
    if (ent?.statutory?.length) statutoryCarried.set(out, ent.statutory);
  }
  return out;
}

/** The inputs of `balanceFrom` that depend on the employee and the year alone, not on the leave type. */
interface YearCalendar {
  patternHistory: ReturnType<typeof patternHistoryOf>;
  workingWeekdays: number[];
  holidays: Map<string, number>;
}

function yearCalendar(
  emp: EmployeeCore,
  year: number,
  workloadHistory: BalanceData["workloadHistory"],
  halfDays: readonly string[],
  cantonHistory: readonly CantonPeriod[] = [],
): YearCalendar {
  return {
    patternHistory: patternHistoryOf(workloadHistory),
    workingWeekdays: weekdaysOf(emp),
    // Each day's holidays by the canton in force on it (a move within the year).
    holidays: holidayFractionsOver(emp.canton, cantonHistory, `${year}-01-01`, `${year}-12-31`, halfDays),
  };
}

/** A leave type as the balances need it: its rules, its id and, where it has them, its carry-over limits. */
type BalanceLeaveType =
  & BalanceType
  & Pick<LeaveTypeRow, "id">
  & Partial<Pick<LeaveTypeRow, "carryOverMaxDays" | "carryOverExpiry">>;

/**
 * The balance of one employee, leave type and leave year, from the stored entitlement (or the type's
 * default when HR has not created the year yet, with the carry-over derived from the previous year's
 * remainder: services/carry_over.ts), the workload history, the requests touching the year
 * and, for vacation, the company closure days (less approved work-through days).
 */
export async function balanceOf(
  q: Q,
  emp: EmployeeCore,
  type: BalanceLeaveType,
  year: number,
  today: string,
): Promise<LeaveBalance & { hasEntitlement: boolean }> {
  return (await balancesOf(q, emp, [type], year, today)).get(type.id)!;
}

const entitlementsOfYear = prepared((q: Q) =>
  q.select({
    leaveTypeId: leaveEntitlements.leaveTypeId,
    carryOverDays: leaveEntitlements.carryOverDays,
    carryOverExpiresOn: leaveEntitlements.carryOverExpiresOn,
    adjustmentDays: leaveEntitlements.adjustmentDays,
  }).from(leaveEntitlements).where(and(
    eq(leaveEntitlements.employeeId, sql.placeholder("emp")),
    eq(leaveEntitlements.year, sql.placeholder("year")),
  )).limit(MAX_LEAVE_TYPES)
);

const adjustmentSumsOfYear = prepared((q: Q) =>
  q.select({
    leaveTypeId: leaveAdjustments.leaveTypeId,
    days: sql<number | null>`${sql.raw(ADJUSTMENT_SUMS_SQL.plain)}`,
    openingCarry: sql<number | null>`${sql.raw(ADJUSTMENT_SUMS_SQL.openingCarry)}`,
    takenBefore: sql<number | null>`${sql.raw(ADJUSTMENT_SUMS_SQL.takenBefore)}`,
    n: count(),
  }).from(leaveAdjustments).where(and(
    eq(leaveAdjustments.employeeId, sql.placeholder("emp")),
    eq(leaveAdjustments.year, sql.placeholder("year")),
  )).groupBy(leaveAdjustments.leaveTypeId)
);

/** The requests of every type touching a year in the states that hold days: only the columns a balance reads. */
const requestsTouchingYear = prepared((q: Q) =>
  q.select({
    leaveTypeId: leaveRequests.leaveTypeId,
    startDate: leaveRequests.startDate,
    endDate: leaveRequests.endDate,
    startPortion: leaveRequests.startPortion,
    endPortion: leaveRequests.endPortion,
    status: leaveRequests.status,
    daysByYear: leaveRequests.daysByYear,
  }).from(leaveRequests).where(and(
    eq(leaveRequests.employeeId, sql.placeholder("emp")),
    lte(leaveRequests.startDate, sql.placeholder("to")),
    gte(leaveRequests.endDate, sql.placeholder("from")),
    inArray(leaveRequests.status, [...BALANCE_REQUEST_STATUSES]),
  )).limit(MAX_LEAVE_TYPES * 1000)
);

/** Workload changes as the leave rules read them (`PatternPeriod`). */
export function patternHistoryOf(rows: readonly { validFrom: string; workingWeekdays?: string | null }[]) {
  return rows.map((w) => ({
    validFrom: w.validFrom,
    workingWeekdays: w.workingWeekdays ? weekdaysOf({ workingWeekdays: w.workingWeekdays }) : null,
  }));
}

export const workloadHistoryOf = prepared((q: Q) =>
  q.select({
    validFrom: workloadChanges.validFrom,
    workloadPercent: workloadChanges.workloadPercent,
    workingWeekdays: workloadChanges.workingWeekdays,
  }).from(workloadChanges).where(eq(workloadChanges.employeeId, sql.placeholder("emp")))
    .limit(WORKLOAD_HISTORY_LIMIT)
);

/**
 * The balances of one employee for several leave types and one leave year (`balanceOf` for each), read
 * with one query per kind of fact for all the types together instead of one per type.
 */
export async function balancesOf(
  q: Q,
  emp: EmployeeCore,
  types: readonly BalanceLeaveType[],
  year: number,
  today: string,
): Promise<Map<string, LeaveBalance & { hasEntitlement: boolean }>> {
  if (!types.length) return new Map();
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const at = { emp: emp.id, year, from, to };
  return await balancesFromFacts(q, emp, types, year, today, {
    entitlements: await entitlementsOfYear(q).all(at),
    adjustmentSums: await adjustmentSumsOfYear(q).all(at),
    requests: await requestsTouchingYear(q).all(at),
    workloadHistory: await workloadHistoryOf(q).all(at),
    cantonHistory: await cantonHistoryOf(q).all(at),
    closures: types.some(takesClosures) ? await closureCalendar(q, emp, from, to) : undefined,
  });
}

/** What the balances of one employee and leave year are computed from, for all leave types together. */
interface BalanceFacts {
  entitlements: {
    leaveTypeId: string;
    carryOverDays: number;
    carryOverExpiresOn: string | null;
    adjustmentDays: number;
  }[];
  adjustmentSums: {
    leaveTypeId: string;
    days: number | null;
    openingCarry: number | null;
    takenBefore: number | null;
    n: number;
  }[];
  requests: (BalanceData["requests"][number] & { leaveTypeId: string })[];
  workloadHistory: BalanceData["workloadHistory"];
  cantonHistory: readonly CantonPeriod[];
  /** The closure days that apply and the approved work-through days (when some type takes closures). */
  closures: { days: BalanceData["closureDays"]; workThrough: ReadonlySet<string> } | undefined;
}

/**
 * A recorded entitlement row with the statutory days among its carry-over and the opening balance's
 * (`recordedStatutory`): they do not lapse with the row's expiry and are carried on by year of origin.
 */
export async function withRecordedStatutory<
  R extends { carryOverDays: number; carryOverExpiresOn: string | null; adjustmentDays: number },
>(
  q: Q,
  emp: EmployeeCore,
  type: BalanceLeaveType,
  year: number,
  row: R,
  openingCarry: number,
): Promise<R & { statutory?: StatutoryCarry[] }> {
  if (!(type.code === VACATION_CODE && type.deductsBalance)) return row;
  const statutory = await recordedStatutory(
    q,
    emp,
    type,
    year,
    row.carryOverDays + openingCarry,
    balanceOf,
    statutoryOwedIn,
  );
  return statutory.length ? { ...row, statutory } : row;
}

/**
 * The year's carry-over facts: the recorded row with its statutory days, else the derived carry-over, else
 * (an imported opening balance only) the statutory days among the opening carry-over.
 */
export async function carryOverOf(
  q: Q,
  emp: EmployeeCore,
  type: BalanceLeaveType,
  year: number,
  row: { carryOverDays: number; carryOverExpiresOn: string | null; adjustmentDays: number } | undefined,
  openingCarry: number,
): Promise<
  | {
    carryOverDays: number;
    carryOverExpiresOn: string | null;
    adjustmentDays: number;
    statutory?: StatutoryCarry[];
  }
  | undefined
> {
  if (row) return await withRecordedStatutory(q, emp, type, year, row, openingCarry);
  const derived = await derivedCarryOver(q, emp, type, year, balanceOf, statutoryOwedIn);
  if (derived || !(openingCarry > 0)) return derived;
  const opening = await withRecordedStatutory(
    q,
    emp,
    type,
    year,
    { carryOverDays: 0, carryOverExpiresOn: null, adjustmentDays: 0 },
    openingCarry,
  );
  return opening.statutory ? opening : undefined;
}

/** The balances of `types` from their loaded facts (`balancesOf`, or `getLeaveBalances`'s one statement). */
async function balancesFromFacts(
  q: Q,
  emp: EmployeeCore,
  types: readonly BalanceLeaveType[],
  year: number,
  today: string,
  facts: BalanceFacts,
): Promise<Map<string, LeaveBalance & { hasEntitlement: boolean }>> {
  const out = new Map<string, LeaveBalance & { hasEntitlement: boolean }>();
  const wanted = new Set(types.map((t) => t.id));
  const rows = facts.entitlements.filter((r) => wanted.has(r.leaveTypeId));
  const adjustments = facts.adjustmentSums.filter((a) => wanted.has(a.leaveTypeId));
  const requests = facts.requests.filter((r) => wanted.has(r.leaveTypeId));
  const workloadHistory = facts.workloadHistory;
  const closures = facts.closures;
  const halfDays = await halfDaysIn(q);
  const calendar = yearCalendar(emp, year, workloadHistory, halfDays, facts.cantonHistory);
  for (const type of types) {
    const adj = adjustments.find((a) => a.leaveTypeId === type.id);
    const row = rows.find((r) => r.leaveTypeId === type.id);
    out.set(
      type.id,
      balanceFrom(emp, type, year, today, {
        entitlement: entitlementData(
          await carryOverOf(q, emp, type, year, row, Number(adj?.openingCarry ?? 0)),
          adj?.n ?? 0,
          adj?.days ?? null,
          { carry: adj?.openingCarry ?? 0, taken: adj?.takenBefore ?? 0 },
        ),
        requests: requests.filter((r) => r.leaveTypeId === type.id),
        workloadHistory,
        closureDays: closures && takesClosures(type) ? closures.days : [],
        workThrough: closures && takesClosures(type) ? closures.workThrough : new Set<string>(),
        halfDays,
      }, calendar),
    );
  }
  return out;
}

/**
 * Every fact `getLeaveBalances` reads besides the employee and the leave types, for all types of one
 * employee and leave year, in ONE statement: each column is one of the lists `balancesOf` and
 * `adjustmentHistories` read with a query each (`entitlementsOfYear`, `adjustmentSumsOfYear`,
 * `requestsTouchingYear`, `workloadHistoryOf`, `closureCalendar`'s two, `adjustmentsOfYear`), with the same
 * conditions, order and limits, as a JSON array (json_rows.ts: one value handed over per list instead of one
 * per column and row, REAL values exactly). The text never changes, so it is prepared once per connection.
 */
const BALANCE_FACTS_SQL = `SELECT
  (SELECT json_group_array(json_array(leave_type_id, ${exactReal("carry_over_days")}, carry_over_expires_on,
      ${exactReal("adjustment_days")}))
    FROM (SELECT leave_type_id, carry_over_days, carry_over_expires_on, adjustment_days FROM leave_entitlements
      WHERE employee_id = :emp AND year = :year LIMIT ${MAX_LEAVE_TYPES})) AS entitlements,
  (SELECT json_group_array(json_array(leave_type_id, ${exactReal("s")}, n, ${exactReal("oc")}, ${
  exactReal("ot")
}))
    FROM (SELECT leave_type_id, ${ADJUSTMENT_SUMS_SQL.plain} AS s, count(*) AS n,
      ${ADJUSTMENT_SUMS_SQL.openingCarry} AS oc, ${ADJUSTMENT_SUMS_SQL.takenBefore} AS ot FROM leave_adjustments
      WHERE employee_id = :emp AND year = :year GROUP BY leave_type_id)) AS adjustmentSums,
  (SELECT json_group_array(json_array(leave_type_id, start_date, end_date, start_portion, end_portion, status,
      days_by_year))
    FROM (SELECT leave_type_id, start_date, end_date, start_portion, end_portion, status, days_by_year
      FROM leave_requests WHERE employee_id = :emp AND start_date <= :to AND end_date >= :from
      AND status IN (${sqlLiterals(BALANCE_REQUEST_STATUSES)}) LIMIT ${MAX_LEAVE_TYPES * 1000})) AS requests,
  (SELECT json_group_array(json_array(valid_from, ${exactReal("workload_percent")}, working_weekdays))
    FROM (SELECT valid_from, workload_percent, working_weekdays FROM workload_changes WHERE employee_id = :emp
      LIMIT ${WORKLOAD_HISTORY_LIMIT})) AS workload,
  (SELECT json_group_array(json_array(valid_from, canton))
    FROM (SELECT valid_from, canton FROM canton_changes WHERE employee_id = :emp LIMIT 1000)) AS cantons,
  (SELECT json_group_array(json_array(id, start_date, end_date, deducts_leave, cantons))
    FROM (SELECT id, start_date, end_date, deducts_leave, cantons FROM closure_periods
      WHERE start_date <= :to AND end_date >= :from ORDER BY start_date LIMIT 200)) AS closures,
  (SELECT json_group_array(date) FROM (SELECT date FROM closure_work_through WHERE employee_id = :emp
      AND status = 'APPROVED' AND date >= :from AND date <= :to LIMIT 400)) AS workThrough,
  (SELECT json_group_array(json_array(leave_type_id, ${exactReal("days")}, note, created_at))
    FROM (SELECT leave_type_id, days, note, created_at FROM leave_adjustments
      WHERE employee_id = :emp AND year = :year ORDER BY created_at LIMIT ${MAX_LEAVE_TYPES * 500}))
    AS adjustments`;

/** `BALANCE_FACTS_SQL` read and turned into the facts `balancesFromFacts` takes, plus the adjustments. */
async function balanceFacts(
  client: Db["$client"],
  emp: EmployeeCore,
  year: number,
): Promise<BalanceFacts & { adjustments: AdjustmentRow[] }> {
  const from = `${year}-01-01`;
  const to = `${year}-12-31`;
  const row = (await readRow(client, BALANCE_FACTS_SQL, { emp: emp.id, year, from, to }))!;
  const cantonHistory = jsonRows<[string, string]>(row.cantons).map(([validFrom, canton]) => ({
    validFrom,
    canton,
  }));
  const periods = jsonRows<[string, string, string, number, string | null]>(row.closures)
    .map(([id, startDate, endDate, deductsLeave, cantons]) => ({
      id,
      startDate,
      endDate,
      deductsLeave: deductsLeave === 1,
      cantons,
    }))
    .filter((p) => cantonsDuring(emp.canton, cantonHistory, from, to).some((c) => closureApplies(p, c)));
  const workThrough = new Set(jsonRows<string>(row.workThrough));
  return {
    entitlements: jsonRows<[string, string, string | null, string]>(row.entitlements).map((
      [leaveTypeId, carryOverDays, carryOverExpiresOn, adjustmentDays],
    ) => ({
      leaveTypeId,
      carryOverDays: realOf(carryOverDays),
      carryOverExpiresOn,
      adjustmentDays: realOf(adjustmentDays),
    })),
    adjustmentSums: jsonRows<[string, string | null, number, string | null, string | null]>(
      row.adjustmentSums,
    ).map(([leaveTypeId, days, n, openingCarry, takenBefore]) => ({
      leaveTypeId,
      days: realOrNull(days),
      openingCarry: realOrNull(openingCarry),
      takenBefore: realOrNull(takenBefore),
      n,
    })),
    requests: jsonRows<[string, string, string, string, string, string, string]>(row.requests).map((
      [leaveTypeId, startDate, endDate, startPortion, endPortion, status, daysByYear],
    ) => ({ leaveTypeId, startDate, endDate, startPortion, endPortion, status, daysByYear })),
    workloadHistory: jsonRows<[string, string, string | null]>(row.workload).map((
      [validFrom, workloadPercent, workingWeekdays],
    ) => ({ validFrom, workloadPercent: realOf(workloadPercent), workingWeekdays })),
    cantonHistory,
    closures: {
      days: closureDaysIn(periods, workThrough, (d) => cantonOn(emp.canton, cantonHistory, d), from, to),
      workThrough,
    },
    adjustments: jsonRows<[string, string, string, number]>(row.adjustments).map((
      [leaveTypeId, days, note, createdAt],
    ) => ({ leaveTypeId, days: realOf(days), note, createdAt })),
  };
}

/**
 * Balances per leave type for a leave year (default: the current one): entitlement (pro rata), carry-over
 * with its expiry, adjustments, used, planned, pending (shown apart, not deducted) and remaining. Types
 * that do not deduct a balance (e.g. unpaid leave) show their days with null entitlement and remaining.
 */
export async function getLeaveBalances(deps: ServiceDeps, actor: Actor, input: { year?: number } = {}) {
  // The caller's record and the leave types (most of the values this read fetches) change rarely: read
  // again only after a write to their tables (`keptRead`; one entry for both, so one check of the stamp).
  const client = deps.db.$client;
  const { emp, types } = await keptRead(
    client,
    ["employees", "leave_types"],
    `self and types ${actor.employeeId}`,
    async () => ({ emp: await selfEmployee(deps.db, actor), types: await activeLeaveTypes(deps.db).all() }),
  );
  const today = todayOf(deps);
  const year = checkYear(input.year ?? yearOf(today));
  // Every other fact in one statement (see `BALANCE_FACTS_SQL`).
  const facts = types.length ? await balanceFacts(client, emp, year) : undefined;
  const balances = facts ? await balancesFromFacts(deps.db, emp, types, year, today, facts) : new Map();
  const histories = historiesOf(
    facts?.adjustments ?? [],
    types.filter((t) => t.deductsBalance).map((t) => t.id),
  );
  const items = [];
  for (const t of types) {
    const b = balances.get(t.id)!;
    const deducts = t.deductsBalance;
    const history = histories.get(t.id) ?? [];
    items.push({
      leaveType: leaveTypeInfo(t, actor.language),
      year,
      entitlement: deducts ? b.entitlement : null,
      carryOver: b.carryOver,
      carryOverExpiresOn: b.carryOverExpiresOn,
      carryOverLapsed: b.carryOverLapsed,
      carryOverAtRisk: b.carryOverAtRisk,
      adjustments: b.adjustments,
      adjustmentHistory: history.map((h) => ({
        date: localDay(h.createdAt, deps.config?.timeZone ?? DEFAULT_TIME_ZONE),
        days: h.days,
        note: h.note,
      })),
      available: deducts ? b.available : null,
      used: b.used,
      planned: b.planned,
      pending: b.pending,
      closureDays: b.closureDays,
      remaining: deducts ? b.remaining : null,
      overdrawn: deducts ? b.overdrawn : false,
      carryOverByYear: deducts ? carryOverByYear(b) : [],
    });
  }
  return { year, balances: items };
}

/** What the caller asks for when filing or previewing a request. */
export interface LeaveRequestInput {
  leaveType: string;
  startDate: string;
  endDate: string;
  /** FULL (default) or AFTERNOON: only the afternoon of the first day. */
  startPortion?: StartPortion;
  /** FULL (default) or MORNING: only the morning of the last day. */
  endPortion?: EndPortion;
  /** Free text for the approver; only from the portal (the connector takes no free text). */
  reason?: string;
}

/** The approver's identity as shown to the requester: the manager, or HR when nobody in the line can act. */
async function personRef(q: Q, employeeId: string | null) {
  if (!employeeId) return null;
  const [e] = await q.select({
    id: employees.id,
    firstName: employees.firstName,
    lastName: employees.lastName,
  })
    .from(employees).where(eq(employees.id, employeeId)).limit(1);
  return e ? { employeeId: e.id, name: fullName(e) } : null;
}

/** Whether someone is away today (approved leave or sickness covering today, or no longer employed). */
async function isAway(q: Q, e: EmployeeRow, today: string): Promise<boolean> {
  if (e.employmentEnd && e.employmentEnd < today) return true;
  const leave = await q.select({ id: leaveRequests.id }).from(leaveRequests).where(and(
    eq(leaveRequests.employeeId, e.id),
    lte(leaveRequests.startDate, today),
    gte(leaveRequests.endDate, today),
    inArray(leaveRequests.status, [...APPROVED_STATUSES]),
  )).limit(1);
  if (leave.length) return true;
  const sick = await q.select({
    s: sickLeaveEntries.startDate,
    e: sickLeaveEntries.endDate,
    w: sickLeaveEntries.withdrawnAt,
  })
    .from(sickLeaveEntries).where(
      and(eq(sickLeaveEntries.employeeId, e.id), lte(sickLeaveEntries.startDate, today)),
    )
    .orderBy(desc(sickLeaveEntries.startDate)).limit(20);
  return sick.some((s) => !s.w && (s.e === null || s.e >= today));
}

/**
 * The approver of a new request: the first manager up the reporting line who is not the requester and
 * not away today (domain `chooseApprover`); null routes the request to HR.
 */
export async function approverFor(q: Q, emp: EmployeeRow, today: string): Promise<string | null> {
  const chain: { id: string; away: boolean }[] = [];
  const seen = new Set<string>([emp.id]);
  let next = emp.managerId;
  while (next && chain.length < 10) {
    const [m] = await q.select().from(employees).where(eq(employees.id, next)).limit(1);
    if (!m) break;
    chain.push({ id: m.id, away: await isAway(q, m, today) });
    if (seen.has(m.id)) break;
    seen.add(m.id);
    next = m.managerId;
  }
  return chooseApprover(emp.id, chain);
}

/** Everything the preview shows and the filing stores, computed in one place. */
async function planRequest(q: Q, actor: Actor, emp: EmployeeRow, input: LeaveRequestInput, today: string) {
  if (actor.channel === "ASSISTANT" && input.reason) {
    throw refusal("validation", "leave.assistantNoReason", {}, { field: "reason" });
  }
  // A day that is not in the calendar is refused with the one date rule naming its field, whichever door sent
  // it; a real day years away is left to `assertNearToday` below, whose refusal says more.
  for (const field of ["startDate", "endDate"] as const) {
    if (!isValidDate(input[field])) checkField(FIELD_RULES.date, input[field], field);
  }
  const type = await typeByCode(q, input.leaveType);
  const startPortion = input.startPortion ?? "FULL";
  const endPortion = input.endPortion ?? "FULL";
  if (!type.allowHalfDays && (startPortion !== "FULL" || endPortion !== "FULL")) {
    const field = startPortion !== "FULL" ? "startPortion" : "endPortion";
    throw refusal("validation", "leave.wholeDaysOnly", { field, type: type.code }, { field });
  }
  if (input.endDate < input.startDate) {
    throw refusal("validation", "leave.endBeforeStart", {}, { field: "endDate" });
  }
  if (daysBetween(input.startDate, input.endDate) + 1 > MAX_REQUEST_DAYS) {
    throw refusal("validation", "leave.tooLong", { max: MAX_REQUEST_DAYS }, { field: "endDate" });
  }
  if (input.startDate < emp.employmentStart) {
    throw refusal("validation", "leave.beforeEmployment", { date: emp.employmentStart }, {
      field: "startDate",
    });
  }
  if (emp.employmentEnd && input.endDate > emp.employmentEnd) {
    throw refusal("validation", "leave.afterEmployment", { date: emp.employmentEnd }, { field: "endDate" });
  }
  assertNearToday(input.startDate, today, "startDate");
  assertNearToday(input.endDate, today, "endDate");
  const halfDays = await halfDaysIn(q);
  // Each day's holidays by the canton in force on it (a move within the range, before or after today).
  const cantonHistory = await cantonHistoryOf(q).all({ emp: emp.id });
  const holidays = holidayFractionsOver(emp.canton, cantonHistory, input.startDate, input.endDate, halfDays);
  const cal = await closureCalendar(q, emp, input.startDate, input.endDate);
  // A closure day costs nothing in a request (it is charged or granted as a closure), unless the
  // employee was approved to work through it: then it is a working day like any other.
  const closureDays = new Set(cal.days.filter((d) => !d.workThrough).map((d) => d.date));
  const computed = computeLeaveDays({
    startDate: input.startDate,
    endDate: input.endDate,
    startPortion,
    endPortion,
    workingWeekdays: weekdaysOf(emp),
    // Each day by the pattern in force on it (a workload change from a date, before or after today).
    patternHistory: patternHistoryOf(await workloadHistoryOf(q).all({ emp: emp.id })),
    holidays,
    closureDays,
  });
  if (computed.days <= 0) {
    throw refusal("validation", "leave.noWorkingTime", {}, { field: ["startDate", "endDate"] });
  }
  await checkEventLength(q, emp, type, { ...input, days: computed.days }, actor.language);
  const others = await q.select().from(leaveRequests).where(and(
    eq(leaveRequests.employeeId, emp.id),
    lte(leaveRequests.startDate, input.endDate),
    gte(leaveRequests.endDate, input.startDate),
    inArray(leaveRequests.status, ACTIVE_STATUSES),
  )).limit(50);
  const clash = others.find((o) =>
    overlaps(
      { startDate: input.startDate, endDate: input.endDate, startPortion, endPortion },
      {
        startDate: o.startDate,
        endDate: o.endDate,
        startPortion: o.startPortion as StartPortion,
        endPortion: o.endPortion as EndPortion,
      },
    )
  );
  if (clash) {
    const clashType = clash.leaveTypeId === type.id
      ? type
      : (await q.select().from(leaveTypes).where(eq(leaveTypes.id, clash.leaveTypeId)).limit(1))[0];
    throw refusal(
      "conflict",
      "leave.overlap",
      {
        // The request named as the person knows it (its type and dates), never by its id: the id is in
        // `conflictingId` for an app that opens it.
        type: { inLang: leaveTypeNames(clashType) },
        from: clash.startDate,
        to: clash.endDate,
        status: { id: statusText(clash.status) },
      },
      { conflictingId: clash.id, reason: "leave_overlap" },
    );
  }
  const balances = [];
  let exceeds = false;
  if (type.deductsBalance) {
    for (const [y, d] of Object.entries(computed.daysByYear)) {
      const b = await balanceOf(q, emp, type, Number(y), today);
      const before = round2(b.remaining - b.pending);
      const over = wouldExceed(b, d);
      if (over) exceeds = true;
      balances.push({
        year: Number(y),
        days: d,
        remainingBefore: before,
        pending: b.pending,
        remainingAfter: round2(before - d),
        // What the days come out of: the statutory days carried, by year and lapse, apart from the extra days.
        carryOverByYear: carryOverByYear(b),
      });
      if (over && type.overdraft === "REFUSE") {
        throw refusal("conflict", "leave.insufficientBalance", {
          type: { inLang: leaveTypeNames(type) },
          year: y,
          days: d,
          remaining: Math.max(0, before),
        }, { reason: "insufficient_balance" });
      }
    }
  }
  const approverId = await approverFor(q, emp, today);
  const approver = await personRef(q, approverId);
  return {
    type,
    startPortion,
    endPortion,
    halfDays,
    cantonHistory,
    computed,
    holidaysInRange: [...holidays.entries()].map(([date, portion]) => ({ date, portion })),
    closureDaysInRange: closureDays.size,
    balances,
    exceeds,
    approverId,
    approver,
  };
}

function previewOf(
  plan: Awaited<ReturnType<typeof planRequest>>,
  input: LeaveRequestInput,
  emp: EmployeeRow,
  lang: Actor["language"],
) {
  const names = new Map<string, string>();
  // Each holiday named as the canton in force on its day names it.
  for (const { date } of plan.holidaysInRange) {
    const h = publicHolidays(
      cantonOn(emp.canton, plan.cantonHistory, date),
      yearOf(date),
      lang,
      plan.halfDays,
    )
      .find((x) => x.date === date);
    if (h) names.set(date, h.name);
  }
  return {
    leaveType: leaveTypeInfo(plan.type, lang),
    startDate: input.startDate,
    endDate: input.endDate,
    startPortion: plan.startPortion,
    endPortion: plan.endPortion,
    days: plan.computed.days,
    daysByYear: plan.computed.daysByYear,
    holidaysInRange: plan.holidaysInRange.map((h) => ({ ...h, name: names.get(h.date) ?? "" })),
    closureDaysInRange: plan.closureDaysInRange,
    balances: plan.balances,
    exceedsBalance: plan.exceeds,
    approver: plan.approver,
    approverIsHr: plan.approverId === null,
  };
}

/** The preview shape (also what `prepare_leave_request` shows). */
export type LeavePreview = ReturnType<typeof previewOf>;

/**
 * Computes a request without filing it: days deducted (per leave year), the balance before and after,
 * the approver. Refuses what filing would refuse (overlap, no working time, beyond the balance of a
 * REFUSE type), so a preview that succeeds files unless something changed in between.
 */
export async function previewLeaveRequest(
  deps: ServiceDeps,
  actor: Actor,
  input: LeaveRequestInput,
): Promise<LeavePreview> {
  const emp = await selfEmployee(deps.db, actor);
  const plan = await planRequest(deps.db, actor, emp, input, todayOf(deps));
  return previewOf(plan, input, emp, actor.language);
}

/** What the owner's view of a request reads of its row. */
type RequestViewRow = Pick<
  LeaveRequestRow,
  | "id"
  | "startDate"
  | "endDate"
  | "startPortion"
  | "endPortion"
  | "days"
  | "daysByYear"
  | "status"
  | "exceedsBalance"
  | "reason"
  | "decisionNote"
  | "decidedAt"
  | "channel"
  | "cancellationRequestedAt"
  | "createdAt"
>;

/** The leave request as the owner sees it. */
export function leaveRequestView(
  r: RequestViewRow,
  type: Pick<
    LeaveTypeRow,
    "code" | "nameDe" | "nameEn" | "nameFr" | "nameIt" | "deductsBalance" | "overdraft"
  >,
  approver: { employeeId: string; name: string } | null,
  opts: { lang: Actor["language"]; includeFreeText: boolean; today: string },
) {
  return {
    id: r.id,
    leaveType: leaveTypeInfo(type, opts.lang),
    startDate: r.startDate,
    endDate: r.endDate,
    startPortion: r.startPortion as StartPortion,
    endPortion: r.endPortion as EndPortion,
    days: r.days,
    daysByYear: JSON.parse(r.daysByYear) as Record<string, number>,
    status: r.status as LeaveStatus,
    exceedsBalance: r.exceedsBalance,
    ...(opts.includeFreeText && r.reason ? { reason: r.reason } : {}),
    approver,
    ...(opts.includeFreeText && r.decisionNote ? { decisionNote: r.decisionNote } : {}),
    ...(r.decidedAt ? { decidedAt: iso(r.decidedAt) } : {}),
    channel: r.channel as "PORTAL" | "ASSISTANT",
    ...(r.cancellationRequestedAt ? { cancellationRequestedAt: iso(r.cancellationRequestedAt) } : {}),
    createdAt: iso(r.createdAt),
    canWithdraw: r.status === "AWAITING_APPROVAL",
    canRequestCancellation: r.status === "APPROVED" && r.startDate > opts.today,
  };
}

/** Rows whose id is in a JSON array bound as one value (one prepared query for any number of ids). */
function idIn(column: SQLiteColumn) {
  return inArray(column, sql`(select value from json_each(${sql.placeholder("ids")}))`);
}

const leaveTypesById = prepared((q: Q) => q.select().from(leaveTypes).where(idIn(leaveTypes.id)));
const namesById = prepared((q: Q) =>
  q.select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees).where(idIn(employees.id))
);

/** Loads the types and approvers of some requests in two queries and renders them. */
export async function renderRequests(
  q: Q,
  rows: (RequestViewRow & Pick<LeaveRequestRow, "leaveTypeId" | "approverEmployeeId">)[],
  opts: {
    lang: Actor["language"];
    includeFreeText: boolean;
    today: string;
    /** `q`'s client when `q` is no transaction: the types and names are then kept (`keptRead`). */
    kept?: Db["$client"];
  },
) {
  const typeIds = [...new Set(rows.map((r) => r.leaveTypeId))];
  const approverIds = [...new Set(rows.map((r) => r.approverEmployeeId).filter((x): x is string => !!x))];
  const load = async () =>
    [
      typeIds.length ? await leaveTypesById(q).all({ ids: JSON.stringify(typeIds) }) : [],
      approverIds.length ? await namesById(q).all({ ids: JSON.stringify(approverIds) }) : [],
    ] as const;
  // Kept as one entry (one check of the stamp for both tables).
  const [types, people] = opts.kept && rows.length
    ? await keptRead(opts.kept, ["leave_types", "employees"], JSON.stringify([typeIds, approverIds]), load)
    : await load();
  const typeById = new Map(types.map((t) => [t.id, t]));
  const personById = new Map(people.map((p) => [p.id, { employeeId: p.id, name: fullName(p) }]));
  return rows.map((r) =>
    leaveRequestView(
      r,
      typeById.get(r.leaveTypeId)!,
      r.approverEmployeeId ? personById.get(r.approverEmployeeId) ?? null : null,
      opts,
    )
  );
}

/** Free text (reason, decision note) goes to the portal owner always, to an assistant only when asked. */
function freeTextAllowed(actor: Actor, asked?: boolean): boolean {
  return actor.channel === "PORTAL" || asked === true;
}

/**
 * Files a leave request: the same computation as the preview, inside one write transaction (so two
 * overlapping requests cannot both pass the overlap check), then tells the approver. A request filed
 * through an assistant is marked so in the notification (contract: commit_leave_request).
 */
export async function fileLeaveRequest(deps: ServiceDeps, actor: Actor, input: LeaveRequestInput) {
  const today = todayOf(deps);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const emp = await selfEmployee(tx, actor);
    const plan = await planRequest(tx, actor, emp, input, today);
    const [row] = await tx.insert(leaveRequests).values({
      employeeId: emp.id,
      leaveTypeId: plan.type.id,
      startDate: input.startDate,
      endDate: input.endDate,
      startPortion: plan.startPortion,
      endPortion: plan.endPortion,
      days: plan.computed.days,
      daysByYear: JSON.stringify(plan.computed.daysByYear),
      exceedsBalance: plan.exceeds,
      status: "AWAITING_APPROVAL",
      reason: input.reason?.trim() || null,
      approverEmployeeId: plan.approverId,
      channel: actor.channel,
      createdAt: now,
      updatedAt: now,
    }).returning();
    if (plan.approverId) {
      await notify(tx, {
        recipientEmployeeId: plan.approverId,
        kind: "LEAVE_REQUEST_FILED",
        payload: { leaveRequestId: row.id, employeeId: emp.id },
        actor,
        now,
      });
    }
    return leaveRequestView(row, plan.type, plan.approver, {
      lang: actor.language,
      includeFreeText: true,
      today,
    });
  });
}

/** Filters of the caller's request list. */
export interface LeaveListInput extends PageInput {
  status?: LeaveStatus;
  leaveType?: string;
  /** Requests touching this calendar year. */
  year?: number;
  /** Requests touching `from`..`to` (either may be left out). */
  from?: string;
  to?: string;
  /** For assistants: include reason and decision note (`include_free_text`). */
  includeFreeText?: boolean;
  /**
   * Only the requests changed at or after this instant (ms), oldest change first, for an app's offline copy.
   * A request is never deleted (withdrawn, refused and cancelled are states), so nothing is reported gone.
   */
  updatedSince?: number;
}

/** A request of a page as `REQUEST_PAGE_SQL` writes it. */
type RequestPageTuple = [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  string,
  string | null,
  string | null,
  string | null,
  number | null,
  string,
  number | null,
  number,
];

/** The row of a request from its tuple (the columns `renderRequests` and the owner's view read). */
function requestOfTuple(
  [
    id,
    leaveTypeId,
    startDate,
    endDate,
    startPortion,
    endPortion,
    days,
    daysByYear,
    exceedsBalance,
    status,
    reason,
    approverEmployeeId,
    decisionNote,
    decidedAt,
    channel,
    cancellationRequestedAt,
    createdAt,
  ]: RequestPageTuple,
): RequestViewRow & Pick<LeaveRequestRow, "leaveTypeId" | "approverEmployeeId"> {
  return {
    id,
    leaveTypeId,
    startDate,
    endDate,
    startPortion,
    endPortion,
    days: realOf(days),
    daysByYear,
    exceedsBalance: exceedsBalance === 1,
    status,
    reason,
    approverEmployeeId,
    decisionNote,
    decidedAt,
    channel,
    cancellationRequestedAt,
    createdAt,
  };
}

/**
 * A page of the caller's requests, newest first (start, filing, id: all descending, so no two rows tie), as
 * ONE JSON list (json_rows.ts): one value handed over instead of one per column and row, and only the
 * columns the view and `renderRequests` read. The variant names the filters given: t(o), f(rom),
 * s(tatus), l(eave type), c(ursor: after the cursor's row). One text per variant, so each is prepared once
 * per connection.
 */
const REQUEST_PAGE_SQL = statementFamily("tfslc", (variant) => {
  const where = ["employee_id = :me"];
  if (variant.includes("t")) where.push("start_date <= :to");
  if (variant.includes("f")) where.push("end_date >= :from");
  if (variant.includes("s")) where.push("status = :status");
  if (variant.includes("l")) where.push("leave_type_id = :type");
  if (variant.includes("c")) where.push("(start_date, created_at, id) < (:cStart, :cCreated, :cId)");
  return `SELECT json_group_array(json_array(id, leave_type_id, start_date, end_date, start_portion, end_portion,
      ${
    exactReal("days")
  }, days_by_year, exceeds_balance, status, reason, approver_employee_id, decision_note,
      decided_at, channel, cancellation_requested_at, created_at)) AS rows
    FROM (SELECT id, leave_type_id, start_date, end_date, start_portion, end_portion, days, days_by_year,
      exceeds_balance, status, reason, approver_employee_id, decision_note, decided_at, channel,
      cancellation_requested_at, created_at FROM leave_requests WHERE ${where.join(" AND ")}
      ORDER BY start_date DESC, created_at DESC, id DESC LIMIT :limit OFFSET :offset)`;
});

/**
 * When a request last changed as the app reads it: its last write, or later the midnight (in the service's
 * time zone) its first day began if it is approved, since `canRequestCancellation` turns false then though
 * nobody wrote to it. Only first days whose midnight lies between `since` and now can move a request into
 * the sync; the instants are computed here (the zone's rules are not SQLite's) and bound as one JSON object.
 */
function requestChange(deps: ServiceDeps, since: number): SQL<number> {
  const timeZone = deps.config?.timeZone ?? DEFAULT_TIME_ZONE;
  const now = deps.clock.now();
  const midnights: Record<string, number> = {};
  let day = todayOf(deps);
  for (let i = 0; i <= SYNC_KEPT_DAYS + 1; i++, day = addDays(day, -1)) {
    const midnight = localInstants(day, 0, timeZone)[0];
    if (midnight === undefined) continue;
    if (midnight < since) break;
    if (midnight <= now) midnights[day] = midnight;
  }
  return sql<number>`max(${leaveRequests.updatedAt}, coalesce(case when ${leaveRequests.status} = 'APPROVED'
    then (select value from json_each(${JSON.stringify(midnights)}) where key = ${leaveRequests.startDate})
    end, 0))`.mapWith(Number);
}

/**
 * The caller's requests changed at or after `updatedSince`, in the order of their change (then id), paged by
 * a cursor of the last one's change and id: a request changed again while the app pages moves behind the
 * cursor and comes again, never skipped. The other filters apply as well.
 */
async function changedLeaveRequests(
  deps: ServiceDeps,
  actor: Actor,
  me: string,
  page: { limit: number; offset: number },
  input: LeaveListInput,
): Promise<KeysetPage<ReturnType<typeof leaveRequestView>> & SyncFields> {
  const { since, cursor } = syncStart(deps, { ...input, updatedSince: input.updatedSince! });
  const changed = requestChange(deps, since);
  const where: SQL[] = [
    eq(leaveRequests.employeeId, me),
    ...changedAfter(changed, leaveRequests.id, since, cursor),
  ];
  if (input.status) where.push(eq(leaveRequests.status, input.status));
  if (input.leaveType) {
    where.push(eq(leaveRequests.leaveTypeId, (await typeByCode(deps.db, input.leaveType)).id));
  }
  const rows = await deps.db.select({ row: leaveRequests, changed }).from(leaveRequests).where(and(...where))
    .orderBy(asc(changed), asc(leaveRequests.id)).limit(page.limit + 1).offset(page.offset);
  return await syncPage(
    deps,
    { since, fromCursor: cursor !== null, page },
    rows,
    (shown) =>
      renderRequests(deps.db, shown.map((r) => r.row), {
        lang: actor.language,
        includeFreeText: freeTextAllowed(actor, input.includeFreeText),
        today: todayOf(deps),
      }),
    (r) => [r.changed, r.row.id],
    // A request is never deleted: withdrawn, refused and cancelled are states it changes to.
    () => removedSince(deps.db, me, "LEAVE_REQUEST", since),
  );
}

/** The caller's own requests, newest start first, filtered and paged (at most 50 a page). */
export async function listLeaveRequests(
  deps: ServiceDeps,
  actor: Actor,
  input: LeaveListInput = {},
): Promise<KeysetPage<ReturnType<typeof leaveRequestView>> & Partial<SyncFields>> {
  const me = selfId(actor);
  const page = pageOf(input);
  if (input.updatedSince !== undefined) return await changedLeaveRequests(deps, actor, me, page, input);
  let from = input.from;
  let to = input.to;
  if (input.year !== undefined) {
    checkYear(input.year);
    from = from && from > `${input.year}-01-01` ? from : `${input.year}-01-01`;
    to = to && to < `${input.year}-12-31` ? to : `${input.year}-12-31`;
  }
  if (from && to && to < from) throw refusal("validation", "calendar.toBeforeFrom", {}, { field: "to" });
  const type = input.leaveType ? (await typeByCode(deps.db, input.leaveType)).id : null;
  const cursor = decodeCursor(input, ["string", "number", "string"]);
  const variant = `${to ? "t" : ""}${from ? "f" : ""}${input.status ? "s" : ""}${type ? "l" : ""}${
    cursor ? "c" : ""
  }`;
  const at: Record<string, string | number | null> = { me, limit: page.limit + 1, offset: page.offset };
  if (to) at.to = to;
  if (from) at.from = from;
  if (input.status) at.status = input.status;
  if (type) at.type = type;
  if (cursor) [at.cStart, at.cCreated, at.cId] = cursor;
  const page_ = (await readRow(deps.db.$client, REQUEST_PAGE_SQL[variant], at))!;
  const rows = jsonRows<RequestPageTuple>(page_.rows).map(requestOfTuple);
  const shown = rows.slice(0, page.limit);
  const items = await renderRequests(deps.db, shown, {
    lang: actor.language,
    includeFreeText: freeTextAllowed(actor, input.includeFreeText),
    today: todayOf(deps),
    kept: deps.db.$client,
  });
  const last = shown.at(-1);
  return keysetPageResult(
    items,
    page,
    rows.length > page.limit,
    last && [last.startDate, last.createdAt, last.id],
    cursor !== null,
  );
}

/** One of the caller's own requests; someone else's id answers 404, exactly like an unknown id. */
async function ownRequest(q: Q, actor: Actor, id: string): Promise<LeaveRequestRow> {
  const me = selfId(actor);
  const [r] = await q.select().from(leaveRequests).where(
    and(eq(leaveRequests.id, id), eq(leaveRequests.employeeId, me)),
  )
    .limit(1);
  if (!r) throw refusal("not_found", "leave.noSuchRequest");
  return r;
}

/** One of the caller's requests. */
export async function getLeaveRequest(
  deps: ServiceDeps,
  actor: Actor,
  input: { id: string; includeFreeText?: boolean },
) {
  const r = await ownRequest(deps.db, actor, input.id);
  const [view] = await renderRequests(deps.db, [r], {
    lang: actor.language,
    includeFreeText: freeTextAllowed(actor, input.includeFreeText),
    today: todayOf(deps),
  });
  return view;
}

/** Takes back an own request still awaiting approval (contract: withdraw_leave_request). */
export async function withdrawLeaveRequest(deps: ServiceDeps, actor: Actor, input: { id: string }) {
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const r = await ownRequest(tx, actor, input.id);
    if (r.status !== "AWAITING_APPROVAL") {
      throw r.status === "APPROVED"
        ? refusal("conflict", "leave.withdrawApproved")
        : refusal("conflict", "leave.withdrawOnlyAwaiting", { status: { id: statusText(r.status) } });
    }
    const [row] = await tx.update(leaveRequests).set({ status: "WITHDRAWN", updatedAt: now })
      .where(and(eq(leaveRequests.id, r.id), eq(leaveRequests.status, "AWAITING_APPROVAL"))).returning();
    if (r.approverEmployeeId) {
      await notify(tx, {
        recipientEmployeeId: r.approverEmployeeId,
        kind: "LEAVE_REQUEST_WITHDRAWN",
        payload: { leaveRequestId: r.id, employeeId: r.employeeId },
        actor,
        now,
      });
    }
    const [view] = await renderRequests(tx, [row], {
      lang: actor.language,
      includeFreeText: true,
      today: todayOf(deps),
    });
    return view;
  });
}

/**
 * Asks to cancel an approved request that has not started yet: it becomes CANCELLATION_REQUESTED (its days
 * stay booked) until the approver grants the cancellation (CANCELLED) or refuses it (back to APPROVED).
 */
export async function requestLeaveCancellation(deps: ServiceDeps, actor: Actor, input: { id: string }) {
  const now = deps.clock.now();
  const today = todayOf(deps);
  return await writeTx(deps, async (tx) => {
    const r = await ownRequest(tx, actor, input.id);
    if (r.status !== "APPROVED") {
      throw r.status === "AWAITING_APPROVAL"
        ? refusal("conflict", "leave.cancelAwaiting")
        : refusal("conflict", "leave.cancelOnlyApproved", { status: { id: statusText(r.status) } });
    }
    if (r.startDate <= today) {
      throw refusal("conflict", "leave.cancelStarted", { date: r.startDate });
    }
    const [row] = await tx.update(leaveRequests).set({
      status: "CANCELLATION_REQUESTED",
      cancellationRequestedAt: now,
      updatedAt: now,
    }).where(and(eq(leaveRequests.id, r.id), eq(leaveRequests.status, "APPROVED"))).returning();
    const approverId = r.approverEmployeeId ?? await approverFor(tx, await selfEmployee(tx, actor), today);
    if (approverId) {
      await notify(tx, {
        recipientEmployeeId: approverId,
        kind: "LEAVE_CANCELLATION_REQUESTED",
        payload: { leaveRequestId: r.id, employeeId: r.employeeId },
        actor,
        now,
      });
    }
    const [view] = await renderRequests(tx, [row], { lang: actor.language, includeFreeText: true, today });
    return view;
  });
}

/** One person's corrections for a leave type and year, oldest first, with their running total. */
export async function listAdjustments(
  q: Q,
  input: { employeeId: string; leaveTypeId: string; year: number },
) {
  return (await adjustmentHistories(q, { ...input, leaveTypeIds: [input.leaveTypeId] })).get(
    input.leaveTypeId,
  ) ??
    [];
}

const adjustmentsOfYear = prepared((q: Q) =>
  q.select({
    leaveTypeId: leaveAdjustments.leaveTypeId,
    days: leaveAdjustments.days,
    note: leaveAdjustments.note,
    createdAt: leaveAdjustments.createdAt,
  }).from(leaveAdjustments).where(and(
    eq(leaveAdjustments.employeeId, sql.placeholder("emp")),
    eq(leaveAdjustments.year, sql.placeholder("year")),
  )).orderBy(asc(leaveAdjustments.createdAt)).limit(MAX_LEAVE_TYPES * 500)
);

/** A correction as `adjustmentsOfYear` reads it. */
interface AdjustmentRow {
  leaveTypeId: string;
  days: number;
  note: string;
  createdAt: number;
}

/** `listAdjustments` for several leave types at once: leave type id → its corrections, oldest first. */
async function adjustmentHistories(
  q: Q,
  input: { employeeId: string; leaveTypeIds: readonly string[]; year: number },
) {
  if (!input.leaveTypeIds.length) return historiesOf([], []);
  return historiesOf(
    await adjustmentsOfYear(q).all({ emp: input.employeeId, year: input.year }),
    input.leaveTypeIds,
  );
}

/** The corrections of a year (oldest first) per leave type of `leaveTypeIds`, each with its running total. */
function historiesOf(all: readonly AdjustmentRow[], leaveTypeIds: readonly string[]) {
  const out = new Map<string, { days: number; note: string; createdAt: number; total: number }[]>();
  if (!leaveTypeIds.length) return out;
  const wanted = new Set(leaveTypeIds);
  const rows = all.filter((r) => wanted.has(r.leaveTypeId));
  const sums = new Map<string, number>();
  for (const r of rows) {
    let list = out.get(r.leaveTypeId);
    if (!list) out.set(r.leaveTypeId, list = []);
    if (list.length >= 500) continue;
    const total = (sums.get(r.leaveTypeId) ?? 0) + r.days;
    sums.set(r.leaveTypeId, total);
    list.push({ days: r.days, note: r.note, createdAt: r.createdAt, total: round2(total) });
  }
  return out;
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { BALANCE_FACTS_SQL, REQUEST_PAGE_SQL };
