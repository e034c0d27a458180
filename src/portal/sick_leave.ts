import { REUSE_UNTIL } from "./reuse.ts";
import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import {
  cancelSickReport,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_TYPES,
  endSickLeave,
  getCertificateFile,
  getSickLeave,
  getSickLeaveEntry,
  previewSickReport,
  reportSickLeave,
  uploadCertificate,
} from "../services/sick_leave.ts";
import { route, type RouteDef } from "./route.ts";
import { fileResponse, uploadFor } from "./files.ts";
import {
  cursorPageQuery,
  dateTime,
  idParam,
  SickLeaveEndBody,
  SickLeaveEntry,
  SickLeaveRecord,
  SickLeaveYear,
  SickReportBody,
  SickReportPreview,
  updatedSinceQuery,
  yearQuery,
} from "./schemas.ts";

const reportRefusals = {
  400:
    "An invalid field: a start in the future or more than 30 days back, before the employment, or an end " +
    "before the start.",
  409: "The absence overlaps one already on file.",
};

/** The caller's sick-leave absences. */
/** The first instant at which one of these entries can no longer be taken back (their answer then changes). */
function takeBackEnds(entries: { canTakeBack: boolean; takeBackUntil: string }[]): number | undefined {
  const ends = entries.filter((e) => e.canTakeBack).map((e) => Date.parse(e.takeBackUntil) + 1);
  return ends.length ? Math.min(...ends) : undefined;
}

export const sickLeaveRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/sick-leave",
    operationId: "getSickLeave",
    tag: "sick-leave",
    access: "employee",
    summary: "The caller's absences and totals for a calendar year",
    description:
      "Includes the salary-continuation days used in the current service year across all absences. With " +
      "`updatedSince`: `items` are the absences of any year changed since (reported, ended, taken back, a " +
      "certificate uploaded or accepted), oldest change first, paged by `cursor`; an absence is never " +
      "deleted (one taken back stays, marked), so `deleted` is empty. `totals` stay the year's.",
    query: z.strictObject({
      year: yearQuery,
      updatedSince: updatedSinceQuery,
      limit: cursorPageQuery.limit,
      cursor: cursorPageQuery.cursor.meta({
        description:
          "Only with `updatedSince`: the previous page's `nextCursor` (the year's list is one page).",
      }),
    }),
    response: SickLeaveYear,
    errors: {},
    reuse: true,
    handler: async ({ deps, user, query, c }) => {
      const { entries, year, totals, salaryContinuation, ...sync } = await getSickLeave(
        deps,
        portalActor(user),
        query,
      );
      c.set(REUSE_UNTIL, takeBackEnds(entries));
      // In the schema's order, so the answer is written as it is (src/checked_json.ts).
      return {
        year,
        items: entries,
        nextCursor: "nextCursor" in sync ? sync.nextCursor : null,
        ...sync,
        totals,
        salaryContinuation,
      };
    },
  }),
  route({
    method: "post",
    path: "/employee/sick-leave/preview",
    operationId: "previewSickReport",
    tag: "sick-leave",
    access: "employee",
    summary: "Days a report would cover and the salary-continuation days used, without filing it",
    description:
      "Checks a report exactly as `POST /employee/sick-leave` would (same body and refusals) and returns " +
      "the working days it would cover and the salary-continuation days it would use in the current " +
      "service year, without filing it.",
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
    description:
      'Sends `{action: "end", entryId, endDate}` for an ongoing absence of the caller: it then ends on `endDate` (not before its start, at most 366 days after today). An absence already ended or taken back answers 409; another person\'s entry 404.',
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
    description:
      "An absence the caller reported, with the days it covers, the certificate's state (NONE, REQUESTED, " +
      "UPLOADED, ACCEPTED) and whether it may still be taken back.",
    params: idParam,
    response: SickLeaveRecord,
    errors: { 404: "The caller has no sick-leave entry with this id." },
    reuse: true,
    handler: async ({ deps, user, params, c }) => {
      const out = await getSickLeaveEntry(deps, portalActor(user), params);
      c.set(REUSE_UNTIL, takeBackEnds([out]));
      return out;
    },
  }),
  route({
    method: "post",
    path: "/employee/sick-leave/:id/take-back",
    operationId: "takeBackSickReport",
    tag: "sick-leave",
    access: "employee",
    summary: "Take back an own report within 24 hours, while no certificate is on file",
    description:
      "For a report made by mistake: within 24 hours of reporting and while no certificate is on file, " +
      "the absence is taken back (it no longer counts and the manager is told). Later, with a " +
      "certificate, or a second time, it answers 409.",
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
    operationId: "uploadSickCertificate",
    tag: "sick-leave",
    access: "employee",
    summary: "Upload the medical certificate of an absence (PDF or photo)",
    description:
      "Send the file as `multipart/form-data` with a part named `file`: a PDF, JPEG, PNG or HEIC " +
      "image of at most 10 MB, recognised by its content (not its name). The absence then reads " +
      "`certificateState: UPLOADED` and HR can read the file. A new upload replaces the previous one until HR " +
      "accepted a certificate.",
    params: idParam,
    upload: {
      field: "file",
      types: [...CERTIFICATE_TYPES],
      maxBytes: CERTIFICATE_MAX_BYTES,
      description: "The certificate: PDF, JPEG, PNG or HEIC, at most 10 MB.",
    },
    response: SickLeaveRecord,
    errors: {
      400: "No part named `file`, or an empty file.",
      404: "The caller has no sick-leave entry with this id.",
      409: "The report was taken back, or HR already accepted the certificate.",
      413: "The file is larger than 10 MB.",
      415: "Not multipart/form-data, or the file is neither a PDF nor a JPEG, PNG or HEIC image.",
    },
    handler: async ({ deps, user, params, c }) => {
      const actor = portalActor(user);
      // Someone else's id reads as unknown before anything of the upload is looked at.
      await getSickLeaveEntry(deps, actor, params);
      return uploadCertificate(
        deps,
        actor,
        await uploadFor(c, params.id, deps.config.bodyReadTimeoutSeconds),
      );
    },
  }),
  route({
    method: "get",
    path: "/employee/sick-leave/:id/certificate",
    operationId: "getSickCertificate",
    tag: "sick-leave",
    access: "employee",
    summary: "The certificate file the caller uploaded for an absence",
    description:
      "The exact bytes of the certificate the caller uploaded, with their media type. Health data: not " +
      "stored by any cache (`no-store`); a strong `ETag` over the bytes lets the app skip the download " +
      "with `If-None-Match` (304).",
    params: idParam,
    fileType: [...CERTIFICATE_TYPES],
    errors: { 404: "The caller has no sick-leave entry with this id, or no certificate file for it." },
    handler: async ({ deps, user, params, c }) => {
      const actor = portalActor(user);
      await getSickLeaveEntry(deps, actor, params);
      return fileResponse(c, await getCertificateFile(deps, actor, params.id));
    },
  }),
];
