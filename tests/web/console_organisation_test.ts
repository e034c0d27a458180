/**
 * The HR console's organisation page: name, canton, payday, languages and half days saved through the
 * configuration file's own checks and read back by `org export`; every refusal said on the page with
 * nothing changed. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { exportConfiguration } from "../../src/org_config/mod.ts";
import { csrfOn, post, session } from "./_console.ts";

const SETTINGS = {
  name: "Gerber & Wyss AG",
  canton: "ZH",
  payday: "25",
  languages: ["de", "fr", "it"],
  half_days: ["12-24"],
};

Deno.test("console organisation: HR saves the settings; the configuration file has them", async () => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/organisation");
    const r = await t.request("/hr/organisation", post(cookie, { ...SETTINGS, csrf }));
    assert.equal(r.status, 200);
    const html = await r.text();
    assert.match(html, /Les réglages sont enregistrés/);
    assert.match(html, /Europe\/Zurich/);
    const yaml = await exportConfiguration(t.deps);
    assert.match(yaml, /name: Gerber & Wyss AG/);
    assert.match(yaml, /canton: ZH/);
    assert.match(yaml, /payday: 25/);
    assert.match(yaml, /languages:\n\s+- de\n\s+- fr\n\s+- it\n/);
    assert.match(yaml, /halfDays:\n\s+- 12-24\n/);
  } finally {
    t.close();
  }
});

Deno.test("console organisation: refusals say why on the page and change nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/organisation");
    const before = await exportConfiguration(t.deps);
    const cases: [string, Record<string, string | string[]>, number, RegExp][] = [
      ["without the page's token", { ...SETTINGS }, 403, /./],
      ["no German", { ...SETTINGS, csrf, languages: ["fr", "it"] }, 400, /languages: must include de/],
      [
        "a payday of the 32nd",
        { ...SETTINGS, csrf, payday: "32" },
        400,
        /payday: must be a whole day of the month from 1 to 31/,
      ],
      ["a payday that is no number", { ...SETTINGS, csrf, payday: "Ende Monat" }, 400, /payday/],
      [
        "a canton that does not exist",
        { ...SETTINGS, csrf, canton: "XY" },
        400,
        /canton: must be one of the 26 canton codes/,
      ],
      [
        "an unknown half day",
        { ...SETTINGS, csrf, half_days: ["08-01"] },
        400,
        /halfDays: must list half days the service knows/,
      ],
      ["no name", { ...SETTINGS, csrf, name: "" }, 400, /name/],
    ];
    for (const [name, fields, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = await t.request("/hr/organisation", post(cookie, fields));
        assert.equal(r.status, status);
        assert.match(await r.text(), message);
        assert.equal(await exportConfiguration(t.deps), before);
      });
    }
    await ctx.step("a manager: not the page", async () => {
      const other = await session(t, "manager@demo.example");
      const r = await t.request("/hr/organisation", post(other, { ...SETTINGS, csrf }));
      assert.equal(r.status, 403);
      await r.body?.cancel();
      assert.equal(await exportConfiguration(t.deps), before);
    });
  } finally {
    t.close();
  }
});
