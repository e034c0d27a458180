/**
 * The time service checks an edited entry's date itself, whatever door calls it (the portal's schema
 * checks first, but the connector, the console and a future door reach the service with what they parsed):
 * a date that does not exist and one years from today are refused naming `date`, and the entry is unchanged.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { actorFor } from "./_fixtures.ts";
import { timeEntries } from "../../src/db/schema/mod.ts";
import { createTimeEntry, updateTimeEntry } from "../../src/services/time.ts";
import { AppError } from "../../src/errors.ts";

Deno.test("time entries: the service refuses an edited date that does not exist or lies years from today", async () => {
  const t = await makeTestApp();
  try {
    const me = await actorFor(t, "employee@demo.example");
    const entry = await createTimeEntry(t.deps, me, {
      date: "2026-11-14",
      startTime: "08:00",
      endTime: "12:00",
    });
    // Today is 18 November 2026 (the tests' clock): January 2032 is more than five years away.
    for (const date of ["2026-02-30", "2032-01-05"]) {
      const e = await updateTimeEntry(t.deps, me, { id: entry.id, patch: { date } }).then(
        () => undefined,
        (e) => e,
      );
      assert.ok(e instanceof AppError, `${date} refused, not ${e}`);
      assert.equal(e.code, "validation");
      assert.deepEqual(e.fields?.map((f) => f.field), ["date"], date);
    }
    const [row] = await t.deps.db.select().from(timeEntries).where(eq(timeEntries.id, entry.id));
    assert.equal(row.date, "2026-11-14");
  } finally {
    t.close();
  }
});
