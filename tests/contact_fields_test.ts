/**
 * A person's phone, postal code, country and emergency contact's phone follow one rule each
 * (`domain/fields.ts`), whichever door writes them: the portal's profile (JSON), the profile service itself,
 * HR's person form (the console; the new-person form takes no phone or address), the employee file (`employees import`), and a hire from
 * a candidate. Each door refuses "call me maybe" in its own shape, naming the field, and stores nothing.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { json, makeTestApp, type TestApp } from "./_helpers.ts";
import { cli } from "./_cli.ts";
import { csrfOn, post, session } from "./web/_console.ts";
import { actorFor } from "./services/_fixtures.ts";
import { employees } from "../src/db/schema/mod.ts";
import { updateProfile } from "../src/services/profile.ts";
import { createHiredEmployee } from "../src/services/hiring.ts";
import { AppError, textOf } from "../src/errors.ts";

const PORTAL = "/api/v1/portal";
const BAD_PHONE = "call me maybe";

/** The person's stored row, by personnel number. */
async function person(t: TestApp, pn: string) {
  const [p] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, pn));
  return p;
}

/** The employee file with one person whose `column` holds `value` (all other cells valid). */
function employeeFile(column: string, value: string): string {
  const row: Record<string, string> = {
    personnel_number: "F-1",
    first_name: "Lea",
    last_name: "Keller",
    canton: "BE",
    employment_start: "2024-02-01",
    phone: "+41 31 123 45 67",
    address_postal_code: "3011",
  };
  row[column] = value;
  return [Object.keys(row).join(","), Object.values(row).map((v) => `"${v}"`).join(",")].join("\n");
}

Deno.test("contact fields: the portal's profile refuses a phone, postal code or country that is none, naming it", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const me = await actorFor(t, "employee@demo.example");
    const [before] = await t.deps.db.select().from(employees).where(eq(employees.id, me.employeeId!));
    for (
      const [field, value] of [
        ["phone", BAD_PHONE],
        ["emergencyContactPhone", BAD_PHONE],
        ["addressPostalCode", "30/11 Bern"],
        ["addressCountry", "Switzerland"],
      ]
    ) {
      const r = await json(
        await t.request(`${PORTAL}/employee/profile`, { method: "PATCH", token, json: { [field]: value } }),
      );
      assert.equal(r.status, 400, JSON.stringify(r.body));
      assert.equal(r.body.code, "validation");
      const names = (r.body.fields as { field: string }[]).map((f) => f.field);
      assert.deepEqual(names, [`body.${field}`]);
    }
    const [after] = await t.deps.db.select().from(employees).where(eq(employees.id, me.employeeId!));
    assert.deepEqual(after, before, "nothing stored");
    // Empty clears, a real number is kept as typed, a country in lower case is its code.
    const ok = await json(
      await t.request(`${PORTAL}/employee/profile`, {
        method: "PATCH",
        token,
        json: {
          phone: "031 123 45 67",
          emergencyContactPhone: "",
          addressCountry: "de",
          addressPostalCode: "D-79539",
        },
      }),
    );
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const [saved] = await t.deps.db.select().from(employees).where(eq(employees.id, me.employeeId!));
    assert.equal(saved.phone, "031 123 45 67");
    assert.equal(saved.emergencyContactPhone, null);
    assert.equal(saved.addressCountry, "DE");
    assert.equal(saved.addressPostalCode, "D-79539");
  } finally {
    t.close();
  }
});

Deno.test("contact fields: the profile service refuses them whatever the door, in four languages", async () => {
  const t = await makeTestApp();
  try {
    const me = await actorFor(t, "employee@demo.example");
    const refused = async (patch: Record<string, string>, field: string) => {
      const e = await updateProfile(t.deps, me, patch).then(() => undefined, (x) => x);
      assert.ok(e instanceof AppError, `refused, not ${e}`);
      assert.equal(e.code, "validation");
      assert.deepEqual(e.fields?.map((f) => f.field), [field]);
      return e;
    };
    const phone = await refused({ emergencyContactPhone: BAD_PHONE }, "emergencyContactPhone");
    assert.equal(
      phone.message,
      'The phone number must look like +41 31 123 45 67 (6 to 30 digits), not "call me maybe".',
    );
    assert.equal(
      textOf(phone, "de"),
      "Die Telefonnummer muss wie +41 31 123 45 67 aussehen (6 bis 30 Ziffern), nicht «call me maybe».",
    );
    assert.equal(
      textOf(phone, "fr"),
      "Le numéro de téléphone doit avoir la forme +41 31 123 45 67 (6 à 30 chiffres), pas « call me maybe ».",
    );
    assert.equal(
      textOf(phone, "it"),
      "Il numero di telefono deve avere la forma +41 31 123 45 67 (da 6 a 30 cifre), non «call me maybe».",
    );
    await refused({ phone: BAD_PHONE }, "phone");
    const postal = await refused({ addressPostalCode: "30/11 Bern" }, "addressPostalCode");
    assert.equal(
      textOf(postal, "de"),
      "Die Postleitzahl besteht aus 1 bis 10 Buchstaben, Ziffern, Leerzeichen oder «-», nicht «30/11 Bern».",
    );
    const country = await refused({ addressCountry: "Switzerland" }, "addressCountry");
    assert.equal(textOf(country, "fr"), "Le pays est un code de deux lettres comme CH, pas « Switzerland ».");
    const [row] = await t.deps.db.select().from(employees).where(eq(employees.id, me.employeeId!));
    assert.notEqual(row.phone, BAD_PHONE);
    assert.notEqual(row.emergencyContactPhone, BAD_PHONE);
  } finally {
    t.close();
  }
});

