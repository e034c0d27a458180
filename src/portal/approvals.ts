import { z } from "zod";
import { rule } from "../i18n/messages/mod.ts";
import { withAttachment } from "./leave.ts";
import { portalActor } from "../services/actor.ts";
import {
  decideLeaveRequest,
  decideProfileChange,
  decideTimesheet,
  getLeaveApproval,
  getTeamCalendar,
  listLeaveApprovals,
  listProfileChangeApprovals,
  listTimesheetApprovals,
} from "../services/approvals.ts";
import { route, type RouteDef } from "./route.ts";
import { fileResponse } from "./files.ts";
import { getRequiredDocumentFile } from "../services/document_files.ts";
import { UPLOAD_TYPES } from "../services/uploaded_files.ts";
import { CERTIFICATE_TYPES, getCertificateFile } from "../services/sick_leave.ts";
import {
  cursorPageFields,
  cursorPageQuery,
  DecisionBody,
  idParam,
  isoDate,
  LeaveApproval,
  LeaveRequest,
  PersonRef,
  ProfileChangeRequest,
  syncFields,
  TeamCalendar,
  TimesheetApproval,
  updatedSinceQuery,
} from "./schemas.ts";

const who = {
  403: "The caller's role does not decide requests (managers and HR do), or it is the caller's own request.",
};

/**
 * For managers and HR: requests awaiting the caller, the team calendar, and decisions. Paths live under
 * `/approvals`; the operations carry the contract's tags of their subject (leave, time, profile), so the
 * document keeps exactly the contract's eight tags.
 */
/** The request inside an approval carries its file as the approval does (one request shape everywhere). */
function withRequestAttachment(a: Awaited<ReturnType<typeof getLeaveApproval>>) {
  return { ...a, request: { ...a.request, attachment: a.attachment } };
}

