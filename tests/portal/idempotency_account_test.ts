/**
 * An idempotency key belongs to the account that sent it: two people whose apps happen to send the same key
 * (a fixed key in a buggy app, or a guessed one) each get their own answer, and neither is ever shown the
 * other's record. A key shared across accounts would hand B the time entry A filed.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { timeEntries } from "../../src/db/schema/mod.ts";

const BASE = "/api/v1/portal";
const KEY = "6b8d3c1e-2f4a-4b6c-8d9e-0a1b2c3d4e5f";
const ENTRY = { date: "2026-11-17", startTime: "18:00", endTime: "19:30", breakMinutes: 0 };

Deno.test("idempotency: the same key from two accounts files two entries, each answered with its own", async () => {
  const t = await makeTestApp();
  try {
    const a = await t.signIn("employee@demo.example");
    const b = await t.signIn("manager@demo.example");
    const post = (token: string) =>
      t.request(`${BASE}/employee/time-entries`, {
        method: "POST",
        token,
        json: ENTRY,
        headers: { "Idempotency-Key": KEY },
      });
    const first = await post(a);
    assert.equal(first.status, 201);
    const aEntry = (await first.json()).data;
    const second = await post(b);
    assert.equal(second.status, 201, "B's request is filed, not refused or replayed");
    assert.equal(second.headers.get("idempotent-replayed"), null);
    const bEntry = (await second.json()).data;
    assert.notEqual(bEntry.id, aEntry.id, "B never gets A's entry");
    const [aRow] = await t.deps.db.select().from(timeEntries).where(eq(timeEntries.id, aEntry.id));
    const [bRow] = await t.deps.db.select().from(timeEntries).where(eq(timeEntries.id, bEntry.id));
    assert.notEqual(aRow.employeeId, bRow.employeeId, "each entry is its own sender's");
    // Each one's retry replays its own answer.
    const aAgain = await post(a);
    assert.equal(aAgain.headers.get("idempotent-replayed"), "true");
    assert.equal((await aAgain.json()).data.id, aEntry.id);
    const bAgain = await post(b);
    assert.equal(bAgain.headers.get("idempotent-replayed"), "true");
    assert.equal((await bAgain.json()).data.id, bEntry.id);
  } finally {
    t.close();
  }
});
