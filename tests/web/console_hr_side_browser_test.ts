/**
 * HR's console at a phone's width (390 × 844) in headless Chromium, on the fixture organisation
 * (`tests/_fixture_org.ts`), with axe-core's WCAG 2.1 A/AA and best-practice rules: the inbox with a change
 * request and a leave request waiting, and a person's page with an onboarding plan whose tables are wider than
 * the screen. A table that scrolls in its own box is reached by the keyboard.
 */
import assert from "node:assert/strict";
import { addAccounts, buildFixtureOrg, personPassword } from "../_fixture_org.ts";
import { assertAccessible, launch } from "../app/_browser.ts";
import { HR_PN, hrCookie } from "./_hr_side.ts";
import { serveBuilt } from "../_serve.ts";

/** The fixture organisation served on a loopback port. */
async function serveFixture() {
  const t = await serveBuilt((origin) => buildFixtureOrg({ env: { MCP_ISSUER_URL: origin } }));
  return { t, origin: t.origin, stop: t.stop };
}

Deno.test({
  name: "console at 390 px: the inbox and a person's onboarding tables pass axe and are reached by keyboard",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (ctx) => {
    const s = await serveFixture();
    const browser = await launch();
    try {
      const { t, origin } = s;
      await addAccounts(t, [[HR_PN, "hr"], ["V03", "employee"]]);
      const sara = await t.signIn("sara.pellegrini@ceresio.example", personPassword("V03"));
      const change = await t.request("/api/v1/portal/employee/profile/change-requests", {
        method: "POST",
        token: sara,
        json: { field: "IBAN", value: "CH93 0076 2011 6238 5295 7" },
      });
      assert.equal(change.status, 201, await change.clone().text());
      const cookie = await hrCookie(t);
      // Giada Rezzonico (V12) starts on 1 December: the employee file started her plan from the template DEFAULT.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-CH" });
      await context.addCookies([{
        name: "hr_session",
        value: cookie.Cookie.replace("hr_session=", ""),
        url: origin,
      }]);
      const page = await context.newPage();

      await ctx.step("the inbox: no finding", async () => {
        await page.goto(`${origin}/hr/inbox`);
        assert.equal(await page.locator("h1").innerText(), "Eingang HR");
        await assertAccessible(page, "/hr/inbox at 390 px");
      });

      await ctx.step(
        "a person's page with an onboarding plan: no finding, each table box takes the focus",
        async () => {
          for (const address of ["/hr/people/V12", "/hr/people/V12/onboarding"]) {
            await page.goto(`${origin}${address}`);
            const boxes = page.locator("#onboarding ~ .scroll, section .scroll");
            assert.ok(await boxes.count() > 0, `${address}: the plan's tables are there`);
            const wider = await page.evaluate(`[...document.querySelectorAll("section .scroll")]
            .filter((b) => b.scrollWidth > b.clientWidth).length`) as number;
            assert.ok(wider > 0, `${address}: a table is wider than the phone`);
            await assertAccessible(page, `${address} at 390 px`);
            // The keyboard reaches the first table's box: Tab until it has the focus.
            let reached = false;
            const seen: string[] = [];
            for (let i = 0; i < 300 && !reached; i++) {
              await page.keyboard.press("Tab");
              const at = await page.evaluate(
                `(document.activeElement?.tagName ?? "") + "." + (document.activeElement?.className ?? "")`,
              ) as string;
              seen.push(at);
              reached = at === "DIV.scroll";
            }
            assert.ok(reached, `${address}: Tab reaches the table's box (${seen.slice(0, 40).join(" ")})`);
            assert.ok(await boxes.first().getAttribute("aria-label"), `${address}: the box is named`);
          }
        },
      );
      await context.close();
    } finally {
      await browser.close();
      await s.stop();
    }
  },
});
