import assert from "node:assert/strict";
import { openDatabase } from "../../src/db/client.ts";
import { DatabaseNewerError, migrate, migrationStatus, readMigrations } from "../../src/db/migrate.ts";

async function freshDb() {
  const dir = await Deno.makeTempDir();
  const database = await openDatabase(`file:${dir}/hr.db`);
  return { database, dir };
}

Deno.test("migrate: applies every migration once, forward only", async () => {
  const { database } = await freshDb();
  try {
    const all = await readMigrations();
    const first = await migrate(database.client);
    assert.equal(first.applied.length, all.length);
    const second = await migrate(database.client);
    assert.deepEqual(second.applied, []);
    const s = await migrationStatus(database.client);
    assert.equal(s.pending.length, 0);
    assert.equal(s.unknown, 0);
  } finally {
    database.close();
  }
});

Deno.test("migrate: a database migrated by a newer release is refused with a clear message", async () => {
  const { database } = await freshDb();
  try {
    await migrate(database.client);
    await database.client.execute({
      sql: "INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', ?)",
      args: [Date.now() + 10 * 365 * 86_400_000],
    });
    await assert.rejects(() => migrate(database.client), (e) => {
      assert.ok(e instanceof DatabaseNewerError);
      assert.match(e.message, /newer release/);
      return true;
    });
  } finally {
    database.close();
  }
});

Deno.test("migrate: WAL and foreign keys are in force on a file database, and no connection sleeps on a lock", async () => {
  const { database } = await freshDb();
  try {
    const q = async (sql: string) => (await database.client.execute(sql)).rows[0][0];
    assert.equal(String(await q("PRAGMA journal_mode")).toLowerCase(), "wal");
    assert.equal(Number(await q("PRAGMA foreign_keys")), 1);
    assert.equal(Number(await q("PRAGMA busy_timeout")), 0);
  } finally {
    database.close();
  }
});

Deno.test("migrate: the committed migrations match the schema (drizzle-kit has nothing new to write)", async () => {
  // drizzle-kit compares the schema with the last snapshot; a schema change without a migration fails here.
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "npm:drizzle-kit@0.31.11", "check", "--config", "drizzle.config.ts"],
    cwd: new URL("../..", import.meta.url).pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const gen = await new Deno.Command("bash", {
    args: ["-c", "deno run -A npm:drizzle-kit@0.31.11 generate --config drizzle.config.ts 2>&1 | tail -n 3"],
    cwd: new URL("../..", import.meta.url).pathname,
    env: { NO_COLOR: "1" },
    stdout: "piped",
  }).output();
  assert.match(new TextDecoder().decode(gen.stdout), /No schema changes/);
});

