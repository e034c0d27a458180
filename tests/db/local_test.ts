import assert from "node:assert/strict";
import { LibsqlError, type Transaction } from "@libsql/client";
import { openDatabase } from "../../src/db/client.ts";
import {
  ANY_TABLE,
  dataStamp,
  dataVersion,
  oneRow,
  readRow,
  STATEMENT_CACHE_SIZE,
  statementCacheSizes,
  writeTarget,
} from "../../src/db/local.ts";
import { migrate } from "../../src/db/migrate.ts";
import Database from "libsql";

async function fresh(synchronous?: "NORMAL" | "FULL") {
  const dir = await Deno.makeTempDir();
  const database = await openDatabase(`file:${dir}/t.db`, { synchronous });
  await database.client.execute("PRAGMA journal_mode=WAL");
  await database.client.execute(
    "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, big INTEGER)",
  );
  return database;
}

const one = async (c: Pick<Transaction, "execute">, sql: string) => (await c.execute(sql)).rows[0][0];

Deno.test("local client: every pooled connection has its settings, also one a transaction holds", async () => {
  const database = await fresh();
  try {
    const tx = await database.client.transaction("write");
    // The transaction holds one connection, so this read opens a second one.
    assert.equal(Number(await one(database.client, "PRAGMA synchronous")), 1); // NORMAL
    assert.equal(Number(await one(database.client, "PRAGMA foreign_keys")), 1);
    // Locks are waited for on timers by the client, never inside the driver (tests/db/lock_wait_test.ts).
    assert.equal(Number(await one(database.client, "PRAGMA busy_timeout")), 0);
    assert.equal(Number(await one(tx, "PRAGMA synchronous")), 1);
    assert.equal(Number(await one(tx, "PRAGMA foreign_keys")), 1);
    await tx.rollback();
  } finally {
    database.close();
  }
  const full = await fresh("FULL");
  try {
    assert.equal(Number(await one(full.client, "PRAGMA synchronous")), 2);
  } finally {
    full.close();
  }
});

Deno.test("local client: a reused statement binds new arguments, also after it failed", async () => {
  const database = await fresh();
  const c = database.client;
  try {
    const insert = "INSERT INTO t (name, big) VALUES (?, ?) RETURNING id, name";
    const first = await c.execute({ sql: insert, args: ["a", 1] });
    assert.deepEqual([first.rows[0].id, first.rows[0].name], [1, "a"]);
    // The same statement again, failing on the unique name: the client's own error, nothing written.
    await assert.rejects(() => c.execute({ sql: insert, args: ["a", 2] }), (e) => {
      assert.ok(e instanceof LibsqlError);
      assert.match(e.message, /UNIQUE/);
      return true;
    });
    const third = await c.execute({ sql: insert, args: ["b", 3] });
    assert.deepEqual([third.rows[0].id, third.rows[0].name], [2, "b"]);
    // A read stopped after its first row (get) and then run in full gives every row.
    const select = "SELECT name FROM t WHERE id >= ? ORDER BY id";
    assert.equal((await c.execute({ sql: select, args: [1] })).rows.length, 2);
    assert.deepEqual((await c.execute({ sql: select, args: [2] })).rows.map((r) => r.name), ["b"]);
    // A statement that writes reports what it changed each time (not a cached answer).
    const update = "UPDATE t SET big = big + 1 WHERE id <= ?";
    assert.equal((await c.execute({ sql: update, args: [1] })).rowsAffected, 1);
    assert.equal((await c.execute({ sql: update, args: [2] })).rowsAffected, 2);
    // Integers beyond 2^53 are refused as the client always refused them, on a cached statement too.
    await c.execute({ sql: "UPDATE t SET big = ? WHERE id = 1", args: [2n ** 60n] });
    const big = "SELECT big FROM t WHERE id = ?";
    await assert.rejects(() => c.execute({ sql: big, args: [1] }), RangeError);
    assert.equal((await c.execute({ sql: big, args: [2] })).rows[0].big, 4);
    // Rows keep the client's shape: by name and by position.
    const row = (await c.execute("SELECT 1 AS a, 'x' AS b")).rows[0];
    assert.deepEqual([row.a, row.b, row[0], row[1], row.length], [1, "x", 1, "x", 2]);
    assert.deepEqual(Object.keys(row), ["a", "b"]);
  } finally {
    database.close();
  }
});

