/**
 * Leave in the demo: its four leave types and the standard special leave, entitlements for last and this
 * year (with carry-over into this year computed from last year's usage), and requests over both years in
 * every state. Every request's `days` and `daysByYear` come from the domain rule `computeLeaveDays`, with the employee's canton
 * holidays, working weekdays and the company closure, so the demo never contradicts the rules. Requests
 * never overlap each other or a sick absence, and a REFUSE type is never overdrawn.
 */
import { addDays, daysInYear, eachDay, mondayOf } from "../domain/calendar.ts";
import {
  computeLeaveDays,
  type EndPortion,
  type LeaveRequestStatus,
  type StartPortion,
} from "../domain/leave.ts";
import * as s from "../db/schema/mod.ts";
import { STANDARD_LEAVE_TYPES } from "../services/leave_types.ts";
import { type DemoContext, type DemoPerson, workloadOn } from "./context.ts";
import { closureRange } from "./calendar.ts";
import { employedOn, KEY } from "./org.ts";
import { at, demoId, isoWeekMonday } from "./util.ts";

/** Leave type codes of the demo. */
export type LeaveCode = "VACATION" | "SPECIAL" | "UNPAID" | "COMPENSATION";

/** Leave request states (`domain/leave.ts`). */
export type LeaveStatus = LeaveRequestStatus;

const TYPES = [
  {
    code: "VACATION",
    nameDe: "Ferien",
    nameEn: "Vacation",
    nameFr: "Vacances",
    nameIt: "Vacanze",
    deductsBalance: true,
    overdraft: "REFUSE",
    defaultAnnualDays: 25,
    carryOverMaxDays: 5,
    carryOverExpiry: "03-31",
  },
  {
    code: "SPECIAL",
    nameDe: "Sonderurlaub",
    nameEn: "Special leave",
    nameFr: "Congé spécial",
    nameIt: "Congedo speciale",
    deductsBalance: false,
    overdraft: "FLAG",
    defaultAnnualDays: 0,
    carryOverMaxDays: 0,
    carryOverExpiry: "03-31",
  },
  {
    code: "UNPAID",
    nameDe: "Unbezahlter Urlaub",
    nameEn: "Unpaid leave",
    nameFr: "Congé non payé",
    nameIt: "Congedo non pagato",
    deductsBalance: false,
    overdraft: "FLAG",
    defaultAnnualDays: 0,
    carryOverMaxDays: 0,
    carryOverExpiry: "03-31",
  },
  {
    code: "COMPENSATION",
    nameDe: "Kompensation Überzeit",
    nameEn: "Overtime compensation",
    nameFr: "Compensation des heures supplémentaires",
    nameIt: "Compensazione delle ore supplementari",
    deductsBalance: true,
    overdraft: "FLAG",
    defaultAnnualDays: 0,
    carryOverMaxDays: 0,
    carryOverExpiry: "03-31",
  },
] as const;

/** The standard special leave types the demo holds besides its own four. */
const SPECIAL_CODES: ReadonlySet<string> = new Set([
  "MATERNITY",
  "OTHER_PARENT",
  "CARE",
  "MOVING",
  "WEDDING",
  "BEREAVEMENT",
]);

/** Stable id of a leave type (by code). */
export function leaveTypeId(code: LeaveCode): string {
  return demoId(`leavetype:${code}`);
}

/** Overtime credited as compensation days (`adjustmentDays` of a COMPENSATION entitlement). */
const COMPENSATION_CREDIT: { key: string; year: "last" | "this"; days: number }[] = [
  { key: KEY.demo, year: "last", days: 2 },
  { key: KEY.demo, year: "this", days: 3 },
  { key: KEY.manager, year: "this", days: 2 },
  { key: "P015", year: "this", days: 1 },
];

