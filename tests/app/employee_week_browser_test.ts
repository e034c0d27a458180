/**
 * The employee's week in the app at `/`, in headless Chromium against the real service on the demo
 * organisation: sign in, see the balance, request a week of vacation (checked first, then filed) and see it
 * pending, log time and submit the week, report sick with a photo of the certificate, download a payslip;
 * the manager approves the request in the app and the employee sees the decision. Once in German on a phone
 * (390×844), once in Italian (chosen in the app) on a desktop, with axe-core on every screen and no horizontal
 * scrolling at 360 and 390 pixels. A refused request shows the service's message beside the field and keeps
 * what was typed; an expired session goes through the sign-in page and back to the same screen with what was
 * typed; offline, the home screen is the last one seen, with its date.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  assertAccessible,
  assertNoOverflow,
  assertNoStrayText,
  launch,
  type Served,
  serveDemo,
} from "./_browser.ts";
import { iconPng } from "../../scripts/app_icons.ts";

/** What the employee reads, literally, in each language. */
const TEXTS = {
  de: {
    home: "Übersicht",
    balance: "Ferien 2026: noch 7 Tage",
    leave: "Ferien",
    preview: "Prüfen",
    deducted: "Abgezogen: 5 Tage",
    balanceChange: "Saldo 2027: 25 → 20 Tage",
    approver: "Entscheidet: Stefan Hofstetter",
    send: "Antrag senden",
    sent: "Antrag gesendet. Er wartet auf den Entscheid.",
    awaiting: "Wartet auf Entscheid",
    overlap: /^Das überschneidet sich mit Ihrem Gesuch «Ferien» vom 17\.12\.2026 bis 18\.12\.2026/,
    time: "Zeit",
    week: "Woche 16.11.2026 – 22.11.2026",
    addEntry: "Zeit erfassen",
    entryAdded: "Eintrag erfasst.",
    total: "Total 18.8 von 16.8 Stunden",
    submitWeek: "Woche einreichen",
    weekSubmitted: "Woche eingereicht: 3 Einträge.",
    sick: "Krank",
    takeBack: "Zurücknehmen",
    takenBack: "Krankmeldung zurückgenommen.",
    report: "Melden",
    reported: "Krankmeldung erfasst. Zeugnis hochgeladen.",
    ongoing: "seit 18.11.2026, offen",
    certUploaded: "Zeugnis hochgeladen",
    payslips: "Lohn",
    download: "PDF herunterladen",
    approved: "Genehmigt",
    note: "Gute Erholung!",
    noteShown: "Notiz: Gute Erholung!",
  },
  it: {
    home: "Panoramica",
    balance: "Vacanze 2026: ancora 7 giorni",
    leave: "Vacanze",
    preview: "Verifica",
    deducted: "Dedotti: 5 giorni",
    balanceChange: "Saldo 2027: 25 → 20 giorni",
    approver: "Decide: Stefan Hofstetter",
    send: "Invia richiesta",
    sent: "Richiesta inviata. Attende la decisione.",
    awaiting: "In attesa di decisione",
    overlap: /^Si sovrappone alla sua richiesta «Vacanze» dal 17\.12\.2026 al 18\.12\.2026/,
    time: "Tempo",
    week: "Settimana 16.11.2026 – 22.11.2026",
    addEntry: "Registra tempo",
    entryAdded: "Registrazione salvata.",
    total: "Totale 18.8 di 16.8 ore",
    submitWeek: "Invia la settimana",
    weekSubmitted: "Settimana inviata: 3 registrazioni.",
    sick: "Malattia",
    takeBack: "Ritira l'annuncio",
    takenBack: "Annuncio ritirato.",
    report: "Annuncia",
    reported: "Malattia annunciata. Certificato caricato.",
    ongoing: "dal 18.11.2026, in corso",
    certUploaded: "Certificato caricato",
    payslips: "Salario",
    download: "Scarica il PDF",
    approved: "Approvata",
    note: "Buone vacanze!",
    noteShown: "Nota: Buone vacanze!",
  },
};
type Texts = typeof TEXTS.de;

const PASSWORD = "demo-password-2026";

/** The service's sign-in page (the app sends a signed-out person there): checked, then filled. */
async function signIn(page: Page, email: string, back: string) {
  await page.waitForURL((u) => u.pathname === "/oauth/signin");
  assert.equal(new URL(page.url()).searchParams.get("next"), back);
  await assertAccessible(page, "sign-in page");
  await page.locator("#email").fill(email);
  await page.locator("#password").fill(PASSWORD);
  await page.locator("form button[type=submit]").click();
  await page.waitForURL((u) => u.pathname === back);
}

/** No stray text, axe-core and the widths, on the screen as it is now. */
async function check(page: Page, screen: string) {
  await assertNoStrayText(page, screen);
  await assertAccessible(page, screen);
  await assertNoOverflow(page, screen);
}

