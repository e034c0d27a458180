/**
 * A carry-over that is recorded rather than derived (HR's entitlement row, an imported opening balance) holds
 * statutory days like a derived one: the statutory minimum carried is owed until taken and lapses only after
 * five years, whatever the leave type's cap and expiry (OR Art. 329a para. 1, 341 para. 1, 128 no. 3, SR 220;
 * BGE 130 III 19). Only the days above what the year of origin would carry by that rule are the organisation's
 * extra days.
 *
 * On the fixture organisation (VACATION 25 days, at most 5 carried, lapsing after 31 March; tests/fixtures/
 * org.yaml), nobody taking vacation; the year-end closure takes 3.5 days of 2026.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { buildFixtureOrg } from "../_fixture_org.ts";
import { cli } from "../_cli.ts";
import { employees, leaveEntitlements, leaveTypes } from "../../src/db/schema/mod.ts";
import { balanceOf, carryOverByYear } from "../../src/services/leave.ts";

Deno.test("recorded carry-over: an opening balance's carried days are statutory days of their year of origin for five years", async () => {
  const t = await buildFixtureOrg();
  try {
    // Luca Bernasconi (V04, 100 %, born 1995): the service starts in 2026; HR imports 10 days carried from 2025.
    const opening = await cli(
      t,
      ["leave", "import-opening", "--file", "-"],
      "personnel_number;leave_type;year;taken;carry_over\nV04;VACATION;2026;0;10\n",
    );
    assert.equal(opening.code, 0, opening.err);
    const [emp] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "V04"));
    const [type] = await t.deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, "VACATION"));
    const atYearEnd = (year: number) => balanceOf(t.deps.db, emp, type, year, `${year}-12-31`);

    const y2026 = await atYearEnd(2026);
    assert.equal(y2026.carryOver, 10);
    assert.deepEqual(carryOverByYear(y2026), [{
      year: 2025,
      days: 10,
      kind: "STATUTORY",
      lapsesOn: "2030-12-31",
    }]);
    assert.equal(y2026.remaining, 31.5, "25 + 10 − 3.5 (closure)");

    // Into 2027: 2025's 10 and 2026's 20 statutory days, and 1.5 extra days (2026's 5 less the closure).
    const y2027 = await atYearEnd(2027);
    assert.deepEqual(carryOverByYear(y2027), [
      { year: 2025, days: 10, kind: "STATUTORY", lapsesOn: "2030-12-31" },
      { year: 2026, days: 20, kind: "STATUTORY", lapsesOn: "2031-12-31" },
      { year: 2026, days: 1.5, kind: "EXTRA", lapsesOn: "2027-03-31" },
    ]);
    assert.equal(y2027.carryOverLapsed, 1.5, "only the extra days lapse on 31 March");
    assert.equal(y2027.remaining, 55);

    // year → [carried in, lapsed (the extra days), remaining at the year's end]
    const expected: Record<number, [number, number, number]> = {
      2028: [55, 5, 75],
      2029: [75, 5, 95],
      // 2025's 10 days are still owed in 2030, the fifth year after.
      2030: [95, 5, 115],
      // They lapsed on 31.12.2030: into 2031 come the statutory days of 2026 to 2030 (100) and 5 extra days.
      2031: [105, 5, 125],
    };
    for (const [year, [carried, lapsed, remaining]] of Object.entries(expected)) {
      const b = await atYearEnd(Number(year));
      assert.equal(b.carryOver, carried, `${year} carried in`);
      assert.equal(b.carryOverLapsed, lapsed, `${year} lapsed on 31 March`);
      assert.equal(b.remaining, remaining, `${year} remaining`);
    }
    const shown = await cli(t, ["leave", "balances", "--employee", "V04", "--year", "2030"]);
    assert.equal(shown.code, 0, shown.err);
    assert.match(shown.out, /\n {4}10 statutory days from 2025 lapse on 31\.12\.2030\n/);
  } finally {
    t.close();
  }
});

Deno.test("recorded carry-over: days HR records as carried do not lapse with the expiry where they are statutory, and carry on", async () => {
  const t = await buildFixtureOrg();
  try {
    // Matteo Cattaneo (V02, 100 %, born 1984): HR records 8 days carried from 2026 into 2027, lapsing after 31
    // March as the type says. 2026 left 21.5 days (25 less the closure), 20 of them statutory: the 8 are
    // statutory days of 2026.
    const [emp] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "V02"));
    const [type] = await t.deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, "VACATION"));
    await t.deps.db.insert(leaveEntitlements).values({
      employeeId: emp.id,
      leaveTypeId: type.id,
      year: 2027,
      baseDays: 25,
      carryOverDays: 8,
      carryOverExpiresOn: "2027-03-31",
      adjustmentDays: 0,
    });
    const atYearEnd = (year: number) => balanceOf(t.deps.db, emp, type, year, `${year}-12-31`);
    const y2027 = await atYearEnd(2027);
    assert.equal(y2027.carryOver, 8);
    assert.equal(y2027.carryOverLapsed, 0, "statutory days do not lapse on 31 March");
    assert.deepEqual(carryOverByYear(y2027), [{
      year: 2026,
      days: 8,
      kind: "STATUTORY",
      lapsesOn: "2031-12-31",
    }]);
    assert.equal(y2027.remaining, 33);

    // Into 2028 (derived): 2026's 8 and 2027's 20 statutory days, and 5 extra days of 2027.
    const y2028 = await atYearEnd(2028);
    assert.deepEqual(carryOverByYear(y2028), [
      { year: 2026, days: 8, kind: "STATUTORY", lapsesOn: "2031-12-31" },
      { year: 2027, days: 20, kind: "STATUTORY", lapsesOn: "2032-12-31" },
      { year: 2027, days: 5, kind: "EXTRA", lapsesOn: "2028-03-31" },
    ]);
    assert.equal(y2028.carryOverLapsed, 5);
    assert.equal(y2028.remaining, 53);
  } finally {
    t.close();
  }
});
