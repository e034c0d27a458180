/**
 * Encrypted backups with age (the age-encryption.org/v1 format, the `age-encryption` package by its author):
 * to a passphrase (scrypt inside age) or to an age public key (`age1…`), so a backup on a shared disk or with a
 * hosting provider is no copy of everyone's personal data. `restore` takes an encrypted or a plain backup,
 * checks it and writes the database file (mode 0600) where the stopped service will find it.
 */
import type { Database } from "../db/client.ts";
import { openDatabase } from "../db/client.ts";
import { backupDatabase, backupFailure, refuseExisting, removeCopy, TABLE_COUNT_SQL } from "./backup.ts";
import { CommandError } from "./errors.ts";

const AGE_HEADER = "age-encryption.org/v1";

export type BackupKey = { passphrase: string } | { recipient: string };

/** A verified backup, encrypted to the key, written to `target` (mode 0600). */
export async function encryptedBackup(
  database: Database,
  target: string,
  key: BackupKey,
): Promise<{ bytes: number; tables: number }> {
  if ("recipient" in key && !/^age1[0-9a-z]{20,}$/.test(key.recipient)) {
    throw new CommandError("--recipient must be an age public key (age1…).");
  }
  if ("passphrase" in key && key.passphrase.length < 12) {
    throw new CommandError("The backup passphrase must have at least 12 characters.");
  }
  await refuseExisting(target);
  const dir = target.includes("/") ? target.slice(0, target.lastIndexOf("/")) : ".";
  const plain = `${dir}/.hr-backup-${crypto.randomUUID()}.db`;
  try {
    await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
    const r = await backupDatabase(database, plain);
    // Loaded by the command that needs it, not with the service (about 10 MB resident).
    const { Encrypter } = await import("age-encryption");
    const e = new Encrypter();
    if ("passphrase" in key) e.setPassphrase(key.passphrase);
    else e.addRecipient(key.recipient);
    const sealed = await e.encrypt(await Deno.readFile(plain));
    await Deno.writeFile(target, sealed, { createNew: true, mode: 0o600 }).catch(async (e) => {
      // A half-written file would block a retry under the same name (one that existed is not ours).
      if (!(e instanceof Deno.errors.AlreadyExists)) await Deno.remove(target).catch(() => {});
      throw e;
    });
    return { bytes: sealed.byteLength, tables: r.tables };
  } catch (e) {
    throw backupFailure(e, target);
  } finally {
    await removeCopy(plain);
  }
}

/**
 * Restores a backup to `target` (which must not exist: stop the service and move the old database with its
 * -wal and -shm files aside first). An encrypted backup needs its passphrase or an age identity.
 */
export async function restoreBackup(
  from: string,
  target: string,
  key?: { passphrase: string } | { identity: string },
): Promise<{ tables: number }> {
  const bytes = await Deno.readFile(from).catch(() => {
    throw new CommandError(`Cannot read ${from}.`);
  });
  let plain: Uint8Array = bytes;
  if (new TextDecoder().decode(bytes.subarray(0, AGE_HEADER.length)) === AGE_HEADER) {
    if (!key) throw new CommandError("This backup is encrypted: give --passphrase-stdin or --identity-file.");
    const { Decrypter } = await import("age-encryption");
    const d = new Decrypter();
    if ("passphrase" in key) d.addPassphrase(key.passphrase);
    else d.addIdentity(key.identity.trim());
    try {
      plain = await d.decrypt(bytes);
    } catch {
      throw new CommandError("The backup could not be decrypted with this passphrase or identity.");
    }
  }
  if (new TextDecoder().decode(plain.subarray(0, 15)) !== "SQLite format 3") {
    throw new CommandError(`${from} is not a backup of this service (not an SQLite database).`);
  }
  await Deno.lstat(target).then(() => {
    throw new CommandError(
      `${target} exists: stop the service and move it (with its -wal and -shm) aside first.`,
    );
  }, (e) => {
    if (e instanceof CommandError) throw e;
  });
  const dir = target.includes("/") ? target.slice(0, target.lastIndexOf("/")) : ".";
  await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  await Deno.writeFile(target, plain, { createNew: true, mode: 0o600 });
  const db = await openDatabase(`file:${target}`);
  try {
    const check = String((await db.client.execute("PRAGMA integrity_check")).rows[0]?.[0]);
    const tables = Number(
      (await db.client.execute(TABLE_COUNT_SQL)).rows[0][0],
    );
    if (check !== "ok") {
      throw new CommandError(`The restored database failed its integrity check (${check}).`);
    }
    return { tables };
  } catch (e) {
    db.close();
    await Deno.remove(target).catch(() => {});
    throw e;
  } finally {
    try {
      db.close();
    } catch { /* closed */ }
  }
}
