/**
 * A hire on the demo as HR makes it in the console: the demo has an onboarding template DEFAULT, so the hire
 * starts a plan and HR's "start a plan" works for a demo person (it answered 409 without one); the candidate
 * who applied in French becomes an employee whose language is French, so their invitation is written in it.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { applications, employees, onboardingPlans, onboardingTasks } from "../../src/db/schema/mod.ts";
import { READY_APPLICATION_ID } from "../../src/demo/mod.ts";
import { invite } from "../../src/services/invitations.ts";
import { previewOnboardingTask } from "../../src/services/hr_onboarding.ts";
import type { Actor } from "../../src/services/actor.ts";
import { csrfOn, post, session } from "./_console.ts";

Deno.test("demo: a hire starts a plan and keeps the candidate's language; HR starts a plan for anyone", async (t) => {
  const app = await makeTestApp();
  try {
    const cookie = await session(app, "hr@demo.example");

    await t.step("a candidate who applied in French is hired: French employee, with a plan", async () => {
      await app.deps.db.update(applications).set({ candidateLanguage: "fr" })
        .where(eq(applications.id, READY_APPLICATION_ID));
      const csrf = await csrfOn(app, cookie, "/hr/recruiting");
      const r = await app.request(
        `/hr/recruiting/applications/${READY_APPLICATION_ID}/move`,
        post(cookie, { csrf, to: "HIRED" }),
      );
      assert.equal(r.status, 200, (await r.text()).slice(0, 400));
      const [hired] = await app.deps.db.select().from(applications)
        .where(eq(applications.id, READY_APPLICATION_ID));
      const [e] = await app.deps.db.select().from(employees).where(eq(employees.id, hired.employeeId!));
      assert.equal(e.language, "fr");
      const [plan] = await app.deps.db.select().from(onboardingPlans)
        .where(eq(onboardingPlans.employeeId, e.id));
      assert.ok(plan, "the hire's plan from the template DEFAULT");
      const tasks = await app.deps.db.select().from(onboardingTasks).where(
        eq(onboardingTasks.planId, plan.id),
      );
      assert.equal(tasks.length, 6);
      // Invited without a language: the invitation is written in French.
      await invite(app.deps, {
        email: "selina.probst@example.ch",
        role: "employee",
        employee: e.personnelNumber,
      });
      const [mail] = await app.deps.db.query.mailOutbox.findMany({
        where: (m, { eq }) => eq(m.toAddress, "selina.probst@example.ch"),
      });
      assert.match(mail.subject, /Votre accès au portail RH/);
    });

    await t.step(
      "HR starts a plan for a demo person; the connector's onboarding task then has one",
      async () => {
        const pn = "GW-002";
        const csrf = await csrfOn(app, cookie, `/hr/people/${pn}`);
        const r = await app.request(
          `/hr/people/${pn}/onboarding/start`,
          post(cookie, { csrf, first_day: "2026-11-23" }),
        );
        const html = await r.text();
        assert.equal(r.status, 200, html.slice(0, 400));
        const [e] = await app.deps.db.select().from(employees).where(eq(employees.personnelNumber, pn));
        const [plan] = await app.deps.db.select().from(onboardingPlans).where(
          eq(onboardingPlans.employeeId, e.id),
        );
        assert.equal(plan.startDate, "2026-11-23");
        const hr = await app.deps.db.query.users.findFirst({
          where: (u, { eq }) => eq(u.email, "hr@demo.example"),
        });
        const actor: Actor = {
          userId: hr!.id,
          role: "hr",
          language: "de",
          employeeId: hr!.employeeId,
          channel: "ASSISTANT",
        };
        const preview = await previewOnboardingTask(app.deps, actor, {
          employeeId: e.id,
          title: "Badge abholen",
          phase: "FIRST_DAY",
        });
        assert.equal(preview.planId, plan.id);
      },
    );
  } finally {
    app.close();
  }
});
