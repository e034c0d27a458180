/**
 * The token-signing private key at rest: encrypted under a key that is not in the database (a copy of the
 * database cannot sign), a plain key from before is sealed on first use, a rotation deletes the retired private
 * keys and a running service signs with the new key within a minute.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { decodeProtectedHeader, exportJWK, generateKeyPair } from "jose";
import { makeTestApp } from "../_helpers.ts";
import { oauthSigningKeys } from "../../src/db/schema/mod.ts";
import { issueAccessToken, rotateSigningKey, signingKey } from "../../src/oauth/tokens.ts";
import { openDatabase } from "../../src/db/client.ts";
import { openPrivateKey } from "../../src/oauth/key_encryption.ts";

const MCP = { FEATURE_MCP_CONNECTOR: "true" };

Deno.test("keys: the stored private key is ciphertext; the key file beside the database is 0600", async () => {
  const t = await makeTestApp({ demo: false, env: MCP });
  try {
    const { kid } = await signingKey(t.deps);
    const [row] = await t.deps.db.select().from(oauthSigningKeys).where(eq(oauthSigningKeys.kid, kid));
    assert.match(row.privateJwk, /^enc:v1:/);
    assert.ok(!row.privateJwk.includes('"d"'), "no JWK in clear");
    assert.equal((await Deno.stat(`${t.dbPath}.key`)).mode! & 0o777, 0o600);
    // Another process with the database but without the key file cannot use the key.
    const copyDir = await Deno.makeTempDir();
    await Deno.copyFile(t.dbPath, `${copyDir}/hr.db`);
    const copy = await openDatabase(`file:${copyDir}/hr.db`);
    try {
      const deps = { ...t.deps, database: copy, db: copy.db };
      await assert.rejects(() => openPrivateKey(deps, kid, row.privateJwk), /cannot be decrypted/);
    } finally {
      copy.close();
      await Deno.remove(copyDir, { recursive: true });
    }
  } finally {
    t.close();
  }
});

Deno.test("keys: a plain key stored before encryption is sealed on first use and still signs", async () => {
  const t = await makeTestApp({ demo: false, env: MCP });
  try {
    const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
    await t.deps.db.insert(oauthSigningKeys).values({
      kid: "old-plain",
      alg: "ES256",
      privateJwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid: "old-plain", alg: "ES256" }),
      publicJwk: JSON.stringify({
        ...(await exportJWK(publicKey)),
        kid: "old-plain",
        alg: "ES256",
        use: "sig",
      }),
      createdAt: t.clock.now(),
    });
    assert.equal((await signingKey(t.deps)).kid, "old-plain");
    const [row] = await t.deps.db.select().from(oauthSigningKeys).where(
      eq(oauthSigningKeys.kid, "old-plain"),
    );
    assert.match(row.privateJwk, /^enc:v1:/);
  } finally {
    t.close();
  }
});

Deno.test("keys: rotate deletes retired private keys; a running service signs with the new key within a minute", async () => {
  const t = await makeTestApp({ demo: false, env: MCP });
  try {
    const issue = async () =>
      decodeProtectedHeader(
        (await issueAccessToken(t.deps, {
          userId: "u",
          clientId: "c",
          connectionId: "x",
          scopes: ["self:read"],
        }))
          .accessToken,
      ).kid;
    const first = await issue();
    // The admin command runs in another process: its own connection, its own caches.
    const other = await openDatabase(`file:${t.dbPath}`);
    try {
      const rotated = await rotateSigningKey({ ...t.deps, database: other, db: other.db });
      assert.notEqual(rotated.kid, first);
      const [old] = await other.db.select().from(oauthSigningKeys).where(eq(oauthSigningKeys.kid, first!));
      assert.equal(old.privateJwk, "", "the retired private key is gone");
      assert.ok(old.publicJwk.length > 10, "its public key stays for the tokens it signed");
      assert.equal(await issue(), first, "within the minute the running service may still sign with it");
      t.clock.advance(60_001);
      assert.equal(await issue(), rotated.kid, "after a minute the new key signs");
    } finally {
      other.close();
    }
  } finally {
    t.close();
  }
});
