/**
 * What Excel on a Swiss Windows does to the fixture organisation's files (`tests/_fixture_org.ts`, built by
 * the README's commands): a workload cell formatted as a percentage, and the leave balances opened as columns.
 */
import assert from "node:assert/strict";
import { addAccounts, buildFixtureOrg, PEOPLE_CSV, personPassword } from "../_fixture_org.ts";
import { cli } from "../_cli.ts";

/** The fixture's employee file with each person's workload cell written by `cell` (from the number). */
async function peopleWithWorkload(cell: (n: string, i: number) => string): Promise<string> {
  const text = await Deno.readTextFile(PEOPLE_CSV);
  const [head, ...rows] = text.split("\r\n");
  const col = head.replace(/^\uFEFF/, "").split(";").indexOf("workload_percent");
  assert.ok(col > 0);
  return [
    head,
    ...rows.map((r, i) => {
      if (!r) return r;
      const cells = r.split(";");
      cells[col] = cell(cells[col], i);
      return cells.join(";");
    }),
  ].join("\r\n");
}

Deno.test("employees import: a workload written 100%, 80 % or 62,5 as Excel writes a percentage is read as the number", async () => {
  const t = await buildFixtureOrg();
  try {
    // Excel writes a percent-formatted cell with the sign: `100%`; in a French or Swiss locale with a space,
    // often a no-break one (`80 %`, `80\u00a0%`, `80\u202f%`).
    const forms = [
      (n: string) => `${n}%`,
      (n: string) => `${n} %`,
      (n: string) => `${n}\u00a0%`,
      (n: string) => `${n}\u202f%`,
    ];
    const same = await peopleWithWorkload((n, i) => forms[i % forms.length](n));
    const dry = await cli(t, ["employees", "import", "--file", "-", "--dry-run"], same);
    assert.equal(dry.code, 0, dry.err);
    assert.match(dry.out, /0 to add, 0 to change, 13 unchanged/);

    const changed = await peopleWithWorkload((n, i) => i === 2 ? "62,5 %" : n);
    const r = await cli(t, ["employees", "import", "--file", "-"], changed);
    assert.equal(r.code, 0, r.err);
    const row = await t.deps.database.client.execute(
      "SELECT workload_percent FROM employees WHERE personnel_number = 'V03'",
    );
    assert.equal(Number(row.rows[0][0]), 62.5);

    // Still refused: above 100 %, two signs, a sign with no number, a sign in front.
    for (const bad of ["120%", "80%%", "%", "% 80", "8 0 %"]) {
      const before = await t.deps.database.client.execute(
        "SELECT workload_percent FROM employees ORDER BY id",
      );
      const refused = await cli(
        t,
        ["employees", "import", "--file", "-"],
        await peopleWithWorkload((n, i) => i === 0 ? bad : n),
      );
      assert.equal(refused.code, 1, bad);
      assert.match(refused.err, /line 2: workload_percent must be a number above 0 and at most 100/, bad);
      const after = await t.deps.database.client.execute(
        "SELECT workload_percent FROM employees ORDER BY id",
      );
      assert.deepEqual(after.rows, before.rows, `${bad}: nothing changed`);
    }
  } finally {
    t.close();
  }
});

Deno.test("leave balances --excel: semicolons, a byte-order mark, CRLF, and no row for a type that does not apply", async () => {
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [["V04", "employee"]]);
    // Luca moves house on 7 December: a type without a balance, which is then his row.
    const filed = await t.request("/api/v1/portal/employee/leave/requests", {
      method: "POST",
      token: await t.signIn("luca.bernasconi@ceresio.example", personPassword("V04")),
      json: { leaveType: "MOVING", startDate: "2026-12-07", endDate: "2026-12-07" },
    });
    assert.equal(filed.status, 201, await filed.clone().text());
    const r = await cli(t, ["leave", "balances", "--excel", "--year", "2026"]);
    assert.equal(r.code, 0, r.err);
    assert.ok(r.out.startsWith("\uFEFF"), "a UTF-8 byte-order mark");
    assert.ok(r.out.endsWith("\r\n"));
    assert.doesNotMatch(r.out.replaceAll("\r\n", ""), /\n/, "CRLF line ends only");
    const lines = r.out.slice(1).split("\r\n").filter((l) => l);
    assert.equal(
      lines[0],
      "personnel_number;name;leave_type;year;entitlement;carry_over;corrections;available;used;planned;requested;remaining",
    );
    const rows = lines.slice(1).map((l) => l.split(";"));
    for (const row of rows) assert.equal(row.length, 12, row.join(";"));
    // The fixture's types with a balance are vacation and training (tests/fixtures/org.yaml); every other type
    // is recorded leave, and nobody has taken or asked for any yet.
    const sara = rows.filter((row) => row[0] === "V03").map((row) => row[2]).sort();
    assert.deepEqual(sara, ["TRAINING", "VACATION"]);
    const moving = rows.filter((row) => row[2] === "MOVING");
    assert.deepEqual(moving.map((row) => [row[0], row[4], row[10]]), [["V04", "", "1"]]);
    for (const row of rows.filter((row) => row[2] !== "MOVING")) {
      assert.notEqual(row[4], "", `a row with a balance: ${row.join(";")}`);
    }
    const people = new Set(rows.map((row) => row[0]));
    assert.equal(rows.length, people.size * 2 + 1);

    // The CSV without --excel keeps commas and no mark, with the same rows.
    const plain = await cli(t, ["leave", "balances", "--format", "csv", "--year", "2026"]);
    assert.ok(!plain.out.startsWith("\uFEFF"));
    assert.equal(plain.out.split("\r\n").filter((l) => l).length, lines.length);
    assert.match(plain.out, /^personnel_number,name,leave_type,/);

    const refused = await cli(t, ["leave", "balances", "--excel", "--format", "text"]);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /--excel writes CSV/);
  } finally {
    t.close();
  }
});
