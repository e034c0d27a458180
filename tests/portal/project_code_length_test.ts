/**
 * A project code is 1 to 32 characters (`domain/fields.ts`, as time-keeping systems export them): 32 are
 * kept, 33 and 64 are refused naming the field, on a new entry and on a change alike.
 */
import assert from "node:assert/strict";
import { json, makeTestApp } from "../_helpers.ts";

const PORTAL = "/api/v1/portal";

Deno.test("time entries: a project code of 32 characters is kept, one of 33 or 64 is refused naming the field", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const entry = { date: "2026-11-14", startTime: "08:00", endTime: "12:00" };
    const longest = "P".repeat(32);
    const created = await json(
      await t.request(`${PORTAL}/employee/time-entries`, {
        method: "POST",
        token,
        json: { ...entry, projectCode: longest },
      }),
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.data.projectCode, longest);
    const id = created.body.data.id as string;
    for (const bad of ["P".repeat(33), "P".repeat(64)]) {
      const refusedNew = await json(
        await t.request(`${PORTAL}/employee/time-entries`, {
          method: "POST",
          token,
          json: { ...entry, date: "2026-11-13", projectCode: bad },
        }),
      );
      assert.equal(refusedNew.status, 400, `${bad.length} characters on a new entry`);
      assert.match(JSON.stringify(refusedNew.body), /projectCode/);
      const refusedChange = await json(
        await t.request(`${PORTAL}/employee/time-entries/${id}`, {
          method: "PATCH",
          token,
          json: { projectCode: bad },
        }),
      );
      assert.equal(refusedChange.status, 400, `${bad.length} characters on a change`);
      assert.match(JSON.stringify(refusedChange.body), /projectCode/);
    }
  } finally {
    t.close();
  }
});
