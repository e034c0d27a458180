/**
 * The first administrator of a new installation (`user create-admin`) has no employee record. Every page of
 * the console works for that account on an organisation built as a customer builds one (`org apply`,
 * `employees import`): each GET route of the console answers an HTML page, never JSON, and the pages that
 * exist answer 200.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { csrfOn, post } from "./_console.ts";
import { newInstallation } from "./_installation.ts";
import { declaredRoutes, ROUTES } from "./_console_routes.ts";

Deno.test("the first administrator, without an employee record, gets every console page as HTML", async (t) => {
  const declared = await declaredRoutes();
  await t.step("the table names every GET route of the console", () => {
    const listed = new Set(ROUTES.map(([route]) => route));
    const missing = [...declared].filter((r) => !listed.has(r));
    assert.deepEqual(missing, [], "add these routes to ROUTES with what they answer");
  });
  const app = await makeTestApp({ demo: false, now: "2026-11-25T09:00:00.000Z" });
  try {
    const cookie = await newInstallation(app, { language: "it" });
    // A route of the table the source does not (or no longer) declare is not visited.
    for (const [route, url, expected] of ROUTES.filter(([route]) => declared.has(route))) {
      await t.step(`${url}: ${expected}`, async () => {
        const r = await app.request(url, { headers: cookie });
        const body = await r.text();
        if (typeof expected === "string") {
          assert.equal(r.status, 303, `${route}: ${body.slice(0, 300)}`);
          assert.equal(r.headers.get("location"), expected);
          return;
        }
        assert.equal(r.status, expected, `${route}: ${body.slice(0, 300)}`);
        assert.match(r.headers.get("content-type") ?? "", /^text\/html/, `${route}: ${body.slice(0, 300)}`);
        assert.match(body, /<html lang="it">/);
      });
    }
  } finally {
    app.close();
  }
});

Deno.test("the first administrator, without an employee record, decides a leave request in the inbox", async () => {
  const app = await makeTestApp({ demo: false, now: "2026-11-25T09:00:00.000Z" });
  try {
    const cookie = await newInstallation(app);
    const account = await cli(
      app,
      [
        "user",
        "add",
        "--email",
        "giulia.rossi@example.ch",
        "--role",
        "employee",
        "--employee",
        "T1",
        "--password-stdin",
      ],
      "Giulia-Bellinzona-Castelgrande-7",
    );
    assert.equal(account.code, 0, account.err);
    const token = await app.signIn("giulia.rossi@example.ch", "Giulia-Bellinzona-Castelgrande-7");
    const filed = await app.request("/api/v1/portal/employee/leave/requests", {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: "2026-12-07", endDate: "2026-12-08" },
    });
    assert.equal(filed.status, 201, await filed.clone().text());
    const id = (await filed.json()).data.id as string;
    const inbox = await (await app.request("/hr/inbox", { headers: cookie })).text();
    assert.ok(inbox.includes(`/hr/inbox/leave/${id}`), "the request without a manager waits in the inbox");
    const csrf = await csrfOn(app, cookie, "/hr/inbox");
    const decided = await app.request(`/hr/inbox/leave/${id}`, post(cookie, { csrf, decision: "APPROVE" }));
    assert.equal(decided.status, 200, await decided.clone().text());
    await decided.body?.cancel();
    const after = await (await app.request(`/api/v1/portal/employee/leave/requests/${id}`, { token })).json();
    assert.equal(after.data.status, "APPROVED");
  } finally {
    app.close();
  }
});
