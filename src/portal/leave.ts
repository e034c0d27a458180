import { z } from "zod";
import { rule } from "../i18n/messages/mod.ts";
import { portalActor } from "../services/actor.ts";
import {
  fileLeaveRequest,
  getLeaveBalances,
  getLeaveRequest,
  listLeaveRequests,
  listLeaveTypes,
  previewLeaveRequest,
  requestLeaveCancellation,
  withdrawLeaveRequest,
} from "../services/leave.ts";
import { attachmentsOf } from "../services/my_documents.ts";
import type { AppDeps } from "../deps.ts";
import { route, type RouteDef } from "./route.ts";
import {
  cursorPageFields,
  cursorPageQuery,
  idParam,
  isoDate,
  LEAVE_STATUSES,
  LeaveBalance,
  LeavePreview,
  LeaveRequest,
  LeaveRequestBody,
  LeaveType,
  syncFields,
  updatedSinceQuery,
  yearQuery,
} from "./schemas.ts";

/** Each request with its supporting file (or null): its owner reads what the approver reads. */
export async function withAttachments<T extends { id: string }>(deps: AppDeps, requests: T[]) {
  const files = await attachmentsOf(deps.db, requests.map((r) => r.id));
  return requests.map((r) => ({ ...r, attachment: files.get(r.id) ?? null }));
}

/** One request with its supporting file (or null). */
export async function withAttachment<T extends { id: string }>(deps: AppDeps, request: T) {
  return (await withAttachments(deps, [request]))[0];
}

const refusals = {
  400: "An invalid field, a range without working time, dates outside the employment, or more than 366 days.",
  409:
    "The request overlaps one of the caller's requests, or exceeds the balance of a leave type that refuses it.",
};

