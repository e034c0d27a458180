/**
 * Access: no endpoint lets one employee read or change another's record by changing an id.
 * For EVERY portal operation that takes an id (path parameter, or `entryId` in the body) employee A
 * (the demo employee, Lukas Gerber) aims at a record of employee B (Mia Schneider, same team): the answer
 * is the same 404 as for an unknown id (or 403 where the role holds no such right at all) and B's record
 * is unchanged. Managers get the same treatment for another team's requests. The last test checks that
 * the table below covers every such operation, so a new route cannot slip past it.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { eq } from "drizzle-orm";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import {
  applicationTasks,
  dataExports,
  feedbackDrafts,
  leaveRequestAttachments,
  leaveRequests,
  oauthClients,
  oauthConnections,
  onboardingPlans,
  onboardingTasks,
  payslips,
  personalDocuments,
  profileChangeRequests,
  pushDevices,
  requiredDocumentFiles,
  requiredDocuments,
  sessions,
  sickLeaveEntries,
  surveyInvitations,
  timeEntries,
} from "../../src/db/schema/mod.ts";
import { portalRoutes } from "../../src/portal/mod.ts";
import { GATED_APPLICATION_ID } from "../../src/demo/recruiting.ts";
import { fileLeaveRequest } from "../../src/services/leave.ts";
import { decideLeaveRequest } from "../../src/services/approvals.ts";
import { createTimeEntry } from "../../src/services/time.ts";
import { reportSickLeave, uploadCertificate } from "../../src/services/sick_leave.ts";
import { requestProfileChange } from "../../src/services/profile.ts";
import { requestExport } from "../../src/services/my_data_export.ts";
import { actorFor, addAccount, P } from "../services/_fixtures.ts";
import { addPersonalDocument, attachToLeaveRequest } from "../../src/services/my_documents.ts";

const BASE = "/api/v1/portal";

interface Records {
  leaveAwaiting: string;
  leaveApproved: string;
  timeDraft: string;
  sick: string;
  payslip: string;
  changeRequest: string;
  session: string;
  connection: string;
  dataExport: string;
  onboardingTask: string;
  recruitingTask: string;
  feedbackDraft: string;
  survey: string;
  document: string;
  pushDevice: string;
  personalDocument: string;
  employeeB: string;
}

/** What an attempt sends, who sends it, and what it must answer. */
interface Attempt {
  operationId: string;
  as: "A" | "otherManager";
  method: string;
  path: (r: Records) => string;
  body?: (r: Records) => unknown;
  /** Sent as a multipart upload of a small PDF (a `file` part) instead of a JSON body. */
  upload?: boolean;
  status: 403 | 404;
  /** The path with the id replaced by an unknown one: a 404 must read the same. */
  unknown?: (r: Records) => string;
}

const swap = (path: string, id: string) => path.replace(id, "00000000-0000-4000-8000-000000000000");

