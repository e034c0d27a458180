/**
 * Approvals for managers and HR: the requests awaiting the caller with the team calendar needed to
 * decide, leave decisions (preview and commit), submitted time weeks, and HR's decisions on profile change
 * requests.
 *
 * Access rules: the caller needs `staff-absence:approve`; a manager acts only on
 * requests routed to them (their reports'); HR staff and above also act on requests routed to HR and on
 * anyone's as a fallback; nobody decides their own request. An id the caller may not act on answers 404,
 * exactly like an unknown id, so ids reveal nothing.
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  not,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import {
  cantonChanges,
  closurePeriods,
  employees,
  expenseReports,
  leaveRequestAttachments,
  leaveRequests,
  leaveTypes,
  profileChangeRequests,
  schoolHolidays,
  sickLeaveEntries,
  timeEntries,
  userIdentities,
  users,
} from "../db/schema/mod.ts";
import { hasPermission, isHrOrAbove } from "../domain/access.ts";
import {
  addDays,
  byCharacters,
  cantonOn,
  type CantonPeriod,
  cantonsDuring,
  daysBetween,
  holidayFractions,
  mondayOf,
} from "../domain/calendar.ts";
import { round2 } from "../domain/numbers.ts";
import { refusal } from "../errors.ts";
import { checkTextLength, MAX_DECISION_NOTE } from "../domain/fields.ts";
import type { Actor } from "./actor.ts";
import {
  type EmployeeRow,
  fullName,
  iso,
  localName,
  notify,
  type PageInput,
  pageOf,
  type Q,
  selfId,
  type ServiceDeps,
  todayOf,
  writeTx,
} from "./common.ts";
import { balanceOf, renderRequests, statusText } from "./leave.ts";
import { type ChangeField, changeRequestView, FIELD_COLUMN } from "./profile.ts";
import { checkWeekStart, weekOf } from "./time.ts";
import { afterKey, keysetPage, keysetStart } from "./keyset.ts";
import { neutralFileName } from "./uploaded_files.ts";
import { closureApplies } from "./holidays.ts";
import { changedAfter, FULL_SYNC, recordRemoved, removedSince, syncPage, syncStart } from "./sync.ts";
import { halfDaysIn } from "../settings.ts";

/** States a leave decision applies to. */
const DECIDABLE = ["AWAITING_APPROVAL", "CANCELLATION_REQUESTED"];

/** Refuses callers without the approval permission (employees, recruiters). */
function checkApprovalRole(actor: Actor): void {
  if (!hasPermission(actor.role, "staff-absence:approve")) {
    throw refusal("forbidden", "approval.notApprover");
  }
}

/** The approving caller's own employee id; refuses callers without the approval permission. */
export function requireApprover(actor: Actor): string {
  const me = selfId(actor);
  checkApprovalRole(actor);
  return me;
}

/**
 * The deciding caller's own employee id. HR staff and administrators may have none (the first administrator
 * is made by `user create-admin` without a record): they decide what is HR's all the same, and have no
 * request of their own to keep out.
 */
function deciderSelf(actor: Actor): string | null {
  return !actor.employeeId && isHrOrAbove(actor.role) ? null : selfId(actor);
}

function requireHr(actor: Actor): string | null {
  const me = deciderSelf(actor);
  if (!isHrOrAbove(actor.role)) throw refusal("forbidden", "approval.hrOnlyProfileChanges");
  return me;
}

/** Which leave requests the caller may decide: routed to them, or (HR) routed to HR or anyone's. */
function decidableBy(actor: Actor, me: string | null): SQL {
  const unrouted = isNull(leaveRequests.approverEmployeeId);
  if (me === null) return unrouted;
  const mine = eq(leaveRequests.approverEmployeeId, me);
  return isHrOrAbove(actor.role) ? or(mine, unrouted)! : mine;
}

async function peopleByIds(q: Q, ids: string[]) {
  const uniq = [...new Set(ids)];
  if (!uniq.length) return new Map<string, EmployeeRow>();
  const rows = await q.select().from(employees).where(inArray(employees.id, uniq)).limit(uniq.length);
  return new Map(rows.map((r) => [r.id, r]));
}

/** Direct reports of a manager (the team the calendar shows), at most 50. */
async function teamOf(q: Q, managerId: string) {
  return await q.select().from(employees).where(eq(employees.managerId, managerId))
    .orderBy(asc(employees.lastName), asc(employees.firstName)).limit(50);
}

/** One absence in the team calendar: who, when, and what kind; never a sick-leave reason. */
interface TeamAbsence {
  employeeId: string;
  name: string;
  kind: "LEAVE" | "SICK";
  status: string;
  startDate: string;
  endDate: string;
}