const COUNTS: ReadonlySet<LeaveStatus> = new Set(["AWAITING_APPROVAL", "APPROVED", "CANCELLATION_REQUESTED"]);
const AWAY: ReadonlySet<LeaveStatus> = new Set(["APPROVED", "CANCELLATION_REQUESTED"]);

/** Allowance and use per person, year and leave type: what the REFUSE policy checks. */
class Ledger {
  readonly allowance = new Map<string, number>();
  readonly used = new Map<string, number>();
  static key(p: DemoPerson, year: number | string, code: string) {
    return `${p.key}|${year}|${code}`;
  }
  remaining(p: DemoPerson, year: number | string, code: string): number {
    const k = Ledger.key(p, year, code);
    return (this.allowance.get(k) ?? 0) - (this.used.get(k) ?? 0);
  }
  use(p: DemoPerson, year: number | string, code: string, days: number) {
    const k = Ledger.key(p, year, code);
    this.used.set(k, (this.used.get(k) ?? 0) + days);
  }
}

/**
 * Pro-rata vacation days of a year: 25 × the workload of each employed calendar day / days in the year,
 * rounded down to half days (the rule of thumb most Swiss employers print on the payslip).
 */
function proRataVacation(p: DemoPerson, year: number): number {
  let share = 0;
  for (const d of eachDay(`${year}-01-01`, `${year}-12-31`)) {
    if (employedOn(p, d)) share += workloadOn(p, d) / 100;
  }
  return Math.floor((25 * share / daysInYear(year)) * 2) / 2;
}

interface RequestSpec {
  code: LeaveCode;
  start: string;
  end: string;
  status: LeaveStatus;
  startPortion?: StartPortion;
  endPortion?: EndPortion;
  reason?: string | null;
  channel?: "PORTAL" | "ASSISTANT";
  decisionNote?: string;
}

/** A request as filed: what later builders (notifications) need to point at it. */
export interface LeaveRequestFiled {
  id: string;
  employeeKey: string;
  code: LeaveCode;
  status: LeaveStatus;
  startDate: string;
  endDate: string;
  days: number;
  daysByYear: Record<string, number>;
  createdAt: number;
}

/**
 * Adds leave types, entitlements and requests. Returns the requests filed (the notifications and the
 * time entries use them; the seeder's report names the demo employee's).
 */
