import { forgetPreparedStatements } from "./local.ts";
import type { Client } from "@libsql/client";

/** Where the SQL written by drizzle-kit lives; embedded in the compiled executable by `--include migrations`. */
const MIGRATIONS_DIR = new URL("../../migrations/", import.meta.url);

/** One migration from drizzle-kit's journal. */
export interface Migration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Reads the journal and the SQL files it names, in order. */
export async function readMigrations(dir: URL = MIGRATIONS_DIR): Promise<Migration[]> {
  const journal = JSON.parse(await Deno.readTextFile(new URL("meta/_journal.json", dir))) as {
    entries: { tag: string; when: number }[];
  };
  const out: Migration[] = [];
  for (const e of journal.entries) {
    const sql = await Deno.readTextFile(new URL(`${e.tag}.sql`, dir));
    out.push({
      tag: e.tag,
      when: e.when,
      hash: await sha256Hex(sql),
      statements: sql.split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean),
    });
  }
  return out;
}

/** When the last migration this executable knows was made (its journal's `when`): later ones are a newer release's. */
export async function lastKnownMigration(dir: URL = MIGRATIONS_DIR): Promise<number> {
  const journal = JSON.parse(await Deno.readTextFile(new URL("meta/_journal.json", dir))) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/** Raised when the database was migrated by a newer version of the service than this one. */
export class DatabaseNewerError extends Error {
  constructor(readonly unknown: number) {
    super(
      `The database has ${unknown} migration(s) this version of the service does not know: it was upgraded by a ` +
        `newer release. Run that release (or restore a backup made before the upgrade); migrations only go forward.`,
    );
    this.name = "DatabaseNewerError";
  }
}

/** The migration state: how many are applied, how many are pending, and whether the database is newer. */
export async function migrationStatus(client: Client, migrations?: Migration[]) {
  const all = migrations ?? await readMigrations();
  await ensureTable(client);
  const rows = await client.execute("SELECT hash, created_at FROM __drizzle_migrations ORDER BY created_at");
  const applied = rows.rows.map((r) => ({ hash: String(r.hash), when: Number(r.created_at) }));
  const lastKnown = all.length ? all[all.length - 1].when : 0;
  const unknown = applied.filter((a) => a.when > lastKnown).length;
  const appliedWhens = new Set(applied.map((a) => a.when));
  const pending = all.filter((m) => !appliedWhens.has(m.when));
  return { applied: applied.length, pending, unknown };
}

async function ensureTable(client: Client) {
  // Same table and columns as drizzle-kit's own migrator, so either tool sees the same history.
  await client.execute(
    "CREATE TABLE IF NOT EXISTS __drizzle_migrations (id INTEGER PRIMARY KEY, hash text NOT NULL, created_at numeric)",
  );
}

/**
 * What a migration's statement asks beyond running it, in comment lines of its SQL: `-- Report: text` adds
 * the text to what `migrate` says when the statement changed rows (`{count}` is how many); `-- Scrub: why`
 * rewrites the whole file afterwards when it changed rows, for a statement that removes what must not rest
 * anywhere (a secret an older version wrote in clear): a deleted value otherwise stays in the file's free
 * space and in its write-ahead log until overwritten.
 */
function directives(statement: string): { report?: string; scrub: boolean } {
  return {
    report: /^--\s*Report:\s*(.+)$/m.exec(statement)?.[1].trim(),
    scrub: /^--\s*Scrub:/m.test(statement),
  };
}

/**
 * Applies pending migrations forward-only, each in one transaction. Refuses to touch a database that
 * already holds migrations this executable does not know (it was upgraded by a newer release). Returns the
 * migrations applied and what they report (see `directives`).
 */
export async function migrate(
  client: Client,
  migrations?: Migration[],
): Promise<{ applied: string[]; reports: string[] }> {
  const all = migrations ?? await readMigrations();
  const status = await migrationStatus(client, all);
  if (status.unknown > 0) throw new DatabaseNewerError(status.unknown);
  const applied: string[] = [];
  const reports: string[] = [];
  let scrub = false;
  for (const m of status.pending) {
    const results = await client.batch([
      ...m.statements,
      { sql: "INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", args: [m.hash, m.when] },
    ], "write");
    m.statements.forEach((sql, i) => {
      const changed = results[i]?.rowsAffected ?? 0;
      if (!changed) return;
      const d = directives(sql);
      if (d.report) reports.push(d.report.replaceAll("{count}", String(changed)));
      scrub ||= d.scrub;
    });
    applied.push(m.tag);
  }
  // A statement prepared before the schema changed would keep its old column list.
  if (applied.length) forgetPreparedStatements(client);
  // A local file only: a libSQL server keeps its own storage and log.
  if (scrub && client.protocol === "file") {
    // VACUUM writes a new file from the live rows only (nothing of a freed page or cell is copied); the
    // checkpoint then moves it out of the log and truncates the log to nothing, old frames included.
    await client.execute("VACUUM");
    await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  return { applied, reports };
}
