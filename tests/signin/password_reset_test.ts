/**
 * Password reset by e-mail: "forgot password" on the sign-in page sends a single-use link over real SMTP;
 * the same answer whether or not the address has an account; the new password works, the old one and the
 * account's sessions end; the link works once; at most three links an hour per address and per account.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { deliverDue } from "../../src/mail/outbox.ts";
import { smtpTransport } from "../../src/mail/smtp.ts";
import { startSmtp } from "../_smtp.ts";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** Opens the forgot-password page and sends it the address; the answer's status and text. */
async function ask(t: TestApp, email: string, lang = "de") {
  const page = await t.request("/oauth/signin/forgot", { headers: { "Accept-Language": lang } });
  const html = await page.text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  assert.ok(csrf, html.slice(0, 400));
  const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0];
  const r = await t.request("/oauth/signin/forgot", {
    method: "POST",
    headers: { ...FORM, Cookie: cookie, "Accept-Language": lang },
    body: new URLSearchParams({ csrf, email }).toString(),
  });
  return { status: r.status, text: (await r.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
}

async function deliver(t: TestApp, smtp: Awaited<ReturnType<typeof startSmtp>>) {
  const transport = smtpTransport(smtp.url);
  try {
    await deliverDue(t.deps, transport, "HR <hr@example.ch>");
  } finally {
    transport.close();
  }
}

function tokenOf(data: string): string {
  const body = data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const m = /\/account\/invitation\?token=(hri_[\w-]+)/.exec(body);
  assert.ok(m, body);
  return m[1];
}

Deno.test({
  name: "password reset: a single-use link by e-mail, the same answer for unknown addresses, rate-limited",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const app = await makeTestApp();
    const smtp = await startSmtp();
    try {
      await t.step("the sign-in page links to it", async () => {
        const html = await (await app.request("/oauth/signin", { headers: { "Accept-Language": "de" } }))
          .text();
        assert.match(html, /<a href="\/oauth\/signin\/forgot">Passwort vergessen\?<\/a>/);
      });

      let token = "";
      await t.step(
        "a known and an unknown address get the same answer; only the known one gets mail",
        async () => {
          const unknown = await ask(app, "nobody@demo.example");
          await deliver(app, smtp);
          assert.equal(smtp.received.length, 0);
          const known = await ask(app, "Employee@Demo.Example");
          assert.equal(known.status, unknown.status);
          assert.equal(known.text, unknown.text);
          assert.match(known.text, /Wenn zu dieser Adresse ein Konto besteht, ist ein Link unterwegs/);
          await deliver(app, smtp);
          assert.equal(smtp.received.length, 1);
          assert.deepEqual(smtp.received[0].to, ["employee@demo.example"]);
          assert.match(smtp.received[0].data, /Mit diesem Link/);
          token = tokenOf(smtp.received[0].data);
          // The outbox keeps no usable link once the message is sent.
          const rows = await app.deps.db.query.mailOutbox.findMany();
          assert.ok(rows.every((r) => !r.textBody.includes(token) && !(r.secrets ?? "").includes(token)));
        },
      );

      await t.step("the link sets a new password once; the old password and the sessions end", async () => {
        const session = await app.signIn("employee@demo.example");
        const page = await app.request(`/account/invitation?token=${token}`);
        assert.equal(page.status, 200);
        await page.body?.cancel();
        const set = await app.request("/account/invitation", {
          method: "POST",
          headers: FORM,
          body: new URLSearchParams({ token, password: "a-new-secret-2026", repeat: "a-new-secret-2026" })
            .toString(),
        });
        assert.equal(set.status, 200);
        await set.body?.cancel();
        const old = await app.request("/api/v1/portal/auth/session", { token: session });
        assert.equal(old.status, 401, "the sessions before the reset ended");
        await old.body?.cancel();
        const fresh = await app.signIn("employee@demo.example", "a-new-secret-2026");
        const me = await app.request("/api/v1/portal/auth/session", { token: fresh });
        assert.equal(me.status, 200);
        await me.body?.cancel();
        await assert.rejects(() => app.signIn("employee@demo.example", "demo-password-2026"));
        const again = await app.request(`/account/invitation?token=${token}`);
        assert.equal(again.status, 410, "the link works once");
        await again.body?.cancel();
      });

      await t.step("at most three links an hour per address and per account", async () => {
        const before = smtp.received.length;
        for (let i = 0; i < 4; i++) await ask(app, "manager@demo.example", "en");
        await deliver(app, smtp);
        assert.equal(smtp.received.length - before, 3, "the fourth request sends nothing");
        const limited = await ask(app, "manager@demo.example", "en");
        assert.match(limited.text, /If an account exists for this address, a link is on its way/);
        // The account's limit holds however the address is typed.
        await ask(app, " MANAGER@demo.example ", "en");
        await deliver(app, smtp);
        assert.equal(smtp.received.length - before, 3);
      });
    } finally {
      await smtp.close();
      app.close();
    }
  },
});