Deno.test("local client: batches and transactions commit and roll back as before", async () => {
  const database = await fresh();
  const c = database.client;
  try {
    await c.batch([{ sql: "INSERT INTO t (name) VALUES (?)", args: ["x"] }], "write");
    // A failing batch leaves nothing behind.
    await assert.rejects(() =>
      c.batch([
        { sql: "INSERT INTO t (name) VALUES (?)", args: ["y"] },
        { sql: "INSERT INTO t (name) VALUES (?)", args: ["x"] },
      ], "write")
    );
    assert.deepEqual((await c.execute("SELECT name FROM t ORDER BY id")).rows.map((r) => r.name), ["x"]);
    const tx = await c.transaction("write");
    await tx.execute({ sql: "INSERT INTO t (name) VALUES (?)", args: ["z"] });
    await tx.rollback();
    assert.equal(Number(await one(c, "SELECT count(*) FROM t")), 1);
  } finally {
    database.close();
  }
});

Deno.test("local client: a one-row statement gives its row, commits its write and reads no second row", async () => {
  const database = await fresh();
  const c = database.client;
  try {
    const upsert = (name: string) =>
      oneRow({
        sql:
          "INSERT INTO t (name, big) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET big = big + 1 RETURNING id, big",
        args: [name],
      });
    const [a, b, none] = await c.batch([
      upsert("x"),
      upsert("x"),
      oneRow({ sql: "SELECT name FROM t WHERE name = ?", args: ["nobody"] }),
    ], "write");
    // As the client gives rows: by name and by position, the columns and their order.
    assert.equal(a.rows.length, 1);
    assert.equal(a.rows[0].big, 1);
    assert.equal(b.rows[0].big, 2);
    assert.equal(b.rows[0][1], 2);
    assert.deepEqual(b.columns, ["id", "big"]);
    assert.equal(none.rows.length, 0);
    // The upsert's change was made by its single step and committed with the batch.
    assert.equal(Number(await one(c, "SELECT big FROM t WHERE name = 'x'")), 2);
    // A statement marked as one row that would give more gives its first only, as the mark promises.
    await c.execute({ sql: "INSERT INTO t (name) VALUES (?), (?)", args: ["y", "z"] });
    const first = await c.execute(oneRow({ sql: "SELECT name FROM t ORDER BY id", args: [] }));
    assert.deepEqual(first.rows.map((r) => r.name), ["x"]);
    // Unmarked, the same statement gives every row.
    assert.equal((await c.execute({ sql: "SELECT name FROM t ORDER BY id", args: [] })).rows.length, 3);
  } finally {
    database.close();
  }
});

Deno.test("local client: the statement cache is bounded", async () => {
  const database = await fresh();
  try {
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 50; i++) {
      assert.equal(Number(await one(database.client, `SELECT ${i}`)), i);
    }
    const sizes = statementCacheSizes(database.client);
    assert.ok(sizes.length >= 1);
    assert.ok(sizes.every((n) => n <= STATEMENT_CACHE_SIZE), `cache sizes ${sizes}`);
    assert.ok(sizes.some((n) => n === STATEMENT_CACHE_SIZE));
    // The oldest statements were dropped and are prepared again when needed.
    assert.equal(Number(await one(database.client, "SELECT 0")), 0);
  } finally {
    database.close();
  }
});

Deno.test("local client: a migration that changes a table leaves no statement with its old columns", async () => {
  const database = await fresh();
  const c = database.client;
  try {
    await c.execute({ sql: "INSERT INTO t (name) VALUES (?)", args: ["a"] });
    const select = "SELECT * FROM t";
    assert.deepEqual(Object.keys((await c.execute(select)).rows[0]), ["id", "name", "big"]);
    const { applied } = await migrate(c, [{
      tag: "9999_add_column",
      hash: "test",
      when: Date.now(),
      statements: ["ALTER TABLE t ADD COLUMN extra TEXT DEFAULT 'x'"],
    }]);
    assert.deepEqual(applied, ["9999_add_column"]);
    assert.deepEqual((await c.execute(select)).rows[0].extra, "x");
    assert.deepEqual(Object.keys((await c.execute(select)).rows[0]), ["id", "name", "big", "extra"]);
  } finally {
    database.close();
  }
});

