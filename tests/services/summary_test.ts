/**
 * The summary reads everything it shows in one statement; these tests hold it to the areas' own answers:
 * for every demo employee, on dates that cross a year, a closure, a carry-over expiry and a week that
 * spans New Year, the summary's vacation equals the leave area's balance, its week equals the time
 * area's week, and its to-dos equal what the tables hold.
 */
import assert from "node:assert/strict";
import { FixedClock } from "../../src/clock.ts";
import { getEmployeeSummary, reuseSummaries, SUMMARY_TABLES } from "../../src/services/summary.ts";
import { getLeaveBalances } from "../../src/services/leave.ts";
import { acknowledgePolicy, listPolicies } from "../../src/services/my_documents.ts";
import { createTimeEntry, getWeekOverview } from "../../src/services/time.ts";
import { mondayOf } from "../../src/domain/calendar.ts";
import type { Actor } from "../../src/services/actor.ts";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { actorFor, addEmployee } from "./_fixtures.ts";
import {
  closurePeriods,
  closureWorkThrough,
  feedbackDrafts,
  leaveEntitlements,
  leaveRequests,
  leaveTypes,
  sickLeaveEntries,
  timeEntries,
  workloadChanges,
} from "../../src/db/schema/mod.ts";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../src/db/client.ts";
import { writerOf } from "../../src/mcp/writer.ts";

/** Compares the summary with the leave and time areas for one employee on one instant. */
async function compare(t: TestApp, employeeId: string, now: string) {
  const deps = { ...t.deps, clock: new FixedClock(now) };
  const actor: Actor = { userId: "test", role: "employee", language: "en", employeeId, channel: "PORTAL" };
  const s = await getEmployeeSummary(deps, actor);
  const vacation = (await getLeaveBalances(deps, actor)).balances.find((b) =>
    b.leaveType.code === "VACATION"
  )!;
  const week = await getWeekOverview(deps, actor, { weekStart: mondayOf(now.slice(0, 10)) });
  return { s, vacation, week };
}

const DATES = [
  "2026-11-18T09:00:00Z", // the demo's day
  "2026-12-31T09:00:00Z", // the week of 28 December 2026 runs into 2027
  "2027-01-02T09:00:00Z", // a new leave year with no entitlement created yet
  "2026-12-24T09:00:00Z", // inside the year-end closure, a half-day holiday
  "2026-03-31T09:00:00Z", // the carry-over's last day
  "2026-04-06T09:00:00Z", // Easter Monday week
];

Deno.test("summary: for every employee and date it equals the leave balance, the week and the to-dos", async () => {
  const t = await makeTestApp();
  try {
    const people = (await t.deps.database.client.execute("SELECT id FROM employees ORDER BY id")).rows;
    assert.ok(people.length >= 40);
    let withLeave = 0;
    let withWeek = 0;
    for (const now of DATES) {
      const deps = { ...t.deps, clock: new FixedClock(now) };
      for (const p of people) {
        const actor: Actor = {
          userId: "test",
          role: "employee",
          language: "en",
          employeeId: String(p.id),
          channel: "PORTAL",
        };
        const s = await getEmployeeSummary(deps, actor);
        const balances = await getLeaveBalances(deps, actor);
        const vacation = balances.balances.find((b) => b.leaveType.code === "VACATION")!;
        if (s.leave) {
          withLeave++;
          assert.deepEqual(s.leave, {
            year: vacation.year,
            remaining: vacation.remaining,
            entitlement: vacation.available,
            used: vacation.used,
            planned: vacation.planned,
          }, `${p.id} on ${now}`);
        }
        const week = await getWeekOverview(deps, actor, { weekStart: mondayOf(now.slice(0, 10)) });
        if (s.timesheet) {
          withWeek++;
          assert.deepEqual(s.timesheet, {
            weekStart: week.weekStart,
            totalHours: week.totalHours,
            targetHours: week.targetHours,
            draftCount: week.draftCount,
          }, `${p.id} on ${now}`);
        } else {
          assert.equal(week.entries.length, 0, `${p.id} on ${now}: a week with entries needs a timesheet`);
        }
        const todo = s.todos;
        if (now === DATES[0]) {
          // Each policy waiting to be read is a to-do of its own (the to-dos screen lists each).
          const toRead = (await listPolicies(deps, actor)).items.filter((x) => !x.acknowledgementCurrent);
          assert.equal(
            todo.total,
            todo.feedbackDrafts + todo.surveyInvitations + (todo.onboardingOpen ? 1 : 0) +
              (todo.documentsMissing ? 1 : 0) + toRead.length,
            `${p.id} on ${now}`,
          );
        }
      }
    }
    // The comparison covered real balances and weeks, not only empty summaries (only people who record
    // time have a week).
    assert.ok(withLeave > 100, `only ${withLeave} summaries showed vacation`);
    assert.ok(withWeek >= 30, `only ${withWeek} summaries showed a week`);
  } finally {
    t.close();
  }
});

