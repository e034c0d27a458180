/**
 * A manager's app keeps an offline copy of what awaits them (the leave requests, the submitted weeks), as an
 * employee's app does of their own lists (docs/portal.md, "Sync"): with `updatedSince` a queue answers what was
 * written since, and on the last page `deleted` names what left it since (decided, withdrawn, routed to someone
 * else).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { json, makeTestApp } from "../_helpers.ts";
import { employees } from "../../src/db/schema/mod.ts";
import { rerouteLeaveRequest } from "../../src/services/approvals.ts";
import { actorFor, EMPLOYEE_ID } from "../services/_fixtures.ts";

const BASE = "/api/v1/portal";
const FULL = "1970-01-01T00:00:00Z";

interface Queue {
  items: { request: { id: string; status: string } }[];
  deleted: { id: string; deletedAt: string }[];
  nextCursor: string | null;
  nextUpdatedSince: string | null;
}

Deno.test("approvals sync: the queue answers what was written since and what left it as deleted", async (t) => {
  const app = await makeTestApp(); // 2026-11-18, 10:00 in Zurich
  try {
    const manager = await app.signIn("manager@demo.example");
    const employee = await app.signIn("employee@demo.example");
    const queue = async (since: string, cursor?: string) => {
      const r = await json(
        await app.request(
          `${BASE}/approvals/leave-requests?updatedSince=${since}${cursor ? `&cursor=${cursor}` : ""}`,
          { token: manager },
        ),
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      return r.body.data as Queue;
    };
    /** Every page of a sync: the items of all pages, the last page's deletions and next start. */
    const sync = async (since: string) => {
      let d = await queue(since);
      const items = [...d.items];
      while (d.nextCursor) {
        assert.deepEqual(d.deleted, [], "deletions come on the last page only");
        assert.equal(d.nextUpdatedSince, null);
        d = await queue(since, d.nextCursor);
        items.push(...d.items);
      }
      return {
        items: items.map((i) => i.request.id),
        deleted: d.deleted.map((x) => x.id),
        next: d.nextUpdatedSince!,
      };
    };

    const full = await sync(FULL);
    const plain = (await json(await app.request(`${BASE}/approvals/leave-requests`, { token: manager }))).body
      .data as Queue;
    assert.ok(full.items.length >= 3, "the demo manager has requests waiting");
    assert.deepEqual(full.items.toSorted(), plain.items.map((i) => i.request.id).toSorted());
    assert.deepEqual(full.deleted, [], "a full load answers no deletions");
    // A row written within the sync's two-minute margin may come twice (docs/portal.md): start after it.
    app.clock.advance(5 * 60_000);
    let since = (await sync(full.next)).next;
    app.clock.advance(60_000);

    await t.step("nothing changed: nothing is sent", async () => {
      const d = await sync(since);
      assert.deepEqual(d, { items: [], deleted: [], next: d.next });
    });

    await t.step("a request filed, one decided, one routed elsewhere: exactly these come", async () => {
      const filed = await json(
        await app.request(`${BASE}/employee/leave/requests`, {
          method: "POST",
          token: employee,
          json: { leaveType: "VACATION", startDate: "2026-12-14", endDate: "2026-12-15" },
        }),
      );
      assert.equal(filed.status, 201, JSON.stringify(filed.body));
      const newId = filed.body.data.id as string;
      const [decidedId, reroutedId] = full.items.filter((id) => id !== newId);
      const decided = await app.request(`${BASE}/approvals/leave-requests/${decidedId}/decision`, {
        method: "POST",
        token: manager,
        json: { decision: "REJECT", note: "Team week" },
      });
      assert.equal(decided.status, 200, await decided.text());
      const hr = await actorFor(app, "hr@demo.example");
      const [hrPerson] = await app.deps.db.select().from(employees).where(eq(employees.id, hr.employeeId!));
      await rerouteLeaveRequest(app.deps, hr, {
        id: reroutedId,
        approverPersonnelNumber: hrPerson.personnelNumber,
      });

      const d = await sync(since);
      assert.deepEqual(d.items, [newId]);
      assert.deepEqual(d.deleted.toSorted(), [decidedId, reroutedId].toSorted());
      app.clock.advance(5 * 60_000);
      since = (await sync(d.next)).next;
      app.clock.advance(60_000);
      assert.deepEqual(await sync(since), { items: [], deleted: [], next: (await sync(since)).next });
    });

    await t.step("a request withdrawn by its requester leaves the queue as deleted", async () => {
      const mine = await json(
        await app.request(`${BASE}/employee/leave/requests?status=AWAITING_APPROVAL`, { token: employee }),
      );
      const id = (mine.body.data.items as { id: string }[])[0].id;
      const withdrawn = await app.request(`${BASE}/employee/leave/requests/${id}/withdraw`, {
        method: "POST",
        token: employee,
      });
      assert.ok(withdrawn.status < 300, await withdrawn.text());
      const d = await sync(since);
      assert.deepEqual(d.items, []);
      assert.deepEqual(d.deleted, [id]);
    });
  } finally {
    app.close();
  }
});

