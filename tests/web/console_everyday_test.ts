/**
 * The console as the first administrator of a new installation uses it in Italian: a sign-out on every page
 * (a POST with the page's token that ends the session), dates as Swiss readers write them, the employee
 * file's columns said on the page instead of a path HR cannot open, and the services' refusals in Italian.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { employees, sessions } from "../../src/db/schema/mod.ts";
import { csrfOn, post } from "./_console.ts";
import { newInstallation } from "./_installation.ts";
import { signedInUser, submit, withEmptyApp } from "./_new_installation_people.ts";

/** Every console page with navigation. */
const PAGES = [
  "/hr/people",
  "/hr/people/T1",
  "/hr/organisation",
  "/hr/leave",
  "/hr/calendar",
  "/hr/pay",
  "/hr/inbox",
];

Deno.test("console sign-out: on every page, a POST with the page's token, and the session ends", (ctx) =>
  withEmptyApp(async (t) => {
    const cookie = await newInstallation(t, { language: "it" });
    await ctx.step("every page has the form, in Italian", async () => {
      for (const page of PAGES) {
        const html = await (await t.request(page, { headers: cookie })).text();
        assert.match(html, /<form method="post" action="\/hr\/signout" class="signout">/, page);
        assert.match(html, />Esci<\/button>/, page);
      }
    });
    await ctx.step("without the page's token: refused, still signed in", async () => {
      const r = await t.request("/hr/signout", post(cookie, { csrf: "0".repeat(64) }));
      assert.equal(r.status, 403);
      await r.body?.cancel();
      const still = await t.request("/hr/people", { headers: cookie });
      assert.equal(still.status, 200);
      await still.body?.cancel();
    });
    await ctx.step("with it: the session ends and the cookie is cleared", async () => {
      const csrf = await csrfOn(t, cookie, "/hr/inbox");
      const r = await t.request("/hr/signout", post(cookie, { csrf }));
      assert.equal(r.status, 303);
      assert.equal(r.headers.get("location"), "/oauth/signin?next=/hr");
      assert.match(r.headers.get("set-cookie") ?? "", /hr_session=;.*Max-Age=0/);
      const open = await t.deps.db.select().from(sessions);
      assert.ok(open.every((s) => s.revokedAt !== null), "no session left open");
      const after = await t.request("/hr/people", { headers: cookie });
      assert.equal(after.status, 303, "the old cookie signs nobody in");
      assert.match(after.headers.get("location") ?? "", /^\/oauth\/signin/);
    });
  }));

Deno.test("console dates are Swiss (25.11.2026) and the employee file's columns are named in words", () =>
  withEmptyApp(async (t) => {
    const cookie = await newInstallation(t, { language: "it" });
    const people = await (await t.request("/hr/people", { headers: cookie })).text();
    assert.match(people, /<td>01\.03\.2020<\/td>/, "Giulia's start");
    assert.doesNotMatch(people, /<td>2020-03-01<\/td>/);
    assert.doesNotMatch(people, /docs\/hr-administration\.md/);
    assert.match(
      people,
      /personnel_number, first_name, last_name, canton, employment_start sono obbligatorie/,
    );

    await t.deps.db.update(employees).set({ employmentEnd: "2027-03-31" }).where(
      eq(employees.personnelNumber, "T2"),
    );
    const person = await (await t.request("/hr/people/T2", { headers: cookie })).text();
    assert.match(person, /31\.03\.2027/);
    assert.match(person, /value="2027-03-31"/, "the date field keeps the day browsers need");

    const closure = await submit(t, cookie, "/hr/calendar", {
      name: "Betriebsferien",
      from: "2026-12-28",
      to: "2026-12-31",
    });
    assert.equal(closure.status, 200, await closure.clone().text());
    assert.match(await closure.text(), /28\.12\.2026 – 31\.12\.2026/);
  }));

Deno.test("console refusals of the services in the reader's language (Italian)", (ctx) =>
  withEmptyApp(async (t) => {
    await newInstallation(t);
    // An Italian HR person (a record, an account) works beside the first administrator.
    const hr = await signedInUser(
      t,
      "giulia.rossi@example.ch",
      "hr",
      "T1",
      "Giulia-Bellinzona-Castelgrande-7",
      [
        "--language",
        "it",
      ],
    );
    // Luca Verdi, a new person of the Ticino office, as the people form is filled in.
    const luca = {
      personnel_number: "T9",
      first_name: "Luca",
      last_name: "Verdi",
      canton: "TI",
      employment_start: "2026-12-01",
      workload_percent: "100",
      weekday: "1",
      role: "employee",
    };

    await ctx.step("a new person with the administrator's address: only an administrator", async () => {
      const r = await submit(t, hr, "/hr/people", {
        ...luca,
        work_email: "admin@rossi.example",
        language: "it",
        invite: "yes",
      });
      assert.equal(r.status, 400);
      const html = await r.text();
      assert.match(html, /Solo un amministratore modifica l(?:'|&#39;)account di un amministratore/);
      assert.doesNotMatch(html, /Only an administrator/);
      assert.equal(
        (await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "T9"))).length,
        0,
      );
    });

    await ctx.step("the people form: a bad date and no first name, in Italian", async () => {
      const r = await submit(t, hr, "/hr/people", {
        ...luca,
        first_name: " ",
        employment_start: "2026-02-30",
        invite: "no",
      });
      assert.equal(r.status, 400);
      const html = await r.text();
      assert.match(html, /Manca il nome\./);
      assert.match(html, /Entrata: inserire una data come 25\.11\.2026\./);
    });

    await ctx.step("the person page: her own account", async () => {
      const r = await submit(t, hr, "/hr/people/T1", { role: "manager" }, "/hr/people/T1/role");
      assert.equal(r.status, 403);
      assert.match(await r.text(), /Nessuno modifica il proprio account/);
    });

    await ctx.step("the person page: a workload above 100 %", async () => {
      const r = await submit(t, hr, "/hr/people/T2", {
        first_name: "Marco",
        last_name: "Bianchi",
        canton: "ZH",
        employment_start: "2024-01-01",
        workload_percent: "120",
        weekly_hours: "42",
        salary_continuation_scale: "BERNER",
        weekday: "1",
      });
      assert.equal(r.status, 400);
      assert.match(
        await r.text(),
        /Il grado di occupazione deve essere un numero superiore a 0 e al massimo 100\./,
      );
    });

    await ctx.step("the person page: a workload change before the start and without a weekday", async () => {
      const r = await submit(
        t,
        hr,
        "/hr/people/T2",
        { wl_from: "2023-06-01", wl_percent: "80" },
        "/hr/people/T2/workload",
      );
      assert.equal(r.status, 400);
      assert.match(
        await r.text(),
        /Nessuna modifica del grado d(?:'|&#39;)occupazione registrata: il primo giorno deve seguire l(?:'|&#39;)entrata \(01\.01\.2024\); serve almeno un giorno lavorativo\./,
      );
    });
  }));