Deno.test("local client: concurrent statements and batches share one connection; a transaction has its own", async () => {
  const database = await fresh();
  const c = database.client;
  try {
    // Fifty reads and fifty one-statement batches started together (before any has run).
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 50; i++) {
      work.push(c.execute({ sql: "SELECT ? AS n", args: [i] }));
      work.push(c.batch([{ sql: "INSERT INTO t (name) VALUES (?)", args: [`n${i}`] }], "write"));
    }
    const done = await Promise.all(work);
    assert.deepEqual(
      done.filter((_, i) => i % 2 === 0).map((r) => (r as { rows: { n: number }[] }).rows[0].n),
      [
        ...Array(50).keys(),
      ],
    );
    assert.equal(statementCacheSizes(c).length, 1, "one connection served them all");

    // A transaction holds a second connection: what it writes stays invisible to the shared one until
    // it commits, and the shared connection is never inside the transaction.
    const tx = await c.transaction("write");
    await tx.execute({ sql: "INSERT INTO t (name) VALUES (?)", args: ["in-tx"] });
    assert.equal(statementCacheSizes(c).length, 2);
    assert.equal(Number(await one(c, "SELECT count(*) FROM t WHERE name = 'in-tx'")), 0);
    assert.equal(Number(await one(tx, "SELECT count(*) FROM t WHERE name = 'in-tx'")), 1);
    await tx.commit();
    assert.equal(Number(await one(c, "SELECT count(*) FROM t")), 51);

    // A batch that fails half-way leaves the shared connection outside any transaction.
    await assert.rejects(() =>
      c.batch([
        { sql: "INSERT INTO t (name) VALUES (?)", args: ["half"] },
        { sql: "INSERT INTO t (name) VALUES (?)", args: ["n0"] },
      ], "write")
    );
    const other = await c.transaction("write");
    await other.execute({ sql: "INSERT INTO t (name) VALUES (?)", args: ["after"] });
    await other.commit();
    assert.deepEqual(
      (await c.execute("SELECT name FROM t WHERE name IN ('half', 'after')")).rows.map((r) => r.name),
      ["after"],
    );
  } finally {
    database.close();
  }
});

Deno.test("local client: after close and reconnect the shared connection is opened again", async () => {
  const database = await fresh();
  const c = database.client;
  try {
    await c.execute({ sql: "INSERT INTO t (name) VALUES (?)", args: ["kept"] });
    c.close();
    await assert.rejects(() => c.execute("SELECT 1"), (e) => e instanceof LibsqlError);
    await c.reconnect();
    assert.equal(await one(c, "SELECT name FROM t"), "kept");
    assert.equal(Number(await one(c, "PRAGMA foreign_keys")), 1);
  } finally {
    database.close();
  }
});

