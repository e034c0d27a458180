/**
 * A person's documents in the portal: their own files HR filed for them (contract, salary certificate,
 * letters), the company's policies to read and acknowledge, and a file supporting a leave request.
 *
 * Own files are the person's alone: another person's id reads exactly like an unknown one. Policies are
 * the Markdown documents the assistants read, in the reader's language (German when not translated), for
 * the audiences the reader's role reaches; whether an assistant may read one does not matter to its reader.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import {
  documentAcknowledgements,
  documents,
  documentTranslations,
  employees,
  leaveRequestAttachments,
  leaveRequests,
  personalDocuments,
} from "../db/schema/mod.ts";
import { type Audience, audienceAllows, hasPermission, isHrOrAbove } from "../domain/access.ts";
import { refusal } from "../errors.ts";
import type { MessageId } from "../i18n/messages/mod.ts";
import type { Lang } from "../i18n/mod.ts";
import type { Actor } from "./actor.ts";
import { iso, type Q, selfId, type ServiceDeps, writeTx } from "./common.ts";
import { checkedNeutralUpload, checkedUpload, neutralFileName } from "./uploaded_files.ts";
import { SLUG_RE } from "./mcp_documents.ts";

export const PERSONAL_DOCUMENT_KINDS = ["CONTRACT", "SALARY_CERTIFICATE", "OTHER"] as const;
export type PersonalDocumentKind = typeof PERSONAL_DOCUMENT_KINDS[number];

/** What a leave request's attachment may be: a document or a photo a browser shows to the approver. */
export const ATTACHMENT_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;

type PersonalRow = typeof personalDocuments.$inferSelect;

function personalView(d: Omit<PersonalRow, "bytes" | "employeeId" | "uploadedByUserId">) {
  return {
    id: d.id,
    kind: d.kind as PersonalDocumentKind,
    title: d.title,
    year: d.year,
    fileName: d.fileName,
    contentType: d.contentType,
    sizeBytes: d.sizeBytes,
    uploadedAt: iso(d.uploadedAt),
  };
}

/** The caller's own documents, newest first (at most 200: a working life's contracts and certificates). */
export async function listMyDocuments(deps: ServiceDeps, actor: Actor) {
  const me = selfId(actor);
  const rows = await deps.db.select({
    id: personalDocuments.id,
    kind: personalDocuments.kind,
    title: personalDocuments.title,
    year: personalDocuments.year,
    fileName: personalDocuments.fileName,
    contentType: personalDocuments.contentType,
    sizeBytes: personalDocuments.sizeBytes,
    uploadedAt: personalDocuments.uploadedAt,
  }).from(personalDocuments).where(eq(personalDocuments.employeeId, me))
    .orderBy(desc(personalDocuments.uploadedAt), desc(personalDocuments.id)).limit(200);
  return { items: rows.map(personalView) };
}

/** The file of one of the caller's own documents; anyone else's reads as unknown. */
export async function getMyDocumentFile(deps: ServiceDeps, actor: Actor, id: string) {
  const me = selfId(actor);
  const [d] = await deps.db.select().from(personalDocuments).where(
    and(eq(personalDocuments.id, id), eq(personalDocuments.employeeId, me)),
  ).limit(1);
  if (!d) throw refusal("not_found", "documents.noSuchDocument");
  return {
    fileName: d.fileName,
    contentType: d.contentType,
    bytes: new Uint8Array(d.bytes) as Uint8Array<ArrayBuffer>,
  };
}

/**
 * Files a document for a person (HR's work: the console or the `documents add` command). The file is
 * checked like every upload: a PDF or a photo by its content, at most 10 MB.
 */
export async function addPersonalDocument(
  deps: ServiceDeps,
  input: {
    employeeId: string;
    kind: PersonalDocumentKind;
    title: string;
    year?: number | null;
    fileName: string;
    bytes: Uint8Array;
    uploadedByUserId?: string | null;
  },
) {
  if (!PERSONAL_DOCUMENT_KINDS.includes(input.kind)) {
    throw refusal("validation", "documents.kindInvalid", { kinds: PERSONAL_DOCUMENT_KINDS.join(", ") }, {
      field: "kind",
    });
  }
  const title = input.title.trim();
  if (!title || title.length > 200) {
    throw refusal("validation", "documents.titleLength", {}, { field: "title" });
  }
  if (input.year != null && (!Number.isInteger(input.year) || input.year < 1900 || input.year > 2100)) {
    throw refusal("validation", "documents.yearRange", {}, { field: "year" });
  }
  const emp = await deps.db.query.employees.findFirst({ where: eq(employees.id, input.employeeId) });
  if (!emp) throw refusal("not_found", "documents.noSuchEmployee");
  const file = checkedUpload(input, "document");
  const [row] = await deps.db.insert(personalDocuments).values({
    employeeId: input.employeeId,
    kind: input.kind,
    title,
    year: input.year ?? null,
    ...file,
    uploadedAt: deps.clock.now(),
    uploadedByUserId: input.uploadedByUserId ?? null,
  }).returning();
  return personalView(row);
}

