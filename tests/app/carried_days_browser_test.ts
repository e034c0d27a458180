/**
 * The employee app says the carried statutory days by year of origin with the day they lapse, in the reader's
 * language, in headless Chromium against the fixture organisation (VACATION 25 days, at most 5 carried, lapsing
 * after 31 March; tests/fixtures/org.yaml). Luca Bernasconi (V04, 100 %) takes no vacation in 2026: into 2027
 * come 2026's 20 statutory days, owed until 31.12.2031 (OR Art. 329a, 341 para. 1, 128 no. 3, SR 220; BGE 130
 * III 19).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { cli } from "../_cli.ts";
import { addAccounts, buildFixtureOrg, personPassword } from "../_fixture_org.ts";
import { launchChromium } from "../_chromium.ts";
import { serveBuilt } from "../_serve.ts";
import { users } from "../../src/db/schema/mod.ts";

Deno.test({
  name: "app: the leave screen lists the carried statutory days of 2026 with their lapse, in German",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const a = await serveBuilt((origin) => buildFixtureOrg({ env: { MCP_ISSUER_URL: origin } }));
    const origin = a.origin;
    const browser = await launchChromium();
    try {
      const opening = await cli(
        a,
        ["leave", "import-opening", "--file", "-"],
        "personnel_number;leave_type;year;taken;carry_over\nV04;VACATION;2026;0;0\n",
      );
      assert.equal(opening.code, 0, opening.err);
      await addAccounts(a, [["V04", "employee"]]);
      const email = "luca.bernasconi@ceresio.example";
      await a.deps.db.update(users).set({ language: "de" }).where(eq(users.email, email));

      const page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      await page.goto(`${origin}/leave`);
      await page.waitForURL((u) => u.pathname === "/oauth/signin");
      await page.locator("#email").fill(email);
      await page.locator("#password").fill(personPassword("V04"));
      await page.locator("form button[type=submit]").click();
      await page.waitForURL((u) => u.pathname === "/leave");
      await page.locator("#year-form select").selectOption("2027");
      await page.locator("#year-form button[type=submit]").click();
      await page.getByRole("heading", { level: 2, name: /2027/ }).waitFor();
      await page.getByText("20 Tage aus 2026 verfallen am 31.12.2031", { exact: true }).waitFor();
    } finally {
      await browser.close();
      await a.stop();
    }
  },
});