Deno.test("local client: readRow gives the row execute gives, as a plain object, on a file and in memory", async () => {
  const file = await fresh();
  const memory = await openDatabase(":memory:");
  await memory.client.execute(
    "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, big INTEGER)",
  );
  try {
    for (const database of [file, memory]) {
      const c = database.client;
      await c.execute({ sql: "INSERT INTO t (name, big) VALUES (?, ?)", args: ["a", 2 ** 40] });
      const sql = `SELECT id, name, big, big * 0.5 AS half, NULL AS empty, x'00ff' AS bytes, name AS name
        FROM t WHERE name = :name`;
      const row: Record<string, unknown> | undefined = await readRow(c, sql, { name: "a" });
      const via = (await c.execute({ sql, args: { name: "a" } })).rows[0];
      for (const k of ["id", "name", "big", "half", "empty"]) assert.equal(row?.[k], via[k], k);
      assert.deepEqual(new Uint8Array(row?.bytes as ArrayBuffer), new Uint8Array([0, 255]));
      assert.deepEqual(Object.keys(row ?? {}), ["id", "name", "big", "half", "empty", "bytes"]);
      assert.equal(row?.big, 2 ** 40);
      // Positional arguments, and no row at all.
      assert.deepEqual(await readRow(c, "SELECT name FROM t WHERE id = ?", [1]), { name: "a" });
      assert.equal(await readRow(c, "SELECT name FROM t WHERE id = ?", [99]), undefined);
    }
    // Only the shared connection was used.
    assert.equal(statementCacheSizes(file.client).length, 1);
    // The read is over when readRow returns: a commit made meanwhile on another connection is seen by the
    // next read, and nothing keeps the log from being checkpointed (an unfinished read would).
    await readRow(file.client, "SELECT name FROM t ORDER BY id", []);
    const tx = await file.client.transaction("write");
    await tx.execute({ sql: "INSERT INTO t (name) VALUES (?)", args: ["b"] });
    await tx.commit();
    assert.deepEqual(await readRow(file.client, "SELECT count(*) AS n FROM t", []), { n: 2 });
    await readRow(file.client, "SELECT name FROM t ORDER BY id", []);
    const ck = await file.client.execute("PRAGMA wal_checkpoint(PASSIVE)");
    assert.equal(ck.rows[0].busy, 0);
    // A failing statement is the client's error type, as from execute.
    await assert.rejects(() => readRow(file.client, "SELECT nope FROM t", []), (e) => {
      assert.ok(e instanceof LibsqlError);
      assert.equal(e.code, "SQLITE_ERROR");
      assert.match(e.message, /no such column: nope/);
      return true;
    });
    // An integer beyond 2^53 is refused, not rounded (the client's "number" mode does the same).
    await file.client.execute({ sql: "UPDATE t SET big = 9007199254740993 WHERE id = 1", args: [] });
    await assert.rejects(() => readRow(file.client, "SELECT big FROM t WHERE id = 1", []), RangeError);
  } finally {
    file.close();
    memory.close();
  }
});

Deno.test("local client: writeTarget names the table a statement writes, nothing, or anything when unsure", () => {
  const cases: [string, string | null][] = [
    ["SELECT * FROM employees", null],
    ["  select 1", null],
    ["VALUES (1)", null],
    ["PRAGMA data_version", null],
    ["BEGIN IMMEDIATE", null],
    ["COMMIT", null],
    ["ROLLBACK", null],
    ["SAVEPOINT a", null],
    ["RELEASE a", null],
    ["EXPLAIN QUERY PLAN SELECT 1", null],
    [
      "INSERT INTO rate_counters (key, window_start, count) VALUES (?, ?, 1) ON CONFLICT DO NOTHING",
      "rate_counters",
    ],
    ['insert into "mcp_audit" ("id") values (?)', "mcp_audit"],
    ["INSERT OR IGNORE INTO Person_Touches (connection_id) VALUES (?)", "person_touches"],
    ["DELETE FROM rate_counters WHERE window_start < ?", "rate_counters"],
    ['update "leave_requests" set "status" = ?', "leave_requests"],
    ["REPLACE INTO settings (key, value) VALUES (?, ?)", "settings"],
    ["UPDATE OR ROLLBACK `employees` SET active = 0", "employees"],
    ["INSERT INTO [time_entries](id) VALUES (?)", "time_entries"],
    // Anything: a schema-qualified name, a CTE, DDL, a comment first.
    ["INSERT INTO main.rate_counters (key) VALUES (?)", ANY_TABLE],
    ["WITH x AS (SELECT 1) DELETE FROM employees", ANY_TABLE],
    ["CREATE TABLE x (a)", ANY_TABLE],
    ["DROP TABLE employees", ANY_TABLE],
    ["-- note\nSELECT 1", ANY_TABLE],
  ];
  for (const [sql, target] of cases) assert.equal(writeTarget(sql), target, sql);
});

