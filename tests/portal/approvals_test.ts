/**
 * Approvals over HTTP: what awaits a manager (with balances and the team calendar), decisions with a
 * note, the rule that nobody approves their own request, managers acting only on their reports' requests,
 * time weeks, and HR deciding profile change requests.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import { employees, notifications, timeEntries } from "../../src/db/schema/mod.ts";
import { addAccount, EMPLOYEE_ID, MANAGER_ID, P, setEntitlement } from "../services/_fixtures.ts";

const BASE = "/api/v1/portal";

async function call(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  return await json(
    await t.request(BASE + path, { method, token, ...(body !== undefined ? { json: body } : {}) }),
  );
}

/** Runs a test against the demo organisation, closing the app however the test ends. */
async function withDemo(test: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await makeTestApp();
  try {
    await test(t);
  } finally {
    t.close();
  }
}

/** Files a vacation request as the signed-in person of the token. */
async function fileVacation(t: TestApp, token: string, startDate: string, endDate: string, reason?: string) {
  return await call(t, token, "POST", "/employee/leave/requests", {
    leaveType: "VACATION",
    startDate,
    endDate,
    ...(reason !== undefined ? { reason } : {}),
  });
}

/** Posts a decision on the request or week at `path`, with a note when one is given. */
async function decide(t: TestApp, token: string, path: string, decision: string, note?: string) {
  return await call(t, token, "POST", `${path}/decision`, {
    decision,
    ...(note !== undefined ? { note } : {}),
  });
}

Deno.test("approvals: the manager sees requests awaiting them with balances and the team's absences", () =>
  withDemo(async (t) => {
    const manager = await t.signIn("manager@demo.example");
    const r = await call(t, manager, "GET", "/approvals/leave-requests");
    assert.equal(r.status, 200);
    const items = r.body.data.items as {
      kind: string;
      employee: { employeeId: string };
      request: { status: string; startDate: string; approver: { employeeId: string } };
      balances: unknown[];
      teamAbsences: { employeeId: string; kind: string }[];
    }[];
    assert.ok(items.length >= 5);
    assert.ok(items.every((i) => i.request.approver.employeeId === MANAGER_ID));
    assert.ok(items.every((i) => ["AWAITING_APPROVAL", "CANCELLATION_REQUESTED"].includes(i.request.status)));
    assert.deepEqual(items.map((i) => i.request.startDate), items.map((i) => i.request.startDate).sort());
    const lukas = items.find((i) => i.employee.employeeId === EMPLOYEE_ID && i.kind === "LEAVE_REQUEST")!;
    assert.ok(lukas.balances.length === 1);
    assert.ok(lukas.teamAbsences.length > 0, "others of the team are away in the same days");
    assert.ok(lukas.teamAbsences.every((a) => a.employeeId !== EMPLOYEE_ID));
    const cancellation = items.find((i) => i.kind === "LEAVE_CANCELLATION");
    assert.ok(cancellation, "the demo employee asked to cancel an approved request");

    const cal = await call(t, manager, "GET", "/approvals/team-calendar?from=2026-11-16&to=2026-12-20");
    assert.equal(cal.status, 200);
    assert.equal(cal.body.data.members.length, 6);
    const sick = cal.body.data.absences.find((a: { kind: string }) => a.kind === "SICK");
    assert.equal(sick.employeeId, EMPLOYEE_ID);
    assert.ok(!JSON.stringify(cal.body).includes("Erkältung"), "no sick-leave reason reaches the manager");
    const tooLong = await call(t, manager, "GET", "/approvals/team-calendar?from=2026-11-01&to=2027-01-05");
    assert.equal(tooLong.status, 400);
  }));

