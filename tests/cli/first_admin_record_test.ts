/**
 * The office manager who runs the first start gets her own account with her employee record: `user
 * create-admin --employee <personnel number>` after `employees import`, or `user link` for an administrator
 * made without one. Her app then shows her own vacation; the console tells an administrator without a record
 * how to link one. Built as the README's first start builds an organisation (`tests/_fixture_org.ts`).
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { ADMIN, buildFixtureOrg, ORG_YAML, PEOPLE_CSV } from "../_fixture_org.ts";

const PASSWORD = "Vetro-soffiato-Lugano-2026!";

Deno.test("create-admin --employee: the first administrator is the office manager with her own record", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    for (
      const words of [
        ["leave-types", "init"],
        ["org", "apply", "--file", ORG_YAML],
        ["employees", "import", "--file", PEOPLE_CSV],
      ]
    ) {
      const r = await cli(t, words);
      assert.equal(r.code, 0, r.out + r.err);
    }
    const unknown = await cli(
      t,
      ["user", "create-admin", "--email", "alessandra.fontana@ceresio.example", "--employee", "V99"],
      PASSWORD,
    );
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /There is no employee with personnel number V99\./);

    const r = await cli(t, [
      "user",
      "create-admin",
      "--email",
      "alessandra.fontana@ceresio.example",
      "--employee",
      "V01",
      "--password-stdin",
    ], PASSWORD);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(
      r.out,
      /Administrator alessandra\.fontana@ceresio\.example created, linked to employee V01\./,
    );

    const token = await t.signIn("alessandra.fontana@ceresio.example", PASSWORD);
    const me = await (await t.request("/api/v1/portal/auth/session", { token })).json();
    assert.equal(me.data.user.role, "admin");
    // Without --language: the language of her record in the employee file (Italian), not German.
    assert.equal(me.data.user.language, "it");
    const summary = await t.request("/api/v1/portal/employee/summary", { token });
    assert.equal(summary.status, 200, "her app shows her own home screen");
    const body = await summary.json();
    assert.equal(body.data.leave.year, 2026);

    // Her console does not ask her to link a record she has.
    const page = await (await t.request("/hr/people", { headers: { Cookie: `hr_session=${token}` } })).text();
    assert.doesNotMatch(page, /non è collegato ad alcun fascicolo/);
  } finally {
    t.close();
  }
});

Deno.test("user link: an administrator made without a record is linked later; the console says how", async () => {
  const t = await buildFixtureOrg();
  try {
    const cookie = { Cookie: `hr_session=${await t.signIn(ADMIN.email, ADMIN.password)}` };
    const before = await (await t.request("/hr/people", { headers: cookie })).text();
    assert.match(
      before.replace(/&lt;/g, "<").replace(/&gt;/g, ">"),
      new RegExp(
        `Il suo account ${ADMIN.email} non è collegato ad alcun fascicolo del personale[^<]*` +
          `hr-service user link --email ${ADMIN.email} --employee <numero del personale>`,
      ),
    );

    const unknown = await cli(t, ["user", "link", "--email", ADMIN.email, "--employee", "V99"]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /There is no employee with personnel number V99\./);
    const noAccount = await cli(t, [
      "user",
      "link",
      "--email",
      "nobody@ceresio.example",
      "--employee",
      "V01",
    ]);
    assert.equal(noAccount.code, 1);
    assert.match(noAccount.err, /There is no account nobody@ceresio\.example\./);
    const missing = await cli(t, ["user", "link", "--email", ADMIN.email]);
    assert.notEqual(missing.code, 0);
    assert.match(missing.err, /--employee/);

    const r = await cli(t, ["user", "link", "--email", ADMIN.email, "--employee", "V01"]);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /linked to employee V01/);
    const again = await cli(t, ["user", "link", "--email", ADMIN.email, "--employee", "V01"]);
    assert.equal(again.code, 0, again.out + again.err);
    assert.match(again.out, /was already linked to employee V01/);
    const other = await cli(t, ["user", "link", "--email", ADMIN.email, "--employee", "V02"]);
    assert.equal(other.code, 1);
    assert.match(other.err, /already linked to employee V01/);
    const add = await cli(
      t,
      ["user", "add", "--email", "matteo.cattaneo@ceresio.example", "--role", "manager", "--password-stdin"],
      "Matteo-vetro-soffiato-2026!",
    );
    assert.equal(add.code, 0, add.out + add.err);
    const taken = await cli(t, [
      "user",
      "link",
      "--email",
      "matteo.cattaneo@ceresio.example",
      "--employee",
      "V01",
    ]);
    assert.equal(taken.code, 1);
    assert.match(
      taken.err,
      new RegExp(`Employee V01 is already linked to ${ADMIN.email.replace(".", "\\.")}\\.`),
    );

    const token = await t.signIn(ADMIN.email, ADMIN.password);
    const summary = await t.request("/api/v1/portal/employee/summary", { token });
    assert.equal(summary.status, 200);
    await summary.body?.cancel();
    const after = await (await t.request("/hr/people", { headers: cookie })).text();
    assert.doesNotMatch(after, /non è collegato ad alcun fascicolo/);
  } finally {
    t.close();
  }
});
