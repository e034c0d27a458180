import type { Database } from "../db/client.ts";
import { openDatabase } from "../db/client.ts";
import { CommandError } from "./errors.ts";
import type { RawStatements } from "../db/raw_sql.ts";

/**
 * An online, consistent copy of the database into one file while the service runs: SQLite's `VACUUM INTO`
 * reads one snapshot (WAL readers do not block writers). The copy is then opened and checked with
 * `PRAGMA integrity_check` before success is reported. Secrets are stored hashed, and the one secret kept
 * in usable form (the private token signing key) is removed from the copy, so the file holds none. Only for local file databases: a libSQL server has its own backups.
 */
export async function backupDatabase(
  database: Database,
  target: string,
): Promise<{ bytes: number; tables: number }> {
  if (!database.isLocal) {
    throw new CommandError(
      "Backups by this command are for a local database file; use the libSQL server's own backups.",
    );
  }
  await refuseExisting(target);
  let created = false;
  try {
    const dir = target.includes("/") ? target.slice(0, target.lastIndexOf("/")) : "";
    if (dir) await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
    // The copy holds all personal data: created empty with mode 0600 first (VACUUM INTO fills an empty file).
    await Deno.writeFile(target, new Uint8Array(), { createNew: true, mode: 0o600 });
    created = true;
    return await fillCopy(database, target);
  } catch (e) {
    // No half-written or empty file is left behind to block a retry under the same name.
    if (created) await removeCopy(target);
    throw backupFailure(e, target);
  }
}

/** Refuses a target that exists: a backup never overwrites a file. */
export async function refuseExisting(target: string): Promise<void> {
  try {
    await Deno.lstat(target);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return;
    throw backupFailure(e, target);
  }
  throw new CommandError(`${target} already exists; choose a new file name.`);
}

/** Removes a copy and whatever SQLite made beside it while the copy was open. */
export async function removeCopy(path: string): Promise<void> {
  for (const p of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
    await Deno.remove(p).catch(() => {});
  }
}

/**
 * A failed backup as the operator can act on it: a read-only or full target, a source that cannot be read
 * whole, or else the system's own words. Refusals of this module pass unchanged.
 */
export function backupFailure(e: unknown, target: string): CommandError {
  if (e instanceof CommandError) return e;
  const detail = (e as Error)?.message ?? String(e);
  const code = String((e as { code?: unknown })?.code ?? "");
  const where = target.includes("/") ? target.slice(0, target.lastIndexOf("/")) : ".";
  if (/SQLITE_FULL|os error 28|no space left|disk is full/i.test(`${code} ${detail}`)) {
    return new CommandError(
      `The disk holding ${where} is full; the backup needs about as much free space as the database. ` +
        "Nothing was left behind: free space or choose another disk, then run the command again.",
    );
  }
  if (
    e instanceof Deno.errors.PermissionDenied ||
    /SQLITE_READONLY|SQLITE_CANTOPEN|os error 30|os error 13|read-only|permission denied/i.test(
      `${code} ${detail}`,
    )
  ) {
    return new CommandError(
      `Cannot write to ${where}: the folder is read-only or not writable by this user (${detail}). ` +
        "Nothing was written; choose a writable folder.",
    );
  }
  if (/SQLITE_CORRUPT|SQLITE_NOTADB|malformed|not a database/i.test(`${code} ${detail}`)) {
    return new CommandError(
      `The database could not be read whole: it is damaged (${detail}). No backup was written. Stop the ` +
        'service and restore the last good backup (docs/operations.md, "Backups and restore").',
    );
  }
  return new CommandError(`The backup to ${target} failed (${detail}). Nothing was left behind.`);
}

/** The signing keys' private halves blanked (the public halves kept), every key retired. */
const DROP_PRIVATE_KEYS_SQL =
  "UPDATE oauth_signing_keys SET private_jwk = '', retired_at = COALESCE(retired_at, ?)";

/** How many tables a database file holds. */
export const TABLE_COUNT_SQL = "SELECT count(*) FROM sqlite_master WHERE type = 'table'";

/** Copies the database into the empty file `target`, takes the private key out and checks the copy. */
async function fillCopy(database: Database, target: string): Promise<{ bytes: number; tables: number }> {
  await database.client.execute({ sql: "VACUUM INTO ?", args: [target] });
  const copy = await openDatabase(`file:${target}`);
  try {
    // The token signing key is the one secret kept in usable form. The copy keeps its public half (tokens
    // already issued still verify) but not the private one: secure_delete overwrites the freed bytes, and
    // a restored installation simply generates a new signing key on first use.
    await copy.client.execute("PRAGMA secure_delete=ON");
    await copy.client.execute({
      sql: DROP_PRIVATE_KEYS_SQL,
      args: [Date.now()],
    });
    await copy.client.execute("VACUUM");
    const check = await copy.client.execute("PRAGMA integrity_check");
    const verdict = String(check.rows[0]?.[0]);
    if (verdict !== "ok") {
      throw new CommandError(`The copy failed its integrity check (${verdict}); it was removed. Try again.`);
    }
    const tables = await copy.client.execute(TABLE_COUNT_SQL);
    await copy.client.execute("PRAGMA journal_mode=DELETE");
    return { bytes: (await Deno.stat(target)).size, tables: Number(tables.rows[0][0]) };
  } finally {
    try {
      copy.close();
    } catch { /* already closed */ }
  }
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { DROP_PRIVATE_KEYS_SQL, TABLE_COUNT_SQL };
