/**
 * The carried days by year of origin, where the statutory minimum is owed apart from the organisation's extra
 * days: statutory days carry over whatever the cap and lapse only after five years (OR Art. 329a, 341 para. 1,
 * 128 no. 3, SR 220; BGE 130 III 19), the extra days follow the leave type's cap and expiry.
 *
 * On the fixture organisation (VACATION 25 days, at most 5 carried, lapsing after 31 March; tests/fixtures/
 * org.yaml): Luca Bernasconi (V04, 100 %, born 1995) takes no vacation in 2026; the year-end closure takes
 * 3.5 days, counted first against the 5 extra days. Into 2027 come 2026's 20 statutory days (lapsing on
 * 31.12.2031) and 1.5 extra days (lapsing after 31.03.2027).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { cli } from "../_cli.ts";
import { addAccounts, ADMIN, buildFixtureOrg, personPassword } from "../_fixture_org.ts";
import { users } from "../../src/db/schema/mod.ts";

Deno.test("carried days by year of origin: the balances API and HR's person page say when each lapses", async () => {
  const t = await buildFixtureOrg();
  try {
    const opening = await cli(
      t,
      ["leave", "import-opening", "--file", "-"],
      "personnel_number;leave_type;year;taken;carry_over\nV04;VACATION;2026;0;0\n",
    );
    assert.equal(opening.code, 0, opening.err);
    await addAccounts(t, [["V04", "employee"]]);
    const token = await t.signIn("luca.bernasconi@ceresio.example", personPassword("V04"));
    const res = await t.request("/api/v1/portal/employee/leave/balances?year=2027", { token });
    assert.equal(res.status, 200);
    const balances = (await res.json()).data.balances as {
      leaveType: { code: string };
      carryOver: number;
      carryOverByYear?: unknown;
    }[];
    const v = balances.find((b) => b.leaveType.code === "VACATION")!;
    assert.equal(v.carryOver, 21.5);
    assert.deepEqual(v.carryOverByYear, [
      { year: 2026, days: 20, kind: "STATUTORY", lapsesOn: "2031-12-31" },
      { year: 2026, days: 1.5, kind: "EXTRA", lapsesOn: "2027-03-31" },
    ]);
    // A type with nothing carried lists nothing.
    for (const b of balances.filter((b) => b.carryOver === 0)) {
      assert.deepEqual(b.carryOverByYear, [], b.leaveType.code);
    }

    // HR reads German: the person page says the statutory days of 2026 and when they lapse.
    await t.deps.db.update(users).set({ language: "de" }).where(eq(users.email, ADMIN.email));
    const cookie = { Cookie: `hr_session=${await t.signIn(ADMIN.email, ADMIN.password)}` };
    const page = await (await t.request("/hr/people/V04?year=2027", { headers: cookie })).text();
    assert.match(page, /<caption class="muted">2027<\/caption>/);
    assert.match(page, /20 Tage aus 2026 verfallen am 31\.12\.2031/);
  } finally {
    t.close();
  }
});

Deno.test("carried days by year of origin: the leave preview, the assistant's preview and balances, and leave balances say them too", async () => {
  const t = await buildFixtureOrg();
  try {
    const opening = await cli(
      t,
      ["leave", "import-opening", "--file", "-"],
      "personnel_number;leave_type;year;taken;carry_over\nV04;VACATION;2026;0;0\n",
    );
    assert.equal(opening.code, 0, opening.err);
    await addAccounts(t, [["V04", "employee"]]);
    const token = await t.signIn("luca.bernasconi@ceresio.example", personPassword("V04"));
    // A week in February 2027: the 2027 balance it comes out of, with 2026's carried days by kind.
    const res = await t.request("/api/v1/portal/employee/leave/requests/preview", {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: "2027-02-01", endDate: "2027-02-05" },
    });
    assert.equal(res.status, 200);
    const preview = (await res.json()).data;
    assert.equal(preview.balances.length, 1);
    assert.equal(preview.balances[0].year, 2027);
    assert.deepEqual(preview.balances[0].carryOverByYear, [
      { year: 2026, days: 20, kind: "STATUTORY", lapsesOn: "2031-12-31" },
      { year: 2026, days: 1.5, kind: "EXTRA", lapsesOn: "2027-03-31" },
    ]);

    // `leave balances` says each year's statutory days and their lapse.
    const cliOut = await cli(t, ["leave", "balances", "--employee", "V04", "--year", "2027"]);
    assert.equal(cliOut.code, 0, cliOut.err);
    assert.match(cliOut.out, /20 statutory days from 2026 lapse on 31\.12\.2031/);
  } finally {
    t.close();
  }
});
