/**
 * The to-do badge leads somewhere: `GET /employee/todos` lists exactly what the summary's `todos` counts, and
 * the inbox lists and marks the notifications the service already writes.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { accountOf, makeTestApp } from "../_helpers.ts";
import {
  employees,
  feedbackDrafts,
  onboardingPlans,
  onboardingTasks,
  surveyInvitations,
} from "../../src/db/schema/mod.ts";
import { createSession } from "../../src/signin/sessions.ts";
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

const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

Deno.test("todos: for every demo employee the summary's counts equal what the to-do endpoints list, before and after settling one of each", async (t) => {
  const app = await makeTestApp();
  try {
    const all = await app.deps.db.select({ id: employees.id, pn: employees.personnelNumber }).from(employees);
    const settled = {
      feedbackDraft: 0,
      surveyAnswered: 0,
      surveyDeclined: 0,
      onboardingTask: 0,
      document: 0,
    };
    /** The summary's `todos` and the to-do list, read over HTTP, compared count by count. */
    const compare = async (token: string, who: string) => {
      const s = (await (await app.request(`${BASE}/employee/summary`, { token })).json()).data.todos;
      const l = (await (await app.request(`${BASE}/employee/todos`, { token })).json()).data;
      const policies = (await (await app.request(`${BASE}/employee/policies`, { token })).json()).data.items;
      const toRead = policies.filter((p: { acknowledgementCurrent: boolean }) => !p.acknowledgementCurrent);
      assert.equal(l.feedbackDrafts.length, s.feedbackDrafts, `${who}: feedback drafts`);
      assert.equal(l.surveyInvitations.length, s.surveyInvitations, `${who}: survey invitations`);
      assert.equal(l.onboarding.open, s.onboardingOpen, `${who}: onboarding`);
      assert.equal(l.documentsMissing.length > 0, s.documentsMissing, `${who}: documents`);
      assert.equal(
        s.total,
        l.feedbackDrafts.length + l.surveyInvitations.length + (l.onboarding.open ? 1 : 0) +
          (l.documentsMissing.length ? 1 : 0) + toRead.length,
        `${who}: total`,
      );
      return l;
    };
    for (const e of all) {
      await t.step(e.pn, async () => {
        const u = await accountOf(app, e.id, `${e.id}@todos.test`);
        const { token } = await createSession(app.deps.db, app.clock, u.id, {
          ttlDays: 30,
          method: "password",
        });
        const before = await compare(token, `${e.id} before`);
        const post = (path: string, init: { json?: unknown; body?: FormData } = {}) =>
          app.request(`${BASE}${path}`, { method: "POST", token, ...init });
        if (before.feedbackDrafts.length) {
          const r = await post(`/employee/todos/feedback-drafts/${before.feedbackDrafts[0].id}/submit`);
          assert.equal(r.status, 200);
          assert.equal((await r.json()).data.status, "SUBMITTED");
          settled.feedbackDraft++;
        }
        if (before.surveyInvitations.length) {
          const outcome = settled.surveyAnswered > settled.surveyDeclined ? "DECLINED" : "ANSWERED";
          const r = await post(
            `/employee/todos/survey-invitations/${before.surveyInvitations[0].id}/outcome`,
            {
              json: { outcome },
            },
          );
          assert.equal(r.status, 200);
          assert.equal((await r.json()).data.status, outcome === "ANSWERED" ? "COMPLETED" : "DECLINED");
          if (outcome === "ANSWERED") settled.surveyAnswered++;
          else settled.surveyDeclined++;
        }
        const task = before.onboarding.tasks.find((x: { mine: boolean }) => x.mine);
        if (task) {
          assert.equal((await post(`/employee/todos/onboarding-tasks/${task.id}/done`)).status, 200);
          settled.onboardingTask++;
        }
        if (before.documentsMissing.length) {
          const form = new FormData();
          form.append("file", new File([PDF], "scan.pdf"));
          const r = await post(`/employee/todos/documents/${before.documentsMissing[0].id}/file`, {
            body: form,
          });
          assert.equal(r.status, 200);
          settled.document++;
        }
        const after = await compare(token, `${e.id} after`);
        assert.equal(after.feedbackDrafts.length, Math.max(0, before.feedbackDrafts.length - 1));
        assert.equal(after.surveyInvitations.length, Math.max(0, before.surveyInvitations.length - 1));
        assert.equal(after.onboarding.tasks.length, before.onboarding.tasks.length - (task ? 1 : 0));
        assert.equal(after.documentsMissing.length, Math.max(0, before.documentsMissing.length - 1));
      });
    }
    await t.step("each kind of to-do was settled for someone", () => {
      for (const [kind, n] of Object.entries(settled)) assert.ok(n > 0, `${kind}: ${n}`);
    });
  } finally {
    app.close();
  }
});