const ATTEMPTS: Attempt[] = [
  {
    operationId: "getLeaveRequest",
    as: "A",
    method: "GET",
    path: (r) => `/employee/leave/requests/${r.leaveAwaiting}`,
    status: 404,
  },
  {
    operationId: "withdrawLeaveRequest",
    as: "A",
    method: "POST",
    path: (r) => `/employee/leave/requests/${r.leaveAwaiting}/withdraw`,
    status: 404,
  },
  {
    operationId: "requestLeaveCancellation",
    as: "A",
    method: "POST",
    path: (r) => `/employee/leave/requests/${r.leaveApproved}/cancellation`,
    status: 404,
  },
  {
    operationId: "getTimeEntry",
    as: "A",
    method: "GET",
    path: (r) => `/employee/time-entries/${r.timeDraft}`,
    status: 404,
  },
  {
    operationId: "updateTimeEntry",
    as: "A",
    method: "PATCH",
    path: (r) => `/employee/time-entries/${r.timeDraft}`,
    body: () => ({ endTime: "13:00" }),
    status: 404,
  },
  {
    operationId: "deleteTimeEntry",
    as: "A",
    method: "DELETE",
    path: (r) => `/employee/time-entries/${r.timeDraft}`,
    status: 404,
  },
  {
    operationId: "getSickLeaveEntry",
    as: "A",
    method: "GET",
    path: (r) => `/employee/sick-leave/${r.sick}`,
    status: 404,
  },
  {
    operationId: "takeBackSickReport",
    as: "A",
    method: "POST",
    path: (r) => `/employee/sick-leave/${r.sick}/take-back`,
    status: 404,
  },
  {
    operationId: "uploadSickCertificate",
    as: "A",
    method: "POST",
    path: (r) => `/employee/sick-leave/${r.sick}/certificate`,
    body: () => ({}),
    status: 404,
  },
  {
    operationId: "endSickLeave",
    as: "A",
    method: "POST",
    path: () => "/employee/sick-leave/end",
    body: (r) => ({ action: "end", entryId: r.sick, endDate: "2026-11-18" }),
    status: 404,
  },
  {
    operationId: "getPayslip",
    as: "A",
    method: "GET",
    path: (r) => `/employee/payslips/${r.payslip}`,
    status: 404,
  },
  {
    operationId: "getPayslipDocument",
    as: "A",
    method: "GET",
    path: (r) => `/employee/payslips/${r.payslip}/document`,
    status: 404,
  },
  {
    operationId: "revokeSession",
    as: "A",
    method: "DELETE",
    path: (r) => `/auth/sessions/${r.session}`,
    status: 404,
  },
  {
    operationId: "getSickCertificate",
    as: "A",
    method: "GET",
    path: (r) => `/employee/sick-leave/${r.sick}/certificate`,
    status: 404,
  },
  {
    operationId: "getSickCertificateForHr",
    as: "A",
    method: "GET",
    path: (r) => `/approvals/sick-leave/${r.sick}/certificate`,
    status: 404,
  },
  {
    operationId: "getSickCertificateForHr",
    as: "otherManager",
    method: "GET",
    path: (r) => `/approvals/sick-leave/${r.sick}/certificate`,
    status: 404,
  },
  {
    operationId: "uploadRequestedDocument",
    as: "A",
    method: "POST",
    path: (r) => `/employee/todos/documents/${r.document}/file`,
    body: () => ({}),
    status: 404,
  },
  {
    operationId: "getRequestedDocument",
    as: "A",
    method: "GET",
    path: (r) => `/employee/todos/documents/${r.document}`,
    status: 404,
  },
  {
    operationId: "getRequestedDocumentFile",
    as: "A",
    method: "GET",
    path: (r) => `/employee/todos/documents/${r.document}/file`,
    status: 404,
  },
  {
    operationId: "getRequestedDocumentFileForHr",
    as: "A",
    method: "GET",
    path: (r) => `/approvals/documents/${r.document}/file`,
    status: 404,
  },
  {
    operationId: "getRequestedDocumentFileForHr",
    as: "otherManager",
    method: "GET",
    path: (r) => `/approvals/documents/${r.document}/file`,
    status: 404,
  },
  {
    operationId: "getMyDocumentFile",
    as: "A",
    method: "GET",
    path: (r) => `/employee/documents/${r.personalDocument}/file`,
    status: 404,
  },
  {
    operationId: "getLeaveRequestAttachment",
    as: "A",
    method: "GET",
    path: (r) => `/employee/leave/requests/${r.leaveAwaiting}/attachment`,
    status: 404,
  },
  {
    operationId: "attachToLeaveRequest",
    as: "A",
    method: "POST",
    path: (r) => `/employee/leave/requests/${r.leaveAwaiting}/attachment`,
    upload: true,
    status: 404,
  },
  {
    operationId: "getLeaveApprovalAttachment",
    as: "otherManager",
    method: "GET",
    path: (r) => `/approvals/leave-requests/${r.leaveAwaiting}/attachment`,
    status: 404,
  },
  // Policies are named by slug, not by a person's record: one outside the reader's audience (HR's playbook
  // for an employee) answers like one that does not exist.
  {
    operationId: "getPolicy",
    as: "A",
    method: "GET",
    path: () => "/employee/policies/hr-playbook",
    status: 404,
  },
  {
    operationId: "acknowledgePolicy",
    as: "A",
    method: "POST",
    path: () => "/employee/policies/hr-playbook/acknowledgement",
    status: 404,
  },
  {
    operationId: "unregisterPushDevice",
    as: "A",
    method: "DELETE",
    path: (r) => `/employee/push-devices/${r.pushDevice}`,
    status: 404,
  },
  {
    operationId: "completeOnboardingTask",
    as: "A",
    method: "POST",
    path: (r) => `/employee/todos/onboarding-tasks/${r.onboardingTask}/done`,
    status: 404,
  },
  {
    // B's own task on B's plan: not one A's plans give A to do.
    operationId: "completeAssignedOnboardingTask",
    as: "A",
    method: "POST",
    path: (r) => `/approvals/onboarding-tasks/${r.onboardingTask}/done`,
    status: 404,
  },
  {
    // The demo's open reference check: the recruiting team's task on a position A does not hire for.
    operationId: "completeRecruitingTask",
    as: "A",
    method: "POST",
    path: (r) => `/approvals/recruiting-tasks/${r.recruitingTask}/done`,
    status: 404,
  },
  {
    operationId: "discardFeedbackDraft",
    as: "A",
    method: "DELETE",
    path: (r) => `/employee/todos/feedback-drafts/${r.feedbackDraft}`,
    status: 404,
  },
  {
    operationId: "submitFeedbackDraft",
    as: "A",
    method: "POST",
    path: (r) => `/employee/todos/feedback-drafts/${r.feedbackDraft}/submit`,
    status: 404,
  },
  {
    operationId: "settleSurveyInvitation",
    as: "A",
    method: "POST",
    path: (r) => `/employee/todos/survey-invitations/${r.survey}/outcome`,
    body: () => ({ outcome: "DECLINED" }),
    status: 404,
  },
  {
    operationId: "getDataExport",
    as: "A",
    method: "GET",
    path: (r) => `/employee/data-exports/${r.dataExport}`,
    status: 404,
  },
  {
    operationId: "downloadDataExport",
    as: "A",
    method: "GET",
    path: (r) => `/employee/data-exports/${r.dataExport}/archive`,
    status: 404,
  },
  {
    operationId: "disconnectAssistant",
    as: "A",
    method: "DELETE",
    path: (r) => `/auth/assistants/${r.connection}`,
    status: 404,
  },
  // Approvals: an employee holds no approval right at all; a manager of another team gets 404.
  {
    operationId: "getLeaveApproval",
    as: "A",
    method: "GET",
    path: (r) => `/approvals/leave-requests/${r.leaveAwaiting}`,
    status: 403,
  },
  {
    operationId: "getLeaveApproval",
    as: "otherManager",
    method: "GET",
    path: (r) => `/approvals/leave-requests/${r.leaveAwaiting}`,
    status: 404,
  },
  {
    operationId: "decideLeaveRequest",
    as: "A",
    method: "POST",
    path: (r) => `/approvals/leave-requests/${r.leaveAwaiting}/decision`,
    body: () => ({ decision: "REJECT" }),
    status: 403,
  },
  {
    operationId: "decideLeaveRequest",
    as: "otherManager",
    method: "POST",
    path: (r) => `/approvals/leave-requests/${r.leaveAwaiting}/decision`,
    body: () => ({ decision: "REJECT" }),
    status: 404,
  },
  {
    operationId: "decideTimesheet",
    as: "otherManager",
    method: "POST",
    path: (r) => `/approvals/timesheets/${r.employeeB}/2026-11-09/decision`,
    body: () => ({ decision: "REJECT", note: "x" }),
    status: 404,
  },
  {
    operationId: "decideTimesheet",
    as: "A",
    method: "POST",
    path: (r) => `/approvals/timesheets/${r.employeeB}/2026-11-09/decision`,
    body: () => ({ decision: "REJECT" }),
    status: 403,
  },
  {
    operationId: "decideProfileChange",
    as: "A",
    method: "POST",
    path: (r) => `/approvals/profile-change-requests/${r.changeRequest}/decision`,
    body: () => ({ decision: "APPLY" }),
    status: 403,
  },
  {
    operationId: "decideProfileChange",
    as: "otherManager",
    method: "POST",
    path: (r) => `/approvals/profile-change-requests/${r.changeRequest}/decision`,
    body: () => ({ decision: "APPLY" }),
    status: 403,
  },
];