Deno.test("contact fields: HR's person form keeps the typed phone and says what is wrong, storing nothing", async () => {
  const t = await makeTestApp();
  try {
    const hr = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, hr, "/hr/people/GW-013");
    const p = await person(t, "GW-013");
    const r = await t.request(
      "/hr/people/GW-013",
      post(hr, {
        csrf,
        first_name: p.firstName,
        last_name: p.lastName,
        work_email: p.workEmail ?? "",
        phone: BAD_PHONE,
        canton: p.canton,
        manager_personnel_number: "",
        department: "",
        job_title: p.jobTitle ?? "",
        employment_start: p.employmentStart,
        employment_end: p.employmentEnd ?? "",
        workload_percent: String(p.workloadPercent),
        weekly_hours: String(p.weeklyHours),
        salary_continuation_scale: p.salaryContinuationScale,
        birth_date: p.birthDate ?? "",
        language: "de",
        weekday: ["1", "2", "3", "4", "5"],
      }),
    );
    assert.equal(r.status, 400);
    const html = await r.text();
    // HR reads the console in French (the demo's HR account).
    assert.match(html, /Le numéro de téléphone doit avoir la forme \+41 31 123 45 67\./);
    assert.match(html, /name="phone"[^>]*value="call me maybe"|value="call me maybe"[^>]*name="phone"/);
    assert.equal((await person(t, "GW-013")).phone, p.phone, "nothing stored");
  } finally {
    t.close();
  }
});

Deno.test("contact fields: the employee file refuses the row, naming the column on its line", async () => {
  const t = await makeTestApp();
  try {
    for (
      const [column, value, said] of [
        ["phone", BAD_PHONE, "phone must be a phone number such as +41 31 123 45 67"],
        ["address_postal_code", "30/11 Bern", "address_postal_code must be a postal code such as 3011"],
      ]
    ) {
      const r = await cli(t, ["employees", "import", "--file", "-"], employeeFile(column, value));
      assert.equal(r.code, 1, r.out);
      assert.ok(r.err.includes(`line 2: ${said}`), r.err);
      assert.equal(await person(t, "F-1"), undefined, "nothing imported");
    }
    const ok = await cli(
      t,
      ["employees", "import", "--file", "-"],
      employeeFile("phone", "+41 31 123 45 67"),
    );
    assert.equal(ok.code, 0, ok.err);
    assert.equal((await person(t, "F-1")).phone, "+41 31 123 45 67");
  } finally {
    t.close();
  }
});

Deno.test("contact fields: a hire takes the candidate's phone only when it is a phone number", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const hire = (phone: string) => ({
      firstName: "Carla",
      lastName: "Kandidat",
      phone,
      position: {
        title: "Pflegefachperson",
        departmentId: null,
        canton: "BE",
        workloadMin: 80,
        workloadMax: 100,
        hiringManagerEmployeeId: null,
        startDate: "2026-12-01",
      },
    });
    const hired = async (phone: string) => {
      const id = await t.deps.db.transaction((tx) =>
        createHiredEmployee(tx, t.clock.now(), "2026-11-18", hire(phone))
      );
      const [row] = await t.deps.db.select().from(employees).where(eq(employees.id, id));
      return row;
    };
    // The careers form takes free contact text; the record does not store a text that is no number.
    assert.equal((await hired(BAD_PHONE)).phone, null);
    assert.equal((await hired("+41 79 000 00 00")).phone, "+41 79 000 00 00");
  } finally {
    t.close();
  }
});