Deno.test("approvals sync: an updatedSince older than 90 days is a 400 naming it", async () => {
  const app = await makeTestApp();
  try {
    const manager = await app.signIn("manager@demo.example");
    const r = await json(
      await app.request(`${BASE}/approvals/leave-requests?updatedSince=2026-08-01T00:00:00Z`, {
        token: manager,
      }),
    );
    assert.equal(r.status, 400);
    assert.match(JSON.stringify(r.body), /updatedSince/);
    const employee = await app.signIn("employee@demo.example");
    const refused = await app.request(`${BASE}/approvals/leave-requests?updatedSince=${FULL}`, {
      token: employee,
    });
    assert.equal(refused.status, 403, "an employee has no queue, with or without updatedSince");
  } finally {
    app.close();
  }
});

Deno.test("approvals sync: the weeks to approve answer what was submitted since and what was decided as deleted", async () => {
  const app = await makeTestApp(); // Wednesday 2026-11-18
  try {
    const manager = await app.signIn("manager@demo.example");
    const employee = await app.signIn("employee@demo.example");
    const weeks = async (since: string) => {
      const r = await json(
        await app.request(`${BASE}/approvals/timesheets?updatedSince=${since}`, { token: manager }),
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.data.nextCursor, null, "the demo's weeks fit one page");
      return {
        items: (r.body.data.items as { id: string }[]).map((i) => i.id),
        deleted: (r.body.data.deleted as { id: string }[]).map((x) => x.id),
        next: r.body.data.nextUpdatedSince as string,
      };
    };
    const full = await weeks(FULL);
    const plain =
      (await json(await app.request(`${BASE}/approvals/timesheets`, { token: manager }))).body.data;
    assert.deepEqual(full.items.toSorted(), (plain.items as { id: string }[]).map((i) => i.id).toSorted());
    const lukas = `2026-11-09.${EMPLOYEE_ID}`;
    assert.ok(full.items.includes(lukas), "the demo employee submitted last week");
    assert.deepEqual(full.deleted, []);
    app.clock.advance(5 * 60_000);
    const since = (await weeks(full.next)).next;
    app.clock.advance(60_000);
    assert.deepEqual((await weeks(since)).items, [], "nothing changed: nothing is sent");

    const approved = await app.request(`${BASE}/approvals/timesheets/${EMPLOYEE_ID}/2026-11-09/decision`, {
      method: "POST",
      token: manager,
      json: { decision: "APPROVE" },
    });
    assert.equal(approved.status, 200, await approved.text());
    const submitted = await app.request(`${BASE}/employee/time-weeks/2026-11-16/submit`, {
      method: "POST",
      token: employee,
    });
    assert.equal(submitted.status, 200, await submitted.text());
    const d = await weeks(since);
    assert.deepEqual(d.items, [`2026-11-16.${EMPLOYEE_ID}`]);
    assert.deepEqual(d.deleted, [lukas]);
  } finally {
    app.close();
  }
});
