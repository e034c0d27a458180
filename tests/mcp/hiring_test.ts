/**
 * A hire over the connector: commit_stage_move into HIRED creates the employee and their onboarding plan
 * from the template DEFAULT, returns the employee's id, and the onboarding tools then work on that plan
 * (prepare_onboarding_task shows its tasks, commit_onboarding_task adds to it).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { E2E, ok, startMcpServer } from "./_harness.ts";
import { READY_APPLICATION_ID } from "../../src/demo/mod.ts";
import { employees, onboardingPlans, onboardingTasks } from "../../src/db/schema/mod.ts";
import { applyConfiguration } from "../../src/org_config/mod.ts";
import { TEMPLATE } from "../_hiring.ts";

Deno.test("hiring: a hire moved by an assistant starts a plan the onboarding tools see", E2E, async () => {
  const s = await startMcpServer();
  try {
    assert.ok((await applyConfiguration(s.t.deps, TEMPLATE)).ok);
    const hr = await s.client((await s.grant("hr")).token);
    const moveTo = async (to: string) => {
      const p = ok<{ previewId: string; marksHired: boolean }>(
        await hr.callTool({
          name: "prepare_stage_move",
          arguments: { application_id: READY_APPLICATION_ID, to_stage: to },
        }),
      );
      return {
        prepared: p,
        committed: ok<{ marksHired: boolean; employeeId: string | null }>(
          await hr.callTool({ name: "commit_stage_move", arguments: { previewId: p.previewId } }),
        ),
      };
    };
    const offer = await moveTo("OFFER");
    assert.equal(offer.committed.employeeId, null);
    const hired = await moveTo("HIRED");
    assert.equal(hired.prepared.marksHired, true);
    const employeeId = hired.committed.employeeId;
    assert.ok(employeeId);
    const [e] = await s.t.deps.db.select().from(employees).where(eq(employees.id, employeeId));
    assert.equal(`${e.firstName} ${e.lastName}`, "Selina Probst-Demo");

    const p = ok<
      { previewId: string; personName: string; planStart: string; tasksInPhase: { title: string }[] }
    >(
      await hr.callTool({
        name: "prepare_onboarding_task",
        arguments: { employee_id: employeeId, title: "Laptop bestellen", phase: "BEFORE_START" },
      }),
    );
    assert.equal(p.personName, "Selina Probst-Demo");
    assert.equal(p.planStart, "2026-12-21");
    assert.deepEqual(p.tasksInPhase.map((x) => x.title), ["Arbeitsvertrag unterschreiben"]);
    ok(await hr.callTool({ name: "commit_onboarding_task", arguments: { previewId: p.previewId } }));
    const [plan] = await s.t.deps.db.select().from(onboardingPlans).where(
      eq(onboardingPlans.employeeId, employeeId),
    );
    const titles =
      (await s.t.deps.db.select().from(onboardingTasks).where(eq(onboardingTasks.planId, plan.id))
        .orderBy(onboardingTasks.sortOrder)).map((x) => x.title);
    // The new task lands at the end of its phase, before the next phase's tasks.
    assert.deepEqual(titles, [
      "Arbeitsvertrag unterschreiben",
      "Laptop bestellen",
      "Willkommen im Team",
      "Sicherheitsschulung",
    ]);
  } finally {
    await s.close();
  }
});
