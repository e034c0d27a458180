/**
 * After another program's lock: a statement that met the lock and gave up must leave its connection as it
 * found it. The service runs as its own process, a second process holds `BEGIN EXCLUSIVE` while one sign-in
 * (a write outside any transaction) meets it; once the lock is gone the service writes again and another
 * program can take the lock and write. Only the answers are checked, never how long they took.
 */
import assert from "node:assert/strict";
import { openDatabase } from "../../src/db/client.ts";
import { anotherProgramCanWrite, holdLock, startService } from "./_lock.ts";

const entry = (date: string) => ({ date, startTime: "08:00", endTime: "12:00", description: "after a lock" });

for (const password of ["demo-password-2026", "wrong password"]) {
  Deno.test(`one sign-in (${password === "wrong password" ? "wrong" : "right"} password) during another program's lock leaves no lock behind`, async () => {
    const s = await startService({ DATABASE_LOCK_WAIT_MS: "300" });
    try {
      const { token } = await s.signIn("employee@demo.example");
      assert.ok(token);
      const lock = await holdLock(s.dbPath, "exclusive");
      let during;
      try {
        during = await s.signIn("employee@demo.example", password);
      } finally {
        await lock.release();
      }
      assert.equal(during.status, 503, JSON.stringify(during.body));
      assert.equal(during.body.code, "database_busy");

      // Writes of every kind after the lock: outside a transaction (an idempotency claim, a sign-in) and in one.
      for (let i = 0; i < 3; i++) {
        const r = await s.call("/api/v1/portal/employee/time-entries", {
          token,
          json: entry(`2026-03-0${2 + i}`),
          key: crypto.randomUUID(),
        });
        assert.equal(r.status, 201, await r.text());
      }
      const again = await s.signIn("employee@demo.example");
      assert.equal(again.status, 201, JSON.stringify(again.body));
      const plain = await s.call("/api/v1/portal/employee/time-entries", {
        token,
        json: entry("2026-03-05"),
      });
      assert.equal(plain.status, 201, await plain.text());
      assert.ok(await anotherProgramCanWrite(s.dbPath), "another program can take the lock and write");
      const week = await s.call("/api/v1/portal/employee/time-entries?from=2026-03-02&to=2026-03-06", {
        token,
      });
      assert.equal((await week.text()).split('"after a lock"').length - 1, 4, "each write stored once");
    } finally {
      await s.stop();
    }
  });
}

Deno.test("local client: every kind of statement that met another program's lock leaves its connection clean", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/t.db`;
  const database = await openDatabase(`file:${path}`, { lockWaitMs: 50 });
  const c = database.client;
  try {
    await c.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT, updated_at INTEGER)");
    await c.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    const attempts: [string, () => Promise<unknown>][] = [
      ["an insert", () => c.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: ["a"] })],
      [
        "an insert returning rows",
        () => c.execute({ sql: "INSERT INTO t (v) VALUES (?) RETURNING id", args: ["b"] }),
      ],
      ["a batch", () => c.batch([{ sql: "INSERT INTO t (v) VALUES (?)", args: ["c"] }], "write")],
      ["a deferred batch", () => c.batch([{ sql: "UPDATE t SET v = ?", args: ["d"] }], "deferred")],
      ["a transaction", async () => (await c.transaction("write")).close()],
    ];
    for (const [what, attempt] of attempts) {
      const lock = await holdLock(path, "exclusive");
      try {
        await assert.rejects(attempt, (e) => (e as Error).name === "DatabaseBusyError", what);
      } finally {
        await lock.release();
      }
      assert.ok(await anotherProgramCanWrite(path), `after ${what}, another program can write`);
      // The next write outside a transaction commits: a second connection sees it.
      await c.execute({ sql: "INSERT INTO t (v) VALUES (?)", args: [what] });
      const other = await openDatabase(`file:${path}`);
      try {
        const seen = await other.client.execute({
          sql: "SELECT count(*) AS n FROM t WHERE v = ?",
          args: [what],
        });
        assert.equal(seen.rows[0].n, 1, `after ${what}, a later write commits`);
      } finally {
        other.close();
      }
    }
    const stored = await c.execute("SELECT v FROM t ORDER BY id");
    assert.deepEqual(
      stored.rows.map((r) => r.v),
      attempts.map(([what]) => what),
      "nothing of a refused write",
    );
  } finally {
    database.close();
    await Deno.remove(dir, { recursive: true });
  }
});
