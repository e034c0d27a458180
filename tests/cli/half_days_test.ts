/**
 * The half-day holidays setting: the admin command shows and changes which customary half days
 * (24 and 31 December afternoons) the organisation observes; bad input changes nothing; the running
 * service uses the setting from the next holiday computation on.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import { settings } from "../../src/db/schema/mod.ts";
import { cli } from "../_cli.ts";
import { actorFor } from "../services/_fixtures.ts";
import { getPublicHolidays } from "../../src/services/holidays.ts";

async function halfDays(t: TestApp, token: string): Promise<{ date: string; portion: number }[]> {
  const r = await json(await t.request("/api/v1/portal/employee/holidays?year=2026", { token }));
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return (r.body.data.publicHolidays as { date: string; portion: number }[])
    .filter((h) => h.portion === 0.5).map((h) => ({ date: h.date, portion: h.portion }));
}

Deno.test("cli: half-days shows both December afternoons observed by default and changes them", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const shown = await cli(t, ["half-days"]);
    assert.equal(shown.code, 0);
    assert.match(shown.out, /12-24 {2}observed {4} {2}Christmas Eve \(afternoon\)/);
    assert.match(shown.out, /12-31 {2}observed {4} {2}New Year's Eve \(afternoon\)/);
    const set = await cli(t, ["half-days", "set", "12-31"]);
    assert.equal(set.code, 0);
    assert.match(set.out, /set to 12-31/);
    const after = await cli(t, ["half-days", "show"]);
    assert.match(after.out, /12-24 {2}not observed/);
    assert.match(after.out, /12-31 {2}observed/);
    assert.equal((await cli(t, ["half-days", "set", "none"])).code, 0);
    assert.match((await cli(t, ["half-days"])).out, /12-31 {2}not observed/);
  } finally {
    t.close();
  }
});

Deno.test("cli: half-days refuses what is not a catalogue half day and changes nothing", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    assert.equal((await cli(t, ["half-days", "set", "12-24"])).code, 0);
    for (const bad of [[], ["12-25"], ["12-24,12-24"], ["24.12."], ["12-24,"]]) {
      const r = await cli(t, ["half-days", "set", ...bad]);
      assert.equal(r.code, 2, `set ${bad.join(" ")}`);
      assert.match(r.err, /comma-separated list of 12-24, 12-31, each once, or 'none'/);
    }
    assert.equal((await cli(t, ["half-days", "clear"])).code, 2);
    const [row] = await t.deps.db.select().from(settings).where(
      eq(settings.key, "calendar.half_day_holidays"),
    );
    assert.equal(row.value, '["12-24"]', "the refused commands changed nothing");
  } finally {
    t.close();
  }
});

Deno.test("half-days: the service's holidays follow the setting from the next computation on", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    assert.deepEqual(await halfDays(t, token), [
      { date: "2026-12-24", portion: 0.5 },
      { date: "2026-12-31", portion: 0.5 },
    ]);
    assert.equal((await cli(t, ["half-days", "set", "12-31"])).code, 0);
    assert.deepEqual(await halfDays(t, token), [{ date: "2026-12-31", portion: 0.5 }]);
    // A hand-edited, unreadable value falls back to the default.
    await t.deps.db.update(settings).set({ value: '["01-01"]' }).where(
      eq(settings.key, "calendar.half_day_holidays"),
    );
    assert.equal((await halfDays(t, token)).length, 2);
  } finally {
    t.close();
  }
});

Deno.test("half-days: each installation's computations take its own setting, whatever another one's requests read", async () => {
  // Two installations in one process (as the test suite runs them): the holiday rules hold no setting, so a
  // request to one cannot leave its half days in force for a computation of the other.
  const a = await makeTestApp();
  const b = await makeTestApp();
  try {
    assert.equal((await cli(a, ["half-days", "set", "12-31"])).code, 0);
    const tokenB = await b.signIn("employee@demo.example");
    assert.equal((await halfDays(b, tokenB)).length, 2, "the other installation observes both afternoons");
    const actor = await actorFor(a, "employee@demo.example");
    const direct = (await getPublicHolidays(a.deps, actor, { year: 2026 })).halfDayHolidays.map((h) =>
      h.date
    );
    assert.deepEqual(direct, ["2026-12-31"]);
    assert.deepEqual(await halfDays(a, await a.signIn("employee@demo.example")), [
      { date: "2026-12-31", portion: 0.5 },
    ]);
    assert.equal((await halfDays(b, tokenB)).length, 2);
  } finally {
    a.close();
    b.close();
  }
});
