/** The person's documents: their own files, the company's policies, and a leave request's supporting file. */
import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import {
  acknowledgePolicy,
  ATTACHMENT_TYPES,
  attachToLeaveRequest,
  getLeaveAttachment,
  getMyDocumentFile,
  getPolicy,
  listMyDocuments,
  listPolicies,
  PERSONAL_DOCUMENT_KINDS,
} from "../services/my_documents.ts";
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from "../services/uploaded_files.ts";
import { LANGS } from "../i18n/mod.ts";
import { renderSafeMarkdown } from "../markdown.ts";
import { route, type RouteDef } from "./route.ts";
import { fileResponse, uploadFor } from "./files.ts";
import { dateTime, idParam, wholeListFields } from "./schemas.ts";

const PersonalDocument = z.strictObject({
  id: z.string(),
  kind: z.enum(PERSONAL_DOCUMENT_KINDS).meta({
    description: "CONTRACT (employment contract and its amendments), SALARY_CERTIFICATE (the yearly " +
      "Lohnausweis / certificat de salaire) or OTHER.",
  }),
  title: z.string(),
  year: z.number().int().nullable().meta({ description: "The year a salary certificate is for." }),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: dateTime,
});

const PolicySummary = z.strictObject({
  slug: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  language: z.enum(LANGS).meta({
    description: "The language served: the caller's, or de (the original) when not translated.",
  }),
  updatedAt: dateTime.meta({ description: "The last change of the policy or one of its texts." }),
  acknowledgedAt: dateTime.nullable().meta({ description: "When the caller last acknowledged it." }),
  acknowledgementCurrent: z.boolean().meta({
    description: "The caller acknowledged the policy as it reads now (false again after a change).",
  }),
});

const Policy = PolicySummary.extend({
  markdown: z.string(),
  html: z.string().meta({
    description:
      "The Markdown as HTML, limited to the careers page's safe subset (headings, paragraphs, bold " +
      "and italic, lists, http(s) and mailto links, line breaks; anything else escaped as text), for an " +
      "app that shows it as is.",
  }),
});

const Attachment = z.strictObject({
  fileName: z.string().meta({
    description: "attachment.pdf, attachment.jpg or attachment.png: the type its content proved, never the " +
      "name it was uploaded under.",
  }),
  contentType: z.enum(ATTACHMENT_TYPES),
  sizeBytes: z.number().int(),
  uploadedAt: dateTime,
});

const slugParam = z.strictObject({ slug: z.string().min(1).max(100) });

