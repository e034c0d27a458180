/**
 * The carry-over into a leave year is derived from the previous year's remainder (services/carry_over.ts):
 * in the balance, the filing check and the summary alike, with nothing stored per person. The standard vacation
 * type's 20 days are exactly the statutory minimum (OR Art. 329a para. 1, SR 220): its cap and expiry cannot cut
 * them (OR Art. 341 para. 1; the claim lapses only after five years, OR Art. 128 no. 3, BGE 130 III 19;
 * tests/services/statutory_carry_over_test.ts has the organisation's extra days beside them).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { employees, leaveRequests, leaveTypes } from "../../src/db/schema/mod.ts";
import { ensureStandardLeaveTypes } from "../../src/services/leave_types.ts";
import { fileLeaveRequest, getLeaveBalances } from "../../src/services/leave.ts";
import { getEmployeeSummary } from "../../src/services/summary.ts";
import { addAccount, addEmployee, refuses } from "./_fixtures.ts";
import type { Actor } from "../../src/services/actor.ts";

Deno.test("carry-over: next year's carry-over is what this year leaves, up to the type's maximum", async (t) => {
  // A new installation in November 2026: standard vacation (20 days, at most 5 carried, lapsing 31 March).
  const app = await makeTestApp({ demo: false });
  try {
    await ensureStandardLeaveTypes(app.deps.db);
    const balanceOf = async (actor: Actor, year: number) =>
      (await getLeaveBalances(app.deps, actor, { year })).balances.find((b) =>
        b.leaveType.code === "VACATION"
      )!;

    await t.step(
      "entered in November 2026: nothing goes into 2027, the service lacks 2026's earlier leave",
      async () => {
        const late = await addAccount(
          app,
          await addEmployee(app, { managerId: null, employmentStart: "2020-01-01" }),
        );
        const b = await balanceOf(late, 2027);
        assert.equal(b.carryOver, 0);
        assert.equal(b.carryOverExpiresOn, null);
        assert.equal(b.remaining, 20);
      },
    );

    // Entered in December 2025: the service holds all of 2026.
    const id = await addEmployee(app, { managerId: null, employmentStart: "2020-01-01" });
    await app.deps.db.update(employees).set({ createdAt: Date.parse("2025-12-15T09:00:00Z") })
      .where(eq(employees.id, id));
    const who = await addAccount(app, id);
    const vacation = (year: number) => balanceOf(who, year);

    await t.step("2026 itself: 2025 began before the person was entered, so nothing comes in", async () => {
      const b = await vacation(2026);
      assert.equal(b.carryOver, 0);
      assert.equal(b.remaining, 20);
    });

    await t.step(
      "nothing taken in 2026: all 20 statutory days go into 2027, neither capped nor lapsing",
      async () => {
        const b = await vacation(2027);
        assert.equal(b.entitlement, 20);
        assert.equal(b.carryOver, 20);
        assert.equal(b.carryOverExpiresOn, null);
        assert.equal(b.carryOverAtRisk, 0);
        assert.equal(b.remaining, 40);
      },
    );

    await t.step("17 days approved in December 2026: the 3 left go into 2027", async () => {
      const r = await fileLeaveRequest(app.deps, who, {
        leaveType: "VACATION",
        startDate: "2026-11-30",
        endDate: "2026-12-22",
      });
      assert.equal(r.days, 17);
      assert.equal((await vacation(2027)).carryOver, 20, "a request awaiting approval is not deducted");
      await app.deps.db.update(leaveRequests).set({ status: "APPROVED" }).where(eq(leaveRequests.id, r.id));
      const b = await vacation(2027);
      assert.equal(b.carryOver, 3);
      assert.equal(b.remaining, 23);
    });

    await t.step("filing in 2027 counts the carried days: 23, the 24th refused", async () => {
      const msg = await refuses(
        fileLeaveRequest(app.deps, who, {
          leaveType: "VACATION",
          startDate: "2027-01-04",
          endDate: "2027-02-04",
        }),
        "conflict",
        /Not enough Vacation left in 2027: this request needs 24 day\(s\), 23 remain/,
      );
      assert.ok(msg);
    });

    await t.step("2028 comes from 2027's remainder, which counts 2027's own carry-over", async () => {
      // 2027: 20 + 3 carried; 2 days taken in January (from the carry-over). The carried days are statutory
      // and do not lapse on 31 March: 20 + 3 − 2 = 21 left, all of them statutory, all go into 2028.
      const jan = await fileLeaveRequest(app.deps, who, {
        leaveType: "VACATION",
        startDate: "2027-01-04",
        endDate: "2027-01-05",
      });
      await app.deps.db.update(leaveRequests).set({ status: "APPROVED" }).where(eq(leaveRequests.id, jan.id));
      const b2027 = await vacation(2027);
      assert.equal(b2027.carryOver, 3);
      assert.equal(b2027.remaining, 21, "before 31 March the last carried day is still there");
      const b = await vacation(2028);
      assert.equal(b.carryOver, 21);
      assert.equal(b.carryOverExpiresOn, null);
    });

    await t.step("a cap of 2 or of none does not cut the 3 statutory days left", async () => {
      await app.deps.db.update(leaveTypes).set({ carryOverMaxDays: 2 }).where(
        eq(leaveTypes.code, "VACATION"),
      );
      assert.equal((await vacation(2027)).carryOver, 3);
      await app.deps.db.update(leaveTypes).set({ carryOverMaxDays: 0 }).where(
        eq(leaveTypes.code, "VACATION"),
      );
      const none = await vacation(2027);
      assert.equal(none.carryOver, 3);
      assert.equal(none.carryOverExpiresOn, null);
      await app.deps.db.update(leaveTypes).set({ carryOverMaxDays: 5 }).where(
        eq(leaveTypes.code, "VACATION"),
      );
    });

    await t.step(
      "in January 2027 the home screen's summary counts the carry-over like the balance",
      async () => {
        app.clock.set("2027-01-20T09:00:00.000Z");
        const s = await getEmployeeSummary(app.deps, who);
        const b = await vacation(2027);
        assert.equal(b.carryOver, 3);
        assert.equal(s.leave?.remaining, b.remaining);
        assert.equal(s.leave?.entitlement, b.available);
      },
    );
  } finally {
    app.close();
  }
});
