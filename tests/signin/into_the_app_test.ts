/**
 * From the invitation and the password reset into the app: a sign-in that names no target lands on the app
 * at `/`, the page after a password is set links to that sign-in, and the invitation e-mail, the reset e-mail
 * and that page say where the app is (its address, "add it to your home screen") in the person's language.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { deliverDue } from "../../src/mail/outbox.ts";
import { smtpTransport } from "../../src/mail/smtp.ts";
import { startSmtp } from "../_smtp.ts";
import { invite } from "../../src/services/invitations.ts";
import { requestPasswordReset } from "../../src/services/password_reset.ts";

const ORIGIN = "https://hr.ceresio.example";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** Each language's sentence saying where the app is, with the installation's address. */
const APP_AT: Record<string, RegExp> = {
  de:
    /in der App unter https:\/\/hr\.ceresio\.example\/ – öffnen Sie die Adresse auf dem Handy und fügen Sie sie zum Startbildschirm hinzu\./,
  fr:
    /dans l'application, à l'adresse https:\/\/hr\.ceresio\.example\/ : ouvrez-la sur votre téléphone et ajoutez-la à l'écran d'accueil\./,
  it:
    /nell'app, all'indirizzo https:\/\/hr\.ceresio\.example\/: lo apra sul telefono e lo aggiunga alla schermata Home\./,
  en:
    /in the app at https:\/\/hr\.ceresio\.example\/: open the address on your phone and add it to your home screen\./,
};

/** Quoted-printable as the outbox writes it, decoded enough to read the text. */
function decoded(data: string): string {
  return data.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})((?:=[0-9A-F]{2})*)/g, (m) => {
    const bytes = m.split("=").slice(1).map((h) => parseInt(h, 16));
    return new TextDecoder().decode(new Uint8Array(bytes));
  }).replace(/\r\n/g, "\n");
}

async function deliver(t: TestApp, smtp: Awaited<ReturnType<typeof startSmtp>>) {
  const transport = smtpTransport(smtp.url);
  try {
    await deliverDue(t.deps, transport, "HR <hr@ceresio.example>");
  } finally {
    transport.close();
  }
}

/** Signs in on the sign-in page as a browser does (its form token and cookie); the answer. */
async function signInPage(t: TestApp, email: string, password: string, query = "") {
  const page = await t.request(`/oauth/signin${query}`);
  const html = await page.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  assert.ok(csrf, html.slice(0, 400));
  const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0];
  const next = /name="next" value="([^"]*)"/.exec(html)?.[1];
  return await t.request("/oauth/signin", {
    method: "POST",
    headers: { ...FORM, Cookie: cookie },
    body: new URLSearchParams({ csrf, email, password, ...(next ? { next } : {}) }).toString(),
  });
}

Deno.test({
  name: "into the app: invitation and reset say where the app is; a sign-in without a target lands on /",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const app = await makeTestApp({ env: { MCP_ISSUER_URL: ORIGIN } });
    const smtp = await startSmtp();
    try {
      await t.step("a sign-in with no target goes to the app, one with a target to it", async () => {
        const plain = await signInPage(app, "employee@demo.example", "demo-password-2026");
        assert.equal(plain.status, 303);
        assert.equal(plain.headers.get("location"), "/");
        const hr = await signInPage(app, "hr@demo.example", "demo-password-2026");
        assert.equal(hr.headers.get("location"), "/", "HR too: the app, with the console in its menu");
        const back = await signInPage(app, "employee@demo.example", "demo-password-2026", "?next=/leave");
        assert.equal(back.headers.get("location"), "/leave");
      });

      for (const lang of ["de", "fr", "it", "en"]) {
        await t.step(
          `${lang}: the invitation e-mail and the page after the password say where the app is`,
          async () => {
            const email = `new.${lang}@demo.example`;
            await invite(app.deps, { email, role: "employee", language: lang });
            await deliver(app, smtp);
            const mail = decoded(smtp.received.at(-1)!.data);
            assert.match(mail, APP_AT[lang]);
            const token = /\/account\/invitation\?token=(hri_[\w-]+)/.exec(mail)?.[1];
            assert.ok(token, mail);
            const password = `Ein-langes-Passwort-${lang}-2026`;
            const done = await app.request("/account/invitation", {
              method: "POST",
              headers: FORM,
              body: new URLSearchParams({ token, password, repeat: password }).toString(),
            });
            assert.equal(done.status, 200);
            const html = (await done.text()).replace(/&#39;/g, "'").replace(/&amp;/g, "&");
            assert.match(html, /<a href="\/oauth\/signin\?next=\/">/);
            assert.match(html, APP_AT[lang]);
            const signedIn = await signInPage(app, email, password, "?next=/");
            assert.equal(signedIn.headers.get("location"), "/");
          },
        );
      }

      await t.step("the reset e-mail says where the app is, in the account's language", async () => {
        assert.equal(await requestPasswordReset(app.deps, "new.fr@demo.example"), "sent");
        await deliver(app, smtp);
        assert.match(decoded(smtp.received.at(-1)!.data), APP_AT.fr);
      });
    } finally {
      await smtp.close();
      app.close();
    }
  },
});
