/** The to-dos behind the summary's badge, and the notification inbox. */
import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import {
  completeOnboardingTask,
  discardFeedbackDraft,
  listNotifications,
  listTodos,
  markNotificationsRead,
} from "../services/todos.ts";
import { route, type RouteDef } from "./route.ts";
import { dateTime, idParam, isoDate, pageQuery } from "./schemas.ts";

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
});

const Notification = z.strictObject({
  id: z.string(),
  kind: z.string().meta({ description: "What happened, e.g. LEAVE_REQUEST_DECIDED, TIMESHEET_DECIDED." }),
  payload: z.record(z.string(), z.unknown()).meta({ description: "Ids and flags only, never free text." }),
  viaAssistant: z.boolean(),
  createdAt: dateTime,
  readAt: dateTime.nullable(),
});

export const todoRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/todos",
    operationId: "listTodos",
    tag: "profile",
    access: "employee",
    summary: "What the summary's to-do badge counts, item by item",
    description:
      "Unsent feedback drafts, open survey invitations (not past due), the open onboarding plan's " +
      "tasks and missing documents. The summary's `todos` counts exactly these: `feedbackDrafts` and " +
      "`surveyInvitations` are the lengths of the lists, `onboardingOpen` is `onboarding.open`, " +
      "`documentsMissing` is whether `documentsMissing` has an entry.",
    response: Todos,
    errors: {},
    handler: ({ deps, user }) => listTodos(deps, portalActor(user)),
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
    params: idParam,
    response: z.strictObject({ id: z.string(), discarded: z.literal(true) }),
    errors: { 404: "No unsent feedback draft of the caller with this id." },
    handler: ({ deps, user, params }) => discardFeedbackDraft(deps, portalActor(user), params.id),
  }),
  route({
    method: "get",
    path: "/employee/notifications",
    operationId: "listNotifications",
    tag: "profile",
    access: "employee",
    summary: "The caller's notifications, newest first",
    description: "What the service told the caller (a decision on their leave, a week sent back, a request " +
      "awaiting them as a manager), with how many are unread. `unread=true` lists only those.",
    query: z.strictObject({ unread: z.enum(["true", "false"]).optional(), ...pageQuery }),
    response: z.strictObject({
      items: z.array(Notification),
      unreadCount: z.number().int(),
      limit: z.number().int(),
      offset: z.number().int(),
      nextOffset: z.number().int().nullable(),
    }),
    errors: {},
    handler: ({ deps, user, query }) =>
      listNotifications(deps, portalActor(user), {
        unread: query.unread === "true",
        limit: query.limit,
        offset: query.offset,
      }),
  }),
  route({
    method: "post",
    path: "/employee/notifications/read",
    operationId: "markNotificationsRead",
    tag: "profile",
    access: "employee",
    summary: "Mark notifications read: the ones named, or all",
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