// ---- Policies ----

const AUDIENCES: Audience[] = ["ALL", "MANAGERS", "HR"];

interface PolicyRow {
  id: string;
  slug: string;
  category: string | null;
  audience: string;
  updatedAt: number;
}

async function readablePolicies(deps: ServiceDeps, actor: Actor, slug?: string): Promise<PolicyRow[]> {
  const rows = await deps.db.select({
    id: documents.id,
    slug: documents.slug,
    category: documents.category,
    audience: documents.audience,
    updatedAt: documents.updatedAt,
  }).from(documents).where(slug ? eq(documents.slug, slug) : undefined).orderBy(documents.slug);
  return rows.filter((r) =>
    AUDIENCES.includes(r.audience as Audience) && audienceAllows(actor.role, r.audience as Audience)
  );
}

/** The text in the reader's language, else the German original. */
async function textOf(deps: ServiceDeps, documentId: string, lang: Lang) {
  const all = await deps.db.select().from(documentTranslations).where(
    eq(documentTranslations.documentId, documentId),
  );
  return all.find((t) => t.language === lang) ?? all.find((t) => t.language === "de") ?? all[0];
}

/** A policy's version: its last change, of the document or of any of its texts. */
async function versionOf(deps: ServiceDeps, p: PolicyRow): Promise<number> {
  const all = await deps.db.select({ updatedAt: documentTranslations.updatedAt }).from(documentTranslations)
    .where(eq(documentTranslations.documentId, p.id));
  return Math.max(p.updatedAt, ...all.map((t) => t.updatedAt));
}

async function policyView(deps: ServiceDeps, actor: Actor, p: PolicyRow, me: string) {
  const text = await textOf(deps, p.id, actor.language);
  const version = await versionOf(deps, p);
  const [ack] = await deps.db.select().from(documentAcknowledgements).where(
    and(eq(documentAcknowledgements.documentId, p.id), eq(documentAcknowledgements.employeeId, me)),
  ).limit(1);
  return {
    summary: {
      slug: p.slug,
      title: text?.title ?? p.slug,
      category: p.category,
      language: (text?.language ?? "de") as Lang,
      updatedAt: iso(version),
      acknowledgedAt: ack ? iso(ack.acknowledgedAt) : null,
      acknowledgementCurrent: !!ack && ack.documentVersion >= version,
    },
    markdown: text?.bodyMarkdown ?? "",
    version,
  };
}

/** The policies the caller's role may read, by slug, each with whether the caller acknowledged its version. */
export async function listPolicies(deps: ServiceDeps, actor: Actor) {
  const me = selfId(actor);
  const items = [];
  for (const p of await readablePolicies(deps, actor)) {
    items.push((await policyView(deps, actor, p, me)).summary);
  }
  return { items };
}

async function readablePolicy(deps: ServiceDeps, actor: Actor, slug: string): Promise<PolicyRow> {
  const missing = () => refusal("not_found", "documents.noSuchPolicy", { slug });
  if (!SLUG_RE.test(slug)) throw missing();
  const [p] = await readablePolicies(deps, actor, slug);
  if (!p) throw missing();
  return p;
}

/** One policy's Markdown in the caller's language (German when not translated). */
export async function getPolicy(deps: ServiceDeps, actor: Actor, slug: string) {
  const me = selfId(actor);
  const v = await policyView(deps, actor, await readablePolicy(deps, actor, slug), me);
  return { ...v.summary, markdown: v.markdown };
}

/**
 * Records that the caller read the policy's current version. Acknowledging again is harmless: it moves the
 * acknowledgement to the current version.
 */
