/**
 * The to-do badge leads somewhere: `GET /employee/todos` lists exactly what the summary's `todos` counts, and
 * the inbox lists and marks the notifications the service already writes.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { employees, feedbackDrafts, onboardingPlans, onboardingTasks } from "../../src/db/schema/mod.ts";
import { getEmployeeSummary } from "../../src/services/summary.ts";
import { listTodos } from "../../src/services/todos.ts";
import { EMPLOYEE_ID } from "../services/_fixtures.ts";

const BASE = "/api/v1/portal";

Deno.test("todos: for every demo employee the lists equal the summary's counts", async () => {
  const app = await makeTestApp();
  try {
    const all = await app.deps.db.select({ id: employees.id }).from(employees);
    let withTodos = 0;
    for (const e of all) {
      const actor = {
        userId: "u",
        role: "employee",
        language: "de" as const,
        employeeId: e.id,
        channel: "PORTAL" as const,
      };
      const s = await getEmployeeSummary(app.deps, actor);
      const l = await listTodos(app.deps, actor);
      assert.equal(l.feedbackDrafts.length, s.todos.feedbackDrafts, e.id);
      assert.equal(l.surveyInvitations.length, s.todos.surveyInvitations, e.id);
      assert.equal(l.onboarding.open, s.todos.onboardingOpen, e.id);
      assert.equal(l.documentsMissing.length > 0, s.todos.documentsMissing, e.id);
      if (s.todos.total > 0) withTodos++;
    }
    assert.ok(withTodos > 0, "the demo has people with to-dos, so the comparison compared something");
  } finally {
    app.close();
  }
});

Deno.test("todos: done tasks and discarded drafts leave the list and the badge", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const now = app.clock.now();
    const [plan] = await app.deps.db.insert(onboardingPlans).values({
      employeeId: EMPLOYEE_ID,
      startDate: "2026-11-02",
      createdAt: now,
    }).returning();
    const [mine, theirs] = await app.deps.db.insert(onboardingTasks).values([
      { planId: plan.id, title: "Read the handbook", phase: "FIRST_WEEK", createdAt: now },
      {
        planId: plan.id,
        title: "Prepare the laptop",
        phase: "BEFORE_START",
        assigneeEmployeeId:
          (await app.deps.db.select().from(employees).where(eq(employees.personnelNumber, "GW-006")))[0].id,
        createdAt: now,
      },
    ]).returning();
    const summary = async () =>
      (await (await app.request(`${BASE}/employee/summary`, { token })).json()).data.todos;
    const todos = async () => (await (await app.request(`${BASE}/employee/todos`, { token })).json()).data;

    await t.step("the open plan shows with both tasks; only one is the person's", async () => {
      const l = await todos();
      assert.equal(l.onboarding.open, true);
      assert.deepEqual(
        l.onboarding.tasks.map((x: { title: string; mine: boolean }) => [x.title, x.mine]).sort(),
        [["Prepare the laptop", false], ["Read the handbook", true]],
      );
      assert.equal((await summary()).onboardingOpen, true);
    });
    await t.step("someone else's task on the plan: 403; an unknown one: 404", async () => {
      const r = await app.request(`${BASE}/employee/todos/onboarding-tasks/${theirs.id}/done`, {
        method: "POST",
        token,
      });
      assert.equal(r.status, 403);
      const u = await app.request(`${BASE}/employee/todos/onboarding-tasks/nope/done`, {
        method: "POST",
        token,
      });
      assert.equal(u.status, 404);
    });
    await t.step("the person's task done; the plan stays open while another task is open", async () => {
      const r = await app.request(`${BASE}/employee/todos/onboarding-tasks/${mine.id}/done`, {
        method: "POST",
        token,
      });
      assert.equal(r.status, 200);
      assert.equal((await r.json()).data.done, true);
      assert.equal((await todos()).onboarding.tasks.length, 1);
      assert.equal((await summary()).onboardingOpen, true);
    });
    await t.step("a draft discarded: one fewer in the list and on the badge", async () => {
      const before = await summary();
      const [d] = await app.deps.db.insert(feedbackDrafts).values({
        authorEmployeeId: EMPLOYEE_ID,
        cycle: "2026",
        updatedAt: now,
      }).returning();
      assert.equal((await summary()).feedbackDrafts, before.feedbackDrafts + 1);
      const r = await app.request(`${BASE}/employee/todos/feedback-drafts/${d.id}`, {
        method: "DELETE",
        token,
      });
      assert.equal(r.status, 200);
      const after = await summary();
      assert.equal(after.feedbackDrafts, before.feedbackDrafts);
      assert.equal(after.total, before.total);
      const again = await app.request(`${BASE}/employee/todos/feedback-drafts/${d.id}`, {
        method: "DELETE",
        token,
      });
      assert.equal(again.status, 404);
    });
  } finally {
    app.close();
  }
});

Deno.test("notifications: a decision on the employee's leave arrives; read one, then all", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const manager = await app.signIn("manager@demo.example");
    const filed = await app.request(`${BASE}/employee/leave/requests`, {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: "2027-01-11", endDate: "2027-01-15" },
    });
    const id = (await filed.json()).data.id;
    const before =
      (await (await app.request(`${BASE}/employee/notifications?unread=true`, { token })).json()).data;
    const decided = await app.request(`${BASE}/approvals/leave-requests/${id}/decision`, {
      method: "POST",
      token: manager,
      json: { decision: "APPROVE" },
    });
    assert.equal(decided.status, 200);
    const list =
      (await (await app.request(`${BASE}/employee/notifications?unread=true`, { token })).json()).data;
    await t.step("the decision is the newest unread notification", () => {
      assert.equal(list.unreadCount, before.unreadCount + 1);
      assert.equal(list.items[0].kind, "LEAVE_REQUEST_DECIDED");
      assert.equal(list.items[0].readAt, null);
    });
    await t.step("marked read by id; only that one", async () => {
      const r = await app.request(`${BASE}/employee/notifications/read`, {
        method: "POST",
        token,
        json: { ids: [list.items[0].id] },
      });
      assert.deepEqual((await r.json()).data, { marked: 1 });
      const now = (await (await app.request(`${BASE}/employee/notifications`, { token })).json()).data;
      assert.equal(now.unreadCount, before.unreadCount);
      assert.ok(now.items.find((n: { id: string }) => n.id === list.items[0].id).readAt);
    });
    await t.step("someone else's notification id changes nothing", async () => {
      const mine =
        (await (await app.request(`${BASE}/employee/notifications`, { token: manager })).json()).data;
      if (!mine.items.length) return;
      const r = await app.request(`${BASE}/employee/notifications/read`, {
        method: "POST",
        token,
        json: { ids: [mine.items[0].id] },
      });
      assert.deepEqual((await r.json()).data, { marked: 0 });
    });
    await t.step("all read", async () => {
      const r = await app.request(`${BASE}/employee/notifications/read`, {
        method: "POST",
        token,
        json: { all: true },
      });
      assert.deepEqual((await r.json()).data, { marked: before.unreadCount });
      const now =
        (await (await app.request(`${BASE}/employee/notifications?unread=true`, { token })).json()).data;
      assert.equal(now.unreadCount, 0);
      assert.deepEqual(now.items, []);
    });
    await t.step("a body that is neither ids nor all: 400", async () => {
      const r = await app.request(`${BASE}/employee/notifications/read`, {
        method: "POST",
        token,
        json: { all: false },
      });
      assert.equal(r.status, 400);
    });
  } finally {
    app.close();
  }
});
