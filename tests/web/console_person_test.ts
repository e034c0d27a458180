/**
 * The HR console's page of one person: the file's details edited and the employment ended through the same
 * checks as the employee file, the fields the person changes themselves kept, and every refusal answered on
 * the page with the reason while the record stays as it was. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { employees, users } from "../../src/db/schema/mod.ts";
import { post, session } from "./_console.ts";

/** The form as the page shows it for a person: every field with its value, the weekdays checked. */
async function shownForm(t: TestApp, cookie: Record<string, string>, pn: string) {
  const r = await t.request(`/hr/people/${pn}`, { headers: cookie });
  assert.equal(r.status, 200);
  const html = await r.text();
  const fields: Record<string, string | string[]> = {};
  for (const m of html.matchAll(/<input([^>]*)>/g)) {
    const name = /name="([^"]+)"/.exec(m[1])?.[1];
    const value = /value="([^"]*)"/.exec(m[1])?.[1] ?? "";
    if (!name) continue;
    if (name === "weekday") {
      if (/\bchecked\b/.test(m[1])) fields.weekday = [...(fields.weekday as string[] ?? []), value];
    } else fields[name] = value;
  }
  for (const m of html.matchAll(/<select[^>]*name="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    fields[m[1]] = /<option[^>]*value="([^"]*)"[^>]*\bselected/.exec(m[2])?.[1] ?? "";
  }
  return { html, fields };
}

async function lukas(t: TestApp) {
  const [e] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "GW-013"));
  return e;
}

Deno.test("console person: HR edits a person's file and ends the employment; what the person owns stays", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const before = await lukas(t);
    const { html, fields } = await shownForm(t, cookie, "GW-013");

    await ctx.step("the page shows the file as it is, in French", () => {
      assert.match(html, /Lukas Gerber \(GW-013\)/);
      assert.match(html, /Dernier jour de travail/);
      assert.equal(fields.canton, "BE");
      assert.equal(fields.employment_start, "2022-04-01");
      assert.deepEqual(fields.weekday, ["1", "2", "3", "4", "5"]);
      assert.doesNotMatch(html, new RegExp(before.iban ?? "no-iban"), "the IBAN is not a field of this form");
    });

    await ctx.step("four days at 80 %, another department, a last working day", async () => {
      const r = await t.request(
        "/hr/people/GW-013",
        post(cookie, {
          ...fields,
          workload_percent: "80",
          weekday: ["1", "2", "3", "4"],
          department: "Plattform",
          employment_end: "2027-03-31",
        }),
      );
      assert.equal(r.status, 200);
      const page = await r.text();
      assert.match(page, /Les données de Lukas Gerber sont enregistrées/);
      assert.match(page, /L(?:'|&#39;)engagement se termine le 31\.03\.2027/);
      const after = await lukas(t);
      assert.equal(after.workloadPercent, 80);
      assert.equal(after.workingWeekdays, "1,2,3,4");
      assert.equal(after.employmentEnd, "2027-03-31");
      assert.equal(after.managerId, before.managerId);
      assert.equal(after.ahvNumber, before.ahvNumber);
      // The same IBAN, written as the employee file writes it (without spaces).
      assert.equal(after.iban, before.iban?.replaceAll(" ", ""));
      assert.equal(after.addressStreet, before.addressStreet);
      const [account] = await t.deps.db.select().from(users).where(eq(users.employeeId, after.id));
      assert.equal(account.language, "de", "the account's language is kept");
    });

    await ctx.step("the person's portal shows the new department", async () => {
      const token = await t.signIn("employee@demo.example");
      const profile = await (await t.request("/api/v1/portal/employee/profile", { token })).json();
      assert.match(JSON.stringify(profile), /Plattform/);
    });

    await ctx.step("the people list links to the page", async () => {
      const list = await (await t.request("/hr/people", { headers: cookie })).text();
      assert.match(list, /href="\/hr\/people\/GW-013"/);
    });
  } finally {
    t.close();
  }
});

