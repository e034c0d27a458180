/**
 * The employee app's further screens in headless Chromium at 390×844 against the demo organisation, in German:
 * to-dos (a policy read and acknowledged; a missing document refused before sending when too large or of the wrong type, then uploaded; an
 * onboarding task of a new colleague marked done), the inbox read, the home screen's badge, the profile (address
 * saved, a bank account change sent to HR with its state), special leave's length per event, a balance year
 * chosen, an approved request's cancellation asked for, the clock-in timer, who is away, the team calendar, the
 * assistants and the data export. axe-core, no horizontal scrolling at 360 px and no stray text on each.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Page } from "playwright-core";
import {
  assertAccessible,
  assertNoOverflow,
  assertNoStrayText,
  launch,
  serveDemo,
  signIn,
} from "./_browser.ts";
import { iconPng } from "../../scripts/app_icons.ts";

async function check(page: Page, screen: string) {
  await assertNoStrayText(page, screen);
  await assertAccessible(page, screen);
  await assertNoOverflow(page, screen);
}

Deno.test({
  name: "app: to-dos, inbox, profile, leave extras, clock, team and assistants at 390×844 in German",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const s = await serveDemo();
    const browser = await launch();
    try {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-CH" });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(e.message));
      const uploads: string[] = [];
      page.on("request", (r) => {
        if (r.method() === "POST" && r.url().includes("/todos/documents/")) uploads.push(r.url());
      });
      const said = (text: string) => page.locator("main [role=status]", { hasText: text }).waitFor();
      await signIn(page, s.origin, "employee@demo.example", "/");

      await t.step("home: the to-dos badge leads to the to-dos", async () => {
        const card = page.locator("section", { has: page.getByRole("heading", { name: "Aufgaben" }) });
        await card.waitFor();
        assert.match(await card.innerText(), /Offene Aufgaben: \d+/);
        await check(page, "home");
        await card.getByRole("link").click();
        await page.getByRole("heading", { level: 1, name: "Aufgaben" }).waitFor();
      });

      await t.step(
        "to-dos: a wrong file and a too large one are refused before sending, a photo is sent",
        async () => {
          const doc = page.locator("li[data-doc]", { hasText: "Diplomkopie" });
          assert.match(await doc.innerText(), /fällig am 02\.12\.2026/);
          const input = doc.locator("input[type=file]");
          await input.setInputFiles({
            name: "notes.txt",
            mimeType: "text/plain",
            buffer: Buffer.from("hello"),
          });
          await doc.getByRole("button", { name: "Hochladen" }).click();
          await doc.locator(".field-error", { hasText: "Nur PDF, JPEG, PNG oder HEIC." }).waitFor();
          await input.setInputFiles({
            name: "huge.png",
            mimeType: "image/png",
            buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
          });
          await doc.getByRole("button", { name: "Hochladen" }).click();
          await doc.locator(".field-error", { hasText: "Die Datei ist grösser als 10 MB." }).waitFor();
          assert.equal(await input.getAttribute("aria-invalid"), "true");
          await check(page, "to-dos with a refused file");
          assert.deepEqual(uploads, [], "nothing was sent");
          await input.setInputFiles({
            name: "diplom.png",
            mimeType: "image/png",
            buffer: Buffer.from(await iconPng(48)),
          });
          await doc.getByRole("button", { name: "Hochladen" }).click();
          await said("Diplomkopie hochgeladen.");
          assert.equal(uploads.length, 1);
          assert.equal(await page.locator("li[data-doc]").count(), 0);
          const policy = page.locator("li[data-policy=vacation-policy]");
          assert.ok((await policy.innerText()).includes("Ferienreglement"));
          await policy.getByText("Lesen", { exact: true }).click();
          await policy.locator(".policy", { hasText: /\S+ \S+ \S+ \S+/ }).waitFor();
          await check(page, "to-dos with a policy open");
          await policy.getByRole("button", { name: "Gelesen und verstanden" }).click();
          await said("«Ferienreglement» bestätigt.");
          assert.equal(await page.locator("li[data-policy=vacation-policy]").count(), 0);
          const inbox = page.locator("li[data-notification]").first();
          assert.ok((await inbox.innerText()).includes("Ihr Abwesenheitsgesuch ist bewilligt."));
          await check(page, "to-dos");
        },
      );

      await t.step("profile: address saved, a bank account change sent to HR and shown pending", async () => {
        await page.goto(`${s.origin}/profile`);
        await page.getByRole("heading", { level: 1, name: "Profil" }).waitFor();
        assert.ok((await page.locator("main").innerText()).includes("GW-013"));
        await page.getByLabel("Ort").fill("Bern");
        await page.getByLabel("PLZ").fill("3011");
        await page.getByRole("button", { name: "Speichern", exact: true }).click();
        await said("Gespeichert.");
        assert.equal(await page.getByLabel("Ort").inputValue(), "Bern");
        await page.getByLabel("Was ändert sich?").selectOption("IBAN");
        await page.getByLabel("Neuer Wert").fill("CH12 3456");
        await page.getByRole("button", { name: "An HR senden" }).click();
        // A wrong IBAN: the service's message beside the field, what was typed kept.
        await page.locator("#change-form .field-error").waitFor();
        assert.equal(await page.getByLabel("Neuer Wert").inputValue(), "CH12 3456");
        await page.getByLabel("Neuer Wert").fill("CH93 0076 2011 6238 5295 7");
        await page.getByRole("button", { name: "An HR senden" }).click();
        await said("Gesendet. HR bearbeitet die Änderung.");
        const item = page.locator("li[data-change]");
        assert.match(await item.innerText(), /Bankkonto \(IBAN\).*Bei HR/s);
        await check(page, "profile");
      });

      await t.step("leave: length per event, another year's balances, a cancellation asked for", async () => {
        await page.goto(`${s.origin}/leave`);
        await page.getByRole("heading", { level: 1, name: "Ferien" }).waitFor();
        await page.getByLabel("Art").selectOption("WEDDING");
        await page.locator("#event-hint", { hasText: "Pro Ereignis: 2 Arbeitstage" }).waitFor();
        await page.getByLabel("Art").selectOption("OTHER_PARENT");
        await page.locator("#event-hint", { hasText: "Pro Ereignis: 10 Arbeitstage innert 6 Monaten" })
          .waitFor();
        await page.getByLabel("Jahr").selectOption("2027");
        await page.getByRole("button", { name: "Anzeigen" }).click();
        await page.getByRole("heading", { name: "Saldi 2027" }).waitFor();
        await check(page, "leave 2027");
        const approved = page.locator("li[data-request]", { hasText: "07.12.2026" });
        await approved.getByRole("button", { name: "Stornierung beantragen" }).click();
        await said("Stornierung beantragt. Sie wartet auf den Entscheid.");
        const asked = page.locator("li[data-request]", { hasText: "07.12.2026" });
        assert.ok((await asked.innerText()).includes("Stornierung beantragt"));
        assert.equal(await asked.getByRole("button", { name: "Stornierung beantragen" }).count(), 0);
      });

      await t.step(
        "time: clock in, clocking out at once refused with the service's reason, the timer discarded",
        async () => {
          await page.goto(`${s.origin}/time`);
          await page.getByRole("button", { name: "Einstempeln" }).click();
          await said("Eingestempelt.");
          await page.locator("#h-timer ~ p", { hasText: "Läuft seit" }).waitFor();
          await check(page, "time with the timer running");
          // The service's clock stands still in the test: stopping at once is refused with its sentence.
          await page.getByRole("button", { name: "Ausstempeln" }).click();
          await page.locator("#timer-stop .form-error", { hasText: "weniger als eine Minute" }).waitFor();
          await page.getByRole("button", { name: "Verwerfen" }).click();
          await said("Stempeluhr verworfen.");
          await page.getByRole("button", { name: "Einstempeln" }).waitFor();
        },
      );

      await t.step("team: who is away, and the buddy task for a new colleague done", async () => {
        await page.goto(`${s.origin}/team`);
        await page.getByRole("heading", { name: /^Wer fehlt/ }).waitFor();
        const task = page.locator("li[data-task]", { hasText: "Plattform-Architektur" });
        assert.ok((await task.innerText()).includes("Für Laura Imhof, ab 04.01.2027"));
        await check(page, "team for an employee");
        await task.getByRole("button", { name: "Erledigt" }).click();
        await said("Als erledigt markiert.");
        assert.equal(await page.locator("li[data-task]", { hasText: "Plattform-Architektur" }).count(), 0);
      });

      await t.step("assistants: none connected, the data export asked for and offered", async () => {
        await page.goto(`${s.origin}/account`);
        await page.getByRole("link", { name: "Meine Assistenten" }).click();
        await page.getByRole("heading", { level: 1, name: "Meine Assistenten" }).waitFor();
        assert.ok((await page.locator("main").innerText()).includes("Kein Assistent ist verbunden."));
        await page.getByRole("button", { name: "Archiv anfordern" }).click();
        await said("Das Archiv ist bereit.");
        const link = page.getByRole("link", { name: "Archiv herunterladen" });
        const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
        assert.ok((await download.path()) !== null);
        await check(page, "assistants");
      });
      await context.close();

      const manager = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-GB" });
      const mpage = await manager.newPage();
      mpage.on("pageerror", (e) => problems.push(e.message));
      await t.step(
        "forgot password: linked from the sign-in page, the same answer for any address",
        async () => {
          await mpage.goto(`${s.origin}/oauth/signin`);
          await mpage.getByRole("link", { name: "Forgot your password?" }).click();
          await mpage.getByRole("heading", { level: 1, name: "Forgot your password" }).waitFor();
          assert.equal(await mpage.locator("html").getAttribute("lang"), "en");
          await check(mpage, "forgot password");
          await mpage.getByLabel("E-mail address").fill("nobody@demo.example");
          await mpage.getByRole("button", { name: "Send the link" }).click();
          await mpage.getByRole("status").filter({ hasText: "If an account exists for this address" })
            .waitFor();
          await check(mpage, "forgot password sent");
        },
      );
      await t.step("manager: the inbox read, the team calendar, a new person's task done", async () => {
        await signIn(mpage, s.origin, "manager@demo.example", "/todos");
        const filed = mpage.locator("li[data-notification].unread", {
          hasText: "A leave request awaits your decision.",
        });
        await filed.first().waitFor();
        const before = await mpage.locator("li[data-notification].unread").count();
        await check(mpage, "manager's to-dos");
        await filed.first().getByRole("button", { name: "Read" }).click();
        await mpage.locator("main [role=status]", { hasText: "Marked read." }).waitFor();
        assert.equal(await mpage.locator("li[data-notification].unread").count(), before - 1);
        await mpage.getByRole("navigation").getByRole("link", { name: "Team" }).click();
        await mpage.getByRole("heading", { name: /^Team calendar/ }).waitFor();
        assert.ok((await mpage.locator("main").innerText()).includes("Lukas Gerber"));
        const task = mpage.locator("li[data-task]", { hasText: "Mittagessen mit dem Team" });
        await task.getByRole("button", { name: "Done" }).click();
        await mpage.locator("main [role=status]", { hasText: "Marked done." }).waitFor();
        await check(mpage, "manager's team");
      });
      await manager.close();
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await s.stop();
    }
  },
});
