/**
 * The app as the place people live in, in headless Chromium at 390×844 in German against the demo
 * organisation: the to-do count holds the policies waiting to be read, a policy reads as formatted text, a
 * one-day request says "1 Tag" and the keyboard stays on the form after **Prüfen**, a success line goes when
 * the next action is refused, payslip amounts and the salary in Swiss format (never kept on the device), every
 * icon of the manifest kept for offline use; drafts kept at a session's end return only to the account that
 * typed them and only with what it changed; the offline home screen only for the session it was seen in, and
 * only within its lifetime. axe-core, no sideways scrolling and no stray text on each screen.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import {
  assertAccessible,
  assertNoOverflow,
  assertNoStrayText,
  click,
  launch,
  serveDemo,
  signIn,
} from "./_browser.ts";
import { actorFor } from "../services/_fixtures.ts";
import { listPolicies } from "../../src/services/my_documents.ts";
import { listTodos } from "../../src/services/todos.ts";
import { employees, users } from "../../src/db/schema/mod.ts";

async function check(page: Page, screen: string) {
  await assertNoStrayText(page, screen);
  await assertAccessible(page, screen);
  await assertNoOverflow(page, screen);
}

/** Signs in on the sign-in page the browser is on (sent there by the app), and waits to be back on `path`. */
async function signInHere(page: Page, email: string, path: string) {
  await page.waitForURL((u) => u.pathname === "/oauth/signin");
  await page.locator("#email").fill(email);
  await page.locator("#password").fill("demo-password-2026");
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((u) => u.pathname === path);
}