Deno.test("approvals: approve with a note, reject, and the requester sees the decision and is notified", () =>
  withDemo(async (t) => {
    const employee = await t.signIn("employee@demo.example");
    const manager = await t.signIn("manager@demo.example");
    const filed = await fileVacation(t, employee, "2027-01-11", "2027-01-15", "Skiferien");
    assert.equal(filed.status, 201);
    const id = filed.body.data.id;
    const preview = await call(t, manager, "GET", `/approvals/leave-requests/${id}`);
    assert.equal(preview.status, 200);
    assert.equal(preview.body.data.request.reason, "Skiferien");
    assert.equal(preview.body.data.balances[0].year, 2027);
    assert.equal(
      preview.body.data.balances[0].remainingAfter,
      preview.body.data.balances[0].remainingBefore - 5,
    );
    const ok = await decide(t, manager, `/approvals/leave-requests/${id}`, "APPROVE", "Gute Erholung");
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.status, "APPROVED");
    assert.equal(ok.body.data.decisionNote, "Gute Erholung");
    const again = await decide(t, manager, `/approvals/leave-requests/${id}`, "REJECT");
    assert.equal(again.status, 409);
    const mine = await call(t, employee, "GET", `/employee/leave/requests/${id}`);
    assert.equal(mine.body.data.status, "APPROVED");
    assert.equal(mine.body.data.decisionNote, "Gute Erholung");
    assert.equal(mine.body.data.canRequestCancellation, true);
    const told = await t.deps.db.select().from(notifications).where(
      eq(notifications.recipientEmployeeId, EMPLOYEE_ID),
    );
    assert.ok(
      told.some((n) => n.kind === "LEAVE_REQUEST_DECIDED" && JSON.parse(n.payload).leaveRequestId === id),
    );

    const second = await fileVacation(t, employee, "2027-02-01", "2027-02-01");
    const no = await decide(
      t,
      manager,
      `/approvals/leave-requests/${second.body.data.id}`,
      "REJECT",
      "Release",
    );
    assert.equal(no.body.data.status, "REJECTED");
    const bad = await decide(t, manager, `/approvals/leave-requests/${second.body.data.id}`, "MAYBE");
    assert.equal(bad.status, 400);
    assert.match(bad.body.error as string, /'decision'/);
  }));

Deno.test("approvals: nobody approves their own request; a manager acts only on their reports' requests", () =>
  withDemo(async (t) => {
    const manager = await t.signIn("manager@demo.example");
    // The manager's own request goes to their manager (Martin Aebischer), never to themselves.
    const own = await fileVacation(t, manager, "2027-01-18", "2027-01-19");
    assert.equal(own.status, 201);
    assert.equal(own.body.data.approver.employeeId, P("P002"));
    const self = await decide(t, manager, `/approvals/leave-requests/${own.body.data.id}`, "APPROVE");
    assert.equal(self.status, 403);
    assert.match(self.body.error as string, /own request/);
    // Even HR cannot decide its own request.
    const hr = await t.signIn("hr@demo.example");
    const hrOwn = await fileVacation(t, hr, "2027-01-18", "2027-01-18");
    const hrSelf = await decide(t, hr, `/approvals/leave-requests/${hrOwn.body.data.id}`, "APPROVE");
    assert.equal(hrSelf.status, 403);
    // A request of another team (Nadia Keller's report) is not the demo manager's: 404, like an unknown id.
    const nadia = await addAccount(t, P("P019"));
    const token = await t.signIn(nadia.email);
    const foreign = await fileVacation(t, token, "2027-01-25", "2027-01-25");
    assert.equal(foreign.body.data.approver.employeeId, P("P007"));
    for (
      const [method, path, body] of [
        ["GET", `/approvals/leave-requests/${foreign.body.data.id}`, undefined],
        ["POST", `/approvals/leave-requests/${foreign.body.data.id}/decision`, { decision: "APPROVE" }],
      ] as const
    ) {
      const r = await call(t, manager, method, path, body);
      assert.equal(r.status, 404);
      const unknown = await call(t, manager, method, path.replace(foreign.body.data.id, "unknown-id"), body);
      assert.equal(r.body.error, unknown.body.error);
    }
    // HR may decide it (requests routed to HR and as a fallback for anyone's but their own).
    const byHr = await decide(t, hr, `/approvals/leave-requests/${foreign.body.data.id}`, "APPROVE");
    assert.equal(byHr.status, 200);
    // Employees hold no approval permission at all.
    const employee = await t.signIn("employee@demo.example");
    const denied = await call(t, employee, "GET", "/approvals/leave-requests");
    assert.equal(denied.status, 403);
  }));

