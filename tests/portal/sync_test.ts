/**
 * An app's offline copy (`updatedSince`) of the six lists it syncs: between two syncs, what changed comes as
 * items and what left the list as `deleted`, and nothing else; the next sync's start is the server's; an
 * `updatedSince` older than the 90 days remembered (or not an instant) is a 400 naming it.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import {
  applications,
  feedbackDrafts,
  notifications,
  payslips,
  requiredDocuments,
  sickLeaveEntries,
  surveyInvitations,
  syncTombstones,
  users,
} from "../../src/db/schema/mod.ts";
import { deleteApplication } from "../../src/services/application_retention.ts";
import { runRetention } from "../../src/services/retention.ts";

const BASE = "/api/v1/portal";
const FULL = "1970-01-01T00:00:00Z";

// deno-lint-ignore no-explicit-any -- tests read arbitrary response shapes
type Data = any;

async function get(
  t: TestApp,
  token: string,
  path: string,
): Promise<{ status: number; data: Data; body: Data }> {
  const r = await json(await t.request(BASE + path, { token }));
  return { status: r.status, data: r.body.data, body: r.body };
}

async function send(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  const r = await json(await t.request(BASE + path, { method, token, json: body }));
  assert.ok(r.status < 300, `${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Syncs a list from `since` through every page; answers the ids changed, the ids gone and the next start. */
