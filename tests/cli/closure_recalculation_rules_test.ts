/**
 * What a closure change recomputes: the days a closure leaves behind as well as the days it moves to, and a
 * day HR approved to be worked through a closure counts as a working day in every recalculation.
 *
 * Lea (GW-013, Bern, Monday to Friday) files vacation from Monday 8 to Friday 12 February 2027, with a
 * closure that deducts leave on Wednesday 10 and Thursday 11.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { leaveRequests, users } from "../../src/db/schema/mod.ts";
import { approveWorkThrough } from "../../src/services/hr_pay.ts";

const BASE = "/api/v1/portal";

async function addClosure(t: TestApp) {
  const add = await cli(t, [
    "closures",
    "add",
    "--from",
    "2027-02-10",
    "--to",
    "2027-02-11",
    "--name",
    "Umzug",
    "--deducts-leave",
  ]);
  assert.equal(add.code, 0, add.err);
}

async function fileAndApprove(t: TestApp, expectedDays: number) {
  const token = await t.signIn("employee@demo.example");
  const filed = await t.request(`${BASE}/employee/leave/requests`, {
    method: "POST",
    token,
    json: { leaveType: "VACATION", startDate: "2027-02-08", endDate: "2027-02-12" },
  });
  assert.equal(filed.status, 201, await filed.clone().text());
  const request = (await filed.json()).data;
  assert.equal(request.days, expectedDays);
  const manager = await t.signIn("manager@demo.example");
  const decided = await t.request(`${BASE}/approvals/leave-requests/${request.id}/decision`, {
    method: "POST",
    token: manager,
    json: { decision: "APPROVE" },
  });
  assert.equal(decided.status, 200, await decided.clone().text());
  return request.id as string;
}

async function daysOf(t: TestApp, id: string) {
  const [r] = await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, id));
  return { days: r.days, daysByYear: JSON.parse(r.daysByYear) };
}

Deno.test("closures edit: a closure moved off a request gives the request its days back", async () => {
  const t = await makeTestApp();
  try {
    await addClosure(t);
    const id = await fileAndApprove(t, 3);
    // Moved a month later: 10 and 11 February are working days again, the request costs all five.
    const moved = await cli(t, [
      "closures",
      "edit",
      "--closure",
      "2027-02-10",
      "--from",
      "2027-03-10",
      "--to",
      "2027-03-11",
      "--recalculate",
    ]);
    assert.equal(moved.code, 0, moved.err);
    assert.match(moved.out, /GW-013 Lukas Gerber, 2027-02-08 to 2027-02-12: 3 → 5 days/);
    assert.deepEqual(await daysOf(t, id), { days: 5, daysByYear: { "2027": 5 } });
  } finally {
    t.close();
  }
});

Deno.test("closures edit: a day approved to be worked through the closure stays a working day when the request is computed again", async () => {
  const t = await makeTestApp();
  try {
    await addClosure(t);
    const [hr] = await t.deps.db.select({ id: users.id }).from(users).where(
      eq(users.email, "hr@demo.example"),
    );
    await approveWorkThrough(t.deps, {
      personnelNumber: "GW-013",
      date: "2027-02-11",
      approvedByUserId: hr.id,
    });
    // Only Wednesday is a closure day for Lea: Thursday she works, so her leave that day costs a day.
    const id = await fileAndApprove(t, 4);
    // The closure grows by Friday: Friday costs nothing now, Thursday still costs a day.
    const longer = await cli(t, [
      "closures",
      "edit",
      "--closure",
      "2027-02-10",
      "--to",
      "2027-02-12",
      "--recalculate",
    ]);
    assert.equal(longer.code, 0, longer.err);
    assert.match(longer.out, /GW-013 Lukas Gerber, 2027-02-08 to 2027-02-12: 4 → 3 days/);
    assert.deepEqual(await daysOf(t, id), { days: 3, daysByYear: { "2027": 3 } });
  } finally {
    t.close();
  }
});
