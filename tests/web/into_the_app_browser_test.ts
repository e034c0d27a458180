/**
 * Every person's first hour, from the e-mail they receive into the app, in headless Chromium at a phone's
 * width (390 × 844) against the fixture organisation (`tests/_fixture_org.ts`: built by the README's
 * commands) served on a local port with a real SMTP server, in Italian and then in French. Per language: an
 * employee's invitation arrives and says where the app is; she sets her password, follows the page's only
 * link, signs in and is in the app's home; she forgets her password, and the reset link brings her back to the
 * app; an HR colleague invited with his employee record lands in the app, with the console in its menu.
 */
import assert from "node:assert/strict";
import { type Page } from "playwright-core";
import { cli } from "../_cli.ts";
import { startSmtp } from "../_smtp.ts";
import { deliverDue } from "../../src/mail/outbox.ts";
import { smtpTransport } from "../../src/mail/smtp.ts";
import { buildFixtureOrg } from "../_fixture_org.ts";
import { launchChromium } from "../_chromium.ts";
import { serveBuilt } from "../_serve.ts";

const PHONE = { width: 390, height: 844 };

/** Quoted-printable as the outbox writes it, decoded enough to read links and accented text. */
function decoded(data: string): string {
  return data.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})((?:=[0-9A-F]{2})*)/g, (m) => {
    const bytes = m.split("=").slice(1).map((h) => parseInt(h, 16));
    return new TextDecoder().decode(new Uint8Array(bytes));
  });
}

/** What each walk reads, in its language, as the person sees it. */
const WALKS = [
  {
    lang: "it",
    locale: "it-CH",
    employee: { pn: "V05", email: "chiara.lombardi@ceresio.example" },
    hr: { pn: "V01", email: "alessandra.fontana@ceresio.example" },
    appAt: "nell'app, all'indirizzo {origin}/: lo apra sul telefono e lo aggiunga alla schermata Home.",
    setPassword: "Impostare la password",
    signIn: "Accedere",
    home: "Panoramica",
    forgot: "Password dimenticata?",
    sendLink: "Invia il link",
    console: "Amministrazione HR",
    people: "Persone",
  },
  {
    lang: "fr",
    locale: "fr-CH",
    employee: { pn: "V10", email: "elodie.rochat@ceresio.example" },
    hr: { pn: "V11", email: "julien.moret@ceresio.example" },
    appAt:
      "dans l'application, à l'adresse {origin}/ : ouvrez-la sur votre téléphone et ajoutez-la à l'écran d'accueil.",
    setPassword: "Définir le mot de passe",
    signIn: "Se connecter",
    home: "Aperçu",
    forgot: "Mot de passe oublié ?",
    sendLink: "Envoyer le lien",
    console: "Administration RH",
    people: "Personnes",
  },
] as const;

