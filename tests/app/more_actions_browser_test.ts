/**
 * The employee app's other actions on records already there, in headless Chromium against the demo: a pending
 * request withdrawn; the certificate of an ongoing absence uploaded afterwards, then the absence ended.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { assertAccessible, assertNoOverflow, launch, serveDemo, signIn } from "./_browser.ts";
import { iconPng } from "../../scripts/app_icons.ts";

Deno.test({
  name: "app: a pending request withdrawn; a certificate uploaded later and the absence ended",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const s = await serveDemo();
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-CH" });
      const page = await context.newPage();
      await signIn(page, s.origin, "employee@demo.example", "/leave");
      const said = (text: string) => page.locator("main [role=status]", { hasText: text }).waitFor();

      await t.step("the request of 30.11.–02.12.2026, still pending, is withdrawn", async () => {
        const item = page.locator("li[data-request]", { hasText: "30.11.2026 – 02.12.2026" });
        assert.ok((await item.innerText()).includes("Wartet auf Entscheid"));
        await item.getByRole("button", { name: "Zurückziehen" }).click();
        await said("Antrag zurückgezogen.");
        const after = page.locator("li[data-request]", { hasText: "30.11.2026 – 02.12.2026" });
        assert.ok((await after.innerText()).includes("Zurückgezogen"));
        assert.equal(await after.getByRole("button", { name: "Zurückziehen" }).count(), 0);
        await assertAccessible(page, "leave after withdrawal");
      });

      await t.step("the ongoing absence gets its certificate, then ends on 20.11.2026", async () => {
        await page.getByRole("navigation").getByRole("link", { name: "Krank" }).click();
        const item = page.locator("li[data-sick]", { hasText: "seit 18.11.2026, offen" });
        assert.ok((await item.innerText()).includes("Kein Zeugnis"));
        await item.locator("input[type=file]").setInputFiles({
          name: "zeugnis.png",
          mimeType: "image/png",
          buffer: Buffer.from(await iconPng(48)),
        });
        await item.getByRole("button", { name: "Zeugnis hochladen" }).click();
        await said("Zeugnis hochgeladen.");
        const uploaded = page.locator("li[data-sick]", { hasText: "seit 18.11.2026, offen" });
        assert.ok((await uploaded.innerText()).includes("Zeugnis hochgeladen"));
        // With a certificate on file the report can no longer be taken back.
        assert.equal(await uploaded.getByRole("button", { name: "Zurücknehmen" }).count(), 0);
        await uploaded.locator("input[type=date]").fill("2026-11-20");
        await uploaded.getByRole("button", { name: "Abwesenheit beenden" }).click();
        await said("Abwesenheit beendet.");
        const ended = page.locator("li[data-sick]", { hasText: "18.11.2026 – 20.11.2026" });
        assert.ok((await ended.innerText()).includes("Zeugnis hochgeladen"));
        await assertAccessible(page, "sick after the certificate");
        await assertNoOverflow(page, "sick after the certificate");
      });
      await context.close();
    } finally {
      await browser.close();
      await s.stop();
    }
  },
});
