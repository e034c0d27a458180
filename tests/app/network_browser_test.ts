/**
 * The employee app on a flaky network, in headless Chromium against the real service: an answer lost on the
 * way back is retried with the same Idempotency-Key and files once; a screen shown again sends the ETag it
 * holds and gets 304.
 */
import assert from "node:assert/strict";
import { launch, serveDemo, signIn } from "./_browser.ts";

Deno.test({
  name:
    "app: a request whose answer is lost is sent again with its key and filed once; reads revalidate (304)",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const s = await serveDemo();
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-CH" });
      const page = await context.newPage();
      await signIn(page, s.origin, "employee@demo.example", "/leave");

      await t.step(
        "the first answer is lost after the service filed it; the retry gets it replayed",
        async () => {
          const keys: string[] = [];
          const replayed: (string | null)[] = [];
          await page.route("**/api/v1/portal/employee/leave/requests", async (route) => {
            const req = route.request();
            if (req.method() !== "POST") return route.continue();
            keys.push(req.headers()["idempotency-key"]);
            if (keys.length === 1) {
              // The service receives and files it; the phone never hears back.
              await route.fetch();
              return route.abort("connectionreset");
            }
            const r = await route.fetch();
            replayed.push(r.headers()["idempotent-replayed"] ?? null);
            return route.fulfill({ response: r });
          });
          await page.locator("#f-startDate").fill("2027-02-08");
          await page.locator("#f-endDate").fill("2027-02-12");
          await page.getByRole("button", { name: "Prüfen" }).click();
          await page.getByRole("button", { name: "Antrag senden" }).click();
          await page.locator("main [role=status]", { hasText: "Antrag gesendet." }).waitFor();
          assert.equal(keys.length, 2, "sent twice");
          assert.match(keys[0], /^[0-9a-f-]{36}$/);
          assert.equal(keys[1], keys[0], "with the same key");
          assert.deepEqual(replayed, ["true"]);
          const token = await s.signIn("employee@demo.example");
          const list = await (await s.request("/api/v1/portal/employee/leave/requests?limit=50", { token }))
            .json();
          const filed = list.data.items.filter((r: { startDate: string }) => r.startDate === "2027-02-08");
          assert.equal(filed.length, 1, "filed once");
          assert.equal(
            await page.locator("li[data-request]", { hasText: "08.02.2027 – 12.02.2027" }).count(),
            1,
          );
          await page.unroute("**/api/v1/portal/employee/leave/requests");
        },
      );

      await t.step(
        "a screen shown again asks with its ETags and gets 304 for what did not change",
        async () => {
          const statuses: number[] = [];
          page.on("response", (r) => {
            if (r.url().endsWith("/api/v1/portal/employee/summary")) statuses.push(r.status());
          });
          const home = page.getByRole("navigation").getByRole("link", { name: "Übersicht" });
          await home.click();
          await page.locator("#h-vac").waitFor();
          await page.getByRole("navigation").getByRole("link", { name: "Lohn" }).click();
          await page.getByRole("heading", { level: 1, name: "Lohn" }).waitFor();
          await home.click();
          await page.locator("#h-vac").waitFor();
          assert.deepEqual(statuses, [200, 304]);
        },
      );
      await context.close();
    } finally {
      await browser.close();
      await s.stop();
    }
  },
});