/** Absences of some people overlapping `from`..`to`: leave (approved or pending) and sickness (no reason). */
async function absencesOf(q: Q, people: EmployeeRow[], from: string, to: string): Promise<TeamAbsence[]> {
  if (!people.length) return [];
  const byId = new Map(people.map((p) => [p.id, p]));
  const ids = [...byId.keys()];
  const leave = await q.select().from(leaveRequests).where(and(
    inArray(leaveRequests.employeeId, ids),
    lte(leaveRequests.startDate, to),
    gte(leaveRequests.endDate, from),
    inArray(leaveRequests.status, ["AWAITING_APPROVAL", "APPROVED", "CANCELLATION_REQUESTED"]),
  )).orderBy(asc(leaveRequests.startDate)).limit(200);
  const sick = await q.select({
    employeeId: sickLeaveEntries.employeeId,
    startDate: sickLeaveEntries.startDate,
    endDate: sickLeaveEntries.endDate,
    isOngoing: sickLeaveEntries.isOngoing,
  }).from(sickLeaveEntries).where(and(
    inArray(sickLeaveEntries.employeeId, ids),
    lte(sickLeaveEntries.startDate, to),
    or(isNull(sickLeaveEntries.endDate), gte(sickLeaveEntries.endDate, from)),
    isNull(sickLeaveEntries.withdrawnAt),
  )).orderBy(asc(sickLeaveEntries.startDate)).limit(200);
  const out: TeamAbsence[] = [
    ...leave.map((l) => ({
      employeeId: l.employeeId,
      name: fullName(byId.get(l.employeeId)!),
      kind: "LEAVE" as const,
      status: l.status,
      startDate: l.startDate,
      endDate: l.endDate,
    })),
    ...sick.map((s) => ({
      employeeId: s.employeeId,
      name: fullName(byId.get(s.employeeId)!),
      kind: "SICK" as const,
      status: s.isOngoing ? "ONGOING" : "REPORTED",
      startDate: s.startDate,
      endDate: s.isOngoing || !s.endDate ? to : s.endDate,
    })),
  ];
  return out.sort((a, b) => byCharacters(a.startDate, b.startDate) || a.name.localeCompare(b.name)).slice(
    0,
    50,
  );
}

/** Balance before and after a decision, per leave year the request draws on (deducting types only). */
async function decisionBalances(
  q: Q,
  r: typeof leaveRequests.$inferSelect,
  emp: EmployeeRow,
  type: typeof leaveTypes.$inferSelect,
  decision: "APPROVE" | "REJECT",
  today: string,
) {
  if (!type.deductsBalance) return [];
  const out = [];
  for (const [y, d] of Object.entries(JSON.parse(r.daysByYear) as Record<string, number>)) {
    const b = await balanceOf(q, emp, type, Number(y), today);
    // `remaining` counts approved days only: approving a pending request takes its days off it; granting
    // a cancellation gives them back; a refusal changes nothing.
    let after = b.remaining;
    if (r.status === "AWAITING_APPROVAL" && decision === "APPROVE") after = b.remaining - d;
    if (r.status === "CANCELLATION_REQUESTED" && decision === "APPROVE") after = b.remaining + d;
    out.push({ year: Number(y), days: d, remainingBefore: b.remaining, remainingAfter: round2(after) });
  }
  return out;
}

/**
 * The years a decision would overdraw: the balance after it is negative and lower than before (granting
 * a cancellation never overdraws). The one rule behind the queue's and the preview's `exceedsBalance`
 * and the decision's refusal, so what a manager is shown is what approving does.
 */
export function overdrawnYears<B extends { remainingBefore: number; remainingAfter: number }>(
  balances: readonly B[],
): B[] {
  return balances.filter((b) => b.remainingAfter < 0 && b.remainingAfter < b.remainingBefore);
}

/** A pending leave request as its approver sees it, with the balances and the team's absences. */
/** What the approver sees of the requester's supporting file (its bytes are fetched on their own). */
async function attachmentOf(q: Q, leaveRequestId: string) {
  const [a] = await q.select({
    contentType: leaveRequestAttachments.contentType,
    sizeBytes: leaveRequestAttachments.sizeBytes,
    uploadedAt: leaveRequestAttachments.uploadedAt,
  }).from(leaveRequestAttachments).where(eq(leaveRequestAttachments.leaveRequestId, leaveRequestId)).limit(1);
  return a
    ? {
      fileName: neutralFileName("attachment", a.contentType),
      contentType: a.contentType as "application/pdf" | "image/jpeg" | "image/png",
      sizeBytes: a.sizeBytes,
      uploadedAt: new Date(a.uploadedAt).toISOString(),
    }
    : null;
}

async function approvalItem(
  q: Q,
  actor: Actor,
  r: typeof leaveRequests.$inferSelect,
  today: string,
  asked?: boolean,
) {
  const [view] = await renderRequests(q, [r], {
    lang: actor.language,
    includeFreeText: actor.channel === "PORTAL" || asked === true,
    today,
  });
  const people = await peopleByIds(q, [r.employeeId]);
  const emp = people.get(r.employeeId)!;
  const [type] = await q.select().from(leaveTypes).where(eq(leaveTypes.id, r.leaveTypeId)).limit(1);
  const teamLead = r.approverEmployeeId ?? emp.managerId;
  const team = teamLead ? (await teamOf(q, teamLead)).filter((p) => p.id !== emp.id) : [];
  const balances = await decisionBalances(q, r, emp, type, "APPROVE", today);
  return {
    kind: r.status === "CANCELLATION_REQUESTED" ? "LEAVE_CANCELLATION" as const : "LEAVE_REQUEST" as const,
    employee: { employeeId: emp.id, name: fullName(emp) },
    // The stored flag records the balance when the request was filed; the approver needs whether
    // approving now overdraws (HR may have changed the entitlement since).
    request: { ...view, exceedsBalance: overdrawnYears(balances).length > 0 },
    balances,
    teamAbsences: await absencesOf(q, team, r.startDate, r.endDate),
    attachment: await attachmentOf(q, r.id),
  };
}

/**
 * Leave requests awaiting the caller (new requests and cancellation requests), soonest start first,
 * paged (at most 50), each with the balances it would leave and the team's absences in its range.
 */
