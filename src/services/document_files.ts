/**
 * Documents HR asked a person for (a copy of a residence permit, a diploma, a bank confirmation): the person
 * uploads the file from their phone, the document then counts as received (it leaves the to-do badge) and HR
 * reads the file. A newer upload replaces the earlier one, so a wrong file can be sent again.
 */
import { eq } from "drizzle-orm";
import { requiredDocumentFiles, requiredDocuments } from "../db/schema/mod.ts";
import { isHrOrAbove } from "../domain/access.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { iso, type Q, selfId, type ServiceDeps, writeTx } from "./common.ts";
import { checkedNeutralUpload, neutralFileName } from "./uploaded_files.ts";

type RequiredDocument = typeof requiredDocuments.$inferSelect;

/** A required document as the person sees it. */
export function requiredDocumentView(d: RequiredDocument) {
  return {
    id: d.id,
    kind: d.kind,
    dueDate: d.dueDate,
    status: d.status as "MISSING" | "RECEIVED",
    ...(d.receivedAt ? { receivedAt: iso(d.receivedAt) } : {}),
  };
}

async function ownDocument(q: Q, actor: Actor, id: string): Promise<RequiredDocument> {
  const me = selfId(actor);
  const [d] = await q.select().from(requiredDocuments).where(eq(requiredDocuments.id, id)).limit(1);
  if (!d || d.employeeId !== me) throw refusal("not_found", "upload.noSuchDocument");
  return d;
}

/** One of the caller's requested documents (someone else's reads as unknown). */
export async function getRequiredDocument(deps: ServiceDeps, actor: Actor, id: string) {
  return requiredDocumentView(await ownDocument(deps.db, actor, id));
}

/** Stores the caller's file for a requested document; the document is then received. */
export async function uploadRequiredDocument(
  deps: ServiceDeps,
  actor: Actor,
  input: { id: string; fileName: string; bytes: Uint8Array },
) {
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const d = await ownDocument(tx, actor, input.id);
    const file = {
      ...checkedNeutralUpload(input, "document"),
      uploadedAt: now,
      uploadedByUserId: actor.userId,
    };
    await tx.insert(requiredDocumentFiles).values({
      requiredDocumentId: d.id,
      employeeId: d.employeeId,
      ...file,
    })
      .onConflictDoUpdate({ target: requiredDocumentFiles.requiredDocumentId, set: file });
    const [row] = await tx.update(requiredDocuments).set({ status: "RECEIVED", receivedAt: now })
      .where(eq(requiredDocuments.id, d.id)).returning();
    return requiredDocumentView(row);
  });
}

/**
 * The file of a requested document: for the person it belongs to, or for HR staff and above (never for a
 * manager). Anyone else, or no file, reads as not found.
 */
export async function getRequiredDocumentFile(deps: ServiceDeps, actor: Actor, id: string) {
  const [f] = await deps.db.select().from(requiredDocumentFiles).where(
    eq(requiredDocumentFiles.requiredDocumentId, id),
  ).limit(1);
  const allowed = f && (f.employeeId === actor.employeeId || isHrOrAbove(actor.role));
  if (!allowed) throw refusal("not_found", "upload.noDocumentFile");
  return {
    fileName: neutralFileName("document", f.contentType),
    contentType: f.contentType,
    bytes: new Uint8Array(f.bytes) as Uint8Array<ArrayBuffer>,
  };
}
