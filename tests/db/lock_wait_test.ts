/**
 * Another process holding the write lock: a write waits for it without stopping the service (health checks,
 * reads and other people's requests are answered meanwhile), goes through once the lock is free, and a lock
 * held past DATABASE_LOCK_WAIT_MS answers 503 with Retry-After and a clear message, nothing saved. The
 * holder is a real second process; the order of answers is checked, never how long they took.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { E2E, ok, refusal, startMcpServer } from "../mcp/_harness.ts";
import { holdLock } from "./_lock.ts";
import { openDatabase } from "../../src/db/client.ts";
import { DatabaseBusyError, oneLockWait } from "../../src/db/local.ts";
import { databaseTrouble, troubleMessage } from "../../src/db/trouble.ts";

/** Which of the promises settles first, by the order in which they settle (no timing). */
function settleOrder(named: Record<string, Promise<unknown>>): Promise<string[]> {
  const order: string[] = [];
  return Promise.all(
    Object.entries(named).map(([name, p]) => p.finally(() => order.push(name)).catch(() => {})),
  ).then(() => order);
}

const entry = (date: string) => ({ date, startTime: "08:00", endTime: "12:00", description: "lock test" });

Deno.test("a write lock held by another process: the service keeps answering, the write waits, then goes through", async () => {
  const app = await makeTestApp({ env: { DATABASE_LOCK_WAIT_MS: "20000" } });
  try {
    const token = await app.signIn("employee@demo.example");
    const lock = await holdLock(app.dbPath);
    let writeSettled = false;
    const write = app.request("/api/v1/portal/employee/time-entries", {
      method: "POST",
      token,
      json: entry("2026-03-02"),
    }).finally(() => writeSettled = true);
    // While the write waits for the lock: the health check, a read of one's own data and the readiness
    // check are answered, before the write is.
    const health = await app.request("/healthz");
    assert.equal(health.status, 200);
    const profile = await app.request("/api/v1/portal/employee/profile", { token });
    assert.equal(profile.status, 200);
    await profile.body?.cancel();
    const ready = await app.request("/readyz");
    assert.equal(ready.status, 200);
    await ready.body?.cancel();
    assert.equal(writeSettled, false, "the write is still waiting for the other process's lock");
    await lock.release();
    const r = await write;
    assert.equal(r.status, 201, await r.clone().text());
    const week =
      await (await app.request("/api/v1/portal/employee/time-entries?from=2026-03-02&to=2026-03-02", {
        token,
      }))
        .json();
    assert.equal(
      JSON.stringify(week).split('"lock test"').length - 1,
      1,
      "the entry was filed exactly once",
    );
  } finally {
    app.close();
  }
});

Deno.test("a write lock held past the wait: 503 with Retry-After and a clear message, nothing saved, then the write goes through", async (t) => {
  const app = await makeTestApp({ env: { DATABASE_LOCK_WAIT_MS: "300" } });
  try {
    const token = await app.signIn("employee@demo.example");
    const lock = await holdLock(app.dbPath);
    let refused: Response;
    try {
      const order = await settleOrder({
        write: app.request("/api/v1/portal/employee/time-entries", {
          method: "POST",
          token,
          json: entry("2026-03-03"),
        }).then((r) => refused = r),
        health: app.request("/healthz"),
      });
      assert.deepEqual(order, ["health", "write"]);
    } finally {
      await lock.release();
    }
    await t.step("503, Retry-After, a message that says nothing was saved", async () => {
      assert.equal(refused.status, 503);
      assert.equal(refused.headers.get("retry-after"), "5");
      const body = await refused.json();
      assert.equal(body.code, "database_busy");
      assert.match(body.error, /busy/);
      assert.match(body.error, /nothing was saved/i);
    });
    await t.step("not logged as a fault of the service", () => {
      assert.ok(!app.log.lines.some((l) => l.msg === "unhandled error"));
      assert.equal(app.log.lines.filter((l) => String(l.msg).startsWith("database locked")).length, 1);
    });
    await t.step("the same write after the lock is free: filed once", async () => {
      const r = await app.request("/api/v1/portal/employee/time-entries", {
        method: "POST",
        token,
        json: entry("2026-03-03"),
      });
      assert.equal(r.status, 201);
      const week =
        await (await app.request("/api/v1/portal/employee/time-entries?from=2026-03-03&to=2026-03-03", {
          token,
        }))
          .json();
      assert.equal(JSON.stringify(week).split('"lock test"').length - 1, 1);
    });
  } finally {
    app.close();
  }
});

