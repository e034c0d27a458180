/**
 * `Cache-Control` of the portal's reads that carry health data (sick leave) or another person's data (a
 * manager's approvals, the team calendar, HR's review lists): `no-store`, so not even the device's HTTP cache
 * keeps them, while their `ETag` still answers 304. The caller's own other data stays `private, no-cache`
 * with its validator.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";

Deno.test("cache-control: sick leave and every approvals read are no-store; own leave data revalidates", async (t) => {
  const app = await makeTestApp();
  try {
    const employee = await app.signIn("employee@demo.example");
    const manager = await app.signIn("manager@demo.example");
    const hr = await app.signIn("hr@demo.example");

    const sick = await app.request(`${BASE}/employee/sick-leave`, { token: employee });
    assert.equal(sick.status, 200);
    const sickBody = await sick.json();
    const sickId = (sickBody.data.items ?? sickBody.data.entries ?? sickBody.data)[0]?.id;
    assert.ok(sickId, `the demo employee has sick leave: ${JSON.stringify(sickBody).slice(0, 300)}`);
    const approvals = await (await app.request(`${BASE}/approvals/leave-requests`, { token: manager }))
      .json();
    const approvalId = approvals.data.items[0]?.request?.id;
    assert.ok(approvalId, "the demo manager has a leave request to decide");

    const noStore: [string, string, string][] = [
      ["the caller's sick leave", `${BASE}/employee/sick-leave`, employee],
      ["one sick leave entry", `${BASE}/employee/sick-leave/${sickId}`, employee],
      ["leave requests to approve", `${BASE}/approvals/leave-requests`, manager],
      ["one leave request to approve", `${BASE}/approvals/leave-requests/${approvalId}`, manager],
      ["timesheets to approve", `${BASE}/approvals/timesheets`, manager],
      ["the team calendar", `${BASE}/approvals/team-calendar`, manager],
      [
        "the team calendar of a period",
        `${BASE}/approvals/team-calendar?from=2026-11-01&to=2026-11-30`,
        manager,
      ],
      ["onboarding tasks assigned", `${BASE}/approvals/onboarding-tasks`, manager],
      ["profile changes to approve", `${BASE}/approvals/profile-change-requests`, hr],
    ];
    for (const [name, path, token] of noStore) {
      await t.step(`${name}: no-store, with a validator`, async () => {
        const r = await app.request(path, { token });
        assert.equal(r.status, 200, path);
        assert.equal(r.headers.get("cache-control"), "no-store", path);
        const etag = r.headers.get("etag");
        assert.ok(etag, path);
        await r.body?.cancel();
        const again = await app.request(path, { token, headers: { "If-None-Match": etag } });
        assert.equal(again.status, 304, path);
        assert.equal(again.headers.get("cache-control"), "no-store", path);
      });
    }

    for (
      const [name, path] of [
        ["own leave balances", `${BASE}/employee/leave/balances`],
        ["own leave requests", `${BASE}/employee/leave/requests`],
        ["own time entries", `${BASE}/employee/time-entries`],
        ["holidays", `${BASE}/employee/holidays`],
      ]
    ) {
      await t.step(`${name}: private, no-cache, with a validator`, async () => {
        const r = await app.request(path, { token: employee });
        assert.equal(r.status, 200, path);
        assert.equal(r.headers.get("cache-control"), "private, no-cache", path);
        const etag = r.headers.get("etag")!;
        await r.body?.cancel();
        const again = await app.request(path, { token: employee, headers: { "If-None-Match": etag } });
        assert.equal(again.status, 304, path);
      });
    }
  } finally {
    app.close();
  }
});
