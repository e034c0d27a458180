/**
 * The manager's team calendar names the company closures and the school holidays of the team's cantons in
 * its range, in the reader's language: what explains why many are away at once. The demo closes from
 * 24 December 2026 to 2 January 2027; the school holidays are a canton's file as HR imports it.
 */
import assert from "node:assert/strict";
import { json, makeTestApp } from "../_helpers.ts";
import { schoolHolidays } from "../../src/db/schema/mod.ts";

const BASE = "/api/v1/portal";

Deno.test("team calendar: the closures and the team's school holidays in the range, named in the reader's language", async () => {
  const t = await makeTestApp();
  try {
    await t.deps.db.delete(schoolHolidays);
    await t.deps.db.insert(schoolHolidays).values([
      {
        canton: "BE",
        nameDe: "Winterferien",
        nameFr: "Vacances d'hiver",
        nameEn: "Winter holidays",
        startDate: "2026-12-24",
        endDate: "2027-01-08",
      },
      {
        canton: "GE",
        nameDe: "Winterferien",
        nameFr: "Vacances d'hiver",
        nameEn: "Winter holidays",
        startDate: "2026-12-21",
        endDate: "2027-01-01",
      },
    ]);
    const manager = await t.signIn("manager@demo.example");
    const r = await json(
      await t.request(`${BASE}/approvals/team-calendar?from=2026-12-21&to=2027-01-10`, { token: manager }),
    );
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const cal = r.body.data;
    const cantons = new Set((cal.members as { canton: string }[]).map((m) => m.canton));
    assert.ok(cantons.has("BE") && !cantons.has("GE"), "the demo's team works in Bern, not Geneva");
    assert.deepEqual(
      (cal.closures as { startDate: string; endDate: string }[]).map((c) => [c.startDate, c.endDate]),
      [["2026-12-24", "2027-01-02"]],
    );
    assert.deepEqual(cal.schoolHolidays, [
      // The demo's manager reads English.
      { canton: "BE", name: "Winter holidays", startDate: "2026-12-24", endDate: "2027-01-08" },
    ]);
    const outside = await json(
      await t.request(`${BASE}/approvals/team-calendar?from=2027-02-01&to=2027-02-14`, { token: manager }),
    );
    assert.equal(outside.status, 200);
    assert.deepEqual([outside.body.data.closures, outside.body.data.schoolHolidays], [[], []]);
  } finally {
    t.close();
  }
});
