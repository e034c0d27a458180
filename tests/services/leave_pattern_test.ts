/**
 * Leave by the work pattern in force on each day: after a change from Monday–Friday to Monday–Wednesday a
 * week costs 3 of the person's days, before it 5, in the preview, the filing and the balance alike; a change
 * recorded after requests were filed computes their days again and tells the person and the approver. A week
 * off is a week of the person's own days (OR Art. 329a counts vacation in weeks; docs/leave.md). Today is
 * 2026-11-18 (the test clock); no public holidays in BE in the weeks used.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { addAccount, addEmployee } from "../_people.ts";
import { closurePeriods, employees, leaveRequests, notifications } from "../../src/db/schema/mod.ts";
import { getClosurePeriods } from "../../src/services/holidays.ts";
import { fileLeaveRequest, getLeaveBalances, previewLeaveRequest } from "../../src/services/leave.ts";
import { changeWorkload } from "../../src/services/workload_changes.ts";

type App = Awaited<ReturnType<typeof makeTestApp>>;
type Account = Awaited<ReturnType<typeof addAccount>>;

/** Runs a test on the demo app with a person employed since 2020 on Monday–Friday who has an account. */
async function withPerson(test: (t: App, id: string, me: Account) => Promise<void>): Promise<void> {
  const t = await makeTestApp();
  try {
    const id = await addEmployee(t, { employmentStart: "2020-01-01" });
    await test(t, id, await addAccount(t, id));
  } finally {
    t.close();
  }
}

/** Records a change of the person's workload and working weekdays from a date on. */
async function changePattern(t: App, id: string, validFrom: string, workloadPercent: number, days: number[]) {
  const [e] = await t.deps.db.select().from(employees).where(eq(employees.id, id));
  return await changeWorkload(t.deps, {
    personnelNumber: e.personnelNumber,
    validFrom,
    workloadPercent,
    workingWeekdays: days,
  });
}

/** A vacation request of whole days from one date to another. */
function vacation(startDate: string, endDate: string) {
  return { leaveType: "VACATION", startDate, endDate };
}

/** The person's vacation balance of a year. */
async function vacationBalance(t: App, me: Account, year: number) {
  return (await getLeaveBalances(t.deps, me, { year })).balances.find((b) =>
    b.leaveType.code === "VACATION"
  )!;
}

Deno.test("leave pattern: a week after a recorded change costs 3, a week before it 5", () =>
  withPerson(async (t, id, me) => {
    await changePattern(t, id, "2027-07-01", 60, [1, 2, 3]);
    const week = async (startDate: string, endDate: string) =>
      (await previewLeaveRequest(t.deps, me, { leaveType: "VACATION", startDate, endDate })).days;
    assert.equal(await week("2027-07-05", "2027-07-09"), 3, "after the change: Monday–Wednesday");
    assert.equal(await week("2027-06-21", "2027-06-25"), 5, "before it: Monday–Friday");
    const filed = await fileLeaveRequest(t.deps, me, vacation("2027-07-05", "2027-07-09"));
    assert.equal(filed.days, 3);
    assert.equal((await vacationBalance(t, me, 2027)).pending, 3);
  }));

Deno.test("leave pattern: a week before a past change still costs 5 though today's pattern is Monday–Wednesday", () =>
  withPerson(async (t, id, me) => {
    await changePattern(t, id, "2026-11-02", 60, [1, 2, 3]);
    const [e] = await t.deps.db.select().from(employees).where(eq(employees.id, id));
    assert.equal(e.workingWeekdays, "1,2,3", "the change is in force today");
    const preview = await previewLeaveRequest(t.deps, me, vacation("2026-10-26", "2026-10-30"));
    assert.equal(preview.days, 5);
  }));

Deno.test("leave pattern: a change recorded after filing computes the days again and tells the person and the approver", () =>
  withPerson(async (t, id, me) => {
    const filed = await fileLeaveRequest(t.deps, me, vacation("2027-07-05", "2027-07-09"));
    assert.equal(filed.days, 5);
    const before = await fileLeaveRequest(t.deps, me, vacation("2027-06-21", "2027-06-25"));
    const changed = await changePattern(t, id, "2027-07-01", 60, [1, 2, 3]);
    assert.deepEqual(changed.recalculated.map((r) => [r.requestId, r.before, r.after]), [[filed.id, 5, 3]]);
    const [row] = await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, filed.id));
    assert.equal(row.days, 3);
    assert.deepEqual(JSON.parse(row.daysByYear), { "2027": 3 });
    const [untouched] = await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, before.id));
    assert.equal(untouched.days, 5, "the week before the change keeps its 5");

    const told = await t.deps.db.select().from(notifications).where(
      eq(notifications.kind, "LEAVE_REQUEST_RECALCULATED"),
    );
    const recipients = told.filter((n) => JSON.parse(n.payload).leaveRequestId === filed.id)
      .map((n) => n.recipientEmployeeId).sort();
    assert.deepEqual(recipients, [id, row.approverEmployeeId!].sort(), "the person and the approver");
    const payload = JSON.parse(told.find((n) => n.recipientEmployeeId === id)!.payload);
    assert.equal(payload.days, 3);
    assert.equal(payload.previousDays, 5);
    assert.equal((await vacationBalance(t, me, 2027)).pending, 8);
    assert.equal(
      (await t.deps.db.select().from(notifications).where(and(
        eq(notifications.recipientEmployeeId, id),
        eq(notifications.kind, "LEAVE_REQUEST_RECALCULATED"),
      ))).length,
      1,
    );
  }));

Deno.test("leave pattern: a deducting closure day costs by the pattern in force on it, in the closures view and the balance", () =>
  withPerson(async (t, id, me) => {
    await changePattern(t, id, "2027-07-01", 60, [1, 2, 3]);
    for (const date of ["2027-06-24", "2027-07-08"]) {
      await t.deps.db.insert(closurePeriods).values({
        startDate: date,
        endDate: date,
        nameDe: "Brückentag",
        nameEn: "Bridge day",
        nameFr: "Pont",
        deductsLeave: true,
        createdAt: t.clock.now(),
      });
    }
    const view = await getClosurePeriods(t.deps, me, { year: 2027 });
    const cost = new Map(view.closures.map((c) => [c.startDate, c.vacationDaysCharged]));
    assert.equal(cost.get("2027-06-24"), 1, "Thursday under Monday–Friday");
    assert.equal(cost.get("2027-07-08"), 0, "Thursday under Monday–Wednesday");
    assert.equal((await vacationBalance(t, me, 2027)).closureDays, 1);
  }));