Deno.test("console person: refusals say why on the page and change nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const before = await lukas(t);
    const { fields } = await shownForm(t, cookie, "GW-013");
    const cases: [string, Record<string, string | string[]>, number, RegExp][] = [
      ["without the page's token", { ...fields, csrf: "" }, 403, /./],
      ["no working weekday", { ...fields, weekday: [] }, 400, /./],
      [
        "the end before the start",
        { ...fields, employment_end: "2021-12-31" },
        400,
        /Le dernier jour de travail précède l(?:'|&#39;)entrée/,
      ],
      [
        "a manager nobody knows",
        { ...fields, manager_personnel_number: "NOPE" },
        400,
        /Le ou la supérieur·e NOPE n(?:'|&#39;)est pas connu·e/,
      ],
      [
        "one's own manager",
        { ...fields, manager_personnel_number: "GW-013" },
        400,
        /Personne n(?:'|&#39;)est son propre supérieur/,
      ],
      [
        "no canton",
        { ...fields, canton: "XX" },
        400,
        /Le canton doit être l(?:'|&#39;)abréviation d(?:'|&#39;)un canton suisse/,
      ],
      [
        "a workload above 100 %",
        { ...fields, workload_percent: "120" },
        400,
        /Le taux d(?:'|&#39;)activité doit être un nombre/,
      ],
      // Said in the reader's language, naming the field (never the file's English column name).
      ["no first name", { ...fields, first_name: " " }, 400, /Le prénom manque\./],
      [
        "a first name too long",
        { ...fields, first_name: "A".repeat(101) },
        400,
        /Le prénom est trop long \(au plus 100 caractères\)\./,
      ],
      [
        "a birth date outside 1900–2100",
        { ...fields, birth_date: "1850-03-01" },
        400,
        /Date de naissance : saisir une date entre 1900 et 2100\./,
      ],
      [
        "a start that is not a date",
        { ...fields, employment_start: "31.02.2022" },
        400,
        /Entrée : saisir une date comme 25\.11\.2026\./,
      ],
    ];
    for (const [name, form, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/people/GW-013", post(cookie, form));
        assert.equal(r.status, status);
        const page = await r.text();
        assert.match(page, message);
        assert.deepEqual(await lukas(t), before);
      });
    }
    await ctx.step("the form keeps what was typed", async () => {
      const r = await t.request(
        "/hr/people/GW-013",
        post(cookie, { ...fields, employment_end: "2021-12-31", job_title: "Chefin" }),
      );
      assert.match(await r.text(), /value="Chefin"/);
    });
    await ctx.step("an unknown personnel number", async () => {
      const page = await t.request("/hr/people/NOPE", { headers: cookie });
      assert.equal(page.status, 404);
      assert.match(await page.text(), /Aucune personne n(?:'|&#39;)a ce numéro/);
      const sent = await t.request("/hr/people/NOPE", post(cookie, fields));
      assert.equal(sent.status, 404);
      await sent.body?.cancel();
    });
    await ctx.step("an employee or a manager: not the page", async () => {
      for (const who of ["employee@demo.example", "manager@demo.example"]) {
        const other = await session(t, who);
        const r = await t.request("/hr/people/GW-013", { headers: other });
        assert.equal(r.status, 403);
        assert.doesNotMatch(await r.text(), /2022-04-01/);
        const p = await t.request(
          "/hr/people/GW-013",
          post(other, { ...fields, employment_end: "2026-12-31" }),
        );
        assert.equal(p.status, 403);
        await p.body?.cancel();
      }
      assert.deepEqual(await lukas(t), before);
    });
  } finally {
    t.close();
  }
});

async function pnOf(t: TestApp, email: string): Promise<string | null> {
  const [u] = await t.deps.db.select().from(users).where(eq(users.email, email));
  if (!u?.employeeId) return null;
  const [e] = await t.deps.db.select().from(employees).where(eq(employees.id, u.employeeId));
  return e.personnelNumber;
}

Deno.test("console person: HR changes the account's role and deactivates it; it applies on the next request", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const { fields, html } = await shownForm(t, cookie, "GW-013");
    assert.match(html, /employee@demo\.example · Collaborateur\/trice · actif/);
    const csrf = fields.csrf as string;
    const account = async () =>
      (await t.deps.db.select().from(users).where(eq(users.email, "employee@demo.example")))[0];
    const token = await t.signIn("employee@demo.example");

    await ctx.step("made a manager", async () => {
      const r = await t.request("/hr/people/GW-013/role", post(cookie, { csrf, role: "manager" }));
      assert.equal(r.status, 200);
      assert.match(await r.text(), /Le rôle de employee@demo\.example est maintenant/);
      assert.equal((await account()).role, "manager");
    });

    await ctx.step("deactivated: signed out at once", async () => {
      const r = await t.request("/hr/people/GW-013/active", post(cookie, { csrf, active: "no" }));
      assert.equal(r.status, 200);
      assert.match(await r.text(), /employee@demo\.example est désactivé/);
      assert.equal((await account()).active, false);
      const me = await t.request("/api/v1/portal/employee/profile", { token });
      assert.equal(me.status, 401);
      await me.body?.cancel();
    });

    await ctx.step("reactivated: signs in again", async () => {
      const r = await t.request("/hr/people/GW-013/active", post(cookie, { csrf, active: "yes" }));
      assert.equal(r.status, 200);
      await r.body?.cancel();
      assert.equal((await account()).active, true);
      await t.signIn("employee@demo.example");
    });
  } finally {
    t.close();
  }
});

Deno.test("console person: account refusals say why and change nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const { fields } = await shownForm(t, cookie, "GW-013");
    const csrf = fields.csrf as string;
    const all = async () =>
      await t.deps.db.select({ e: users.email, r: users.role, a: users.active }).from(users);
    const before = await all();
    const hrPn = await pnOf(t, "hr@demo.example");
    assert.ok(hrPn, "the demo's HR person has an employee record");
    const cases: [string, string, Record<string, string>, number, RegExp][] = [
      ["without the page's token", "/hr/people/GW-013/role", { role: "manager" }, 403, /./],
      [
        "a role that does not exist",
        "/hr/people/GW-013/role",
        { csrf, role: "boss" },
        400,
        /« boss » n(?:'|&#39;)est pas un rôle\. Rôles : employee, recruiter, manager, hr, admin\./,
      ],
      [
        "HR makes someone an administrator",
        "/hr/people/GW-013/role",
        { csrf, role: "admin" },
        403,
        /Seul un administrateur modifie le compte d(?:'|&#39;)un administrateur/,
      ],
      [
        "HR changes their own role",
        `/hr/people/${hrPn}/role`,
        { csrf, role: "admin" },
        403,
        /Personne ne modifie son propre compte/,
      ],
      [
        "HR deactivates themselves",
        `/hr/people/${hrPn}/active`,
        { csrf, active: "no" },
        403,
        /Personne ne modifie son propre compte/,
      ],
      ["a person without an account", "/hr/people/NOPE/role", { csrf, role: "manager" }, 404, /./],
    ];
    for (const [name, path, form, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request(path, post(cookie, form));
        assert.equal(r.status, status);
        assert.match(await r.text(), message);
        assert.deepEqual(await all(), before);
      });
    }
    await ctx.step("an administrator may make one", async () => {
      const admin = await session(t, "admin@demo.example");
      const page = await shownForm(t, admin, "GW-013");
      assert.match(page.html, /<option[^>]*value="admin"/);
      const r = await t.request(
        "/hr/people/GW-013/role",
        post(admin, { csrf: page.fields.csrf as string, role: "admin" }),
      );
      assert.equal(r.status, 200);
      await r.body?.cancel();
      assert.equal((await all()).find((u) => u.e === "employee@demo.example")!.r, "admin");
    });
  } finally {
    t.close();
  }
});

Deno.test("console person: a balance correction with a reason the person then sees", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const { fields } = await shownForm(t, cookie, "GW-013");
    const csrf = fields.csrf as string;
    const token = await t.signIn("employee@demo.example");
    const vacation = async () => {
      const b = await (await t.request("/api/v1/portal/employee/leave/balances?year=2026", { token })).json();
      return b.data.balances.find((x: { leaveType: { code: string } }) => x.leaveType.code === "VACATION");
    };
    const before = await vacation();

    await ctx.step("two days for the tenth year of service", async () => {
      const r = await t.request(
        "/hr/people/GW-013/correction",
        post(cookie, { csrf, type: "VACATION", year: "2026", days: "2", note: "Dienstjubiläum 10 Jahre" }),
      );
      assert.equal(r.status, 200);
      assert.match(await r.text(), /Le solde VACATION 2026 de Lukas Gerber est corrigé de \+2 jours/);
      const after = await vacation();
      assert.equal(after.remaining, before.remaining + 2);
      assert.match(JSON.stringify(after), /Dienstjubiläum 10 Jahre/);
    });

    const cases: [string, Record<string, string>, number, RegExp][] = [
      [
        "no days",
        { type: "VACATION", year: "2026", days: "0", note: "nichts" },
        400,
        /Aucune correction enregistrée : les jours doivent être un nombre non nul de -100 à 100/,
      ],
      [
        "a quarter day",
        { type: "VACATION", year: "2026", days: "0.25", note: "Viertel" },
        400,
        /les jours se comptent par demi-journées/,
      ],
      [
        "no reason",
        { type: "VACATION", year: "2026", days: "1", note: "x" },
        400,
        /une justification de 3 à 500 caractères est nécessaire/,
      ],
      [
        "a type without a balance",
        { type: "UNPAID", year: "2026", days: "1", note: "Versuch" },
        400,
        /ne tient pas de solde/,
      ],
      [
        "a year long gone",
        { type: "VACATION", year: "1999", days: "1", note: "Versuch" },
        400,
        /l(?:'|&#39;)année doit être un nombre entier de 2000 à 2100/,
      ],
    ];
    for (const [name, form, status, message] of cases) {
      await ctx.step(name, async () => {
        const current = await vacation();
        const r = await t.request("/hr/people/GW-013/correction", post(cookie, { csrf, ...form }));
        assert.equal(r.status, status);
        assert.match(await r.text(), message);
        assert.deepEqual(await vacation(), current);
      });
    }
  } finally {
    t.close();
  }
});
