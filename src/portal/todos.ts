/** The to-dos behind the summary's badge, and the notification inbox. */
import { rule } from "../i18n/messages/mod.ts";
import { NOTIFICATION_KINDS } from "../domain/notifications.ts";
import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import {
  completeOnboardingTask,
  discardFeedbackDraft,
  listNotifications,
  listTodos,
  markNotificationsRead,
  settleSurveyInvitation,
  submitFeedbackDraft,
  SURVEY_OUTCOMES,
} from "../services/todos.ts";
import { route, type RouteDef } from "./route.ts";
import { fileResponse, uploadFor } from "./files.ts";
import {
  getRequiredDocument,
  getRequiredDocumentFile,
  uploadRequiredDocument,
} from "../services/document_files.ts";
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from "../services/uploaded_files.ts";
import {
  boolQuery,
  cursorPageFields,
  cursorPageQuery,
  dateTime,
  idParam,
  isoDate,
  syncFields,
  updatedSinceQuery,
} from "./schemas.ts";

const Todos = z.strictObject({
  feedbackDrafts: z.array(z.strictObject({
    id: z.string(),
    cycle: z.string(),
    about: z.string().nullable().meta({ description: "Whom the feedback is about, when it names someone." }),
    updatedAt: dateTime,
  })),
  surveyInvitations: z.array(
    z.strictObject({ id: z.string(), title: z.string(), dueDate: isoDate.nullable() }),
  ),
  onboarding: z.strictObject({
    open: z.boolean(),
    tasks: z.array(z.strictObject({
      id: z.string(),
      title: z.string(),
      phase: z.string(),
      dueDate: isoDate.nullable(),
      mine: z.boolean().meta({ description: "True when the person does it (and may mark it done)." }),
    })),
  }),
  documentsMissing: z.array(
    z.strictObject({ id: z.string(), kind: z.string(), dueDate: isoDate.nullable() }),
  ),
  ...syncFields,
});

const RequiredDocument = z.strictObject({
  id: z.string(),
  kind: z.string().meta({ description: "What HR asked for, e.g. RESIDENCE_PERMIT." }),
  dueDate: isoDate.nullable(),
  status: z.enum(["MISSING", "RECEIVED"]),
  receivedAt: dateTime.optional().meta({ description: "When the file arrived." }),
});

/**
 * A notification's payload: ids, dates, states and numbers, never free text. Its keys by kind; open to keys a
 * later version adds, so an app reads the ones it knows.
 */
const NotificationPayload = z.looseObject({
  leaveRequestId: z.string().optional().meta({ description: "LEAVE_*: the leave request." }),
  sickLeaveId: z.string().optional().meta({ description: "SICK_*: the sick-leave absence." }),
  changeRequestId: z.string().optional().meta({ description: "PROFILE_CHANGE_*: the change request." }),
  applicationId: z.string().optional().meta({ description: "application.stage_changed: the application." }),
  employeeId: z.string().optional().meta({
    description: "For the approver or HR: whose request, report or week it is.",
  }),
  status: z.string().optional().meta({
    description: "*_DECIDED: the outcome (a leave request's or week's new status; APPLIED or REJECTED for " +
      "a profile change).",
  }),
  cancellation: z.boolean().optional().meta({
    description: "LEAVE_REQUEST_DECIDED: the decision was on a cancellation, not on the request itself.",
  }),
  weekStart: isoDate.optional().meta({ description: "TIMESHEET_*: the week's Monday." }),
  entries: z.int().optional().meta({
    description: "TIMESHEET_*: how many entries were submitted or decided.",
  }),
  field: z.string().optional().meta({ description: "PROFILE_CHANGE_*: the field asked to change." }),
  startDate: isoDate.optional().meta({ description: "SICK_REPORTED: the first day." }),
  endDate: isoDate.nullable().optional().meta({
    description: "SICK_REPORTED, SICK_ENDED: the last day (null: ongoing).",
  }),
  days: z.number().optional().meta({ description: "LEAVE_REQUEST_RECALCULATED: the days it costs now." }),
  previousDays: z.number().optional().meta({
    description: "LEAVE_REQUEST_RECALCULATED: the days it cost before.",
  }),
  because: z.string().optional().meta({
    description:
      "LEAVE_REQUEST_RECALCULATED: WORKLOAD_CHANGE when a workload change caused it, CANTON_CHANGE when a " +
      "dated change of the canton of work did (absent for a closure change).",
  }),
  stage: z.string().optional().meta({ description: "application.stage_changed: the stage's key." }),
}).meta({
  description: "Ids and facts of the event, never free text. By kind: LEAVE_REQUEST_FILED, " +
    "LEAVE_REQUEST_WITHDRAWN, LEAVE_CANCELLATION_REQUESTED {leaveRequestId, employeeId}; LEAVE_REQUEST_DECIDED " +
    "{leaveRequestId, status, cancellation}; LEAVE_REQUEST_RECALCULATED {leaveRequestId, days, previousDays, " +
    "and after a workload change employeeId, because}; TIMESHEET_SUBMITTED {employeeId, weekStart, entries}; " +
    "TIMESHEET_DECIDED {weekStart, status, entries}; PROFILE_CHANGE_REQUESTED {changeRequestId, employeeId, " +
    "field}; PROFILE_CHANGE_DECIDED {changeRequestId, field, status}; SICK_REPORTED {sickLeaveId, employeeId, " +
    "startDate, endDate}; SICK_ENDED {sickLeaveId, employeeId, endDate}; SICK_REPORT_WITHDRAWN {sickLeaveId, " +
    "employeeId}; SICK_CERTIFICATE_ACCEPTED {sickLeaveId}; application.stage_changed {applicationId, stage}.",
});

