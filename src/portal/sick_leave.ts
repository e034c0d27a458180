import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import {
  cancelSickReport,
  endSickLeave,
  getSickLeave,
  getSickLeaveEntry,
  markCertificateUploaded,
  previewSickReport,
  reportSickLeave,
} from "../services/sick_leave.ts";
import { route, type RouteDef } from "./route.ts";
import {
  dateTime,
  idParam,
  SickLeaveEndBody,
  SickLeaveEntry,
  SickLeaveRecord,
  SickLeaveYear,
  SickReportBody,
  SickReportPreview,
  yearQuery,
} from "./schemas.ts";

const reportRefusals = {
  400:
    "An invalid field: a start in the future or more than 30 days back, before the employment, or an end " +
    "before the start.",
  409: "The absence overlaps one already on file.",
};

/** The caller's sick-leave absences. */
export const sickLeaveRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/sick-leave",
    operationId: "getSickLeave",
    tag: "sick-leave",
    access: "employee",
    summary: "The caller's absences and totals for a calendar year",
    description:
      "Includes the salary-continuation days used in the current service year across all absences.",
    query: z.strictObject({ year: yearQuery }),
    response: SickLeaveYear,
    errors: {},
    handler: ({ deps, user, query }) => getSickLeave(deps, portalActor(user), query),
  }),
  route({
    method: "post",
    path: "/employee/sick-leave/preview",
    operationId: "previewSickReport",
    tag: "sick-leave",
    access: "employee",
    summary: "Days a report would cover and the salary-continuation days used, without filing it",
    body: SickReportBody,
    response: SickReportPreview,
    errors: reportRefusals,
    handler: ({ deps, user, body }) => previewSickReport(deps, portalActor(user), body),
  }),
  route({
    method: "post",
    path: "/employee/sick-leave",
    operationId: "reportSickLeave",
    tag: "sick-leave",
    access: "employee",
    status: 201,
    summary: "Report an absence from a date, ongoing or with an end date",
    description: "The manager is told that the caller is absent, never the reason; only HR sees the reason.",
    body: SickReportBody,
    response: SickLeaveRecord,
    errors: reportRefusals,
    handler: ({ deps, user, body }) => reportSickLeave(deps, portalActor(user), body),
  }),
  route({
    method: "post",
    path: "/employee/sick-leave/end",
    operationId: "endSickLeave",
    tag: "sick-leave",
    access: "employee",
    summary: "End one of the caller's ongoing absences",
    body: SickLeaveEndBody,
    response: SickLeaveEntry,
    errors: {
      400: "An invalid field (action must be 'end'; endDate a calendar date, not before the start).",
      404: "The caller has no sick-leave entry with this id.",
      409: "The absence is not ongoing (already ended or taken back).",
    },
    handler: ({ deps, user, body }) => endSickLeave(deps, portalActor(user), body),
  }),
  route({
    method: "get",
    path: "/employee/sick-leave/:id",
    operationId: "getSickLeaveEntry",
    tag: "sick-leave",
    access: "employee",
    summary: "One of the caller's absences",
    params: idParam,
    response: SickLeaveRecord,
    errors: { 404: "The caller has no sick-leave entry with this id." },
    handler: ({ deps, user, params }) => getSickLeaveEntry(deps, portalActor(user), params),
  }),
  route({
    method: "post",
    path: "/employee/sick-leave/:id/take-back",
    operationId: "takeBackSickReport",
    tag: "sick-leave",
    access: "employee",
    summary: "Take back an own report within 24 hours, while no certificate is on file",
    params: idParam,
    response: z.strictObject({ id: z.string(), takenBack: z.literal(true), takenBackAt: dateTime }),
    errors: {
      404: "The caller has no sick-leave entry with this id.",
      409: "More than 24 hours have passed, a certificate is on file, or it was already taken back.",
    },
    handler: ({ deps, user, params }) => cancelSickReport(deps, portalActor(user), params),
  }),
  route({
    method: "post",
    path: "/employee/sick-leave/:id/certificate",
    operationId: "markCertificateUploaded",
    tag: "sick-leave",
    access: "employee",
    summary: "Mark the medical certificate for an absence as uploaded",
    params: idParam,
    body: z.strictObject({
      fileName: z.string().trim().min(1).max(200, { message: "must be at most 200 characters" }).optional(),
    }),
    response: SickLeaveRecord,
    errors: {
      404: "The caller has no sick-leave entry with this id.",
      409: "The report was taken back, or HR already accepted the certificate.",
    },
    handler: ({ deps, user, params, body }) =>
      markCertificateUploaded(deps, portalActor(user), { id: params.id, fileName: body.fileName }),
  }),
];
