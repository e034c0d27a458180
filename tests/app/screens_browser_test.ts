/**
 * Every screen of the employee app in German, French, Italian and English, for a manager, who has all of
 * them: the heading in the account's language, axe-core clean, and nothing wider than the screen, at a small
 * phone's 360 pixels and at a desktop's 1280 (the week itself is walked in employee_week_browser_test.ts).
 */
import assert from "node:assert/strict";
import {
  assertAccessible,
  assertNoOverflow,
  assertNoStrayText,
  launch,
  serveDemo,
  signIn,
} from "./_browser.ts";

const HEADINGS = {
  de: {
    "/": "Übersicht",
    "/leave": "Ferien",
    "/time": "Zeit",
    "/sick": "Krank",
    "/payslips": "Lohn",
    "/team": "Team",
    "/todos": "Aufgaben",
    "/profile": "Profil",
    "/assistants": "Meine Assistenten",
    "/account": "Konto",
  },
  it: {
    "/": "Panoramica",
    "/leave": "Vacanze",
    "/time": "Tempo",
    "/sick": "Malattia",
    "/payslips": "Salario",
    "/team": "Team",
    "/todos": "Da fare",
    "/profile": "Profilo",
    "/assistants": "I miei assistenti",
    "/account": "Account",
  },
  fr: {
    "/": "Aperçu",
    "/leave": "Vacances",
    "/time": "Temps",
    "/sick": "Maladie",
    "/payslips": "Salaire",
    "/team": "Équipe",
    "/todos": "À faire",
    "/profile": "Profil",
    "/assistants": "Mes assistants",
    "/account": "Compte",
  },
  en: {
    "/": "Overview",
    "/leave": "Leave",
    "/time": "Time",
    "/sick": "Sick",
    "/payslips": "Pay",
    "/team": "Team",
    "/todos": "To-dos",
    "/profile": "Profile",
    "/assistants": "My assistants",
    "/account": "Account",
  },
};

for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 900 }]) {
  Deno.test({
    name:
      `app: every screen in four languages at ${viewport.width} px, accessible and without sideways scrolling`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async (t) => {
      const s = await serveDemo();
      const browser = await launch();
      try {
        const context = await browser.newContext({ viewport, locale: "fr-CH" });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on("pageerror", (e) => problems.push(e.message));
        await signIn(page, s.origin, "manager@demo.example", "/");
        const token = await s.signIn("manager@demo.example");
        for (const [lang, headings] of Object.entries(HEADINGS)) {
          await t.step(lang, async () => {
            const r = await s.request("/api/v1/portal/employee/profile", {
              method: "PATCH",
              token,
              json: { language: lang },
            });
            assert.equal(r.status, 200);
            await r.body?.cancel();
            for (const [path, heading] of Object.entries(headings)) {
              await page.goto(`${s.origin}${path}`);
              await page.getByRole("heading", { level: 1, name: heading, exact: true }).waitFor();
              assert.equal(await page.locator("html").getAttribute("lang"), lang);
              await assertNoStrayText(page, `${lang} ${path}`);
              await assertAccessible(page, `${lang} ${path}`);
              await assertNoOverflow(page, `${lang} ${path}`);
            }
          });
        }
        assert.deepEqual(problems, []);
        await context.close();
      } finally {
        await browser.close();
        await s.stop();
      }
    },
  });
}
