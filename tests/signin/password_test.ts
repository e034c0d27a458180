/**
 * Password hashing: the service hashes at scrypt N = 2^15, r = 8, p = 1 (32 MiB per hash, the OWASP Password
 * Storage Cheat Sheet's baseline order), with a 16-byte salt and a 32-byte key, wherever a password is set;
 * sign-in reads the cost from the stored hash. The numbers are written here, not imported.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "../../src/signin/password.ts";
import { acceptInvitation, invite } from "../../src/services/invitations.ts";
import { users } from "../../src/db/schema/mod.ts";
import { deliverDue } from "../../src/mail/outbox.ts";
import { makeTestApp } from "../_helpers.ts";

const bytes = (b64: string) => atob(b64).length;

function parts(hash: string) {
  const [scheme, N, r, p, salt, key] = hash.split("$");
  return { scheme, N: Number(N), r: Number(r), p: Number(p), saltBytes: bytes(salt), keyBytes: bytes(key) };
}

Deno.test("password: a new hash is scrypt at N = 32768, r = 8, p = 1, 16-byte salt, 32-byte key", async () => {
  const a = await hashPassword("Gletscher-Wanderung-7");
  const b = await hashPassword("Gletscher-Wanderung-7");
  assert.deepEqual(parts(a), { scheme: "scrypt", N: 32768, r: 8, p: 1, saltBytes: 16, keyBytes: 32 });
  assert.notEqual(a, b, "each hash has its own salt");
  assert.equal(await verifyPassword("Gletscher-Wanderung-7", a), true);
  assert.equal(await verifyPassword("Gletscher-Wanderung-8", a), false);
});

Deno.test("password: verification reads the cost from the stored hash and refuses malformed ones", async () => {
  const cheap = await hashPassword("Gletscher-Wanderung-7", { N: 1024, r: 8, p: 1 });
  assert.deepEqual(parts(cheap), { scheme: "scrypt", N: 1024, r: 8, p: 1, saltBytes: 16, keyBytes: 32 });
  assert.equal(await verifyPassword("Gletscher-Wanderung-7", cheap), true);
  assert.equal(await verifyPassword("gletscher-wanderung-7", cheap), false);
  for (const bad of [null, undefined, "", "scrypt$1024$8$1$abc", `bcrypt${cheap.slice(6)}`, "plain"]) {
    assert.equal(await verifyPassword("Gletscher-Wanderung-7", bad), false, String(bad));
  }
});

Deno.test("password: a password set through an invitation is stored at the service's cost", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const { userId } = await invite(t.deps, { email: "lea.keller@example.ch", role: "employee" });
    const sent: string[] = [];
    await deliverDue(
      t.deps,
      { sendMail: (m) => Promise.resolve(void sent.push(m.text)).then(() => ({})) },
      "hr@x",
    );
    const token = /token=(hri_[\w-]+)/.exec(decodeURIComponent(sent[0]))![1];
    const done = await acceptInvitation(t.deps, {
      token,
      password: "Gletscher-Wanderung-7",
      repeat: "Gletscher-Wanderung-7",
    });
    assert.deepEqual(done, { ok: true, email: "lea.keller@example.ch" });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, userId));
    assert.equal(parts(row.passwordHash!).N, 32768);
    assert.equal(
      await t.signIn("lea.keller@example.ch", "Gletscher-Wanderung-7").then(() => "signed in"),
      "signed in",
    );
  } finally {
    t.close();
  }
});
