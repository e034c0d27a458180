/**
 * Connector calls during another program's lock each wait their own DATABASE_LOCK_WAIT_MS, not their place
 * in a queue behind the calls before them: several prepares sent at once are all answered "busy" after about
 * one wait, as the portal's writes sent with them are. The holder is a real second process (`sqlite3`'s
 * `BEGIN EXCLUSIVE`, as an operator's shell would hold it); the calls go over HTTP to a served app.
 */
import assert from "node:assert/strict";
import { E2E, refusal, startMcpServer } from "../mcp/_harness.ts";
import { holdLock } from "./_lock.ts";

Deno.test({
  name: "a lock held by another program: eight prepares sent at once each answer busy after their own wait",
  ...E2E,
  fn: async () => {
    // A wait of two seconds: eight calls queued one behind the other would take sixteen.
    const s = await startMcpServer({ env: { DATABASE_LOCK_WAIT_MS: "2000" } });
    try {
      const g = await s.grant("employee");
      const clients = await Promise.all(Array.from({ length: 8 }, () => s.client(g.token)));
      // Each client's first call is made before the lock (its connection's first use is a write).
      await Promise.all(clients.map((c) => c.callTool({ name: "whoami", arguments: {} })));
      const lock = await holdLock(s.t.dbPath, "exclusive");
      const took: number[] = [];
      try {
        const sent = performance.now();
        const answers = await Promise.all(clients.map((c, i) =>
          c.callTool({
            name: "prepare_time_entry",
            arguments: {
              date: `2026-03-${String(2 + i).padStart(2, "0")}`,
              start_time: "08:00",
              end_time: "09:00",
            },
          }).then((r) => {
            took.push(Math.round(performance.now() - sent));
            return r;
          })
        ));
        for (const a of answers) assert.match(refusal(a), /database is busy/);
      } finally {
        await lock.release();
      }
      // Queued, the last would answer after eight waits (16 s); each with its own wait, all after about
      // one. The bound is half the queue, so that a busy machine's delays cannot make the test fail.
      assert.ok(Math.max(...took) < 8_000, `answered after ${took.join(", ")} ms`);
    } finally {
      await s.close();
    }
  },
});