export async function acknowledgePolicy(deps: ServiceDeps, actor: Actor, slug: string) {
  const me = selfId(actor);
  const p = await readablePolicy(deps, actor, slug);
  const version = await versionOf(deps, p);
  const now = deps.clock.now();
  await deps.db.insert(documentAcknowledgements).values({
    documentId: p.id,
    employeeId: me,
    documentVersion: version,
    acknowledgedAt: now,
  }).onConflictDoUpdate({
    target: [documentAcknowledgements.documentId, documentAcknowledgements.employeeId],
    set: { documentVersion: version, acknowledgedAt: now },
  });
  return (await policyView(deps, actor, p, me)).summary;
}

// ---- Leave request attachments ----

function attachmentView(a: { fileName: string; contentType: string; sizeBytes: number; uploadedAt: number }) {
  return {
    fileName: neutralFileName("attachment", a.contentType),
    contentType: a.contentType as typeof ATTACHMENT_TYPES[number],
    sizeBytes: a.sizeBytes,
    uploadedAt: iso(a.uploadedAt),
  };
}

/** The supporting file of each of these leave requests that has one (its description, not its bytes). */
export async function attachmentsOf(
  q: Q,
  leaveRequestIds: readonly string[],
): Promise<Map<string, ReturnType<typeof attachmentView>>> {
  if (!leaveRequestIds.length) return new Map();
  const rows = await q.select().from(leaveRequestAttachments)
    .where(inArray(leaveRequestAttachments.leaveRequestId, [...new Set(leaveRequestIds)]));
  return new Map(rows.map((a) => [a.leaveRequestId, attachmentView(a)]));
}

/** States of a request in which its supporting file may still change: it is not decided yet. */
const ATTACHABLE = ["AWAITING_APPROVAL"];
/** How a refusal names a request's state once its file can no longer change. */
const DECIDED: Record<string, MessageId> = {
  APPROVED: "documents.statusApproved",
  REJECTED: "documents.statusRejected",
  WITHDRAWN: "documents.statusWithdrawn",
  CANCELLATION_REQUESTED: "documents.statusCancellationRequested",
  CANCELLED: "documents.statusCancelled",
};

/**
 * Stores the file supporting one of the caller's leave requests (a new one replaces it), while the request
 * awaits its decision: what the approver decided on stays what they saw.
 */
export async function attachToLeaveRequest(
  deps: ServiceDeps,
  actor: Actor,
  input: { id: string; fileName: string; bytes: Uint8Array },
) {
  const me = selfId(actor);
  return await writeTx(deps, async (tx) => {
    const [r] = await tx.select().from(leaveRequests).where(eq(leaveRequests.id, input.id)).limit(1);
    if (!r || r.employeeId !== me) throw refusal("not_found", "documents.noSuchLeaveRequest");
    if (!ATTACHABLE.includes(r.status)) {
      throw refusal("conflict", "documents.attachmentLocked", {
        status: { id: DECIDED[r.status] ?? "documents.statusDecided" },
      });
    }
    const file = checkedNeutralUpload(input, "attachment", ATTACHMENT_TYPES);
    const values = { ...file, uploadedAt: deps.clock.now() };
    const [row] = await tx.insert(leaveRequestAttachments).values({
      leaveRequestId: r.id,
      employeeId: me,
      ...values,
    }).onConflictDoUpdate({ target: leaveRequestAttachments.leaveRequestId, set: values }).returning();
    // The file is part of the request as its owner reads it: an app's offline copy gets it in its next sync.
    await tx.update(leaveRequests).set({ updatedAt: values.uploadedAt }).where(eq(leaveRequests.id, r.id));
    return attachmentView(row);
  });
}

/**
 * A leave request's attachment for the person who filed it, for the approver it is routed to and for HR
 * staff; anyone else, or no attachment, reads as not found.
 */
export async function getLeaveAttachment(deps: ServiceDeps, actor: Actor, id: string) {
  const [row] = await deps.db.select({
    a: leaveRequestAttachments,
    approver: leaveRequests.approverEmployeeId,
  }).from(leaveRequestAttachments)
    .innerJoin(leaveRequests, eq(leaveRequests.id, leaveRequestAttachments.leaveRequestId))
    .where(eq(leaveRequestAttachments.leaveRequestId, id)).limit(1);
  const mine = !!row && !!actor.employeeId && row.a.employeeId === actor.employeeId;
  const approver = !!row && !!actor.employeeId && row.approver === actor.employeeId &&
    hasPermission(actor.role, "staff-absence:approve");
  if (!row || !(mine || approver || isHrOrAbove(actor.role))) {
    throw refusal("not_found", "documents.noAttachment");
  }
  return {
    ...attachmentView(row.a),
    bytes: new Uint8Array(row.a.bytes) as Uint8Array<ArrayBuffer>,
  };
}
