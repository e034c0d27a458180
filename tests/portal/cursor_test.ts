/**
 * Keyset paging: a list read page by page with `cursor`/`nextCursor` neither repeats nor skips a row when a
 * row is added between two pages (offset paging does both), and a cursor that is not one of ours is a 400
 * naming the field.
 */
import assert from "node:assert/strict";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";
const LIST = "/employee/leave/requests";

async function get(t: TestApp, token: string, path: string) {
  return await json(await t.request(BASE + path, { token }));
}

async function file(t: TestApp, token: string, date: string) {
  const r = await json(
    await t.request(BASE + LIST, {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: date, endDate: date },
    }),
  );
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return r.body.data.id as string;
}

Deno.test("cursor: a request filed between two pages is neither shown twice nor makes another one skipped", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const all = await get(t, token, `${LIST}?limit=50`);
    const before = (all.body.data.items as { id: string }[]).map((i) => i.id);
    assert.ok(before.length > 4);

    const first = await get(t, token, `${LIST}?limit=3`);
    assert.equal(first.status, 200);
    const cursor = first.body.data.nextCursor as string;
    assert.equal(typeof cursor, "string");
    // Newest start first: a request starting later than every other goes on top of the first page.
    const added = await file(t, token, "2027-03-01");

    const seen = (first.body.data.items as { id: string }[]).map((i) => i.id);
    for (let c: string | null = cursor; c !== null;) {
      const page = await get(t, token, `${LIST}?limit=3&cursor=${encodeURIComponent(c)}`);
      assert.equal(page.status, 200, JSON.stringify(page.body));
      seen.push(...(page.body.data.items as { id: string }[]).map((i) => i.id));
      c = page.body.data.nextCursor;
    }
    assert.deepEqual(seen, before, "every row once, in order, none skipped");
    assert.ok(
      !seen.includes(added),
      "the new row is on a page already read; a refresh from the top shows it",
    );

    // What offset paging did: the row that moved down is on the second page again.
    const second = await get(t, token, `${LIST}?limit=3&offset=3`);
    assert.equal(second.body.data.items[0].id, before[2]);
  } finally {
    await t.close();
  }
});

Deno.test("cursor: the last page's nextCursor is null, and a cursor that is not ours is a 400 naming it", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const all = await get(t, token, `${LIST}?limit=50`);
    assert.equal(all.body.data.nextCursor, null);
    for (const bad of ["x", "eyJ4IjoxfQ", "WyIyMDI2LTAxLTAxIl0"]) {
      const r = await get(t, token, `${LIST}?cursor=${bad}`);
      assert.equal(r.status, 400, bad);
      assert.equal((r.body.fields as { field: string }[])[0].field, "query.cursor");
    }
    const both = await get(t, token, `${LIST}?cursor=${all.body.data.nextCursor ?? "x"}&offset=3`);
    assert.equal(both.status, 400);
  } finally {
    await t.close();
  }
});

