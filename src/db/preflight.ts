/**
 * The checks a local database file passes before the service writes to it: that it is an SQLite database
 * and whole (its header, its size a multiple of its page size, `PRAGMA quick_check` on a read-only
 * connection), that the service may write it and its folder (the WAL lives beside it), and that it is this
 * service's database (its migrations table) and not another program's, nor one a newer release upgraded. A
 * file that fails is never written, and nothing is left beside it: the service stops with a message and an
 * exit code the operator's guide lists.
 */
import Database from "libsql";
import { diskHasRoom, isIoError, isNoSpace } from "./trouble.ts";
import { DatabaseNewerError, lastKnownMigration } from "./migrate.ts";

/** A database upgraded by a newer release (docs/operations.md's table; `src/opening.ts` exits so after migrating). */
export const EXIT_NEWER = 3;
export const EXIT_DAMAGED = 4;
export const EXIT_READ_ONLY = 5;
export const EXIT_FOREIGN = 6;
// 7 is `serve`'s "cannot listen" (src/listen.ts).
export const EXIT_DISK_FULL = 8;

export interface PreflightProblem {
  exitCode: number;
  message: string;
}

/** The path of a local database URL, or null (memory, remote). */
export function localPath(url: string): string | null {
  return url.startsWith("file:") ? url.slice("file:".length).replace(/^\/\/(?=\/)/, "") : null;
}

/** Checks the file behind a database URL; null when it may be opened (or does not exist yet). */
export async function preflight(url: string): Promise<PreflightProblem | null> {
  const path = localPath(url);
  if (!path) return null;
  const stat = await Deno.stat(path).catch(() => null);
  if (!stat || stat.size === 0) return null;
  const damaged = (why: string): PreflightProblem => ({
    exitCode: EXIT_DAMAGED,
    message:
      `The database ${path} is damaged (${why}). Nothing was written to it. Restore the latest backup ` +
      `('hr-service restore') after moving this file aside.`,
  });
  const head = new Uint8Array(100);
  const f = await Deno.open(path, { read: true });
  try {
    await f.read(head);
  } finally {
    f.close();
  }
  if (new TextDecoder().decode(head.subarray(0, 16)) !== "SQLite format 3\0") {
    return {
      exitCode: EXIT_FOREIGN,
      message: `${path} is not an SQLite database; DATABASE_URL names another file.`,
    };
  }
  const raw = (head[16] << 8) | head[17];
  const pageSize = raw === 1 ? 65536 : raw;
  if (pageSize < 512 || stat.size % pageSize !== 0) return damaged(`its size is not a whole number of pages`);
  // The header's page count is valid when its "version-valid-for" number equals the change counter
  // (sqlite.org/fileformat.html §1.3.7).
  const u32 = (i: number) => (head[i] << 24 | head[i + 1] << 16 | head[i + 2] << 8 | head[i + 3]) >>> 0;
  const pages = u32(28);
  // With a write-ahead log beside it, the file alone may be shorter than its header says: a checkpoint that
  // stopped part way (a reader held the rest back, or its process ended) copied page 1, with the new size,
  // before the pages after it. SQLite reads those from the log; `quick_check` below looks at the whole.
  const log = await Deno.stat(`${path}-wal`).catch(() => null);
  if (!(log && log.size > 0) && u32(92) === u32(24) && pages > 0 && pages * pageSize > stat.size) {
    return damaged(`it is shorter than its header says`);
  }
  if (stat.mode !== null && (stat.mode & 0o200) === 0) {
    return {
      exitCode: EXIT_READ_ONLY,
      message:
        `The database ${path} is read-only (mode ${
          (stat.mode & 0o777).toString(8)
        }); the service must write it. ` +
        `Give the service's account write access (chmod 600) and start again.`,
    };
  }
  try {
    const w = await Deno.open(path, { read: true, write: true });
    w.close();
    const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".";
    const probe = `${dir}/.hr-write-check-${crypto.randomUUID()}`;
    await Deno.writeFile(probe, new Uint8Array(), { createNew: true, mode: 0o600 });
    await Deno.remove(probe);
  } catch (e) {
    if (isNoSpace(e)) return diskFull(path, e);
    return {
      exitCode: EXIT_READ_ONLY,
      message:
        `The database ${path} or its folder cannot be written (${(e as Error).message}); the service must ` +
        `write both (the write-ahead log lives beside the file).`,
    };
  }
  // A read-only connection to a file in WAL mode still creates an empty -wal and a 32 KiB -shm beside it. On a
  // refusal those are removed again, so the file is left as it was found; companions that were there before
  // (a crashed service's log, another program's) are never touched.
  const before = await companionsOf(path);
  const checked = checkContents(path, damaged, await lastKnownMigration());
  // SQLite reports a -shm it cannot extend as a "disk I/O error": on a full disk that is no damage, and a
  // restore is the wrong advice.
  const problem = checked.error !== undefined
    ? (await diskFullProblem(path, checked.error)) ?? checked.problem
    : checked.problem;
  if (problem) await removeCompanionsCreatedSince(path, before);
  return problem;
}