export async function listLeaveApprovals(
  deps: ServiceDeps,
  actor: Actor,
  input: PageInput & { includeFreeText?: boolean; updatedSince?: number } = {},
) {
  const me = deciderSelf(actor);
  checkApprovalRole(actor);
  if (input.updatedSince !== undefined) {
    return await changedLeaveApprovals(deps, actor, me, { ...input, updatedSince: input.updatedSince });
  }
  const start = keysetStart(input, ["string", "number", "number"]);
  const { page } = start;
  const today = todayOf(deps);
  // Soonest start, then the first filed, then the order of filing (unique): a request decided or filed
  // between two pages moves none.
  const order = [leaveRequests.startDate, leaveRequests.createdAt, sql`${leaveRequests}.rowid`];
  const rows = await deps.db.select({
    request: leaveRequests,
    rowid: sql<number>`${leaveRequests}.rowid`.mapWith(Number),
  }).from(leaveRequests).where(and(
    inArray(leaveRequests.status, DECIDABLE),
    decidableBy(actor, me),
    me === null ? undefined : ne(leaveRequests.employeeId, me),
    afterKey(order, start.key, "asc"),
  )).orderBy(...order.map((c) => asc(c))).limit(page.limit + 1).offset(page.offset);
  return await keysetPage(
    start,
    rows,
    (r) => [r.request.startDate, r.request.createdAt, r.rowid],
    async (shown) => {
      const items = [];
      for (const { request } of shown) {
        items.push(await approvalItem(deps.db, actor, request, today, input.includeFreeText));
      }
      return items;
    },
  );
}

/**
 * The caller's queue for an app's offline copy (`updatedSince`): the waiting requests written since (filed,
 * a cancellation asked for, routed to the caller), oldest change first; on the last page, `deleted` holds
 * the requests that left the queue since, by the request's id. A request leaves it by its state (decided,
 * withdrawn, cancelled: at its `updatedAt`, the row stays) or by being routed to someone else (a tombstone
 * for the approver it left). HR's queue also holds the requests routed to nobody, so for HR any request
 * written since that is not in the queue now counts as left: HR may read every request, and an id the app
 * never held is simply dropped again.
 */
async function changedLeaveApprovals(
  deps: ServiceDeps,
  actor: Actor,
  me: string | null,
  input: PageInput & { includeFreeText?: boolean; updatedSince: number },
) {
  const page = pageOf(input);
  const { since, cursor } = syncStart(deps, input);
  const today = todayOf(deps);
  const notOwn = me === null ? undefined : ne(leaveRequests.employeeId, me);
  const rows = await deps.db.select().from(leaveRequests).where(and(
    inArray(leaveRequests.status, DECIDABLE),
    decidableBy(actor, me),
    notOwn,
    ...changedAfter(leaveRequests.updatedAt, leaveRequests.id, since, cursor),
  )).orderBy(asc(leaveRequests.updatedAt), asc(leaveRequests.id)).limit(page.limit + 1).offset(page.offset);
  return await syncPage(
    deps,
    { since, fromCursor: cursor !== null, page },
    rows,
    async (shown) => {
      const items = [];
      for (const r of shown) items.push(await approvalItem(deps.db, actor, r, today, input.includeFreeText));
      return items;
    },
    (r) => [r.updatedAt, r.id],
    async () => {
      if (since === FULL_SYNC) return [];
      const left = await deps.db.select({ id: leaveRequests.id, deletedAt: leaveRequests.updatedAt })
        .from(leaveRequests).where(and(
          gte(leaveRequests.updatedAt, since),
          notOwn,
          isHrOrAbove(actor.role)
            ? not(and(inArray(leaveRequests.status, DECIDABLE), decidableBy(actor, me))!)
            : and(eq(leaveRequests.approverEmployeeId, me!), notInArray(leaveRequests.status, DECIDABLE)),
        )).orderBy(asc(leaveRequests.updatedAt), asc(leaveRequests.id));
      const rerouted = me === null ? [] : await removedSince(deps.db, me, "LEAVE_APPROVAL", since);
      return [...left, ...rerouted].sort((a, b) => a.deletedAt - b.deletedAt || byCharacters(a.id, b.id));
    },
  );
}

/** Loads a request the caller may decide, or refuses: own → 403, not theirs or unknown → 404. */
async function decidableRequest(q: Q, actor: Actor, id: string) {
  const me = deciderSelf(actor);
  checkApprovalRole(actor);
  const [r] = await q.select().from(leaveRequests).where(eq(leaveRequests.id, id)).limit(1);
  if (r && r.employeeId === me) {
    throw refusal("forbidden", "approval.ownRequest");
  }
  const allowed = r && (r.approverEmployeeId === me || isHrOrAbove(actor.role));
  if (!r || !allowed) throw refusal("not_found", "approval.noSuchRequest");
  return r;
}

/** One request awaiting the caller, with balances and team calendar. */
export async function getLeaveApproval(
  deps: ServiceDeps,
  actor: Actor,
  input: { id: string; includeFreeText?: boolean },
) {
  const r = await decidableRequest(deps.db, actor, input.id);
  return await approvalItem(deps.db, actor, r, todayOf(deps), input.includeFreeText);
}

/** A leave decision: approve or reject, with an optional note for the requester. */
export interface LeaveDecisionInput {
  id: string;
  decision: "APPROVE" | "REJECT";
  note?: string;
}

function resultingStatus(current: string, decision: "APPROVE" | "REJECT") {
  if (current === "CANCELLATION_REQUESTED") return decision === "APPROVE" ? "CANCELLED" : "APPROVED";
  return decision === "APPROVE" ? "APPROVED" : "REJECTED";
}

