/**
 * Regional days chosen per place of work: the admin command, the configuration file (`org apply`) and the
 * console's organisation page set which days kept only in part of a canton the organisation's places of work
 * keep; a person working in that canton then has the day off, in the leave preview as in the calendar.
 *
 * Sources: Kanton Aargau, "Öffentliche Feiertage" (ag.ch / hallo-aargau.ch): Easter Monday and Whit Monday are
 * district days, not the canton's. Kanton Appenzell Innerrhoden, "Feiertage" (ai.ch): Mauritiustag (22
 * September) in the inner districts only. Easter Monday 2027: 29 March; 22.9.2027 is a Wednesday.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { cantonChanges, employees, settings } from "../../src/db/schema/mod.ts";
import { DEMO_ACCOUNTS } from "../../src/demo/org.ts";
import { exportConfiguration } from "../../src/org_config/mod.ts";
import { csrfOn, post, session } from "../web/_console.ts";

async function previewDays(t: TestApp, token: string, from: string, to: string): Promise<number> {
  const r = await json(
    await t.request("/api/v1/portal/employee/leave/requests/preview", {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: from, endDate: to },
    }),
  );
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.data.days;
}

/** The demo employee has always worked in `canton` (the record and its dated history). */
async function workIn(t: TestApp, canton: string) {
  const id = DEMO_ACCOUNTS.employee.employeeId!;
  await t.deps.db.update(employees).set({ canton }).where(eq(employees.id, id));
  await t.deps.db.update(cantonChanges).set({ canton }).where(eq(cantonChanges.employeeId, id));
}

async function applySettings(t: TestApp, yaml: string) {
  const path = await Deno.makeTempFile({ suffix: ".yaml" });
  await Deno.writeTextFile(path, yaml);
  return await cli(t, ["org", "apply", "--file", path]);
}

Deno.test("regional days: an AG place of work that keeps Easter Monday gives it; one that does not, does not", async () => {
  const t = await makeTestApp();
  try {
    await workIn(t, "AG");
    const token = await t.signIn("employee@demo.example");
    // Not kept: the week of Easter Monday 2027 is five working days in AG.
    assert.equal(await previewDays(t, token, "2027-03-29", "2027-04-02"), 5);
    const r = await applySettings(t, "settings:\n  regionalDays:\n    - AG:easter-monday\n");
    assert.equal(r.code, 0, r.err);
    assert.equal(await previewDays(t, token, "2027-03-29", "2027-04-02"), 4);
    // Whit Monday was not chosen: still a working day.
    assert.equal(await previewDays(t, token, "2027-05-17", "2027-05-21"), 5);
    // The choice is in the file `org export` writes, and applying that file again changes nothing.
    const exported = await exportConfiguration(t.deps);
    assert.match(exported, /regionalDays:\n\s+- AG:easter-monday\n/);
    const again = await applySettings(t, exported);
    assert.equal(again.code, 0, again.err);
    assert.doesNotMatch(again.out, /settings: 0 created, [1-9]/);
    // Cleared: Easter Monday is a working day again.
    assert.equal((await cli(t, ["regional-days", "set", "none"])).code, 0);
    assert.equal(await previewDays(t, token, "2027-03-29", "2027-04-02"), 5);
  } finally {
    t.close();
  }
});

Deno.test("regional days: a place of work in AI's inner part keeps St. Mauritius on 22 September", async () => {
  const t = await makeTestApp();
  try {
    await workIn(t, "AI");
    const token = await t.signIn("employee@demo.example");
    assert.equal(await previewDays(t, token, "2027-09-20", "2027-09-24"), 5);
    const set = await cli(t, ["regional-days", "set", "AI:st-mauritius"]);
    assert.equal(set.code, 0, set.err);
    assert.match(set.out, /Regional days set to AI:st-mauritius/);
    assert.match((await cli(t, ["regional-days"])).out, /AI:st-mauritius +kept +St\. Maurice's Day/);
    assert.equal(await previewDays(t, token, "2027-09-20", "2027-09-24"), 4);
    const cal = await json(await t.request("/api/v1/portal/employee/holidays?year=2027", { token }));
    assert.ok(
      (cal.body.data.publicHolidays as { date: string }[]).some((h) => h.date === "2027-09-22"),
      "22.9.2027 in the calendar",
    );
  } finally {
    t.close();
  }
});

Deno.test("regional days: a day the service does not know is refused at every door, naming the field, and changes nothing", async () => {
  const t = await makeTestApp();
  try {
    for (const bad of [[], ["ZH:easter-monday"], ["AG:easter-monday,AG:easter-monday"], ["easter-monday"]]) {
      const r = await cli(t, ["regional-days", "set", ...bad]);
      assert.equal(r.code, 2, `set ${bad.join(" ")}`);
      assert.match(
        r.err,
        /comma-separated list of AG:berchtoldstag, .*AI:st-mauritius.*, each once, or 'none'/,
      );
    }
    const file = await applySettings(t, "settings:\n  regionalDays:\n    - ZH:knabenschiessen\n");
    assert.notEqual(file.code, 0);
    assert.match(file.err + file.out, /regionalDays: must list regional days the service knows/);
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/organisation");
    const page = await t.request(
      "/hr/organisation",
      post(cookie, {
        name: "Gerber & Wyss AG",
        canton: "ZH",
        payday: "25",
        languages: ["de", "fr"],
        half_days: ["12-24"],
        regional_days: ["AG:knabenschiessen"],
        csrf,
      }),
    );
    assert.equal(page.status, 400);
    assert.match(await page.text(), /regionalDays: must list regional days the service knows/);
    const rows = await t.deps.db.select().from(settings).where(eq(settings.key, "calendar.regional_days"));
    assert.deepEqual(rows, [], "nothing stored");
  } finally {
    t.close();
  }
});

Deno.test("regional days: the console's organisation page saves the days ticked", async () => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const form = await (await t.request("/hr/organisation", { headers: { Cookie: cookie.Cookie } })).text();
    // The demo's HR person reads French.
    assert.match(form, /AI: Saint-Maurice/);
    const csrf = await csrfOn(t, cookie, "/hr/organisation");
    const r = await t.request(
      "/hr/organisation",
      post(cookie, {
        name: "Gerber & Wyss AG",
        canton: "ZH",
        payday: "25",
        languages: ["de", "fr"],
        half_days: ["12-24"],
        regional_days: ["AI:st-mauritius", "AG:whit-monday"],
        csrf,
      }),
    );
    assert.equal(r.status, 200);
    assert.match(
      await exportConfiguration(t.deps),
      /regionalDays:\n\s+- AG:whit-monday\n\s+- AI:st-mauritius\n/,
    );
  } finally {
    t.close();
  }
});
