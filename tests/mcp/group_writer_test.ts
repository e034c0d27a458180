/**
 * The connector's group commit (src/mcp/writer.ts) on a real database file: statements queued together are
 * committed in one transaction, a run of the same single-row insert is written as multi-row inserts, and
 * each caller still hears of its own statement only: committed, or its own failure.
 */
import assert from "node:assert/strict";
import type { InStatement } from "@libsql/client";
import { openDatabase } from "../../src/db/client.ts";
import { GroupWriter, mergeInserts } from "../../src/mcp/writer.ts";

async function fixture() {
  const dir = await Deno.makeTempDir({ prefix: "hr-writer-" });
  const database = await openDatabase(`file:${dir}/w.db`);
  await database.client.execute("CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL, note TEXT)");
  await database.client.execute("CREATE TABLE c (k TEXT PRIMARY KEY, v INTEGER NOT NULL)");
  const batches: number[] = [];
  const batch = database.client.batch.bind(database.client);
  database.client.batch = ((stmts: InStatement[], mode) => {
    batches.push(stmts.length);
    return batch(stmts, mode);
  }) as typeof database.client.batch;
  const writer = new GroupWriter({ db: database.db, database });
  return {
    database,
    writer,
    batches,
    close: () => {
      database.close();
      Deno.removeSync(dir, { recursive: true });
    },
  };
}

const insert = (id: string, n: number, note: string | null = null) => ({
  sql: "INSERT INTO t (id, n, note)\n  VALUES (?, ?, ?)",
  args: [id, n, note],
});

Deno.test("group writer: 90 concurrent inserts are one commit of 5 statements, every row as written", async () => {
  const f = await fixture();
  try {
    const rows = Array.from({ length: 90 }, (_, i) => insert(`r${i}`, i, i % 3 ? `note ${i}` : null));
    const answers = await Promise.all(rows.map((r) => f.writer.run(r)));
    assert.deepEqual(answers, rows.map(() => []));
    // 90 = 64 + 16 + 4 + 4 + 2: five multi-row statements, in one batch.
    assert.deepEqual(f.batches, [5]);
    const stored = await f.database.client.execute("SELECT id, n, note FROM t ORDER BY n");
    assert.deepEqual(
      stored.rows.map((r) => [r.id, r.n, r.note]),
      rows.map((r) => r.args),
    );
  } finally {
    f.close();
  }
});

Deno.test("group writer: a failing row fails its own caller only; the others are committed", async () => {
  const f = await fixture();
  try {
    await f.writer.run(insert("taken", 0));
    const rows = Array.from({ length: 20 }, (_, i) => insert(i === 7 ? "taken" : `r${i}`, i + 1));
    const settled = await Promise.allSettled(rows.map((r) => f.writer.run(r)));
    assert.deepEqual(settled.map((s) => s.status), rows.map((_, i) => i === 7 ? "rejected" : "fulfilled"));
    assert.match(String((settled[7] as PromiseRejectedResult).reason), /UNIQUE constraint failed: t\.id/);
    const stored = await f.database.client.execute("SELECT count(*) AS n FROM t");
    assert.equal(stored.rows[0].n, 20, "the 19 good rows and the first one");
  } finally {
    f.close();
  }
});

Deno.test("group writer: order is kept; upserts, RETURNING and other statements are never merged", async () => {
  const f = await fixture();
  try {
    const upsert = (v: number) => ({
      sql: "INSERT INTO c (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = v + excluded.v",
      args: ["k", v],
    });
    const returning = { sql: "INSERT INTO t (id, n) VALUES (?, ?) RETURNING n", args: ["ret", 100] };
    const group = [
      insert("a", 1),
      insert("b", 2),
      { sql: "UPDATE t SET n = n * 10", args: [] },
      insert("c", 3),
      upsert(1),
      upsert(2),
      returning,
      insert("d", 4),
    ];
    const { stmts, owners } = mergeInserts(group);
    assert.deepEqual(owners, [[0, 1], [2], [3], [4], [5], [6], [7]]);
    assert.equal(
      (stmts[0] as { sql: string }).sql,
      "INSERT INTO t (id, n, note)\n  VALUES (?, ?, ?), (?, ?, ?)",
    );
    const answers = await Promise.all(group.map((s) => f.writer.run(s)));
    assert.deepEqual(answers[6].map((r) => ({ ...r })), [{ n: 100 }]);
    const stored = await f.database.client.execute("SELECT id, n FROM t ORDER BY id");
    // The update ran after a and b and before c and d.
    assert.deepEqual(stored.rows.map((r) => [r.id, r.n]), [["a", 10], ["b", 20], ["c", 3], ["d", 4], [
      "ret",
      100,
    ]]);
    assert.equal((await f.database.client.execute("SELECT v FROM c")).rows[0].v, 3);
  } finally {
    f.close();
  }
});