async function planDecision(q: Q, actor: Actor, input: LeaveDecisionInput, today: string) {
  checkTextLength(input.note, MAX_DECISION_NOTE, "note");
  const r = await decidableRequest(q, actor, input.id);
  if (!DECIDABLE.includes(r.status)) {
    throw refusal("conflict", "approval.nothingToDecide", { status: { id: statusText(r.status) } });
  }
  const [emp] = await q.select().from(employees).where(eq(employees.id, r.employeeId)).limit(1);
  const [type] = await q.select().from(leaveTypes).where(eq(leaveTypes.id, r.leaveTypeId)).limit(1);
  const balances = await decisionBalances(q, r, emp, type, input.decision, today);
  const overdrawn = overdrawnYears(balances);
  if (overdrawn.length && type.overdraft === "REFUSE") {
    throw refusal("conflict", "approval.wouldOverdraw", {
      name: fullName(emp),
      year: overdrawn[0].year,
      remaining: overdrawn[0].remainingBefore,
      days: overdrawn[0].days,
    }, { reason: "insufficient_balance" });
  }
  return {
    r,
    emp,
    type,
    balances,
    next: resultingStatus(r.status, input.decision),
    exceeds: overdrawn.length > 0,
  };
}

/**
 * What a decision would do, without writing (contract: prepare_leave_decision): whose request, the days,
 * the remaining days before and after, and the resulting state.
 */
export async function previewLeaveDecision(deps: ServiceDeps, actor: Actor, input: LeaveDecisionInput) {
  const today = todayOf(deps);
  const p = await planDecision(deps.db, actor, input, today);
  const [view] = await renderRequests(deps.db, [p.r], {
    lang: actor.language,
    includeFreeText: false,
    today,
  });
  // Whether approving overdraws, whatever the decision previewed (a rejection changes no balance).
  const approve = input.decision === "APPROVE"
    ? p.balances
    : await decisionBalances(deps.db, p.r, p.emp, p.type, "APPROVE", today);
  return {
    employee: { employeeId: p.emp.id, name: fullName(p.emp) },
    request: { ...view, exceedsBalance: overdrawnYears(approve).length > 0 },
    decision: input.decision,
    resultingStatus: p.next as "APPROVED" | "REJECTED" | "CANCELLED",
    balances: p.balances,
    ...(input.note ? { note: input.note } : {}),
  };
}

/**
 * Decides a leave request in the caller's name (portal, and commit_leave_decision): approve or reject a
 * new request, or grant or refuse a cancellation. The requester is notified.
 */
export async function decideLeaveRequest(deps: ServiceDeps, actor: Actor, input: LeaveDecisionInput) {
  const today = todayOf(deps);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const p = await planDecision(tx, actor, input, today);
    const [row] = await tx.update(leaveRequests).set({
      status: p.next,
      decidedByUserId: actor.userId,
      decidedAt: now,
      decisionNote: input.note?.trim() || null,
      // An approval records what it did to the balance now (the filing's flag may be stale).
      ...(input.decision === "APPROVE" && p.r.status === "AWAITING_APPROVAL"
        ? { exceedsBalance: p.exceeds }
        : {}),
      updatedAt: now,
    }).where(and(eq(leaveRequests.id, p.r.id), eq(leaveRequests.status, p.r.status))).returning();
    if (!row) throw refusal("conflict", "approval.changedMeanwhile");
    await notify(tx, {
      recipientEmployeeId: p.r.employeeId,
      kind: "LEAVE_REQUEST_DECIDED",
      payload: {
        leaveRequestId: p.r.id,
        status: p.next,
        cancellation: p.r.status === "CANCELLATION_REQUESTED",
      },
      actor,
      now,
    });
    const [view] = await renderRequests(tx, [row], { lang: actor.language, includeFreeText: true, today });
    return view;
  });
}

/** People whose time weeks the caller decides: direct reports (HR: also those without a manager). */
async function timesheetScope(q: Q, actor: Actor, me: string) {
  const where = isHrOrAbove(actor.role)
    ? or(eq(employees.managerId, me), isNull(employees.managerId))!
    : eq(employees.managerId, me);
  return (await q.select().from(employees).where(where).limit(200)).filter((e) => e.id !== me);
}

/**
 * Submitted time weeks awaiting the caller: one item per person and week, oldest first, paged (at most 50),
 * with total and target hours.
 */
export async function listTimesheetApprovals(
  deps: ServiceDeps,
  actor: Actor,
  input: PageInput & { updatedSince?: number } = {},
) {
  const me = requireApprover(actor);
  if (input.updatedSince !== undefined) {
    return await changedTimesheetApprovals(deps, actor, me, { ...input, updatedSince: input.updatedSince });
  }
  const start = keysetStart(input, ["string", "string"]);
  const { page } = start;
  const people = await timesheetScope(deps.db, actor, me);
  if (!people.length) return await keysetPage(start, [], () => [], () => []);
  const byId = new Map(people.map((p) => [p.id, p]));
  const rows = await deps.db.selectDistinct({ employeeId: timeEntries.employeeId, date: timeEntries.date })
    .from(timeEntries).where(and(
      inArray(timeEntries.employeeId, [...byId.keys()]),
      eq(timeEntries.status, "SUBMITTED"),
    )).orderBy(asc(timeEntries.date)).limit(2000);
  const weeks: { employeeId: string; weekStart: string }[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const k = `${r.employeeId}|${mondayOf(r.date)}`;
    if (!seen.has(k)) {
      seen.add(k);
      weeks.push({ employeeId: r.employeeId, weekStart: mondayOf(r.date) });
    }
  }
  // Oldest week first, then person: a week submitted or decided between two pages moves none.
  weeks.sort((a, b) =>
    a.weekStart < b.weekStart ? -1 : a.weekStart > b.weekStart ? 1 : a.employeeId < b.employeeId ? -1 : 1
  );
  const key = start.key;
  const after = key
    ? weeks.filter((w) => w.weekStart > key[0] || (w.weekStart === key[0] && w.employeeId > key[1]))
    : weeks;
  const slice = after.slice(page.offset, page.offset + page.limit + 1);
  return await keysetPage(start, slice, (w) => [w.weekStart, w.employeeId], async (shown) => {
    const items = [];
    for (const w of shown) items.push(await timesheetItem(deps.db, byId.get(w.employeeId)!, w.weekStart));
    return items;
  });
}