const Notification = z.strictObject({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS).meta({
    description: "What happened. An app ignores a kind it does not know: a later version may add one.",
  }),
  text: z.string().meta({
    description: "What happened, as a line for the inbox in the caller's language, with the outcome of a " +
      'decision ("Your leave request is approved."); the same text as the push.',
  }),
  payload: NotificationPayload,
  viaAssistant: z.boolean(),
  createdAt: dateTime,
  readAt: dateTime.nullable(),
});

export const todoRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/todos",
    operationId: "listTodos",
    reuse: true,
    tag: "profile",
    access: "employee",
    summary: "What the summary's to-do badge counts, item by item",
    description:
      "Unsent feedback drafts, open survey invitations (not past due), the open onboarding plan's " +
      "tasks and missing documents. The summary's `todos` counts exactly these: `feedbackDrafts` and " +
      "`surveyInvitations` are the lengths of the lists, `onboardingOpen` is `onboarding.open`, " +
      "`documentsMissing` is whether `documentsMissing` has an entry. With `updatedSince`: each group " +
      "holds only the to-dos that appeared or changed since (`onboarding.open` is always current), and " +
      "`deleted` the to-dos that left the list since: a draft sent or discarded, an invitation answered, " +
      "declined or past its due date, a task done or its plan closed, a document received. One page, no " +
      "cursor.",
    query: z.strictObject({ updatedSince: updatedSinceQuery }),
    response: Todos,
    errors: {},
    handler: ({ deps, user, query }) => listTodos(deps, portalActor(user), query),
  }),
  route({
    method: "post",
    path: "/employee/todos/onboarding-tasks/:id/done",
    operationId: "completeOnboardingTask",
    tag: "profile",
    access: "employee",
    summary: "Mark one of the caller's onboarding tasks done",
    description:
      "A task of the caller's own open plan, assigned to them or to nobody. When the plan's last " +
      "open task is done, the plan is completed and `todos.onboardingOpen` turns false.",
    params: idParam,
    response: z.strictObject({ id: z.string(), done: z.literal(true), doneAt: dateTime }),
    errors: {
      403: "The task is on the caller's plan but for someone else to do.",
      404: "No onboarding task of the caller with this id.",
    },
    handler: ({ deps, user, params }) => completeOnboardingTask(deps, portalActor(user), params.id),
  }),
  route({
    method: "delete",
    path: "/employee/todos/feedback-drafts/:id",
    operationId: "discardFeedbackDraft",
    tag: "profile",
    access: "employee",
    summary: "Discard one of the caller's unsent feedback drafts",
    description:
      "Deletes a feedback draft the caller wrote and has not sent; it leaves `feedbackDrafts` and the " +
      "summary's badge. To send it instead: `POST /employee/todos/feedback-drafts/{id}/submit`. " +
      "Only the author's own unsent drafts can be discarded: anyone else's id, or a draft already sent, " +
      "answers 404.",
    params: idParam,
    response: z.strictObject({ id: z.string(), discarded: z.literal(true) }),
    errors: { 404: "No unsent feedback draft of the caller with this id." },
    handler: ({ deps, user, params }) => discardFeedbackDraft(deps, portalActor(user), params.id),
  }),
  route({
    method: "post",
    path: "/employee/todos/feedback-drafts/:id/submit",
    operationId: "submitFeedbackDraft",
    tag: "profile",
    access: "employee",
    summary: "Send one of the caller's feedback drafts",
    description:
      "The draft becomes SUBMITTED (the feedback reaches its cycle) and leaves `feedbackDrafts` and the " +
      "summary's badge. Only the author sends their own draft: anyone else's id answers 404 like an unknown " +
      "one; a draft already sent answers 409 and nothing changes.",
    params: idParam,
    response: z.strictObject({ id: z.string(), status: z.literal("SUBMITTED"), submittedAt: dateTime }),
    errors: {
      404: "No feedback draft of the caller with this id.",
      409: "The draft was already sent.",
    },
    handler: ({ deps, user, params }) => submitFeedbackDraft(deps, portalActor(user), params.id),
  }),
  route({
    method: "post",
    path: "/employee/todos/survey-invitations/:id/outcome",
    operationId: "settleSurveyInvitation",
    tag: "profile",
    access: "employee",
    summary: "Mark one of the caller's survey invitations answered or declined",
    description:
      "The survey itself runs in the tool that sent the invitation; when the person comes back from it the " +
      "app sends `ANSWERED`, or `DECLINED` when they do not want to take part. Either way the invitation " +
      "leaves `surveyInvitations` and the summary's badge (status COMPLETED or DECLINED). Another person's " +
      "invitation answers 404 like an unknown one; one already settled, or past its due date, answers 409 " +
      "and nothing changes.",
    params: idParam,
    body: z.strictObject({
      outcome: z.enum(Object.keys(SURVEY_OUTCOMES) as ["ANSWERED", "DECLINED"], {
        error: rule("rule.either", { first: "ANSWERED", last: "DECLINED" }),
      }),
    }),
    response: z.strictObject({ id: z.string(), status: z.enum(["COMPLETED", "DECLINED"]) }),
    errors: {
      404: "No survey invitation of the caller with this id.",
      409: "The invitation was already answered, declined or expired, or its due date has passed.",
    },
    handler: ({ deps, user, params, body }) =>
      settleSurveyInvitation(deps, portalActor(user), { id: params.id, outcome: body.outcome }),
  }),
  route({
    method: "post",
    path: "/employee/todos/documents/:id/file",
    operationId: "uploadRequestedDocument",
    tag: "profile",
    access: "employee",
    summary: "Upload the file of a document HR asked for (PDF or photo)",
    description:
      "Send the file as `multipart/form-data` with a part named `file`: a PDF, JPEG, PNG or HEIC image of at " +
      "most 10 MB, recognised by its content (not its name). The document then reads `status: RECEIVED` " +
      "with `receivedAt`, leaves `documentsMissing` (and the summary's badge), and HR can read the file. A " +
      "new upload replaces the previous file.",
    params: idParam,
    upload: {
      field: "file",
      types: [...UPLOAD_TYPES],
      maxBytes: UPLOAD_MAX_BYTES,
      description: "The document: PDF, JPEG, PNG or HEIC, at most 10 MB.",
    },
    response: RequiredDocument,
    errors: {
      400: "No part named `file`, or an empty file.",
      404: "The caller has no requested document with this id.",
      413: "The file is larger than 10 MB.",
      415: "Not multipart/form-data, or the file is neither a PDF nor a JPEG, PNG or HEIC image.",
    },
    handler: async ({ deps, user, params, c }) => {
      const actor = portalActor(user);
      // Someone else's id reads as unknown before anything of the upload is looked at.
      await getRequiredDocument(deps, actor, params.id);
      return uploadRequiredDocument(
        deps,
        actor,
        await uploadFor(c, params.id, deps.config.bodyReadTimeoutSeconds),
      );
    },
  }),
  route({
    method: "get",
    path: "/employee/todos/documents/:id",
    operationId: "getRequestedDocument",
    tag: "profile",
    access: "employee",
    summary: "A document HR asked for, and whether its file arrived",
    description:
      "A document HR asked the caller for (a residence permit, a diploma copy, …) with its due date and " +
      "whether a file arrived (`status: RECEIVED` with `receivedAt`). Another person's document answers " +
      "404.",
    params: idParam,
    response: RequiredDocument,
    errors: { 404: "The caller has no requested document with this id." },
    handler: ({ deps, user, params }) => getRequiredDocument(deps, portalActor(user), params.id),
  }),
  route({
    method: "get",
    path: "/employee/todos/documents/:id/file",
    operationId: "getRequestedDocumentFile",
    tag: "profile",
    access: "employee",
    summary: "The file the caller uploaded for a requested document",
    description:
      "The exact bytes the caller uploaded, with their media type. Not stored by any cache (`no-store`); " +
      "a strong `ETag` over the bytes lets the app skip the download with `If-None-Match` (304) when the " +
      "file it holds is current.",
    params: idParam,
    fileType: [...UPLOAD_TYPES],
    errors: { 404: "The caller has no requested document with this id, or no file for it." },
    handler: async ({ deps, user, params, c }) => {
      const actor = portalActor(user);
      await getRequiredDocument(deps, actor, params.id);
      return fileResponse(c, await getRequiredDocumentFile(deps, actor, params.id));
    },
  }),
  route({
    method: "get",
    path: "/employee/notifications",
    operationId: "listNotifications",
    reuse: true,
    tag: "profile",
    access: "employee",
    summary: "The caller's notifications, newest first",
    description: "What the service told the caller (a decision on their leave, a week sent back, a request " +
      "awaiting them as a manager), with how many are unread. `unread=true` lists only those. With " +
      "`updatedSince`: the notifications that arrived or were read since, oldest change first, and in " +
      "`deleted` those deleted since (an applicant's notifications go with the application at the end of " +
      "its retention).",
    query: z.strictObject({
      unread: boolQuery("`true`: only the unread ones.").optional(),
      updatedSince: updatedSinceQuery,
      ...cursorPageQuery,
    }),
    response: z.strictObject({
      items: z.array(Notification),
      unreadCount: z.number().int(),
      limit: z.number().int(),
      offset: z.number().int(),
      nextOffset: cursorPageFields(Notification).nextOffset,
      nextCursor: cursorPageFields(Notification).nextCursor,
      ...syncFields,
    }),
    errors: {},
    handler: ({ deps, user, query }) =>
      listNotifications(deps, portalActor(user), {
        unread: query.unread ?? false,
        limit: query.limit,
        offset: query.offset,
        cursor: query.cursor,
        updatedSince: query.updatedSince,
      }),
  }),
  route({
    method: "post",
    path: "/employee/notifications/read",
    operationId: "markNotificationsRead",
    tag: "profile",
    access: "employee",
    summary: "Mark notifications read: the ones named, or all",
    description:
      "Sends `{ids: [...]}` (1 to 50 of the caller's notification ids) or `{all: true}`. Only the " +
      "caller's unread notifications change; ids of someone else's notifications or of ones already read " +
      "are ignored, so `marked` says how many changed. Repeating the call is harmless.",
    body: z.union([
      z.strictObject({ ids: z.array(z.string().min(1).max(64)).min(1).max(50) }),
      z.strictObject({ all: z.literal(true) }),
    ]),
    response: z.strictObject({ marked: z.number().int() }),
    errors: {},
    handler: ({ deps, user, body }) =>
      markNotificationsRead(deps, portalActor(user), "all" in body ? "all" : body.ids),
  }),
];