export function buildLeave(ctx: DemoContext): LeaveRequestFiled[] {
  for (const t of TYPES) ctx.rows.add(s.leaveTypes, { id: leaveTypeId(t.code), ...t, active: true });
  // The statutory and common special leave with its length per event, as `leave-types init` creates it.
  for (const t of STANDARD_LEAVE_TYPES) {
    if (!SPECIAL_CODES.has(t.code)) continue;
    ctx.rows.add(s.leaveTypes, { id: demoId(`leavetype:${t.code}`), ...t, active: true });
  }

  const ledger = new Ledger();
  const filed: LeaveRequestFiled[] = [];
  const people = [...ctx.people.values()];
  const { lastYear, year } = ctx;
  // Next year's allowance exists for planning; its entitlement rows are written only if a request uses it.
  const years = [lastYear, year, year + 1];

  for (const p of people) {
    for (const y of years) ledger.allowance.set(Ledger.key(p, y, "VACATION"), proRataVacation(p, y));
  }
  for (const c of COMPENSATION_CREDIT) {
    ledger.allowance.set(
      Ledger.key(ctx.person(c.key), c.year === "last" ? lastYear : year, "COMPENSATION"),
      c.days,
    );
  }

  const file = (p: DemoPerson, spec: RequestSpec) => fileRequest(ctx, ledger, filed, p, spec);

  // Last year: the demo employee's history (approved, half day, special, rejected, withdrawn, cancelled).
  const demo = ctx.person(KEY.demo);
  const w = (y: number, week: number, offset: number) => addDays(isoWeekMonday(y, week), offset);
  file(demo, {
    code: "VACATION",
    start: w(lastYear, 16, 0),
    end: w(lastYear, 16, 4),
    status: "APPROVED",
    reason: "Frühlingsferien",
  });
  file(demo, {
    code: "VACATION",
    start: w(lastYear, 29, 0),
    end: w(lastYear, 30, 4),
    status: "APPROVED",
    reason: "Sommerferien",
  });
  file(demo, {
    code: "SPECIAL",
    start: w(lastYear, 35, 4),
    end: w(lastYear, 35, 4),
    status: "APPROVED",
    reason: "Umzug",
  });
  file(demo, { code: "VACATION", start: w(lastYear, 41, 0), end: w(lastYear, 41, 4), status: "APPROVED" });
  file(demo, { code: "VACATION", start: w(lastYear, 23, 3), end: w(lastYear, 23, 4), status: "WITHDRAWN" });
  file(demo, {
    code: "VACATION",
    start: w(lastYear, 44, 0),
    end: w(lastYear, 44, 4),
    status: "CANCELLED",
    reason: "Herbstferien",
  });
  file(demo, {
    code: "VACATION",
    start: w(lastYear, 48, 0),
    end: w(lastYear, 48, 2),
    status: "REJECTED",
    decisionNote: "Release-Woche der Plattform: bitte eine Woche später planen.",
  });
  file(demo, {
    code: "VACATION",
    start: w(lastYear, 50, 4),
    end: w(lastYear, 50, 4),
    status: "APPROVED",
    startPortion: "AFTERNOON",
  });
  file(demo, {
    code: "COMPENSATION",
    start: w(lastYear, 26, 4),
    end: w(lastYear, 26, 4),
    status: "APPROVED",
  });

  // Everyone else, last year.
  for (const p of people) {
    if (p.key !== KEY.demo) fileTypicalYear(ctx, p, lastYear, file);
  }

  // Carry-over into this year: what was left of last year's vacation, at most 5 days (expires 31 March).
  const carry = new Map<string, number>();
  for (const p of people) {
    const left = ledger.remaining(p, lastYear, "VACATION");
    const days = employedOn(p, `${year}-01-01`) ? Math.max(0, Math.min(5, Math.floor(left * 2) / 2)) : 0;
    carry.set(p.key, days);
    const k = Ledger.key(p, year, "VACATION");
    ledger.allowance.set(k, (ledger.allowance.get(k) ?? 0) + days);
  }

  // The year-end closure deducts leave: reserve its cost (the work-through day excepted) before planning.
  const closure = closureRange(ctx);
  for (const p of people) {
    if (!employedOn(p, closure.start)) continue;
    const cost = computeLeaveDays({
      startDate: closure.start,
      endDate: closure.end,
      startPortion: "FULL",
      endPortion: "FULL",
      workingWeekdays: p.workingWeekdays,
      holidays: ctx.holidays(p.canton),
    });
    for (const d of cost.perDay) {
      if (d.fraction === 0 || (p.key === KEY.demo && d.date === ctx.workThrough)) continue;
      if (years.includes(Number(d.date.slice(0, 4)))) {
        ledger.use(p, d.date.slice(0, 4), "VACATION", d.fraction);
      }
    }
  }

  // This year, the demo employee: past requests where the year allows, then the open ones around today.
  const past = (spec: RequestSpec) => spec.end < ctx.today && file(demo, spec);
  past({
    code: "VACATION",
    start: w(year, 7, 0),
    end: w(year, 7, 4),
    status: "APPROVED",
    reason: "Skiferien",
  });
  past({
    code: "VACATION",
    start: w(year, 31, 0),
    end: w(year, 32, 4),
    status: "APPROVED",
    reason: "Sommerferien",
  });
  past({ code: "COMPENSATION", start: w(year, 38, 4), end: w(year, 38, 4), status: "APPROVED" });
  const m0 = mondayOf(ctx.today);
  const ahead = (spec: RequestSpec) => fileAhead(ctx, demo, spec, file, true);
  ahead({
    code: "VACATION",
    start: addDays(m0, 14),
    end: addDays(m0, 16),
    endPortion: "MORNING",
    status: "AWAITING_APPROVAL",
    reason: "Familienbesuch in Basel",
  });
  ahead({ code: "VACATION", start: addDays(m0, 21), end: addDays(m0, 23), status: "APPROVED" });
  // Filed through an assistant: no free text (contract, rules for writes, 3).
  ahead({
    code: "COMPENSATION",
    start: addDays(m0, 25),
    end: addDays(m0, 25),
    status: "AWAITING_APPROVAL",
    channel: "ASSISTANT",
    reason: null,
  });
  ahead({ code: "VACATION", start: addDays(m0, 31), end: addDays(m0, 32), status: "CANCELLATION_REQUESTED" });

  // The other states this year, on other people.
  const pick = (key: string, spec: RequestSpec) => {
    const p = ctx.person(key);
    return spec.end < ctx.today ? file(p, spec) : fileAhead(ctx, p, spec, file, true);
  };
  const thisOrLast = (week: number, from: number, to: number) => {
    const y = w(year, week, to) < ctx.today ? year : lastYear;
    return { start: w(y, week, from), end: w(y, week, to) };
  };
  pick("P023", {
    code: "VACATION",
    ...thisOrLast(24, 0, 4),
    status: "REJECTED",
    decisionNote: "In dieser Woche sind schon drei Personen im Team abwesend.",
  });
  pick("P026", { code: "VACATION", ...thisOrLast(36, 3, 4), status: "WITHDRAWN" });
  pick("P035", { code: "UNPAID", ...thisOrLast(22, 0, 4), status: "APPROVED", reason: "Sprachaufenthalt" });
  pick("P015", { code: "SPECIAL", ...thisOrLast(25, 3, 4), status: "APPROVED", reason: "Hochzeit" });
  pick("P016", { code: "VACATION", ...thisOrLast(42, 0, 4), status: "APPROVED" });
  pick("P019", { code: "VACATION", start: addDays(m0, 35), end: addDays(m0, 37), status: "CANCELLED" });
  pick("P007", {
    code: "VACATION",
    start: addDays(m0, 22),
    end: addDays(m0, 25),
    status: "CANCELLATION_REQUESTED",
  });
  pick("P014", {
    code: "VACATION",
    start: addDays(m0, 17),
    end: addDays(m0, 17),
    endPortion: "MORNING",
    status: "AWAITING_APPROVAL",
  });
  pick("P015", {
    code: "COMPENSATION",
    start: addDays(m0, 28),
    end: addDays(m0, 29),
    status: "AWAITING_APPROVAL",
  });
  pick("P017", {
    code: "VACATION",
    start: addDays(m0, 14),
    end: addDays(m0, 18),
    status: "AWAITING_APPROVAL",
  });

  for (const p of people) {
    if (p.key === KEY.demo || p.key === KEY.futureJoiner) continue;
    fileTypicalYear(ctx, p, year, file);
    if (ctx.rng.chance(0.35)) {
      const mon = addDays(m0, 7 * ctx.rng.int(3, 5));
      fileAhead(
        ctx,
        p,
        { code: "VACATION", start: mon, end: addDays(mon, 4), status: "APPROVED" },
        file,
        false,
      );
    }
    if (ctx.rng.chance(0.3)) {
      const from = addDays(m0, 7 * ctx.rng.int(1, 4) + ctx.rng.pick([0, 3]));
      const spec: RequestSpec = {
        code: "VACATION",
        start: from,
        end: addDays(from, 1),
        status: "AWAITING_APPROVAL",
      };
      fileAhead(ctx, p, spec, file, false);
    }
  }

  // Entitlements: vacation for every year of employment shown, compensation where overtime was credited.
  const nextYearUsed = filed.some((r) => r.daysByYear[String(year + 1)] !== undefined);
  for (const p of people) {
    for (const y of nextYearUsed ? years : [lastYear, year]) {
      if (!employedDuring(p, y)) continue;
      const c = y === year ? carry.get(p.key) ?? 0 : 0;
      ctx.rows.add(s.leaveEntitlements, {
        id: ctx.ids.next("entitlement"),
        employeeId: p.id,
        leaveTypeId: leaveTypeId("VACATION"),
        year: y,
        baseDays: 25,
        carryOverDays: c,
        carryOverExpiresOn: c > 0 ? `${y}-03-31` : null,
        adjustmentDays: 0,
      });
    }
  }
  for (const c of COMPENSATION_CREDIT) {
    ctx.rows.add(s.leaveEntitlements, {
      id: ctx.ids.next("entitlement"),
      employeeId: ctx.person(c.key).id,
      leaveTypeId: leaveTypeId("COMPENSATION"),
      year: c.year === "last" ? lastYear : year,
      baseDays: 0,
      carryOverDays: 0,
      carryOverExpiresOn: null,
      adjustmentDays: c.days,
    });
  }
  return filed;
}

