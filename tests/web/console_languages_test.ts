/**
 * The person's language in the back office, on an installation built as a customer builds one and run by its
 * first administrator (no employee record, reading Italian): the console's new-person form and person page
 * have a language field, the employee file's `language` column is kept for people without an account (an
 * export imports into another installation), and every invitation (console form, invite button, `user
 * invite` without --language) is written in the person's language, naming the organisation and who invites.
 */
import assert from "node:assert/strict";
import { desc, eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { employees, invitations, mailOutbox, users } from "../../src/db/schema/mod.ts";
import { sha256Hex } from "../../src/crypto.ts";
import { newInstallation } from "./_installation.ts";
import { addUser, signedInUser, submit, withEmptyApp } from "./_new_installation_people.ts";

const NOW = "2026-11-25T09:00:00.000Z";

// Excel-CH: semicolons, DD.MM.YYYY; nobody has an account yet, and the file says their languages.
const PEOPLE = "personnel_number;first_name;last_name;work_email;canton;employment_start;language\r\n" +
  "T1;Giulia;Rossi;giulia.rossi@example.ch;TI;01.03.2020;it\r\n" +
  "T2;Marco;Bianchi;marco.bianchi@example.ch;ZH;01.01.2024;DE\r\n" +
  "T3;Claire;Dubois;claire.dubois@example.ch;VD;01.09.2025;fr\r\n" +
  "T4;Peter;Muster;peter.muster@example.ch;BE;01.09.2025;\r\n";

/** `user invite` of a person's record with a role; `more` are further options. */
function invite(t: TestApp, email: string, personnelNumber: string, role: string, more: string[] = []) {
  return cli(t, ["user", "invite", "--email", email, "--employee", personnelNumber, "--role", role, ...more]);
}

async function record(t: TestApp, pn: string) {
  return (await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, pn)))[0];
}

async function account(t: TestApp, email: string) {
  return (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];
}

/** The last e-mail queued to an address. */
async function lastMail(t: TestApp, to: string) {
  const [m] = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt)).limit(1);
  assert.ok(m, `a mail to ${to}`);
  return m;
}

Deno.test("the employee file keeps the language of people without an account; an export imports elsewhere", async () => {
  const a = await makeTestApp({ demo: false, now: NOW });
  const b = await makeTestApp({ demo: false, now: NOW });
  try {
    await newInstallation(a, { people: PEOPLE });
    assert.equal((await record(a, "T1")).language, "it");
    assert.equal((await record(a, "T2")).language, "de", "any case");
    assert.equal((await record(a, "T4")).language, null, "an empty cell sets none");
    const exported = await cli(a, ["employees", "export"]);
    assert.equal(exported.code, 0, exported.err);
    assert.match(exported.out, /^T1,Giulia,Rossi,.*,it$/m);
    assert.match(exported.out, /^T3,Claire,Dubois,.*,fr$/m);

    assert.equal((await cli(b, ["leave-types", "init"])).code, 0);
    const imported = await cli(b, ["employees", "import", "--file", "-"], exported.out);
    assert.equal(imported.code, 0, imported.err);
    assert.equal((await record(b, "T1")).language, "it");
    assert.equal((await record(b, "T3")).language, "fr");
    assert.equal((await cli(b, ["employees", "export"])).out, exported.out, "the same file again");

    // An empty cell later leaves the language as it is.
    const again = await cli(a, ["employees", "import", "--file", "-"], PEOPLE.replace(";it\r\n", ";\r\n"));
    assert.equal(again.code, 0, again.err);
    assert.equal((await record(a, "T1")).language, "it");
  } finally {
    a.close();
    b.close();
  }
});

Deno.test("user invite and user add without --language take the person's language; the e-mail names the organisation", () =>
  withEmptyApp(async (t) => {
    await newInstallation(t, { people: PEOPLE });
    const r = await invite(t, "claire.dubois@example.ch", "T3", "employee");
    assert.equal(r.code, 0, r.err);
    const mail = await lastMail(t, "claire.dubois@example.ch");
    assert.equal(mail.subject, "Votre accès au portail RH chez Rossi Sagl");
    assert.match(mail.textBody, /^Bonjour,\n\nVotre équipe RH, chez Rossi Sagl, a créé pour vous un compte/);
    assert.equal((await account(t, "claire.dubois@example.ch")).language, "fr");

    const given = await invite(t, "peter.muster@example.ch", "T4", "employee", ["--language", "en"]);
    assert.equal(given.code, 0, given.err);
    const en = await lastMail(t, "peter.muster@example.ch");
    assert.equal(en.subject, "Your access to the HR portal at Rossi Sagl");
    assert.match(en.textBody, /Your HR team at Rossi Sagl has set up an account for you/);
    assert.equal((await record(t, "T4")).language, "en", "kept with the record for the next invitation");

    // `user add` (an account with a password, no e-mail sent) takes the record's language the same way.
    const added = await addUser(
      t,
      "giulia.rossi@example.ch",
      "employee",
      "T1",
      "Giulia-Bellinzona-Castelgrande-7",
    );
    assert.equal(added.code, 0, added.err);
    assert.equal((await account(t, "giulia.rossi@example.ch")).language, "it");
  }));

