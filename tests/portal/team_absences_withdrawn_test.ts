/**
 * A sick report is health data: colleagues never see it in who's away (only planned leave is shown there),
 * and the manager's team calendar shows it only while it stands: one its author took back never happened.
 * Today in the tests is Wednesday 18 November 2026.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { employees, users } from "../../src/db/schema/mod.ts";
import { json, makeTestApp } from "../_helpers.ts";
import { addAccount } from "../_people.ts";

const BASE = "/api/v1/portal";

Deno.test("team absences: a sick report is not shown to colleagues; the manager's calendar drops it once taken back", async () => {
  const t = await makeTestApp();
  try {
    const [me] = await t.deps.db.select({ e: users.employeeId }).from(users).where(
      eq(users.email, "employee@demo.example"),
    );
    const [mine] = await t.deps.db.select().from(employees).where(eq(employees.id, me.e!));
    const colleague =
      (await t.deps.db.select().from(employees).where(eq(employees.managerId, mine.managerId!)))
        .find((p) => p.id !== mine.id && p.employmentStart <= "2026-11-18" && p.employmentEnd === null)!;
    const account = await addAccount(t, colleague.id);
    const theirs = await t.signIn(account.email);
    const reported = await json(
      await t.request(`${BASE}/employee/sick-leave`, {
        method: "POST",
        token: theirs,
        json: { startDate: "2026-11-18" },
      }),
    );
    assert.equal(reported.status, 201, JSON.stringify(reported.body));
    const token = await t.signIn("employee@demo.example");
    const manager = await t.signIn("manager@demo.example");
    const seenBy = async (who: string, path: string) => {
      const r = await json(await t.request(`${BASE}${path}?from=2026-11-16&to=2026-11-20`, { token: who }));
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return (r.body.data.absences as { employeeId: string }[]).filter((a) => a.employeeId === colleague.id);
    };
    assert.deepEqual(await seenBy(token, "/employee/team/absences"), [], "colleagues: never");
    assert.equal(
      (await seenBy(manager, "/approvals/team-calendar")).length,
      1,
      "the manager, while it stands",
    );
    const back = await t.request(`${BASE}/employee/sick-leave/${reported.body.data.id}/take-back`, {
      method: "POST",
      token: theirs,
    });
    assert.equal(back.status, 200);
    await back.body?.cancel();
    assert.deepEqual(await seenBy(token, "/employee/team/absences"), [], "colleagues: still nothing");
    assert.deepEqual(await seenBy(manager, "/approvals/team-calendar"), [], "the manager: taken back");
  } finally {
    t.close();
  }
});
