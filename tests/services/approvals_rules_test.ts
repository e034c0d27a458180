/**
 * Approval rules through the service the connector uses (prepare_leave_decision, commit_leave_decision,
 * list_pending_approvals): the preview writes nothing and shows whose request, the days and the balance
 * before and after; a decision through an assistant is marked so; employees hold no approval right.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { leaveRequests, notifications } from "../../src/db/schema/mod.ts";
import {
  decideLeaveRequest,
  getTeamCalendar,
  listPendingApprovals,
  previewLeaveDecision,
} from "../../src/services/approvals.ts";
import { fileLeaveRequest, requestLeaveCancellation } from "../../src/services/leave.ts";
import { actorFor, addAccount, addEmployee, EMPLOYEE_ID, refuses, setEntitlement } from "./_fixtures.ts";

Deno.test("approvals: the decision preview shows whose request, the days and the balance before and after, and writes nothing", async () => {
  const t = await makeTestApp();
  try {
    const me = await addAccount(t, await addEmployee(t, { firstName: "Rahel" }));
    await setEntitlement(t, me.employeeId!, "VACATION", 2027, {});
    const manager = await actorFor(t, "manager@demo.example", "ASSISTANT");
    const r = await fileLeaveRequest(t.deps, me, {
      leaveType: "VACATION",
      startDate: "2027-03-01",
      endDate: "2027-03-03",
    });
    const p = await previewLeaveDecision(t.deps, manager, { id: r.id, decision: "APPROVE", note: "ok" });
    assert.equal(p.employee.name, "Rahel Person");
    assert.equal(p.request.days, 3);
    assert.equal(p.resultingStatus, "APPROVED");
    assert.deepEqual(p.balances, [{ year: 2027, days: 3, remainingBefore: 25, remainingAfter: 22 }]);
    assert.equal(p.request.reason, undefined, "no free text of the requester through an assistant");
    const reject = await previewLeaveDecision(t.deps, manager, { id: r.id, decision: "REJECT" });
    assert.equal(reject.resultingStatus, "REJECTED");
    assert.equal(reject.balances[0].remainingAfter, 25);
    const [row] = await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, r.id));
    assert.equal(row.status, "AWAITING_APPROVAL", "a preview writes nothing");

    const done = await decideLeaveRequest(t.deps, manager, { id: r.id, decision: "APPROVE" });
    assert.equal(done.status, "APPROVED");
    const [n] = await t.deps.db.select().from(notifications).where(
      and(
        eq(notifications.recipientEmployeeId, me.employeeId!),
        eq(notifications.kind, "LEAVE_REQUEST_DECIDED"),
      ),
    );
    assert.equal(n.channel, "ASSISTANT");
    assert.equal(JSON.parse(n.payload).viaAssistant, true);

    // Granting a cancellation gives the days back.
    await requestLeaveCancellation(t.deps, me, { id: r.id });
    const c = await previewLeaveDecision(t.deps, manager, { id: r.id, decision: "APPROVE" });
    assert.equal(c.resultingStatus, "CANCELLED");
    assert.deepEqual(c.balances, [{ year: 2027, days: 3, remainingBefore: 22, remainingAfter: 25 }]);
    const refused = await previewLeaveDecision(t.deps, manager, { id: r.id, decision: "REJECT" });
    assert.equal(refused.resultingStatus, "APPROVED", "a refused cancellation keeps the leave");
  } finally {
    t.close();
  }
});

Deno.test("approvals: the pending list holds absences and expense reports awaiting the caller, nothing else", async () => {
  const t = await makeTestApp();
  try {
    const manager = await actorFor(t, "manager@demo.example", "ASSISTANT");
    const r = await listPendingApprovals(t.deps, manager);
    assert.ok(r.leaveRequests.items.length > 0);
    assert.ok(r.leaveRequests.items.every((i) => i.request.approver?.name === "Stefan Hofstetter"));
    assert.ok(r.leaveRequests.items.every((i) => i.request.reason === undefined));
    assert.ok(r.expenseReports.length > 0, "the demo has submitted expense reports for the manager");
    assert.ok(r.expenseReports.length <= 50);
    const employee = await actorFor(t, "employee@demo.example");
    await refuses(listPendingApprovals(t.deps, employee), "forbidden", /managers and HR/);
    await refuses(getTeamCalendar(t.deps, employee), "forbidden");
    await refuses(
      previewLeaveDecision(t.deps, employee, {
        id: r.leaveRequests.items[0].request.id,
        decision: "APPROVE",
      }),
      "forbidden",
    );
    const recruiter = await actorFor(t, "recruiter@demo.example");
    await refuses(listPendingApprovals(t.deps, recruiter), "forbidden");
    // The demo employee's requests are in the manager's queue, and only while they await a decision.
    assert.ok(r.leaveRequests.items.some((i) => i.employee.employeeId === EMPLOYEE_ID));
  } finally {
    t.close();
  }
});

Deno.test("approvals: the connector's listing and decision preview say a request overdraws when approving it would be refused", async () => {
  const t = await makeTestApp();
  try {
    const me = await addAccount(t, await addEmployee(t, { firstName: "Rahel" }));
    // The policy gives 25 days; HR's corrections bring what is available to 10, later to 3.
    await setEntitlement(t, me.employeeId!, "VACATION", 2027, { adjustmentDays: -15 });
    const manager = await actorFor(t, "manager@demo.example", "ASSISTANT");
    const r = await fileLeaveRequest(t.deps, me, {
      leaveType: "VACATION",
      startDate: "2027-03-01",
      endDate: "2027-03-05",
    });
    assert.equal(r.exceedsBalance, false, "5 of 10 days fit when filed");
    await setEntitlement(t, me.employeeId!, "VACATION", 2027, { adjustmentDays: -22 });
    const list = await listPendingApprovals(t.deps, manager);
    const item = list.leaveRequests.items.find((i) => i.request.id === r.id)!;
    assert.equal(item.request.exceedsBalance, true);
    assert.deepEqual(item.balances, [{ year: 2027, days: 5, remainingBefore: 3, remainingAfter: -2 }]);
    const approve = await previewLeaveDecision(t.deps, manager, { id: r.id, decision: "REJECT" });
    assert.equal(approve.request.exceedsBalance, true, "a rejection preview still says approving overdraws");
    await refuses(
      previewLeaveDecision(t.deps, manager, { id: r.id, decision: "APPROVE" }),
      "conflict",
      /overdraw Rahel Person's balance in 2027 \(3 day\(s\) left, the request needs 5\)/,
    );
    await refuses(decideLeaveRequest(t.deps, manager, { id: r.id, decision: "APPROVE" }), "conflict");
    const [row] = await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, r.id));
    assert.equal(row.status, "AWAITING_APPROVAL", "a refused decision changes nothing");
  } finally {
    t.close();
  }
});
