/**
 * Versions before migration 0018 wrote an invitation's link in clear into the outbox. An upgrade ends every
 * open invitation whose link was kept that way (a copy of the database made before the upgrade holds it), says
 * how many in `migrate`'s output, and leaves no byte of the token in the database file or its log. The
 * upgrade is the real command run as a child process, as an operator runs it.
 */
import assert from "node:assert/strict";
import { openDatabase } from "../../src/db/client.ts";
import { migrate, readMigrations } from "../../src/db/migrate.ts";
import { loadConfig } from "../../src/config.ts";
import { systemClock } from "../../src/clock.ts";
import { memoryLogger } from "../../src/log.ts";
import { createApp } from "../../src/app.ts";
import { sha256Hex } from "../../src/crypto.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** The real `migrate` command in a process of its own; its exit code and what it printed. */
async function migrateCommand(path: string) {
  const r = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "migrate"],
    env: { DATABASE_URL: `file:${path}`, DEMO_DATA: "false", LOG_LEVEL: "warn", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code: r.code, out: new TextDecoder().decode(r.stdout), err: new TextDecoder().decode(r.stderr) };
}

/** A token as the older version made them (`hri_` and 32 random bytes, base64url). */
function oldToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `hri_${
    btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
  }`;
}

/**
 * A database as the version before 0018 left it: migrated to 0017, an HR account invited, its e-mail sent
 * with the link in its body, as that version's `invite` wrote it. Returns the token.
 */
async function invitedByOldVersion(c: Awaited<ReturnType<typeof openDatabase>>["client"]): Promise<string> {
  const all = await readMigrations();
  await migrate(c, all.filter((m) => m.tag < "0018"));
  const token = oldToken();
  const now = Date.now();
  const link = `https://hr.example.ch/account/invitation?token=${encodeURIComponent(token)}`;
  await c.batch([
    {
      sql: "INSERT INTO users (id, email, role, language, password_hash, created_at, updated_at) " +
        "VALUES ('u-hr', 'nina.frei@example.ch', 'hr', 'de', NULL, ?, ?)",
      args: [now, now],
    },
    {
      sql:
        "INSERT INTO invitations (id, token_hash, user_id, created_at, expires_at) VALUES ('i1', ?, 'u-hr', ?, ?)",
      args: [await sha256Hex(token), now, now + 7 * 86_400_000],
    },
    {
      sql:
        "INSERT INTO mail_outbox (id, to_address, subject, text_body, status, attempts, next_attempt_at, " +
        "related_to, created_at, sent_at) VALUES ('m1', 'nina.frei@example.ch', 'Ihr Zugang zum HR-Portal', ?, " +
        "'SENT', 1, ?, 'invitation:u-hr', ?, ?)",
      args: [
        `Guten Tag\n\nLegen Sie Ihr Passwort über diesen Link fest:\n\n${link}\n\nDer Link gilt 7 Tage.\n`,
        now,
        now,
        now,
      ],
    },
  ], "write");
  return token;
}

/** Whether the token's bytes are anywhere in the file (absent files hold nothing). */
async function holds(path: string, token: string): Promise<boolean> {
  const bytes = await Deno.readFile(path).catch(() => new Uint8Array());
  const needle = new TextEncoder().encode(token.slice(4, 30));
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** What the invitation page answers to the link after the upgrade: 410 when it no longer works. */
async function setPasswordWith(path: string, token: string): Promise<number> {
  const config = loadConfig({ DATABASE_URL: `file:${path}`, DEMO_DATA: "false" });
  const database = await openDatabase(config.databaseUrl);
  try {
    const app = createApp({ config, database, db: database.db, clock: systemClock, log: memoryLogger() });
    const r = await app.request("/account/invitation", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token, password: "Apfelbaum-Gurten-1291", repeat: "Apfelbaum-Gurten-1291" })
        .toString(),
    });
    await r.body?.cancel();
    return r.status;
  } finally {
    database.close();
  }
}

Deno.test("migrate: an upgrade from before 0018 ends the invitations whose links were kept in clear, says how many, and leaves no copy of the token", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-old-links-" });
  const path = `${dir}/hr.db`;
  try {
    const old = await openDatabase(`file:${path}`);
    const token = await invitedByOldVersion(old.client);
    // The older service was stopped hard (or the files copied while it ran): the link is in its log.
    await Deno.copyFile(path, `${dir}/left.db`);
    await Deno.copyFile(`${path}-wal`, `${dir}/left.db-wal`);
    old.close();
    const left = `${dir}/left.db`;
    assert.ok(await holds(`${left}-wal`, token) || await holds(left, token), "the old version left the link");

    const r = await migrateCommand(left);
    assert.equal(r.code, 0, r.err);
    assert.match(
      r.out,
      /^1 open invitation link\(s\) that an older version kept in clear .* no longer set a password/m,
    );
    assert.match(r.out, /The database is up to date\./);
    assert.equal(await holds(left, token), false, "the token is not in the database file");
    assert.equal(await holds(`${left}-wal`, token), false, "the token is not in the -wal file");
    assert.equal(await setPasswordWith(left, token), 410);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("migrate: a database that already ran 0018 ends the links it removed at its next upgrade, and scrubs the file", async () => {
  const dir = await Deno.makeTempDir({ prefix: "hr-old-links-" });
  const path = `${dir}/hr.db`;
  try {
    const db = await openDatabase(`file:${path}`);
    const token = await invitedByOldVersion(db.client);
    // Upgraded by a release that had 0018 (the link removed from the message, the invitation left open).
    await db.client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    const all = await readMigrations();
    await migrate(db.client, all.filter((m) => m.tag < "0030"));
    db.close();
    assert.ok(await holds(path, token), "0018 alone left the token's bytes in the file's free space");

    const r = await migrateCommand(path);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^1 open invitation link\(s\) that an older version kept in clear/m);
    assert.equal(await holds(path, token), false, "the token is not in the database file");
    assert.equal(await holds(`${path}-wal`, token), false, "the token is not in the -wal file");
    assert.equal(await setPasswordWith(path, token), 410);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
