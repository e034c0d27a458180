/**
 * `user create-admin --language`: the first administrator has no employee record to take a language from, so
 * the command names the language the console speaks to them; without it German. A language the service does
 * not speak is refused and no account is made.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";

Deno.test("user create-admin --language: the administrator's language, German without it, refused if unknown", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const accounts = async () =>
      (await t.deps.database.client.execute("SELECT email, role, language FROM users ORDER BY email")).rows
        .map((r) => `${r.email} ${r.role} ${r.language}`);

    const refused = await cli(t, ["user", "create-admin", "--email", "admin@example.ch", "--language", "rm"]);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /The language must be de, en, fr or it\./);
    assert.deepEqual(await accounts(), [], "nothing was created");

    const made = await cli(t, ["user", "create-admin", "--email", "admin@example.ch", "--language", "it"]);
    assert.equal(made.code, 0, made.err);
    assert.deepEqual(await accounts(), ["admin@example.ch admin it"]);

    const other = await makeTestApp({ demo: false });
    try {
      const plain = await cli(other, ["user", "create-admin", "--email", "admin@example.ch"]);
      assert.equal(plain.code, 0, plain.err);
      const rows = (await other.deps.database.client.execute("SELECT language FROM users")).rows;
      assert.deepEqual(rows.map((r) => r.language), ["de"]);
    } finally {
      other.close();
    }
  } finally {
    t.close();
  }
});