export const myDocumentRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/employee/documents",
    operationId: "listMyDocuments",
    tag: "profile",
    access: "employee",
    summary: "The caller's own documents: contract, salary certificates, letters",
    description: "The files HR filed for the caller, newest first (at most 200). Only the caller's own; " +
      "nobody else's is ever listed.",
    response: z.strictObject(wholeListFields(PersonalDocument)),
    errors: {},
    handler: async ({ deps, user }) => ({
      ...await listMyDocuments(deps, portalActor(user)),
      nextCursor: null,
    }),
  }),
  route({
    method: "get",
    path: "/employee/documents/:id/file",
    operationId: "getMyDocumentFile",
    tag: "profile",
    access: "employee",
    summary: "Download one of the caller's own documents",
    description: "The stored file with its media type. Not kept by any cache (`no-store`); a strong `ETag` " +
      "lets the app skip the download with `If-None-Match`. Another person's id answers 404, as an unknown " +
      "one does.",
    params: idParam,
    fileType: [...UPLOAD_TYPES],
    errors: { 404: "The caller has no document with this id." },
    handler: async ({ deps, user, params, c }) =>
      fileResponse(c, await getMyDocumentFile(deps, portalActor(user), params.id)),
  }),
  route({
    method: "get",
    path: "/employee/policies",
    operationId: "listPolicies",
    tag: "profile",
    access: "employee",
    summary: "The company's policies the caller may read, and which they acknowledged",
    description: "The policy and handbook pages (the Markdown documents assistants read) whose audience " +
      "includes the caller's role, by slug, titled in the caller's language (German when not " +
      "translated), each with when the caller acknowledged it and whether that acknowledgement is for " +
      "the policy as it reads now.",
    response: z.strictObject(wholeListFields(PolicySummary)),
    errors: {},
    handler: async ({ deps, user }) => ({ ...await listPolicies(deps, portalActor(user)), nextCursor: null }),
  }),
  route({
    method: "get",
    path: "/employee/policies/:slug",
    operationId: "getPolicy",
    tag: "profile",
    access: "employee",
    summary: "One policy as Markdown and as safe HTML, in the caller's language",
    description: "The policy's Markdown in the caller's language, or the German original when it has no " +
      "translation (`language` says which). A policy outside the caller's audience answers 404, exactly " +
      "like an unknown slug.",
    params: slugParam,
    response: Policy,
    errors: { 404: "No policy with this slug that the caller may read." },
    handler: async ({ deps, user, params }) => {
      const p = await getPolicy(deps, portalActor(user), params.slug);
      // Rendered here by the careers page's renderer, so every app shows the same safe subset.
      return { ...p, html: await renderSafeMarkdown(p.markdown) };
    },
  }),
  route({
    method: "post",
    path: "/employee/policies/:slug/acknowledgement",
    operationId: "acknowledgePolicy",
    tag: "profile",
    access: "employee",
    summary: "Acknowledge that the caller read a policy",
    description: "Records that the caller read the policy as it reads now. Sending it again is harmless " +
      "(it moves the acknowledgement to the current version); after a change of the policy, " +
      "`acknowledgementCurrent` is false until the caller acknowledges again.",
    params: slugParam,
    response: PolicySummary,
    errors: { 404: "No policy with this slug that the caller may read." },
    handler: ({ deps, user, params }) => acknowledgePolicy(deps, portalActor(user), params.slug),
  }),
  route({
    method: "post",
    path: "/employee/leave/requests/:id/attachment",
    operationId: "attachToLeaveRequest",
    tag: "leave",
    access: "employee",
    summary: "Attach a supporting file to a pending leave request (e.g. a wedding invitation)",
    description: "Send the file as `multipart/form-data` with a part named `file`: a PDF, JPEG or PNG of " +
      "at most 10 MB, recognised by its content (not its name or the declared type). One file per " +
      "request; a new upload replaces it while the request awaits its decision. The approver reads it " +
      "with `GET /approvals/leave-requests/{id}/attachment`.",
    params: idParam,
    upload: {
      field: "file",
      types: [...ATTACHMENT_TYPES],
      maxBytes: UPLOAD_MAX_BYTES,
      description: "The supporting file: PDF, JPEG or PNG, at most 10 MB.",
    },
    response: Attachment,
    errors: {
      400: "No part named `file`, or an empty file.",
      404: "The caller has no leave request with this id.",
      409: "The request is decided, withdrawn or cancelled: its file can no longer change; or a request " +
        "with this Idempotency-Key is still being processed.",
      413: "The file is larger than 10 MB.",
      415: "Not multipart/form-data, or the file is neither a PDF nor a JPEG or PNG image.",
    },
    handler: async ({ deps, user, params, c }) =>
      attachToLeaveRequest(
        deps,
        portalActor(user),
        await uploadFor(c, params.id, deps.config.bodyReadTimeoutSeconds),
      ),
  }),
  route({
    method: "get",
    path: "/employee/leave/requests/:id/attachment",
    operationId: "getLeaveRequestAttachment",
    tag: "leave",
    access: "employee",
    summary: "The file attached to one of the caller's leave requests",
    description: "The exact bytes uploaded, with their media type; `no-store`, with a strong `ETag`.",
    params: idParam,
    fileType: [...ATTACHMENT_TYPES],
    errors: { 404: "The caller has no leave request with this id, or it has no attachment." },
    handler: async ({ deps, user, params, c }) =>
      fileResponse(c, await getLeaveAttachment(deps, portalActor(user), params.id)),
  }),
  route({
    method: "get",
    path: "/approvals/leave-requests/:id/attachment",
    operationId: "getLeaveApprovalAttachment",
    tag: "leave",
    access: "user",
    summary: "For managers and HR: the file attached to a leave request they decide",
    description: "The approver the request is routed to and HR staff read the requester's supporting " +
      "file; anyone else gets 404, as for a request without one.",
    params: idParam,
    fileType: [...ATTACHMENT_TYPES],
    errors: { 404: "No attachment on this request that the caller may read." },
    handler: async ({ deps, user, params, c }) =>
      fileResponse(c, await getLeaveAttachment(deps, portalActor(user), params.id)),
  }),
];
