/**
 * The first month of the fixture organisation (`tests/_fixture_org.ts`: Vetreria Ceresio SA, built by the
 * README's commands), in Italian, in headless Chromium against the service on a local port with a real SMTP
 * server. One walk: the first half at a phone's width (390 × 844), then every window switched to a desktop's
 * (1280 × 900). HR (the administrator from `user create-admin`) signs in to the console and sees the people,
 * invites Luca Bernasconi; the invitation arrives over SMTP; he sets his password, signs in to the app at `/`
 * and files a week of vacation; his manager approves it on the app's team screen; HR imports his November
 * payslip with `payslips import --manifest` and he downloads it; a candidate applies on the careers page; HR
 * completes the blocking reference check and moves the application into the gated stage; HR removes the
 * year-end closure, and Luca's balance gets its days back. The console runs without JavaScript, the app with.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { type Page } from "playwright-core";
import { cli } from "../_cli.ts";
import { startSmtp } from "../_smtp.ts";
import { deliverDue } from "../../src/mail/outbox.ts";
import { smtpTransport } from "../../src/mail/smtp.ts";
import {
  addAccounts,
  ADMIN,
  buildFixtureOrg,
  openPosition,
  personPassword,
  POSITION_TITLE,
} from "../_fixture_org.ts";
import { launchChromium } from "../_chromium.ts";
import { serveBuilt } from "../_serve.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const LUCA = {
  pn: "V04",
  email: "luca.bernasconi@ceresio.example",
  password: "Lago-di-Lugano-al-tramonto-7",
};
const MATTEO = "matteo.cattaneo@ceresio.example";
const CANDIDATE = "noemi.sala@example.ch";
const PDF = Buffer.from("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** Quoted-printable as the outbox writes it, decoded enough to read links and Italian text. */
function decoded(data: string): string {
  return data.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})((?:=[0-9A-F]{2})*)/g, (m) => {
    const bytes = m.split("=").slice(1).map((h) => parseInt(h, 16));
    return new TextDecoder().decode(new Uint8Array(bytes));
  });
}

/** The page is no wider than its window (a table that scrolls inside its own box is fine). */
async function fits(page: Page, screen: string) {
  const w = await page.evaluate(
    "({ page: document.documentElement.scrollWidth, window: window.innerWidth })",
  ) as { page: number; window: number };
  assert.ok(w.page <= w.window, `${screen}: ${w.page} px wide in a ${w.window} px window`);
}

/** The status line an action of the app leaves on the screen. */
async function appSays(page: Page, text: string) {
  const line = page.locator("main [role=status]", { hasText: text });
  await line.waitFor();
  assert.equal(await line.innerText(), text);
}