/** Leave balances, the caller's requests, preview, filing, withdrawal and cancellation. */
export const leaveRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/leave/types",
    operationId: "listLeaveTypes",
    reuse: true,
    tag: "leave",
    access: "employee",
    summary: "The leave types the caller can request",
    description:
      "The organisation's active leave types with their name in the caller's language, whether they draw " +
      "on a balance (`deductsBalance`) and what happens beyond it (`overdraft`: REFUSE refuses the " +
      "request with 409, FLAG lets it through flagged). `perEvent` is a special leave's length per event " +
      "(a wedding: 2 working days; the other parent's leave: 10 within 6 months), null for types without " +
      "one; a longer request is refused. At most 50.",
    response: z.strictObject({
      items: z.array(z.strictObject({
        ...LeaveType.shape,
        perEvent: z.strictObject({
          days: z.number(),
          unit: z.enum(["WORKING_DAYS", "CALENDAR_DAYS"]),
          withinMonths: z.int().nullable().meta({
            description: "The period after the event it must be taken in.",
          }),
        }).nullable(),
      })).max(50),
      nextCursor: z.string().nullable().meta({ description: "Always null: the whole list is one page." }),
    }),
    errors: {},
    handler: async ({ deps, user }) => ({
      ...await listLeaveTypes(deps, portalActor(user)),
      nextCursor: null,
    }),
  }),
  route({
    method: "get",
    path: "/employee/leave/balances",
    operationId: "getLeaveBalances",
    reuse: true,
    tag: "leave",
    access: "employee",
    summary: "Balances per leave type for a leave year",
    description:
      "Entitlement pro rata for entry, exit and workload changes; carry-over with its expiry; used (up to " +
      "today), planned (after today), pending (awaiting approval, not deducted) and remaining (never clamped: " +
      "`overdrawn` flags a negative value).",
    query: z.strictObject({ year: yearQuery }),
    response: z.strictObject({ year: z.int(), balances: z.array(LeaveBalance) }),
    errors: {},
    handler: ({ deps, user, query }) => getLeaveBalances(deps, portalActor(user), query),
  }),
  route({
    method: "get",
    path: "/employee/leave/requests",
    operationId: "listLeaveRequests",
    reuse: true,
    tag: "leave",
    access: "employee",
    summary: "The caller's leave requests, newest start first",
    description:
      "Filters by status, leave type, leave year and date range; newest start first (then the newest filed), 50 a page, paged by `cursor`. With `updatedSince`: the requests changed since, for an app's offline copy (a request is never deleted: withdrawn, refused and cancelled are states, so `deleted` is empty). Each " +
      "request says whether it may still be withdrawn or its cancellation asked for, so the app shows " +
      "only the actions that will succeed.",
    query: z.strictObject({
      status: z.enum(LEAVE_STATUSES, { error: rule("rule.oneOf", { values: LEAVE_STATUSES.join(", ") }) })
        .optional(),
      leaveType: z.string().max(40).optional().meta({ description: "A leave type code, e.g. VACATION." }),
      year: yearQuery,
      from: isoDate.optional().meta({ description: "Requests ending on or after this date." }),
      to: isoDate.optional().meta({ description: "Requests starting on or before this date." }),
      updatedSince: updatedSinceQuery,
      ...cursorPageQuery,
    }),
    response: z.strictObject({ ...cursorPageFields(LeaveRequest), ...syncFields }),
    errors: {},
    handler: async ({ deps, user, query }) => {
      const page = await listLeaveRequests(deps, portalActor(user), query);
      return { ...page, items: await withAttachments(deps, page.items) };
    },
  }),
  route({
    method: "post",
    path: "/employee/leave/requests/preview",
    operationId: "previewLeaveRequest",
    tag: "leave",
    access: "employee",
    summary: "Compute a request without filing it: days deducted, balance before and after, approver",
    description:
      "Days deducted = the caller's working days in the range (working weekdays), less the public " +
      "holidays of their canton (half-day holidays count half) and company closure days, with half days at either " +
      "end. A range over New Year draws on two leave years. Refuses exactly what filing refuses.",
    body: LeaveRequestBody,
    response: LeavePreview,
    errors: refusals,
    handler: ({ deps, user, body }) => previewLeaveRequest(deps, portalActor(user), body),
  }),
  route({
    method: "post",
    path: "/employee/leave/requests",
    operationId: "fileLeaveRequest",
    tag: "leave",
    access: "employee",
    status: 201,
    summary: "File a leave request (full days, half days at either end, or one half day)",
    description:
      "The request awaits approval by the caller's manager (or the next one up when the manager is " +
      "away); the approver is notified.",
    body: LeaveRequestBody,
    response: LeaveRequest,
    errors: refusals,
    handler: async ({ deps, user, body }) => ({
      ...await fileLeaveRequest(deps, portalActor(user), body),
      attachment: null,
    }),
  }),
  route({
    method: "get",
    path: "/employee/leave/requests/:id",
    operationId: "getLeaveRequest",
    reuse: true,
    tag: "leave",
    access: "employee",
    summary: "One of the caller's leave requests",
    description:
      "A request the caller filed, with its days deducted, state and decision note. Another person's " +
      "request answers 404, like an unknown id.",
    params: idParam,
    response: LeaveRequest,
    errors: { 404: "The caller has no leave request with this id." },
    handler: async ({ deps, user, params }) =>
      withAttachment(deps, await getLeaveRequest(deps, portalActor(user), params)),
  }),
  route({
    method: "post",
    path: "/employee/leave/requests/:id/withdraw",
    operationId: "withdrawLeaveRequest",
    tag: "leave",
    access: "employee",
    summary: "Withdraw a request still awaiting approval",
    description:
      "Takes back a request that is still PENDING: it becomes WITHDRAWN, its pending days leave the " +
      "balance and the approver is told. An approved request is not withdrawn but cancelled (`POST " +
      "…/cancellation`); a decided one answers 409.",
    params: idParam,
    response: LeaveRequest,
    errors: {
      404: "The caller has no leave request with this id.",
      409: "The request is no longer awaiting approval.",
    },
    handler: async ({ deps, user, params }) =>
      withAttachment(deps, await withdrawLeaveRequest(deps, portalActor(user), params)),
  }),
  route({
    method: "post",
    path: "/employee/leave/requests/:id/cancellation",
    operationId: "requestLeaveCancellation",
    tag: "leave",
    access: "employee",
    summary: "Ask to cancel an approved request that has not started yet",
    description:
      "The request becomes CANCELLATION_REQUESTED (its days stay booked) until the approver grants the " +
      "cancellation (CANCELLED) or refuses it (back to APPROVED).",
    params: idParam,
    response: LeaveRequest,
    errors: {
      404: "The caller has no leave request with this id.",
      409: "The request is not approved, or it has already started.",
    },
    handler: async ({ deps, user, params }) =>
      withAttachment(deps, await requestLeaveCancellation(deps, portalActor(user), params)),
  }),
];
