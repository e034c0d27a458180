/**
 * `leave balances` and `leave import-opening` on an organisation built the way a customer builds one: the
 * configuration file (`org apply`) and the employee file (`employees import`), run as commands. The balances
 * are the portal's figures (the same function); the opening balances arrive as Excel-CH writes them, all or
 * nothing, and importing the same file again changes nothing.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { buildByCommands } from "../_command_org.ts";
import { adjustWords } from "../_leave_commands.ts";
import { employees, leaveAdjustments } from "../../src/db/schema/mod.ts";
import { getLeaveBalances } from "../../src/services/leave.ts";
import { getEmployeeSummary } from "../../src/services/summary.ts";
import type { Actor } from "../../src/services/actor.ts";
import { parseCsv } from "../../src/csv.ts";

// P1 80 % on four days since 2012; P2 joined on 1 June 2026; P3's name starts like a spreadsheet formula.
const PEOPLE_FILE = "personnel_number;first_name;last_name;canton;employment_start;birth_date;" +
  "workload_percent;working_weekdays;department\r\n" +
  "P1;Jürg;Müller;BE;01.03.2012;15.06.1975;80;1-4;Werkstatt\r\n" +
  "P2;Anna;Meier;ZH;01.06.2026;02.02.1990;100;1-5;Büro\r\n" +
  "P3;=1+1;Test;BE;01.01.2020;03.03.1985;100;1-5;\r\n";

/** Runs a test on the organisation built by commands; its files and the app are gone however it ends. */
async function inOrganisation(test: (t: TestApp, dir: string) => Promise<void>): Promise<void> {
  const t = await makeTestApp({ demo: false });
  const dir = await buildByCommands(t, { peopleCsv: PEOPLE_FILE });
  try {
    await test(t, dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
    t.close();
  }
}

async function vacationOf(t: TestApp, pn: string) {
  const e = await t.deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, pn) });
  const actor: Actor = {
    userId: "t",
    role: "employee",
    language: "de",
    employeeId: e!.id,
    channel: "PORTAL",
  };
  const v = (await getLeaveBalances(t.deps, actor)).balances.find((b) => b.leaveType.code === "VACATION")!;
  return { v, summary: await getEmployeeSummary(t.deps, actor), id: e!.id };
}

Deno.test("leave balances: everyone's figures as text and as CSV, the portal's numbers, formulas as text", () =>
  inOrganisation(async (t) => {
    const text = await cli(t, ["leave", "balances"]);
    assert.equal(text.code, 0, text.err);
    // 27 days (age step) on four of five weekdays: 21.6, rounded up to the half day (never below the exact
    // figure, OR Art. 329a): 22.
    assert.match(
      text.out,
      /P1 {2}Jürg Müller\n {2}VACATION +entitlement 22, carry-over 0, corrections 0, available 22, used 0, planned 0, requested 0, remaining 22/,
    );
    // Anna from 1 June: 25 × 214/365 = 14.66 days, rounded up to the half day: 15.
    const anna = await vacationOf(t, "P2");
    assert.equal(anna.v.entitlement, 15, JSON.stringify(anna.v));
    assert.match(text.out, new RegExp(`P2  Anna Meier\\n  VACATION +entitlement ${anna.v.entitlement},`));
    assert.match(text.out, /3 person\(s\), leave year 2026\./);

    const csv = await cli(t, ["leave", "balances", "--format", "csv", "--year", "2026"]);
    assert.equal(csv.code, 0, csv.err);
    const rows = parseCsv(csv.out).map((r) => r.cells);
    assert.deepEqual(rows[0], [
      "personnel_number",
      "name",
      "leave_type",
      "year",
      "entitlement",
      "carry_over",
      "corrections",
      "available",
      "used",
      "planned",
      "requested",
      "remaining",
    ]);
    const p1 = rows.find((r) => r[0] === "P1" && r[2] === "VACATION")!;
    assert.deepEqual(p1, [
      "P1",
      "Jürg Müller",
      "VACATION",
      "2026",
      "22",
      "0",
      "0",
      "22",
      "0",
      "0",
      "0",
      "22",
    ]);
    // A type without a balance is a row only where days were taken or asked for (tests/cli/excel_details_test.ts
    // shows one, its entitlement empty); nobody here took unpaid leave.
    assert.equal(rows.find((r) => r[0] === "P1" && r[2] === "UNPAID"), undefined);
    assert.ok(csv.out.includes(`"'=1+1 Test"`), "a name that starts like a formula is written as text");

    const one = await cli(t, ["leave", "balances", "--employee", "P2", "--year", "2027"]);
    assert.equal(one.code, 0, one.err);
    assert.match(one.out, /P2 {2}Anna Meier\n {2}VACATION +entitlement 25,/);
    assert.doesNotMatch(one.out, /P1/);

    const unknown = await cli(t, ["leave", "balances", "--employee", "P9"]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /no employee with the personnel number "P9"/);
    const badFormat = await cli(t, ["leave", "balances", "--format", "xlsx"]);
    assert.equal(badFormat.code, 2);
    assert.match(badFormat.err, /--format is text or csv, got "xlsx"/);
    const badYear = await cli(t, ["leave", "balances", "--year", "26"]);
    assert.equal(badYear.code, 2);
    assert.match(badYear.err, /--year must be a year from 2000 to 2100, got "26"/);
  }));

