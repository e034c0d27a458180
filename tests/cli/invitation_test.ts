/**
 * Invitations by e-mail: HR invites, a real SMTP server receives the link, the person sets their own password
 * on the page and signs in. The link works once, for seven days, and a newer invitation replaces it.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { deliverDue } from "../../src/mail/outbox.ts";
import { smtpTransport } from "../../src/mail/smtp.ts";
import { startSmtp } from "../_smtp.ts";
import { cli } from "../_cli.ts";

/** Delivers the queued mail over real SMTP and returns the invitation token from the last message. */
async function deliverAndReadToken(t: TestApp, smtp: Awaited<ReturnType<typeof startSmtp>>): Promise<string> {
  const transport = smtpTransport(smtp.url);
  try {
    await deliverDue(t.deps, transport, "HR <hr@example.ch>");
  } finally {
    transport.close();
  }
  const last = smtp.received.at(-1)!;
  // Quoted-printable may wrap long lines with "=\r\n"; unwrap before reading the link.
  const body = last.data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const m = /\/account\/invitation\?token=(hri_[\w-]+)/.exec(body);
  assert.ok(m, body);
  return m[1];
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

Deno.test({
  name: "invitation: invited by e-mail, the person sets a password through the link and signs in",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const app = await makeTestApp({ demo: false });
    const smtp = await startSmtp();
    try {
      const imp = await app.deps.db.insert((await import("../../src/db/schema/mod.ts")).employees).values({
        personnelNumber: "P1",
        firstName: "Lea",
        lastName: "Keller",
        canton: "BE",
        employmentStart: "2024-03-01",
        createdAt: app.clock.now(),
        updatedAt: app.clock.now(),
      }).returning();
      assert.equal(imp.length, 1);
      const r = await cli(app, [
        "user",
        "invite",
        "--email",
        "Lea.Keller@example.ch",
        "--employee",
        "P1",
        "--role",
        "employee",
      ]);
      assert.equal(r.code, 0, r.err);
      assert.match(r.out, /Invitation for lea\.keller@example\.ch queued/);
      const token = await deliverAndReadToken(app, smtp);
      assert.deepEqual(smtp.received.at(-1)!.to, ["lea.keller@example.ch"]);
      assert.match(smtp.received.at(-1)!.data, /Ihr Zugang zum HR-Portal/);

      await t.step("the page names the account and asks for the password twice", async () => {
        const page = await app.request(`/account/invitation?token=${token}`);
        assert.equal(page.status, 200);
        const html = await page.text();
        assert.match(html, /lea\.keller@example\.ch/);
        assert.match(html, /autocomplete="new-password"/);
        assert.match(page.headers.get("content-security-policy")!, /frame-ancestors 'none'/);
      });
      await t.step("too short, and not matching: refused with the reason, the link still works", async () => {
        const short = await app.request(
          "/account/invitation",
          form({ token, password: "kurz", repeat: "kurz" }),
        );
        assert.equal(short.status, 400);
        assert.match(await short.text(), /mindestens 10 Zeichen/);
        const diff = await app.request(
          "/account/invitation",
          form({ token, password: "ein-langes-passwort", repeat: "ein-anderes-passwort" }),
        );
        assert.equal(diff.status, 400);
        assert.match(await diff.text(), /stimmen nicht überein/);
      });
      await t.step("set, then sign in with it", async () => {
        const ok = await app.request(
          "/account/invitation",
          form({ token, password: "mein-eigenes-passwort", repeat: "mein-eigenes-passwort" }),
        );
        assert.equal(ok.status, 200);
        assert.match(await ok.text(), /Passwort ist gespeichert/);
        const session = await app.signIn("lea.keller@example.ch", "mein-eigenes-passwort");
        const me = await app.request("/api/v1/portal/auth/session", { token: session });
        assert.equal(me.status, 200);
      });
      await t.step("the link works once", async () => {
        const again = await app.request(`/account/invitation?token=${token}`);
        assert.equal(again.status, 410);
        await again.body?.cancel();
        const post = await app.request(
          "/account/invitation",
          form({ token, password: "x".repeat(12), repeat: "x".repeat(12) }),
        );
        assert.equal(post.status, 410);
        await post.body?.cancel();
        await app.signIn("lea.keller@example.ch", "mein-eigenes-passwort");
      });
      await t.step("an account that has a password is not invited again", async () => {
        const r2 = await cli(app, [
          "user",
          "invite",
          "--email",
          "lea.keller@example.ch",
          "--role",
          "employee",
        ]);
        assert.equal(r2.code, 1);
        assert.match(r2.err, /already has an account with a password/);
      });
    } finally {
      await smtp.close();
      app.close();
    }
  },
});

