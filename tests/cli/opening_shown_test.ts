/**
 * An opening balance imported for a person who has taken days this year and brings a carry-over, on the
 * fixture organisation (`tests/_fixture_org.ts`: built from its configuration file and Excel-CH employee file
 * by the README's commands): the days taken before the service read as taken and the carry-over as carry-over,
 * never folded into the entitlement, and the home screen (the summary API and the balances it shows), the
 * balances API, the HR person page and `leave balances` agree to the half day.
 */
import assert from "node:assert/strict";
import { cli } from "../_cli.ts";
import { addAccounts, ADMIN, buildFixtureOrg, personPassword } from "../_fixture_org.ts";

Deno.test("an imported opening balance is shown the same on the home screen, the API, HR's page and the CLI", async () => {
  const t = await buildFixtureOrg();
  const dir = await Deno.makeTempDir({ prefix: "hr-opening-" });
  try {
    await addAccounts(t, [["V04", "employee"]]);
    // As Excel on a Swiss Windows writes it: semicolons, a decimal comma. Luca Bernasconi took 14 days this
    // year before the service and brings 2.5 days from 2025.
    await Deno.writeTextFile(
      `${dir}/opening.csv`,
      "personnel_number;leave_type;year;taken;carry_over\r\nV04;VACATION;2026;14;2,5\r\n",
    );
    const imported = await cli(t, ["leave", "import-opening", "--file", `${dir}/opening.csv`]);
    assert.equal(imported.code, 0, imported.err);

    // 25 days a year at 100 % (org.yaml); the year-end closure (28 to 30 December and the morning of the
    // 31st) is planned: 3.5 days. Available 25 + 2.5 = 27.5; taken 14; left 27.5 − 14 − 3.5 = 10.
    const token = await t.signIn("luca.bernasconi@ceresio.example", personPassword("V04"));
    const balances = await (await t.request("/api/v1/portal/employee/leave/balances", { token })).json();
    const v = balances.data.balances.find((b: { leaveType: { code: string } }) =>
      b.leaveType.code === "VACATION"
    );
    assert.equal(v.entitlement, 25);
    assert.equal(v.carryOver, 2.5);
    assert.equal(v.adjustments, 0, "the opening balance is no correction");
    assert.equal(v.available, 27.5);
    assert.equal(v.used, 14, "the days taken before the service are taken");
    assert.equal(v.planned, 3.5);
    assert.equal(v.remaining, 10);
    assert.deepEqual(v.adjustmentHistory.map((h: { days: number; note: string }) => [h.days, h.note]), [
      [2.5, "Saldo iniziale: riporto dal 2025"],
      [-14, "Saldo iniziale: già presi prima dell'inizio"],
    ]);

    // The home screen: what is available this year (entitlement with the carry-over), taken, planned, left.
    const summary = await (await t.request("/api/v1/portal/employee/summary", { token })).json();
    assert.deepEqual(summary.data.leave, {
      year: 2026,
      remaining: 10,
      entitlement: 27.5,
      used: 14,
      planned: 3.5,
    });

    const text = await cli(t, ["leave", "balances", "--employee", "V04"]);
    assert.equal(text.code, 0, text.err);
    assert.match(
      text.out,
      /VACATION +entitlement 25, carry-over 2\.5, corrections 0, available 27\.5, used 14, planned 3\.5, requested 0, remaining 10\n/,
    );

    const cookie = { Cookie: `hr_session=${await t.signIn(ADMIN.email, ADMIN.password)}` };
    const page = await (await t.request("/hr/people/V04", { headers: cookie })).text();
    const row = /<tr data-type="VACATION">([\s\S]*?)<\/tr>/.exec(page)?.[1] ?? "";
    const cell = (col: string) => new RegExp(`data-col="${col}">([^<]*)<`).exec(row)?.[1];
    assert.deepEqual(
      ["entitlement", "carryOver", "adjustments", "available", "used", "planned", "remaining"].map(cell),
      ["25", "2.5", "0", "27.5", "14", "3.5", "10"],
      row,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
    t.close();
  }
});
