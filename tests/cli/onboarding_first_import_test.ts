/**
 * An organisation set up as the README says, the onboarding template first (`org apply`), then the staff
 * (`employees import`): only new hires start a plan (employment starting today or later, or within the last
 * 30 days). Long-time staff get none, so nobody has tasks due in 1999 and no manager a list of overdue ones.
 * HR starts a plan for someone new by other means, marks any task done and closes a plan in the console.
 * The tests' clock: Wednesday 18 November 2026.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { csrfOn, post } from "../web/_console.ts";
import { employees } from "../../src/db/schema/mod.ts";
import { startPlanFromTemplate } from "../../src/services/onboarding_templates.ts";

const ORG_FILE = `settings:
  name: Muster AG
  canton: BE
  payday: 25
  languages: [de, fr]
  timeZone: Europe/Zurich
onboardingTemplates:
  - key: DEFAULT
    name: Einarbeitung
    tasks:
      - { phase: BEFORE_START, title: Arbeitsvertrag unterschreiben, offsetDays: -7 }
      - { phase: FIRST_DAY, title: Willkommen im Team, assignee: MANAGER }
      - { phase: PROBATION, title: Probezeitgespräch, offsetDays: 85, assignee: MANAGER }
`;

// M1 has led the team since 2009, P1 joined in 1999; P2 began 48 days ago, P3 29 days ago (a new hire
// entered late), P4 starts in January.
const PEOPLE_FILE = "personnel_number;first_name;last_name;work_email;canton;employment_start;" +
  "manager_personnel_number\r\n" +
  "M1;Martina;Meier;martina.meier@example.ch;BE;01.04.2009;\r\n" +
  "P1;Peter;Pfister;peter.pfister@example.ch;BE;04.01.1999;M1\r\n" +
  "P2;Paula;Graf;paula.graf@example.ch;BE;01.10.2026;M1\r\n" +
  "P3;Pius;Roth;pius.roth@example.ch;BE;20.10.2026;M1\r\n" +
  "P4;Petra;Wyss;petra.wyss@example.ch;BE;04.01.2027;M1\r\n";

const PASSWORD = "Laerchenwald-Fluss-88";

async function plans(t: TestApp) {
  return (await t.deps.db.$client.execute(
    "SELECT e.personnel_number AS pn, p.status, p.start_date FROM onboarding_plans p " +
      "JOIN employees e ON e.id = p.employee_id ORDER BY e.personnel_number",
  )).rows.map((r) => `${r.pn} ${r.status} ${r.start_date}`);
}

async function account(t: TestApp, email: string, role: string, employee?: string, language = "de") {
  const r = await cli(
    t,
    [
      "user",
      "add",
      "--email",
      email,
      "--role",
      role,
      "--language",
      language,
      ...(employee ? ["--employee", employee] : []),
      "--password-stdin",
    ],
    `${PASSWORD}\n`,
  );
  assert.equal(r.code, 0, r.err);
  return await t.signIn(email, PASSWORD);
}

Deno.test("onboarding after a first import: only new hires start a plan; HR starts, completes and closes plans in the console", async (ctx) => {
  const t = await makeTestApp({ demo: false });
  try {
    await ctx.step("org apply with a DEFAULT template, then employees import", async () => {
      const org = await cli(t, ["org", "apply", "--file", "-"], ORG_FILE);
      assert.equal(org.code, 0, org.err);
      const file = await Deno.makeTempFile({ suffix: ".csv" });
      await Deno.writeTextFile(file, PEOPLE_FILE);
      const imp = await cli(t, ["employees", "import", "--file", file]);
      assert.equal(imp.code, 0, imp.err);
      assert.equal(imp.out, "Imported: 5 added, 0 updated.\nOnboarding plans started for new hires: 2.\n");
      assert.deepEqual(await plans(t), ["P3 OPEN 2026-10-20", "P4 OPEN 2027-01-04"]);
      const due =
        (await t.deps.db.$client.execute("SELECT min(due_date) AS d FROM onboarding_tasks")).rows[0].d;
      assert.equal(due, "2026-10-13", "the earliest task is P3's contract, a week before the start");
    });

    const manager = await account(t, "martina.meier@example.ch", "manager", "M1");
    const employee = await account(t, "peter.pfister@example.ch", "employee", "P1");

    await ctx.step(
      "the manager's list holds the new hires' tasks only; long-time staff have no to-do",
      async () => {
        const r = await t.request("/api/v1/portal/approvals/onboarding-tasks", { token: manager });
        assert.equal(r.status, 200);
        const items = (await r.json()).data.items as {
          title: string;
          dueDate: string;
          person: { name: string };
        }[];
        assert.deepEqual(items.map((i) => `${i.person.name} ${i.title} ${i.dueDate}`), [
          "Pius Roth Willkommen im Team 2026-10-20",
          "Petra Wyss Willkommen im Team 2027-01-04",
          "Pius Roth Probezeitgespräch 2027-01-13",
          "Petra Wyss Probezeitgespräch 2027-03-30",
        ]);
        const todos = await (await t.request("/api/v1/portal/employee/todos", { token: employee })).json();
        assert.equal(todos.data.onboarding.open, false);
        assert.deepEqual(todos.data.onboarding.tasks, []);
        const summary = await (await t.request("/api/v1/portal/employee/summary", { token: employee }))
          .json();
        assert.equal(summary.data.todos.onboardingOpen, false);
      },
    );

    const hr = { Cookie: `hr_session=${await account(t, "hr@example.ch", "hr")}` };

    await ctx.step("HR starts a plan for P2, who is new without being a new hire by the file", async () => {
      const page = await (await t.request("/hr/people/P2", { headers: hr })).text();
      assert.match(page, /Diese Person hat keinen Onboarding-Plan\./);
      assert.match(page, /href="\/hr\/people\/P2\/onboarding"/);
      const csrf = await csrfOn(t, hr, "/hr/people/P2/onboarding");
      const own = await (await t.request("/hr/people/P2/onboarding", { headers: hr })).text();
      // Her start is past the 30 days: the form suggests today.
      assert.match(own, /name="first_day" type="date"\s+required\s+value="2026-11-18"/);
      const r = await t.request(
        "/hr/people/P2/onboarding/start",
        post(hr, { csrf, first_day: "2026-11-23" }),
      );
      assert.equal(r.status, 200);
      const html = await r.text();
      assert.match(html, /Der Onboarding-Plan ist gestartet, erster Tag 23\.11\.2026\./);
      assert.match(html, /Arbeitsvertrag unterschreiben<\/td><td>16\.11\.2026<\/td>/);
      assert.deepEqual((await plans(t)).filter((p) => p.startsWith("P2")), ["P2 OPEN 2026-11-23"]);

      const again = await t.request(
        "/hr/people/P2/onboarding/start",
        post(hr, { csrf, first_day: "2026-11-23" }),
      );
      assert.equal(again.status, 409);
      assert.match(await again.text(), /Diese Person hat schon einen offenen Onboarding-Plan\./);
      const bad = await t.request(
        "/hr/people/P1/onboarding/start",
        post(hr, { csrf, first_day: "23.11.2026" }),
      );
      assert.equal(bad.status, 400);
      assert.match(
        await bad.text(),
        /Erster Tag des Plans: ein gültiges Datum JJJJ-MM-TT zwischen 1900 und 2100 angeben\./,
      );
      const far = await t.request(
        "/hr/people/P1/onboarding/start",
        post(hr, { csrf, first_day: "0026-11-23" }),
      );
      assert.equal(far.status, 400);
      assert.deepEqual((await plans(t)).filter((p) => p.startsWith("P1")), []);
    });

    await ctx.step("HR marks the manager's task on P4's plan done", async () => {
      const csrf = await csrfOn(t, hr, "/hr/people/P4/onboarding");
      const [task] = (await t.deps.db.$client.execute(
        "SELECT t.id FROM onboarding_tasks t JOIN onboarding_plans p ON p.id = t.plan_id JOIN employees e " +
          "ON e.id = p.employee_id WHERE e.personnel_number = 'P4' AND t.title = 'Willkommen im Team'",
      )).rows;
      const r = await t.request(`/hr/people/P4/onboarding/tasks/${task.id}/done`, post(hr, { csrf }));
      assert.equal(r.status, 200);
      const html = await r.text();
      assert.match(html, /Die Aufgabe «Willkommen im Team» ist erledigt\./);
      assert.match(
        html,
        /Willkommen im Team<\/td><td>04\.01\.2027<\/td><td>Martina Meier<\/td><td>✓ erledigt/,
      );
      // The same task through another person's page is not theirs.
      const wrong = await t.request(`/hr/people/P3/onboarding/tasks/${task.id}/done`, post(hr, { csrf }));
      assert.equal(wrong.status, 404);
      assert.match(
        await wrong.text(),
        /Diese Aufgabe gehört nicht zum offenen Onboarding-Plan dieser Person\./,
      );
      const list = await (await t.request("/api/v1/portal/approvals/onboarding-tasks", { token: manager }))
        .json();
      assert.ok(!list.data.items.some((i: { id: string }) => i.id === task.id));
    });

    await ctx.step("HR closes P3's plan: its open tasks leave the manager's list", async () => {
      const csrf = await csrfOn(t, hr, "/hr/people/P3/onboarding");
      const forged = await t.request("/hr/people/P3/onboarding/close", post(hr, { csrf: "0".repeat(64) }));
      assert.equal(forged.status, 403);
      assert.deepEqual((await plans(t)).filter((p) => p.startsWith("P3")), ["P3 OPEN 2026-10-20"]);
      const r = await t.request("/hr/people/P3/onboarding/close", post(hr, { csrf }));
      assert.equal(r.status, 200);
      const html = await r.text();
      assert.match(html, /Der Onboarding-Plan ist geschlossen\./);
      assert.match(html, /HR hat den Plan geschlossen; offene Aufgaben sind nicht mehr fällig\./);
      assert.deepEqual((await plans(t)).filter((p) => p.startsWith("P3")), ["P3 CLOSED 2026-10-20"]);
      const list = await (await t.request("/api/v1/portal/approvals/onboarding-tasks", { token: manager }))
        .json();
      assert.ok(list.data.items.every((i: { person: { name: string } }) => i.person.name !== "Pius Roth"));
      const twice = await t.request("/hr/people/P3/onboarding/close", post(hr, { csrf }));
      assert.equal(twice.status, 409);
      assert.match(await twice.text(), /Diese Person hat keinen offenen Onboarding-Plan\./);
    });

    await ctx.step("a person of another role cannot reach the plan's actions", async () => {
      const cookie = { Cookie: `hr_session=${manager}` };
      const r = await t.request("/hr/people/P4/onboarding/close", post(cookie, { csrf: "0".repeat(64) }));
      assert.equal(r.status, 403);
      assert.deepEqual((await plans(t)).filter((p) => p.startsWith("P4")), ["P4 OPEN 2027-01-04"]);
    });
  } finally {
    t.close();
  }
});

Deno.test("onboarding: a person entered with a start 30 days back still starts a plan, 31 days back none", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    assert.equal((await cli(t, ["org", "apply", "--file", "-"], ORG_FILE)).code, 0);
    const file = await Deno.makeTempFile({ suffix: ".csv" });
    await Deno.writeTextFile(
      file,
      "personnel_number,first_name,last_name,canton,employment_start\n" +
        "A1,Anna,Amrein,BE,2026-10-19\nA2,Beat,Bühler,BE,2026-10-18\n",
    );
    const imp = await cli(t, ["employees", "import", "--file", file]);
    assert.equal(imp.code, 0, imp.err);
    assert.deepEqual(await plans(t), ["A1 OPEN 2026-10-19"]);
  } finally {
    t.close();
  }
});

Deno.test("onboarding close-stale: closes the plans an earlier import gave long-time staff, and no new hire's", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    assert.equal((await cli(t, ["org", "apply", "--file", "-"], ORG_FILE)).code, 0);
    const file = await Deno.makeTempFile({ suffix: ".csv" });
    await Deno.writeTextFile(file, PEOPLE_FILE);
    assert.equal((await cli(t, ["employees", "import", "--file", file])).code, 0);
    // What the import did before only new hires started a plan: every person added got one.
    const people = await t.deps.db.select({ id: employees.id }).from(employees);
    await t.deps.db.transaction(async (tx) => {
      for (const p of people) await startPlanFromTemplate(tx, p.id, t.clock.now());
    });
    // HR started one later for P2 (new without being a new hire), with a first day near its making.
    await t.deps.db.$client.execute(
      "UPDATE onboarding_plans SET start_date = '2026-11-16' WHERE employee_id = " +
        "(SELECT id FROM employees WHERE personnel_number = 'P2')",
    );
    assert.equal((await plans(t)).filter((p) => p.includes("OPEN")).length, 5);

    const dry = await cli(t, ["onboarding", "close-stale", "--dry-run"]);
    assert.equal(dry.code, 0, dry.err);
    assert.equal(
      dry.out,
      "M1 Martina Meier: first day 2009-04-01, 1 open task(s)\n" +
        "P1 Peter Pfister: first day 1999-01-04, 3 open task(s)\n" +
        "2 plan(s) would be closed; nothing was changed.\n",
    );
    assert.equal((await plans(t)).filter((p) => p.includes("OPEN")).length, 5);

    const r = await cli(t, ["onboarding", "close-stale"]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /\n2 plan\(s\) closed\.\n$/);
    assert.deepEqual(await plans(t), [
      "M1 CLOSED 2009-04-01",
      "P1 CLOSED 1999-01-04",
      "P2 OPEN 2026-11-16",
      "P3 OPEN 2026-10-20",
      "P4 OPEN 2027-01-04",
    ]);
    const again = await cli(t, ["onboarding", "close-stale"]);
    assert.equal(again.out, "0 plan(s) closed.\n");
  } finally {
    t.close();
  }
});
