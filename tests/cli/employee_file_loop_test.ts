/**
 * The employee file's loop through Excel on a Swiss Windows: export in the form Excel opens as columns,
 * edit, import again. A re-import never clears a field from an empty cell unless asked, a dry run says what
 * would change and writes nothing, and the working weekdays are read in the forms people type.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { employees } from "../../src/db/schema/mod.ts";
import { parseWeekdays } from "../../src/services/employee_records.ts";

const HEADER = "personnel_number;first_name;last_name;phone;canton;employment_start;working_weekdays;iban";

/** Two people: Jürg in Zürich with a phone and an IBAN, Lea with neither. */
const PEOPLE = [
  HEADER,
  "P1;Jürg;Müller;+41 44 123 45 67;ZH;01.02.2020;1-5;CH9300762011623852957",
  "P2;Lea;Keller;;BE;2021-03-01;Mo-Mi;",
].join("\r\n") + "\r\n";

async function person(t: Awaited<ReturnType<typeof makeTestApp>>, pn: string) {
  const e = await t.deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, pn) });
  assert.ok(e, pn);
  return e;
}

Deno.test("employees export --excel: semicolons, a UTF-8 byte-order mark, CRLF; imported back unchanged", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    assert.equal((await cli(t, ["employees", "import", "--file", "-"], PEOPLE)).code, 0);
    const r = await cli(t, ["employees", "export", "--excel"]);
    assert.equal(r.code, 0, r.err);
    assert.ok(r.out.startsWith("\uFEFFpersonnel_number;first_name;last_name;"), r.out.slice(0, 60));
    assert.match(r.out, /\r\nP1;Jürg;Müller;/);
    assert.ok(!/[^\r]\n/.test(r.out), "every line ends in CRLF");
    // A cell holding the separator is quoted, so Excel keeps it in one column.
    assert.match(r.out, /;"1;2;3;4;5";/);
    const bytes = new TextEncoder().encode(r.out);
    assert.deepEqual([...bytes.slice(0, 3)], [0xef, 0xbb, 0xbf]);

    const back = await cli(t, ["employees", "import", "--file", "-"], r.out);
    assert.equal(back.code, 0, back.err);
    assert.equal((await cli(t, ["employees", "export", "--excel"])).out, r.out, "byte for byte the same");
    // The plain form is unchanged: commas, no byte-order mark.
    const plain = await cli(t, ["employees", "export"]);
    assert.match(plain.out, /^personnel_number,first_name/);
  } finally {
    t.close();
  }
});

Deno.test("employees export --file - writes to standard output, not to a file named -", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    await cli(t, ["employees", "import", "--file", "-"], PEOPLE);
    const before = await Deno.stat("-").then(() => true, () => false);
    const r = await cli(t, ["employees", "export", "--file", "-"]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^personnel_number,first_name/);
    assert.match(r.out, /P1,Jürg,Müller/);
    if (!before) assert.equal(await Deno.stat("-").then(() => true, () => false), false, "no file named -");
  } finally {
    t.close();
  }
});

Deno.test("employees import: an empty cell or a missing column keeps the field; --clear-empty clears it", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    await cli(t, ["employees", "import", "--file", "-"], PEOPLE);
    // An old export without the phone and with an empty IBAN, and a file without the column at all.
    const old = [
      "personnel_number;first_name;last_name;phone;canton;employment_start;iban",
      "P1;Jürg;Müller;;ZH;2020-02-01;",
    ].join("\r\n");
    const r = await cli(t, ["employees", "import", "--file", "-"], old);
    assert.equal(r.code, 0, r.err);
    let p1 = await person(t, "P1");
    assert.equal(p1.phone, "+41 44 123 45 67");
    assert.equal(p1.iban, "CH9300762011623852957");
    assert.equal(p1.workingWeekdays, "1,2,3,4,5", "a column the file lacks keeps its value");

    const cleared = await cli(t, ["employees", "import", "--file", "-", "--clear-empty"], old);
    assert.equal(cleared.code, 0, cleared.err);
    p1 = await person(t, "P1");
    assert.equal(p1.phone, null);
    assert.equal(p1.iban, null);
    assert.equal(p1.workingWeekdays, "1,2,3,4,5", "a missing column is not an empty cell");
  } finally {
    t.close();
  }
});

