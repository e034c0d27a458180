/**
 * Two requests on the HR console's person page: a workload change from a date (kept as history, so the
 * year's vacation is shared between the patterns by calendar days and the days before stay as they were),
 * and a document HR asks the person for (among their to-dos). Every refusal is said on the page and changes
 * nothing. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { employees, workloadChanges } from "../../src/db/schema/mod.ts";
import { csrfOn, post, session } from "./_console.ts";

async function vacation(t: TestApp, token: string, year: number) {
  const r = await (await t.request(`/api/v1/portal/employee/leave/balances?year=${year}`, { token })).json();
  return r.data.balances.find((b: { leaveType: { code: string } }) => b.leaveType.code === "VACATION");
}

Deno.test("console workload: a change from 1 July shares 2027's vacation by calendar days; refusals change nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/people/GW-013");
    const token = await t.signIn("employee@demo.example");
    const [lukas] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, "GW-013"));
    const history = () =>
      t.deps.db.select().from(workloadChanges).where(eq(workloadChanges.employeeId, lukas.id));
    const before2026 = await vacation(t, token, 2026);

    await ctx.step("60 % on Monday to Wednesday from 1 July 2027", async () => {
      const r = await t.request(
        "/hr/people/GW-013/workload",
        post(cookie, { csrf, wl_from: "2027-07-01", wl_percent: "60", wl_weekday: ["1", "2", "3"] }),
      );
      assert.equal(r.status, 200);
      assert.match(
        await r.text(),
        /Le taux d(?:'|&#39;)activité de Lukas Gerber est de 60 % dès le 01\.07\.2027/,
      );
      const rows = (await history()).map((h) => [h.validFrom, h.workloadPercent, h.workingWeekdays]);
      assert.deepEqual(rows.sort(), [[lukas.employmentStart, 100, "1,2,3,4,5"], ["2027-07-01", 60, "1,2,3"]]);
      const [after] = await t.deps.db.select().from(employees).where(eq(employees.id, lukas.id));
      assert.equal(after.workloadPercent, 100, "a change ahead leaves today's record as it is");
      // 25 × (181 days × 5 + 184 days × 3) / 5 / 365 = 19.96, to the half day 20.
      assert.equal((await vacation(t, token, 2027)).entitlement, 20);
      assert.equal((await vacation(t, token, 2026)).entitlement, before2026.entitlement, "2026 unchanged");
    });

    const cases: [string, Record<string, string | string[]>, RegExp][] = [
      [
        "the same day again",
        { wl_from: "2027-07-01", wl_percent: "80", wl_weekday: ["1", "2", "3", "4"] },
        /a déjà un changement de taux dès le 01\.07\.2027/,
      ],
      [
        "before the employment starts",
        { wl_from: "2001-01-01", wl_percent: "80", wl_weekday: ["1"] },
        /Aucun changement de taux enregistré : le premier jour doit suivre l(?:'|&#39;)entrée \(01\.04\.2022\)/,
      ],
      ["no weekday", { wl_from: "2027-09-01", wl_percent: "80" }, /il faut au moins un jour de travail/],
      [
        "no workload",
        { wl_from: "2027-09-01", wl_percent: "0", wl_weekday: ["1"] },
        /le taux doit être supérieur à 0 et au plus 100 %/,
      ],
      [
        "no date",
        { wl_from: "", wl_percent: "80", wl_weekday: ["1"] },
        /le premier jour doit être une date/,
      ],
    ];
    for (const [name, fields, message] of cases) {
      await ctx.step(`refused: ${name}; the form keeps what was typed`, async () => {
        const rows = await history();
        const r = await t.request("/hr/people/GW-013/workload", post(cookie, { csrf, ...fields }));
        assert.equal(r.status, 400);
        const html = await r.text();
        assert.match(html, message);
        if (fields.wl_from) assert.match(html, new RegExp(`name="wl_from"[^>]*value="${fields.wl_from}"`));
        assert.deepEqual(await history(), rows);
      });
    }
    await ctx.step("without the page's token: 403, nothing changed", async () => {
      const rows = await history();
      const r = await t.request(
        "/hr/people/GW-013/workload",
        post(cookie, { csrf: "0".repeat(64), wl_from: "2027-09-01", wl_percent: "80", wl_weekday: ["1"] }),
      );
      assert.equal(r.status, 403);
      await r.body?.cancel();
      assert.deepEqual(await history(), rows);
    });
  } finally {
    t.close();
  }
});

Deno.test("console documents: HR asks a person for a document; it is among their to-dos; refusals change nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/people/GW-013");
    const token = await t.signIn("employee@demo.example");
    const missing = async () =>
      (await (await t.request("/api/v1/portal/employee/todos", { token })).json()).data.documentsMissing as {
        kind: string;
        dueDate: string | null;
      }[];

    await ctx.step("asked for the residence permit by 15 December", async () => {
      const r = await t.request(
        "/hr/people/GW-013/documents",
        post(cookie, { csrf, doc_kind: "Aufenthaltsbewilligung", doc_due: "2026-12-15" }),
      );
      assert.equal(r.status, 200);
      assert.match(await r.text(), /Lukas Gerber est prié·e de fournir « Aufenthaltsbewilligung »/);
      assert.ok(
        (await missing()).some((d) => d.kind === "Aufenthaltsbewilligung" && d.dueDate === "2026-12-15"),
      );
    });

    const cases: [string, Record<string, string>, RegExp][] = [
      [
        "the same document again",
        { doc_kind: "Aufenthaltsbewilligung", doc_due: "" },
        /a déjà été prié·e de fournir « Aufenthaltsbewilligung »/,
      ],
      [
        "no name",
        { doc_kind: " ", doc_due: "" },
        /le document a besoin d(?:'|&#39;)un nom de 2 à 100 caractères/,
      ],
      [
        "a day that has passed",
        { doc_kind: "Diplom", doc_due: "2026-11-01" },
        /l(?:'|&#39;)échéance du 01\.11\.2026 est passée/,
      ],
    ];
    for (const [name, fields, message] of cases) {
      await ctx.step(`refused: ${name}`, async () => {
        const before = await missing();
        const r = await t.request("/hr/people/GW-013/documents", post(cookie, { csrf, ...fields }));
        assert.equal(r.status, 400);
        assert.match(await r.text(), message);
        assert.deepEqual(await missing(), before);
      });
    }
  } finally {
    t.close();
  }
});
