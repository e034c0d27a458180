/**
 * The to-dos are a derived list: what left it since an app's last sync is read from the records behind it
 * (a task's `doneAt`, a document's `receivedAt`, an invitation's due date) or from the tombstones written when
 * the record keeps no instant (a plan closed). And `updatedSince` is taken for 90 days, not a millisecond more.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { actorFor, EMPLOYEE_ID, refuses } from "./_fixtures.ts";
import {
  onboardingPlans,
  onboardingTasks,
  requiredDocuments,
  surveyInvitations,
} from "../../src/db/schema/mod.ts";
import { listTodos } from "../../src/services/todos.ts";
import { closePlan } from "../../src/services/onboarding_plans.ts";
import { listPayslips } from "../../src/services/pay.ts";

Deno.test("sync of the to-dos: a task done, a plan closed, an invitation past due and a document received leave the list at their own instants", async () => {
  const t = await makeTestApp();
  try {
    const me = await actorFor(t, "employee@demo.example");
    const hr = await actorFor(t, "hr@demo.example");
    const [open] = await t.deps.db.select().from(onboardingPlans)
      .where(and(eq(onboardingPlans.employeeId, EMPLOYEE_ID), eq(onboardingPlans.status, "OPEN")));
    if (open) await closePlan(t.deps, hr, EMPLOYEE_ID);
    const [plan] = await t.deps.db.insert(onboardingPlans).values({
      employeeId: EMPLOYEE_ID,
      startDate: "2026-11-23",
      createdAt: t.clock.now(),
    }).returning();
    for (const [i, title] of ["Laptop", "Badge", "Intro"].entries()) {
      await t.deps.db.insert(onboardingTasks).values({
        planId: plan.id,
        title,
        phase: "FIRST_DAY",
        sortOrder: i,
        createdAt: t.clock.now(),
      });
    }
    const survey = crypto.randomUUID();
    await t.deps.db.insert(surveyInvitations).values({
      id: survey,
      employeeId: EMPLOYEE_ID,
      surveyTitle: "Pulse",
      dueDate: "2026-11-18",
      createdAt: t.clock.now(),
    });
    const [doc] = await t.deps.db.insert(requiredDocuments).values({
      employeeId: EMPLOYEE_ID,
      kind: "RESIDENCE_PERMIT",
      createdAt: t.clock.now(),
    }).returning();

    const full = await listTodos(t.deps, me, { updatedSince: 0 });
    assert.ok("deleted" in full);
    const tasks = full.onboarding.tasks.map((x) => x.id);
    assert.ok(tasks.length >= 2, `${tasks.length} open tasks`);
    assert.ok(full.surveyInvitations.some((s) => s.id === survey));
    assert.deepEqual(full.deleted, [], "a full load drops nothing");

    t.clock.advance(5 * 60_000);
    const load = await listTodos(t.deps, me, { updatedSince: 0 });
    assert.ok("nextUpdatedSince" in load);
    const since = load.nextUpdatedSince;
    t.clock.advance(5 * 60_000);
    const doneAt = t.clock.now();
    await t.deps.db.update(onboardingTasks).set({ done: true, doneAt }).where(
      eq(onboardingTasks.id, tasks[0]),
    );
    await t.deps.db.update(requiredDocuments).set({ status: "RECEIVED", receivedAt: doneAt })
      .where(eq(requiredDocuments.id, doc.id));
    t.clock.advance(60_000);
    const closedAt = t.clock.now();
    await closePlan(t.deps, hr, EMPLOYEE_ID);
    // Past midnight in Zurich: the invitation due on the 18th is no longer a to-do from 00:00 local time.
    t.clock.set("2026-11-19T07:00:00Z");

    const changes = await listTodos(t.deps, me, { updatedSince: Date.parse(since) });
    assert.ok("deleted" in changes);
    const at = new Map(changes.deleted.map((d) => [d.id, d.deletedAt]));
    assert.equal(at.get(tasks[0]), new Date(doneAt).toISOString(), "a task done leaves at its doneAt");
    for (const id of tasks.slice(1)) {
      assert.equal(
        at.get(id),
        new Date(closedAt).toISOString(),
        "an open task of a closed plan, when closed",
      );
    }
    assert.equal(at.get(doc.id), new Date(doneAt).toISOString(), "a document received, at its receivedAt");
    assert.equal(
      at.get(survey),
      "2026-11-18T23:00:00.000Z",
      "an invitation past due, at the next local midnight",
    );
    assert.equal(changes.deleted.length, tasks.length + 2, "and nothing else");
    assert.deepEqual(changes.onboarding, { open: false, tasks: [] });
    assert.deepEqual([changes.feedbackDrafts, changes.surveyInvitations, changes.documentsMissing], [
      [],
      [],
      [],
    ]);
    assert.equal(changes.nextUpdatedSince, "2026-11-19T06:58:00.000Z", "two minutes before the answer");
  } finally {
    t.close();
  }
});

Deno.test("sync: updatedSince is taken back to 90 days exactly, and the epoch loads everything", async () => {
  const t = await makeTestApp();
  try {
    const me = await actorFor(t, "employee@demo.example");
    const now = t.clock.now();
    const edge = await listPayslips(t.deps, me, { updatedSince: now - 90 * 86_400_000 });
    assert.ok("deleted" in edge);
    const msg = await refuses(
      listPayslips(t.deps, me, { updatedSince: now - 90 * 86_400_000 - 1 }),
      "validation",
    );
    assert.match(msg, /90 days/);
    await refuses(listPayslips(t.deps, me, { updatedSince: now + 1 }), "validation");
    const all = await listPayslips(t.deps, me, { updatedSince: 0 });
    const plain = await listPayslips(t.deps, me, {});
    assert.equal(all.items.length, plain.items.length);
  } finally {
    t.close();
  }
});