Deno.test({
  name: "the first month of an organisation built by commands, in Italian, on a phone and on a desktop",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const smtp = await startSmtp();
    const a = await serveBuilt((origin) => buildFixtureOrg({ env: { MCP_ISSUER_URL: origin } }));
    const origin = a.origin;
    const browser = await launchChromium();
    try {
      await addAccounts(a, [["V02", "manager"]]);
      const positionId = await openPosition(a);
      const transport = smtpTransport(smtp.url);
      const deliver = () => deliverDue(a.deps, transport, "Vetreria Ceresio SA <hr@ceresio.example>");
      const mailTo = (to: string) =>
        smtp.received.filter((m) => m.to.includes(to)).map((m) => decoded(m.data));

      const hrContext = await browser.newContext({
        javaScriptEnabled: false,
        locale: "it-CH",
        viewport: PHONE,
      });
      const hr = await hrContext.newPage();
      const lucaContext = await browser.newContext({
        locale: "it-CH",
        viewport: PHONE,
        acceptDownloads: true,
      });
      const luca = await lucaContext.newPage();
      const problems: string[] = [];
      luca.on("pageerror", (e) => problems.push(e.message));
      const nav = (name: string) => luca.getByRole("navigation").getByRole("link", { name, exact: true });
      const vacationLine = () => luca.locator("#h-vac").innerText();

      await t.step("phone: HR signs in to /hr and sees the 13 people", async () => {
        await hr.goto(`${origin}/hr`);
        assert.equal(new URL(hr.url()).pathname, "/oauth/signin");
        await hr.locator("#email").fill(ADMIN.email);
        await hr.locator("#password").fill(ADMIN.password);
        await hr.locator("form button[type=submit]").click();
        assert.equal(new URL(hr.url()).pathname, "/hr/people");
        assert.equal(await hr.locator("html").getAttribute("lang"), "it");
        assert.equal(await hr.locator("h1").innerText(), "Persone");
        assert.equal(await hr.locator("tbody tr").count(), 13);
        assert.match(
          await hr.locator("tr", { hasText: "V12" }).innerText(),
          /Giada Rezzonico[\s\S]*01\.12\.2026/,
        );
        await fits(hr, "people");
      });

      let link = "";
      await t.step("phone: HR invites Luca Bernasconi; the invitation arrives in Italian", async () => {
        await hr.getByRole("button", { name: "Invitare: Luca Bernasconi" }).click();
        assert.equal(
          await hr.locator("[role=status]").innerText(),
          `L'invito a ${LUCA.email} è in viaggio.`,
        );
        await fits(hr, "people after the invitation");
        await deliver();
        const [mail] = mailTo(LUCA.email);
        assert.ok(mail, "the invitation arrived");
        assert.match(mail, /Il suo accesso al portale HR presso Vetreria Ceresio SA/);
        link = /(http:\/\/127\.0\.0\.1:\d+\/account\/invitation\?token=hri_[\w-]+)/.exec(mail)?.[1] ?? "";
        assert.ok(link.startsWith(origin), mail);
      });

      await t.step("phone: Luca sets his password and signs in to the app", async () => {
        await luca.goto(link);
        assert.equal(await luca.locator("h1").innerText(), "Impostare la password");
        await luca.locator("#password").fill(LUCA.password);
        await luca.locator("#repeat").fill(LUCA.password);
        await luca.locator("form button[type=submit]").click();
        assert.match(
          await luca.locator("main").innerText(),
          /La sua password è salvata\. Ora può accedere\./,
        );
        await luca.goto(`${origin}/`);
        await luca.waitForURL((u) => u.pathname === "/oauth/signin");
        await luca.locator("#email").fill(LUCA.email);
        await luca.locator("#password").fill(LUCA.password);
        await luca.locator("form button[type=submit]").click();
        await luca.waitForURL((u) => u.pathname === "/");
        await luca.getByRole("heading", { level: 1, name: "Panoramica" }).waitFor();
        // 25 days a year; the year-end closure takes 28 to 30 December and the morning of the 31st (its
        // afternoon is a customary half day off).
        assert.equal(await vacationLine(), "Vacanze 2026: ancora 21.5 giorni");
        await fits(luca, "home");
      });

      let requestId = "";
      await t.step("phone: Luca files a week of vacation in January", async () => {
        await nav("Vacanze").click();
        await luca.locator("#f-leaveType").selectOption("VACATION");
        await luca.locator("#f-startDate").fill("2027-01-11");
        await luca.locator("#f-endDate").fill("2027-01-15");
        await luca.getByRole("button", { name: "Verifica" }).click();
        const preview = luca.locator("#preview");
        await preview.getByText("Dedotti: 5 giorni").waitFor();
        assert.match(await preview.innerText(), /Decide: Matteo Cattaneo/);
        await fits(luca, "leave preview");
        await luca.getByRole("button", { name: "Invia richiesta" }).click();
        await appSays(luca, "Richiesta inviata. Attende la decisione.");
        const item = luca.locator("li[data-request]", { hasText: "11.01.2027 – 15.01.2027" });
        assert.match(await item.innerText(), /In attesa di decisione/);
        requestId = (await item.getAttribute("data-request"))!;
        await fits(luca, "leave");
      });

      await t.step("desktop from here: every window is switched to 1280 × 900", async () => {
        await hr.setViewportSize(DESKTOP);
        await luca.setViewportSize(DESKTOP);
        await fits(luca, "leave on a desktop");
      });

      await t.step("the manager approves the week on the app's team screen", async () => {
        const context = await browser.newContext({ locale: "it-CH", viewport: DESKTOP });
        try {
          const page = await context.newPage();
          await page.goto(`${origin}/team`);
          await page.waitForURL((u) => u.pathname === "/oauth/signin");
          await page.locator("#email").fill(MATTEO);
          await page.locator("#password").fill(personPassword("V02"));
          await page.locator("form button[type=submit]").click();
          await page.waitForURL((u) => u.pathname === "/team");
          const item = page.locator(`li[data-request="${requestId}"]`);
          assert.match(await item.innerText(), /Luca Bernasconi/);
          await item.getByRole("textbox").fill("Buone vacanze!");
          await item.getByRole("button", { name: "Approva" }).click();
          await appSays(page, "Decisione registrata.");
          await fits(page, "team");
        } finally {
          await context.close();
        }
        await luca.goto(`${origin}/`);
        const mine = luca.locator(`li[data-request="${requestId}"]`);
        await mine.waitFor();
        assert.match(await mine.innerText(), /Approvata[\s\S]*Buone vacanze!/);
      });

      await t.step("HR imports Luca's November payslip; he downloads it in the app", async () => {
        const dir = await Deno.makeTempDir({ prefix: "hr-payroll-" });
        try {
          await Deno.writeFile(`${dir}/V04-2026-11.pdf`, PDF);
          await Deno.writeTextFile(
            `${dir}/payslips.csv`,
            "personnel_number;period;payment_date;gross;net;file;label\r\n" +
              "V04;2026-11;25.11.2026;6'200.00;5'310.40;V04-2026-11.pdf;Novembre 2026\r\n",
          );
          const r = await cli(a, ["payslips", "import", "--manifest", `${dir}/payslips.csv`]);
          assert.equal(r.code, 0, r.out + r.err);
        } finally {
          await Deno.remove(dir, { recursive: true });
        }
        await nav("Salario").click();
        const download = luca.getByRole("link", { name: /^Scarica il PDF/ }).first();
        await download.waitFor();
        assert.match(await luca.locator("main").innerText(), /Novembre 2026 · Pagato il 25\.11\.2026/);
        const [file] = await Promise.all([luca.waitForEvent("download"), download.click()]);
        assert.match(file.suggestedFilename(), /2026-11\.pdf$/);
        const bytes = await Deno.readFile((await file.path())!);
        assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");
        await fits(luca, "payslips");
      });

      let applicationId = "";
      await t.step("a candidate applies on the careers page in Italian", async () => {
        const context = await browser.newContext({
          javaScriptEnabled: false,
          locale: "it-CH",
          viewport: DESKTOP,
        });
        try {
          const page = await context.newPage();
          await page.goto(`${origin}/careers?lang=it`);
          assert.equal(await page.locator("h1").innerText(), "Posti aperti presso Vetreria Ceresio SA");
          await page.getByRole("link", { name: POSITION_TITLE }).click();
          assert.match(await page.locator("main").innerText(), /nostra vetreria di Lugano/);
          await page.locator("#first").fill("Noemi");
          await page.locator("#last").fill("Sala");
          await page.locator("#email").fill(CANDIDATE);
          await page.locator("#language").selectOption("it");
          await page.locator("#cv").setInputFiles({
            name: "cv.pdf",
            mimeType: "application/pdf",
            buffer: PDF,
          });
          await page.locator("#consent").check();
          await page.locator("form button[type=submit]").click();
          assert.match(
            await page.locator("main").innerText(),
            new RegExp(`Abbiamo ricevuto la sua candidatura per «${POSITION_TITLE.replace(/[/%]/g, ".")}»`),
          );
        } finally {
          await context.close();
        }
        await deliver();
        assert.match(mailTo(CANDIDATE)[0] ?? "", /Grazie per la sua candidatura come/);
        const rows = await a.deps.database.client.execute({
          sql: "SELECT id FROM applications WHERE position_id = ?",
          args: [positionId],
        });
        applicationId = String(rows.rows[0].id);
      });

      await t.step("HR: interview, the blocking reference check done, then the gated offer", async () => {
        await hr.goto(`${origin}/hr/recruiting/positions/${positionId}`);
        await hr.getByRole("link", { name: /Noemi Sala/ }).click();
        assert.equal(new URL(hr.url()).pathname, `/hr/recruiting/applications/${applicationId}`);
        await hr.locator("#to").selectOption("COLLOQUIO");
        await hr.locator("form[action$='/move'] button[type=submit]").click();
        assert.equal(await hr.locator("[role=status]").innerText(), "La candidatura è nella fase Colloquio.");
        await deliver();
        assert.match(mailTo(CANDIDATE)[1] ?? "", /Saremo lieti di incontrarla per un colloquio\./);

        await hr.locator("#to").selectOption("OFFERTA");
        await hr.locator("form[action$='/move'] button[type=submit]").click();
        assert.match(await hr.locator("[role=alert]").innerText(), /Verifica delle referenze/);

        const task = hr.locator("li, tr", { hasText: "Verifica delle referenze" }).last();
        await task.getByRole("button", { name: "Svolto" }).click();
        assert.equal(
          await hr.locator("[role=status]").innerText(),
          "Il compito «Verifica delle referenze» è svolto.",
        );
        await hr.locator("#to").selectOption("OFFERTA");
        await hr.locator("form[action$='/move'] button[type=submit]").click();
        assert.equal(await hr.locator("[role=status]").innerText(), "La candidatura è nella fase Offerta.");
        await fits(hr, "application");
      });

      await t.step("HR removes the year-end closure; Luca's vacation gets its 3.5 days back", async () => {
        await hr.goto(`${origin}/hr/calendar`);
        await hr.getByRole("link", { name: "Chiusura di fine anno" }).click();
        await hr.getByRole("button", { name: "Rimuovere" }).click();
        assert.match(await hr.locator("[role=status]").innerText(), /La chiusura «.*» è rimossa\./);
        await fits(hr, "closure removed");
        await luca.goto(`${origin}/`);
        await luca.getByRole("heading", { level: 1, name: "Panoramica" }).waitFor();
        assert.equal(await vacationLine(), "Vacanze 2026: ancora 25 giorni");
      });
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await a.stop();
      await smtp.close();
    }
  },
});