/** Rows the demo's story does not have, each one a condition the summary's statement must get right. */
async function edgeRows(t: TestApp): Promise<string> {
  const id = await addEmployee(t, { canton: "BE", weekdays: [1, 2, 3, 4], workload: 80, weeklyHours: 40 });
  const now = t.clock.now();
  const [vac] = await t.deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, "VACATION"));
  const [unpaid] = await t.deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, "UNPAID"));
  await t.deps.db.insert(leaveEntitlements).values({
    employeeId: id,
    leaveTypeId: vac.id,
    year: 2026,
    baseDays: 25,
    carryOverDays: 3,
    carryOverExpiresOn: "2026-03-31",
    adjustmentDays: 1.5,
  });
  await t.deps.db.insert(workloadChanges).values([
    { employeeId: id, validFrom: "2026-07-01", workloadPercent: 60 },
    { employeeId: id, validFrom: "2026-11-17", workloadPercent: 90 },
    { employeeId: id, validFrom: "2027-01-01", workloadPercent: 100 },
  ]);
  const leave = (
    startDate: string,
    endDate: string,
    status: string,
    more: Partial<typeof leaveRequests.$inferInsert> = {},
  ) => ({
    employeeId: id,
    leaveTypeId: vac.id,
    startDate,
    endDate,
    days: 1,
    daysByYear: JSON.stringify({ [startDate.slice(0, 4)]: 1 }),
    status,
    createdAt: now,
    updatedAt: now,
    ...more,
  });
  await t.deps.db.insert(leaveRequests).values([
    leave("2026-11-16", "2026-11-16", "APPROVED", { startPortion: "AFTERNOON" }),
    leave("2026-11-17", "2026-11-17", "AWAITING_APPROVAL"),
    leave("2026-11-18", "2026-11-18", "WITHDRAWN"),
    leave("2026-11-19", "2026-11-19", "CANCELLATION_REQUESTED", { endPortion: "MORNING" }),
    leave("2026-11-12", "2026-11-12", "REJECTED"),
    leave("2026-12-30", "2027-01-05", "APPROVED", {
      days: 3,
      daysByYear: JSON.stringify({ "2026": 1, "2027": 2 }),
    }),
    leave("2026-11-13", "2026-11-13", "APPROVED", { leaveTypeId: unpaid.id }),
  ]);
  await t.deps.db.insert(sickLeaveEntries).values([
    { employeeId: id, startDate: "2026-11-10", endDate: "2026-11-16", createdAt: now, updatedAt: now },
    {
      employeeId: id,
      startDate: "2026-11-17",
      endDate: "2026-11-17",
      withdrawnAt: now,
      createdAt: now,
      updatedAt: now,
    },
    { employeeId: id, startDate: "2026-11-01", endDate: "2026-11-05", createdAt: now, updatedAt: now },
    {
      employeeId: id,
      startDate: "2026-12-31",
      endDate: null,
      isOngoing: true,
      createdAt: now,
      updatedAt: now,
    },
  ]);
  const closure = (startDate: string, endDate: string, cantons: string | null, deductsLeave = true) => ({
    nameDe: "Test",
    nameEn: "Test",
    nameFr: "Test",
    startDate,
    endDate,
    cantons,
    deductsLeave,
    createdAt: now,
  });
  const [applies, , onTop] = await t.deps.db.insert(closurePeriods).values([
    closure("2026-11-18", "2026-11-19", "VD, BE"),
    closure("2026-11-16", "2026-11-18", "ZH"),
    closure("2026-12-28", "2027-01-04", null, false),
  ]).returning();
  await t.deps.db.insert(closureWorkThrough).values([
    { closureId: applies.id, employeeId: id, date: "2026-11-18", status: "APPROVED", createdAt: now },
    { closureId: applies.id, employeeId: id, date: "2026-11-19", status: "REQUESTED", createdAt: now },
    { closureId: onTop.id, employeeId: id, date: "2027-01-04", status: "APPROVED", createdAt: now },
  ]);
  const entry = (date: string, totalHours: number, status: string) => ({
    employeeId: id,
    date,
    totalHours,
    status,
    createdAt: now,
    updatedAt: now,
  });
  await t.deps.db.insert(timeEntries).values([
    entry("2026-11-16", 4.25, "APPROVED"),
    entry("2026-11-17", 8, "DRAFT"),
    entry("2026-11-17", 1.5, "REJECTED"),
    entry("2026-11-18", 7.75, "SUBMITTED"),
    entry("2026-12-28", 6, "DRAFT"),
    entry("2027-01-04", 2, "DRAFT"),
  ]);
  return id;
}