Deno.test("local client: dataStamp changes with every change of its tables, from any connection, and only then", async () => {
  const database = await fresh();
  const c = database.client;
  await c.execute("CREATE TABLE rate_counters (key TEXT PRIMARY KEY, count INTEGER)");
  const other = await openDatabase(`file:${database.path}`);
  try {
    let stamp = await dataStamp(c, ["t"]);
    assert.ok(stamp);
    const changed = async (what: string, yes: boolean) => {
      const next = await dataStamp(c, ["t"]);
      assert.equal(next !== stamp, yes, what);
      stamp = next;
    };
    await c.execute({ sql: "SELECT * FROM t WHERE id = ?", args: [1] });
    await readRow(c, "SELECT count(*) AS n FROM t", []);
    await changed("reads", false);
    await c.batch([{ sql: "INSERT INTO rate_counters (key, count) VALUES (?, 1)", args: ["k"] }], "write");
    await c.execute({ sql: "UPDATE rate_counters SET count = count + 1 WHERE key = ?", args: ["k"] });
    await changed("writes to another table", false);
    await c.execute({ sql: "INSERT INTO t (name) VALUES (?)", args: ["a"] });
    await changed("a statement on the shared connection", true);
    await c.batch([{ sql: "UPDATE t SET big = 1 WHERE name = ?", args: ["a"] }], "write");
    await changed("a batch", true);
    const tx = await c.transaction("write");
    await tx.execute({ sql: "UPDATE t SET big = 2 WHERE name = ?", args: ["a"] });
    await changed("a write inside an open transaction on a connection of its own", true);
    await tx.commit();
    await changed("that transaction's commit", true);
    await other.client.execute({ sql: "UPDATE t SET big = 3 WHERE name = ?", args: ["a"] });
    await changed("a commit by another client of the file (another process)", true);
    await c.executeMultiple("UPDATE t SET big = 4; UPDATE t SET big = 5");
    await changed("several statements at once", true);
    c.close();
    await c.reconnect();
    await changed("a new shared connection", true);
    await changed("nothing", false);
    // A client that is not a local file cannot tell.
    const memory = await openDatabase(":memory:");
    assert.equal(await dataStamp(memory.client, ["t"]), null);
    memory.close();
  } finally {
    other.close();
    database.close();
  }
});

Deno.test("local client: dataVersion is one read for the callers of one turn, made after the last of them asked", async () => {
  const database = await fresh();
  const c = database.client;
  // Another process's connection, committing synchronously between two calls of this turn.
  const other = new Database(database.path!);
  try {
    const before = await dataVersion(c);
    assert.equal(typeof before, "number");
    const first = dataVersion(c);
    other.exec("INSERT INTO t (name) VALUES ('from another process')");
    const second = dataVersion(c);
    assert.equal(first, second, "asked in the same turn: one read");
    const seen = await first;
    assert.notEqual(seen, before, "the read began after the commit, so it sees it");
    const third = dataVersion(c);
    assert.notEqual(third, first, "asked after that read: a read of its own");
    assert.equal(await third, seen, "nothing committed since");
    other.exec("UPDATE t SET big = 1");
    assert.notEqual(await dataVersion(c), seen);
  } finally {
    other.close();
    database.close();
  }
});

Deno.test("local client: dataStamp sees a commit made while the client was closed", async () => {
  const database = await fresh();
  const c = database.client;
  try {
    await c.execute({ sql: "INSERT INTO t (name) VALUES (?)", args: ["a"] });
    const before = await dataStamp(c, ["t"]);
    c.close();
    // Another process changes the file meanwhile; a new connection starts its data_version count afresh.
    const other = await openDatabase(`file:${database.path}`);
    await other.client.execute("UPDATE t SET big = 7");
    other.close();
    await c.reconnect();
    assert.notEqual(await dataStamp(c, ["t"]), before);
    assert.equal(await one(c, "SELECT big FROM t"), 7);
  } finally {
    database.close();
  }
});

