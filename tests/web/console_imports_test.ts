/**
 * The HR console's file imports: the employee file as Excel writes it on a Swiss Windows (semicolons,
 * Windows-1252) and a canton's school holidays from an iCalendar file, each through the same code as the
 * commands (all or nothing, every problem with its place). The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { employees, schoolHolidays } from "../../src/db/schema/mod.ts";
import { csrfOn, postFiles, session } from "./_console.ts";

function upload(
  t: TestApp,
  path: string,
  cookie: Record<string, string>,
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string } | null,
) {
  const files = { file: file ? new File([file.bytes as Uint8Array<ArrayBuffer>], file.name) : undefined };
  return t.request(path, postFiles(cookie, fields, files));
}

/** Text as Windows-1252 bytes (the characters used here are all in Latin-1). */
function cp1252(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => ch.charCodeAt(0));
}

const CSV = "personnel_number;first_name;last_name;canton;employment_start;department\r\n" +
  "N-100;Jürg;Müller;ZH;01.02.2027;Buchhaltung\r\n" +
  "GW-013;Lukas;Gerber;BE;01.04.2022;Plattform\r\n";

const ics = (events: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Kanton//Schulferien//DE", ...events, "END:VCALENDAR"].join(
    "\r\n",
  );
const SPORT = ics([
  "BEGIN:VEVENT",
  "UID:sport-2027@example.ch",
  "DTSTAMP:20261101T080000Z",
  "SUMMARY:Sportferien",
  "DTSTART;VALUE=DATE:20270208",
  "DTEND;VALUE=DATE:20270220",
  "END:VEVENT",
]);

Deno.test("console imports: the employee file from Excel on a Swiss Windows, all or nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/people");
    const count = async () => (await t.deps.db.select({ id: employees.id }).from(employees)).length;
    const before = await count();

    await ctx.step("a row with a problem: every problem named with its line, nothing imported", async () => {
      const bad = CSV + "N-101;Anna;Keller;XX;32.01.2027;\r\n";
      const r = await upload(t, "/hr/people/import", cookie, { csrf }, {
        bytes: cp1252(bad),
        name: "personal.csv",
      });
      assert.equal(r.status, 400);
      const html = await r.text();
      assert.match(html, /line 4: canton must be a two-letter Swiss canton code/);
      assert.match(html, /line 4: employment_start/);
      assert.equal(await count(), before);
    });

    await ctx.step("no file", async () => {
      const r = await upload(t, "/hr/people/import", cookie, { csrf }, null);
      assert.equal(r.status, 400);
      assert.match(await r.text(), /Veuillez choisir un fichier/);
    });

    await ctx.step("imported: one new person, one updated, umlauts intact", async () => {
      const r = await upload(t, "/hr/people/import", cookie, { csrf }, {
        bytes: cp1252(CSV),
        name: "personal.csv",
      });
      assert.equal(r.status, 200);
      assert.match(await r.text(), /Fichier du personnel importé : 1 nouveaux, 1 mis à jour/);
      const [jurg] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "N-100"));
      assert.equal(`${jurg.firstName} ${jurg.lastName}`, "Jürg Müller");
      assert.equal(jurg.employmentStart, "2027-02-01");
      assert.equal(await count(), before + 1);
    });

    await ctx.step("an employee: not the import", async () => {
      const other = await session(t, "employee@demo.example");
      const r = await upload(t, "/hr/people/import", other, { csrf }, { bytes: cp1252(CSV), name: "p.csv" });
      assert.equal(r.status, 403);
      await r.body?.cancel();
    });
  } finally {
    t.close();
  }
});

Deno.test("console imports: a canton's school holidays from an iCalendar file", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/calendar");
    const zh = async () =>
      (await t.deps.db.select().from(schoolHolidays).where(eq(schoolHolidays.canton, "ZH"))).filter((h) =>
        h.nameDe === "Sportferien" && h.startDate === "2027-02-08"
      ).length;
    const file = { bytes: new TextEncoder().encode(SPORT), name: "zh-2027.ics" };

    await ctx.step("imported, then the same file changes nothing", async () => {
      const r = await upload(t, "/hr/calendar/school-holidays", cookie, { csrf, canton: "ZH" }, file);
      assert.equal(r.status, 200);
      assert.match(await r.text(), /Vacances scolaires ZH : 1 nouvelles, 0 déjà connues/);
      assert.equal(await zh(), 1);
      const again = await upload(t, "/hr/calendar/school-holidays", cookie, { csrf, canton: "ZH" }, file);
      assert.match(await again.text(), /Vacances scolaires ZH : 0 nouvelles, 1 déjà connues/);
      assert.equal(await zh(), 1);
    });

    const before = (await t.deps.db.select({ id: schoolHolidays.id }).from(schoolHolidays)).length;
    const cases: [string, Record<string, string>, { bytes: Uint8Array; name: string } | null, RegExp][] = [
      ["not an iCalendar file", { csrf, canton: "ZH" }, {
        bytes: new TextEncoder().encode("hello"),
        name: "x.ics",
      }, /not an iCalendar file/],
      [
        "a canton that does not exist",
        { csrf, canton: "XX" },
        file,
        /(?:"|&quot;)XX(?:"|&quot;) is not a canton code/,
      ],
      ["no file", { csrf, canton: "ZH" }, null, /Veuillez choisir un fichier/],
    ];
    for (const [name, fields, f, message] of cases) {
      await ctx.step(name, async () => {
        const r = await upload(t, "/hr/calendar/school-holidays", cookie, fields, f);
        assert.equal(r.status, 400);
        assert.match(await r.text(), message);
        assert.equal((await t.deps.db.select({ id: schoolHolidays.id }).from(schoolHolidays)).length, before);
      });
    }
    await ctx.step("without the page's token", async () => {
      const r = await upload(t, "/hr/calendar/school-holidays", cookie, { canton: "ZH" }, file);
      assert.equal(r.status, 403);
      await r.body?.cancel();
    });
  } finally {
    t.close();
  }
});