/** Week routes take a date, not a record id: they only ever address the caller's own week. */
const OWN_WEEK_OPERATIONS = ["getTimeWeek", "submitTimeWeek"];

async function setup(t: TestApp) {
  const b = await addAccount(t, P("P014"));
  const manager = await actorFor(t, "manager@demo.example");
  const awaiting = await fileLeaveRequest(t.deps, b, {
    leaveType: "VACATION",
    startDate: "2027-02-01",
    endDate: "2027-02-02",
  });
  const approved = await fileLeaveRequest(t.deps, b, {
    leaveType: "VACATION",
    startDate: "2027-03-01",
    endDate: "2027-03-02",
  });
  await decideLeaveRequest(t.deps, manager, { id: approved.id, decision: "APPROVE" });
  const draft = await createTimeEntry(t.deps, b, {
    date: "2026-11-18",
    startTime: "08:00",
    endTime: "12:00",
  });
  const sick = await reportSickLeave(t.deps, b, { startDate: "2026-11-18", reason: "privat" });
  await uploadCertificate(t.deps, b, {
    id: sick.id,
    fileName: "zeugnis.pdf",
    bytes: new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  });
  const [slip] = await t.deps.db.select().from(payslips).where(eq(payslips.employeeId, b.employeeId!)).limit(
    1,
  );
  const change = await requestProfileChange(t.deps, b, { field: "IBAN", value: "CH9300762011623852957" });
  await t.signIn(b.email);
  const [session] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, b.userId));
  await t.deps.db.insert(oauthClients).values({
    id: "client-b",
    name: "B's assistant",
    type: "PUBLIC",
    tokenEndpointAuthMethod: "none",
    redirectUris: JSON.stringify(["https://assistant.example/cb"]),
    grantTypes: "authorization_code refresh_token",
    createdBy: "DYNAMIC",
    createdAt: t.clock.now(),
  });
  const [conn] = await t.deps.db.insert(oauthConnections).values({
    clientId: "client-b",
    userId: b.userId,
    scopes: "self:read",
    createdAt: t.clock.now(),
  }).returning();
  const { view: exported, done } = await requestExport(t.deps, {
    employeeId: b.employeeId!,
    userId: b.userId,
    requestedVia: "PORTAL",
    requestedBy: b.userId,
  });
  await done;
  const [plan] = await t.deps.db.insert(onboardingPlans).values({
    employeeId: b.employeeId!,
    startDate: "2026-11-02",
    createdAt: t.clock.now(),
  }).returning();
  const [task] = await t.deps.db.insert(onboardingTasks).values({
    planId: plan.id,
    title: "Read the handbook",
    phase: "FIRST_WEEK",
    createdAt: t.clock.now(),
  }).returning();
  const [feedback] = await t.deps.db.insert(feedbackDrafts).values({
    authorEmployeeId: b.employeeId!,
    cycle: "2026",
    updatedAt: t.clock.now(),
  }).returning();
  const [survey] = await t.deps.db.insert(surveyInvitations).values({
    employeeId: b.employeeId!,
    surveyTitle: "Mitarbeitendenumfrage",
    createdAt: t.clock.now(),
  }).returning();
  const [document] = await t.deps.db.insert(requiredDocuments).values({
    employeeId: b.employeeId!,
    kind: "Diplomkopie",
    status: "RECEIVED",
    receivedAt: t.clock.now(),
    createdAt: t.clock.now(),
  }).returning();
  await t.deps.db.insert(requiredDocumentFiles).values({
    requiredDocumentId: document.id,
    employeeId: b.employeeId!,
    fileName: "diplom.pdf",
    contentType: "application/pdf",
    sizeBytes: 9,
    bytes: Buffer.from("%PDF-1.7\n"),
    uploadedAt: t.clock.now(),
  });
  const [device] = await t.deps.db.insert(pushDevices).values({
    userId: b.userId,
    platform: "FCM",
    token: "fcm-token-of-employee-b-000001",
    language: "de",
    createdAt: t.clock.now(),
    updatedAt: t.clock.now(),
  }).returning();
  const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
  const personal = await addPersonalDocument(t.deps, {
    employeeId: b.employeeId!,
    kind: "CONTRACT",
    title: "Arbeitsvertrag",
    fileName: "vertrag.pdf",
    bytes: PDF,
  });
  await attachToLeaveRequest(t.deps, b, { id: awaiting.id, fileName: "einladung.pdf", bytes: PDF });
  const records: Records = {
    leaveAwaiting: awaiting.id,
    leaveApproved: approved.id,
    timeDraft: draft.id,
    sick: sick.id,
    payslip: slip.id,
    changeRequest: change.id,
    session: session.id,
    connection: conn.id,
    dataExport: exported.id,
    onboardingTask: task.id,
    recruitingTask: (await t.deps.db.select().from(applicationTasks).where(
      eq(applicationTasks.applicationId, GATED_APPLICATION_ID),
    )).find((x) => x.blocking && !x.done)!.id,
    feedbackDraft: feedback.id,
    survey: survey.id,
    document: document.id,
    pushDevice: device.id,
    personalDocument: personal.id,
    employeeB: b.employeeId!,
  };
  const otherManager = await addAccount(t, P("P007"), { role: "manager" });
  return { records, otherManager };
}

