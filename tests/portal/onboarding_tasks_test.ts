/**
 * A manager's part of new people's onboarding plans: `GET /approvals/onboarding-tasks` lists the open tasks
 * other people's open plans give the caller, earliest due first; `POST …/:id/done` marks one done. A task
 * that is not the caller's, or is on the caller's own plan, reads as unknown and nothing changes. The demo's
 * future joiner (GW-018) has an open plan with tasks for the manager, an administrator and a colleague.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { onboardingTasks } from "../../src/db/schema/mod.ts";

const BASE = "/api/v1/portal";

Deno.test("onboarding tasks: a manager lists and completes the tasks new people's plans give them", async (ctx) => {
  const t = await makeTestApp();
  try {
    const manager = await t.signIn("manager@demo.example");
    const list = async (token: string) => {
      const r = await t.request(`${BASE}/approvals/onboarding-tasks`, { token });
      assert.equal(r.status, 200);
      return (await r.json()).data as {
        items: { id: string; title: string; phase: string; dueDate: string; person: { name: string } }[];
        nextOffset: number | null;
      };
    };

    let first = "";
    await ctx.step("the manager's four open tasks, earliest due first, with whose plan", async () => {
      const l = await list(manager);
      assert.deepEqual(l.items.map((x) => [x.phase, x.title]), [
        ["FIRST_DAY", "Begrüssung und Rundgang durch das Büro Bern"],
        ["FIRST_WEEK", "Mittagessen mit dem Team"],
        ["FIRST_MONTH", "Feedbackgespräch nach dem ersten Monat"],
        ["PROBATION", "Probezeitgespräch"],
      ]);
      assert.equal(new Set(l.items.map((x) => x.person.name)).size, 1);
      assert.equal(l.nextOffset, null);
      first = l.items[0].id;
    });

    await ctx.step("a colleague sees only the one task the plan gives them", async () => {
      const l = await list(await t.signIn("employee@demo.example"));
      assert.deepEqual(l.items.map((x) => x.title), ["Einführung in die Plattform-Architektur (Buddy)"]);
    });

    await ctx.step("done: it leaves the list; done again answers the same instant", async () => {
      const r = await t.request(`${BASE}/approvals/onboarding-tasks/${first}/done`, {
        method: "POST",
        token: manager,
      });
      assert.equal(r.status, 200);
      const body = (await r.json()).data;
      assert.deepEqual(body, { id: first, done: true, doneAt: "2026-11-18T09:00:00.000Z" });
      assert.equal((await list(manager)).items.length, 3);
      t.clock.advance(60_000);
      const again = await t.request(`${BASE}/approvals/onboarding-tasks/${first}/done`, {
        method: "POST",
        token: manager,
      });
      assert.equal((await again.json()).data.doneAt, "2026-11-18T09:00:00.000Z");
    });

    await ctx.step("someone else's task: 404, nothing changes", async () => {
      const [adminTask] = await t.deps.db.select().from(onboardingTasks).where(
        eq(onboardingTasks.title, "Zugänge einrichten (E-Mail, Git, VPN)"),
      );
      const r = await t.request(`${BASE}/approvals/onboarding-tasks/${adminTask.id}/done`, {
        method: "POST",
        token: manager,
      });
      assert.equal(r.status, 404);
      const body = await r.json();
      assert.equal(body.error, "No onboarding task of someone else's plan is yours with this id.");
      const [still] = await t.deps.db.select().from(onboardingTasks).where(
        eq(onboardingTasks.id, adminTask.id),
      );
      assert.equal(still.done, false);
    });

    await ctx.step("an unknown id: 404", async () => {
      const r = await t.request(`${BASE}/approvals/onboarding-tasks/no-such-task/done`, {
        method: "POST",
        token: manager,
      });
      assert.equal(r.status, 404);
      await r.body?.cancel();
      assert.equal((await list(manager)).items.length, 3);
    });
  } finally {
    t.close();
  }
});