/** Every page of a list from the first, by cursor; the ids in the order read. */
async function walk(t: TestApp, token: string, path: string, between?: () => Promise<unknown>) {
  const sep = path.includes("?") ? "&" : "?";
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await get(
      t,
      token,
      `${path}${sep}limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    );
    assert.equal(page.status, 200, JSON.stringify(page.body));
    ids.push(...(page.body.data.items as { id: string }[]).map((i) => i.id));
    cursor = page.body.data.nextCursor;
    if (ids.length === 2 && between) await between();
  } while (cursor !== null);
  return ids;
}

Deno.test("cursor: time entries and payslips page by cursor too; an entry recorded between two pages is neither twice nor skips one", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const range = "/employee/time-entries?from=2026-11-02&to=2026-11-06";
    const record = async (date: string, startTime: string, endTime: string) => {
      const r = await json(
        await t.request(BASE + "/employee/time-entries", {
          method: "POST",
          token,
          json: { date, startTime, endTime },
        }),
      );
      assert.equal(r.status, 201, JSON.stringify(r.body));
    };
    await record("2026-11-03", "21:00", "22:00");
    await record("2026-11-04", "21:00", "22:00");
    await record("2026-11-05", "21:00", "22:00");
    await record("2026-11-05", "22:00", "23:00");
    const before = (await get(t, token, `${range}&limit=50`)).body.data.items.map((i: { id: string }) =>
      i.id
    );
    assert.ok(before.length >= 4);
    // Oldest first: an entry early on the range's first day goes before the page already read.
    const seen = await walk(t, token, range, () => record("2026-11-02", "05:00", "06:00"));
    assert.deepEqual(seen, before);

    const payslips = (await get(t, token, "/employee/payslips?limit=50")).body.data.items.map((
      i: { id: string },
    ) => i.id);
    assert.ok(payslips.length > 2);
    assert.deepEqual(await walk(t, token, "/employee/payslips"), payslips);

    // A cursor of another list is not taken.
    const leave = await get(t, token, `${LIST}?limit=1`);
    const foreign = await get(t, token, `/employee/payslips?cursor=${leave.body.data.nextCursor}`);
    assert.equal(foreign.status, 400);
  } finally {
    t.close();
  }
});

Deno.test("sync: updatedSince lists the requests changed since, in the order of their change, and says where the next sync starts", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const all = (await get(t, token, `${LIST}?limit=50`)).body.data.items.length;
    const first: string[] = [];
    let next: string | null = null;
    for (let cursor: string | null = null, pages = 0; pages === 0 || cursor !== null; pages++) {
      const page = await get(
        t,
        token,
        `${LIST}?updatedSince=1970-01-01T00:00:00Z&limit=4${cursor ? `&cursor=${cursor}` : ""}`,
      );
      assert.equal(page.status, 200, JSON.stringify(page.body));
      assert.deepEqual(page.body.data.deleted, [], "a leave request is never deleted");
      first.push(...(page.body.data.items as { id: string }[]).map((i) => i.id));
      cursor = page.body.data.nextCursor;
      next = page.body.data.nextUpdatedSince;
      assert.equal(next === null, cursor !== null, "the next sync's start comes with the last page");
    }
    assert.equal(first.length, all);
    assert.equal(new Set(first).size, all);

    t.clock.advance(60_000);
    const added = await file(t, token, "2027-03-01");
    const withdrawn = await json(
      await t.request(`${BASE}${LIST}/${added}/withdraw`, { method: "POST", token }),
    );
    assert.equal(withdrawn.status, 200, JSON.stringify(withdrawn.body));
    const changes = await get(t, token, `${LIST}?updatedSince=${encodeURIComponent(next!)}`);
    const ids = changes.body.data.items as { id: string; status: string }[];
    assert.ok(ids.length <= 2, "only what changed at or after the previous sync's end");
    assert.equal(ids.at(-1)!.id, added);
    assert.equal(ids.at(-1)!.status, "WITHDRAWN", "a withdrawn request comes as its new state");

    for (const bad of ["yesterday", "2026-11-18", "2026-11-18T09:00:00"]) {
      const r = await get(t, token, `${LIST}?updatedSince=${bad}`);
      assert.equal(r.status, 400, bad);
      assert.equal((r.body.fields as { field: string }[])[0].field, "query.updatedSince");
    }
  } finally {
    t.close();
  }
});

Deno.test("cursor: notifications page by cursor, and the document describes a notification's payload by kind", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    // A request filed makes a notification for the approver; the employee's own come from decisions.
    await file(t, token, "2027-03-01");
    const manager = await t.signIn("manager@demo.example");
    const all = (await get(t, manager, "/employee/notifications?limit=50")).body.data.items.map((
      i: { id: string },
    ) => i.id);
    assert.ok(all.length > 2, `${all.length} notifications`);
    assert.deepEqual(await walk(t, manager, "/employee/notifications"), all);

    const doc = await (await t.request("/api/v1/openapi.json")).json();
    const list =
      doc.paths["/api/v1/portal/employee/notifications"].get.responses["200"].content["application/json"]
        .schema;
    const ref = JSON.stringify(doc.components.schemas[list.$ref.split("/").at(-1)]);
    for (
      const key of ["leaveRequestId", "sickLeaveId", "weekStart", "cancellation", "LEAVE_REQUEST_DECIDED"]
    ) {
      assert.ok(ref.includes(key), key);
    }
  } finally {
    t.close();
  }
});
