/**
 * An app's offline copy must not lie about fields the service computes from the time: an ongoing sick leave's
 * `totalDays` grows every day, and its `canTakeBack` ends 24 hours after the report. A sync after either
 * changed sends the absence again, though nobody wrote to it; a sync with nothing changed sends nothing.
 */
import assert from "node:assert/strict";
import { json, makeTestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";
const HOUR = 3_600_000;

Deno.test("sync: an ongoing sick leave comes again when its totalDays or canTakeBack change with time", async (t) => {
  const app = await makeTestApp(); // 2026-11-18, 10:00 in Zurich
  try {
    // The demo employee is already off sick: the manager reports the absence followed here.
    const token = await app.signIn("manager@demo.example");
    const sync = async (since: string) =>
      (await json(await app.request(`${BASE}/employee/sick-leave?updatedSince=${since}`, { token }))).body
        .data;
    const reported = await app.request(`${BASE}/employee/sick-leave`, {
      method: "POST",
      token,
      json: { startDate: "2026-11-18" },
    });
    assert.equal(reported.status, 201, await reported.clone().text());
    const id = (await reported.json()).data.id as string;
    const first = await sync("1970-01-01T00:00:00Z");
    const mine = (d: { items: { id: string }[] }) =>
      d.items.find((x) => x.id === id) as Record<string, unknown>;
    assert.equal(mine(first).totalDays, 1);
    assert.equal(mine(first).canTakeBack, true);
    // A row written within the sync's two-minute margin may come twice (docs/portal.md): start after it.
    app.clock.advance(5 * 60_000);
    let since = (await sync(first.nextUpdatedSince)).nextUpdatedSince as string;

    await t.step("an hour later nothing changed: nothing is sent", async () => {
      app.clock.advance(HOUR - 5 * 60_000);
      const d = await sync(since);
      assert.equal(mine(d), undefined);
    });

    await t.step("the next day: totalDays is 2, and the absence comes again", async () => {
      app.clock.advance(15 * HOUR); // 2026-11-19, 02:00 in Zurich
      const d = await sync(since);
      assert.equal(mine(d)?.totalDays, 2);
      assert.equal(mine(d)?.canTakeBack, true);
      since = d.nextUpdatedSince;
    });

    await t.step("24 hours after the report: canTakeBack is false, and the absence comes again", async () => {
      app.clock.advance(8 * HOUR + 60_000); // 2026-11-19, 10:01 in Zurich
      const d = await sync(since);
      assert.equal(mine(d)?.canTakeBack, false);
      assert.equal(mine(d)?.totalDays, 2);
      since = d.nextUpdatedSince;
    });

    await t.step("two days after the report: totalDays is 3", async () => {
      app.clock.advance(24 * HOUR);
      const d = await sync(since);
      assert.equal(mine(d)?.totalDays, 3);
      since = d.nextUpdatedSince;
      app.clock.advance(5 * 60_000);
      assert.equal(mine(await sync(since)), undefined, "and not again until the next change");
    });

    await t.step("an absence with its end known is not sent again", async () => {
      const ended = await app.request(`${BASE}/employee/sick-leave/end`, {
        method: "POST",
        token,
        json: { action: "end", entryId: id, endDate: "2026-11-20" },
      });
      assert.ok(ended.status < 300, await ended.text());
      const d = await sync(since);
      assert.equal(mine(d)?.totalDays, 3);
      app.clock.advance(5 * 60_000);
      since = (await sync(d.nextUpdatedSince)).nextUpdatedSince;
      app.clock.advance(3 * 24 * HOUR);
      assert.equal(mine(await sync(since)), undefined);
    });
  } finally {
    app.close();
  }
});

Deno.test("sync: an approved leave request comes again when its first day begins and canRequestCancellation ends", async (t) => {
  const app = await makeTestApp(); // Wednesday 2026-11-18, 10:00 in Zurich
  try {
    const employee = await app.signIn("employee@demo.example");
    const manager = await app.signIn("manager@demo.example");
    const filed = await app.request(`${BASE}/employee/leave/requests`, {
      method: "POST",
      token: employee,
      json: { leaveType: "VACATION", startDate: "2026-11-20", endDate: "2026-11-23" },
    });
    assert.equal(filed.status, 201, await filed.clone().text());
    const id = (await filed.json()).data.id as string;
    const approved = await app.request(`${BASE}/approvals/leave-requests/${id}/decision`, {
      method: "POST",
      token: manager,
      json: { decision: "APPROVE" },
    });
    assert.equal(approved.status, 200, await approved.clone().text());
    const sync = async (since: string) =>
      (await json(
        await app.request(`${BASE}/employee/leave/requests?updatedSince=${since}`, { token: employee }),
      ))
        .body.data;
    const mine = (d: { items: { id: string }[] }) =>
      d.items.find((x) => x.id === id) as Record<string, unknown> | undefined;
    const first = await sync("1970-01-01T00:00:00Z");
    assert.equal(mine(first)?.canRequestCancellation, true);
    // A row written within the sync's two-minute margin may come twice (docs/portal.md): start after it.
    app.clock.advance(5 * 60_000);
    let since = (await sync(first.nextUpdatedSince)).nextUpdatedSince as string;

    await t.step("the day before its first day nothing changed: nothing is sent", async () => {
      app.clock.advance(24 * HOUR - 5 * 60_000); // 2026-11-19, 10:00 in Zurich
      const d = await sync(since);
      assert.equal(mine(d), undefined);
      since = d.nextUpdatedSince;
    });

    await t.step(
      "its first day began: canRequestCancellation is false, and the request comes again",
      async () => {
        app.clock.advance(14 * HOUR + 60_000); // 2026-11-20, 00:01 in Zurich
        const d = await sync(since);
        assert.equal(mine(d)?.canRequestCancellation, false);
        assert.equal(mine(d)?.status, "APPROVED");
        since = d.nextUpdatedSince;
        app.clock.advance(5 * 60_000);
        const next = await sync(since);
        since = next.nextUpdatedSince;
        app.clock.advance(24 * HOUR);
        assert.equal(mine(await sync(since)), undefined, "and not again the next day");
      },
    );
  } finally {
    app.close();
  }
});
