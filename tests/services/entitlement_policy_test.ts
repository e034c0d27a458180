/**
 * Entitlements derived from the leave type's policy: a week off costs one week of entitlement whatever the
 * working pattern (OR Art. 329a counts vacation in weeks), the legal minimum by age (OR Art. 329a para. 1:
 * four weeks, five until the 20th birthday), steps by age and service years, HR's corrections with a note,
 * and the commands that set them, with their refusals.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { closurePeriods, employees } from "../../src/db/schema/mod.ts";
import { fileLeaveRequest, getLeaveBalances } from "../../src/services/leave.ts";
import { addAccount, addEmployee } from "./_fixtures.ts";
import { eq } from "drizzle-orm";
import { cli as runCli } from "../_cli.ts";
import { adjustWords } from "../_leave_commands.ts";

type Person = Parameters<typeof addEmployee>[1];

const cli = (t: TestApp, ...words: string[]) => runCli(t, words);

async function personnelNumber(t: TestApp, id: string): Promise<string> {
  const [e] = await t.deps.db.select({ pn: employees.personnelNumber }).from(employees).where(
    eq(employees.id, id),
  );
  return e.pn;
}

const accounts = new Map<string, Awaited<ReturnType<typeof addAccount>>>();

async function vacation(t: TestApp, employeeId: string, year: number) {
  const me = accounts.get(employeeId) ?? await addAccount(t, employeeId);
  accounts.set(employeeId, me);
  const b = await getLeaveBalances(t.deps, me, { year });
  return b.balances.find((x) => x.leaveType.code === "VACATION")!;
}

/** An installation from an empty database: the standard leave types (vacation: 20 days) and no demo. */
async function fresh(): Promise<TestApp> {
  const t = await makeTestApp({ demo: false });
  const r = await cli(t, "leave-types", "init");
  assert.equal(r.code, 0, r.err);
  return t;
}

Deno.test("part time: a week off costs one week of entitlement for every working pattern, over a year with public holidays and a closure", async (t) => {
  const app = await makeTestApp({ demo: false });
  try {
    assert.equal((await cli(app, "leave-types", "init")).code, 0);
    assert.equal(
      (await cli(app, "leave-types", "policy", "--code", "VACATION", "--base-days", "25")).code,
      0,
    );
    // A company closure in a week without public holidays in BE, taken from vacation.
    await app.deps.db.insert(closurePeriods).values({
      nameDe: "Betriebsferien",
      nameEn: "Company closure",
      nameFr: "Fermeture",
      startDate: "2027-07-19",
      endDate: "2027-07-23",
      deductsLeave: true,
      createdAt: app.clock.now(),
    });
    const patterns: {
      name: string;
      weekdays: number[];
      workload: number;
      entitlement: number;
      week: number;
      easterWeek: number;
      closure: number;
    }[] = [
      // 25 days of five weekdays: five weeks.
      {
        name: "60 % on five reduced days",
        weekdays: [1, 2, 3, 4, 5],
        workload: 60,
        entitlement: 25,
        week: 5,
        easterWeek: 4,
        closure: 5,
      },
      // 25 × 3/5 = 15 days of three weekdays: five weeks.
      {
        name: "60 % on three full days (Mon–Wed)",
        weekdays: [1, 2, 3],
        workload: 60,
        entitlement: 15,
        week: 3,
        easterWeek: 2,
        closure: 3,
      },
      // 25 × 4/5 = 20 days of four weekdays: five weeks; Easter Monday is not one of them.
      {
        name: "80 % on four days (Tue–Fri)",
        weekdays: [2, 3, 4, 5],
        workload: 80,
        entitlement: 20,
        week: 4,
        easterWeek: 4,
        closure: 4,
      },
    ];
    for (const p of patterns) {
      await t.step(p.name, async () => {
        const id = await addEmployee(app, {
          weekdays: p.weekdays,
          workload: p.workload,
          employmentStart: "2020-01-01",
        });
        const me = await addAccount(app, id);
        accounts.set(id, me);
        const before = await vacation(app, id, 2027);
        assert.equal(before.entitlement, p.entitlement, "entitlement");
        assert.equal(before.closureDays, p.closure, "the closure week costs one week of the person's days");
        // Monday 1 to Friday 5 February 2027: no public holiday in BE.
        const plain = await fileLeaveRequest(app.deps, me, {
          leaveType: "VACATION",
          startDate: "2027-02-01",
          endDate: "2027-02-05",
        });
        assert.equal(plain.days, p.week, "a week off");
        // Easter Monday 29 March 2027 is a public holiday in BE (and Good Friday the Friday before).
        const easter = await fileLeaveRequest(app.deps, me, {
          leaveType: "VACATION",
          startDate: "2027-03-29",
          endDate: "2027-04-02",
        });
        assert.equal(easter.days, p.easterWeek, "the Easter week, Monday off anyway");
        const after = await vacation(app, id, 2027);
        assert.equal(after.pending, p.week + p.easterWeek);
        // Five weeks less the closure week: four weeks of the person's days remain before approval.
        assert.equal(after.remaining, p.entitlement - p.closure);
        assert.equal(after.remaining / p.week, 4, "four weeks left, whatever the pattern");
      });
    }
  } finally {
    app.close();
  }
});