Deno.test("summary: pending, withdrawn, rejected and other-type leave, sick leave, closures and workload changes", async () => {
  const t = await makeTestApp();
  try {
    const id = await edgeRows(t);
    for (
      const now of [
        "2026-11-18T09:00:00Z",
        "2026-11-22T20:00:00Z",
        "2026-12-31T09:00:00Z",
        "2027-01-04T09:00:00Z",
      ]
    ) {
      const { s, vacation, week } = await compare(t, id, now);
      assert.ok(s.leave && s.timesheet, now);
      assert.deepEqual(s.leave, {
        year: vacation.year,
        remaining: vacation.remaining,
        entitlement: vacation.available,
        used: vacation.used,
        planned: vacation.planned,
      }, now);
      assert.deepEqual(s.timesheet, {
        weekStart: week.weekStart,
        totalHours: week.totalHours,
        targetHours: week.targetHours,
        draftCount: week.draftCount,
      }, now);
    }
    // The week of 16 November holds every kind of absence: its target is reduced, and by the right amount.
    const { s } = await compare(t, id, "2026-11-18T09:00:00Z");
    assert.equal(s.timesheet!.totalHours, 20);
    assert.equal(s.timesheet!.draftCount, 1);
    assert.ok(s.timesheet!.targetHours < 40 * 0.9, `target ${s.timesheet!.targetHours}`);
  } finally {
    t.close();
  }
});

Deno.test("summary: the to-do count holds the policies waiting to be read, one each, and drops as each is acknowledged", async () => {
  const t = await makeTestApp();
  try {
    const actor = await actorFor(t, "employee@demo.example");
    const waiting = (await listPolicies(t.deps, actor)).items.filter((x) => !x.acknowledgementCurrent);
    assert.ok(waiting.length >= 2, "the demo employee has policies to read");
    const before = await getEmployeeSummary(t.deps, actor);
    const others = before.todos.feedbackDrafts + before.todos.surveyInvitations +
      (before.todos.onboardingOpen ? 1 : 0) + (before.todos.documentsMissing ? 1 : 0);
    assert.equal(before.todos.total, others + waiting.length);
    await acknowledgePolicy(t.deps, actor, waiting[0].slug);
    assert.equal((await getEmployeeSummary(t.deps, actor)).todos.total, others + waiting.length - 1);
    // A policy for managers only is no employee's to-do.
    const manager = await actorFor(t, "manager@demo.example");
    const managerWaiting = (await listPolicies(t.deps, manager)).items.filter((x) =>
      !x.acknowledgementCurrent
    );
    const m = await getEmployeeSummary(t.deps, manager);
    assert.equal(
      m.todos.total,
      m.todos.feedbackDrafts + m.todos.surveyInvitations + (m.todos.onboardingOpen ? 1 : 0) +
        (m.todos.documentsMissing ? 1 : 0) + managerWaiting.length,
    );
  } finally {
    t.close();
  }
});