Deno.test("employees import --dry-run: what would change, per person and field; nothing is written", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    await cli(t, ["employees", "import", "--file", "-"], PEOPLE);
    const file = [
      HEADER,
      "P1;Jürg;Müller;+41 44 999 00 00;ZH;2020-02-01;1-5;CH5604835012345678009",
      "P2;Lea;Keller;;BE;2021-03-01;Mo-Mi;",
      "P3;Noé;Dubois;;VD;2022-01-10;lu-me;",
    ].join("\r\n");
    const r = await cli(t, ["employees", "import", "--file", "-", "--dry-run"], file);
    assert.equal(r.code, 0, r.err);
    assert.equal(
      r.out,
      "Dry run, nothing was written: 1 to add, 1 to change, 1 unchanged.\n" +
        '  P1 Jürg Müller: phone "+41 44 123 45 67" → "+41 44 999 00 00"; iban …2957 → …8009\n' +
        "  P3 Noé Dubois: new\n",
    );
    const p1 = await person(t, "P1");
    assert.equal(p1.phone, "+41 44 123 45 67");
    assert.equal(p1.iban, "CH9300762011623852957");
    assert.equal((await t.deps.db.select().from(employees)).length, 2, "nobody added");

    const bad = await cli(
      t,
      ["employees", "import", "--file", "-", "--dry-run"],
      `${HEADER}\r\nP4;A;B;;XX;2020-01-01;;`,
    );
    assert.equal(bad.code, 1);
    assert.match(bad.err, /line 2: canton/);
  } finally {
    t.close();
  }
});

Deno.test("employees import: working weekdays as 1-3, 1,2,3, Mo-Mi, lu-me or Mon-Wed in a semicolon file", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const forms = ["1-3", "1,2,3", "Mo-Mi", "lu-me", "Mon-Wed", "mo - mi", '"1;2;3"', "Di-Do", "Mo,Fr"];
    const rows = forms.map((w, i) => `Q${i};A;B;;BE;2024-01-01;${w};`);
    const r = await cli(t, ["employees", "import", "--file", "-"], [HEADER, ...rows].join("\r\n"));
    assert.equal(r.code, 0, r.err);
    const got = await Promise.all(forms.map(async (_, i) => (await person(t, `Q${i}`)).workingWeekdays));
    assert.deepEqual(got, [...Array(7).fill("1,2,3"), "2,3,4", "1,5"]);

    const bad = await cli(
      t,
      ["employees", "import", "--file", "-"],
      [HEADER, "Z1;A;B;;BE;2024-01-01;Di;", "Z2;A;B;;BE;2024-01-01;1;8;", "Z3;A;B;;BE;2024-01-01;Fr-Mo;"]
        .join("\n"),
    );
    assert.equal(bad.code, 1);
    assert.match(bad.err, /line 2: working_weekdays "Di" means different days in different languages/);
    assert.match(bad.err, /line 3: expected 8 fields, found 9/);
    assert.match(bad.err, /line 4: working_weekdays must be ISO weekdays such as 1-5/);
  } finally {
    t.close();
  }
});

Deno.test("parseWeekdays reads numbers and the four languages' abbreviations, and says why not", () => {
  assert.deepEqual(parseWeekdays("1-5"), [1, 2, 3, 4, 5]);
  assert.deepEqual(parseWeekdays("Lu-Ve"), [1, 2, 3, 4, 5]);
  assert.deepEqual(parseWeekdays("gi, ve"), [4, 5]);
  assert.deepEqual(parseWeekdays("Mo./Mi./Fr."), [1, 3, 5]);
  assert.deepEqual(parseWeekdays("Sa So"), [6, 7]);
  assert.deepEqual(parseWeekdays("Thu-Sun"), [4, 5, 6, 7]);
  assert.match(String(parseWeekdays("1,1")), /names a day twice/);
  assert.match(String(parseWeekdays("do")), /different languages/);
  assert.match(String(parseWeekdays("Montag")), /must be ISO weekdays/);
});