/** A week's item id in the queue (what `deleted` names): the Monday and the person. */
function weekItemId(employeeId: string, weekStart: string): string {
  return `${weekStart}.${employeeId}`;
}

/** One queue item: the person's submitted entries of the week with its total and target hours. */
async function timesheetItem(q: Q, emp: EmployeeRow, weekStart: string) {
  const week = await weekOf(q, emp, weekStart);
  return {
    id: weekItemId(emp.id, weekStart),
    employee: { employeeId: emp.id, name: fullName(emp) },
    weekStart,
    totalHours: week.totalHours,
    targetHours: week.targetHours,
    submittedCount: week.submittedCount,
    entries: week.entries.filter((e) => e.status === "SUBMITTED"),
  };
}

/**
 * The caller's queue of weeks for an app's offline copy (`updatedSince`). A week changes when one of its
 * entries is written (submitted, corrected, decided); the weeks changed since that still hold submitted entries
 * are the items, oldest change first, and those that no longer do (approved, rejected, taken back to a draft)
 * are `deleted` at their last change, by the item's id. A week changed since that never awaited the caller may
 * be named too: the app drops an id it does not hold.
 */
async function changedTimesheetApprovals(
  deps: ServiceDeps,
  actor: Actor,
  me: string,
  input: PageInput & { updatedSince: number },
) {
  const page = pageOf(input);
  const { since, cursor } = syncStart(deps, input);
  const people = await timesheetScope(deps.db, actor, me);
  const byId = new Map(people.map((p) => [p.id, p]));
  const touched = people.length
    ? await deps.db.select({
      employeeId: timeEntries.employeeId,
      date: timeEntries.date,
      status: timeEntries.status,
      updatedAt: timeEntries.updatedAt,
    }).from(timeEntries).where(and(
      inArray(timeEntries.employeeId, [...byId.keys()]),
      or(gte(timeEntries.updatedAt, since), eq(timeEntries.status, "SUBMITTED")),
    ))
    : [];
  // Per week: its last change and whether it still awaits a decision.
  const weeks = new Map<
    string,
    { employeeId: string; weekStart: string; changed: number; waiting: boolean }
  >();
  for (const e of touched) {
    const weekStart = mondayOf(e.date);
    const id = weekItemId(e.employeeId, weekStart);
    const w = weeks.get(id) ?? { employeeId: e.employeeId, weekStart, changed: 0, waiting: false };
    w.changed = Math.max(w.changed, e.updatedAt);
    w.waiting ||= e.status === "SUBMITTED";
    weeks.set(id, w);
  }
  const changed = [...weeks.entries()].filter(([, w]) => w.changed >= since)
    .sort(([a, x], [b, y]) => x.changed - y.changed || byCharacters(a, b));
  const after = changed.filter(([id, w]) =>
    w.waiting && (!cursor || w.changed > cursor[0] || (w.changed === cursor[0] && id > cursor[1]))
  );
  return await syncPage(
    deps,
    { since, fromCursor: cursor !== null, page },
    after.slice(page.offset, page.offset + page.limit + 1),
    async (shown) => {
      const items = [];
      for (const [, w] of shown) {
        items.push(await timesheetItem(deps.db, byId.get(w.employeeId)!, w.weekStart));
      }
      return items;
    },
    ([id, w]) => [w.changed, id],
    () =>
      Promise.resolve(
        since === FULL_SYNC
          ? []
          : changed.filter(([, w]) => !w.waiting).map(([id, w]) => ({ id, deletedAt: w.changed })),
      ),
  );
}

/**
 * Approves or rejects a submitted week of one person: every SUBMITTED entry of the week becomes APPROVED,
 * or REJECTED with the note. Only for people in the caller's scope (404 otherwise); never one's own week.
 */
