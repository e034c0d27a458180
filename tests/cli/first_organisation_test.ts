/**
 * The operator's way from an empty database to the first employee filing leave, with commands only: the
 * configuration file (`org apply`), the employee file as Excel writes it on a Swiss Windows (`employees
 * import`), the invitation (`user invite`) delivered to a real SMTP server, the password set through the
 * link, then the person in the portal API: a balance derived from the policy, her age, service years and
 * working week, and a vacation filed against it.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { startSmtp } from "../_smtp.ts";
import { deliverDue } from "../../src/mail/outbox.ts";
import { smtpTransport } from "../../src/mail/smtp.ts";
import { cli } from "../_cli.ts";

/** Windows-1252 bytes of a text whose characters are all in Latin-1 (what Excel on Swiss Windows saves). */
function windows1252(s: string): Uint8Array {
  return Uint8Array.from([...s].map((ch) => {
    const c = ch.charCodeAt(0);
    if (c > 255) throw new Error(`not Latin-1: ${ch}`);
    return c;
  }));
}

const ORG_FILE = `settings:
  name: Muster AG
  canton: BE
  payday: 25
  languages: [de, fr]
  timeZone: Europe/Zurich
leaveTypes:
  - code: VACATION
    name: { de: Ferien, en: Vacation, fr: Vacances, it: Vacanze }
    annualDays: 25
    steps: ["age>=50:27", "service>=10:26"]
    carryOverMaxDays: 5
    carryOverExpiry: 03-31
`;

// Jürg Müller: born 1975 (51 in 2026), with the company since 2012 (14 service years), 80 % on Monday to
// Thursday. Excel-CH writes semicolons, Windows-1252 and DD.MM.YYYY.
const PEOPLE_FILE = "personnel_number;first_name;last_name;work_email;canton;employment_start;birth_date;" +
  "workload_percent;working_weekdays\r\n" +
  "P1;Jürg;Müller;juerg.mueller@example.ch;BE;01.03.2012;15.06.1975;80;1-4\r\n";

Deno.test({
  name:
    "first organisation: org apply, employees import and user invite; the invited person sets a password, signs in, sees a derived balance and files vacation",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const app = await makeTestApp({ demo: false, now: "2026-11-18T09:00:00.000Z" });
    const smtp = await startSmtp();
    const dir = await Deno.makeTempDir({ prefix: "hr-first-org-" });
    try {
      await t.step(
        "the README's first commands: the standard leave types and the administrator",
        async () => {
          const init = await cli(app, ["leave-types", "init"]);
          assert.equal(init.code, 0, init.err);
          const admin = await cli(app, ["user", "create-admin", "--email", "admin@example.ch"]);
          assert.equal(admin.code, 0, admin.err);
        },
      );

      await t.step("org apply: settings and the vacation policy", async () => {
        await Deno.writeTextFile(`${dir}/org.yaml`, ORG_FILE);
        const r = await cli(app, ["org", "apply", "--file", `${dir}/org.yaml`]);
        assert.equal(r.code, 0, r.err);
        assert.match(
          r.out,
          /leaveTypes: 0 created, 1 updated/,
          "the standard vacation takes the file's policy",
        );
        const again = await cli(app, ["org", "apply", "--file", `${dir}/org.yaml`]);
        assert.match(again.out, /0 change\(s\) applied/, "applying the same file twice changes nothing");
      });

      await t.step("employees import: a semicolon Windows-1252 file as Excel-CH writes it", async () => {
        await Deno.writeFile(`${dir}/people.csv`, windows1252(PEOPLE_FILE));
        const r = await cli(app, ["employees", "import", "--file", `${dir}/people.csv`]);
        assert.equal(r.code, 0, r.err);
      });

      let token = "";
      await t.step("user invite: the e-mail with the link arrives at the SMTP server", async () => {
        const r = await cli(app, [
          "user",
          "invite",
          "--email",
          "juerg.mueller@example.ch",
          "--employee",
          "P1",
          "--role",
          "employee",
        ]);
        assert.equal(r.code, 0, r.err);
        const transport = smtpTransport(smtp.url);
        try {
          await deliverDue(app.deps, transport, "HR <hr@example.ch>");
        } finally {
          transport.close();
        }
        assert.equal(smtp.received.length, 1);
        assert.deepEqual(smtp.received[0].to, ["juerg.mueller@example.ch"]);
        const body = smtp.received[0].data.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
        token = /\/account\/invitation\?token=(hri_[\w-]+)/.exec(body)?.[1] ?? "";
        assert.ok(token, body);
      });

      await t.step("the password is set through the link", async () => {
        const page = await app.request(`/account/invitation?token=${token}`);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /juerg\.mueller@example\.ch/);
        const set = await app.request("/account/invitation", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token, password: "Juerg-own-secret-26", repeat: "Juerg-own-secret-26" })
            .toString(),
        });
        assert.equal(set.status, 200);
        await set.body?.cancel();
      });

      await t.step("he signs in, sees 22 days and files a week of vacation that costs 4", async () => {
        const session = await app.signIn("juerg.mueller@example.ch", "Juerg-own-secret-26");
        const me = await (await app.request("/api/v1/portal/employee/profile", { token: session })).json();
        assert.equal(`${me.data.firstName} ${me.data.lastName}`, "Jürg Müller");
        const balances =
          await (await app.request("/api/v1/portal/employee/leave/balances", { token: session }))
            .json();
        const vacation = balances.data.balances.find((b: { leaveType: { code: string } }) =>
          b.leaveType.code === "VACATION"
        );
        // The age step (27 days from 50) beats the service step (26 from 10 years); on four weekdays he
        // has 27 × 4/5 = 21.6 of his own days, rounded up to the half day (never below the exact figure,
        // OR Art. 329a): 22. His 80 % changes how long a day is, not how many weeks he has.
        assert.equal(vacation.entitlement, 22, JSON.stringify(vacation));
        assert.equal(vacation.remaining, 22);
        const filed = await app.request("/api/v1/portal/employee/leave/requests", {
          method: "POST",
          token: session,
          json: {
            leaveType: "VACATION",
            startDate: "2026-12-07",
            endDate: "2026-12-11",
            reason: "Skiferien",
          },
        });
        assert.equal(filed.status, 201, await filed.clone().text());
        // Monday to Friday is one of his weeks: four of his working days.
        assert.equal((await filed.json()).data.days, 4);
        const after = await (await app.request("/api/v1/portal/employee/leave/balances", { token: session }))
          .json();
        const v2 = after.data.balances.find((b: { leaveType: { code: string } }) =>
          b.leaveType.code === "VACATION"
        );
        assert.equal(v2.pending, 4);
        const moving = await app.request("/api/v1/portal/employee/leave/requests", {
          method: "POST",
          token: session,
          json: { leaveType: "MOVING", startDate: "2026-12-14", endDate: "2026-12-15" },
        });
        assert.equal(moving.status, 400, "moving is one day per move (leave-types init's standard)");
        await moving.body?.cancel();
      });
    } finally {
      await Deno.remove(dir, { recursive: true });
      await smtp.close();
      app.close();
    }
  },
});
