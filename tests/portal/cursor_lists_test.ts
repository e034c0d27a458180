/**
 * Keyset cursors on the lists that paged by offset alone: the approvals (leave requests and weeks awaiting a
 * decision, profile change requests), the onboarding and recruiting tasks, one's own change requests and the
 * assistants' activity. Each answers `nextCursor`; read page by page it gives every row once in its order; a
 * row filed between two pages neither repeats nor skips one; `cursor` with `offset` is refused.
 */
import assert from "node:assert/strict";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";

// deno-lint-ignore no-explicit-any -- tests read arbitrary response shapes
type Data = any;

async function get(t: TestApp, token: string, path: string): Promise<{ status: number; body: Data }> {
  const r = await json(await t.request(BASE + path, { token }));
  return { status: r.status, body: r.body };
}

/** The ids of a list read one row a page by cursor; `between` runs after the first page. */
async function walk(
  t: TestApp,
  token: string,
  path: string,
  idOf: (i: Data) => string,
  between?: () => Promise<void>,
): Promise<string[]> {
  const sep = path.includes("?") ? "&" : "?";
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await get(t, token, `${path}${sep}limit=1${cursor ? `&cursor=${cursor}` : ""}`);
    assert.equal(page.status, 200, `${path}: ${JSON.stringify(page.body)}`);
    ids.push(...page.body.data.items.map(idOf));
    cursor = page.body.data.nextCursor;
    if (cursor !== null) assert.equal(page.body.data.nextOffset, pages === 0 ? 1 : null);
    if (pages++ === 0 && between) await between();
  } while (cursor !== null);
  return ids;
}

const LISTS: { who: string; path: string; idOf: (i: Data) => string }[] = [
  { who: "manager@demo.example", path: "/approvals/leave-requests", idOf: (i) => i.request.id },
  {
    who: "manager@demo.example",
    path: "/approvals/timesheets",
    idOf: (i) => `${i.employee.employeeId}|${i.weekStart}`,
  },
  { who: "hr@demo.example", path: "/approvals/profile-change-requests", idOf: (i) => i.id },
  { who: "manager@demo.example", path: "/approvals/onboarding-tasks", idOf: (i) => i.id },
  { who: "hr@demo.example", path: "/approvals/recruiting-tasks", idOf: (i) => i.id },
  { who: "employee@demo.example", path: "/employee/profile/change-requests", idOf: (i) => i.id },
  { who: "employee@demo.example", path: "/auth/assistants/activity", idOf: (i) => `${i.at}|${i.text}` },
];

Deno.test("cursor lists: each list read by cursor gives every row once, in the order of one whole page", async () => {
  const t = await makeTestApp();
  try {
    const employee = await t.signIn("employee@demo.example");
    for (const field of ["IBAN", "SALARY"]) {
      const value = field === "IBAN" ? "CH93 0076 2011 6238 5295 7" : "When is my next raise?";
      const r = await t.request(`${BASE}/employee/profile/change-requests`, {
        method: "POST",
        token: employee,
        json: { field, value },
      });
      assert.equal(r.status, 201, await r.text());
    }
    for (const l of LISTS) {
      const token = await t.signIn(l.who);
      const whole = await get(t, token, `${l.path}?limit=50`);
      assert.equal(whole.status, 200, `${l.path}: ${JSON.stringify(whole.body)}`);
      assert.equal(whole.body.data.nextCursor, null, l.path);
      const all = whole.body.data.items.map(l.idOf);
      assert.deepEqual(await walk(t, token, l.path, l.idOf), all, l.path);
      // cursor and offset are two ways to start a page: together they are refused, naming offset.
      const first = await get(t, token, `${l.path}?limit=1`);
      const cursor = first.body.data.nextCursor ?? "WyJ4Il0";
      const both = await get(t, token, `${l.path}?cursor=${cursor}&offset=1`);
      assert.equal(both.status, 400, l.path);
      assert.equal(both.body.fields[0].field, "query.offset", l.path);
      const bad = await get(t, token, `${l.path}?cursor=bm90LWEtY3Vyc29y`);
      assert.equal(bad.status, 400, l.path);
      assert.equal(bad.body.fields[0].field, "query.cursor", l.path);
    }
  } finally {
    t.close();
  }
});

Deno.test("cursor lists: a request filed between two pages of the manager's queue is neither shown twice nor makes one skipped", async () => {
  const t = await makeTestApp();
  try {
    const manager = await t.signIn("manager@demo.example");
    const employee = await t.signIn("employee@demo.example");
    const idOf = (i: Data) => i.request.id as string;
    const before = (await get(t, manager, "/approvals/leave-requests?limit=50")).body.data.items.map(idOf);
    assert.ok(before.length > 2, `${before.length} awaiting`);
    let added = "";
    // Soonest start first: a request starting tomorrow goes before the page already read.
    const seen = await walk(t, manager, "/approvals/leave-requests", idOf, async () => {
      const r = await json(
        await t.request(`${BASE}/employee/leave/requests`, {
          method: "POST",
          token: employee,
          json: { leaveType: "VACATION", startDate: "2026-11-19", endDate: "2026-11-19" },
        }),
      );
      assert.equal(r.status, 201, JSON.stringify(r.body));
      added = r.body.data.id;
    });
    assert.deepEqual(seen, before, "every row once, none skipped");
    const after = (await get(t, manager, "/approvals/leave-requests?limit=50")).body.data.items.map(idOf);
    assert.ok(after.includes(added), "a refresh from the top shows the new one");
    // What offset paging did: the row that moved down comes again on the second page.
    const second = await get(t, manager, "/approvals/leave-requests?limit=1&offset=1");
    assert.equal(idOf(second.body.data.items[0]), before[0]);
  } finally {
    t.close();
  }
});