Deno.test("console: the invitation speaks the person's language, never the Italian HR person's", (ctx) =>
  withEmptyApp(async (t) => {
    const cookie = await newInstallation(t, { language: "it", people: PEOPLE });

    await ctx.step("the new-person form has a language field", async () => {
      const html = await (await t.request("/hr/people", { headers: cookie })).text();
      assert.match(html, /<label for="language">Lingua<\/label>/);
      assert.match(html, /value="fr"\s*>francese<\/option>/);
    });

    await ctx.step("a Zurich person entered in German gets a German invitation", async () => {
      const r = await submit(t, cookie, "/hr/people", {
        personnel_number: "T5",
        first_name: "Anna",
        last_name: "Keller",
        work_email: "anna.keller@example.ch",
        language: "de",
        canton: "ZH",
        employment_start: "2026-12-01",
        workload_percent: "100",
        weekday: "1",
        role: "employee",
        invite: "yes",
      });
      assert.equal(r.status, 200, await r.clone().text());
      await r.body?.cancel();
      assert.equal((await record(t, "T5")).language, "de");
      assert.equal((await account(t, "anna.keller@example.ch")).language, "de");
      const mail = await lastMail(t, "anna.keller@example.ch");
      assert.equal(mail.subject, "Ihr Zugang zum HR-Portal bei Rossi Sagl");
      // The administrator has no employee record: the address names them.
      assert.match(
        mail.textBody,
        /^Guten Tag\n\nadmin@rossi\.example bei Rossi Sagl hat für Sie ein Konto im HR-Portal eingerichtet/,
      );
    });

    await ctx.step("the invite button of the list uses the record's language", async () => {
      const r = await submit(t, cookie, "/hr/people", { personnel_number: "T2" }, "/hr/people/invite");
      assert.equal(r.status, 200, await r.clone().text());
      await r.body?.cancel();
      assert.equal(
        (await lastMail(t, "marco.bianchi@example.ch")).subject,
        "Ihr Zugang zum HR-Portal bei Rossi Sagl",
      );
      assert.equal((await account(t, "marco.bianchi@example.ch")).language, "de");
    });

    await ctx.step("an HR person with a record is named by name", async () => {
      const hr = await signedInUser(
        t,
        "giulia.rossi@example.ch",
        "hr",
        "T1",
        "Giulia-Bellinzona-Castelgrande-7",
      );
      const r = await submit(t, hr, "/hr/people", { personnel_number: "T3" }, "/hr/people/invite");
      assert.equal(r.status, 200, await r.clone().text());
      await r.body?.cancel();
      const mail = await lastMail(t, "claire.dubois@example.ch");
      assert.match(mail.textBody, /^Bonjour,\n\nGiulia Rossi, chez Rossi Sagl, a créé pour vous un compte/);
    });

    await ctx.step("the person page shows the language and saves a change", async () => {
      const html = await (await t.request("/hr/people/T3", { headers: cookie })).text();
      assert.match(html, /value="fr" selected>francese<\/option>/);
      const r = await submit(t, cookie, "/hr/people/T3", {
        first_name: "Claire",
        last_name: "Dubois",
        work_email: "claire.dubois@example.ch",
        language: "it",
        canton: "VD",
        employment_start: "2025-09-01",
        workload_percent: "100",
        weekly_hours: "42",
        salary_continuation_scale: "BERNER",
        weekday: "1",
      });
      assert.equal(r.status, 200, await r.clone().text());
      await r.body?.cancel();
      assert.equal((await record(t, "T3")).language, "it");
      assert.equal((await account(t, "claire.dubois@example.ch")).language, "it", "and the account's");
    });
  }));

Deno.test("a link that no longer works is said in the invited person's language, else the browser's", () =>
  withEmptyApp(async (t) => {
    await newInstallation(t, { people: PEOPLE });
    const unknown = await t.request("/account/invitation?token=hri_unknownunknownunknownunknown", {
      headers: { "Accept-Language": "fr-CH, de;q=0.5" },
    });
    assert.equal(unknown.status, 410);
    const page = await unknown.text();
    assert.match(page, /<html lang="fr">/);
    assert.match(page, /Ce lien a expiré ou a déjà été utilisé/);

    const invited = await invite(t, "giulia.rossi@example.ch", "T1", "employee");
    assert.equal(invited.code, 0, invited.err);
    assert.equal(
      (await lastMail(t, "giulia.rossi@example.ch")).subject,
      "Il suo accesso al portale HR presso Rossi Sagl",
    );
    // A link of hers that expired yesterday (the link itself only ever travels sealed in the mail).
    const token = "hri_expired-link-of-giulia-rossi-0001";
    const giulia = await account(t, "giulia.rossi@example.ch");
    await t.deps.db.insert(invitations).values({
      tokenHash: await sha256Hex(token),
      userId: giulia.id,
      createdAt: t.clock.now() - 8 * 86_400_000,
      expiresAt: t.clock.now() - 86_400_000,
      replacedAt: t.clock.now(),
    });
    const expired = await t.request(`/account/invitation?token=${token}`, {
      headers: { "Accept-Language": "de-CH" },
    });
    assert.equal(expired.status, 410);
    const text = await expired.text();
    assert.match(text, /<html lang="it">/, "her language, whatever the browser says");
    assert.match(text, /Questo link è scaduto o è già stato usato/);
  }));
