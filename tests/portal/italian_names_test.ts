/**
 * Italian names where the organisation writes them: the configuration file takes `name.it` for closures,
 * school holidays and recruiting stages (as for leave types), keeps it on export, and an Italian reader gets
 * it; without one the German name stands in. The demo's own leave types have Italian names. Italian is one
 * of Switzerland's national languages (BV Art. 4, SR 101).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { json, makeTestApp } from "../_helpers.ts";
import { applyConfiguration, exportConfiguration } from "../../src/org_config/mod.ts";
import { stages } from "../../src/db/schema/mod.ts";
import { localName } from "../../src/services/common.ts";

const BASE = "/api/v1/portal";

const FILE = `closures:
  - start: 2026-12-28
    end: 2026-12-30
    name: { de: Betriebsferien, en: Company closure, fr: Fermeture, it: Chiusura aziendale }
    deductsLeave: false
schoolHolidays:
  - canton: BE
    start: 2026-10-05
    end: 2026-10-16
    name: { de: Herbstferien, en: Autumn holidays, fr: Vacances d'automne, it: Vacanze autunnali }
stages:
  - key: SCREENING_IT
    name: { de: Vorauswahl, en: Screening, fr: Présélection, it: Preselezione }
    order: 95
`;

Deno.test("italian: name.it is taken for closures, school holidays and stages, exported and read in Italian", async () => {
  const t = await makeTestApp();
  try {
    const applied = await applyConfiguration(t.deps, FILE);
    assert.ok(applied.ok, JSON.stringify(applied));
    const exported = await exportConfiguration(t.deps);
    for (const it of ["it: Chiusura aziendale", "it: Vacanze autunnali", "it: Preselezione"]) {
      assert.ok(exported.includes(it), it);
    }
    // The same file again changes nothing.
    const again = await applyConfiguration(t.deps, FILE);
    assert.ok(again.ok, JSON.stringify(again));
    assert.match(JSON.stringify(again), /"created":0,"updated":0/);

    const token = await t.signIn("employee@demo.example");
    const call = async (method: string, path: string, body?: unknown) =>
      await json(
        await t.request(BASE + path, { method, token, ...(body !== undefined ? { json: body } : {}) }),
      );
    assert.equal((await call("PATCH", "/employee/profile", { language: "it" })).status, 200);
    const closures = await call("GET", "/employee/closures?year=2026");
    assert.equal(closures.status, 200, JSON.stringify(closures.body));
    const names = (closures.body.data.closures as { name: string; startDate: string }[])
      .filter((c) => c.startDate.startsWith("2026-12-28")).map((c) => c.name);
    assert.deepEqual(names, ["Chiusura aziendale"]);
    const holidays = await call("GET", "/employee/holidays?year=2026");
    assert.ok(
      (holidays.body.data.schoolHolidays as { name: string }[]).some((h) => h.name === "Vacanze autunnali"),
      JSON.stringify(holidays.body.data.schoolHolidays),
    );
    const [stage] = await t.deps.db.select().from(stages).where(eq(stages.key, "SCREENING_IT"));
    assert.equal(localName(stage, "it"), "Preselezione");
    assert.equal(localName({ ...stage, nameIt: null }, "it"), "Vorauswahl", "German stands in without one");

    // The demo's leave types: Italian readers no longer see "Ferien".
    const types = await call("GET", "/employee/leave/types");
    assert.equal(types.status, 200, JSON.stringify(types.body));
    const byCode = new Map(
      (types.body.data.items as { code: string; name: string }[]).map((x) => [x.code, x.name]),
    );
    assert.equal(byCode.get("VACATION"), "Vacanze");
    assert.equal(byCode.get("COMPENSATION"), "Compensazione delle ore supplementari");
    assert.equal(byCode.get("SPECIAL"), "Congedo speciale");
    assert.equal(byCode.get("UNPAID"), "Congedo non pagato");
  } finally {
    t.close();
  }
});