/** Whether the employment overlaps a calendar year. */
function employedDuring(p: DemoPerson, year: number): boolean {
  return p.employmentStart <= `${year}-12-31` &&
    (p.employmentEnd === null || p.employmentEnd >= `${year}-01-01`);
}

type FileFn = (p: DemoPerson, spec: RequestSpec) => LeaveRequestFiled | null;

/**
 * A typical year of someone else: a spring week and two summer weeks, sometimes a few autumn days. Only
 * whole ranges on one side of today (none straddles it), inside the employment.
 */
function fileTypicalYear(ctx: DemoContext, p: DemoPerson, year: number, file: FileFn) {
  const rng = ctx.rng;
  const plan: [number, number, number][] = [[rng.int(13, 20), 0, 4], [rng.int(27, 32), 0, 11]];
  if (rng.chance(0.4)) plan.push([rng.int(39, 44), 0, 2]);
  for (const [week, from, to] of plan) {
    const start = addDays(isoWeekMonday(year, week), from);
    const end = addDays(isoWeekMonday(year, week), to);
    if (start <= ctx.today && end >= ctx.today) continue;
    if (end > `${ctx.year}-12-23` && start >= ctx.today) continue;
    file(p, { code: "VACATION", start, end, status: "APPROVED" });
  }
}

