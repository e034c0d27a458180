/** New passwords: at least 10 characters, not one of the most common, not the e-mail address (ASVS V2.1). */
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
    assert.match(err, /most common/);
  } finally {
    t.close();
  }
});
