/**
 * Italian as a person's language in the portal: set through the profile, then used for the texts the portal
 * writes (holiday names, the salary-continuation description); the OpenAPI document declares it.
 */
import assert from "node:assert/strict";
import { json, makeTestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";

Deno.test("italian: a person sets their language to it and reads the portal's texts in Italian", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const call = async (method: string, path: string, body?: unknown) =>
      await json(
        await t.request(BASE + path, { method, token, ...(body !== undefined ? { json: body } : {}) }),
      );

    const set = await call("PATCH", "/employee/profile", { language: "it" });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    assert.equal(set.body.data.language, "it");
    const session = await call("GET", "/auth/session");
    assert.equal(session.body.data.user.language, "it");

    const sc = await call("GET", "/employee/salary-continuation");
    assert.match(sc.body.data.description, /^Scala (bernese|zurighese|basilese), \d+° anno di servizio: /);

    const h = await call("GET", "/employee/holidays?year=2026");
    assert.equal(h.status, 200);
    const names = new Map(
      (h.body.data.publicHolidays as { date: string; name: string }[]).map((x) => [x.date, x.name]),
    );
    assert.equal(names.get("2026-01-01"), "Capodanno");
    assert.equal(names.get("2026-12-24"), "Vigilia di Natale (pomeriggio)");

    // A language the service does not speak is refused, names the four, and changes nothing.
    for (const language of ["rm", "IT", "it-CH", ""]) {
      const bad = await call("PATCH", "/employee/profile", { language });
      assert.equal(bad.status, 400, language);
      assert.match(bad.body.error as string, /'language'/);
      assert.match(JSON.stringify(bad.body), /de, en, fr o it/);
    }
    assert.equal((await call("GET", "/employee/profile")).body.data.language, "it");
  } finally {
    t.close();
  }
});

Deno.test("italian: the OpenAPI document declares it wherever a language is declared", async () => {
  const t = await makeTestApp();
  try {
    const doc = await (await t.request("/api/v1/openapi.json")).json();
    assert.deepEqual(doc.components.schemas.Profile.properties.language.enum, ["de", "en", "fr", "it"]);
    // Every language enum in the document lists the same four.
    const enums: unknown[][] = [];
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === "object") {
        const o = v as Record<string, unknown>;
        if (Array.isArray(o.enum) && o.enum.includes("de") && o.enum.includes("fr")) enums.push(o.enum);
        Object.values(o).forEach(walk);
      }
    };
    walk(doc);
    assert.ok(enums.length >= 2, `found ${enums.length} language enums`);
    for (const e of enums) assert.deepEqual(e, ["de", "en", "fr", "it"]);
  } finally {
    t.close();
  }
});