Deno.test("local client: execute gives the rows and results the client itself gives", async (t) => {
  const file = await fresh();
  // In memory the client runs as it comes (no local pool): the reference for every shape below.
  const memory = await openDatabase(":memory:");
  await memory.client.execute(
    "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, big INTEGER)",
  );
  try {
    const write = async (c: typeof file.client) =>
      await c.execute({ sql: "INSERT INTO t (name, big) VALUES (?, ?)", args: ["a", 2 ** 40] });
    const ours = await write(file.client);
    const theirs = await write(memory.client);
    await t.step("a write: rows affected and last row id", () => {
      assert.equal(ours.rowsAffected, 1);
      assert.equal(ours.lastInsertRowid, 1n);
      assert.deepEqual([ours.rowsAffected, ours.lastInsertRowid], [
        theirs.rowsAffected,
        theirs.lastInsertRowid,
      ]);
      assert.deepEqual(ours.rows, []);
    });
    const sql = `SELECT id, name, big, big * 0.5 AS half, NULL AS empty, x'00ff' AS bytes, name AS name,
      7 AS "0", ? AS flag, ? AS day FROM t WHERE name = :name`;
    const args = [true, new Date(Date.UTC(2026, 10, 18))];
    const read = async (
      c: typeof file.client,
    ) => (await c.execute({ sql: sql.replace(":name", "'a'"), args }));
    const a = await read(file.client);
    const b = await read(memory.client);
    await t.step("the columns and their types", () => {
      assert.deepEqual(a.columns, [
        "id",
        "name",
        "big",
        "half",
        "empty",
        "bytes",
        "name",
        "0",
        "flag",
        "day",
      ]);
      assert.deepEqual(a.columns, b.columns);
      assert.deepEqual(a.columnTypes, b.columnTypes);
    });
    const [x] = a.rows;
    const [y] = b.rows;
    await t.step("a row by name: the first of two columns with one name; a position wins over a name", () => {
      assert.deepEqual(Object.keys(x), ["id", "name", "big", "half", "empty", "bytes", "flag", "day"]);
      assert.deepEqual(Object.keys(x), Object.keys(y));
      assert.equal(x.id, 1);
      assert.equal(x.big, 2 ** 40);
      assert.equal(x.half, 2 ** 39);
      assert.equal(x.flag, 1); // booleans bind as 1 and 0
      assert.equal(x.day, Date.UTC(2026, 10, 18)); // dates as milliseconds
      for (const k of ["id", "name", "big", "half", "empty", "flag", "day"]) assert.equal(x[k], y[k], k);
      assert.deepEqual(new Uint8Array(x.bytes as ArrayBuffer), new Uint8Array([0, 255]));
    });
    await t.step("a row by position, its length, spread and JSON", () => {
      assert.equal(x.length, 10);
      assert.equal(x.length, y.length);
      assert.deepEqual(Array.prototype.slice.call(x, 0, 5), [1, "a", 2 ** 40, 2 ** 39, null]);
      assert.deepEqual(Array.prototype.slice.call(x, 6), Array.prototype.slice.call(y, 6));
      assert.equal(x[0], 1);
      assert.equal(x[7], 7);
      assert.deepEqual({ ...x, bytes: null }, { ...y, bytes: null });
      assert.equal(JSON.stringify({ ...x, bytes: 0 }), JSON.stringify({ ...y, bytes: 0 }));
      assert.deepEqual(a.toJSON(), b.toJSON());
    });
    await t.step("a row's named value can be changed, as the client's can", () => {
      x.name = "changed";
      assert.equal(x.name, "changed");
    });
    await t.step("refusals: the client's errors and messages", async () => {
      for (const c of [file.client, memory.client]) {
        await assert.rejects(
          () => c.execute({ sql: "SELECT ?", args: [undefined as unknown as null] }),
          /undefined cannot be passed as argument to the database/,
        );
        await assert.rejects(() => c.execute({ sql: "SELECT ?", args: [Infinity] }), RangeError);
        await assert.rejects(() => c.execute({ sql: "SELECT ?", args: [2n ** 64n] }), RangeError);
        await assert.rejects(() => c.execute("SELECT nope FROM t"), (e) => {
          assert.ok(e instanceof LibsqlError);
          assert.equal(e.code, "SQLITE_ERROR");
          return true;
        });
        await c.execute("UPDATE t SET big = 9007199254740993 WHERE id = 1");
        await assert.rejects(() => c.execute("SELECT big FROM t"), RangeError);
      }
    });
  } finally {
    file.close();
    memory.close();
  }
});