Deno.test("approvals: approving beyond the balance of a REFUSE type is refused", () =>
  withDemo(async (t) => {
    const employee = await t.signIn("employee@demo.example");
    const manager = await t.signIn("manager@demo.example");
    // March 2027 (19 working days with Good Friday) fits the 25 days of 2027; ten more days in April do not.
    const a = await fileVacation(t, employee, "2027-03-01", "2027-03-26");
    assert.equal(a.status, 201, JSON.stringify(a.body));
    const b = await fileVacation(t, employee, "2027-04-05", "2027-04-16");
    assert.equal(b.status, 409, "filing counts pending requests: 25 − 19 pending − 10 < 0");
    // HR lowers the balance after filing (an adjustment): approving would now overdraw.
    await setEntitlement(t, EMPLOYEE_ID, "VACATION", 2027, { adjustmentDays: -10 });
    const r = await decide(t, manager, `/approvals/leave-requests/${a.body.data.id}`, "APPROVE");
    assert.equal(r.status, 409);
    assert.match(r.body.error as string, /overdraw Lukas Gerber's balance in 2027/);
  }));

Deno.test("approvals: submitted weeks of reports are approved or rejected with a note", () =>
  withDemo(async (t) => {
    const manager = await t.signIn("manager@demo.example");
    const list = await call(t, manager, "GET", "/approvals/timesheets");
    assert.equal(list.status, 200);
    const items = list.body.data.items as {
      employee: { employeeId: string };
      weekStart: string;
      submittedCount: number;
    }[];
    assert.ok(items.length >= 5, "the Platform team submitted last week");
    assert.ok(items.every((i) => i.weekStart === "2026-11-09"));
    const lukas = items.find((i) => i.employee.employeeId === EMPLOYEE_ID)!;
    const ok = await decide(t, manager, `/approvals/timesheets/${EMPLOYEE_ID}/2026-11-09`, "APPROVE");
    assert.equal(ok.status, 200);
    assert.deepEqual(ok.body.data, {
      employeeId: EMPLOYEE_ID,
      weekStart: "2026-11-09",
      status: "APPROVED",
      decided: lukas.submittedCount,
    });
    const again = await decide(t, manager, `/approvals/timesheets/${EMPLOYEE_ID}/2026-11-09`, "APPROVE");
    assert.equal(again.status, 409);
    const mia = P("P014");
    const no = await decide(
      t,
      manager,
      `/approvals/timesheets/${mia}/2026-11-09`,
      "REJECT",
      "Bitte Projektcodes ergänzen",
    );
    assert.equal(no.body.data.status, "REJECTED");
    const rows = await t.deps.db.select().from(timeEntries).where(eq(timeEntries.employeeId, mia));
    assert.ok(
      rows.filter((r) => r.status === "REJECTED").every((r) =>
        r.rejectionNote === "Bitte Projektcodes ergänzen"
      ),
    );
    const own = await decide(t, manager, `/approvals/timesheets/${MANAGER_ID}/2026-11-09`, "APPROVE");
    assert.equal(own.status, 403);
    const foreign = await decide(t, manager, `/approvals/timesheets/${P("P019")}/2026-11-09`, "APPROVE");
    assert.equal(foreign.status, 404);
    const monday = await decide(t, manager, `/approvals/timesheets/${mia}/2026-11-10`, "APPROVE");
    assert.equal(monday.status, 400);
  }));

Deno.test("approvals: HR applies a sensitive-field change the employee asked for", () =>
  withDemo(async (t) => {
    const employee = await t.signIn("employee@demo.example");
    const hr = await t.signIn("hr@demo.example");
    const asked = await call(t, employee, "POST", "/employee/profile/change-requests", {
      field: "IBAN",
      value: "ch93 0076 2011 6238 5295 7",
      comment: "Neue Bank",
    });
    assert.equal(asked.status, 201);
    assert.equal(asked.body.data.value, "CH9300762011623852957");
    const queue = await call(t, hr, "GET", "/approvals/profile-change-requests");
    assert.equal(queue.status, 200);
    const item = queue.body.data.items.find((i: { id: string }) => i.id === asked.body.data.id);
    assert.equal(item.employee.name, "Lukas Gerber");
    const manager = await t.signIn("manager@demo.example");
    const notHr = await call(t, manager, "GET", "/approvals/profile-change-requests");
    assert.equal(notHr.status, 403);
    const applied = await decide(t, hr, `/approvals/profile-change-requests/${asked.body.data.id}`, "APPLY");
    assert.equal(applied.status, 200);
    assert.equal(applied.body.data.status, "APPLIED");
    const [e] = await t.deps.db.select().from(employees).where(eq(employees.id, EMPLOYEE_ID));
    assert.equal(e.iban, "CH9300762011623852957");
    const profile = await call(t, employee, "GET", "/employee/profile");
    assert.equal(profile.body.data.sensitive.iban, "CH9300762011623852957");
    assert.deepEqual(profile.body.data.pendingChangeRequests, []);
  }));

Deno.test("approvals: the person's notification of a decided change says whether it was applied or rejected, in their language", () =>
  withDemo(async (t) => {
    const employee = await t.signIn("employee@demo.example");
    const hr = await t.signIn("hr@demo.example");
    const expected = {
      de: ["Ihr Änderungswunsch ist übernommen.", "Ihr Änderungswunsch ist abgelehnt."],
      fr: ["Votre demande de modification a été appliquée.", "Votre demande de modification est refusée."],
      it: ["La sua richiesta di modifica è stata applicata.", "La sua richiesta di modifica è respinta."],
      en: ["Your change request has been applied.", "Your change request is refused."],
    };
    for (const [lang, [applied, rejected]] of Object.entries(expected)) {
      assert.equal((await call(t, employee, "PATCH", "/employee/profile", { language: lang })).status, 200);
      for (const [decision, text] of [["APPLY", applied], ["REJECT", rejected]]) {
        const asked = await call(t, employee, "POST", "/employee/profile/change-requests", {
          field: "NATIONALITY",
          value: "IT",
        });
        assert.equal(asked.status, 201, JSON.stringify(asked.body));
        const path = `/approvals/profile-change-requests/${asked.body.data.id}`;
        // The inbox lists the newest first: each decision a second after the last.
        t.clock.advance(1000);
        assert.equal((await decide(t, hr, path, decision)).status, 200);
        const inbox = await call(t, employee, "GET", "/employee/notifications?limit=1");
        assert.equal(inbox.body.data.items[0].text, text, `${lang} ${decision}`);
      }
    }
  }));

Deno.test("approvals: the queue, the preview and the decision agree on whether a request overdraws", () =>
  withDemo(async (t) => {
    const employee = await t.signIn("employee@demo.example");
    const manager = await t.signIn("manager@demo.example");
    // Filed within the balance (19 of 25 days in 2027) ...
    const a = await fileVacation(t, employee, "2027-03-01", "2027-03-26");
    assert.equal(a.status, 201, JSON.stringify(a.body));
    assert.equal(a.body.data.exceedsBalance, false);
    // ... then HR lowers the balance to 15 days: approving now overdraws by 4.
    await setEntitlement(t, EMPLOYEE_ID, "VACATION", 2027, { adjustmentDays: -10 });
    const id = a.body.data.id as string;
    const list = await call(t, manager, "GET", "/approvals/leave-requests?limit=50");
    assert.equal(list.status, 200);
    const item = (list.body.data.items as { request: { id: string; exceedsBalance: boolean } }[])
      .find((i) => i.request.id === id)!;
    assert.equal(item.request.exceedsBalance, true, "the queue says what approving would do now");
    const one = await call(t, manager, "GET", `/approvals/leave-requests/${id}`);
    assert.equal(one.body.data.request.exceedsBalance, true);
    assert.deepEqual(one.body.data.balances, [{
      year: 2027,
      days: 19,
      remainingBefore: 15,
      remainingAfter: -4,
    }]);
    const r = await decide(t, manager, `/approvals/leave-requests/${id}`, "APPROVE");
    assert.equal(r.status, 409);
    // HR restores the balance: the queue and the decision both let it through.
    await setEntitlement(t, EMPLOYEE_ID, "VACATION", 2027, {});
    const again = await call(t, manager, "GET", `/approvals/leave-requests/${id}`);
    assert.equal(again.body.data.request.exceedsBalance, false);
    const ok = await decide(t, manager, `/approvals/leave-requests/${id}`, "APPROVE");
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.data.exceedsBalance, false);
  }));
