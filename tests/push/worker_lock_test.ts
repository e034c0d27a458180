/**
 * The push worker during another program's lock: quiet (one line when delivery starts to wait, one when it
 * goes on, no error), and no work at all when there is nothing to do (no phone registered: no write, so
 * the lock is not even met). The holder is a real second process.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { holdLock } from "../db/_lock.ts";
import { deliverDuePushes, startPushWorker } from "../../src/push/outbox.ts";
import { oneLockWait } from "../../src/db/local.ts";
import { pushDevices, users } from "../../src/db/schema/mod.ts";

const HOUR = 3_600_000;

Deno.test("push: with no phone registered a run writes nothing, so another program's lock is not met", async () => {
  const t = await makeTestApp({ env: { DATABASE_LOCK_WAIT_MS: "100" } });
  try {
    assert.equal((await t.deps.db.select().from(pushDevices)).length, 0);
    const lock = await holdLock(t.dbPath, "exclusive");
    try {
      const counts = await oneLockWait(() => deliverDuePushes(t.deps.db, t.clock, {}));
      assert.deepEqual(counts, { sent: 0, retried: 0, failed: 0, gone: 0 });
    } finally {
      await lock.release();
    }
  } finally {
    t.close();
  }
});

Deno.test("push: the worker says once that another program's lock holds delivery, and once that it goes on", async () => {
  const t = await makeTestApp({ env: { DATABASE_LOCK_WAIT_MS: "50" } });
  // Runs only when kicked (the interval is an hour), each awaited: no timing. The first run, at the start,
  // finds nothing to do.
  const worker = startPushWorker(t.deps.db, t.clock, {}, t.log, HOUR);
  await worker.kick();
  // A phone registered before devices were tied to sessions: the run has a device to remove.
  const [user] = await t.deps.db.select({ id: users.id }).from(users).limit(1);
  await t.deps.db.insert(pushDevices).values({
    userId: user.id,
    sessionId: null,
    platform: "FCM",
    token: "worker-lock-test",
    language: "de",
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  });
  try {
    const lock = await holdLock(t.dbPath, "exclusive");
    try {
      for (let i = 0; i < 5; i++) await worker.kick();
    } finally {
      await lock.release();
    }
    await worker.kick();
    const lines = t.log.lines.filter((l) => /push/.test(String(l.msg)));
    assert.deepEqual(lines.map((l) => [l.level, l.msg]), [
      ["warn", "push delivery waits"],
      ["info", "push delivery goes on"],
    ]);
    assert.equal(lines[0].reason, "the database is locked by another program");
    assert.equal(
      (await t.deps.db.select().from(pushDevices).where(eq(pushDevices.token, "worker-lock-test"))).length,
      0,
      "once the lock was gone the run did its work",
    );
  } finally {
    worker.stop();
    t.close();
  }
});
