/**
 * Special leave's length per event when filing (the rule: domain/special_leave.ts): a request beyond what
 * its event gives is refused with the reason, in the preview as in the filing, and nothing is written.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { leaveRequests } from "../../src/db/schema/mod.ts";
import { fileLeaveRequest, previewLeaveRequest } from "../../src/services/leave.ts";
import { addAccount, addEmployee, refuses } from "./_fixtures.ts";

Deno.test("special leave: filing beyond the length per event is refused, the parts of one event add up", async (t) => {
  const app = await makeTestApp();
  try {
    const fourDays = await addAccount(app, await addEmployee(app, { weekdays: [1, 2, 3, 4], workload: 80 }));
    const count = async () =>
      (await app.deps.db.select().from(leaveRequests).where(
        eq(leaveRequests.employeeId, fourDays.employeeId!),
      ))
        .length;

    await t.step("moving: two days are refused (one day per move), nothing is filed", async () => {
      const input = { leaveType: "MOVING", startDate: "2027-03-01", endDate: "2027-03-02" };
      const msg = await refuses(fileLeaveRequest(app.deps, fourDays, input), "validation");
      assert.equal(
        msg,
        "Invalid field 'endDate': Umzug gives at most 1 working day(s) per event; this request takes 2. " +
          "Shorten it, or ask HR.",
      );
      await refuses(previewLeaveRequest(app.deps, fourDays, input), "validation", /at most 1 working day/);
      assert.equal(await count(), 0);
      const one = await fileLeaveRequest(app.deps, fourDays, { ...input, endDate: "2027-03-01" });
      assert.equal(one.days, 1);
    });

    await t.step(
      "the other parent on four weekdays: 8 of his days within six months, then refused",
      async () => {
        const first = await fileLeaveRequest(app.deps, fourDays, {
          leaveType: "OTHER_PARENT",
          startDate: "2027-04-05",
          endDate: "2027-04-08",
        });
        assert.equal(first.days, 4);
        const before = await count();
        const msg = await refuses(
          fileLeaveRequest(app.deps, fourDays, {
            leaveType: "OTHER_PARENT",
            startDate: "2027-06-07",
            endDate: "2027-06-14",
          }),
          "validation",
        );
        assert.match(
          msg,
          /at most 8 working day\(s\) per event within 6 months; 4 are already requested or taken; this request takes 5/,
        );
        assert.equal(await count(), before, "nothing filed");
        const rest = await fileLeaveRequest(app.deps, fourDays, {
          leaveType: "OTHER_PARENT",
          startDate: "2027-06-07",
          endDate: "2027-06-10",
        });
        assert.equal(rest.days, 4);
      },
    );

    await t.step("maternity: 98 calendar days are filed, 99 refused", async () => {
      const mother = await addAccount(app, await addEmployee(app, { weekdays: [1, 2, 3], workload: 60 }));
      const msg = await refuses(
        fileLeaveRequest(app.deps, mother, {
          leaveType: "MATERNITY",
          startDate: "2027-01-04",
          endDate: "2027-04-12",
        }),
        "validation",
      );
      assert.match(
        msg,
        /Mutterschaftsurlaub gives at most 98 calendar day\(s\) per event; this request takes 99/,
      );
      const ok = await fileLeaveRequest(app.deps, mother, {
        leaveType: "MATERNITY",
        startDate: "2027-01-04",
        endDate: "2027-04-11",
      });
      assert.equal(ok.startDate, "2027-01-04");
    });
  } finally {
    app.close();
  }
});

Deno.test("special leave: the portal refuses a request beyond its event with {error, code}", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const r = await app.request("/api/v1/portal/employee/leave/requests", {
      method: "POST",
      token,
      json: { leaveType: "WEDDING", startDate: "2027-03-08", endDate: "2027-03-10" },
    });
    assert.equal(r.status, 400);
    const body = await r.json();
    assert.equal(body.code, "validation");
    // The demo employee reads German: the refusal in German, beside the field it is about.
    assert.match(body.error, /höchstens 2 Arbeitstag\(e\) pro Ereignis; dieses Gesuch nimmt 3\./);
    assert.deepEqual(body.fields.map((f: { field: string }) => f.field), ["body.endDate"]);
  } finally {
    app.close();
  }
});
