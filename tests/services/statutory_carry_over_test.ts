/**
 * The statutory minimum of vacation is never forfeited by a carry-over cap or expiry: the employer must grant
 * four weeks a year (five until the 20th birthday, pro rata; OR Art. 329a para. 1 and 3, SR 220), the person
 * cannot waive them while employed (OR Art. 341 para. 1), and the claim lapses only after five years (OR Art.
 * 128 no. 3; BGE 130 III 19): days from 2026 lapse on 31.12.2031. The organisation's extra days above the
 * minimum follow its configured cap and expiry.
 *
 * On the fixture organisation: VACATION 25 days, at most 5 carried, lapsing after 31 March (tests/fixtures/
 * org.yaml). Luca Bernasconi (V04, 100 % Monday–Friday, born 1995, employed since 2023) takes no vacation
 * from 2026 on: each year 20 statutory days and 5 extra days are left (in 2026 the year-end closure
 * takes 3.5 of them).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { buildFixtureOrg } from "../_fixture_org.ts";
import { cli } from "../_cli.ts";
import { employees, leaveTypes } from "../../src/db/schema/mod.ts";
import { balanceOf } from "../../src/services/leave.ts";

Deno.test("statutory vacation: untaken statutory days stay owed for five years, the extra days follow the cap and expiry", async () => {
  const t = await buildFixtureOrg();
  try {
    // The installation starts in 2026: HR imports the opening balance (nothing taken, nothing carried), so the
    // service holds 2026 whole and derives every carry-over from it.
    const opening = await cli(
      t,
      ["leave", "import-opening", "--file", "-"],
      "personnel_number;leave_type;year;taken;carry_over\nV04;VACATION;2026;0;0\n",
    );
    assert.equal(opening.code, 0, opening.err);
    const [emp] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "V04"));
    const [type] = await t.deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, "VACATION"));
    const atYearEnd = (year: number) => balanceOf(t.deps.db, emp, type, year, `${year}-12-31`);

    // year → [carried in, lapsed on 31 March (the extra days), remaining at the year's end]
    const expected: Record<number, [number, number, number]> = {
      // The year-end closure of 28–31 December 2026 takes 3.5 days of 2026's vacation (a whole Monday to
      // Wednesday, Thursday's morning), counted first against the 5 extra days: 2026's 20 statutory days all
      // come along, with 1.5 extra days that lapse after 31 March.
      2027: [21.5, 1.5, 45],
      // Statutory days of 2026 and 2027 (40) and 5 extra days of 2027.
      2028: [45, 5, 65],
      2029: [65, 5, 85],
      2030: [85, 5, 105],
      // 2026's days are still owed in 2031, the fifth year after: they lapse on 31.12.2031.
      2031: [105, 5, 125],
      // Into 2032: the statutory days of 2027 to 2031 (100) and 5 extra days; 2026's 20 have lapsed.
      2032: [105, 5, 125],
    };
    for (const [year, [carried, lapsed, remaining]] of Object.entries(expected)) {
      const b = await atYearEnd(Number(year));
      assert.equal(b.entitlement, 25, `${year} entitlement`);
      assert.equal(b.carryOver, carried, `${year} carried in`);
      assert.equal(b.carryOverLapsed, lapsed, `${year} lapsed on 31 March`);
      assert.equal(b.carryOverExpiresOn, `${year}-03-31`, `${year}: only the extra days have an expiry`);
      assert.equal(b.remaining, remaining, `${year} remaining`);
    }
    // `leave balances` says the carried statutory days by year of origin, with the day each lapses.
    const shown = await cli(t, ["leave", "balances", "--employee", "V04", "--year", "2031"]);
    assert.equal(shown.code, 0, shown.err);
    assert.match(
      shown.out,
      /VACATION +entitlement 25, carry-over 105,[^\n]*\n {4}20 statutory days from 2026 lapse on 31\.12\.2031\n {4}20 statutory days from 2027 lapse on 31\.12\.2032\n {4}20 statutory days from 2028 lapse on 31\.12\.2033\n {4}20 statutory days from 2029 lapse on 31\.12\.2034\n {4}20 statutory days from 2030 lapse on 31\.12\.2035\n/,
    );
  } finally {
    t.close();
  }
});
