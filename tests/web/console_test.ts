/**
 * The HR console's refusals: who may use it, the anti-CSRF token, and bad input in each form, each answered
 * on the page with the reason while nothing changes. The demo's HR person reads French, the administrator
 * English.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { employees, leaveTypes, mailOutbox } from "../../src/db/schema/mod.ts";
import { csrfOn, post, session } from "./_console.ts";

const PERSON = {
  personnel_number: "N-1",
  first_name: "Nora",
  last_name: "Brunner",
  work_email: "nora.brunner@example.ch",
  canton: "ZH",
  employment_start: "2026-12-01",
  birth_date: "",
  workload_percent: "100",
  weekday: ["1", "2", "3", "4", "5"],
  role: "employee",
  invite: "yes",
};

Deno.test("console: only HR and administrators; without a session, the sign-in page first", async () => {
  const t = await makeTestApp();
  try {
    const anonymous = await t.request("/hr/people", { redirect: "manual" });
    assert.equal(anonymous.status, 303);
    assert.equal(anonymous.headers.get("location"), "/oauth/signin?next=/hr/people");
    const employee = await t.request("/hr/people", { headers: await session(t, "employee@demo.example") });
    assert.equal(employee.status, 403);
    assert.match(await employee.text(), /für HR und Administratoren|for HR and administrators/);
    const manager = await t.request("/hr/leave", { headers: await session(t, "manager@demo.example") });
    assert.equal(manager.status, 403);
    await manager.body?.cancel();
    const hr = await t.request("/hr/people", { headers: await session(t, "hr@demo.example") });
    assert.equal(hr.status, 200);
    assert.match(hr.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
    assert.match(await hr.text(), /Lukas/);
  } finally {
    t.close();
  }
});

Deno.test("console: refusals leave the organisation unchanged", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/people");
    const count = async () => (await t.deps.db.select({ id: employees.id }).from(employees)).length;
    const mails = async () => (await t.deps.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
    const before = { people: await count(), mails: await mails() };
    const refusals: [string, Record<string, string | string[]>, number, RegExp][] = [
      ["without the page's token", { ...PERSON }, 403, /./],
      ["with another token", { ...PERSON, csrf: "0".repeat(64) }, 403, /./],
      [
        "a start date that does not exist",
        { ...PERSON, csrf, employment_start: "2026-02-30" },
        400,
        /Entrée : saisir une date comme 25\.11\.2026/,
      ],
      [
        "a personnel number already taken",
        { ...PERSON, csrf, personnel_number: "GW-001" },
        400,
        /Le numéro du personnel GW-001 est déjà attribué\./,
      ],
      [
        "an invitation without an e-mail address",
        { ...PERSON, csrf, work_email: "" },
        400,
        /Une invitation nécessite l(?:'|&#39;)adresse e-mail de la personne\./,
      ],
      ["no working day", { ...PERSON, csrf, weekday: [] }, 400, /Choisissez au moins un jour de travail\./],
      [
        "a role the console does not give",
        { ...PERSON, csrf, role: "admin" },
        400,
        /Ce rôle ne peut pas être attribué ici/,
      ],
      [
        "a workload above 100",
        { ...PERSON, csrf, workload_percent: "120" },
        400,
        /Le taux d(?:'|&#39;)activité doit être un nombre/,
      ],
      [
        "a canton that does not exist",
        { ...PERSON, csrf, canton: "XY" },
        400,
        /Choisissez l(?:'|&#39;)un des 26 cantons\./,
      ],
    ];
    for (const [name, fields, status, message] of refusals) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/people", post(cookie, fields));
        assert.equal(r.status, status);
        const html = await r.text();
        assert.match(html, message);
        if (status === 400) assert.match(html, /value="Nora"/, "the form keeps what was typed");
      });
    }
    await ctx.step("nothing was added and no mail queued", async () => {
      assert.equal(await count(), before.people);
      assert.equal(await mails(), before.mails);
    });
    await ctx.step("the same form, correct, adds the person and queues the invitation", async () => {
      const r = await t.request("/hr/people", post(cookie, { ...PERSON, csrf }));
      assert.equal(r.status, 200);
      assert.equal(await count(), before.people + 1);
      assert.equal(await mails(), before.mails + 1);
    });
  } finally {
    t.close();
  }
});

Deno.test("console: a leave policy below the law or with a step that takes days away is refused", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "admin@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/leave");
    const policy = async () =>
      (await t.deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, "VACATION")))[0];
    const before = await policy();
    const refusals: [string, Record<string, string>, number, RegExp][] = [
      ["without the page's token", { code: "VACATION", base_days: "25", steps: "" }, 403, /./],
      ["below four weeks", { csrf, code: "VACATION", base_days: "18", steps: "" }, 400, /OR Art\. 329a/],
      [
        "a step written wrongly",
        { csrf, code: "VACATION", base_days: "25", steps: "50:27" },
        400,
        /age&gt;=50:27|age>=50:27/,
      ],
      [
        "a step that takes days away",
        { csrf, code: "VACATION", base_days: "25", steps: "age>=50:24" },
        400,
        /fewer than the base of 25/,
      ],
      ["an unknown leave type", { csrf, code: "SABBATICAL", base_days: "25", steps: "" }, 400, /SABBATICAL/],
    ];
    for (const [name, fields, status, message] of refusals) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/leave", post(cookie, fields));
        assert.equal(r.status, status);
        assert.match(await r.text(), message);
      });
    }
    const after = await policy();
    assert.equal(after.defaultAnnualDays, before.defaultAnnualDays);
    assert.equal(after.entitlementSteps, before.entitlementSteps);
  } finally {
    t.close();
  }
});

Deno.test("console: a company closure added on the calendar page costs the employees their working days; refusals keep the form", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/calendar");
    const closure = {
      csrf,
      name: "Betriebsferien Sommer",
      from: "2027-07-19",
      to: "2027-07-23",
      deducts: "yes",
    };
    const refusals: [string, Record<string, string>, number, RegExp][] = [
      ["without the page's token", { ...closure, csrf: "" }, 403, /./],
      [
        "ending before it starts",
        { ...closure, to: "2027-07-01" },
        400,
        /Aucune fermeture d(?:'|&#39;)entreprise ajoutée : « au » précède « du »\./,
      ],
      [
        "a date that does not exist",
        { ...closure, from: "2027-06-31" },
        400,
        /« du » doit être une date AAAA-MM-JJ, pas « 31\.06\.2027 »/,
      ],
      [
        "overlapping the demo's year-end closure",
        { ...closure, from: "2026-12-28", to: "2026-12-29" },
        409,
        /Cela chevauche la fermeture du 24\.12\.2026 au /,
      ],
    ];
    for (const [name, fields, status, message] of refusals) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/calendar", post(cookie, fields));
        assert.equal(r.status, status);
        const html = await r.text();
        assert.match(html, message);
        if (status !== 403) {
          assert.match(html, /value="Betriebsferien Sommer"/, "the form keeps what was typed");
        }
      });
    }
    await ctx.step("added, listed, and costing the demo employee five days", async () => {
      const r = await t.request("/hr/calendar", post(cookie, closure));
      assert.equal(r.status, 200);
      const html = await r.text();
      assert.match(html, /« Betriebsferien Sommer » est enregistrée\./);
      assert.match(html, /19\.07\.2027 – 23\.07\.2027/);
      const token = await t.signIn("employee@demo.example");
      const balances = await (await t.request("/api/v1/portal/employee/leave/balances?year=2027", { token }))
        .json();
      const vacation = balances.data.balances.find((b: { leaveType: { code: string } }) =>
        b.leaveType.code === "VACATION"
      );
      assert.equal(vacation.closureDays, 5);
    });
  } finally {
    t.close();
  }
});

Deno.test("console: a salary change on the pay page reaches the person's portal; refusals keep the form", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "admin@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/pay");
    const change = {
      csrf,
      personnel_number: "GW-013",
      valid_from: "2027-04-01",
      annual_salary: "118000",
      payments: "13",
      reason: "Neue Funktion",
    };
    const refusals: [string, Record<string, string>, number, RegExp][] = [
      ["without the page's token", { ...change, csrf: "" }, 403, /./],
      [
        "before the employment starts",
        { ...change, valid_from: "2021-01-01" },
        400,
        /before the employment starts \(01.04.2022\)/,
      ],
      ["no salary", { ...change, annual_salary: "" }, 400, /annual salary must be a positive amount/],
      ["11 payments", { ...change, payments: "11" }, 400, /payments must be 12 or 13, got 11/],
      [
        "an unknown person",
        { ...change, personnel_number: "NOBODY" },
        404,
        /no employee with the personnel number (?:"|&quot;)NOBODY/,
      ],
    ];
    for (const [name, fields, status, message] of refusals) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/pay", post(cookie, fields));
        assert.equal(r.status, status);
        const html = await r.text();
        assert.match(html, message);
        if (status !== 403) assert.match(html, /value="Neue Funktion"/, "the form keeps what was typed");
      });
    }
    await ctx.step("saved, and upcoming in the person's portal", async () => {
      const r = await t.request("/hr/pay", post(cookie, change));
      assert.equal(r.status, 200);
      assert.match(await r.text(), /The salary change for GW-013 from 01\.04\.2027 is saved\./);
      const token = await t.signIn("employee@demo.example");
      const comp = await (await t.request("/api/v1/portal/employee/compensation", { token })).json();
      const next = comp.data.upcoming.find((u: { validFrom: string }) => u.validFrom === "2027-04-01");
      assert.equal(next?.annualSalary, 118000);
      assert.equal(next?.reason, "Neue Funktion");
      const again = await t.request("/hr/pay", post(cookie, change));
      assert.equal(again.status, 409, "a second change on the same date");
      await again.body?.cancel();
    });
  } finally {
    t.close();
  }
});

Deno.test("console: HR cannot turn an invited administrator into an employee, nor replace the invitation", async (ctx) => {
  const t = await makeTestApp();
  try {
    const { invite } = await import("../../src/services/invitations.ts");
    const { invitations, users } = await import("../../src/db/schema/mod.ts");
    await invite(t.deps, { email: "boss@example.ch", role: "admin" });
    const account = async () => {
      const [u] = await t.deps.db.select().from(users).where(eq(users.email, "boss@example.ch"));
      const open = await t.deps.db.select().from(invitations).where(eq(invitations.userId, u.id));
      return { role: u.role, invitations: open.map((i) => [i.id, i.replacedAt]) };
    };
    const before = await account();
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/people");
    await ctx.step("a new person with the administrator's address, invited as an employee", async () => {
      const r = await t.request(
        "/hr/people",
        post(cookie, { ...PERSON, csrf, personnel_number: "N-9", work_email: "Boss@example.ch" }),
      );
      assert.equal(r.status, 400);
      assert.match(await r.text(), /Seul un administrateur modifie le compte d(?:'|&#39;)un administrateur/);
      assert.deepEqual(await account(), before);
      const saved = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "N-9"));
      assert.equal(saved.length, 0, "nothing was saved");
    });
    await ctx.step("an existing person's invitation sent to that address", async () => {
      await t.deps.db.update(employees).set({ workEmail: "boss@example.ch" })
        .where(eq(employees.personnelNumber, "GW-001"));
      const r = await t.request(
        "/hr/people/invite",
        post(cookie, { csrf, personnel_number: "GW-001" }),
      );
      assert.equal(r.status, 400);
      assert.match(await r.text(), /Seul un administrateur modifie le compte d(?:'|&#39;)un administrateur/);
      assert.deepEqual(await account(), before);
    });
    await ctx.step("an administrator may", async () => {
      const admin = await session(t, "admin@demo.example");
      const token = await csrfOn(t, admin, "/hr/people");
      const r = await t.request(
        "/hr/people/invite",
        post(admin, { csrf: token, personnel_number: "GW-001" }),
      );
      assert.equal(r.status, 200);
      await r.body?.cancel();
      assert.equal((await account()).role, "employee");
    });
  } finally {
    t.close();
  }
});