Deno.test("leave import-opening: Excel-CH's file sets opening balances once, as corrections the person sees", () =>
  inOrganisation(async (t, dir) => {
    // A hand correction before the import: the import never replaces it.
    const adjusted = await cli(t, adjustWords("P1", "VACATION", "2026", "1", "Jubiläumstag"));
    assert.equal(adjusted.code, 0, adjusted.err);
    // A byte-order mark, semicolons and decimal commas, as Excel on a Swiss Windows saves "CSV UTF-8".
    const file = "\uFEFFPersonnel_Number;Leave_Type;Year;Taken;Carry-Over\r\n" +
      "P1;vacation;2026;8,5;3\r\n" +
      "P2;VACATION;2026;0;0\r\n";
    await Deno.writeTextFile(`${dir}/opening.csv`, file);
    const first = await cli(t, ["leave", "import-opening", "--file", `${dir}/opening.csv`]);
    assert.equal(first.code, 0, first.err);
    assert.equal(first.out, "Opening balances imported: 2 set, 0 unchanged.\n");

    const after = await vacationOf(t, "P1");
    // 22 + 1 (hand) + 3 (carry-over) − 8.5 (taken before) = 17.5: the carry-over reads as carry-over and the
    // days taken before as taken, only the hand correction as a correction.
    assert.equal(after.v.adjustments, 1);
    assert.equal(after.v.carryOver, 3);
    assert.equal(after.v.used, 8.5);
    assert.equal(after.v.remaining, 17.5);
    assert.deepEqual(
      after.v.adjustmentHistory.map((h) => [h.days, h.note]),
      [[1, "Jubiläumstag"], [3, "Eröffnungssaldo: Übertrag aus 2025"], [
        -8.5,
        "Eröffnungssaldo: vor dem Start bereits bezogen",
      ]],
      "the person reads the reasons in the organisation's language (no account yet)",
    );
    assert.equal(after.summary.leave?.remaining, 17.5, "the home screen shows the same");

    const history = await cli(t, [
      "leave",
      "history",
      "--employee",
      "P1",
      "--type",
      "VACATION",
      "--year",
      "2026",
    ]);
    assert.match(history.out, /3 correction\(s\), -4\.5 days in all\./);

    // The same file again: nothing changes, nothing is counted twice.
    const again = await cli(t, ["leave", "import-opening", "--file", `${dir}/opening.csv`]);
    assert.equal(again.code, 0, again.err);
    assert.equal(again.out, "Opening balances imported: 0 set, 2 unchanged.\n");
    assert.equal((await vacationOf(t, "P1")).v.remaining, 17.5);

    // A corrected file replaces the opening balance (the hand correction stays), from standard input.
    const corrected = await cli(
      t,
      ["leave", "import-opening", "--file", "-"],
      "personnel_number,leave_type,year,taken,carry_over\nP1,VACATION,2026,6,2\n",
    );
    assert.equal(corrected.code, 0, corrected.err);
    assert.equal(corrected.out, "Opening balances imported: 1 set, 0 unchanged.\n");
    const replaced = await vacationOf(t, "P1");
    assert.equal(replaced.v.remaining, 22 + 1 + 2 - 6);
    assert.deepEqual(replaced.v.adjustmentHistory.map((h) => h.days), [1, 2, -6]);

    // With 2026's opening balance the service knows the whole year: its remainder carries into 2027, for Anna
    // too, who took nothing before; P3 without one carries nothing. The statutory minimum left carries whole
    // (OR Art. 329a para. 1, pro rata; Art. 341 para. 1: no cap cuts it), the extra days up to the cap of 5:
    // Jürg 19 left, 16 of them statutory (20 × 4/5), 3 extra; Anna 15 left (1 June), 12 statutory
    // (20 × 214/365 = 11.7, to the half day up), 3 extra.
    const carry = await cli(t, ["leave", "balances", "--year", "2027", "--format", "csv"]);
    const rows2027 = parseCsv(carry.out).map((r) => r.cells).filter((r) => r[2] === "VACATION");
    assert.deepEqual(rows2027.map((r) => [r[0], r[5]]), [["P1", "19"], ["P2", "15"], ["P3", "0"]]);
    const rows = await t.deps.db.select().from(leaveAdjustments).where(
      eq(leaveAdjustments.employeeId, replaced.id),
    );
    assert.equal(rows.length, 3);
  }));