/** Waits (10 s at most) for the keyboard focus to be on the button named `name`. */
async function focused(page: Page, name: string) {
  await page.waitForFunction(
    (n) =>
      (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document
        .activeElement?.textContent === n,
    name,
    { timeout: 10_000 },
  ).catch(() => assert.fail(`the focus is not on ${name}`));
}

/** The contract's session lifetime: 30 days after the last use (SESSION_TTL_DAYS' default). */
const PAST_A_SESSION = 31 * 86_400_000;

Deno.test({
  name:
    "app: to-dos with policies, formatted policies, plurals, focus, pay amounts, drafts and offline per session",
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
      const said = (text: string) => page.locator("main [role=status]", { hasText: text }).waitFor();
      await signIn(page, s.origin, "employee@demo.example", "/");

      await t.step("home: the to-do count holds each policy waiting to be read", async () => {
        const actor = await actorFor(s, "employee@demo.example");
        const td = await listTodos(s.deps, actor);
        const waiting = (await listPolicies(s.deps, actor)).items.filter((p) => !p.acknowledgementCurrent);
        assert.ok(waiting.length >= 2, "the demo employee has policies to read");
        const expected = td.feedbackDrafts.length + td.surveyInvitations.length +
          (td.onboarding.open ? 1 : 0) +
          (td.documentsMissing.length ? 1 : 0) + waiting.length;
        const card = page.locator("section", { has: page.getByRole("heading", { name: "Aufgaben" }) });
        await card.waitFor();
        assert.match(await card.innerText(), new RegExp(`Offene Aufgaben: ${expected} `));
        await check(page, "home");
      });

      await t.step("to-dos: a policy reads as formatted text, not as Markdown", async () => {
        await page.goto(`${s.origin}/todos`);
        const policy = page.locator("li[data-policy=vacation-policy]");
        await policy.getByText("Lesen", { exact: true }).click();
        await policy.locator(".policy strong", { hasText: "25 Ferientage" }).waitFor();
        assert.ok(!(await policy.locator(".policy").innerText()).includes("**"));
        await check(page, "to-dos with a formatted policy");
      });

      await t.step(
        "leave: a one-day request says 1 Tag; after Prüfen the keyboard is on Antrag senden",
        async () => {
          await page.goto(`${s.origin}/leave`);
          await page.locator("#f-startDate").fill("2027-03-02");
          await page.locator("#f-endDate").fill("2027-03-02");
          await page.getByRole("button", { name: "Prüfen" }).focus();
          await page.keyboard.press("Enter");
          const preview = page.locator("#preview", { hasText: /Abgezogen: 1 \S+ ·/ });
          await preview.waitFor();
          await focused(page, "Antrag senden");
          assert.match(await preview.innerText(), /Abgezogen: 1 Tag ·/);
          await check(page, "leave with a preview");
          await page.keyboard.press("Enter");
          await said("Antrag gesendet. Er wartet auf den Entscheid.");
          const filed = page.locator("li[data-request]", { hasText: "02.03.2027" });
          assert.match(await filed.innerText(), /02\.03\.2027 · 1 Tag /);
        },
      );

      await t.step("leave: the success line goes when the next action is refused", async () => {
        await page.locator("#f-startDate").fill("2027-03-02");
        await page.locator("#f-endDate").fill("2027-03-02");
        await page.getByRole("button", { name: "Prüfen" }).click();
        const refusal = page.locator("#leave-form .field-error");
        await refusal.waitFor();
        assert.match(
          await refusal.innerText(),
          /^Das überschneidet sich mit Ihrem Gesuch «Ferien» vom 02\.03\.2027 bis 02\.03\.2027/,
        );
        assert.equal(await page.locator("main", { hasText: "Antrag gesendet" }).count(), 0);
        await page.waitForFunction("document.activeElement?.id === 'f-startDate'", null, { timeout: 10_000 })
          .catch(() => assert.fail("focus on the refused field"));
        await check(page, "leave refused after a success");
      });

      await t.step(
        "pay: a payslip's amounts on request and the salary, in Swiss format, kept nowhere",
        async () => {
          await page.goto(`${s.origin}/payslips`);
          const first = page.locator("li[data-payslip]").first();
          await first.locator("details summary").click();
          const amounts = first.locator(".amounts dl");
          await amounts.waitFor();
          const text = await amounts.innerText();
          assert.match(text, /Bruttolohn\s+\d{1,3}('\d{3})*\.\d{2} CHF/);
          assert.match(text, /Nettolohn\s+\d{1,3}('\d{3})*\.\d{2} CHF/);
          assert.match(text, /-\d{1,3}('\d{3})*\.\d{2} CHF/, "deductions as negative lines");
          await check(page, "payslips with amounts");
          await click(page, page.getByRole("link", { name: "Mein Lohn" }));
          await page.getByRole("heading", { level: 1, name: "Mein Lohn" }).waitFor();
          const salary = await page.locator("main").innerText();
          assert.match(salary, /Monatslohn\s+\d{1,3}('\d{3})*\.\d{2} CHF/);
          assert.match(salary, /Jahreslohn\s+\d{1,3}('\d{3})*\.\d{2} CHF/);
          await check(page, "salary");
          const stored = await page.evaluate(
            "JSON.stringify([{ ...localStorage }, { ...sessionStorage }])",
          ) as string;
          assert.doesNotMatch(
            stored,
            /Brutto|gross|monthlySalary|annualSalary/i,
            "no salary data on the device",
          );
        },
      );

      await t.step("offline copy: every icon the manifest names is kept", async () => {
        const missing = await page.evaluate(`navigator.serviceWorker.ready
          .then(() => fetch("/manifest.webmanifest").then((r) => r.json()))
          .then((m) => Promise.all(m.icons.map((i) => caches.match(i.src).then((r) => r ? null : i.src))))
          .then((l) => l.filter(Boolean))`) as string[];
        assert.deepEqual(missing, []);
      });

      await t.step(
        "drafts: what one person typed before the session ended never fills the next person's form",
        async () => {
          await page.goto(`${s.origin}/profile`);
          await page.locator("#f-addressStreet").fill("Entwurfgasse 1");
          s.clock.advance(PAST_A_SESSION);
          await page.getByRole("button", { name: "Speichern", exact: true }).click();
          await signInHere(page, "manager@demo.example", "/profile");
          await page.getByRole("heading", { level: 1, name: "Profil" }).waitFor();
          const street = page.locator("#f-addressStreet");
          assert.notEqual(await street.inputValue(), "Entwurfgasse 1");
          assert.equal(await street.inputValue(), await street.getAttribute("value") ?? "");
          assert.equal(await page.evaluate("sessionStorage.length"), 0);
        },
      );

      await t.step(
        "drafts: the same account gets back what it changed, and what the service says now for the rest",
        async () => {
          // The manager reads the app in English.
          await page.locator("#f-addressCity").fill("Zug");
          const [me] = await s.deps.db.select().from(users).where(eq(users.email, "manager@demo.example"));
          await s.deps.db.update(employees).set({ phone: "+41 44 555 01 02" })
            .where(eq(employees.id, me.employeeId!));
          s.clock.advance(PAST_A_SESSION);
          await page.getByRole("button", { name: "Save", exact: true }).click();
          await signInHere(page, "manager@demo.example", "/profile");
          await page.getByRole("heading", { level: 1, name: "Profile" }).waitFor();
          assert.equal(await page.locator("#f-addressCity").inputValue(), "Zug");
          assert.equal(await page.locator("#f-phone").inputValue(), "+41 44 555 01 02");
          await check(page, "profile with a draft back");
        },
      );
      await context.close();

      const tablet = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-CH" });
      const tab = await tablet.newPage();
      tab.on("pageerror", (e) => problems.push(e.message));
      const offlineHome = async () => {
        await tablet.setOffline(true);
        await tab.goto(`${s.origin}/`).catch(() => tab.reload());
        await tab.getByRole("heading", { level: 1, name: /^(Übersicht|Overview)$/ }).waitFor();
        await tab.locator("main [role=alert], main .warn").first().waitFor();
        const text = await tab.locator("main").innerText();
        await tablet.setOffline(false);
        return text;
      };
      await t.step(
        "offline: another person's sign-in on the same browser ends the previous person's kept home screen",
        async () => {
          await signIn(tab, s.origin, "employee@demo.example", "/");
          await tab.locator("#h-vac").waitFor();
          await tab.evaluate("navigator.serviceWorker.ready.then(() => true)");
          // The employee's session ends elsewhere; the next person signs in on the sign-in page and opens the
          // app on another screen than home, so no new home screen replaces the kept one.
          s.clock.advance(PAST_A_SESSION);
          await tab.goto(`${s.origin}/oauth/signin?next=/leave`);
          await signInHere(tab, "manager@demo.example", "/leave");
          await tab.getByRole("heading", { level: 1, name: "Leave" }).waitFor();
          const text = await offlineHome();
          assert.ok(text.includes("nothing is stored on this device yet"), text);
          assert.ok(!text.includes("Ferien 2026"), text);
        },
      );
      await t.step("offline: the kept home screen is not shown past the session's lifetime", async () => {
        await tab.goto(`${s.origin}/`);
        await tab.locator("#h-vac").waitFor();
        assert.match(await offlineHome(), /Offline: as of/, "within the lifetime it is shown");
        await tab.clock.setFixedTime(Date.now() + PAST_A_SESSION);
        const text = await offlineHome();
        assert.ok(text.includes("nothing is stored on this device yet"), text);
      });
      await tablet.close();
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await s.stop();
    }
  },
});
