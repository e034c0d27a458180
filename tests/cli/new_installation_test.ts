/**
 * A real organisation from an empty database: the employee file as Swiss offices write it (semicolons, a BOM,
 * Windows-1252 from Excel, DD.MM.YYYY), the standard leave types, and a person who then signs in, sees a
 * balance and files vacation.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { employees, leaveTypes } from "../../src/db/schema/mod.ts";
import { cli } from "../_cli.ts";

/** Windows-1252 bytes of a string whose characters are all in Latin-1 (as Excel on Swiss Windows saves). */
function windows1252(s: string): Uint8Array {
  return Uint8Array.from([...s].map((ch) => {
    const c = ch.charCodeAt(0);
    if (c > 255) throw new Error(`not Latin-1: ${ch}`);
    return c;
  }));
}

async function importFile(t: TestApp, bytes: Uint8Array) {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/people.csv`, bytes);
    return await cli(t, ["employees", "import", "--file", `${dir}/people.csv`]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const HEADER_SEMI = "personnel_number;first_name;last_name;canton;employment_start;birth_date\r\n";

Deno.test("import: the Excel-CH variants of the employee file", async (t) => {
  await t.step("semicolons (today: 'unknown column(s) personnel_number;first_name;…')", async () => {
    const app = await makeTestApp({ demo: false });
    try {
      const r = await importFile(
        app,
        new TextEncoder().encode(`${HEADER_SEMI}P1;Lea;Keller;BE;2024-03-01;\r\n`),
      );
      assert.equal(r.code, 0, r.err);
      const [e] = await app.deps.db.select().from(employees);
      assert.equal(e.lastName, "Keller");
    } finally {
      app.close();
    }
  });
  await t.step(
    "Windows-1252 from Excel: umlauts arrive as umlauts (today: J\uFFFDrg M\uFFFDller)",
    async () => {
      const app = await makeTestApp({ demo: false });
      try {
        const csv =
          `${HEADER_SEMI}P2;Jürg;Müller;ZH;01.04.2025;17.09.1988\r\nP3;Françoise;Rüegg;VD;1.4.2025;\r\n`;
        const r = await importFile(app, windows1252(csv));
        assert.equal(r.code, 0, r.err);
        const rows = await app.deps.db.select().from(employees).orderBy(employees.personnelNumber);
        assert.deepEqual(rows.map((e) => `${e.firstName} ${e.lastName}`), ["Jürg Müller", "Françoise Rüegg"]);
        assert.deepEqual(rows.map((e) => e.employmentStart), ["2025-04-01", "2025-04-01"]);
        assert.equal(rows[0].birthDate, "1988-09-17");
      } finally {
        app.close();
      }
    },
  );
  await t.step("UTF-8 with a BOM and commas, quoted fields", async () => {
    const app = await makeTestApp({ demo: false });
    try {
      const csv = "\uFEFFpersonnel_number,first_name,last_name,canton,employment_start,job_title\n" +
        'P4,Zoë,Brändli,BE,2023-01-01,"Leiterin, Finanzen"\n';
      const r = await importFile(app, new TextEncoder().encode(csv));
      assert.equal(r.code, 0, r.err);
      const [e] = await app.deps.db.select().from(employees);
      assert.equal(`${e.firstName} ${e.lastName}`, "Zoë Brändli");
      assert.equal(e.jobTitle, "Leiterin, Finanzen");
    } finally {
      app.close();
    }
  });
  await t.step("every bad date reported with its line; nothing imported", async () => {
    const app = await makeTestApp({ demo: false });
    try {
      const csv =
        `${HEADER_SEMI}P5;Anna;Bühler;BE;31.02.2026;\r\nP6;Beat;Gerber;BE;2026/03/01;\r\nP7;Carla;Frei;BE;01.03.2026;\r\n`;
      const r = await importFile(app, windows1252(csv));
      assert.equal(r.code, 1);
      assert.match(r.err, /line 2: employment_start must be a date YYYY-MM-DD or DD\.MM\.YYYY/);
      assert.match(r.err, /line 3: employment_start must be a date YYYY-MM-DD or DD\.MM\.YYYY/);
      assert.doesNotMatch(r.err, /line 4/);
      assert.equal((await app.deps.db.select().from(employees)).length, 0);
    } finally {
      app.close();
    }
  });
});

Deno.test("new installation: standard leave types, then an imported person signs in, sees 20 days and files vacation", async () => {
  const app = await makeTestApp({ demo: false, now: "2026-11-18T09:00:00.000Z" });
  try {
    const init = await cli(app, ["leave-types", "init"]);
    assert.equal(init.code, 0, init.err);
    assert.match(init.out, /VACATION, MATERNITY, OTHER_PARENT/);
    assert.match((await cli(app, ["leave-types", "init"])).out, /exist already/, "idempotent");
    const codes = (await app.deps.db.select().from(leaveTypes)).map((t) => t.code).sort();
    assert.deepEqual(codes, [
      "BEREAVEMENT",
      "CARE",
      "MATERNITY",
      "MOVING",
      "OTHER_PARENT",
      "UNPAID",
      "VACATION",
      "WEDDING",
    ]);
    const imp = await importFile(
      app,
      new TextEncoder().encode(`${HEADER_SEMI}P1;Lea;Keller;BE;01.01.2020;\r\n`),
    );
    assert.equal(imp.code, 0, imp.err);
    const add = await cli(app, [
      "user",
      "add",
      "--email",
      "lea.keller@example.ch",
      "--role",
      "employee",
      "--employee",
      "P1",
    ]);
    assert.equal(add.code, 0, add.err);
    const password = /: (\S+)\n$/.exec(add.out)![1];
    const token = await app.signIn("lea.keller@example.ch", password);
    const balances = await (await app.request("/api/v1/portal/employee/leave/balances", { token })).json();
    const vacation = balances.data.balances.find((b: { leaveType: { code: string } }) =>
      b.leaveType.code === "VACATION"
    );
    assert.equal(vacation.entitlement, 20, JSON.stringify(vacation));
    const filed = await app.request("/api/v1/portal/employee/leave/requests", {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: "2026-12-07", endDate: "2026-12-11" },
    });
    assert.equal(filed.status, 201, await filed.clone().text());
    assert.equal((await filed.json()).data.days, 5);
    const [e] = await app.deps.db.select().from(employees).where(eq(employees.personnelNumber, "P1"));
    assert.equal(e.employmentStart, "2020-01-01");
  } finally {
    app.close();
  }
});