Deno.test("entitlement: the legal minimum by age (OR Art. 329a para. 1) and the policy's steps by age and service years", async (t) => {
  const app = await fresh();
  try {
    const r = await cli(
      app,
      "leave-types",
      "policy",
      "--code",
      "VACATION",
      "--base-days",
      "20",
      "--step",
      "age>=50:27",
      "--step",
      "service>=10:25",
    );
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /VACATION: 20 days a year \(five-day week\), steps: age>=50:27, service>=10:25/);
    // [step, birth date, employment start, year, entitlement, more of the person]
    const cases: [string, string | undefined, string, number, number, Person?][] = [
      ["18 in 2027: five weeks until the 20th birthday", "2009-03-10", "2025-08-01", 2027, 25],
      [
        "20th birthday on 1 July 2028: 25 × 182/366 + 20 × 184/366 = 22.49",
        "2008-07-01",
        "2025-08-01",
        2028,
        22.5,
      ],
      ["21 in 2027: the policy's 20", "2006-01-15", "2025-08-01", 2027, 20],
      ["49 in 2027, five service years: 20", "1978-12-31", "2022-01-01", 2027, 20],
      ["50 in 2027 (birthday in December): 27 for the whole year", "1977-12-31", "2022-01-01", 2027, 27],
      ["10th service year reached in 2027 (start June 2017): 25", "1985-05-05", "2017-06-01", 2027, 25],
      ["9 service years in 2026: 20", "1985-05-05", "2017-06-01", 2026, 20],
      ["50 and 10 service years: the larger step, 27", "1977-01-01", "2010-01-01", 2027, 27],
      // Rounded up to the half day, never below the exact figure (OR Art. 329a para. 3).
      ["50, on three weekdays: 27 × 3/5 = 16.2 → 16.5", "1977-01-01", "2022-01-01", 2027, 16.5, {
        weekdays: [1, 2, 3],
        workload: 60,
      }],
      ["no birth date: no age step, the adult minimum", undefined, "2022-01-01", 2027, 20],
    ];
    for (const [name, birthDate, employmentStart, year, want, more] of cases) {
      await t.step(name, async () => {
        const id = await addEmployee(app, { managerId: null, birthDate, employmentStart, ...more });
        assert.equal((await vacation(app, id, year)).entitlement, want);
      });
    }
  } finally {
    app.close();
  }
});

Deno.test("entitlement: HR's corrections carry a note, add up, and show in the person's balance history", async () => {
  const app = await fresh();
  try {
    const id = await addEmployee(app, { employmentStart: "2020-01-01", managerId: null });
    const pn = await personnelNumber(app, id);
    const a = await cli(app, ...adjustWords(pn, "vacation", "2027", "2", "Überzeit Projekt Aare"));
    assert.equal(a.code, 0, a.err);
    const b = await cli(
      app,
      "leave",
      "adjust",
      "--employee",
      pn,
      "--type",
      "VACATION",
      "--year",
      "2027",
      "--days=-0.5",
      "--note",
      "Korrektur",
    );
    assert.equal(b.code, 0, b.err);
    const v = await vacation(app, id, 2027);
    assert.equal(v.entitlement, 20);
    assert.equal(v.adjustments, 1.5);
    assert.equal(v.available, 21.5);
    assert.deepEqual(v.adjustmentHistory.map((h) => [h.days, h.note]), [[2, "Überzeit Projekt Aare"], [
      -0.5,
      "Korrektur",
    ]]);
    assert.equal(v.adjustmentHistory[0].date, "2026-11-18");
    assert.deepEqual((await vacation(app, id, 2026)).adjustmentHistory, [], "another year has its own");
    const h = await cli(app, "leave", "history", "--employee", pn, "--type", "VACATION", "--year", "2027");
    assert.equal(h.code, 0);
    assert.match(h.out, /2 correction\(s\), 1\.5 days in all/);
  } finally {
    app.close();
  }
});