Deno.test("leave import-opening: every bad row is reported with its line and field, and nothing is written", () =>
  inOrganisation(async (t, dir) => {
    const file = "personnel_number;leave_type;year;taken;carry_over\r\n" +
      "P1;VACATION;2026;2;1\r\n" + // fine, but the file is refused as a whole
      "P9;VACATION;2026;1;0\r\n" +
      "P1;HOLIDAY;2026;1;0\r\n" +
      "P1;UNPAID;2026;1;0\r\n" +
      "P1;VACATION;1999;1;0\r\n" +
      "P2;VACATION;2025;1;0\r\n" +
      "P3;VACATION;2026;abc;-1\r\n" +
      "P3;VACATION;2025;2.25;0\r\n" +
      "P1;VACATION;2026;3;0\r\n" +
      "P1;VACATION;2026\r\n";
    await Deno.writeTextFile(`${dir}/bad.csv`, file);
    const r = await cli(t, ["leave", "import-opening", "--file", `${dir}/bad.csv`]);
    assert.equal(r.code, 1);
    assert.equal(
      r.err,
      "Nothing was imported. 10 problem(s):\n" +
        '  line 3: personnel_number: there is no person with the personnel number "P9"\n' +
        '  line 4: leave_type: there is no leave type with the code "HOLIDAY"\n' +
        "  line 5: leave_type: UNPAID keeps no balance\n" +
        '  line 6: year: a year from 2000 to 2027, got "1999"\n' +
        "  line 7: year: 2025 is outside the employment (2026-06-01 to …)\n" +
        '  line 8: taken: a number from 0 to 366, got "abc"\n' +
        '  line 8: carry_over: a number from 0 to 366, got "-1"\n' +
        '  line 9: taken: counted in half days, got "2.25"\n' +
        "  line 10: P1, VACATION 2026 is already on line 2\n" +
        "  line 11: expected 5 fields, found 3\n",
    );
    assert.equal((await t.deps.db.select().from(leaveAdjustments)).length, 0, "nothing was written");

    const noColumn = await cli(
      t,
      ["leave", "import-opening", "--file", "-"],
      "personnel_number;leave_type;year;taken\nP1;VACATION;2026;1\n",
    );
    assert.equal(noColumn.code, 1);
    assert.match(noColumn.err, /line 1: the column carry_over is missing/);
    const empty = await cli(t, ["leave", "import-opening", "--file", "-"], "");
    assert.equal(empty.code, 1);
    assert.match(empty.err, /The file is empty\./);
    const missing = await cli(t, ["leave", "import-opening", "--file", `${dir}/none.csv`]);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /Cannot read .*none\.csv/);
    const usage = await cli(t, ["leave", "import-opening"]);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /--file is required/);
  }));