/** Everything of B's that an attempt could touch, read straight from the database. */
async function snapshot(t: TestApp, r: Records) {
  const db = t.deps.db;
  return {
    leave: await db.select().from(leaveRequests).where(eq(leaveRequests.employeeId, r.employeeB)),
    time: await db.select().from(timeEntries).where(eq(timeEntries.employeeId, r.employeeB)),
    sick: await db.select().from(sickLeaveEntries).where(eq(sickLeaveEntries.employeeId, r.employeeB)),
    change: await db.select().from(profileChangeRequests).where(
      eq(profileChangeRequests.id, r.changeRequest),
    ),
    session: await db.select().from(sessions).where(eq(sessions.id, r.session)),
    connection: await db.select().from(oauthConnections).where(eq(oauthConnections.id, r.connection)),
    dataExport: await db.select().from(dataExports).where(eq(dataExports.id, r.dataExport)),
    task: await db.select().from(onboardingTasks).where(eq(onboardingTasks.id, r.onboardingTask)),
    recruitingTask: await db.select().from(applicationTasks).where(eq(applicationTasks.id, r.recruitingTask)),
    draft: await db.select().from(feedbackDrafts).where(eq(feedbackDrafts.id, r.feedbackDraft)),
    survey: await db.select().from(surveyInvitations).where(eq(surveyInvitations.id, r.survey)),
    document: await db.select().from(requiredDocuments).where(eq(requiredDocuments.id, r.document)),
    pushDevice: await db.select().from(pushDevices).where(eq(pushDevices.id, r.pushDevice)),
    personalDocument: await db.select().from(personalDocuments).where(
      eq(personalDocuments.id, r.personalDocument),
    ),
    attachment: await db.select().from(leaveRequestAttachments).where(
      eq(leaveRequestAttachments.leaveRequestId, r.leaveAwaiting),
    ),
    documentFile: await db.select().from(requiredDocumentFiles).where(
      eq(requiredDocumentFiles.requiredDocumentId, r.document),
    ),
  };
}