Deno.test("entitlement: refusals of the policy and correction commands change nothing", async (t) => {
  const app = await fresh();
  try {
    const id = await addEmployee(app, { managerId: null });
    const pn = await personnelNumber(app, id);
    const refusals: [string, string[], number, RegExp][] = [
      [
        "vacation below four weeks",
        ["leave-types", "policy", "--code", "VACATION", "--base-days", "18"],
        1,
        /at least 20 days of a five-day week \(four weeks, OR Art\. 329a para\. 1\), got 18/,
      ],
      [
        "a step that takes days away",
        ["leave-types", "policy", "--code", "VACATION", "--base-days", "25", "--step", "age>=50:22"],
        1,
        /step 1 gives 22 days, fewer than the base of 25/,
      ],
      [
        "a step age out of range",
        ["leave-types", "policy", "--code", "VACATION", "--step", "age>=99:30"],
        1,
        /fromAge must be a whole number from 14 to 80, got 99/,
      ],
      [
        "a step written wrongly",
        ["leave-types", "policy", "--code", "VACATION", "--step", "50:27"],
        2,
        /a step is written "age>=50:27"/,
      ],
      [
        "days for a type without a balance",
        ["leave-types", "policy", "--code", "WEDDING", "--base-days", "2"],
        1,
        /WEDDING keeps no balance/,
      ],
      [
        "an unknown type",
        ["leave-types", "policy", "--code", "SABBATICAL"],
        1,
        /no leave type with the code "SABBATICAL"/,
      ],
      [
        "half days neither yes nor no",
        ["leave-types", "policy", "--code", "VACATION", "--half-days", "maybe"],
        2,
        /--half-days is yes or no/,
      ],
      [
        "a correction without a real note",
        adjustWords(pn, "VACATION", "2027", "1", "x"),
        1,
        /a note of 3 to 500 characters/,
      ],
      [
        "a correction finer than half days",
        adjustWords(pn, "VACATION", "2027", "0.3", "rounding"),
        1,
        /counted in half days, got 0\.3/,
      ],
      [
        "a correction of zero",
        adjustWords(pn, "VACATION", "2027", "0", "nothing"),
        1,
        /non-zero number from -100 to 100/,
      ],
      [
        "a correction of a type without a balance",
        adjustWords(pn, "UNPAID", "2027", "1", "why not"),
        1,
        /UNPAID keeps no balance/,
      ],
      [
        "an unknown person",
        adjustWords("NOBODY", "VACATION", "2027", "1", "who?"),
        1,
        /no employee with the personnel number "NOBODY"/,
      ],
      [
        "days that are not a number",
        adjustWords(pn, "VACATION", "2027", "two", "two days"),
        2,
        /--days must be a number, got "two"/,
      ],
    ];
    for (const [name, words, code, message] of refusals) {
      await t.step(name, async () => {
        const r = await cli(app, ...words);
        assert.equal(r.code, code, r.out + r.err);
        assert.match(r.err, message);
      });
    }
    await t.step("nothing changed", async () => {
      const shown = await cli(app, "leave-types", "policy", "--code", "VACATION");
      assert.match(shown.out, /VACATION: 20 days a year \(five-day week\), steps: none, half days allowed/);
      const v = await vacation(app, id, 2027);
      assert.equal(v.adjustments, 0);
      assert.deepEqual(v.adjustmentHistory, []);
    });
  } finally {
    app.close();
  }
});

Deno.test("entitlement: a type taken in whole days refuses half-day requests", async () => {
  const app = await fresh();
  try {
    assert.equal(
      (await cli(app, "leave-types", "policy", "--code", "VACATION", "--half-days", "no")).code,
      0,
    );
    const me = await addAccount(app, await addEmployee(app, { managerId: null }));
    await assert.rejects(
      fileLeaveRequest(app.deps, me, {
        leaveType: "VACATION",
        startDate: "2027-02-01",
        endDate: "2027-02-02",
        startPortion: "AFTERNOON",
      }),
      /Invalid field 'startPortion': VACATION is taken in whole days in this organisation; use FULL\./,
    );
    const whole = await fileLeaveRequest(app.deps, me, {
      leaveType: "VACATION",
      startDate: "2027-02-01",
      endDate: "2027-02-02",
    });
    assert.equal(whole.days, 2);
  } finally {
    app.close();
  }
});