export async function decideTimesheet(
  deps: ServiceDeps,
  actor: Actor,
  input: { employeeId: string; weekStart: string; decision: "APPROVE" | "REJECT"; note?: string },
) {
  const me = requireApprover(actor);
  checkWeekStart(input.weekStart);
  checkTextLength(input.note, MAX_DECISION_NOTE, "note");
  if (input.employeeId === me) {
    throw refusal("forbidden", "approval.ownTime");
  }
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const [emp] = await tx.select().from(employees).where(eq(employees.id, input.employeeId)).limit(1);
    const inScope = emp && (emp.managerId === me || isHrOrAbove(actor.role));
    if (!emp || !inScope) throw refusal("not_found", "approval.noSuchWeek");
    const status: "APPROVED" | "REJECTED" = input.decision === "APPROVE" ? "APPROVED" : "REJECTED";
    const changed = await tx.update(timeEntries).set({
      status,
      rejectionNote: status === "REJECTED" ? input.note?.trim() || null : null,
      decidedByUserId: actor.userId,
      decidedAt: now,
      updatedAt: now,
    }).where(and(
      eq(timeEntries.employeeId, emp.id),
      gte(timeEntries.date, input.weekStart),
      lte(timeEntries.date, addDays(input.weekStart, 6)),
      eq(timeEntries.status, "SUBMITTED"),
    )).returning({ id: timeEntries.id });
    if (!changed.length) {
      throw refusal("conflict", "approval.weekNothingSubmitted", { week: input.weekStart });
    }
    await notify(tx, {
      recipientEmployeeId: emp.id,
      kind: "TIMESHEET_DECIDED",
      payload: { weekStart: input.weekStart, status, entries: changed.length },
      actor,
      now,
    });
    return { employeeId: emp.id, weekStart: input.weekStart, status, decided: changed.length };
  });
}

/** The longest range the team calendar shows at once. */
export const MAX_CALENDAR_DAYS = 62;

/**
 * The caller's team (direct reports) with their absences in a range (at most 62 days): approved and
 * pending leave, sickness without its reason, and the public holidays of each member's canton.
 */
export async function getTeamCalendar(
  deps: ServiceDeps,
  actor: Actor,
  input: { from?: string; to?: string } = {},
) {
  const me = requireApprover(actor);
  const today = todayOf(deps);
  const from = input.from ?? mondayOf(today);
  const to = input.to ?? addDays(from, 27);
  if (to < from) throw refusal("validation", "calendar.toBeforeFrom", {}, { field: "to" });
  if (daysBetween(from, to) + 1 > MAX_CALENDAR_DAYS) {
    throw refusal("validation", "approval.calendarTooLong", { max: MAX_CALENDAR_DAYS }, { field: "to" });
  }
  const found = await teamOf(deps.db, me);
  // Each member's canton of work as at the range's first day (a dated move, before or after today); the
  // holidays of every canton someone works in during the range are listed.
  const histories = new Map<string, CantonPeriod[]>();
  if (found.length) {
    for (
      const c of await deps.db.select().from(cantonChanges).where(
        inArray(cantonChanges.employeeId, found.map((t) => t.id)),
      ).limit(found.length * 50)
    ) {
      let list = histories.get(c.employeeId);
      if (!list) histories.set(c.employeeId, list = []);
      list.push({ validFrom: c.validFrom, canton: c.canton });
    }
  }
  const team = found.map((t) => ({ ...t, canton: cantonOn(t.canton, histories.get(t.id) ?? [], from) }));
  const cantons = [
    ...new Set(found.flatMap((t) => cantonsDuring(t.canton, histories.get(t.id) ?? [], from, to))),
  ].sort();
  const halfDays = await halfDaysIn(deps.db);
  return {
    from,
    to,
    members: team.map((t) => ({ employeeId: t.id, name: fullName(t), canton: t.canton })),
    absences: await absencesOf(deps.db, team, from, to),
    publicHolidays: cantons.map((c) => ({
      canton: c,
      days: [...holidayFractions(c, from, to, halfDays)].map(([date, portion]) => ({ date, portion })),
    })),
    ...await closuresAndSchoolHolidays(deps, actor, cantons, from, to),
  };
}

/**
 * The company closures that apply in any of the team's cantons, and those cantons' school holidays, within
 * `from`..`to`, named in the reader's language: what explains why many are away at once, or why nobody may be
 * (a closure that takes vacation is everyone's leave).
 */
async function closuresAndSchoolHolidays(
  deps: ServiceDeps,
  actor: Actor,
  cantons: readonly string[],
  from: string,
  to: string,
) {
  const closures = (await deps.db.select().from(closurePeriods).where(and(
    lte(closurePeriods.startDate, to),
    gte(closurePeriods.endDate, from),
  )).orderBy(asc(closurePeriods.startDate)).limit(50))
    .filter((c) => cantons.some((canton) => closureApplies(c, canton)))
    .map((c) => ({
      name: localName(c, actor.language),
      startDate: c.startDate,
      endDate: c.endDate,
      deductsLeave: c.deductsLeave,
      cantons: c.cantons ? c.cantons.split(",").filter(Boolean) : [],
    }));
  const school = cantons.length
    ? (await deps.db.select().from(schoolHolidays).where(and(
      inArray(schoolHolidays.canton, [...cantons]),
      lte(schoolHolidays.startDate, to),
      gte(schoolHolidays.endDate, from),
    )).orderBy(asc(schoolHolidays.startDate), asc(schoolHolidays.canton)).limit(100)).map((h) => ({
      canton: h.canton,
      name: localName(h, actor.language),
      startDate: h.startDate,
      endDate: h.endDate,
    }))
    : [];
  return { closures, schoolHolidays: school };
}

/**
 * Submitted absences and expense reports awaiting the caller (contract: list_pending_approvals): the first
 * page of leave decisions and up to 50 submitted expense reports routed to the caller.
 */
