/**
 * A time entry's project code follows one rule whether the entry is filed or changed: a change with a code of
 * spaces and slashes is refused naming `body.projectCode`, and nothing is stored; an empty string removes the
 * entry's code, as the OpenAPI document says.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { timeEntries } from "../../src/db/schema/mod.ts";

const BASE = "/api/v1/portal";

Deno.test("time entries: a change takes the filing's project-code rule, and an empty code removes it", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const filed = await t.request(`${BASE}/employee/time-entries`, {
      method: "POST",
      token,
      json: { date: "2026-11-17", startTime: "18:00", endTime: "19:00", projectCode: "PLAT-OPS" },
      headers: { "Idempotency-Key": "c0de0000-0000-4000-8000-000000000001" },
    });
    assert.equal(filed.status, 201);
    const id = (await filed.json()).data.id;
    const code = async () =>
      (await t.deps.db.select().from(timeEntries).where(eq(timeEntries.id, id)))[0].projectCode;

    const refused = await t.request(`${BASE}/employee/time-entries/${id}`, {
      method: "PATCH",
      token,
      json: { projectCode: "client visit / Bern & Thun" },
    });
    assert.equal(refused.status, 400);
    const body = await refused.json();
    assert.equal(body.code, "validation");
    assert.ok(
      body.fields.some((f: { field: string }) => f.field === "body.projectCode"),
      JSON.stringify(body),
    );
    assert.equal(await code(), "PLAT-OPS", "nothing stored");

    const cleared = await t.request(`${BASE}/employee/time-entries/${id}`, {
      method: "PATCH",
      token,
      json: { projectCode: "" },
    });
    assert.equal(cleared.status, 200);
    await cleared.body?.cancel();
    assert.equal(await code(), null);
  } finally {
    t.close();
  }
});