/** The status line an action leaves on the screen it shows next. */
async function statusSays(page: Page, text: string) {
  const line = page.locator("main [role=status]", { hasText: text });
  await line.waitFor();
  assert.equal(await line.innerText(), text);
}

/** The employee's part of the week, from the home screen after sign-in; returns the new request's id. */
async function employeeWeek(t: Deno.TestContext, page: Page, L: Texts): Promise<string> {
  const nav = (name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true });
  let requestId = "";

  await t.step("the home screen shows the vacation balance", async () => {
    await nav(L.home).click();
    await page.getByRole("heading", { level: 1, name: L.home }).waitFor();
    assert.equal(await page.locator("#h-vac").innerText(), L.balance);
    await check(page, "home");
  });

  await t.step("a week of vacation: checked first, then filed, and pending", async () => {
    await nav(L.leave).click();
    await page.locator("#f-leaveType").selectOption("VACATION");
    await page.locator("#f-startDate").fill("2027-01-11");
    await page.locator("#f-endDate").fill("2027-01-15");
    await page.getByRole("button", { name: L.preview }).click();
    const preview = page.locator("#preview");
    await preview.getByText(L.deducted).waitFor();
    const text = await preview.innerText();
    assert.ok(text.includes(L.balanceChange), text);
    assert.ok(text.includes(L.approver), text);
    await check(page, "leave preview");
    await page.getByRole("button", { name: L.send }).click();
    await statusSays(page, L.sent);
    const item = page.locator("li[data-request]", { hasText: "11.01.2027 – 15.01.2027" });
    assert.ok((await item.innerText()).includes(L.awaiting));
    requestId = (await item.getAttribute("data-request"))!;
    await check(page, "leave");
  });

  await t.step("a refused request: the service's message beside the field, what was typed kept", async () => {
    await page.locator("#f-startDate").fill("2026-12-14");
    await page.locator("#f-endDate").fill("2026-12-31");
    await page.locator("#f-reason").fill("Weihnachten");
    await page.getByRole("button", { name: L.preview }).click();
    const error = page.locator("[data-field=startDate] .field-error");
    await error.waitFor();
    assert.match(await error.innerText(), L.overlap);
    assert.equal(await page.locator("#f-startDate").getAttribute("aria-invalid"), "true");
    assert.equal(await page.locator("#f-startDate").inputValue(), "2026-12-14");
    assert.equal(await page.locator("#f-endDate").inputValue(), "2026-12-31");
    assert.equal(await page.locator("#f-reason").inputValue(), "Weihnachten");
    assert.equal(await page.getByRole("button", { name: L.send }).count(), 0, "nothing to send");
    await check(page, "leave refused");
  });

  await t.step("an evening logged and the week submitted", async () => {
    await nav(L.time).click();
    await page.getByRole("heading", { name: L.week }).waitFor();
    await page.locator("#f-date").fill("2026-11-17");
    await page.locator("#f-startTime").fill("18:00");
    await page.locator("#f-endTime").fill("19:30");
    await page.locator("#f-projectCode").fill("PLAT-OPS");
    await page.locator("#f-description").fill("Release");
    await page.getByRole("button", { name: L.addEntry }).click();
    await statusSays(page, L.entryAdded);
    assert.ok((await page.locator("main").innerText()).includes(L.total));
    await check(page, "time");
    await page.getByRole("button", { name: L.submitWeek }).click();
    await statusSays(page, L.weekSubmitted);
    assert.equal(await page.getByRole("button", { name: L.submitWeek }).count(), 0);
  });

  await t.step(
    "sick: the mistaken report taken back, a new one with a photo of the certificate",
    async () => {
      await nav(L.sick).click();
      await page.getByRole("button", { name: L.takeBack }).click();
      await statusSays(page, L.takenBack);
      await page.locator("#f-startDate").fill("2026-11-18");
      await page.locator("#f-reason").fill("Grippe");
      await page.locator("#f-file").setInputFiles({
        name: "zeugnis.png",
        mimeType: "image/png",
        buffer: Buffer.from(await iconPng(64)),
      });
      await page.getByRole("button", { name: L.report, exact: true }).click();
      await statusSays(page, L.reported);
      const first = await page.locator("li[data-sick]").first().innerText();
      assert.ok(first.includes(L.ongoing), first);
      assert.ok(first.includes(L.certUploaded), first);
      await check(page, "sick");
    },
  );

  await t.step("a payslip downloaded", async () => {
    await nav(L.payslips).click();
    const link = page.getByRole("link", { name: new RegExp(`^${L.download}`) }).first();
    await link.waitFor();
    await check(page, "payslips");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    assert.match(download.suggestedFilename(), /2026-10\.pdf$/);
    const bytes = await Deno.readFile((await download.path())!);
    assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");
  });
  return requestId;
}

