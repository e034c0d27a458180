/**
 * In headless Chromium against the service on a local port with the demo organisation: HR (reading French)
 * completes the blocking reference check on the application's page without JavaScript and the move into the
 * gated stage succeeds; deletes a candidate through the confirmation page; marks an onboarding task done and
 * closes the plan. A visitor with JavaScript on reads an advertisement full of XSS payloads: rendered
 * Markdown, no dialog, no script or image element.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { E2E, startMcpServer } from "../mcp/_harness.ts";
import { applications, positions } from "../../src/db/schema/mod.ts";
import { GATED_APPLICATION_ID } from "../../src/demo/recruiting.ts";
import { launchChromium } from "../_chromium.ts";

const TITLE = "Comptable 60 %";

Deno.test(
  "recruiting tasks, deletion and onboarding in the browser; a hostile advertisement runs nothing",
  E2E,
  async (t) => {
    const s = await startMcpServer();
    const browser = await launchChromium();
    try {
      const hrContext = await browser.newContext({ javaScriptEnabled: false, locale: "fr-CH" });
      const hr = await hrContext.newPage();
      await hr.goto(`${s.origin}/hr/recruiting`);
      await hr.locator("#email").fill("hr@demo.example");
      await hr.locator("#password").fill("demo-password-2026");
      await hr.locator("form button[type=submit]").click();
      assert.equal(new URL(hr.url()).pathname, "/hr/recruiting");

      await t.step("HR completes the blocking task; the gated stage opens", async () => {
        await hr.goto(`${s.origin}/hr/recruiting/applications/${GATED_APPLICATION_ID}`);
        await hr.getByRole("button", { name: "Faite: Reference check" }).click();
        assert.match(
          await hr.locator("[role=status]").innerText(),
          /La tâche « Reference check » est faite\./,
        );
        await hr.locator("#to").selectOption("OFFER");
        await hr.locator(`form[action$='/move'] button[type=submit]`).click();
        assert.match(await hr.locator("[role=status]").innerText(), /Offre/);
        assert.equal(await hr.locator("[role=alert]").count(), 0);
      });

      await t.step("deleting a candidate asks first", async () => {
        await hr.goto(`${s.origin}/hr/recruiting/applications/${GATED_APPLICATION_ID}`);
        await hr.getByRole("link", { name: "Supprimer les données de la personne" }).click();
        assert.match(
          await hr.locator("h1").innerText(),
          /^Supprimer la candidature et toutes les données de /,
        );
        await hr.getByRole("link", { name: "Annuler" }).click();
        assert.equal(new URL(hr.url()).pathname, `/hr/recruiting/applications/${GATED_APPLICATION_ID}`);
        assert.equal(
          (await s.t.deps.db.select().from(applications).where(eq(applications.id, GATED_APPLICATION_ID)))
            .length,
          1,
        );
        await hr.getByRole("link", { name: "Supprimer les données de la personne" }).click();
        await hr.getByRole("button", { name: "Supprimer définitivement" }).click();
        assert.match(
          await hr.locator("[role=status]").innerText(),
          /toutes les données de la personne sont supprimées/,
        );
        assert.equal(
          (await s.t.deps.db.select().from(applications).where(eq(applications.id, GATED_APPLICATION_ID)))
            .length,
          0,
        );
      });

      await t.step("an onboarding task marked done, then the plan closed", async () => {
        await hr.goto(`${s.origin}/hr/people/GW-018`);
        await hr.getByRole("link", { name: "Marquer des tâches faites, clore ou démarrer un plan" }).click();
        assert.equal(new URL(hr.url()).pathname, "/hr/people/GW-018/onboarding");
        await hr.getByRole("button", { name: "Faite: Probezeitgespräch" }).click();
        assert.match(
          await hr.locator("[role=status]").innerText(),
          /La tâche « Probezeitgespräch » est faite\./,
        );
        await hr.getByRole("button", { name: "Clore le plan" }).click();
        assert.match(await hr.locator("[role=status]").innerText(), /Le plan d'intégration est clos\./);
        assert.equal(await hr.getByRole("button", { name: "Démarrer un plan d'intégration" }).count(), 1);
      });

      await t.step("a visitor with JavaScript reads a hostile advertisement: nothing runs", async () => {
        await hr.goto(`${s.origin}/hr/recruiting`);
        await hr.locator("#ptitle").fill(TITLE);
        await hr.locator("#pstatus").selectOption("OPEN");
        await hr.locator("#pcanton").selectOption("VD");
        await hr.locator("#pad-fr").fill(
          "## Vos tâches\n\n- **Comptabilité**\n\n<script>alert('script')</script>\n\n" +
            "<img src=x onerror=\"alert('img')\"> [clic](javascript:alert('link')) " +
            "[clic2](java&#115;cript:alert('entity')) ![i](https://evil.example/x.png)",
        );
        await hr.locator("form[action='/hr/recruiting/positions'] button[type=submit]").click();
        assert.match(await hr.locator("[role=status]").innerText(), /Le poste est enregistré/);
        const [pos] = await s.t.deps.db.select().from(positions).where(eq(positions.title, TITLE));
        const visitor = await browser.newContext({ javaScriptEnabled: true, locale: "fr-CH" });
        const page = await visitor.newPage();
        const dialogs: string[] = [];
        page.on("dialog", (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
        await page.goto(`${s.origin}/careers/${pos.id}?lang=fr`);
        assert.equal(await page.locator(".advertisement h2").innerText(), "Vos tâches");
        assert.equal(await page.locator(".advertisement li strong").innerText(), "Comptabilité");
        assert.equal(await page.locator(".advertisement script, .advertisement img").count(), 0);
        // The image is no image: at most a link to its https address.
        assert.deepEqual(
          await page.locator(".advertisement a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
          ["https://evil.example/x.png"],
        );
        for (const link of ["clic", "clic2"]) {
          assert.equal(await page.getByRole("link", { name: link }).count(), 0, link);
        }
        assert.match(await page.locator(".advertisement").innerText(), /<script>alert\('script'\)<\/script>/);
        assert.match(await page.locator("main, body").first().innerText(), /Un poste chez /);
        assert.deepEqual(dialogs, []);
        await visitor.close();
      });
    } finally {
      await browser.close();
      await s.close();
    }
  },
);
