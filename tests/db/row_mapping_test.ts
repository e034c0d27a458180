import assert from "node:assert/strict";
import { alias } from "drizzle-orm/sqlite-core";
import { count, eq, sql } from "drizzle-orm";
import { useFastRowMapping } from "../../src/db/row_mapping.ts";
import {
  departments,
  employees,
  leaveRequests,
  leaveTypes,
  personalDocuments,
  users,
} from "../../src/db/schema/mod.ts";
import { makeTestApp } from "../_helpers.ts";

/** The same select mapped by drizzle itself and by the prepared mapping. */
async function both<T>(run: () => Promise<T>): Promise<{ drizzle: T; fast: T }> {
  useFastRowMapping(false);
  try {
    const drizzle = await run();
    useFastRowMapping(true);
    return { drizzle, fast: await run() };
  } finally {
    useFastRowMapping(true);
  }
}

Deno.test("row mapping: every kind of select gives what drizzle's own mapping gives", async () => {
  const t = await makeTestApp();
  try {
    const db = t.deps.db;
    const manager = alias(employees, "manager");
    // A blob to map (the demo keeps none in this table).
    const [someone] = await db.select({ id: employees.id }).from(employees).limit(1);
    await db.insert(personalDocuments).values({
      employeeId: someone.id,
      kind: "CONTRACT",
      title: "Arbeitsvertrag",
      fileName: "vertrag.pdf",
      contentType: "application/pdf",
      sizeBytes: 5,
      bytes: Buffer.from("%PDF-"),
      uploadedAt: Date.parse("2026-11-18T09:00:00Z"),
    });
    const cases: [string, () => Promise<unknown>][] = [
      // Whole rows: booleans, timestamps, JSON columns, nulls, numbers.
      ["whole rows", () => db.select().from(employees)],
      ["whole rows, one", () => db.select().from(leaveTypes).get()],
      ["nothing found, one", () => db.select().from(employees).where(eq(employees.id, "nobody")).get()],
      // A partial select with nested objects and a left join that matches nothing for some rows (the joined
      // table's object is then null, drizzle's rule).
      ["left join, nested", () =>
        db.select({
          id: employees.id,
          person: { first: employees.firstName, last: employees.lastName },
          manager: { id: manager.id, first: manager.firstName },
        }).from(employees).leftJoin(manager, eq(manager.id, employees.managerId))],
      [
        "left join, whole tables",
        () => db.select().from(employees).leftJoin(departments, eq(departments.id, employees.departmentId)),
      ],
      [
        "inner join, whole tables",
        () =>
          db.select().from(leaveRequests).innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId)),
      ],
      // SQL fields with and without a decoder, and aggregates.
      ["sql fields", () =>
        db.select({
          n: count(),
          doubled: sql<number>`count(*) * 2`.mapWith(Number),
          text: sql<string>`'x' || count(*)`,
        }).from(leaveRequests)],
      ["grouped", () =>
        db.select({ type: leaveRequests.leaveTypeId, n: count() }).from(leaveRequests)
          .groupBy(leaveRequests.leaveTypeId)],
      // A blob column comes back as a Buffer.
      [
        "blob",
        () =>
          db.select({ id: personalDocuments.id, bytes: personalDocuments.bytes }).from(personalDocuments)
            .limit(3),
      ],
      // A blob without a decoder (drizzle makes every blob a Buffer before decoding).
      ["blob without a decoder", () => db.select({ b: sql`x'00ff'` }).from(leaveTypes).limit(2)],
      ["users", () => db.select().from(users)],
    ];
    let rows = 0;
    for (const [name, run] of cases) {
      const { drizzle, fast } = await both(run);
      assert.deepStrictEqual(fast, drizzle, name);
      // Keys in the same order, too (the answers are serialised from these objects).
      assert.equal(JSON.stringify(fast), JSON.stringify(drizzle), name);
      rows += Array.isArray(drizzle) ? drizzle.length : drizzle ? 1 : 0;
    }
    // The demo holds rows of every kind compared above, so the comparison is not of empty lists.
    assert.ok(rows > 40, `only ${rows} rows compared`);
    const { drizzle: joined } = await both(() =>
      db.select({ manager: { id: manager.id } }).from(employees)
        .leftJoin(manager, eq(manager.id, employees.managerId))
    );
    assert.ok(joined.some((r) => r.manager === null), "a left join without a match is compared");
    assert.ok(joined.some((r) => r.manager !== null), "a left join with a match is compared");
    const { fast: blobs } = await both(() =>
      db.select({ bytes: personalDocuments.bytes }).from(personalDocuments).limit(1)
    );
    assert.ok(blobs.length === 1 && Buffer.isBuffer(blobs[0].bytes), "a blob is compared");
  } finally {
    await t.close();
  }
});
