/**
 * HR's salary changes and company closures as commands: what the person then sees in the portal, and every
 * refusal with nothing changed.
 */
import assert from "node:assert/strict";
import { count } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { closurePeriods, compensation } from "../../src/db/schema/mod.ts";
import { cli as runCli } from "../_cli.ts";

const cli = (t: TestApp, ...words: string[]) => runCli(t, words);

Deno.test("compensation: a raise from January shows in the person's portal as upcoming; refusals change nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const r = await cli(
      t,
      "compensation",
      "add",
      "--employee",
      "GW-013",
      "--valid-from",
      "2027-01-01",
      "--annual-salary",
      "120'000",
      "--reason",
      "Beförderung",
    );
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /CHF 120000 a year in 13 payments from 2027-01-01/);
    const token = await t.signIn("employee@demo.example");
    const comp = await (await t.request("/api/v1/portal/employee/compensation", { token })).json();
    const next = comp.data.upcoming.find((u: { validFrom: string }) => u.validFrom === "2027-01-01");
    assert.ok(next, JSON.stringify(comp.data.upcoming));
    assert.equal(next.annualSalary, 120000);
    assert.equal(next.monthlySalary, 9230.77, "120,000 / 13");
    assert.equal(next.reason, "Beförderung");
    const list = await cli(t, "compensation", "list", "--employee", "GW-013");
    assert.match(list.out, /2027-01-01 {2}CHF 120000 {2}13 payments {2}Beförderung/);

    const before = (await t.deps.db.select({ n: count() }).from(compensation))[0].n;
    const refusals: [string, string[], number, RegExp][] = [
      [
        "an unknown person",
        ["--employee", "NOBODY", "--valid-from", "2027-02-01", "--annual-salary", "1"],
        1,
        /no employee with the personnel number "NOBODY"/,
      ],
      [
        "before the employment starts",
        ["--employee", "GW-013", "--valid-from", "2020-01-01", "--annual-salary", "90000"],
        1,
        /before the employment starts \(01.04.2022\)/,
      ],
      [
        "a salary of zero",
        ["--employee", "GW-013", "--valid-from", "2027-03-01", "--annual-salary", "0"],
        1,
        /annual salary must be a positive amount, got 0/,
      ],
      [
        "14 payments",
        [
          "--employee",
          "GW-013",
          "--valid-from",
          "2027-03-01",
          "--annual-salary",
          "90000",
          "--payments",
          "14",
        ],
        1,
        /payments must be 12 or 13, got 14/,
      ],
      [
        "a second change on the same date",
        ["--employee", "GW-013", "--valid-from", "2027-01-01", "--annual-salary", "130000"],
        1,
        /already has a salary valid from 01.01.2027/,
      ],
      [
        "a date that does not exist",
        ["--employee", "GW-013", "--valid-from", "2027-02-30", "--annual-salary", "90000"],
        1,
        /valid-from must be a date YYYY-MM-DD, got "30.02.2027"/,
      ],
      [
        "an amount that is not one",
        ["--employee", "GW-013", "--valid-from", "2027-03-01", "--annual-salary", "viel"],
        2,
        /--annual-salary must be a number, got "viel"/,
      ],
      ["no person", ["--valid-from", "2027-03-01", "--annual-salary", "90000"], 2, /--employee is required/],
    ];
    for (const [name, args, code, message] of refusals) {
      await ctx.step(name, async () => {
        const x = await cli(t, "compensation", "add", ...args);
        assert.equal(x.code, code, x.out + x.err);
        assert.match(x.err, message);
      });
    }
    assert.equal((await t.deps.db.select({ n: count() }).from(compensation))[0].n, before);
  } finally {
    t.close();
  }
});

Deno.test("closures: a year-end closure taken from vacation shows in the portal and costs its working days; refusals change nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const r = await cli(
      t,
      "closures",
      "add",
      "--from",
      "2027-12-27",
      "--to",
      "2027-12-31",
      "--name",
      "Betriebsferien",
      "--name-fr",
      "Fermeture annuelle",
      "--deducts-leave",
    );
    assert.equal(r.code, 0, r.err);
    const token = await t.signIn("employee@demo.example");
    const closures = await (await t.request("/api/v1/portal/employee/closures?year=2027", { token })).json();
    assert.ok(JSON.stringify(closures).includes("2027-12-27"), JSON.stringify(closures).slice(0, 400));
    const balances = await (await t.request("/api/v1/portal/employee/leave/balances?year=2027", { token }))
      .json();
    const vacation = balances.data.balances.find((b: { leaveType: { code: string } }) =>
      b.leaveType.code === "VACATION"
    );
    // Monday 27 to Friday 31 December 2027; 31 December's afternoon is a half holiday in BE: 4.5 days.
    assert.equal(vacation.closureDays, 4.5);
    assert.match(
      (await cli(t, "closures", "list")).out,
      /2027-12-27 – 2027-12-31 {2}Betriebsferien {2}from vacation/,
    );

    const before = (await t.deps.db.select({ n: count() }).from(closurePeriods))[0].n;
    const refusals: [string, string[], number, RegExp][] = [
      [
        "overlapping another closure",
        ["--from", "2027-12-30", "--to", "2028-01-02", "--name", "Neujahr"],
        1,
        /overlaps the closure from 27.12.2027 to 31.12.2027/,
      ],
      [
        "ending before it starts",
        ["--from", "2028-08-10", "--to", "2028-08-01", "--name", "Sommer"],
        1,
        /to is before from/,
      ],
      [
        "longer than two months",
        ["--from", "2028-06-01", "--to", "2028-09-30", "--name", "Sommer"],
        1,
        /at most 62 days/,
      ],
      [
        "a canton that does not exist",
        ["--from", "2028-08-01", "--to", "2028-08-05", "--name", "Sommer", "--canton", "XY"],
        1,
        /"XY" is not a canton code/,
      ],
      [
        "a date that does not exist",
        ["--from", "2028-02-30", "--to", "2028-03-02", "--name", "Winter"],
        1,
        /from must be a date YYYY-MM-DD, got "30.02.2028"/,
      ],
      ["no name", ["--from", "2028-08-01", "--to", "2028-08-05"], 2, /--name is required/],
    ];
    for (const [name, args, code, message] of refusals) {
      await ctx.step(name, async () => {
        const x = await cli(t, "closures", "add", ...args);
        assert.equal(x.code, code, x.out + x.err);
        assert.match(x.err, message);
      });
    }
    assert.equal((await t.deps.db.select({ n: count() }).from(closurePeriods))[0].n, before);
  } finally {
    t.close();
  }
});