/**
 * The refusal for a start that failed because the disk is full (SQLite's or the system's "no space", or an
 * I/O error while a probe finds no room either), or null when the error is not about space.
 */
export async function diskFullProblem(path: string, error: unknown): Promise<PreflightProblem | null> {
  if (isNoSpace(error)) return diskFull(path, error);
  if (isIoError(error) && !await diskHasRoom(folderOf(path))) return diskFull(path, error);
  return null;
}

function diskFull(path: string, error: unknown): PreflightProblem {
  const dir = folderOf(path);
  const where = dir.startsWith("/") ? dir : `${Deno.cwd()}/${dir}`.replace(/\/\.$/, "");
  const why = ((error as Error)?.message ?? String(error)).replace(/^SQLITE_\w+: /, "").slice(0, 200);
  return {
    exitCode: EXIT_DISK_FULL,
    message: `The disk holding ${where} is full, so the database ${path} cannot be opened (${why}). ` +
      "Nothing was written to it. Free space on that disk, then start the service again.",
  };
}

function folderOf(path: string): string {
  return path.includes("/") ? path.slice(0, path.lastIndexOf("/")) || "/" : ".";
}

type Companions = { wal: boolean; shm: boolean };

async function companionsOf(path: string): Promise<Companions> {
  const exists = (p: string) => Deno.lstat(p).then(() => true, () => false);
  return { wal: await exists(`${path}-wal`), shm: await exists(`${path}-shm`) };
}

async function removeCompanionsCreatedSince(path: string, before: Companions): Promise<void> {
  // An -wal that holds frames is not the check's (a read-only connection writes none): it stays.
  const wal = await Deno.lstat(`${path}-wal`).catch(() => null);
  if (!before.wal && wal?.isFile && wal.size === 0) await Deno.remove(`${path}-wal`).catch(() => {});
  if (!before.shm) await Deno.remove(`${path}-shm`).catch(() => {});
}

/**
 * Opens the file read-only: quick_check, and whether its tables are this service's. A file SQLite could not
 * read comes back with the error, for the caller to tell a full disk from damage.
 */
function checkContents(
  path: string,
  damaged: (why: string) => PreflightProblem,
  lastKnown: number,
): { problem: PreflightProblem | null; error?: unknown } {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true });
    const rows = db.prepare("PRAGMA quick_check").all() as Record<string, unknown>[];
    const verdict = rows.map((r) => String(Object.values(r)[0])).join("; ");
    if (verdict !== "ok") return { problem: damaged(`quick_check: ${verdict.slice(0, 300)}`) };
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    if (tables.length && !tables.some((t) => t.name === "__drizzle_migrations")) {
      return {
        problem: {
          exitCode: EXIT_FOREIGN,
          message:
            `${path} is another program's database (it has tables but none of this service's migrations).`,
        },
      };
    }
    // Migrations this executable does not know: a newer release upgraded the file. Said here, on the
    // read-only connection, so that the refusal leaves nothing beside the file either.
    if (tables.length) {
      const { later } = db.prepare("SELECT count(*) AS later FROM __drizzle_migrations WHERE created_at > ?")
        .get(lastKnown) as { later: number };
      if (later > 0) {
        return { problem: { exitCode: EXIT_NEWER, message: new DatabaseNewerError(later).message } };
      }
    }
  } catch (e) {
    return { problem: damaged((e as Error).message.slice(0, 300)), error: e };
  } finally {
    db?.close();
  }
  return { problem: null };
}