Deno.test("access: changing the id never reaches another employee's record", async (t) => {
  const app = await makeTestApp();
  try {
    const { records, otherManager } = await setup(app);
    const tokens = {
      A: await app.signIn("employee@demo.example"),
      otherManager: await app.signIn(otherManager.email),
    };
    const before = await snapshot(app, records);
    for (const a of ATTEMPTS) {
      await t.step(`${a.operationId} as ${a.as}`, async () => {
        const path = a.path(records);
        const body = a.body?.(records);
        const sent = () => {
          if (!a.upload) return body !== undefined ? { json: body } : {};
          const form = new FormData();
          form.append("file", new File(["%PDF-1.7\n%%EOF\n"], "brief.pdf", { type: "application/pdf" }));
          return { body: form };
        };
        const r = await app.request(BASE + path, { method: a.method, token: tokens[a.as], ...sent() });
        const res = await json(r);
        assert.equal(res.status, a.status, `${a.method} ${path}: ${JSON.stringify(res.body)}`);
        assert.deepEqual(Object.keys(res.body), ["error", "code"]);
        assert.equal(res.body.code, a.status === 404 ? "not_found" : "forbidden");
        const text = JSON.stringify(res.body);
        assert.ok(!text.includes("Mia") && !text.includes("privat"), "nothing about B leaks");
        if (a.status === 404) {
          const idInBody = body && JSON.stringify(body).includes(records.sick);
          const unknownReq = idInBody
            ? { path, body: { ...(body as object), entryId: "00000000-0000-4000-8000-000000000000" } }
            : {
              path: Object.values(records).reduce((p, id) => p.includes(id) ? swap(p, id) : p, path),
              body,
            };
          const u = await json(
            await app.request(BASE + unknownReq.path, {
              method: a.method,
              token: tokens[a.as],
              ...(a.upload ? sent() : unknownReq.body !== undefined ? { json: unknownReq.body } : {}),
            }),
          );
          assert.equal(u.status, 404);
          assert.equal(u.body.error, res.body.error, "another's id reads exactly like an unknown one");
        }
      });
    }
    await t.step("B's records are exactly as they were", async () => {
      assert.deepEqual(await snapshot(app, records), before);
    });
    await t.step("week routes address the caller's own week only", async () => {
      const week = await json(
        await app.request(`${BASE}/employee/time-weeks/2026-11-16`, { token: tokens.A }),
      );
      assert.ok(week.body.data.entries.every((e: { id: string }) => e.id !== records.timeDraft));
      const sub = await json(
        await app.request(`${BASE}/employee/time-weeks/2026-11-16/submit`, {
          method: "POST",
          token: tokens.A,
        }),
      );
      assert.equal(sub.status, 200);
      const [bDraft] = await app.deps.db.select().from(timeEntries).where(
        eq(timeEntries.id, records.timeDraft),
      );
      assert.equal(bDraft.status, "DRAFT", "A's submission leaves B's drafts alone");
    });
    await t.step("lists show the caller's own records only", async () => {
      for (
        const p of [
          "/employee/leave/requests",
          "/employee/time-entries?from=2026-11-16&to=2026-11-22",
          "/employee/sick-leave",
          "/employee/payslips",
          "/employee/profile/change-requests",
        ]
      ) {
        const r = await app.request(BASE + p, { token: tokens.A });
        const text = await r.text();
        for (
          const id of [
            records.leaveAwaiting,
            records.timeDraft,
            records.sick,
            records.payslip,
            records.changeRequest,
          ]
        ) {
          assert.ok(!text.includes(id), `${p} shows none of B's records`);
        }
      }
    });
  } finally {
    app.close();
  }
});

Deno.test("access: the table covers every portal operation that takes an id", () => {
  const withId = portalRoutes.filter((r) => r.path.includes(":") || r.operationId === "endSickLeave")
    .map((r) => r.operationId)
    .filter((id) => !OWN_WEEK_OPERATIONS.includes(id));
  const covered = new Set(ATTEMPTS.map((a) => a.operationId));
  const missing = withId.filter((id) => !covered.has(id));
  assert.deepEqual(missing, [], `add an attempt for: ${missing.join(", ")}`);
  for (const id of OWN_WEEK_OPERATIONS) assert.ok(portalRoutes.some((r) => r.operationId === id));
  // Any body field that names a record id must be listed here too.
  const bodyIds = portalRoutes.filter((r) => {
    const shape = (r.body as unknown as { shape?: Record<string, unknown> })?.shape ?? {};
    return Object.keys(shape).some((k) => /id$/i.test(k));
  }).map((r) => r.operationId);
  assert.deepEqual(bodyIds.filter((id) => !covered.has(id)), []);
});