/** The manager (English) approves the request and the submitted week in the app's team screen. */
async function managerApproves(
  t: Deno.TestContext,
  browser: Browser,
  s: Served,
  requestId: string,
  note: string,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport, locale: "en-GB" });
  try {
    const page = await context.newPage();
    await t.step("the manager signs in from the team screen and comes back to it", async () => {
      await page.goto(`${s.origin}/team`);
      await signIn(page, "manager@demo.example", "/team");
      await page.getByRole("heading", { level: 1, name: "Team" }).waitFor();
      await check(page, "team");
    });
    await t.step("the manager approves the vacation with a note, and the week", async () => {
      const item = page.locator(`li[data-request="${requestId}"]`);
      assert.ok((await item.innerText()).includes("Lukas Gerber"));
      await item.getByRole("textbox").fill(note);
      await item.getByRole("button", { name: "Approve" }).click();
      await statusSays(page, "Decided.");
      assert.equal(await page.locator(`li[data-request="${requestId}"]`).count(), 0);
      const week = page.locator("li", { hasText: "Lukas Gerber" }).filter({ hasText: "16.11.2026" });
      await week.getByRole("button", { name: "Approve" }).click();
      await statusSays(page, "Decided.");
      await check(page, "team after decisions");
    });
  } finally {
    await context.close();
  }
}

async function employeeSeesDecision(t: Deno.TestContext, page: Page, s: Served, id: string, L: Texts) {
  await t.step("the employee sees the decision on the home screen", async () => {
    await page.goto(`${s.origin}/`);
    const item = page.locator(`li[data-request="${id}"]`);
    await item.waitFor();
    const text = await item.innerText();
    assert.ok(text.includes(L.approved), text);
    assert.ok(text.includes(L.noteShown), text);
    await check(page, "home with the decision");
  });
}

Deno.test({
  name: "app: the employee's week in German on a phone, the manager approves; offline and expired session",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const s = await serveDemo();
    const browser = await launch();
    let context: BrowserContext | undefined;
    try {
      const viewport = { width: 390, height: 844 };
      context = await browser.newContext({ viewport, locale: "de-CH", acceptDownloads: true });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on("pageerror", (e) => problems.push(e.message));

      await t.step("signed out, the app sends the person to sign in and back to /", async () => {
        await page.goto(`${s.origin}/`);
        await signIn(page, "employee@demo.example", "/");
      });
      const id = await employeeWeek(t, page, TEXTS.de);
      await managerApproves(t, browser, s, id, TEXTS.de.note, viewport);
      await employeeSeesDecision(t, page, s, id, TEXTS.de);

      await t.step("offline: the home screen as last seen, with its date", async () => {
        await page.evaluate("navigator.serviceWorker.ready.then(() => true)");
        await context!.setOffline(true);
        await page.reload();
        const banner = page.locator("main .warn");
        await banner.waitFor();
        assert.match(await banner.innerText(), /^Offline: Stand vom \d\d\.\d\d\.\d{4} \d\d:\d\d\.$/);
        assert.equal(await page.locator("#h-vac").innerText(), "Ferien 2026: noch 7 Tage");
        await check(page, "home offline");
        await context!.setOffline(false);
      });

      await t.step(
        "an expired session: sign in again, back on the same screen with what was typed",
        async () => {
          await page.goto(`${s.origin}/time`);
          await page.locator("#f-startTime").fill("07:00");
          await page.locator("#f-endTime").fill("08:00");
          await page.locator("#f-description").fill("Nach dem Ablauf");
          s.clock.advance(31 * 86_400_000);
          await page.getByRole("button", { name: "Zeit erfassen" }).click();
          await signIn(page, "employee@demo.example", "/time");
          await page.getByRole("heading", { level: 1, name: "Zeit" }).waitFor();
          assert.equal(await page.locator("#f-description").inputValue(), "Nach dem Ablauf");
          assert.equal(await page.locator("#f-startTime").inputValue(), "07:00");
          await check(page, "time after sign-in");
        },
      );
      assert.deepEqual(problems, []);
    } finally {
      await context?.close();
      await browser.close();
      await s.stop();
    }
  },
});

Deno.test({
  name: "app: the employee's week in Italian (chosen in the app) on a desktop, the manager approves",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const s = await serveDemo();
    const browser = await launch();
    try {
      const viewport = { width: 1280, height: 900 };
      const context = await browser.newContext({ viewport, locale: "de-CH", acceptDownloads: true });
      const page = await context.newPage();
      await t.step("signed in, the person chooses Italian", async () => {
        await page.goto(`${s.origin}/account`);
        await signIn(page, "employee@demo.example", "/account");
        await page.locator("#f-language").selectOption("it");
        await page.getByRole("button", { name: "Sprache speichern" }).click();
        await page.getByRole("heading", { level: 1, name: "Account" }).waitFor();
        assert.equal(await page.locator("html").getAttribute("lang"), "it");
        await check(page, "account");
      });
      const id = await employeeWeek(t, page, TEXTS.it);
      await managerApproves(t, browser, s, id, TEXTS.it.note, viewport);
      await employeeSeesDecision(t, page, s, id, TEXTS.it);
      await context.close();
    } finally {
      await browser.close();
      await s.stop();
    }
  },
});
