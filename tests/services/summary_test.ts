/**
 * The summary reads everything it shows in one statement; these tests hold it to the areas' own answers:
 * for every demo employee, on dates that cross a year, a closure, a carry-over expiry and a week that
 * spans New Year, the summary's vacation equals the leave area's balance, its week equals the time
 * area's week, and its to-dos equal what the tables hold.
 */
import assert from "node:assert/strict";
import { FixedClock } from "../../src/clock.ts";
import { getEmployeeSummary } from "../../src/services/summary.ts";
import { getLeaveBalances } from "../../src/services/leave.ts";
import { getWeekOverview } from "../../src/services/time.ts";
import { mondayOf } from "../../src/domain/calendar.ts";
import type { Actor } from "../../src/services/actor.ts";
import { makeTestApp } from "../_helpers.ts";

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
        assert.equal(
          todo.total,
          todo.feedbackDrafts + todo.surveyInvitations + (todo.onboardingOpen ? 1 : 0) +
            (todo.documentsMissing ? 1 : 0),
        );
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