Deno.test({
  name: "from the invitation and the password reset into the app, in Italian then French, on a phone",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const smtp = await startSmtp();
    const a = await serveBuilt((origin) => buildFixtureOrg({ env: { MCP_ISSUER_URL: origin } }));
    const origin = a.origin;
    const browser = await launchChromium();
    const transport = smtpTransport(smtp.url);
    try {
      const deliver = () => deliverDue(a.deps, transport, "Vetreria Ceresio SA <hr@ceresio.example>");
      /** The latest message to this address, delivered over SMTP, decoded. */
      const lastMailTo = async (to: string) => {
        await deliver();
        const mail = smtp.received.filter((m) => m.to.includes(to)).at(-1);
        assert.ok(mail, `a message to ${to} arrived`);
        return decoded(mail.data);
      };
      const linkIn = (mail: string) => {
        const link = /(http:\/\/127\.0\.0\.1:\d+\/account\/invitation\?token=hri_[\w-]+)/.exec(mail)?.[1];
        if (!link?.startsWith(origin)) throw new Error(`no link to ${origin} in:\n${mail}`);
        return link;
      };

      for (const w of WALKS) {
        const context = await browser.newContext({ locale: w.locale, viewport: PHONE });
        const page = await context.newPage();
        const problems: string[] = [];
        page.on("pageerror", (e) => problems.push(e.message));
        /** Sets a password on the link's page, follows its only link, signs in: the app's home. */
        const intoTheApp = async (p: Page, link: string, email: string, password: string) => {
          await p.goto(link);
          assert.equal(await p.locator("h1").innerText(), w.setPassword);
          await p.locator("#password").fill(password);
          await p.locator("#repeat").fill(password);
          await p.locator("form button[type=submit]").click();
          await p.locator("main").getByText(w.appAt.replace("{origin}", origin)).waitFor();
          const links = p.locator("main a");
          assert.equal(await links.count(), 1, "the page has one link: to the sign-in");
          await p.getByRole("link", { name: w.signIn, exact: true }).click();
          await p.waitForURL((u) => u.pathname === "/oauth/signin");
          await p.locator("#email").fill(email);
          await p.locator("#password").fill(password);
          await p.locator("form button[type=submit]").click();
          await p.waitForURL((u) => u.pathname === "/");
          await p.getByRole("heading", { level: 1, name: w.home }).waitFor();
          assert.equal(await p.locator("html").getAttribute("lang"), w.lang);
        };

        try {
          let password = `${w.employee.pn}-soffiato-a-bocca-2026`;
          await t.step(`${w.lang}: the invitation arrives and says where the app is`, async () => {
            const r = await cli(a, [
              "user",
              "invite",
              "--email",
              w.employee.email,
              "--role",
              "employee",
              "--employee",
              w.employee.pn,
            ]);
            assert.equal(r.code, 0, r.out + r.err);
            const mail = await lastMailTo(w.employee.email);
            assert.ok(mail.includes(w.appAt.replace("{origin}", origin)), mail);
            await intoTheApp(page, linkIn(mail), w.employee.email, password);
          });

          await t.step(
            `${w.lang}: a forgotten password, and the reset link leads back into the app`,
            async () => {
              // Another day, signed out: the sign-in page, then "forgot password".
              await context.clearCookies();
              await page.goto(`${origin}/oauth/signin`);
              await page.getByRole("link", { name: w.forgot }).click();
              await page.locator("#email").fill(w.employee.email);
              await page.getByRole("button", { name: w.sendLink }).click();
              await page.locator("[role=status]").waitFor();
              const mail = await lastMailTo(w.employee.email);
              assert.ok(mail.includes(w.appAt.replace("{origin}", origin)), mail);
              password = `${w.employee.pn}-un-altro-vetro-2027`;
              await intoTheApp(page, linkIn(mail), w.employee.email, password);
              // Employees have no console in their menu.
              assert.equal(await page.getByRole("link", { name: w.console }).count(), 0);
            },
          );

          await t.step(
            `${w.lang}: HR invited with their employee record: the app, and the console one tap away`,
            async () => {
              const r = await cli(a, [
                "user",
                "invite",
                "--email",
                w.hr.email,
                "--role",
                "hr",
                "--employee",
                w.hr.pn,
              ]);
              assert.equal(r.code, 0, r.out + r.err);
              const hrContext = await browser.newContext({ locale: w.locale, viewport: PHONE });
              try {
                const hr = await hrContext.newPage();
                hr.on("pageerror", (e) => problems.push(e.message));
                await intoTheApp(
                  hr,
                  linkIn(await lastMailTo(w.hr.email)),
                  w.hr.email,
                  `${w.hr.pn}-vetreria-del-lago-26`,
                );
                // Their own vacation: the account is their employee record.
                await hr.locator("#h-vac").waitFor();
                await hr.getByRole("navigation").getByRole("link", { name: w.console, exact: true }).click();
                await hr.waitForURL((u) => u.pathname === "/hr/people");
                assert.equal(await hr.locator("h1").innerText(), w.people);
                assert.equal(await hr.locator("html").getAttribute("lang"), w.lang);
              } finally {
                await hrContext.close();
              }
            },
          );
          assert.deepEqual(problems, [], "no script error in the app");
        } finally {
          await context.close();
        }
      }
    } finally {
      transport.close();
      await browser.close();
      await a.stop();
      await smtp.close();
    }
  },
});
