/**
 * Salary continuation in the first three months and at partial incapacity, through the portal.
 * OR Art. 324a para. 1 (SR 220): owed only "sofern das Arbeitsverhältnis mehr als drei Monate gedauert hat
 * oder für mehr als drei Monate eingegangen ist". Partial incapacity: a day at 50 % draws half a day, as the
 * scales are applied in practice (K-Tipp, "Wie lange erhalte ich meinen Lohn?": Berner scale, 4 months,
 * at 50 % 8 months). Today is 2026-11-18 (the test clock).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import { addPerson } from "../_people.ts";
import { sickLeaveEntries } from "../../src/db/schema/mod.ts";

const BASE = "/api/v1/portal";

async function call(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  return await json(
    await t.request(BASE + path, { method, token, ...(body !== undefined ? { json: body } : {}) }),
  );
}

Deno.test("sick pay: nothing in the first three months or for a contract of three months or less", async (t) => {
  const app = await makeTestApp();
  try {
    await t.step("a two-month fixed-term contract: never, and it says so", async () => {
      const p = await addPerson(app, {
        employmentStart: "2026-10-01",
        employmentEnd: "2026-11-30",
        language: "en",
      });
      const r = await call(app, await app.signIn(p.email), "GET", "/employee/salary-continuation");
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal(r.body.data.weeksEntitled, 0);
      assert.equal(r.body.data.owedFrom, null);
      assert.match(r.body.data.description, /concluded for three months or less \(Art\. 324a para\. 1 CO\)/);
    });
    await t.step("open-ended, 40 days in (since 2026-10-10): from 2027-01-10", async () => {
      const p = await addPerson(app, { employmentStart: "2026-10-10", language: "en" });
      const token = await app.signIn(p.email);
      const r = await call(app, token, "GET", "/employee/salary-continuation");
      assert.equal(r.body.data.weeksEntitled, 0);
      assert.equal(r.body.data.owedFrom, "2027-01-10");
      const year = await call(app, token, "GET", "/employee/sick-leave");
      assert.equal(year.status, 200, JSON.stringify(year.body));
      assert.equal(year.body.data.salaryContinuation.daysEntitled, 0);
      assert.equal(year.body.data.salaryContinuation.owedFrom, "2027-01-10");
    });
    await t.step("open-ended, three months and a day (since 2026-08-18): 3 weeks", async () => {
      const p = await addPerson(app, { employmentStart: "2026-08-18" });
      const r = await call(app, await app.signIn(p.email), "GET", "/employee/salary-continuation");
      assert.equal(r.body.data.weeksEntitled, 3);
      assert.equal(r.body.data.owedFrom, undefined);
    });
    await t.step("fixed term of six months, 40 days in: 3 weeks from the first day", async () => {
      const p = await addPerson(app, { employmentStart: "2026-10-10", employmentEnd: "2027-04-09" });
      const r = await call(app, await app.signIn(p.email), "GET", "/employee/salary-continuation");
      assert.equal(r.body.data.weeksEntitled, 3);
    });
  } finally {
    app.close();
  }
});

Deno.test("sick pay: a 50 % incapacity is recorded with its degree and draws half a day per day", async () => {
  const app = await makeTestApp();
  try {
    const p = await addPerson(app, { employmentStart: "2020-01-01" });
    const token = await app.signIn(p.email);
    // 9 to 18 November 2026: 10 calendar days at 50 %.
    const preview = await call(app, token, "POST", "/employee/sick-leave/preview", {
      startDate: "2026-11-09",
      endDate: "2026-11-18",
      degree: 50,
    });
    assert.equal(preview.status, 200, JSON.stringify(preview.body));
    assert.equal(preview.body.data.degree, 50);
    assert.equal(preview.body.data.daysCovered, 10);
    assert.equal(preview.body.data.salaryContinuation.daysUsedBefore, 0);
    assert.equal(preview.body.data.salaryContinuation.daysUsedAfter, 5);

    const filed = await call(app, token, "POST", "/employee/sick-leave", {
      startDate: "2026-11-09",
      endDate: "2026-11-18",
      degree: 50,
    });
    assert.equal(filed.status, 201, JSON.stringify(filed.body));
    assert.equal(filed.body.data.degree, 50);
    const [row] = await app.deps.db.select().from(sickLeaveEntries).where(
      eq(sickLeaveEntries.id, filed.body.data.id),
    );
    assert.equal(row.degree, 50);
    const year = await call(app, token, "GET", "/employee/sick-leave");
    // Berner scale, 7th service year: 3 months = 13 weeks = 91 days; 5 drawn.
    assert.equal(year.body.data.salaryContinuation.daysUsed, 5);
    assert.equal(year.body.data.salaryContinuation.daysRemaining, 86);

    const bad = await call(app, token, "POST", "/employee/sick-leave", {
      startDate: "2026-11-01",
      degree: 0,
    });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body), /degree/);
  } finally {
    app.close();
  }
});
