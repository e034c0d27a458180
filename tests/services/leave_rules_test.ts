/**
 * Leave rules through the service (the same functions the portal and the connector call): days deducted
 * with cantonal holidays, half days, closures and year boundaries; refusals; balances pro rata with
 * carry-over expiry; approver choice and the notification that marks requests filed through an assistant.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import {
  closurePeriods,
  closureWorkThrough,
  leaveRequests,
  notifications,
  workloadChanges,
} from "../../src/db/schema/mod.ts";
import type { Actor } from "../../src/services/actor.ts";
import {
  fileLeaveRequest,
  getLeaveBalances,
  listLeaveRequests,
  previewLeaveRequest,
  requestLeaveCancellation,
  withdrawLeaveRequest,
} from "../../src/services/leave.ts";
import { decideLeaveRequest } from "../../src/services/approvals.ts";
import { actorFor, addAccount, addEmployee, MANAGER_ID, P, refuses, setEntitlement } from "./_fixtures.ts";

async function person(t: TestApp, opts: Parameters<typeof addEmployee>[1] = {}): Promise<Actor> {
  return await addAccount(t, await addEmployee(t, opts));
}

Deno.test("leave: days deducted per canton, with Easter, cantonal holidays, leap days, half days and New Year", async (t) => {
  const app = await makeTestApp();
  try {
    const who = {
      BE: await person(app, { canton: "BE" }),
      ZH: await person(app, { canton: "ZH" }),
      VD: await person(app, { canton: "VD" }),
      MonWed: await person(app, { canton: "BE", weekdays: [1, 2, 3], workload: 60 }),
    };
    type Who = keyof typeof who;
    const cases: {
      name: string;
      start: string;
      end: string;
      sp?: "FULL" | "AFTERNOON";
      ep?: "FULL" | "MORNING";
      days: Partial<Record<Who, number>>;
      byYear?: Record<string, number>;
    }[] = [
      {
        name: "Easter 2027: two weeks less Good Friday and Easter Monday everywhere",
        start: "2027-03-22",
        end: "2027-04-02",
        days: { BE: 8, ZH: 8, VD: 8 },
      },
      {
        name: "Easter 2028 moves with the moon (14 and 17 April)",
        start: "2028-04-10",
        end: "2028-04-21",
        days: { BE: 8, ZH: 8, VD: 8 },
      },
      {
        name: "Berchtoldstag 2029: off in BE and VD, not in ZH",
        start: "2029-01-01",
        end: "2029-01-05",
        days: { BE: 3, ZH: 4, VD: 3 },
      },
      {
        name: "Labour Day 2028: off in ZH only",
        start: "2028-05-01",
        end: "2028-05-05",
        days: { BE: 5, ZH: 4, VD: 5 },
      },
      {
        name: "Lundi du Jeûne 2027: off in VD only",
        start: "2027-09-20",
        end: "2027-09-24",
        days: { BE: 5, ZH: 5, VD: 4 },
      },
      {
        name: "Stephanstag 2028: off in BE and ZH, not in VD",
        start: "2028-12-26",
        end: "2028-12-29",
        days: { BE: 3, ZH: 3, VD: 4 },
      },
      {
        name: "Ascension Thursday and the bridge Friday",
        start: "2027-05-06",
        end: "2027-05-07",
        days: { BE: 1, ZH: 1, VD: 1 },
      },
      {
        name: "leap week 2028 counts 29 February",
        start: "2028-02-28",
        end: "2028-03-03",
        days: { BE: 5, MonWed: 3 },
      },
      { name: "29 February 2028 alone", start: "2028-02-29", end: "2028-02-29", days: { BE: 1, ZH: 1 } },
      {
        name: "over New Year: two leave years, 31 December afternoon is a holiday",
        start: "2027-12-27",
        end: "2028-01-07",
        days: { BE: 9.5, ZH: 9.5, VD: 9.5 },
        byYear: { "2027": 4.5, "2028": 5 },
      },
      {
        name: "24 December (half-day holiday) as a full day costs half",
        start: "2027-12-24",
        end: "2027-12-24",
        days: { BE: 0.5, VD: 0.5 },
      },
      {
        name: "24 December morning only costs half",
        start: "2027-12-24",
        end: "2027-12-24",
        ep: "MORNING",
        days: { BE: 0.5 },
      },
      {
        name: "half days at both ends",
        start: "2027-06-09",
        end: "2027-06-11",
        sp: "AFTERNOON",
        ep: "MORNING",
        days: { BE: 2, ZH: 2 },
      },
      { name: "one afternoon", start: "2027-06-09", end: "2027-06-09", sp: "AFTERNOON", days: { BE: 0.5 } },
      {
        name: "part time Mon–Wed: only working weekdays count",
        start: "2027-06-07",
        end: "2027-06-13",
        days: { MonWed: 3, BE: 5 },
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        for (const [w, days] of Object.entries(c.days) as [Who, number][]) {
          const p = await previewLeaveRequest(app.deps, who[w], {
            leaveType: "VACATION",
            startDate: c.start,
            endDate: c.end,
            startPortion: c.sp,
            endPortion: c.ep,
          });
          assert.equal(p.days, days, `${w}: ${c.start}..${c.end}`);
          if (c.byYear) assert.deepEqual(p.daysByYear, c.byYear);
          else assert.deepEqual(p.daysByYear, { [c.start.slice(0, 4)]: days });
        }
      });
    }
  } finally {
    app.close();
  }
});

Deno.test("leave: company closure days cost nothing in a request, unless approved to work through", async () => {
  const t = await makeTestApp();
  try {
    const a = await person(t);
    const b = await person(t);
    const [closure] = await t.deps.db.select().from(closurePeriods);
    assert.equal(closure.startDate, "2026-12-24");
    await t.deps.db.insert(closureWorkThrough).values({
      closureId: closure.id,
      employeeId: b.employeeId!,
      date: "2026-12-28",
      status: "APPROVED",
      createdAt: t.clock.now(),
    });
    const input = { leaveType: "VACATION", startDate: "2026-12-21", endDate: "2027-01-08" };
    const pa = await previewLeaveRequest(t.deps, a, input);
    assert.deepEqual(pa.daysByYear, { "2026": 3, "2027": 5 });
    assert.equal(pa.closureDaysInRange, 10);
    const pb = await previewLeaveRequest(t.deps, b, input);
    assert.deepEqual(pb.daysByYear, { "2026": 4, "2027": 5 }, "the work-through Monday is a working day");
    // A closure limited to other cantons does not apply.
    await t.deps.db.insert(closurePeriods).values({
      nameDe: "Brücke",
      nameEn: "Bridge",
      nameFr: "Pont",
      startDate: "2027-05-07",
      endDate: "2027-05-07",
      cantons: "VD,GE",
      createdAt: t.clock.now(),
    });
    const be = await previewLeaveRequest(t.deps, a, {
      leaveType: "VACATION",
      startDate: "2027-05-07",
      endDate: "2027-05-07",
    });
    assert.equal(be.days, 1);
    const vd = await person(t, { canton: "VD" });
    await refuses(
      previewLeaveRequest(t.deps, vd, {
        leaveType: "VACATION",
        startDate: "2027-05-07",
        endDate: "2027-05-07",
      }),
      "validation",
      /no working time/,
    );
  } finally {
    t.close();
  }
});

Deno.test("leave: refusals an assistant can act on", async (t) => {
  const app = await makeTestApp();
  try {
    const me = await person(app);
    const via = { ...me, channel: "ASSISTANT" as const };
    await fileLeaveRequest(app.deps, me, {
      leaveType: "VACATION",
      startDate: "2027-06-14",
      endDate: "2027-06-16",
      endPortion: "MORNING",
    });
    const cases: {
      name: string;
      actor?: Actor;
      input: Record<string, unknown>;
      code: string;
      message: RegExp;
    }[] = [
      {
        name: "only a weekend",
        input: { startDate: "2027-06-05", endDate: "2027-06-06" },
        code: "validation",
        message: /no working time/,
      },
      {
        name: "the afternoon of 24 December is already off",
        input: { startDate: "2027-12-24", endDate: "2027-12-24", startPortion: "AFTERNOON" },
        code: "validation",
        message: /no working time/,
      },
      {
        name: "afternoon-only and morning-only on one day",
        input: {
          startDate: "2027-06-08",
          endDate: "2027-06-08",
          startPortion: "AFTERNOON",
          endPortion: "MORNING",
        },
        code: "validation",
        message: /single-day/,
      },
      {
        name: "end before start",
        input: { startDate: "2027-06-10", endDate: "2027-06-09" },
        code: "validation",
        message: /'endDate'/,
      },
      {
        name: "before the employment",
        input: { startDate: "2019-12-30", endDate: "2020-01-03" },
        code: "validation",
        message: /employment starts/,
      },
      {
        name: "longer than a year",
        input: { startDate: "2027-01-01", endDate: "2028-01-02" },
        code: "validation",
        message: /at most 366 days/,
      },
      {
        name: "unknown leave type",
        input: { leaveType: "SABBATICAL", startDate: "2027-06-01", endDate: "2027-06-01" },
        code: "validation",
        message: /VACATION/,
      },
      {
        name: "overlap with an own request",
        input: { startDate: "2027-06-11", endDate: "2027-06-18" },
        code: "conflict",
        // Named by its type and dates, never by its id.
        message:
          /^This overlaps your Vacation request from 14\.06\.2027 to 16\.06\.2027 \(awaiting approval\)\./,
      },
      {
        name: "the overlapping half day",
        input: { startDate: "2027-06-16", endDate: "2027-06-16" },
        code: "conflict",
        message: /^This overlaps your Vacation request from 14\.06\.2027 to 16\.06\.2027/,
      },
      {
        name: "beyond the balance of a REFUSE type",
        input: { startDate: "2027-07-01", endDate: "2027-09-30" },
        code: "conflict",
        message: /Not enough Vacation left in 2027/,
      },
      {
        name: "an assistant takes no reason",
        actor: via,
        input: { startDate: "2027-08-02", endDate: "2027-08-02", reason: "Zahnarzt" },
        code: "validation",
        message: /no reason/,
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const input = { leaveType: "VACATION", ...c.input } as Parameters<typeof previewLeaveRequest>[2];
        await refuses(previewLeaveRequest(app.deps, c.actor ?? me, input), c.code, c.message);
        await refuses(fileLeaveRequest(app.deps, c.actor ?? me, input), c.code, c.message);
      });
    }
    await t.step("the afternoon after a morning-only request is free", async () => {
      const r = await fileLeaveRequest(app.deps, me, {
        leaveType: "VACATION",
        startDate: "2027-06-16",
        endDate: "2027-06-16",
        startPortion: "AFTERNOON",
      });
      assert.equal(r.days, 0.5);
    });
    await t.step("an account without an employee record gets the contract's 404", async () => {
      const nolink = await actorFor(app, "nolink@demo.example");
      await refuses(
        previewLeaveRequest(app.deps, nolink, {
          leaveType: "VACATION",
          startDate: "2027-06-01",
          endDate: "2027-06-01",
        }),
        "not_found",
      );
    });
  } finally {
    app.close();
  }
});

Deno.test("leave: a FLAG type may be filed beyond its balance and is marked", async () => {
  const t = await makeTestApp();
  try {
    const me = await person(t);
    await setEntitlement(t, me.employeeId!, "COMPENSATION", 2027, { adjustmentDays: 1 });
    const p = await previewLeaveRequest(t.deps, me, {
      leaveType: "COMPENSATION",
      startDate: "2027-03-01",
      endDate: "2027-03-02",
    });
    assert.equal(p.exceedsBalance, true);
    assert.deepEqual(p.balances, [{
      year: 2027,
      days: 2,
      remainingBefore: 1,
      pending: 0,
      remainingAfter: -1,
      carryOverByYear: [],
    }]);
    const r = await fileLeaveRequest(t.deps, me, {
      leaveType: "COMPENSATION",
      startDate: "2027-03-01",
      endDate: "2027-03-02",
    });
    assert.equal(r.exceedsBalance, true);
    // Unpaid leave has no balance: never exceeding, nothing deducted.
    const u = await previewLeaveRequest(t.deps, me, {
      leaveType: "UNPAID",
      startDate: "2027-04-05",
      endDate: "2027-04-30",
    });
    assert.equal(u.exceedsBalance, false);
    assert.deepEqual(u.balances, []);
  } finally {
    t.close();
  }
});

Deno.test("leave: balances pro rata for entry, exit and working-pattern changes, leap years included", async (t) => {
  const app = await makeTestApp();
  try {
    const cases: {
      name: string;
      emp: Parameters<typeof addEmployee>[1];
      workload?: [string, number, string | null][];
      year: number;
      entitlement: number;
    }[] = [
      { name: "full year, full time", emp: {}, year: 2027, entitlement: 25 },
      { name: "leap year, full time", emp: {}, year: 2028, entitlement: 25 },
      {
        // OR Art. 329a para. 3: never below the exact share; rounded up to the half day.
        name: "entry on 1 July: 184 of 365 days → 12.6 → 13",
        emp: { employmentStart: "2027-07-01" },
        year: 2027,
        entitlement: 13,
      },
      {
        name: "exit on 31 March: 90 of 365 days → 6.16 → 6.5",
        emp: { employmentEnd: "2027-03-31" },
        year: 2027,
        entitlement: 6.5,
      },
      {
        name: "exit on 31 March of a leap year: 91 of 366 days → 6.22 → 6.5",
        emp: { employmentEnd: "2028-03-31" },
        year: 2028,
        entitlement: 6.5,
      },
      {
        name: "five days until June, then three days (60 %): 25 × (181·5 + 184·3)/5/365 = 19.96 → 20",
        emp: { workload: 60, weekdays: [1, 2, 3] },
        workload: [["2020-01-01", 100, "1,2,3,4,5"], ["2027-07-01", 60, "1,2,3"]],
        year: 2027,
        entitlement: 20,
      },
      {
        name: "100 % until June, then 50 % on the same five weekdays: five weeks of five days, 25",
        emp: { workload: 50 },
        workload: [["2020-01-01", 100, null], ["2027-07-01", 50, null]],
        year: 2027,
        entitlement: 25,
      },
      {
        name: "part time 60 % all year",
        emp: { workload: 60, weekdays: [1, 2, 3] },
        year: 2027,
        entitlement: 15,
      },
      {
        name: "no employment in that year",
        emp: { employmentStart: "2028-01-01" },
        year: 2027,
        entitlement: 0,
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const id = await addEmployee(app, c.emp);
        for (const [validFrom, workloadPercent, workingWeekdays] of c.workload ?? []) {
          await app.deps.db.insert(workloadChanges).values({
            employeeId: id,
            validFrom,
            workloadPercent,
            workingWeekdays,
          });
        }
        const me = await addAccount(app, id);
        const b = await getLeaveBalances(app.deps, me, { year: c.year });
        const vac = b.balances.find((x) => x.leaveType.code === "VACATION")!;
        assert.equal(vac.entitlement, c.entitlement);
        // 2028 also holds what 2027 leaves (the person was entered before 2027): its 20 statutory days, which
        // no cap cuts (OR Art. 329a para. 1, Art. 341 para. 1), and 5 extra days until 31 March.
        assert.equal(vac.remaining, c.entitlement + (c.year === 2028 ? 25 : 0));
      });
    }
  } finally {
    app.close();
  }
});

Deno.test("leave: carried-over days lapse after their expiry unless used; pending shown apart", async () => {
  const t = await makeTestApp();
  try {
    const me = await person(t);
    const manager = await actorFor(t, "manager@demo.example");
    // Only the organisation's extra days lapse (statutory days are owed five years, OR Art. 128 no. 3): the
    // records say 2026 was taken whole (a correction takes its remainder), so the 5 days carried into 2027
    // are all extra days.
    await setEntitlement(t, me.employeeId!, "VACATION", 2026, {});
    const left2026 = (await getLeaveBalances(t.deps, me, { year: 2026 })).balances.find((b) =>
      b.leaveType.code === "VACATION"
    )!.remaining!;
    await setEntitlement(t, me.employeeId!, "VACATION", 2026, { adjustmentDays: -left2026 });
    await setEntitlement(t, me.employeeId!, "VACATION", 2027, {
      carryOverDays: 5,
      carryOverExpiresOn: "2027-03-31",
    });
    const feb = await fileLeaveRequest(t.deps, me, {
      leaveType: "VACATION",
      startDate: "2027-02-01",
      endDate: "2027-02-03",
    });
    await decideLeaveRequest(t.deps, manager, { id: feb.id, decision: "APPROVE" });
    await fileLeaveRequest(t.deps, me, {
      leaveType: "VACATION",
      startDate: "2027-05-03",
      endDate: "2027-05-04",
    });

    const before = (await getLeaveBalances(t.deps, me, { year: 2027 })).balances.find((b) =>
      b.leaveType.code === "VACATION"
    )!;
    assert.equal(before.carryOverAtRisk, 2, "3 of the 5 carried days are used by 31 March; 2 are at risk");
    assert.equal(before.carryOverLapsed, 0);
    assert.equal(before.available, 30);
    assert.equal(before.planned, 3);
    assert.equal(before.pending, 2, "the May request awaits approval");
    assert.equal(before.remaining, 27, "pending days are not deducted");

    t.clock.set("2027-04-15T08:00:00Z");
    const after = (await getLeaveBalances(t.deps, me, { year: 2027 })).balances.find((b) =>
      b.leaveType.code === "VACATION"
    )!;
    assert.equal(after.carryOverLapsed, 2);
    assert.equal(after.carryOverAtRisk, 0);
    assert.equal(after.available, 28);
    assert.equal(after.used, 3);
    assert.equal(after.remaining, 25);
  } finally {
    t.close();
  }
});

Deno.test("leave: the approver is the manager, or the next one up when the manager is away; top of the line goes to HR", async () => {
  const t = await makeTestApp();
  try {
    const me = await person(t);
    const input = { leaveType: "VACATION", startDate: "2027-02-08", endDate: "2027-02-09" };
    assert.equal((await previewLeaveRequest(t.deps, me, input)).approver?.employeeId, MANAGER_ID);
    // The manager is on approved leave today (2026-11-18): the request goes to their manager.
    await t.deps.db.insert(leaveRequests).values({
      employeeId: MANAGER_ID,
      leaveTypeId: (await t.deps.db.query.leaveTypes.findFirst())!.id,
      startDate: "2026-11-18",
      endDate: "2026-11-18",
      days: 1,
      daysByYear: JSON.stringify({ "2026": 1 }),
      status: "APPROVED",
      createdAt: t.clock.now(),
      updatedAt: t.clock.now(),
    });
    const away = await previewLeaveRequest(t.deps, me, input);
    assert.equal(away.approver?.employeeId, P("P002"));
    assert.equal(away.approver?.name, "Martin Aebischer");
    // The CEO has nobody above: HR decides.
    const ceo = await addAccount(t, P("P001"));
    const top = await previewLeaveRequest(t.deps, ceo, input);
    assert.equal(top.approver, null);
    assert.equal(top.approverIsHr, true);
  } finally {
    t.close();
  }
});

Deno.test("leave: the approver is notified; a request filed through an assistant is marked so", async () => {
  const t = await makeTestApp();
  try {
    const me = await person(t);
    const viaPortal = await fileLeaveRequest(t.deps, me, {
      leaveType: "VACATION",
      startDate: "2027-02-08",
      endDate: "2027-02-08",
    });
    const viaAssistant = await fileLeaveRequest(t.deps, { ...me, channel: "ASSISTANT" }, {
      leaveType: "VACATION",
      startDate: "2027-02-10",
      endDate: "2027-02-10",
    });
    assert.equal(viaAssistant.channel, "ASSISTANT");
    const rows = await t.deps.db.select().from(notifications).where(
      and(eq(notifications.recipientEmployeeId, MANAGER_ID), eq(notifications.kind, "LEAVE_REQUEST_FILED")),
    );
    const byRequest = new Map(rows.map((n) => [JSON.parse(n.payload).leaveRequestId, n]));
    const p = byRequest.get(viaPortal.id)!;
    const a = byRequest.get(viaAssistant.id)!;
    assert.equal(p.channel, "PORTAL");
    assert.equal(JSON.parse(p.payload).viaAssistant, false);
    assert.equal(a.channel, "ASSISTANT");
    assert.equal(JSON.parse(a.payload).viaAssistant, true);
  } finally {
    t.close();
  }
});

Deno.test("leave: withdraw while awaiting approval; cancel an approved future request through a cancellation request", async () => {
  const t = await makeTestApp();
  try {
    const me = await person(t);
    const manager = await actorFor(t, "manager@demo.example");
    const a = await fileLeaveRequest(t.deps, me, {
      leaveType: "VACATION",
      startDate: "2027-02-08",
      endDate: "2027-02-09",
    });
    await refuses(requestLeaveCancellation(t.deps, me, { id: a.id }), "conflict", /Withdraw it instead/);
    const w = await withdrawLeaveRequest(t.deps, me, { id: a.id });
    assert.equal(w.status, "WITHDRAWN");
    await refuses(withdrawLeaveRequest(t.deps, me, { id: a.id }), "conflict", /withdrawn/);

    const b = await fileLeaveRequest(t.deps, me, {
      leaveType: "VACATION",
      startDate: "2027-03-01",
      endDate: "2027-03-05",
    });
    await decideLeaveRequest(t.deps, manager, { id: b.id, decision: "APPROVE" });
    await refuses(
      withdrawLeaveRequest(t.deps, me, { id: b.id }),
      "conflict",
      /Ask for a cancellation instead/,
    );
    const c = await requestLeaveCancellation(t.deps, me, { id: b.id });
    assert.equal(c.status, "CANCELLATION_REQUESTED");
    const kept = (await getLeaveBalances(t.deps, me, { year: 2027 })).balances.find((x) =>
      x.leaveType.code === "VACATION"
    )!;
    assert.equal(kept.planned, 5, "the days stay booked until the cancellation is granted");
    const done = await decideLeaveRequest(t.deps, manager, { id: b.id, decision: "APPROVE" });
    assert.equal(done.status, "CANCELLED");
    const back = (await getLeaveBalances(t.deps, me, { year: 2027 })).balances.find((x) =>
      x.leaveType.code === "VACATION"
    )!;
    assert.equal(back.planned, 0);

    // A request that has started cannot be cancelled by the employee.
    const old = await fileLeaveRequest(t.deps, me, {
      leaveType: "VACATION",
      startDate: "2026-11-16",
      endDate: "2026-11-20",
    });
    await decideLeaveRequest(t.deps, manager, { id: old.id, decision: "APPROVE" });
    await refuses(
      requestLeaveCancellation(t.deps, me, { id: old.id }),
      "conflict",
      /started on 16\.11\.2026/,
    );
  } finally {
    t.close();
  }
});

Deno.test("leave: the list filters by status, type and year, pages by 50 at most, and hides free text from assistants", async () => {
  const t = await makeTestApp();
  try {
    const demo = await actorFor(t, "employee@demo.example");
    const all = await listLeaveRequests(t.deps, demo, { year: 2026 });
    assert.ok(all.items.length > 3);
    assert.ok(all.items.every((r) => r.startDate <= "2026-12-31" && r.endDate >= "2026-01-01"));
    const sorted = [...all.items].sort((a, b) => b.startDate.localeCompare(a.startDate));
    assert.deepEqual(all.items.map((r) => r.id), sorted.map((r) => r.id));
    const approved = await listLeaveRequests(t.deps, demo, { status: "APPROVED" });
    assert.ok(approved.items.length > 0 && approved.items.every((r) => r.status === "APPROVED"));
    const comp = await listLeaveRequests(t.deps, demo, { leaveType: "COMPENSATION" });
    assert.ok(comp.items.every((r) => r.leaveType.code === "COMPENSATION"));
    const page = await listLeaveRequests(t.deps, demo, { limit: 2 });
    assert.equal(page.items.length, 2);
    assert.equal(page.nextOffset, 2);
    const next = await listLeaveRequests(t.deps, demo, { limit: 2, offset: 2 });
    assert.notEqual(next.items[0].id, page.items[0].id);
    const huge = await listLeaveRequests(t.deps, demo, { limit: 500 });
    assert.equal(huge.limit, 50);
    assert.ok(all.items.some((r) => r.reason), "the owner sees reasons in the portal");
    const assistant = await listLeaveRequests(t.deps, { ...demo, channel: "ASSISTANT" }, { year: 2026 });
    assert.ok(assistant.items.every((r) => r.reason === undefined && r.decisionNote === undefined));
    const asked = await listLeaveRequests(t.deps, { ...demo, channel: "ASSISTANT" }, {
      year: 2026,
      includeFreeText: true,
    });
    assert.ok(asked.items.some((r) => r.reason));
  } finally {
    t.close();
  }
});
