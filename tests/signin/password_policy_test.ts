/**
 * New passwords: at least 10 characters, not the e-mail address, and hard to guess by zxcvbn-ts's estimate
 * (score 4: at least 10^10 guesses), with the person's name, e-mail and the organisation's name as the words
 * an attacker tries first (OWASP ASVS 4.0 V2.1.7, V2.1.8).
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { findCommand, runCommand } from "../../src/cli/mod.ts";
import { passwordProblem } from "../../src/signin/password_policy.ts";
import { cli } from "../_cli.ts";

Deno.test("password policy: length, the common-password list and the e-mail address", async () => {
  assert.equal(await passwordProblem("short-pw"), "tooShort");
  for (const p of ["1234567890", "qwertyuiop", "Password123", "iloveyou12"]) {
    assert.equal(await passwordProblem(p), "common", p);
  }
  assert.equal(await passwordProblem("lea.keller", "Lea.Keller@example.ch"), "email");
  assert.equal(await passwordProblem("lea.keller@example.ch", "lea.keller@example.ch"), "email");
  assert.equal(await passwordProblem("Apfelbaum-Gurten-1291"), null);
});

Deno.test("password policy: every place a password is set refuses a common one", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const found = findCommand(["user", "create-admin"])!;
    let err = "";
    const code = await runCommand(t.deps, found.command, ["--email", "root@example.ch", "--password-stdin"], {
      out: () => {},
      err: (s) => (err += s),
      readStdin: () => Promise.resolve("qwertyuiop\n"),
    });
    assert.equal(code, 1);
    assert.match(err, /too easy to guess/);
  } finally {
    t.close();
  }
});

Deno.test("password policy: what attackers try first on a Swiss company is refused, with the reason's threshold", async () => {
  // Accepted by the exact-list check alone, each of these is among an attacker's first guesses.
  for (
    const p of ["Password123!", "Sommer2026!", "passwort1234", "Winter2027!!", "Estate2026!", "Printemps2026"]
  ) {
    assert.equal(await passwordProblem(p), "common", p);
  }
  // Words of one's own: name, e-mail and organisation.
  const context = { words: ["lea", "keller", "example", "ch", "gipfelwerk", "demo", "ag"], numbers: [] };
  assert.equal(await passwordProblem("Keller-Lea-2026", "lea.keller@example.ch", context), "personal");
  assert.equal(await passwordProblem("Gipfelwerk2026!", "lea.keller@example.ch", context), "personal");
  // A few unrelated words are long enough to be hard to guess.
  for (const p of ["Apfelbaum-Gurten-1291", "correct horse battery", "Gletscher-Wanderung-7"]) {
    assert.equal(await passwordProblem(p, "lea.keller@example.ch", context), null, p);
  }
});

Deno.test("password policy: the invitation page refuses a guessable password in the person's language and keeps the link", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const { invite } = await import("../../src/services/invitations.ts");
    const { deliverDue } = await import("../../src/mail/outbox.ts");
    await invite(t.deps, { email: "lea.keller@example.ch", role: "employee", language: "fr" });
    const sent: string[] = [];
    await deliverDue(
      t.deps,
      { sendMail: (m) => Promise.resolve(void sent.push(m.text)).then(() => ({})) },
      "hr@x",
    );
    const token = /token=(hri_[\w-]+)/.exec(decodeURIComponent(sent[0]))![1];
    const post = (password: string) =>
      t.request("/account/invitation", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token, password, repeat: password }).toString(),
      });
    const refused = await post("Sommer2026!");
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /trop facile à deviner/);
    const ok = await post("Apfelbaum-Gurten-1291");
    assert.ok(ok.status === 200 || ok.status === 303, String(ok.status));
    await ok.body?.cancel();
  } finally {
    t.close();
  }
});

/** The link of the one message the outbox holds for `to`, as the person receives it. */
async function linkSentTo(t: Awaited<ReturnType<typeof makeTestApp>>, to: string): Promise<string> {
  const { deliverDue } = await import("../../src/mail/outbox.ts");
  const sent: { to: string; text: string }[] = [];
  await deliverDue(
    t.deps,
    { sendMail: (m) => Promise.resolve(void sent.push({ to: String(m.to), text: m.text })).then(() => ({})) },
    "hr@x",
  );
  const mail = sent.find((m) => m.to.includes(to));
  assert.ok(mail, `a message to ${to} was sent`);
  return /token=(hri_[\w-]+)/.exec(decodeURIComponent(mail.text))![1];
}

/** Posts a password to the page behind a link; the status and the page. */
async function setThroughLink(t: Awaited<ReturnType<typeof makeTestApp>>, token: string, password: string) {
  const r = await t.request("/account/invitation", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token, password, repeat: password }).toString(),
  });
  return { status: r.status, page: await r.text() };
}

// The demo organisation "Gipfelwerk Demo AG" (positions in Bern, Zürich, Lausanne): Andrea Zbinden (GW-001,
// andrea.zbinden@demo.example, Thun 3600, born 1970-03-07, no account yet) and Lukas Gerber (GW-013, account
// employee@demo.example, Biel/Bienne 2502, born 1991-06-14).

