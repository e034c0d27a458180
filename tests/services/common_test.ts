/**
 * The write turn and write transactions of the services: check-then-write sequences never interleave
 * (two overlapping requests filed at once: one wins, the other is refused), and a writer with its own
 * raw batch takes the same turn without waiting on a transaction it would otherwise collide with.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { fileLeaveRequest } from "../../src/services/leave.ts";
import { createTimeEntry } from "../../src/services/time.ts";
import { writeTurn, writeTx } from "../../src/services/common.ts";
import { settings } from "../../src/db/schema/mod.ts";
import { addAccount, addEmployee } from "./_fixtures.ts";

Deno.test("services: two overlapping requests filed at the same time: exactly one is filed", async () => {
  const t = await makeTestApp();
  try {
    const me = await addAccount(t, await addEmployee(t));
    const input = { leaveType: "VACATION", startDate: "2027-02-01", endDate: "2027-02-03" };
    const results = await Promise.allSettled([
      fileLeaveRequest(t.deps, me, input),
      fileLeaveRequest(t.deps, me, { ...input, startDate: "2027-02-03", endDate: "2027-02-05" }),
      createTimeEntry(t.deps, me, { date: "2027-01-04", startTime: "08:00", endTime: "12:00" }),
      createTimeEntry(t.deps, me, { date: "2027-01-04", startTime: "11:00", endTime: "13:00" }),
    ]);
    assert.deepEqual(results.map((r) => r.status), ["fulfilled", "rejected", "fulfilled", "rejected"]);
    for (const r of results.filter((x) => x.status === "rejected")) {
      assert.equal((r as PromiseRejectedResult).reason.code, "conflict");
    }
  } finally {
    t.close();
  }
});

Deno.test("services: a raw batch in the write turn and a service transaction never block each other", async () => {
  const t = await makeTestApp();
  try {
    const client = t.deps.database.client;
    const started = performance.now();
    await Promise.all([
      writeTurn(
        t.deps,
        () => client.batch(["INSERT INTO settings (key, value, updated_at) VALUES ('t1', '1', 0)"], "write"),
      ),
      writeTx(t.deps, async (tx) => {
        await tx.insert(settings).values({ key: "t3", value: "1", updatedAt: 0 });
      }),
      writeTurn(
        t.deps,
        () => client.batch(["INSERT INTO settings (key, value, updated_at) VALUES ('t2', '1', 0)"], "write"),
      ),
    ]);
    assert.ok(performance.now() - started < 2000, "no busy wait");
    const r = await client.execute("SELECT count(*) AS n FROM settings WHERE key IN ('t1', 't2', 't3')");
    assert.equal(Number(r.rows[0].n), 3);
  } finally {
    t.close();
  }
});
