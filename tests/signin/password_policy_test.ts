/**
 * New passwords: at least 10 characters, not the e-mail address, and hard to guess by zxcvbn-ts's estimate
 * (score 4: at least 10^10 guesses), with the person's name, e-mail and the organisation's name as the words
 * an attacker tries first (OWASP ASVS 4.0 V2.1.7, V2.1.8).
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { findCommand, runCommand } from "../../src/cli/mod.ts";
import { passwordProblem } from "../../src/signin/password_policy.ts";

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
  const context = [
    "lea.keller@example.ch",
    "lea.keller",
    "lea",
    "keller",
    "gipfelwerk demo ag",
    "gipfelwerk",
  ];
  assert.equal(await passwordProblem("Keller-Lea-2026", "lea.keller@example.ch", context), "common");
  assert.equal(await passwordProblem("Gipfelwerk2026!", "lea.keller@example.ch", context), "common");
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
