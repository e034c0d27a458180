/**
 * A hire from the HR console: moving an application into the stage that marks the candidate hired creates
 * their employee record (a new personnel number, the position's canton, department, title and workload, the
 * hiring manager as manager, the first working day from the position or the default) and their onboarding
 * plan from the template DEFAULT, in the move's own transaction. A hire that would have no canton is refused
 * and changes nothing. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import {
  applications,
  employees,
  onboardingPlans,
  onboardingTasks,
  onboardingTemplates,
  positions,
  settings,
} from "../../src/db/schema/mod.ts";
import { READY_APPLICATION_ID } from "../../src/demo/mod.ts";
import { applyConfiguration } from "../../src/org_config/mod.ts";
import { TEMPLATE } from "../_hiring.ts";
import { csrfOn, post, session } from "./_console.ts";

const csrfOf = (t: TestApp, cookie: Record<string, string>) => csrfOn(t, cookie, "/hr/recruiting");

async function move(t: TestApp, cookie: Record<string, string>, csrf: string, to: string) {
  return await t.request(
    `/hr/recruiting/applications/${READY_APPLICATION_ID}/move`,
    post(cookie, { csrf, to }),
  );
}

Deno.test("hiring: a candidate moved to HIRED in the console becomes an employee with a plan", async (ctx) => {
  const t = await makeTestApp();
  try {
    assert.ok((await applyConfiguration(t.deps, TEMPLATE)).ok);
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);
    const [app] = await t.deps.db.select().from(applications).where(
      eq(applications.id, READY_APPLICATION_ID),
    );
    const [pos] = await t.deps.db.select().from(positions).where(eq(positions.id, app.positionId));
    const [manager] = await t.deps.db.select().from(employees).where(
      eq(employees.id, pos.hiringManagerEmployeeId!),
    );

    await ctx.step("the offer is no hire yet: no one is created", async () => {
      const before = (await t.deps.db.select().from(employees)).length;
      assert.equal((await move(t, cookie, csrf, "OFFER")).status, 200);
      assert.equal((await t.deps.db.select().from(employees)).length, before);
    });

    let employeeId = "";
    await ctx.step("HIRED: the record, with the next personnel number and the position's facts", async () => {
      const r = await move(t, cookie, csrf, "HIRED");
      assert.equal(r.status, 200);
      const html = await r.text();
      assert.match(
        html,
        /Engagé·e : Selina Probst-Demo a un dossier personnel et un plan d(?:'|&#39;)intégration/,
      );
      const [hired] = await t.deps.db.select().from(applications).where(
        eq(applications.id, READY_APPLICATION_ID),
      );
      assert.equal(hired.status, "HIRED");
      assert.ok(hired.employeeId);
      employeeId = hired.employeeId;
      const [e] = await t.deps.db.select().from(employees).where(eq(employees.id, employeeId));
      assert.equal(e.personnelNumber, "GW-041");
      assert.match(html, /href="\/hr\/people\/GW-041"/);
      assert.deepEqual(
        [e.firstName, e.lastName, e.canton, e.managerId, e.jobTitle, e.workloadPercent, e.departmentId],
        [
          "Selina",
          "Probst-Demo",
          "BE",
          manager.id,
          "Senior Backend Engineer (Platform)",
          100,
          pos.departmentId,
        ],
      );
      // Wednesday 18 November 2026 + 28 days is Wednesday 16 December; the next Monday is the 21st.
      assert.equal(e.employmentStart, "2026-12-21");
      assert.equal(e.workEmail, null, "the candidate's private address is no work address");
    });

    await ctx.step("the plan: the template's tasks around the first working day", async () => {
      const [plan] = await t.deps.db.select().from(onboardingPlans).where(
        eq(onboardingPlans.employeeId, employeeId),
      );
      assert.equal(plan.startDate, "2026-12-21");
      assert.equal(plan.ownerEmployeeId, manager.id);
      const tasks = await t.deps.db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, plan.id))
        .orderBy(onboardingTasks.sortOrder);
      assert.deepEqual(tasks.map((x) => [x.phase, x.title, x.dueDate, x.assigneeEmployeeId]), [
        ["BEFORE_START", "Arbeitsvertrag unterschreiben", "2026-12-14", null],
        ["FIRST_DAY", "Willkommen im Team", "2026-12-21", manager.id],
        ["FIRST_WEEK", "Sicherheitsschulung", "2026-12-24", null],
      ]);
    });
  } finally {
    t.close();
  }
});

Deno.test("hiring: the position's start date is the first working day", async () => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);
    const [app] = await t.deps.db.select().from(applications).where(
      eq(applications.id, READY_APPLICATION_ID),
    );
    const page = await (await t.request(`/hr/recruiting/positions/${app.positionId}`, { headers: cookie }))
      .text();
    assert.match(page, /name="start_date"/);
    const [pos] = await t.deps.db.select().from(positions).where(eq(positions.id, app.positionId));
    const r = await t.request(
      "/hr/recruiting/positions",
      post(cookie, {
        csrf,
        id: pos.id,
        title: pos.title,
        status: pos.status,
        department: "Engineering",
        location: pos.location ?? "",
        canton: pos.canton ?? "",
        workload_min: "80",
        workload_max: "80",
        hiring_manager: "",
        recruiters: "",
        ad_de: pos.advertisements.de ?? "",
        start_date: "2027-02-01",
      }),
    );
    assert.equal(r.status, 200);
    await r.body?.cancel();
    // An organisation without a template DEFAULT (the demo has one).
    await t.deps.db.delete(onboardingTemplates);
    assert.equal((await move(t, cookie, csrf, "HIRED")).status, 200);
    const [hired] = await t.deps.db.select().from(applications).where(
      eq(applications.id, READY_APPLICATION_ID),
    );
    const [e] = await t.deps.db.select().from(employees).where(eq(employees.id, hired.employeeId!));
    assert.deepEqual([e.employmentStart, e.workloadPercent, e.managerId], ["2027-02-01", 80, null]);
    // Without a template DEFAULT there is no plan to start.
    assert.equal(
      (await t.deps.db.select().from(onboardingPlans).where(eq(onboardingPlans.employeeId, e.id))).length,
      0,
    );
  } finally {
    t.close();
  }
});

Deno.test("hiring: a hire without any canton is refused and changes nothing", async () => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);
    const [app] = await t.deps.db.select().from(applications).where(
      eq(applications.id, READY_APPLICATION_ID),
    );
    await t.deps.db.update(positions).set({ canton: null }).where(eq(positions.id, app.positionId));
    await t.deps.db.delete(settings).where(eq(settings.key, "org.default_canton"));
    const count = (await t.deps.db.select().from(employees)).length;
    const r = await move(t, cookie, csrf, "HIRED");
    assert.equal(r.status, 409);
    assert.match(
      await r.text(),
      /Le poste n(?:'|&#39;)a pas de canton et l(?:'|&#39;)organisation pas de canton par défaut/,
    );
    const [still] = await t.deps.db.select().from(applications).where(
      eq(applications.id, READY_APPLICATION_ID),
    );
    assert.deepEqual([still.stageId, still.status, still.employeeId], [app.stageId, "ACTIVE", null]);
    assert.equal((await t.deps.db.select().from(employees)).length, count);
  } finally {
    t.close();
  }
});
