/**
 * A new customer, from an empty database, exactly as the README's "First start" says: the commands, then the
 * service itself (`main.ts serve`, a real SMTP server for its mail). HR sets the organisation up in the
 * console in headless Chromium without JavaScript (the vacation policy, a new employee with an invitation);
 * the invitation arrives over SMTP; the person sets their password through the link, then signs in through
 * the portal API, sees the balance the policy gives and files leave.
 */
import assert from "node:assert/strict";
import { main } from "../../src/main.ts";
import { startSmtp } from "../_smtp.ts";
import { launchChromium } from "../_chromium.ts";

const ROOT = new URL("../..", import.meta.url).pathname;
const ADMIN_PASSWORD = "Console-admin-2026!";

/** Runs one command of the guide with the executable's own `main`. */
async function command(args: string[], env: Record<string, string>, stdin = "") {
  let out = "";
  let err = "";
  const code = await main(args, env, {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    readStdin: () => Promise.resolve(stdin),
  });
  assert.equal(code, 0, `${args.join(" ")}\n${out}${err}`);
}

Deno.test({
  name:
    "console: an organisation set up in the browser from an empty database; the invited person files leave",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const dir = await Deno.makeTempDir({ prefix: "hr-console-" });
    const smtp = await startSmtp();
    const env = {
      DATABASE_URL: `file:${dir}/hr.db`,
      DEMO_DATA: "false",
      LOG_LEVEL: "warn",
      NO_COLOR: "1",
      SMTP_URL: smtp.url,
      MAIL_FROM: "HR <hr@example.ch>",
      PORT: "0",
      HOST: "127.0.0.1",
    };
    await command(["migrate"], env);
    await command(["leave-types", "init"], env);
    await command(
      ["user", "create-admin", "--email", "admin@example.ch", "--password-stdin"],
      env,
      ADMIN_PASSWORD,
    );

    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", `${ROOT}main.ts`, "serve"],
      env,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let out = "";
    let port = 0;
    while (!port) {
      const { value, done } = await reader.read();
      if (done) break;
      out += value;
      port = Number(/listening on http:\/\/localhost:(\d+)/.exec(out)?.[1] ?? 0);
    }
    const origin = `http://127.0.0.1:${port}`;
    const browser = await launchChromium();
    try {
      assert.ok(port, out);
      const context = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB" });
      const page = await context.newPage();

      await t.step("HR signs in from the link on the sign-in page and lands in the console", async () => {
        await page.goto(`${origin}/oauth/signin`);
        await page.getByRole("link", { name: /Personaladministration|HR administration/ }).click();
        await page.locator("#email").fill("admin@example.ch");
        await page.locator("#password").fill(ADMIN_PASSWORD);
        await page.locator("form button[type=submit]").click();
        assert.equal(new URL(page.url()).pathname, "/hr/people");
        assert.equal(await page.locator("script").count(), 0);
      });

      await t.step(
        "the vacation policy: 25 days, 27 from the age of 50; a step that takes days away is refused",
        async () => {
          await page.getByRole("link", { name: /Ferien und Abwesenheiten|Leave/ }).click();
          await page.locator("#base").fill("25");
          await page.locator("#steps").fill("age>=50:20");
          await page.locator("form[action='/hr/leave'] button[type=submit]").click();
          assert.match(
            await page.locator("[role=alert]").innerText(),
            // In the reader's language (the administrator's account is German), never in English.
            /Stufe 1 gibt 20 Tage, weniger als die Grundtage \(25\): eine Stufe kann nur hinzufügen/,
          );
          await page.locator("#steps").fill("age>=50:27");
          await page.locator("form[action='/hr/leave'] button[type=submit]").click();
          assert.match(await page.locator("[role=status]").innerText(), /VACATION/);
          assert.equal(await page.locator("#base").inputValue(), "25");
          assert.equal(await page.locator("#steps").inputValue(), "age>=50:27");
        },
      );

      await t.step(
        "a new employee with an invitation; a bad date is refused and the form keeps what was typed",
        async () => {
          await page.getByRole("link", { name: /Personen|People/ }).click();
          await page.locator("#pn").fill("P-100");
          await page.locator("#first").fill("Lea");
          await page.locator("#last").fill("Keller");
          await page.locator("#email").fill("lea.keller@example.ch");
          await page.locator("#canton").selectOption("BE");
          await page.locator("#start").fill("2026-01-01");
          await page.locator("#birth").fill("1990-05-04");
          await page.locator("#workload").fill("60");
          for (const d of ["#day4", "#day5"]) await page.locator(d).uncheck();
          await page.locator("form[action='/hr/people'] button[type=submit]").click();
          assert.match(await page.locator("[role=status]").innerText(), /Lea Keller/);
          const row = page.locator("tr", { hasText: "P-100" });
          assert.match(await row.innerText(), /BE/);
        },
      );

      let token = "";
      await t.step("the invitation arrives at the SMTP server", async () => {
        const started = Date.now();
        // Two minutes is the bound on an invitation that never arrives, not a check of its speed.
        while (!smtp.received.length && Date.now() - started < 120_000) {
          await new Promise((r) => setTimeout(r, 100));
        }
        const mail = smtp.received.at(-1);
        assert.ok(mail, "an e-mail arrived");
        assert.deepEqual(mail.to, ["lea.keller@example.ch"]);
        const body = mail.data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        token = /\/account\/invitation\?token=(hri_[\w-]+)/.exec(body)?.[1] ?? "";
        assert.ok(token, body);
      });

      await t.step("the person sets their own password through the link", async () => {
        const own = await browser.newContext({ javaScriptEnabled: false });
        const p2 = await own.newPage();
        await p2.goto(`${origin}/account/invitation?token=${token}`);
        await p2.locator("#password").fill("Lea-keller-secret-26");
        await p2.locator("#repeat").fill("Lea-keller-secret-26");
        await p2.locator("form button[type=submit]").click();
        assert.equal(await p2.locator("#password").count(), 0, "the form is gone: the password is set");
        await own.close();
      });

      await t.step("she signs in through the portal API, sees her balance and files leave", async () => {
        const signIn = await fetch(`${origin}/api/v1/portal/auth/sessions`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "lea.keller@example.ch", password: "Lea-keller-secret-26" }),
        });
        assert.equal(signIn.status, 201);
        const auth = { Authorization: `Bearer ${(await signIn.json()).data.token}` };
        const balances = await (await fetch(`${origin}/api/v1/portal/employee/leave/balances?year=2027`, {
          headers: auth,
        })).json();
        const vacation = balances.data.balances.find((b: { leaveType: { code: string } }) =>
          b.leaveType.code === "VACATION"
        );
        // 25 days of a five-day week on three weekdays: 25 × 3/5 = 15 of her own days (five weeks).
        assert.equal(vacation.entitlement, 15);
        const filed = await fetch(`${origin}/api/v1/portal/employee/leave/requests`, {
          method: "POST",
          headers: { ...auth, "Content-Type": "application/json" },
          body: JSON.stringify({ leaveType: "VACATION", startDate: "2027-02-01", endDate: "2027-02-05" }),
        });
        assert.equal(filed.status, 201, await filed.clone().text());
        // Monday to Friday costs her three days: a week of her own.
        assert.equal((await filed.json()).data.days, 3);
      });

      await t.step("HR signs out of the console: the session ends", async () => {
        await page.goto(`${origin}/hr/inbox`);
        await page.getByRole("button", { name: /Abmelden|Sign out/ }).click();
        assert.equal(new URL(page.url()).pathname, "/oauth/signin");
        await page.goto(`${origin}/hr/people`);
        assert.equal(new URL(page.url()).pathname, "/oauth/signin", "the console asks to sign in again");
      });
    } finally {
      await browser.close();
      child.kill("SIGTERM");
      await child.status;
      await reader.cancel().catch(() => {});
      await child.stderr.cancel().catch(() => {});
      await smtp.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