Deno.test("todos: a survey invitation or feedback draft settled once is refused the second time (409, in the caller's language), and nothing changes", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const todos = async () => (await (await app.request(`${BASE}/employee/todos`, { token })).json()).data;
    const l = await todos();
    const survey = l.surveyInvitations[0].id as string;
    const draft = l.feedbackDrafts[0].id as string;
    const row = async () => ({
      survey: (await app.deps.db.select().from(surveyInvitations).where(eq(surveyInvitations.id, survey)))[0],
      draft: (await app.deps.db.select().from(feedbackDrafts).where(eq(feedbackDrafts.id, draft)))[0],
    });
    const settle = (id: string, body: unknown) =>
      app.request(`${BASE}/employee/todos/survey-invitations/${id}/outcome`, {
        method: "POST",
        token,
        json: body,
      });
    await t.step("an outcome that is neither ANSWERED nor DECLINED: 400, nothing changes", async () => {
      const before = await row();
      const r = await settle(survey, { outcome: "MAYBE" });
      assert.equal(r.status, 400);
      assert.match((await r.json()).error, /outcome/);
      assert.deepEqual(await row(), before);
    });
    await t.step("declined, then answered: 409 naming the state, in German", async () => {
      assert.equal((await settle(survey, { outcome: "DECLINED" })).status, 200);
      const before = await row();
      assert.equal(before.survey.status, "DECLINED");
      const r = await settle(survey, { outcome: "ANSWERED" });
      assert.equal(r.status, 409);
      const body = await r.json();
      assert.equal(body.code, "conflict");
      assert.equal(body.error, "Diese Umfrage-Einladung ist bereits erledigt (abgelehnt).");
      assert.deepEqual(await row(), before);
    });
    await t.step("past its due date: 409, the invitation stays open", async () => {
      const [open] = await app.deps.db.insert(surveyInvitations).values({
        employeeId: EMPLOYEE_ID,
        surveyTitle: "Pulsumfrage",
        dueDate: "2026-11-17",
        createdAt: app.clock.now(),
      }).returning();
      const r = await settle(open.id, { outcome: "ANSWERED" });
      assert.equal(r.status, 409);
      assert.equal((await r.json()).error, "Diese Umfrage ist seit dem 17.11.2026 geschlossen.");
      const [after] = await app.deps.db.select().from(surveyInvitations).where(
        eq(surveyInvitations.id, open.id),
      );
      assert.equal(after.status, "OPEN");
    });
    await t.step("a draft sent twice: 409; then it can no longer be discarded (404)", async () => {
      const path = `${BASE}/employee/todos/feedback-drafts/${draft}`;
      assert.equal((await app.request(`${path}/submit`, { method: "POST", token })).status, 200);
      const before = await row();
      assert.equal(before.draft.status, "SUBMITTED");
      const again = await app.request(`${path}/submit`, { method: "POST", token });
      assert.equal(again.status, 409);
      assert.equal((await again.json()).error, "Dieses Feedback ist bereits gesendet.");
      const discard = await app.request(path, { method: "DELETE", token });
      assert.equal(discard.status, 404);
      assert.deepEqual(await row(), before);
    });
    await t.step("an unknown id: 404 in the account's language", async () => {
      await app.request(`${BASE}/employee/profile`, { method: "PATCH", token, json: { language: "fr" } });
      const r = await settle("unknown", { outcome: "ANSWERED" });
      assert.equal(r.status, 404);
      assert.equal(
        (await r.json()).error,
        "Vous n'avez aucune invitation à un sondage avec cet identifiant.",
      );
      const d = await app.request(`${BASE}/employee/todos/feedback-drafts/unknown/submit`, {
        method: "POST",
        token,
      });
      assert.equal(
        (await d.json()).error,
        "Vous n'avez aucun brouillon de feedback non envoyé avec cet identifiant.",
      );
    });
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
