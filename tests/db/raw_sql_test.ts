/**
 * The hand-written SQL stays in step with the schema (docs/architecture.md, "Access to the database"): every
 * statement a module of `src/` writes by hand is in that module's `RAW_SQL`, and each of them compiles
 * against the freshly migrated schema, so a renamed or dropped column fails here, not in a request.
 */
import assert from "node:assert/strict";
import Database from "libsql";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../src/db/client.ts";
import { migrate } from "../../src/db/migrate.ts";
import type { RawStatements } from "../../src/db/raw_sql.ts";

const SRC = fileURLToPath(new URL("../../src/", import.meta.url));

/**
 * A statement written by hand: a string or template that begins with one of SQLite's data statements.
 * PRAGMA and VACUUM concern the file, not the schema; `src/db/` is the client and the migrator, whose own
 * statements (the migrations' bookkeeping, the checks of a file) are tested with them.
 */
const STATEMENT = /(?<quote>[`"'])\s*(?<text>(?:SELECT|INSERT|UPDATE|DELETE|WITH|REPLACE)\s+[\w*(][^`"']*)/g;

async function* sources(dir: string): AsyncGenerator<string> {
  for await (const e of Deno.readDir(dir)) {
    const p = join(dir, e.name);
    if (e.isDirectory) yield* sources(p);
    else if (e.name.endsWith(".ts")) yield p;
  }
}

/** Whitespace made single spaces, so a text and its registered copy compare alike. */
function squeeze(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/** Every text of a module's `RAW_SQL` (a family's every variant), by `name` or `name[variant]`. */
function textsOf(raw: RawStatements): [string, string][] {
  return Object.entries(raw).flatMap(([name, v]) =>
    typeof v === "string" ? [[name, v]] : Object.entries(v).map(([variant, t]) => [`${name}[${variant}]`, t])
  ) as [string, string][];
}

/** The modules of `src/` with a hand-written statement, each with the statements' openings (before any `${`). */
async function handWritten(): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  for await (const file of sources(SRC)) {
    const rel = relative(SRC, file);
    if (rel.startsWith("db/")) continue;
    const text = await Deno.readTextFile(file);
    for (const m of text.matchAll(STATEMENT)) {
      const line = text.slice(text.lastIndexOf("\n", m.index) + 1, m.index);
      if (/^\s*(\*|\/\/|\/\*)/.test(line)) continue; // a comment that quotes a statement
      const opening = squeeze(m.groups!.text.split("${")[0]).slice(0, 60);
      found.set(rel, [...found.get(rel) ?? [], opening]);
    }
  }
  return found;
}

async function registered(rel: string): Promise<RawStatements | undefined> {
  const mod = await import(new URL(`../../src/${rel}`, import.meta.url).href);
  return mod.RAW_SQL as RawStatements | undefined;
}

Deno.test("raw SQL: every hand-written statement in src/ is in its module's RAW_SQL", async () => {
  const found = await handWritten();
  // The scan finds the statements it is meant to (a scan that finds nothing would pass anything).
  for (const known of ["services/summary.ts", "services/leave.ts", "oauth/connections.ts", "mcp/audit.ts"]) {
    assert.ok(found.has(known), `the scan finds the statements of ${known}`);
  }
  const missing: string[] = [];
  for (const [rel, openings] of found) {
    const raw = await registered(rel);
    if (!raw) {
      missing.push(`${rel}: exports no RAW_SQL, but writes "${openings[0]}…"`);
      continue;
    }
    const texts = textsOf(raw).map(([, t]) => squeeze(t));
    for (const o of openings) {
      if (!texts.some((t) => t.includes(o))) missing.push(`${rel}: "${o}…" is in no text of its RAW_SQL`);
    }
  }
  assert.deepEqual(missing, [], "hand-written statements outside the registry (add them to RAW_SQL)");
});

Deno.test("raw SQL: every registered statement compiles against the freshly migrated schema", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/hr.db`;
  const database = await openDatabase(`file:${path}`);
  try {
    await migrate(database.client);
  } finally {
    database.close();
  }
  const db = new Database(path, { readonly: true });
  try {
    const failures: string[] = [];
    let count = 0;
    for (const rel of (await handWritten()).keys()) {
      for (const [name, text] of textsOf((await registered(rel)) ?? {})) {
        count++;
        try {
          db.prepare(text);
        } catch (e) {
          failures.push(`${rel} ${name}: ${(e as Error).message}`);
        }
      }
    }
    assert.deepEqual(failures, []);
    // The families are written out in full: 32 variants of the request page, 8 of the entry page, 4 of the
    // payslip page, besides the single statements.
    assert.ok(count >= 44 + 20, `prepared ${count} statements`);
  } finally {
    db.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("raw SQL: a renamed column makes its statements fail to compile", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/hr.db`;
  const database = await openDatabase(`file:${path}`);
  try {
    await migrate(database.client);
    await database.client.execute("ALTER TABLE leave_requests RENAME COLUMN exceeds_balance TO over_balance");
  } finally {
    database.close();
  }
  const db = new Database(path, { readonly: true });
  try {
    const raw = (await registered("services/leave.ts"))!;
    const broken = textsOf(raw).filter(([, t]) => {
      try {
        db.prepare(t);
        return false;
      } catch (e) {
        return /exceeds_balance/.test((e as Error).message);
      }
    }).map(([name]) => name);
    assert.ok(broken.includes("REQUEST_PAGE_SQL[]"), `broken: ${broken.join(", ")}`);
    assert.ok(broken.includes("REQUEST_PAGE_SQL[tfslc]"));
  } finally {
    db.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("data access: the doors write accounts and sign-in sessions only through the services", async () => {
  // The CLI, the HR console's pages, the portal and the connector are doors: an account's or a session's
  // rows change in the services (or sign-in), where the rules that go with them (ending access, in one
  // transaction) are written once.
  const write =
    /\.(?:insert|update|delete)\(\s*(?:users|sessions)\s*\)|(?:INSERT INTO|UPDATE|DELETE FROM)\s+(?:users|sessions)\b/;
  const offending: string[] = [];
  let scanned = 0;
  for (const door of ["cli", "web", "portal", "mcp"]) {
    for await (const file of sources(join(SRC, door))) {
      scanned++;
      const text = await Deno.readTextFile(file);
      text.split("\n").forEach((line, i) => {
        if (write.test(line)) offending.push(`${relative(SRC, file)}:${i + 1}: ${line.trim()}`);
      });
    }
  }
  assert.ok(scanned > 50, `scanned ${scanned} files`);
  assert.deepEqual(offending, []);
});