export async function listPendingApprovals(deps: ServiceDeps, actor: Actor, input: PageInput = {}) {
  const me = requireApprover(actor);
  const leave = await listLeaveApprovals(deps, actor, { ...input, includeFreeText: false });
  const expenses = await deps.db.select().from(expenseReports).where(and(
    eq(expenseReports.approverEmployeeId, me),
    eq(expenseReports.status, "SUBMITTED"),
  )).orderBy(asc(expenseReports.submittedAt)).limit(50);
  const people = await peopleByIds(deps.db, expenses.map((e) => e.employeeId));
  return {
    leaveRequests: leave,
    expenseReports: expenses.map((e) => ({
      id: e.id,
      employee: { employeeId: e.employeeId, name: fullName(people.get(e.employeeId)!) },
      title: e.title,
      totalAmount: e.totalAmount,
      currency: e.currency,
      submittedAt: e.submittedAt ? iso(e.submittedAt) : null,
    })),
  };
}

/** Profile change requests for HR, oldest pending first (or by status), paged. */
export async function listProfileChangeApprovals(
  deps: ServiceDeps,
  actor: Actor,
  input: PageInput & { status?: "PENDING" | "APPLIED" | "REJECTED" } = {},
) {
  requireHr(actor);
  const start = keysetStart(input, ["number", "number"]);
  const { page } = start;
  // Pending: the oldest first (the queue); decided ones: the newest first. Then the order of filing, so none
  // tie.
  const dir = input.status && input.status !== "PENDING" ? "desc" : "asc";
  const order = [profileChangeRequests.createdAt, sql`${profileChangeRequests}.rowid`];
  const found = await deps.db.select({
    request: profileChangeRequests,
    rowid: sql<number>`${profileChangeRequests}.rowid`.mapWith(Number),
  }).from(profileChangeRequests).where(and(
    eq(profileChangeRequests.status, input.status ?? "PENDING"),
    afterKey(order, start.key, dir),
  )).orderBy(...order.map((c) => dir === "asc" ? asc(c) : desc(c)))
    .limit(page.limit + 1).offset(page.offset);
  const rows = found.map((f) => ({ ...f.request, rowid: f.rowid }));
  return await keysetPage(start, rows, (r) => [r.createdAt, r.rowid], async (shown) => {
    const people = await peopleByIds(deps.db, shown.map((r) => r.employeeId));
    return shown.map((r) => ({
      ...changeRequestView(r),
      employee: { employeeId: r.employeeId, name: fullName(people.get(r.employeeId)!) },
    }));
  });
}

/**
 * HR applies or rejects a profile change request. Applying writes the requested value into the employee's
 * record (a SALARY request is a question: applying marks it answered). Never one's own request.
 */
export async function decideProfileChange(
  deps: ServiceDeps,
  actor: Actor,
  input: { id: string; decision: "APPLY" | "REJECT" },
) {
  const me = requireHr(actor);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const [r] = await tx.select().from(profileChangeRequests).where(eq(profileChangeRequests.id, input.id))
      .limit(1);
    if (!r) throw refusal("not_found", "approval.noSuchProfileChange");
    if (r.employeeId === me) {
      throw refusal("forbidden", "approval.ownProfileChange");
    }
    if (r.status !== "PENDING") {
      throw refusal(
        "conflict",
        r.status === "APPLIED" ? "approval.profileChangeApplied" : "approval.profileChangeRejected",
      );
    }
    const column = FIELD_COLUMN[r.field as ChangeField];
    if (input.decision === "APPLY" && column) {
      await tx.update(employees).set({ [column]: r.requestedValue, updatedAt: now }).where(
        eq(employees.id, r.employeeId),
      );
    }
    const [row] = await tx.update(profileChangeRequests).set({
      status: input.decision === "APPLY" ? "APPLIED" : "REJECTED",
      decidedByUserId: actor.userId,
      decidedAt: now,
    }).where(eq(profileChangeRequests.id, r.id)).returning();
    await notify(tx, {
      recipientEmployeeId: r.employeeId,
      kind: "PROFILE_CHANGE_DECIDED",
      payload: { changeRequestId: r.id, field: r.field, status: row.status },
      actor,
      now,
    });
    return changeRequestView(row);
  });
}

/**
 * Why a request's approver cannot act on it: no account, an account whose invitation was never taken up
 * (no password and no upstream sign-in yet), a deactivated account, or a role that decides nothing.
 */
export type StrandedReason = "NO_ACCOUNT" | "NOT_ACTIVATED" | "DEACTIVATED" | "NO_APPROVAL_RIGHT";

/** The longest list of waiting requests HR's inbox looks through for approvers who cannot act. */
const MAX_WAITING = 500;

/** Whether the account of an approver can decide now, and if not, why. */
function approverState(
  u: { active: boolean; passwordHash: string | null; role: string; signedIn: boolean } | null,
): StrandedReason | null {
  if (!u) return "NO_ACCOUNT";
  if (!u.active) return "DEACTIVATED";
  if (!u.passwordHash && !u.signedIn) return "NOT_ACTIVATED";
  if (!hasPermission(u.role as Actor["role"], "staff-absence:approve")) return "NO_APPROVAL_RIGHT";
  return null;
}

/** The account of each of these people (by employee id), as `approverState` reads it. */
async function accountsOf(q: Q, employeeIds: string[]) {
  const uniq = [...new Set(employeeIds)];
  if (!uniq.length) return new Map<string, Parameters<typeof approverState>[0]>();
  const rows = await q.select({
    employeeId: users.employeeId,
    active: users.active,
    passwordHash: users.passwordHash,
    role: users.role,
    lastSignInAt: users.lastSignInAt,
    identity: userIdentities.id,
  }).from(users).leftJoin(userIdentities, eq(userIdentities.userId, users.id))
    .where(inArray(users.employeeId, uniq)).limit(uniq.length * 4);
  return new Map(rows.map((r) => [r.employeeId!, {
    active: r.active,
    passwordHash: r.passwordHash,
    role: r.role,
    signedIn: r.identity !== null || r.lastSignInAt !== null,
  }]));
}

