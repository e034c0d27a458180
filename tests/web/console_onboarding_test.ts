/**
 * The onboarding plan on the HR console's page of a person: its tasks by phase, who does each, done or
 * open, and how many are done. The demo's future joiner (GW-018) has an open plan of ten tasks, two done; a
 * person without a plan is said to have none. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { session } from "./_console.ts";

Deno.test("console onboarding: HR reads a person's plan by phase, done and open", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    await ctx.step("the joiner's plan", async () => {
      const r = await t.request("/hr/people/GW-018", { headers: cookie });
      assert.equal(r.status, 200);
      const html = await r.text();
      assert.match(html, /<h2 id="onboarding">Plan d(?:'|&#39;)intégration<\/h2>/);
      assert.match(html, /2 tâches sur 10 faites/);
      for (const phase of ["Avant le début", "Premier jour", "Première semaine", "Premier mois", "Temps d"]) {
        assert.ok(html.includes(`<caption>${phase}`), phase);
      }
      assert.match(
        html,
        /Laptop und Zubehör bestellen<\/td><td>(?:[0-9]{2}\.[0-9]{2}\.[0-9]{4}|–)<\/td><td>[^<]+<\/td><td>✓ faite/,
      );
      assert.match(
        html,
        /Probezeitgespräch<\/td><td>(?:[0-9]{2}\.[0-9]{2}\.[0-9]{4}|–)<\/td><td>Stefan Hofstetter<\/td><td>○ ouverte/,
      );
      assert.match(html, /Erste Änderung produktiv ausliefern/);
    });
    await ctx.step("someone without a plan", async () => {
      const html = await (await t.request("/hr/people/GW-002", { headers: cookie })).text();
      assert.match(html, /Cette personne n(?:'|&#39;)a pas de plan d(?:'|&#39;)intégration/);
    });
  } finally {
    t.close();
  }
});