Deno.test("migrate: 0002 keeps the rate counters, keys them window first, and drops the unused audit index", async () => {
  const { database } = await freshDb();
  const c = database.client;
  try {
    // The database as 0001 left it (later migrations rebuild the audit table on their own terms).
    const all = await readMigrations();
    const before = all.filter((m) => m.tag < "0002");
    assert.equal(before.length, 2);
    await migrate(c, before);
    await c.batch([
      {
        sql: "INSERT INTO rate_counters (key, window_start, count) VALUES ('mcp:min:a', 60000, 7)",
        args: [],
      },
      { sql: "INSERT INTO rate_counters (key, window_start, count) VALUES ('mcp:min:b', 0, 3)", args: [] },
    ], "write");
    const indexes = async () =>
      (await c.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'mcp_audit'")).rows
        .map((r) => String(r.name)).filter((n) => !n.startsWith("sqlite_autoindex")).sort();
    assert.deepEqual(await indexes(), ["mcp_audit_conn_idx", "mcp_audit_created_idx"]);

    assert.deepEqual((await migrate(c, all.filter((m) => m.tag < "0003"))).applied.length, 1);
    assert.deepEqual(await indexes(), ["mcp_audit_created_idx"]);
    // The counters survived, and the primary key now starts with the window.
    const rows = await c.execute("SELECT key, window_start, count FROM rate_counters ORDER BY key");
    assert.deepEqual(rows.rows.map((r) => [r.key, r.window_start, r.count]), [
      ["mcp:min:a", 60000, 7],
      ["mcp:min:b", 0, 3],
    ]);
    const pk = await c.execute(
      "SELECT name, pk FROM pragma_table_info('rate_counters') WHERE pk > 0 ORDER BY pk",
    );
    assert.deepEqual(pk.rows.map((r) => r.name), ["window_start", "key"]);
    // The upsert the limits use still finds its row.
    const up = await c.execute(
      `INSERT INTO rate_counters (key, window_start, count) VALUES ('mcp:min:a', 60000, 1)
        ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1 RETURNING count`,
    );
    assert.equal(up.rows[0].count, 8);
  } finally {
    database.close();
  }
});

Deno.test("migrate: 0009 keeps a person's former individual entitlement as a correction with a note", async () => {
  const { database } = await freshDb();
  const c = database.client;
  try {
    const all = await readMigrations();
    await migrate(c, all.filter((m) => !m.tag.startsWith("0009")));
    await c.batch([
      "INSERT INTO employees (id, personnel_number, first_name, last_name, canton, employment_start, created_at, updated_at) VALUES ('e1', 'P1', 'Lea', 'Keller', 'BE', '2020-01-01', 0, 0)",
      "INSERT INTO leave_types (id, code, name_de, name_en, name_fr, deducts_balance, default_annual_days) VALUES ('v', 'VACATION', 'Ferien', 'Vacation', 'Vacances', 1, 25)",
      "INSERT INTO leave_types (id, code, name_de, name_en, name_fr, deducts_balance, default_annual_days) VALUES ('u', 'UNPAID', 'Unbezahlt', 'Unpaid', 'Non payé', 0, 0)",
      "INSERT INTO leave_entitlements (id, employee_id, leave_type_id, year, base_days) VALUES ('a', 'e1', 'v', 2026, 27)",
      "INSERT INTO leave_entitlements (id, employee_id, leave_type_id, year, base_days) VALUES ('b', 'e1', 'v', 2027, 25)",
      "INSERT INTO leave_entitlements (id, employee_id, leave_type_id, year, base_days) VALUES ('c', 'e1', 'u', 2026, 3)",
    ], "write");
    assert.equal((await migrate(c)).applied.length, 1);
    const rows = (await c.execute("SELECT year, days, note, created_by FROM leave_adjustments")).rows;
    assert.deepEqual(rows.map((r) => [r.year, r.days, r.created_by]), [[2026, 2, "migration"]]);
    assert.match(
      String(rows[0].note),
      /^Individual entitlement of 27 days a year \(full time\) before leave policies$/,
    );
  } finally {
    database.close();
  }
});

Deno.test("migrate: 0014 keeps advertisements and candidate e-mails, now by language", async () => {
  const { database } = await freshDb();
  const c = database.client;
  try {
    const all = await readMigrations();
    await migrate(c, all.filter((m) => !m.tag.startsWith("0014")));
    await c.batch([
      {
        sql: `INSERT INTO settings (key, value, updated_at) VALUES ('org.languages', '["fr","de"]', 0)`,
        args: [],
      },
      {
        sql: `INSERT INTO positions (id, title, status, advertisement, created_at, updated_at)
          VALUES ('p1', 'Comptable', 'OPEN', 'Nous cherchons…', 0, 0), ('p2', 'Ohne', 'DRAFT', NULL, 0, 0)`,
        args: [],
      },
      {
        sql: `INSERT INTO stages (id, key, name_de, name_en, name_fr, sort_order) VALUES ('s1', 'INTERVIEW',
          'Interview', 'Interview', 'Entretien', 10)`,
        args: [],
      },
      {
        sql:
          `INSERT INTO stage_automatic_tasks (id, stage_id, kind, title, email_subject, email_body, sort_order)
          VALUES ('t1', 's1', 'EMAIL_CANDIDATE', 'Einladung', 'Einladung: {position}', 'Guten Tag {firstName}', 1),
                 ('t2', 's1', 'CREATE_TASK', 'Referenzen', NULL, NULL, 2)`,
        args: [],
      },
    ], "write");
    assert.deepEqual((await migrate(c)).applied.length, 1);
    const ads = await c.execute("SELECT id, advertisements FROM positions ORDER BY id");
    assert.deepEqual(ads.rows.map((r) => [r.id, JSON.parse(String(r.advertisements))]), [
      ["p1", { fr: "Nous cherchons…" }],
      ["p2", {}],
    ]);
    const texts = await c.execute("SELECT id, email_texts, assignee FROM stage_automatic_tasks ORDER BY id");
    assert.deepEqual(texts.rows.map((r) => [r.id, JSON.parse(String(r.email_texts)), r.assignee]), [
      ["t1", { de: { subject: "Einladung: {position}", body: "Guten Tag {firstName}" } }, "HR"],
      ["t2", {}, "HR"],
    ]);
  } finally {
    database.close();
  }
});

Deno.test("migrate: 0029 keeps every audit row, in its order, without the index on the id", async () => {
  const { database } = await freshDb();
  const c = database.client;
  try {
    const all = await readMigrations();
    await migrate(c, all.filter((m) => m.tag < "0029"));
    const insert = `INSERT INTO mcp_audit (id, created_at, connection_id, kind, name, argument_names,
      records_touched, outcome) VALUES (?, ?, 'c1', 'tool', ?, '[]', '[]', 'ok')`;
    await c.batch([
      { sql: insert, args: ["0190a000-0000-7000-8000-000000000002", 2000, "whoami"] },
      { sql: insert, args: ["0190a000-0000-7000-8000-000000000001", 1000, "get_my_summary"] },
    ], "write");
    const autoindexes = async () =>
      (await c.execute(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'mcp_audit' ORDER BY name",
      )).rows.map((r) => String(r.name));
    assert.deepEqual(await autoindexes(), ["mcp_audit_created_idx", "sqlite_autoindex_mcp_audit_1"]);

    // Up to 0029 only: later migrations are not this test's.
    assert.deepEqual((await migrate(c, all.filter((m) => m.tag < "0030"))).applied, [
      "0029_audit_rows_without_id_index",
    ]);
    assert.deepEqual(await autoindexes(), ["mcp_audit_created_idx"]);
    const pk = await c.execute("SELECT name FROM pragma_table_info('mcp_audit') WHERE pk > 0");
    assert.equal(pk.rows.length, 0);
    const rows = await c.execute("SELECT id, created_at, name FROM mcp_audit ORDER BY rowid");
    assert.deepEqual(rows.rows.map((r) => [r.id, r.created_at, r.name]), [
      ["0190a000-0000-7000-8000-000000000002", 2000, "whoami"],
      ["0190a000-0000-7000-8000-000000000001", 1000, "get_my_summary"],
    ]);
    // The time index still serves the reads by time.
    const plan = await c.execute("EXPLAIN QUERY PLAN SELECT id FROM mcp_audit WHERE created_at >= 1500");
    assert.match(String(plan.rows.map((r) => r.detail).join(" ")), /mcp_audit_created_idx/);
  } finally {
    database.close();
  }
});