/**
 * Leave requests that wait for someone who cannot decide them (contract: HR sees every request whose
 * approver cannot act): routed to a person without an account, with an invitation never taken up, with a
 * deactivated account or a role that decides nothing. HR decides them as it decides its own, or routes them
 * to someone who can (`rerouteLeaveRequest`). Soonest start first; never the HR person's own request.
 */
export async function listStrandedLeaveRequests(deps: ServiceDeps, actor: Actor) {
  const me = requireHr(actor);
  const today = todayOf(deps);
  const waiting = await deps.db.select().from(leaveRequests).where(and(
    inArray(leaveRequests.status, DECIDABLE),
    isNotNull(leaveRequests.approverEmployeeId),
    me === null ? undefined : ne(leaveRequests.employeeId, me),
  )).orderBy(asc(leaveRequests.startDate), asc(leaveRequests.createdAt)).limit(MAX_WAITING);
  const accounts = await accountsOf(deps.db, waiting.map((r) => r.approverEmployeeId!));
  const approvers = await peopleByIds(deps.db, waiting.map((r) => r.approverEmployeeId!));
  const items = [];
  for (const r of waiting) {
    // An approver who is not HR's own colleague acting as HR: a request routed to the HR person reading is
    // theirs already, on the inbox's other list.
    if (r.approverEmployeeId === me) continue;
    const reason = approverState(accounts.get(r.approverEmployeeId!) ?? null);
    if (!reason) continue;
    const approver = approvers.get(r.approverEmployeeId!);
    items.push({
      ...await approvalItem(deps.db, actor, r, today),
      approver: {
        employeeId: r.approverEmployeeId!,
        name: approver ? fullName(approver) : "",
        personnelNumber: approver?.personnelNumber ?? "",
        reason,
      },
    });
    if (items.length >= 50) break;
  }
  return items;
}

/**
 * HR routes a waiting leave request to another approver, who is told as of a new request: someone other than
 * the requester whose account can decide now (active, signed in at least once or with a password, a role that
 * approves). The request keeps its days and its state.
 */
export async function rerouteLeaveRequest(
  deps: ServiceDeps,
  actor: Actor,
  input: { id: string; approverPersonnelNumber: string },
) {
  const me = requireHr(actor);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const [r] = await tx.select().from(leaveRequests).where(eq(leaveRequests.id, input.id)).limit(1);
    if (!r) throw refusal("not_found", "approval.noSuchRequest");
    if (r.employeeId === me) throw refusal("forbidden", "approval.ownRequest");
    if (!DECIDABLE.includes(r.status)) {
      throw refusal("conflict", "approval.nothingToDecide", { status: { id: statusText(r.status) } });
    }
    const pn = input.approverPersonnelNumber.trim();
    const [to] = pn
      ? await tx.select().from(employees).where(eq(employees.personnelNumber, pn)).limit(1)
      : [];
    if (!to) throw refusal("validation", "approval.rerouteUnknown", { number: pn }, { field: "approver" });
    if (to.id === r.employeeId) {
      throw refusal("validation", "approval.rerouteToRequester", {}, { field: "approver" });
    }
    const reason = approverState((await accountsOf(tx, [to.id])).get(to.id) ?? null);
    if (reason) {
      throw refusal("validation", `approval.rerouteCannotAct.${reason}`, { name: fullName(to) }, {
        field: "approver",
      });
    }
    const [row] = await tx.update(leaveRequests).set({ approverEmployeeId: to.id, updatedAt: now }).where(
      and(eq(leaveRequests.id, r.id), eq(leaveRequests.status, r.status)),
    ).returning();
    if (!row) throw refusal("conflict", "approval.changedMeanwhile");
    // The approver it leaves drops it from their app's copy of the queue at their next sync.
    if (r.approverEmployeeId && r.approverEmployeeId !== to.id) {
      await recordRemoved(tx, {
        employeeId: r.approverEmployeeId,
        list: "LEAVE_APPROVAL",
        rowIds: [r.id],
        now,
      });
    }
    await notify(tx, {
      recipientEmployeeId: to.id,
      kind: r.status === "CANCELLATION_REQUESTED" ? "LEAVE_CANCELLATION_REQUESTED" : "LEAVE_REQUEST_FILED",
      payload: { leaveRequestId: r.id, employeeId: r.employeeId },
      actor,
      now,
    });
    return { id: r.id, approver: { employeeId: to.id, name: fullName(to) } };
  });
}

/**
 * Everyone who could decide a leave request now, by last then first name: people whose account is active,
 * taken up and of a role that approves (what `rerouteLeaveRequest` accepts), for HR's choice.
 */
export async function listPossibleApprovers(deps: ServiceDeps, actor: Actor) {
  requireHr(actor);
  const rows = await deps.db.select({
    id: employees.id,
    pn: employees.personnelNumber,
    first: employees.firstName,
    last: employees.lastName,
  }).from(employees).innerJoin(users, eq(users.employeeId, employees.id))
    .where(and(eq(users.active, true), inArray(users.role, ["manager", "hr", "admin"])))
    .orderBy(asc(employees.lastName), asc(employees.firstName)).limit(MAX_WAITING);
  const accounts = await accountsOf(deps.db, rows.map((r) => r.id));
  return rows.filter((r) => approverState(accounts.get(r.id) ?? null) === null).map((r) => ({
    pn: r.pn,
    first: r.first,
    last: r.last,
  }));
}
