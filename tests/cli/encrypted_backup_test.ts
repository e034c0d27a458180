/**
 * Encrypted backups (age): to a passphrase or an age public key, nothing readable in the file, restored only
 * with the right key, and the restore refuses to overwrite a database or take a file that is no backup.
 */
import assert from "node:assert/strict";
import { generateIdentity, identityToRecipient } from "age-encryption";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { openDatabase } from "../../src/db/client.ts";
import { cli } from "../_cli.ts";

/** Runs a test on the demo app (with `opts`) and a temporary folder, both gone however the test ends. */
async function withAppAndDir(
  opts: Parameters<typeof makeTestApp>[0],
  test: (app: TestApp, dir: string) => Promise<void>,
): Promise<void> {
  const app = await makeTestApp(opts);
  const dir = await Deno.makeTempDir();
  try {
    await test(app, dir);
  } finally {
    app.close();
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("backup: encrypted to a passphrase or an age key, restored only with it", (t) =>
  withAppAndDir({}, async (app, dir) => {
    /** Restores the passphrase backup into `restored/`, the passphrase given on stdin. */
    const restoreBackup = (passphrase: string) =>
      cli(app, [
        "restore",
        "--from",
        `${dir}/hr.db.age`,
        "--to",
        `${dir}/restored/hr.db`,
        "--passphrase-stdin",
      ], passphrase);
    await t.step("a passphrase: the file is age, with no personal data readable", async () => {
      const r = await cli(
        app,
        ["backup", "--to", `${dir}/hr.db.age`, "--passphrase-stdin"],
        "Gurten-Apfel-Rosengarten\n",
      );
      assert.equal(r.code, 0, r.err);
      const bytes = await Deno.readFile(`${dir}/hr.db.age`);
      const text = new TextDecoder("latin1").decode(bytes);
      assert.ok(text.startsWith("age-encryption.org/v1"));
      for (const plain of ["SQLite format 3", "employee@demo.example", "scrypt$", "Gerber"]) {
        assert.ok(!text.includes(plain), plain);
      }
      assert.equal((await Deno.stat(`${dir}/hr.db.age`)).mode! & 0o777, 0o600);
      assert.deepEqual(
        (await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name),
        ["hr.db.age"],
        "no plain copy left",
      );
    });
    await t.step("a wrong passphrase restores nothing", async () => {
      const r = await restoreBackup("wrong-passphrase-here\n");
      assert.equal(r.code, 1);
      assert.match(r.err, /could not be decrypted/);
      assert.equal(await Deno.stat(`${dir}/restored/hr.db`).then(() => true, () => false), false);
    });
    await t.step("the right one restores a checked database with the demo's people", async () => {
      const r = await restoreBackup("Gurten-Apfel-Rosengarten\n");
      assert.equal(r.code, 0, r.err);
      assert.equal((await Deno.stat(`${dir}/restored/hr.db`)).mode! & 0o777, 0o600);
      const db = await openDatabase(`file:${dir}/restored/hr.db`);
      const n = await db.client.execute(
        "SELECT count(*) AS n FROM users WHERE email = 'employee@demo.example'",
      );
      db.close();
      assert.equal(Number(n.rows[0].n), 1);
    });
    await t.step("restore never overwrites a database", async () => {
      const r = await restoreBackup("Gurten-Apfel-Rosengarten\n");
      assert.equal(r.code, 1);
      assert.match(r.err, /stop the service and move it/);
    });
    await t.step("an age public key; restored with the identity", async () => {
      const identity = await generateIdentity();
      const recipient = await identityToRecipient(identity);
      const r = await cli(app, ["backup", "--to", `${dir}/key.age`, "--recipient", recipient]);
      assert.equal(r.code, 0, r.err);
      await Deno.writeTextFile(`${dir}/identity.txt`, `${identity}\n`);
      const back = await cli(app, [
        "restore",
        "--from",
        `${dir}/key.age`,
        "--to",
        `${dir}/r2/hr.db`,
        "--identity-file",
        `${dir}/identity.txt`,
      ]);
      assert.equal(back.code, 0, back.err);
    });
    await t.step(
      "refusals: a short passphrase, a bad recipient, both, a file that is no backup",
      async () => {
        assert.match(
          (await cli(app, ["backup", "--to", `${dir}/x.age`, "--passphrase-stdin"], "short\n")).err,
          /at least 12/,
        );
        assert.match(
          (await cli(app, ["backup", "--to", `${dir}/y.age`, "--recipient", "ssh-ed25519 AAAA"])).err,
          /age public key/,
        );
        const both = await cli(app, [
          "backup",
          "--to",
          `${dir}/z.age`,
          "--recipient",
          "age1x",
          "--passphrase-stdin",
        ]);
        assert.equal(both.code, 2);
        await Deno.writeTextFile(`${dir}/notes.txt`, "hello");
        assert.match(
          (await cli(app, ["restore", "--from", `${dir}/notes.txt`, "--to", `${dir}/r3/hr.db`])).err,
          /not a backup/,
        );
      },
    );
  }));

Deno.test("restore: access tokens from before verify until they expire, and the restored service signs with a new key", () =>
  withAppAndDir({ env: { FEATURE_MCP_CONNECTOR: "true" } }, async (app, dir) => {
    const { issueAccessToken, signingKey } = await import("../../src/oauth/tokens.ts");
    const { verifyAccessToken } = await import("../_tokens.ts");
    const { findOrCreateConnection } = await import("../../src/oauth/connections.ts");
    const { oauthClients, users } = await import("../../src/db/schema/mod.ts");
    const { eq } = await import("drizzle-orm");
    await app.deps.db.insert(oauthClients).values({
      id: "c1",
      name: "A",
      type: "PUBLIC",
      tokenEndpointAuthMethod: "none",
      redirectUris: "[]",
      grantTypes: "[]",
      createdBy: "DYNAMIC",
      createdAt: app.clock.now(),
    });
    const [u] = await app.deps.db.select().from(users).where(eq(users.email, "employee@demo.example"));
    const conn = await findOrCreateConnection(app.deps, {
      clientId: "c1",
      userId: u.id,
      scopes: ["self:read"],
    });
    const before = await issueAccessToken(app.deps, {
      userId: u.id,
      clientId: "c1",
      connectionId: conn.id,
      scopes: ["self:read"],
    });
    const oldKid = (await signingKey(app.deps)).kid;
    assert.equal((await cli(app, ["backup", "--to", `${dir}/b.db`])).code, 0);
    assert.equal((await cli(app, ["restore", "--from", `${dir}/b.db`, "--to", `${dir}/r/hr.db`])).code, 0);
    const restored = await openDatabase(`file:${dir}/r/hr.db`);
    try {
      const deps = { ...app.deps, database: restored, db: restored.db };
      assert.ok(await verifyAccessToken(deps, before.accessToken), "a token from before verifies");
      assert.notEqual((await signingKey(deps)).kid, oldKid, "new tokens are signed by a new key");
      app.clock.advance(601_000);
      assert.equal(await verifyAccessToken(deps, before.accessToken), null, "until it expires");
    } finally {
      restored.close();
    }
  }));