export const approvalRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/approvals/leave-requests",
    operationId: "listLeaveApprovals",
    tag: "leave",
    access: "employee",
    summary: "For managers: leave requests and cancellation requests awaiting the caller",
    description:
      "Each with the requester's remaining days if approved and the team's absences in its range; " +
      "soonest start first (then the first filed), 50 a page, paged by `cursor`. With `updatedSince`: the " +
      "waiting requests written since (filed, a cancellation asked for, routed to the caller), for an " +
      "app's offline copy of the queue; `deleted` holds the requests (by `request.id`) that left the queue " +
      "since: decided, withdrawn, or routed to another approver. The balances and team absences are as of " +
      "the answer.",
    query: z.strictObject({ updatedSince: updatedSinceQuery, ...cursorPageQuery }),
    response: z.strictObject({ ...cursorPageFields(LeaveApproval), ...syncFields }),
    errors: who,
    handler: async ({ deps, user, query }) => {
      const page = await listLeaveApprovals(deps, portalActor(user), query);
      return { ...page, items: page.items.map((a) => withRequestAttachment(a)) };
    },
  }),
  route({
    method: "get",
    path: "/approvals/leave-requests/:id",
    operationId: "getLeaveApproval",
    tag: "leave",
    access: "employee",
    summary: "For managers: one leave request the caller may decide",
    description:
      "One request awaiting the caller's decision, with the requester's balance if approved and the " +
      "team's absences in its range. Managers see their reports' requests, HR staff also those routed to " +
      "HR; a request the caller may not decide answers 404 like an unknown id.",
    params: idParam,
    response: LeaveApproval,
    errors: { ...who, 404: "No request the caller may decide has this id." },
    handler: async ({ deps, user, params }) =>
      withRequestAttachment(await getLeaveApproval(deps, portalActor(user), params)),
  }),
  route({
    method: "post",
    path: "/approvals/leave-requests/:id/decision",
    operationId: "decideLeaveRequest",
    tag: "leave",
    access: "employee",
    summary:
      "For managers: approve or reject a leave request (or grant or refuse a cancellation), with an optional note",
    description:
      "Nobody approves their own request. Approving beyond the balance of a leave type that refuses it " +
      "is refused.",
    params: idParam,
    body: DecisionBody,
    response: LeaveRequest,
    errors: {
      ...who,
      404: "No request the caller may decide has this id.",
      409: "The request is no longer awaiting a decision, or approving would overdraw the balance.",
    },
    handler: async ({ deps, user, params, body }) =>
      withAttachment(deps, await decideLeaveRequest(deps, portalActor(user), { id: params.id, ...body })),
  }),
  route({
    method: "get",
    path: "/approvals/timesheets",
    operationId: "listTimesheetApprovals",
    tag: "time",
    access: "employee",
    summary: "For managers: submitted time weeks of the caller's reports",
    description:
      "One item per person and submitted week, oldest week first (then person), 50 a page, paged by " +
      "`cursor`, with total and target hours. A " +
      "manager sees the weeks of their direct reports, HR staff also those of people without a manager. " +
      "Roles without approvals answer 403. With `updatedSince`: the submitted weeks with an entry " +
      "written since, oldest change first, for an app's offline copy of the queue; `deleted` holds the " +
      "weeks (by their `id`) whose entries were written since and that await no decision any more " +
      "(approved, rejected, taken back).",
    query: z.strictObject({ updatedSince: updatedSinceQuery, ...cursorPageQuery }),
    response: z.strictObject({ ...cursorPageFields(TimesheetApproval), ...syncFields }),
    errors: who,
    handler: ({ deps, user, query }) => listTimesheetApprovals(deps, portalActor(user), query),
  }),
  route({
    method: "post",
    path: "/approvals/timesheets/:employeeId/:weekStart/decision",
    operationId: "decideTimesheet",
    tag: "time",
    access: "employee",
    summary: "For managers: approve or reject a report's submitted week (the note goes on rejected entries)",
    description:
      "APPROVE turns the week's SUBMITTED entries APPROVED; REJECT sends them back (REJECTED, with the " +
      "note) so the person corrects and submits again, and tells them. Nobody decides their own weeks " +
      "(403); a person outside the caller's reach answers 404; a week without submitted entries 409.",
    params: z.strictObject({
      employeeId: z.string().min(1).max(64),
      weekStart: isoDate.meta({ description: "The Monday of the week." }),
    }),
    body: DecisionBody,
    response: z.strictObject({
      employeeId: z.string(),
      weekStart: isoDate,
      status: z.enum(["APPROVED", "REJECTED"]),
      decided: z.int(),
    }),
    errors: {
      ...who,
      404: "The person is not one whose weeks the caller decides.",
      409: "The week has no submitted entries.",
    },
    handler: ({ deps, user, params, body }) =>
      decideTimesheet(deps, portalActor(user), { ...params, ...body }),
  }),
  route({
    method: "get",
    path: "/approvals/team-calendar",
    operationId: "getTeamCalendar",
    tag: "leave",
    access: "employee",
    summary: "For managers: the team with their absences (no sick-leave reasons) and public holidays",
    description: "At most 62 days; default four weeks from this Monday.",
    query: z.strictObject({ from: isoDate.optional(), to: isoDate.optional() }),
    response: TeamCalendar,
    errors: who,
    handler: ({ deps, user, query }) => getTeamCalendar(deps, portalActor(user), query),
  }),
  route({
    method: "get",
    path: "/approvals/profile-change-requests",
    operationId: "listProfileChangeApprovals",
    tag: "profile",
    access: "employee",
    summary: "For HR: profile change requests (pending by default)",
    description:
      "The profile change requests of every employee, 50 a page, PENDING unless `status` says otherwise, " +
      "with who asked: pending ones the oldest first, decided ones the newest first; paged by `cursor`. HR " +
      "staff and above only (403 for everyone else).",
    query: z.strictObject({
      status: z.enum(["PENDING", "APPLIED", "REJECTED"]).optional(),
      ...cursorPageQuery,
    }),
    response: z.strictObject(cursorPageFields(ProfileChangeRequest.extend({ employee: PersonRef }))),
    errors: { 403: "Only HR staff see profile change requests." },
    handler: ({ deps, user, query }) => listProfileChangeApprovals(deps, portalActor(user), query),
  }),
  route({
    method: "post",
    path: "/approvals/profile-change-requests/:id/decision",
    operationId: "decideProfileChange",
    tag: "profile",
    access: "employee",
    summary: "For HR: apply or reject a profile change request",
    description:
      "APPLY writes the requested value into the employee's record; REJECT leaves it. Either way the " +
      "request is decided and the employee sees its state. HR staff and above only, and never on their " +
      "own request (403); a request already decided answers 409.",
    params: idParam,
    body: z.strictObject({
      decision: z.enum(["APPLY", "REJECT"], {
        error: rule("rule.either", { first: "APPLY", last: "REJECT" }),
      }),
    }),
    response: ProfileChangeRequest,
    errors: {
      403: "Only HR staff decide, and never their own request.",
      404: "No profile change request has this id.",
      409: "The request was already decided.",
    },
    handler: ({ deps, user, params, body }) =>
      decideProfileChange(deps, portalActor(user), { id: params.id, ...body }),
  }),
  route({
    method: "get",
    path: "/approvals/sick-leave/:id/certificate",
    operationId: "getSickCertificateForHr",
    tag: "sick-leave",
    access: "user",
    summary: "For HR: the certificate file an employee uploaded for an absence",
    description: "HR staff and above only: a certificate is health data, so a manager never reads it " +
      "(a manager sees the absence as 'away' in the team calendar).",
    params: idParam,
    fileType: [...CERTIFICATE_TYPES],
    errors: { 404: "No certificate file for this absence that the caller may read." },
    handler: async ({ deps, user, params, c }) =>
      fileResponse(c, await getCertificateFile(deps, portalActor(user), params.id)),
  }),
  route({
    method: "get",
    path: "/approvals/documents/:id/file",
    operationId: "getRequestedDocumentFileForHr",
    tag: "profile",
    access: "user",
    summary: "For HR: the file an employee uploaded for a document HR asked for",
    description: "HR staff and above only; a manager never reads it.",
    params: idParam,
    fileType: [...UPLOAD_TYPES],
    errors: { 404: "No file for this requested document that the caller may read." },
    handler: async ({ deps, user, params, c }) =>
      fileResponse(c, await getRequiredDocumentFile(deps, portalActor(user), params.id)),
  }),
];