Deno.test("password policy: the invitation page refuses the person's name, organisation or city with a year, in their language", async () => {
  const t = await makeTestApp();
  try {
    const { invite } = await import("../../src/services/invitations.ts");
    await invite(t.deps, {
      email: "andrea.zbinden@demo.example",
      employee: "GW-001",
      role: "hr",
      language: "fr",
    });
    const token = await linkSentTo(t, "andrea.zbinden@demo.example");
    for (
      const p of [
        "Andrea-Zbinden-2026",
        "Andrea.Zbinden.2026",
        "Zbinden-Andrea-1990",
        "zbinden andrea 70",
        "A.Zbinden.07031970",
        "Gipfelwerk-Demo-AG-2026",
        "gipfelwerk@2027",
        "Thun 3600 Thun",
        "Lausanne-2026!",
        "Zuerich-2026-Andrea",
      ]
    ) {
      const r = await setThroughLink(t, token, p);
      assert.equal(r.status, 400, p);
      assert.match(r.page, /Nouveau mot de passe/, p);
      if (!p.startsWith("Zuerich")) {
        assert.match(r.page, /est fait de ce que d(?:'|&#39;)autres savent de vous/, p);
      }
    }
    const ok = await setThroughLink(t, token, "Apfelbaum-Gurten-1291");
    assert.equal(ok.status, 200, ok.page);
  } finally {
    t.close();
  }
});

Deno.test("password policy: the reset page refuses the person's name and e-mail with a year, and their city with its postcode", async () => {
  const t = await makeTestApp();
  try {
    const { requestPasswordReset } = await import("../../src/services/password_reset.ts");
    assert.equal(await requestPasswordReset(t.deps, "employee@demo.example"), "sent");
    const token = await linkSentTo(t, "employee@demo.example");
    for (
      const p of [
        "Lukas Gerber 2026",
        "lukas.gerber@2026",
        "LukasGerber2026!",
        "Biel/Bienne 2502",
        "2502 Bienne 1991",
      ]
    ) {
      const r = await setThroughLink(t, token, p);
      assert.equal(r.status, 400, p);
      assert.match(r.page, /besteht aus dem, was andere über Sie wissen/, p);
    }
    const ok = await setThroughLink(t, token, "Gletscher-Wanderung-7");
    assert.equal(ok.status, 200, ok.page);
  } finally {
    t.close();
  }
});

Deno.test("password policy: user reset-password refuses the person's own words with separators, in any order, with any year", async () => {
  const t = await makeTestApp();
  try {
    for (
      const p of [
        "Lukas Gerber 2026",
        "lukas.gerber@2026",
        "Gerber-Lukas-1991",
        "GERBER_lukas_14061991",
        "Gipfelwerk Demo AG 2026",
        "Biel-2502-Bienne",
        "employee.demo.2026",
      ]
    ) {
      const r = await cli(t, [
        "user",
        "reset-password",
        "--email",
        "employee@demo.example",
        "--password-stdin",
      ], `${p}\n`);
      assert.equal(r.code, 1, p);
      assert.match(r.err, /made of the person's own words/, p);
    }
    const ok = await cli(t, [
      "user",
      "reset-password",
      "--email",
      "employee@demo.example",
      "--password-stdin",
    ], "Apfelbaum-Gurten-1291\n");
    assert.equal(ok.code, 0, ok.err);

    // Andrea Zbinden's account, made with a generated password, then reset with her own words.
    const added = await cli(t, [
      "user",
      "add",
      "--email",
      "andrea.zbinden@demo.example",
      "--role",
      "hr",
      "--employee",
      "GW-001",
    ]);
    assert.equal(added.code, 0, added.err);
    for (
      const p of [
        "Andrea-Zbinden-2026",
        "Andrea.Zbinden.2026",
        "Zbinden-Andrea-1990",
        "Gipfelwerk-Demo-AG-2026",
        "Thun 3600 Thun",
        "Zuerich 8001 2026",
      ]
    ) {
      const r = await cli(t, [
        "user",
        "reset-password",
        "--email",
        "andrea.zbinden@demo.example",
        "--password-stdin",
      ], `${p}\n`);
      assert.equal(r.code, 1, p);
      assert.match(r.err, /made of the person's own words/, p);
    }
  } finally {
    t.close();
  }
});

Deno.test("password policy: user add takes the linked record's words, create-admin the e-mail's and the organisation's", async () => {
  const t = await makeTestApp();
  try {
    const add = (p: string) =>
      cli(t, [
        "user",
        "add",
        "--email",
        "andrea.zbinden@demo.example",
        "--role",
        "hr",
        "--employee",
        "GW-001",
        "--password-stdin",
      ], `${p}\n`);
    for (const p of ["Andrea-Zbinden-2026", "Thun 3600 2026", "Zbinden.Andrea.1970"]) {
      const r = await add(p);
      assert.equal(r.code, 1, p);
      assert.match(r.err, /made of the person's own words/, p);
    }
    assert.equal((await add("Apfelbaum-Gurten-1291")).code, 0);
  } finally {
    t.close();
  }
  const empty = await makeTestApp({ demo: false });
  try {
    const { setSetting } = await import("../../src/settings.ts");
    await setSetting(empty.deps, "organisationName", "Vetreria Ceresio SA");
    const admin = (p: string) =>
      cli(
        empty,
        ["user", "create-admin", "--email", "marco.bernasconi@ceresio.example", "--password-stdin"],
        `${p}\n`,
      );
    for (
      const p of ["Vetreria-Ceresio-2026", "Ceresio SA 2026!", "Bernasconi.Marco.1985", "marco-ceresio-2026"]
    ) {
      const r = await admin(p);
      assert.equal(r.code, 1, p);
      assert.match(r.err, /made of the person's own words/, p);
    }
    assert.equal((await admin("Vetro-soffiato-Lugano-2026!")).code, 0);
  } finally {
    empty.close();
  }
});
