import type { Database } from "../db/client.ts";
import { openDatabase } from "../db/client.ts";
import { CommandError } from "./errors.ts";

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
  try {
    await Deno.lstat(target);
    throw new CommandError(`${target} already exists; choose a new file name.`);
  } catch (e) {
    if (e instanceof CommandError) throw e;
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  const dir = target.includes("/") ? target.slice(0, target.lastIndexOf("/")) : "";
  if (dir) await Deno.mkdir(dir, { recursive: true, mode: 0o700 });
  // The copy holds all personal data: created empty with mode 0600 first (VACUUM INTO fills an empty file).
  await Deno.writeFile(target, new Uint8Array(), { createNew: true, mode: 0o600 });
  try {
    await database.client.execute({ sql: "VACUUM INTO ?", args: [target] });
  } catch (e) {
    // No half-written or empty file is left behind to block a retry under the same name.
    await Deno.remove(target).catch(() => {});
    throw new CommandError(`The copy could not be written to ${target}: ${(e as Error).message}`);
  }
  const copy = await openDatabase(`file:${target}`);
  try {
    // The token signing key is the one secret kept in usable form. The copy keeps its public half (tokens
    // already issued still verify) but not the private one: secure_delete overwrites the freed bytes, and
    // a restored installation simply generates a new signing key on first use.
    await copy.client.execute("PRAGMA secure_delete=ON");
    await copy.client.execute({
      sql: "UPDATE oauth_signing_keys SET private_jwk = '', retired_at = COALESCE(retired_at, ?)",
      args: [Date.now()],
    });
    await copy.client.execute("VACUUM");
    const check = await copy.client.execute("PRAGMA integrity_check");
    const verdict = String(check.rows[0]?.[0]);
    if (verdict !== "ok") {
      throw new CommandError(`The copy failed its integrity check (${verdict}); it was removed. Try again.`);
    }
    const tables = await copy.client.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'");
    await copy.client.execute("PRAGMA journal_mode=DELETE");
    return { bytes: (await Deno.stat(target)).size, tables: Number(tables.rows[0][0]) };
  } catch (e) {
    copy.close();
    await Deno.remove(target).catch(() => {});
    throw e;
  } finally {
    try {
      copy.close();
    } catch { /* already closed */ }
  }
}