Deno.test({
  name: "invitation: seven days, replaced by a newer one, in the person's language, refusals",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const app = await makeTestApp({ demo: false });
    const smtp = await startSmtp();
    try {
      assert.equal(
        (await cli(app, ["user", "invite", "--email", "gia@example.ch", "--role", "hr", "--language", "it"]))
          .code,
        0,
      );
      const first = await deliverAndReadToken(app, smtp);
      assert.match(smtp.received.at(-1)!.data, /Il suo accesso al portale HR/);
      let second = "";
      await t.step("a newer invitation replaces the earlier link", async () => {
        assert.equal(
          (await cli(app, ["user", "invite", "--email", "gia@example.ch", "--role", "hr"])).code,
          0,
        );
        second = await deliverAndReadToken(app, smtp);
        assert.notEqual(second, first);
        assert.equal((await app.request(`/account/invitation?token=${first}`)).status, 410);
        const page = await app.request(`/account/invitation?token=${second}`);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /Imposti la password/);
      });
      await t.step("after 7 days the link has expired", async () => {
        app.clock.advance(7 * 86_400_000 + 1);
        const late = await app.request(`/account/invitation?token=${second}`);
        assert.equal(late.status, 410);
        await late.body?.cancel();
      });
      await t.step("bad input to the command", async () => {
        const role = await cli(app, ["user", "invite", "--email", "x@example.ch", "--role", "boss"]);
        assert.equal(role.code, 1);
        assert.match(role.err, /'boss' is not a role/);
        const emp = await cli(app, [
          "user",
          "invite",
          "--email",
          "x@example.ch",
          "--role",
          "employee",
          "--employee",
          "P404",
        ]);
        assert.equal(emp.code, 1);
        assert.match(emp.err, /no employee with personnel number P404/);
        const lang = await cli(app, [
          "user",
          "invite",
          "--email",
          "x@example.ch",
          "--role",
          "employee",
          "--language",
          "rm",
        ]);
        assert.equal(lang.code, 1);
        const mail = await cli(app, ["user", "invite", "--email", "not-an-address", "--role", "employee"]);
        assert.equal(mail.code, 1);
      });
      await t.step("an unknown token", async () => {
        const r = await app.request("/account/invitation?token=hri_aaaaaaaaaaaaaaaaaaaaaaaaaaaa");
        assert.equal(r.status, 410);
        await r.body?.cancel();
      });
    } finally {
      await smtp.close();
      app.close();
    }
  },
});

Deno.test({
  name:
    "invitation: no usable link rests in the database, its log or a plain backup, before or after sending",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async () => {
    const app = await makeTestApp({ demo: false });
    const smtp = await startSmtp();
    try {
      assert.equal(
        (await cli(app, ["user", "invite", "--email", "lea.keller@example.ch", "--role", "employee"])).code,
        0,
      );
      const { mailOutbox } = await import("../../src/db/schema/mod.ts");
      const [queued] = await app.deps.db.select().from(mailOutbox);
      assert.doesNotMatch(queued.textBody, /hri_/, "the stored body has a place for the link, not the link");
      assert.match(queued.textBody, /\{\{link\}\}/);
      assert.match(queued.secrets!, /^enc:v1:/);
      const token = await deliverAndReadToken(app, smtp);
      const [sent] = await app.deps.db.select().from(mailOutbox);
      assert.equal(sent.status, "SENT");
      assert.equal(sent.secrets, null, "the sealed link is cleared once the message is sent");
      // Every byte the database keeps on disk: the file and its write-ahead log.
      await app.deps.database.client.execute("PRAGMA wal_checkpoint(PASSIVE)");
      const files = [app.deps.database.path!, `${app.deps.database.path}-wal`];
      for (const f of files) {
        const bytes = await Deno.readFile(f).catch(() => new Uint8Array());
        assert.ok(!new TextDecoder("latin1").decode(bytes).includes(token), `${f} holds the link`);
      }
      const page = await app.request(`/account/invitation?token=${token}`);
      assert.equal(page.status, 200, "the link the person received still works");
      await page.body?.cancel();
    } finally {
      await smtp.close();
      app.close();
    }
  },
});
