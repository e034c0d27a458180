/**
 * The HR console's leave types: a new kind of leave (moving day) added and then changed, vacation's
 * carry-over and overdraft rule changed, the moving day's length per event set, each through the configuration file's own checks; the employee then
 * requests the new type in the portal. Every refusal is said on the page and changes nothing. The demo's HR
 * person reads French.
 */
import assert from "node:assert/strict";
import { asc } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { leaveTypes } from "../../src/db/schema/mod.ts";
import { csrfOn, post, session } from "./_console.ts";

const csrfOf = (t: TestApp, cookie: Record<string, string>) => csrfOn(t, cookie, "/hr/leave/types");

const MOVING = {
  code: "MOVING_DAY",
  name_de: "Umzugstag",
  name_fr: "Jour de déménagement",
  name_it: "Giorno di trasloco",
  name_en: "Moving day",
  deducts: "no",
  overdraft: "REFUSE",
  annual_days: "0",
  half_days: "no",
  carry_max: "0",
  carry_expiry: "03-31",
  active: "yes",
};

Deno.test("console leave types: a new type and a changed vacation rule, then requested in the portal", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);

    await ctx.step("the list shows every type, in French, linked from the leave page", async () => {
      const html = await (await t.request("/hr/leave/types", { headers: cookie })).text();
      assert.match(html, /Types d(?:'|&#39;)absence/);
      assert.match(html, /href="\/hr\/leave\/types\/VACATION"/);
      const leave = await (await t.request("/hr/leave", { headers: cookie })).text();
      assert.match(leave, /href="\/hr\/leave\/types"/);
    });

    await ctx.step("a moving day added", async () => {
      const r = await t.request("/hr/leave/types", post(cookie, { ...MOVING, csrf }));
      assert.equal(r.status, 200);
      assert.match(await r.text(), /Le type d(?:'|&#39;)absence MOVING_DAY est enregistré/);
    });

    await ctx.step("the employee sees it in Italian-free German and files it", async () => {
      const token = await t.signIn("employee@demo.example");
      const types = await (await t.request("/api/v1/portal/employee/leave/types", { token })).json();
      assert.match(JSON.stringify(types), /Umzugstag/);
      const r = await t.request("/api/v1/portal/employee/leave/requests", {
        method: "POST",
        token,
        json: { leaveType: "MOVING_DAY", startDate: "2027-03-05", endDate: "2027-03-05" },
      });
      assert.equal(r.status, 201, await r.clone().text());
    });

    await ctx.step(
      "the moving day gets its length, one day per move; two days are refused in the portal",
      async () => {
        const r = await t.request(
          "/hr/leave/types",
          post(cookie, { ...MOVING, csrf, event_days: "1", event_unit: "WORKING_DAYS", event_within: "" }),
        );
        assert.equal(r.status, 200);
        const html = await r.text();
        assert.match(html, /name="event_days"[^>]*value="1"/);
        const row = (await t.deps.db.select().from(leaveTypes)).find((x) => x.code === "MOVING_DAY")!;
        assert.equal(row.eventDays, 1);
        assert.equal(row.eventUnit, "WORKING_DAYS");
        assert.equal(row.eventWithinMonths, null);
        const list = await (await t.request("/hr/leave/types", { headers: cookie })).text();
        assert.match(list, /98 jours civils/, "maternity's length is listed");
        const token = await t.signIn("employee@demo.example");
        const two = await t.request("/api/v1/portal/employee/leave/requests", {
          method: "POST",
          token,
          json: { leaveType: "MOVING_DAY", startDate: "2027-03-08", endDate: "2027-03-09" },
        });
        assert.equal(two.status, 400);
        // The demo employee reads German; the refusal names the field an app shows it beside.
        const refused = await two.json();
        assert.match(refused.error, /^Umzugstag gibt höchstens 1 Arbeitstag\(e\) pro Ereignis/);
        assert.deepEqual(refused.fields.map((f: { field: string }) => f.field), ["body.endDate"]);
      },
    );

    await ctx.step("vacation: 5 days carried over until the end of April, an overdraw flagged", async () => {
      const page = await (await t.request("/hr/leave/types/VACATION", { headers: cookie })).text();
      const value = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? "";
      const fields: Record<string, string> = { csrf, code: "VACATION", overdraft: "FLAG" };
      for (const k of ["name_de", "name_fr", "name_it", "name_en", "annual_days"]) fields[k] = value(k);
      Object.assign(fields, {
        deducts: "yes",
        half_days: "yes",
        carry_max: "5",
        carry_expiry: "04-30",
        active: "yes",
      });
      const before = (await t.deps.db.select().from(leaveTypes)).find((x) => x.code === "VACATION")!;
      const r = await t.request("/hr/leave/types", post(cookie, fields));
      assert.equal(r.status, 200);
      await r.body?.cancel();
      const after = (await t.deps.db.select().from(leaveTypes)).find((x) => x.code === "VACATION")!;
      assert.equal(after.carryOverMaxDays, 5);
      assert.equal(after.carryOverExpiry, "04-30");
      assert.equal(after.overdraft, "FLAG");
      assert.equal(after.defaultAnnualDays, before.defaultAnnualDays);
      assert.equal(after.entitlementSteps, before.entitlementSteps, "the steps by age and service are kept");
    });
  } finally {
    t.close();
  }
});

Deno.test("console leave types: refusals say why on the page and change nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOf(t, cookie);
    const all = async () => await t.deps.db.select().from(leaveTypes).orderBy(asc(leaveTypes.code));
    const before = await all();
    const cases: [string, Record<string, string>, number, RegExp][] = [
      ["without the page's token", { ...MOVING }, 403, /./],
      ["a code in lower case", { ...MOVING, csrf, code: "moving" }, 400, /code: must be upper-case letters/],
      ["no German name", { ...MOVING, csrf, name_de: "" }, 400, /name\.de/],
      [
        "a carry-over expiry that is no day",
        { ...MOVING, csrf, carry_expiry: "13-40" },
        400,
        /carryOverExpiry: must be a day of the year/,
      ],
      [
        "vacation below the legal minimum",
        { ...MOVING, csrf, code: "VACATION", name_de: "Ferien", deducts: "yes", annual_days: "15" },
        400,
        /at least 20 days of a five-day week \(OR Art\. 329a/,
      ],
      [
        "days a year that are no number",
        { ...MOVING, csrf, deducts: "yes", annual_days: "viele" },
        400,
        /annualDays/,
      ],
      ["an overdraft rule that does not exist", { ...MOVING, csrf, overdraft: "MAYBE" }, 400, /overdraft/],
      ["days per event that are no number", { ...MOVING, csrf, event_days: "zwei" }, 400, /perEvent\.days/],
      [
        "days per event counted in hours",
        { ...MOVING, csrf, event_days: "1", event_unit: "HOURS" },
        400,
        /perEvent\.unit/,
      ],
    ];
    for (const [name, fields, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/leave/types", post(cookie, fields));
        assert.equal(r.status, status);
        assert.match(await r.text(), message);
        assert.deepEqual(await all(), before);
      });
    }
    await ctx.step("an unknown code", async () => {
      const r = await t.request("/hr/leave/types/NOPE", { headers: cookie });
      assert.equal(r.status, 404);
      assert.match(await r.text(), /Aucun type d(?:'|&#39;)absence n(?:'|&#39;)a ce code/);
    });
    await ctx.step("a manager: not the pages", async () => {
      const other = await session(t, "manager@demo.example");
      const r = await t.request("/hr/leave/types", post(other, { ...MOVING, csrf }));
      assert.equal(r.status, 403);
      await r.body?.cancel();
      assert.deepEqual(await all(), before);
    });
  } finally {
    t.close();
  }
});
