/**
 * "Today" is the local day of the installation's time zone (TIME_ZONE, default Europe/Zurich): at 00:30 Swiss
 * time on New Year's Day the UTC date is still 31 December, and a sick report for today, the week and the leave
 * year must already be the new ones.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { loadConfig } from "../../src/config.ts";
import { todayOf } from "../../src/services/common.ts";
import { localDay } from "../../src/clock.ts";

// 2027-01-01 00:30 in Zurich (UTC+1 in winter).
const NEW_YEAR_0030 = "2026-12-31T23:30:00.000Z";

Deno.test("today: at 00:30 Swiss time on 1 January the day, the week and the leave year are the new ones", async (t) => {
  const app = await makeTestApp({ now: NEW_YEAR_0030 });
  try {
    assert.equal(todayOf(app.deps), "2027-01-01");
    const token = await app.signIn("employee@demo.example");
    await t.step("a sick report for today is today's, not a future one", async () => {
      // The demo employee has an absence going on since yesterday: ended first.
      const list = (await (await app.request("/api/v1/portal/employee/sick-leave", { token })).json()).data;
      const ongoing = list.items.find((e: { isOngoing: boolean }) => e.isOngoing);
      if (ongoing) {
        const end = await app.request("/api/v1/portal/employee/sick-leave/end", {
          method: "POST",
          token,
          json: { action: "end", entryId: ongoing.id, endDate: "2026-12-31" },
        });
        assert.equal(end.status, 200, await end.clone().text());
        await end.body?.cancel();
      }
      const r = await app.request("/api/v1/portal/employee/sick-leave", {
        method: "POST",
        token,
        json: { startDate: "2027-01-01", endDate: "2027-01-01" },
      });
      assert.equal(r.status, 201, await r.clone().text());
      await r.body?.cancel();
    });
    await t.step("the summary's leave year and week", async () => {
      const s = (await (await app.request("/api/v1/portal/employee/summary", { token })).json()).data;
      assert.equal(s.leave.year, 2027);
      assert.equal(s.timesheet.weekStart, "2026-12-28");
    });
  } finally {
    app.close();
  }
});

Deno.test("today: TIME_ZONE decides; an unknown zone stops the start naming the variable", async () => {
  const app = await makeTestApp({ now: NEW_YEAR_0030, env: { TIME_ZONE: "UTC" } });
  try {
    assert.equal(todayOf(app.deps), "2026-12-31");
  } finally {
    app.close();
  }
  assert.throws(() => loadConfig({ TIME_ZONE: "Europe/Zürich" }), /TIME_ZONE must be an IANA time zone/);
  assert.equal(loadConfig({}).timeZone, "Europe/Zurich");
});

Deno.test("today: the local day of every five minutes across a year's changes of clock and midnights, in four zones", () => {
  const zones = ["Europe/Zurich", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham"];
  const fresh = (ms: number, timeZone: string) =>
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      ms,
    );
  // Around the spring and autumn changes of 2026 in Switzerland and the turn of the year, every five minutes
  // (every quarter hour, where a local day can begin, is among them).
  const spans = ["2026-03-28T20:00:00Z", "2026-10-24T20:00:00Z", "2026-12-31T08:00:00Z"];
  for (const timeZone of zones) {
    for (const start of spans) {
      const from = Date.parse(start);
      for (let ms = from; ms < from + 36 * 3_600_000; ms += 5 * 60_000) {
        assert.equal(
          localDay(ms, timeZone),
          fresh(ms, timeZone),
          `${timeZone} ${new Date(ms).toISOString()}`,
        );
      }
    }
  }
});