Deno.test("summary: one is served again only while no data changed, and equals a fresh computation", async () => {
  const t = await makeTestApp();
  const other = await openDatabase(`file:${t.dbPath}`);
  try {
    const actor = await actorFor(t, "employee@demo.example");
    const client = t.deps.db.$client;
    /** The summary as computed afresh, reuse off for this one call. */
    const fresh = async (deps = t.deps) => {
      reuseSummaries(client, false);
      try {
        return await getEmployeeSummary(deps, actor);
      } finally {
        reuseSummaries(client, true);
      }
    };
    const first = await getEmployeeSummary(t.deps, actor);
    assert.ok(first.leave && first.timesheet, "the demo employee has vacation and a week");
    // Nothing changed: the same summary again, equal to a fresh computation, and frozen for every reader.
    assert.equal(await getEmployeeSummary(t.deps, actor), first);
    assert.deepEqual(await fresh(), first);
    assert.notEqual(await fresh(), first);
    assert.throws(() => {
      (first.todos as { total: number }).total = 99;
    }, TypeError);
    // Writes to tables the summary does not read (rate counters, a sign-in's last use) keep it.
    await writerOf(t.deps).run({
      sql: "INSERT INTO rate_counters (key, window_start, count) VALUES (?, ?, 1)",
      args: ["test", 0],
    });
    await t.deps.database.client.execute({
      sql: "UPDATE sessions SET last_used_at = ?",
      args: [t.clock.now()],
    });
    assert.equal(await getEmployeeSummary(t.deps, actor), first);

    // A time entry recorded through the service (its own transaction): the week shows it at once.
    await createTimeEntry(t.deps, actor, { date: "2026-11-17", startTime: "18:00", endTime: "20:00" });
    const afterEntry = await getEmployeeSummary(t.deps, actor);
    assert.equal(afterEntry.timesheet!.totalHours, first.timesheet!.totalHours + 2);
    assert.equal(afterEntry.timesheet!.draftCount, first.timesheet!.draftCount + 1);
    assert.deepEqual(afterEntry, await fresh());

    // A row written on this client's shared connection (no transaction): the to-do shows at once.
    const draft = { authorEmployeeId: actor.employeeId!, cycle: "2026", updatedAt: t.clock.now() };
    await t.deps.db.insert(feedbackDrafts).values(draft);
    const afterDraft = await getEmployeeSummary(t.deps, actor);
    assert.equal(afterDraft.todos.feedbackDrafts, afterEntry.todos.feedbackDrafts + 1);
    assert.deepEqual(afterDraft, await fresh());

    // A row written by another client of the file (another process): the to-do shows at once.
    await other.db.insert(feedbackDrafts).values(draft);
    const afterOther = await getEmployeeSummary(t.deps, actor);
    assert.equal(afterOther.todos.feedbackDrafts, afterDraft.todos.feedbackDrafts + 1);
    assert.deepEqual(afterOther, await fresh());

    // Another day is another summary.
    const tomorrow = { ...t.deps, clock: new FixedClock("2026-11-19T09:00:00Z") };
    const nextDay = await getEmployeeSummary(tomorrow, actor);
    assert.notEqual(nextDay, afterOther);
    assert.deepEqual(nextDay, await fresh(tomorrow));
    assert.equal(await getEmployeeSummary(t.deps, actor), afterOther);
  } finally {
    other.close();
    t.close();
  }
});

Deno.test("summary: SUMMARY_TABLES names every table the statement reads and every table that cascades into one", async () => {
  assert.deepEqual([...SUMMARY_TABLES].sort(), [
    "canton_changes",
    "closure_periods",
    "closure_work_through",
    "document_acknowledgements",
    "document_translations",
    "documents",
    "employees",
    "feedback_drafts",
    "leave_adjustments",
    "leave_entitlements",
    "leave_requests",
    "leave_types",
    "onboarding_plans",
    "pay_dates",
    "payslips",
    "required_documents",
    "sick_leave_entries",
    "survey_invitations",
    "time_entries",
    "workload_changes",
  ]);
  const t = await makeTestApp();
  try {
    const c = t.deps.database.client;
    for (const table of SUMMARY_TABLES) {
      const keys = (await c.execute(`PRAGMA foreign_key_list(${table})`)).rows;
      assert.ok(
        keys.length || table === "leave_types" || table === "pay_dates" || table === "closure_periods" ||
          table === "documents",
      );
      for (const k of keys) {
        const acts = [String(k.on_delete), String(k.on_update)].some((a) =>
          a !== "NO ACTION" && a !== "RESTRICT"
        );
        if (acts) assert.ok(SUMMARY_TABLES.includes(String(k.table)), `${k.table} cascades into ${table}`);
      }
    }
    // Triggers would change tables no statement names.
    assert.equal(
      (await c.execute("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger'")).rows[0].n,
      0,
    );
  } finally {
    t.close();
  }
});
