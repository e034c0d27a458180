/**
 * An employee record's problems come as codes with their line and column (`RecordProblem`): the command line
 * prints them in the file's English, the console in its reader's language, each naming its field. Nothing is
 * saved while any problem is left.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { employees } from "../../src/db/schema/mod.ts";
import { saveEmployeeRecords } from "../../src/services/employee_records.ts";
import { recordProblemText } from "../../src/web/console_common.ts";
import { createHiredEmployee } from "../../src/services/hiring.ts";
import { AppError, textOf } from "../../src/errors.ts";

const GOOD = {
  personnel_number: "T-1",
  first_name: "Anna",
  last_name: "Muster",
  canton: "BE",
  employment_start: "01.02.2024",
};

Deno.test("record problems: every problem with its line and column, in English for the file, nothing saved", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const before = (await t.deps.db.select().from(employees)).length;
    const r = await saveEmployeeRecords(t.deps, [
      {
        line: 2,
        fields: {
          ...GOOD,
          first_name: "",
          last_name: "L".repeat(101),
          work_email: "not-an-address",
          birth_date: "1850-01-01",
          employment_end: "31.02.2025",
          workload_percent: "120",
          weekly_hours: "70",
          ahv_number: "123",
          iban: "CH00",
          language: "rm",
          salary_continuation_scale: "GENEVA",
          canton: "XX",
          working_weekdays: "1,1",
        },
      },
      { line: 3, fields: { ...GOOD, employment_end: "2023-12-31", manager_personnel_number: "NOPE" } },
      { line: 4, fields: { ...GOOD, manager_personnel_number: "T-1" } },
    ]);
    assert.equal(r.ok, false);
    if (r.ok) return;
    assert.deepEqual(r.errors, [
      "line 2: first_name is required",
      "line 2: last_name must be at most 100 characters",
      "line 2: work_email is not an e-mail address",
      "line 2: canton must be a two-letter Swiss canton code such as BE, ZH or VD",
      "line 2: employment_end must be a date YYYY-MM-DD or DD.MM.YYYY",
      "line 2: workload_percent must be a number above 0 and at most 100",
      'line 2: working_weekdays names a day twice in "1,1"',
      "line 2: weekly_hours must be from 1 to 60",
      "line 2: salary_continuation_scale must be BERNER, ZUERCHER, BASLER",
      "line 2: birth_date must be a date from 1900-01-01 to 2100-12-31",
      "line 2: ahv_number must look like 756.1234.5678.97",
      "line 2: iban is not an IBAN",
      "line 2: language must be de, en, fr or it",
      "line 3: employment_end is before employment_start",
      "line 4: personnel_number T-1 already appears on line 3",
      "line 3: manager NOPE is neither in the file nor known",
      "line 4: a person cannot be their own manager",
    ]);
    assert.deepEqual(
      r.problems.map((p) => `${p.line} ${p.field} ${p.code}`),
      [
        "2 first_name required",
        "2 last_name tooLong",
        "2 work_email email",
        "2 canton canton",
        "2 employment_end date",
        "2 workload_percent workload",
        "2 working_weekdays weekdays",
        "2 weekly_hours hours",
        "2 salary_continuation_scale scale",
        "2 birth_date dateRange",
        "2 ahv_number ahv",
        "2 iban iban",
        "2 language language",
        "3 employment_end endBeforeStart",
        "4 personnel_number duplicate",
        "3 manager_personnel_number unknownManager",
        "4 manager_personnel_number ownManager",
      ],
    );
    assert.equal((await t.deps.db.select().from(employees)).length, before);

    // In the console's four languages: no placeholder left, and a field named in the reader's words.
    for (const lang of ["de", "fr", "it", "en"]) {
      for (const p of r.problems) {
        const text = recordProblemText(p, lang);
        assert.doesNotMatch(text, /[{}]/, `${lang} ${p.code}: ${text}`);
        assert.doesNotMatch(text, /\b(first_name|last_name|birth_date|employment_end)\b/, `${lang}: ${text}`);
      }
    }
    const said = (lang: string, code: string) =>
      recordProblemText(r.problems.find((p) => p.code === code)!, lang);
    assert.equal(said("de", "tooLong"), "Der Nachname ist zu lang (höchstens 100 Zeichen).");
    assert.equal(said("fr", "dateRange"), "Date de naissance : saisir une date entre 1900 et 2100.");
    assert.equal(said("it", "duplicate"), "Il numero del personale T-1 compare già alla riga 3.");
    assert.equal(said("en", "unknownManager"), "The manager NOPE is not known.");
  } finally {
    t.close();
  }
});

Deno.test("record problems: a hire whose record is refused says the record's problems in the reader's language", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const before = (await t.deps.db.select().from(employees)).length;
    const hire = {
      firstName: "",
      lastName: "L".repeat(101),
      phone: null,
      position: {
        title: "Pflegefachperson",
        departmentId: null,
        canton: "BE",
        workloadMin: 80,
        workloadMax: 100,
        hiringManagerEmployeeId: null,
        startDate: "2026-12-01",
      },
    };
    const refused = await t.deps.db.transaction((tx) =>
      createHiredEmployee(tx, t.clock.now(), "2026-11-18", hire)
    ).then(() => null, (e) => e);
    assert.ok(refused instanceof AppError, String(refused));
    assert.equal(refused.code, "validation");
    assert.equal(
      textOf(refused, "fr"),
      "Le dossier du personnel de l'embauche a été refusé : Le prénom manque ; " +
        "Le nom est trop long (au plus 100 caractères).",
    );
    assert.equal(
      textOf(refused, "de"),
      "Das Personaldossier der Anstellung wurde abgelehnt: Der Vorname fehlt; " +
        "Der Nachname ist zu lang (höchstens 100 Zeichen).",
    );
    assert.equal((await t.deps.db.select().from(employees)).length, before);
  } finally {
    t.close();
  }
});
