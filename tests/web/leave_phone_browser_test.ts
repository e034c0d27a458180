/**
 * HR's leave pages on a phone, in headless Chromium without JavaScript at 375 × 740 CSS pixels (an iPhone
 * SE): the leave overview is a list per day and the person page's balance tables scroll inside their own box,
 * so neither page is wider than the screen.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { launchChromium } from "../_chromium.ts";
import { serveLoopback } from "../_serve.ts";

Deno.test({
  name: "console leave on a phone: the overview and the person page's balance fit the screen's width",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const t = await makeTestApp();
    const server = serveLoopback((req, info) => t.app.fetch(req, info));
    const origin = server.origin;
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width: 375, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
      });
      await context.addCookies([{
        name: "hr_session",
        value: await t.signIn("hr@demo.example"),
        url: origin,
      }]);
      const page = await context.newPage();
      // Run in the page (as text: the test itself is not type-checked against the DOM).
      const widths = () =>
        page.evaluate(`({
          page: document.documentElement.scrollWidth,
          screen: window.innerWidth,
          boxes: [...document.querySelectorAll(".scroll")].map((b) => ({ box: b.clientWidth, content: b.scrollWidth })),
        })`) as Promise<{ page: number; screen: number; boxes: { box: number; content: number }[] }>;

      await page.goto(`${origin}/hr/leave/overview?month=2026-11`);
      assert.ok(await page.locator("section li").count() > 0, "someone is away in November");
      const overview = await widths();
      assert.ok(overview.page <= overview.screen, JSON.stringify(overview));

      await page.goto(`${origin}/hr/people/GW-013`);
      assert.equal(await page.locator("#balance").innerText(), "Solde de vacances et d'absences");
      const person = await widths();
      assert.ok(person.page <= person.screen, JSON.stringify(person));
      assert.ok(person.boxes.length > 0, "the balance sits in its own box");
      for (const b of person.boxes) assert.ok(b.box <= person.screen, JSON.stringify(person));
      assert.ok(person.boxes.some((b) => b.content > b.box), "the table scrolls inside its box");
    } finally {
      await browser.close();
      await server.stop();
      t.close();
    }
  },
});
