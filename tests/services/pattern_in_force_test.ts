/**
 * The work pattern in force on each day, not today's, in HR's absence overview and in the week's time target,
 * after a change from 100 % Monday–Friday to 60 % Monday–Wednesday. OR Art. 329a para. 1 (SR 220) counts
 * vacation in weeks and ArG/ArGV 1 time targets follow the contract in force (docs/leave.md, "Leave by the
 * pattern in force on each day"): before the change a person works five days of 8.4 h (42 h × 100 % / 5), after
 * it three of 8.4 h (42 h × 60 % / 3). On the fixture organisation (42 h a week, canton TI: no holiday in the
 * weeks used); the changes go through the console's workload form, the leave through the portal.
 */
import assert from "node:assert/strict";
import { addAccounts, ADMIN, buildFixtureOrg, fixturePeople, personPassword } from "../_fixture_org.ts";
import { csrfOn, post } from "../web/_console.ts";
import { leaveOverview } from "../../src/services/hr_leave.ts";
import type { TestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";

async function changeWorkload(t: TestApp, cookie: Record<string, string>, pn: string, from: string) {
  const csrf = await csrfOn(t, cookie, `/hr/people/${pn}`);
  const r = await t.request(
    `/hr/people/${pn}/workload`,
    post(cookie, { csrf, wl_from: from, wl_percent: "60", wl_weekday: ["1", "2", "3"] }),
  );
  assert.equal(r.status, 200, await r.text());
}

async function fileWeek(t: TestApp, pn: string, startDate: string, endDate: string) {
  const email = (await fixturePeople()).find((p) => p.pn === pn)!.email;
  const token = await t.signIn(email, personPassword(pn));
  const r = await t.request(`${BASE}/employee/leave/requests`, {
    method: "POST",
    token,
    json: { leaveType: "VACATION", startDate, endDate },
  });
  assert.equal(r.status, 201, await r.text());
  return token;
}

async function awayDays(t: TestApp, month: string, pn: string) {
  const o = await leaveOverview(t.deps, { month, lang: "de" });
  return o.days.filter((d) => d.people.some((p) => p.personnelNumber === pn)).map((d) => d.date);
}

Deno.test("pattern in force: HR's absence overview and the week's targets follow the pattern of each day", async (ctx) => {
  // The tests' today is 18 November 2026.
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [["V04", "employee"], ["V07", "employee"]]);
    const cookie = { Cookie: `hr_session=${await t.signIn(ADMIN.email, ADMIN.password)}` };
    // Luca Bernasconi (V04): 60 % Monday–Wednesday from Wednesday 4 November 2026, behind today.
    await changeWorkload(t, cookie, "V04", "2026-11-04");
    // Thomas Huber (V07): the same from Monday 1 February 2027, ahead of today.
    await changeWorkload(t, cookie, "V07", "2027-02-01");

    await ctx.step(
      "the overview shows a week off before a change behind today on all five days",
      async () => {
        await fileWeek(t, "V04", "2026-10-19", "2026-10-23");
        assert.deepEqual(await awayDays(t, "2026-10", "V04"), [
          "2026-10-19",
          "2026-10-20",
          "2026-10-21",
          "2026-10-22",
          "2026-10-23",
        ]);
      },
    );

    await ctx.step(
      "the overview shows a week off after a change ahead of today on Monday to Wednesday",
      async () => {
        await fileWeek(t, "V07", "2027-02-08", "2027-02-12");
        assert.deepEqual(await awayDays(t, "2027-02", "V07"), ["2027-02-08", "2027-02-09", "2027-02-10"]);
      },
    );

    await ctx.step(
      "the week's targets: 8.4 h a day before the change, the week of the change 25.2 h",
      async () => {
        const email = (await fixturePeople()).find((p) => p.pn === "V04")!.email;
        const token = await t.signIn(email, personPassword("V04"));
        const week = async (monday: string) => {
          const r = await t.request(`${BASE}/employee/time-weeks/${monday}`, { token });
          assert.equal(r.status, 200, await r.clone().text());
          return (await r.json()).data;
        };
        const before = await week("2026-10-26");
        assert.deepEqual(
          before.days.map((d: { targetHours: number }) => d.targetHours),
          [8.4, 8.4, 8.4, 8.4, 8.4, 0, 0],
        );
        assert.equal(before.targetHours, 42);
        // Monday and Tuesday under the old pattern, Wednesday under the new one, Thursday and Friday off.
        const change = await week("2026-11-02");
        assert.deepEqual(
          change.days.map((d: { targetHours: number }) => d.targetHours),
          [8.4, 8.4, 8.4, 0, 0, 0, 0],
        );
        assert.equal(change.targetHours, 25.2);
        const after = await week("2026-11-09");
        assert.deepEqual(
          after.days.map((d: { targetHours: number }) => d.targetHours),
          [8.4, 8.4, 8.4, 0, 0, 0, 0],
        );
        assert.equal(after.targetHours, 25.2);
      },
    );
  } finally {
    t.close();
  }
});
