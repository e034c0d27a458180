/**
 * The employee CSV's `language` column: it sets the person's language, kept with their record and set on the
 * account linked to them, and is refused (the whole file, nothing written) for an unknown language.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { employees, users } from "../../src/db/schema/mod.ts";
import { cli } from "../_cli.ts";

const HEADER = "personnel_number,first_name,last_name,canton,employment_start,language";

Deno.test("csv import: the language column sets it for a person's account; bad values change nothing", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const first = await cli(
      t,
      ["employees", "import", "--file", "-"],
      [
        "personnel_number,first_name,last_name,canton,employment_start",
        "P1,Lucia,Bernasconi,TI,2024-03-01",
        "P2,Marco,Pedrazzini,TI,2024-05-01",
      ].join("\n"),
    );
    assert.equal(first.code, 0, first.err);
    const p1 = await t.deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, "P1") });
    const now = t.clock.now();
    await t.deps.db.insert(users).values({
      email: "lucia@example.ch",
      role: "employee",
      language: "de",
      employeeId: p1!.id,
      createdAt: now,
      updatedAt: now,
    });
    const languageOf = async () =>
      (await t.deps.db.query.users.findFirst({ where: eq(users.email, "lucia@example.ch") }))?.language;

    for (
      const [rows, problem] of [
        [["P1,Lucia,Bernasconi,TI,2024-03-01,rm"], /line 2: language must be de, en, fr or it/],
        [["P1,Lucia,Bernasconi,TI,2024-03-01,it-CH"], /line 2: language must be de, en, fr or it/],
        [
          ["P1,Lucia,Bernasconi,TI,2024-03-01,it", "P3,Gina,Rossi,TI,2025-01-01,xx"],
          /line 3: language must be de, en, fr or it/,
        ],
      ] as const
    ) {
      const r = await cli(t, ["employees", "import", "--file", "-"], [HEADER, ...rows].join("\n"));
      assert.equal(r.code, 1, rows.join(" | "));
      assert.match(r.err, problem);
      assert.match(r.err, /Nothing was imported/);
      assert.equal(await languageOf(), "de", "nothing changed");
      assert.equal((await t.deps.db.select().from(employees)).length, 2, "nothing added");
    }

    const ok = await cli(
      t,
      ["employees", "import", "--file", "-"],
      [
        HEADER,
        "P1,Lucia,Bernasconi,TI,2024-03-01,IT",
        "P2,Marco,Pedrazzini,TI,2024-05-01,",
      ].join("\n"),
    );
    assert.equal(ok.code, 0, ok.err);
    assert.match(ok.out, /0 added, 2 updated/);
    assert.equal(await languageOf(), "it");

    // The export carries the language, and importing the export changes nothing.
    const exp = await cli(t, ["employees", "export"]);
    assert.match(exp.out.split(/\r?\n/)[0], /,language$/);
    assert.match(exp.out, /^P1,Lucia,Bernasconi,.*,it$/m);
    assert.match(exp.out, /^P2,Marco,Pedrazzini,.*,$/m);
    const back = await cli(t, ["employees", "import", "--file", "-"], exp.out);
    assert.equal(back.code, 0, back.err);
    assert.equal(await languageOf(), "it");

    // A person without an account keeps the language with their record (their invitation is written in it).
    const noAccount = await cli(
      t,
      ["employees", "import", "--file", "-"],
      [HEADER, "P2,Marco,Pedrazzini,TI,2024-05-01,fr"].join("\n"),
    );
    assert.equal(noAccount.code, 0, noAccount.err);
    const p2 = await t.deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, "P2") });
    assert.equal(p2?.language, "fr");
    assert.match((await cli(t, ["employees", "export"])).out, /^P2,Marco,Pedrazzini,.*,fr$/m);
  } finally {
    t.close();
  }
});