Deno.test({
  name: "a write lock held past the wait, over the connector: a tool result that says busy, nothing saved",
  ...E2E,
  fn: async () => {
    const s = await startMcpServer({ env: { DATABASE_LOCK_WAIT_MS: "300" } });
    try {
      const g = await s.grant("employee");
      const c = await s.client(g.token);
      ok(await c.callTool({ name: "whoami", arguments: {} }));
      const lock = await holdLock(s.t.dbPath);
      let text: string;
      let document: unknown;
      let unknown: unknown;
      try {
        text = refusal(await c.callTool({ name: "get_my_summary", arguments: {} }));
        // A document read is answered the same way, as a JSON-RPC error (its only channel).
        document = await c.readResource({ uri: "service://documents/vacation-policy" }).catch((e) => e);
        // So is a read refused (no such document): its refusal cannot be recorded either.
        unknown = await c.readResource({ uri: "service://documents/no-such-document" }).catch((e) => e);
      } finally {
        await lock.release();
      }
      assert.match(text, /database is busy/);
      assert.match(text, /nothing was saved/i);
      assert.match(String(document), /database is busy.*nothing was saved/is);
      assert.match(String(unknown), /database is busy.*nothing was saved/is);
      assert.ok(!s.t.log.lines.some((l) => l.msg === "mcp handler failed"), "not logged as a bug");
      ok(await c.callTool({ name: "get_my_summary", arguments: {} }));
    } finally {
      await s.close();
    }
  },
});

Deno.test("one call, one wait: the writes of a call share one lock wait; after it is spent a lock fails at once", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/t.db`;
  const database = await openDatabase(`file:${path}`, { lockWaitMs: 100 });
  const c = database.client;
  try {
    await c.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT, updated_at INTEGER)");
    const write = (k: string) =>
      c.execute({ sql: "INSERT INTO settings (key, value, updated_at) VALUES (?, 'v', 0)", args: [k] })
        .then(() => null, (e) => e as DatabaseBusyError);
    const lock = await holdLock(path);
    try {
      // As a connector call does: a rate counter, the work, an audit row, each meeting the lock.
      const inOneCall = await oneLockWait(async () => [await write("a"), await write("b"), await write("c")]);
      assert.ok(inOneCall.every((e) => e instanceof DatabaseBusyError));
      assert.ok(
        inOneCall[0]!.pauses > 0,
        `the first write waited: ${inOneCall.map((e) => `${e!.pauses}/${e!.waitedMs}`)}`,
      );
      assert.deepEqual(inOneCall.slice(1).map((e) => e!.pauses), [0, 0], "the later ones did not wait again");
      assert.deepEqual(inOneCall.map((e) => e!.holder), Array(3).fill("another program"));
      // Work the call left behind (a timer it started) runs after the call ended: not held to its spent wait.
      let after: Promise<DatabaseBusyError | null> | undefined;
      await oneLockWait(async () => {
        await write("g");
        after = new Promise((resolve) => setTimeout(() => resolve(write("h")), 0));
      });
      assert.ok((await after!)!.pauses > 0, "a write after the call ended waits its own wait");
      // Two calls: each has its own wait.
      const separate = await Promise.all([oneLockWait(() => write("d")), oneLockWait(() => write("e"))]);
      assert.ok(separate.every((e) => e instanceof DatabaseBusyError && e.pauses > 0));
    } finally {
      await lock.release();
    }
    assert.equal(await write("f"), null, "once the lock is gone the write goes through");
  } finally {
    database.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a lock held by the service's own open transaction: the write that gave up on it does not blame another program", async () => {
  const dir = await Deno.makeTempDir();
  const database = await openDatabase(`file:${dir}/t.db`, { lockWaitMs: 50 });
  const c = database.client;
  try {
    await c.execute("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT, updated_at INTEGER)");
    const tx = await c.transaction("write");
    const failed = await c.execute("INSERT INTO settings (key, value, updated_at) VALUES ('x', 'v', 0)")
      .then(() => null, (e) => e);
    tx.close();
    assert.ok(failed instanceof DatabaseBusyError);
    assert.equal(failed.holder, "the service");
    const told = troubleMessage(failed, databaseTrouble(failed)!);
    assert.doesNotMatch(told, /another program/);
    assert.match(told, /nothing was saved/);
  } finally {
    database.close();
    await Deno.remove(dir, { recursive: true });
  }
});
