/**
 * A field the operation does not have is refused naming that field where it was sent (`query.offset`,
 * `body.extra`), like any other invalid field, so an app can point at it; never the whole query or body.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";

Deno.test("portal: an unknown query parameter or body field is named itself in fields", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const q = await t.request("/api/v1/portal/employee/sick-leave?offset=0&colour=red", { token });
    assert.equal(q.status, 400);
    const qb = await q.json();
    assert.equal(qb.code, "validation");
    assert.deepEqual(qb.fields.map((f: { field: string }) => f.field).sort(), [
      "query.colour",
      "query.offset",
    ]);
    const b = await t.request("/api/v1/portal/employee/time-entries", {
      method: "POST",
      token,
      json: { date: "2026-11-17", startTime: "08:00", endTime: "09:00", extra: 1 },
    });
    assert.equal(b.status, 400);
    const bb = await b.json();
    assert.deepEqual(bb.fields.map((f: { field: string }) => f.field), ["body.extra"]);
    // The demo employee reads German.
    assert.equal(bb.fields[0].message, bb.error);
    assert.match(bb.error, /extra/);
  } finally {
    t.close();
  }
});