/**
 * Files a request in the future, moving it a week later while it collides with the closure, a holiday
 * on its first day, or another request. Others' requests stay inside this year (no entitlement beyond).
 */
function fileAhead(
  ctx: DemoContext,
  p: DemoPerson,
  spec: RequestSpec,
  file: FileFn,
  mayCrossYear: boolean,
): LeaveRequestFiled | null {
  let { start, end } = spec;
  for (let tries = 0; tries < 8; tries++) {
    const clash = [...eachDay(start, end)].some((d) => ctx.closureDays.has(d)) || start <= ctx.today;
    if (!mayCrossYear && end > `${ctx.year}-12-23`) return null;
    if (!clash) {
      const r = file(p, { ...spec, start, end });
      if (r) return r;
    }
    start = addDays(start, 7);
    end = addDays(end, 7);
  }
  return null;
}

/** Decides the approver's account: the demo manager and HR sign their decisions; others have none. */
function deciderOf(ctx: DemoContext, p: DemoPerson): string | null {
  if (p.managerKey === KEY.manager) return ctx.user("manager");
  if (p.managerKey === KEY.hr || p.managerKey === null) return ctx.user("hr");
  return null;
}

function fileRequest(
  ctx: DemoContext,
  ledger: Ledger,
  filed: LeaveRequestFiled[],
  p: DemoPerson,
  spec: RequestSpec,
): LeaveRequestFiled | null {
  if (spec.start < p.employmentStart || (p.employmentEnd !== null && spec.end > p.employmentEnd)) return null;
  const result = computeLeaveDays({
    startDate: spec.start,
    endDate: spec.end,
    startPortion: spec.startPortion ?? "FULL",
    endPortion: spec.endPortion ?? "FULL",
    workingWeekdays: p.workingWeekdays,
    holidays: ctx.holidays(p.canton),
    closureDays: ctx.closureDays,
  });
  if (result.days === 0) return null;
  const busy = ctx.busyDays(p.key);
  if (result.perDay.some((d) => d.fraction > 0 && busy.has(d.date))) return null;

  const type = TYPES.find((t) => t.code === spec.code)!;
  let exceeds = false;
  if (COUNTS.has(spec.status) && type.deductsBalance) {
    for (const [y, days] of Object.entries(result.daysByYear)) {
      if (ledger.remaining(p, y, spec.code) + 1e-9 < days) {
        if (type.overdraft === "REFUSE") return null;
        exceeds = true;
      }
    }
    for (const [y, days] of Object.entries(result.daysByYear)) ledger.use(p, y, spec.code, days);
  }
  for (const d of result.perDay) {
    if (d.fraction === 0) continue;
    busy.set(d.date, d.fraction);
    if (AWAY.has(spec.status)) ctx.awayDays(p.key).set(d.date, d.fraction);
  }

  // Timestamps: past requests were filed weeks before they started; future ones in the last days.
  const rng = ctx.rng;
  const day = 86_400_000;
  const filedAt = spec.start < ctx.today
    ? Math.min(ctx.now - 5 * day, at(addDays(spec.start, -rng.int(14, 45)), 9, 5 * rng.int(0, 11)))
    : ctx.now - rng.int(3, 12) * day + 5 * 60_000 * rng.int(0, 11);
  const decided = spec.status === "AWAITING_APPROVAL" || spec.status === "WITHDRAWN"
    ? null
    : Math.min(ctx.now - 2 * day, filedAt + rng.int(1, 3) * day);
  let cancellationRequestedAt: number | null = null;
  let decidedAt = decided;
  if (spec.status === "CANCELLATION_REQUESTED") cancellationRequestedAt = ctx.now - day;
  if (spec.status === "CANCELLED") {
    cancellationRequestedAt = Math.min(ctx.now - day, decided! + 4 * day);
    decidedAt = cancellationRequestedAt + 3_600_000;
  }
  // The CEO has no manager: the head of People & Culture (the HR account) records their leave.
  const approver = ctx.person(p.managerKey ?? KEY.hr);
  const id = ctx.ids.next("leave");
  ctx.rows.add(s.leaveRequests, {
    id,
    employeeId: p.id,
    leaveTypeId: leaveTypeId(spec.code),
    startDate: spec.start,
    endDate: spec.end,
    startPortion: spec.startPortion ?? "FULL",
    endPortion: spec.endPortion ?? "FULL",
    days: result.days,
    daysByYear: JSON.stringify(result.daysByYear),
    exceedsBalance: exceeds,
    status: spec.status,
    reason: spec.reason ?? null,
    approverEmployeeId: approver.id,
    decidedByUserId: decidedAt === null ? null : deciderOf(ctx, p),
    decidedAt,
    decisionNote: spec.decisionNote ?? null,
    channel: spec.channel ?? "PORTAL",
    cancellationRequestedAt,
    createdAt: filedAt,
    updatedAt: Math.max(filedAt, decidedAt ?? filedAt, cancellationRequestedAt ?? filedAt),
  });
  const out: LeaveRequestFiled = {
    id,
    employeeKey: p.key,
    code: spec.code,
    status: spec.status,
    startDate: spec.start,
    endDate: spec.end,
    days: result.days,
    daysByYear: result.daysByYear,
    createdAt: filedAt,
  };
  filed.push(out);
  return out;
}