async function sync(t: TestApp, token: string, path: string, since: string) {
  const sep = path.includes("?") ? "&" : "?";
  const items: string[] = [];
  let deleted: string[] = [];
  let next: string | null = null;
  for (let cursor: string | null = null, first = true; first || cursor !== null; first = false) {
    const page = await get(
      t,
      token,
      `${path}${sep}updatedSince=${encodeURIComponent(since)}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
    );
    assert.equal(page.status, 200, `${path}: ${JSON.stringify(page.body)}`);
    items.push(...(page.data.items as { id: string }[]).map((i) => i.id));
    cursor = page.data.nextCursor;
    if (cursor !== null) assert.deepEqual(page.data.deleted, [], "what left comes with the last page");
    deleted = (page.data.deleted as { id: string }[]).map((d) => d.id);
    next = page.data.nextUpdatedSince;
  }
  assert.equal(typeof next, "string");
  return { items, deleted, next: next! };
}

async function employeeIdOf(t: TestApp, email: string): Promise<string> {
  const [u] = await t.deps.db.select({ e: users.employeeId }).from(users).where(eq(users.email, email));
  return u.e!;
}

Deno.test("sync: between two syncs each list reports the row changed and the row deleted, and nothing else", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const me = await employeeIdOf(t, "employee@demo.example");
    // Two drafts to change and to delete, before the first sync.
    const a = await send(t, token, "POST", "/employee/time-entries", {
      date: "2026-11-17",
      startTime: "20:00",
      endTime: "21:00",
    });
    const b = await send(t, token, "POST", "/employee/time-entries", {
      date: "2026-11-17",
      startTime: "21:00",
      endTime: "22:00",
    });
    const draftGone = crypto.randomUUID();
    const survey = crypto.randomUUID();
    const now = t.clock.now();
    await t.deps.db.insert(feedbackDrafts).values({
      id: draftGone,
      authorEmployeeId: me,
      cycle: "2026",
      updatedAt: now,
    });
    await t.deps.db.insert(surveyInvitations).values({
      id: survey,
      employeeId: me,
      surveyTitle: "Pulse",
      dueDate: "2026-12-31",
      createdAt: now,
    });
    const [application] = await t.deps.db.select({ id: applications.id }).from(applications).limit(1);
    const [kept] = await t.deps.db.insert(notifications).values({
      recipientEmployeeId: me,
      kind: "LEAVE_REQUEST_DECIDED",
      payload: JSON.stringify({ leaveRequestId: "x" }),
      createdAt: now,
    }).returning();
    const [goes] = await t.deps.db.insert(notifications).values({
      recipientEmployeeId: me,
      kind: "application.stage_changed",
      payload: JSON.stringify({ applicationId: application.id }),
      createdAt: now,
    }).returning();
    const leave = await send(t, token, "POST", "/employee/leave/requests", {
      leaveType: "VACATION",
      startDate: "2027-03-01",
      endDate: "2027-03-01",
    });

    const lists = {
      leave: "/employee/leave/requests",
      time: "/employee/time-entries",
      sick: "/employee/sick-leave",
      payslips: "/employee/payslips",
      notifications: "/employee/notifications",
    };
    // The first sync loads everything; its watermark lies two minutes before the answer.
    t.clock.advance(5 * 60_000);
    const first: Record<string, string> = {};
    for (const [k, path] of Object.entries(lists)) {
      const s = await sync(t, token, path, FULL);
      assert.deepEqual(s.deleted, [], `${k}: a full load drops nothing`);
      assert.equal(new Set(s.items).size, s.items.length, `${k}: each row once`);
      assert.equal(s.next, new Date(t.clock.now() - 120_000).toISOString());
      first[k] = s.next;
    }
    assert.ok((await sync(t, token, lists.time, FULL)).items.includes(a.id));
    const todos0 = await get(t, token, `/employee/todos?updatedSince=${FULL}`);
    assert.equal(todos0.status, 200, JSON.stringify(todos0.body));
    assert.ok(todos0.data.surveyInvitations.some((s: { id: string }) => s.id === survey));
    first.todos = todos0.data.nextUpdatedSince;

    // Between the two syncs: one row of each list changes, one goes.
    t.clock.advance(5 * 60_000);
    await send(t, token, "PATCH", `/employee/time-entries/${a.id}`, { endTime: "20:30" });
    await send(t, token, "DELETE", `/employee/time-entries/${b.id}`);
    await send(t, token, "POST", `/employee/leave/requests/${leave.id}/withdraw`);
    const [sick] = await t.deps.db.select({ id: sickLeaveEntries.id }).from(sickLeaveEntries)
      .where(and(eq(sickLeaveEntries.employeeId, me), eq(sickLeaveEntries.isOngoing, true)));
    await send(t, token, "POST", "/employee/sick-leave/end", {
      action: "end",
      entryId: sick.id,
      endDate: "2026-11-18",
    });
    const [slip] = await t.deps.db.insert(payslips).values({
      employeeId: me,
      period: "2026-12",
      periodLabel: "Sync test",
      paymentDate: "2026-12-25",
      gross: 1,
      net: 1,
      lines: "[]",
      createdAt: t.clock.now(),
    }).returning({ id: payslips.id });
    await send(t, token, "POST", "/employee/notifications/read", { ids: [kept.id] });
    await deleteApplication(t.deps, application.id);
    await send(t, token, "DELETE", `/employee/todos/feedback-drafts/${draftGone}`);
    await send(t, token, "POST", `/employee/todos/survey-invitations/${survey}/outcome`, {
      outcome: "ANSWERED",
    });
    const [doc] = await t.deps.db.insert(requiredDocuments).values({
      employeeId: me,
      kind: "RESIDENCE_PERMIT",
      createdAt: t.clock.now(),
    }).returning({ id: requiredDocuments.id });

    const second = {
      time: await sync(t, token, lists.time, first.time),
      leave: await sync(t, token, lists.leave, first.leave),
      sick: await sync(t, token, lists.sick, first.sick),
      payslips: await sync(t, token, lists.payslips, first.payslips),
      notifications: await sync(t, token, lists.notifications, first.notifications),
    };
    assert.deepEqual(second.time.items, [a.id], "the entry changed");
    assert.deepEqual(second.time.deleted, [b.id], "the draft deleted");
    assert.deepEqual(second.leave.items, [leave.id], "a withdrawn request comes in its new state");
    assert.deepEqual(second.leave.deleted, [], "a request is never deleted");
    assert.deepEqual(second.sick.items, [sick.id]);
    assert.deepEqual(second.sick.deleted, [], "an absence is never deleted");
    assert.deepEqual(second.payslips.items, [slip.id]);
    assert.deepEqual(second.payslips.deleted, [], "a payslip is never deleted");
    // Ending the absence notified the manager, not the person; reading one is its change.
    assert.deepEqual(second.notifications.items, [kept.id]);
    assert.deepEqual(second.notifications.deleted, [goes.id]);

    const todos = await get(t, token, `/employee/todos?updatedSince=${encodeURIComponent(first.todos)}`);
    assert.equal(todos.status, 200);
    assert.deepEqual(todos.data.feedbackDrafts, []);
    assert.deepEqual(todos.data.surveyInvitations, []);
    assert.deepEqual(todos.data.onboarding.tasks, []);
    assert.deepEqual(todos.data.documentsMissing.map((d: { id: string }) => d.id), [doc.id]);
    assert.deepEqual(todos.data.deleted.map((d: { id: string }) => d.id).sort(), [draftGone, survey].sort());

    // The changes were made within the two minutes before the second answer: the next sync has them again
    // (a row may come twice, none is missed); the one after that has nothing.
    t.clock.advance(5 * 60_000);
    const third = await sync(t, token, lists.time, second.time.next);
    assert.deepEqual([third.items, third.deleted], [[a.id], [b.id]]);
    assert.equal(third.next, new Date(t.clock.now() - 120_000).toISOString());
    const fourth = await sync(t, token, lists.time, third.next);
    assert.deepEqual([fourth.items, fourth.deleted], [[], []]);
  } finally {
    t.close();
  }
});

Deno.test("sync: an updatedSince older than 90 days, in the future or not an instant is a 400 naming it; cursor and offset together too", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const lists = [
      "/employee/leave/requests",
      "/employee/time-entries",
      "/employee/sick-leave",
      "/employee/payslips",
      "/employee/notifications",
      "/employee/todos",
    ];
    const old = new Date(t.clock.now() - 91 * 86_400_000).toISOString();
    const recent = new Date(t.clock.now() - 89 * 86_400_000).toISOString();
    const future = new Date(t.clock.now() + 3_600_000).toISOString();
    for (const path of lists) {
      for (const bad of [old, future, "2026-11-18", "yesterday", "2000-01-01T00:00:00Z"]) {
        const r = await get(t, token, `${path}?updatedSince=${encodeURIComponent(bad)}`);
        assert.equal(r.status, 400, `${path} ${bad}`);
        assert.deepEqual(r.body.fields.map((f: { field: string }) => f.field), ["query.updatedSince"]);
      }
      const ok = await get(t, token, `${path}?updatedSince=${encodeURIComponent(recent)}`);
      assert.equal(ok.status, 200, `${path}: ${JSON.stringify(ok.body)}`);
    }
    const german = await get(t, token, `/employee/payslips?updatedSince=${encodeURIComponent(old)}`);
    assert.match(german.body.error, /90/);
    // The sick-leave year never paged by offset: only its sync takes a cursor.
    for (const path of lists.filter((p) => !p.includes("sick") && !p.includes("todos"))) {
      const r = await get(t, token, `${path}?updatedSince=${FULL}&limit=1`);
      const c = r.data.nextCursor ?? "WzEsIngiXQ";
      const both = await get(t, token, `${path}?updatedSince=${FULL}&cursor=${c}&offset=1`);
      assert.equal(both.status, 400, path);
      assert.equal(both.body.fields[0].field, "query.offset");
    }
  } finally {
    t.close();
  }
});

Deno.test("sync: an entry recorded between two pages of a sync is neither shown twice nor makes one skipped", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    for (const start of ["18:00", "19:00", "20:00"]) {
      const end = `${String(Number(start.slice(0, 2)) + 1).padStart(2, "0")}:00`;
      await send(t, token, "POST", "/employee/time-entries", {
        date: "2026-11-16",
        startTime: start,
        endTime: end,
      });
      t.clock.advance(1000);
    }
    const all = await sync(t, token, "/employee/time-entries", FULL);
    const seen: string[] = [];
    let cursor: string | null = null;
    let added = "";
    do {
      const page: { data: Data } = await get(
        t,
        token,
        `/employee/time-entries?updatedSince=${FULL}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.data.items.map((i: { id: string }) => i.id));
      cursor = page.data.nextCursor;
      if (!added) {
        t.clock.advance(1000);
        added = (await send(t, token, "POST", "/employee/time-entries", {
          date: "2026-11-16",
          startTime: "05:00",
          endTime: "06:00",
        })).id;
      }
    } while (cursor !== null);
    assert.deepEqual(seen, [...all.items, added], "every row once, the new one last (it changed last)");
  } finally {
    t.close();
  }
});

Deno.test("sync: the retention run forgets what left a list after 90 days", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const e = await send(t, token, "POST", "/employee/time-entries", {
      date: "2026-11-17",
      startTime: "20:00",
      endTime: "21:00",
    });
    await send(t, token, "DELETE", `/employee/time-entries/${e.id}`);
    const rows = () => t.deps.db.select().from(syncTombstones).where(eq(syncTombstones.rowId, e.id));
    assert.equal((await rows()).length, 1);
    t.clock.advance(89 * 86_400_000);
    assert.equal((await runRetention(t.deps)).tombstones, 0);
    t.clock.advance(2 * 86_400_000);
    assert.equal((await runRetention(t.deps)).tombstones, 1);
    assert.equal((await rows()).length, 0);
  } finally {
    t.close();
  }
});
