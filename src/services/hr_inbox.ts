/**
 * What waits for HR beyond the portal's approvals: sick leave to follow up (ongoing or recently ended
 * absences and the state of their certificates) and the acceptance of an uploaded certificate. The HR inbox
 * of the console shows these beside the profile change requests and the leave requests without a manager
 * (`approvals.ts`). A certificate is health data: HR staff and administrators only.
 */
import { and, desc, eq, gte, inArray, isNull, or } from "drizzle-orm";
import {
  employees,
  requiredDocumentFiles,
  requiredDocuments,
  sickCertificates,
  sickLeaveEntries,
} from "../db/schema/mod.ts";
import { addDays } from "../domain/calendar.ts";
import { sickDaysCovered } from "../domain/sick.ts";
import { isHrOrAbove } from "../domain/access.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { fullName, notify, type ServiceDeps, todayOf, writeTx } from "./common.ts";

/** How long after its end an absence stays on HR's follow-up list, in days. */
export const SICK_FOLLOW_UP_DAYS = 30;
/** At most this many absences on the list (newest first). */
const MAX_LISTED = 200;

function requireHr(actor: Actor): void {
  if (!isHrOrAbove(actor.role)) throw refusal("forbidden", "hr.sickFollowUpHrOnly");
}

/** One absence on HR's follow-up list. */
export interface SickFollowUp {
  id: string;
  employeeId: string;
  name: string;
  personnelNumber: string;
  startDate: string;
  endDate: string | null;
  isOngoing: boolean;
  totalDays: number;
  certificateState: "NONE" | "REQUESTED" | "UPLOADED" | "ACCEPTED";
  /** Whether the file itself is on file (it can be read by HR). */
  hasFile: boolean;
}

/**
 * Absences HR follows up: not taken back, and ongoing or ended at most 30 days ago, newest start first
 * (at most 200), with the certificate's state and whether its file arrived.
 */
export async function listSickFollowUps(deps: ServiceDeps, actor: Actor): Promise<SickFollowUp[]> {
  requireHr(actor);
  const today = todayOf(deps);
  const since = addDays(today, -SICK_FOLLOW_UP_DAYS);
  const rows = await deps.db.select({
    e: sickLeaveEntries,
    first: employees.firstName,
    last: employees.lastName,
    pn: employees.personnelNumber,
  }).from(sickLeaveEntries).innerJoin(employees, eq(employees.id, sickLeaveEntries.employeeId)).where(and(
    isNull(sickLeaveEntries.withdrawnAt),
    or(
      eq(sickLeaveEntries.isOngoing, true),
      isNull(sickLeaveEntries.endDate),
      gte(sickLeaveEntries.endDate, since),
    ),
  )).orderBy(desc(sickLeaveEntries.startDate)).limit(MAX_LISTED);
  const ids = rows.map((r) => r.e.id);
  const files = ids.length
    ? new Set(
      (await deps.db.select({ id: sickCertificates.sickEntryId }).from(sickCertificates).where(
        inArray(sickCertificates.sickEntryId, ids),
      )).map((f) => f.id),
    )
    : new Set<string>();
  return rows.map(({ e, first, last, pn }) => ({
    id: e.id,
    employeeId: e.employeeId,
    name: fullName({ firstName: first, lastName: last }),
    personnelNumber: pn,
    startDate: e.startDate,
    endDate: e.isOngoing ? null : e.endDate,
    isOngoing: e.isOngoing || !e.endDate,
    totalDays: sickDaysCovered(e.startDate, e.isOngoing ? null : e.endDate, today),
    certificateState: e.certificateState as SickFollowUp["certificateState"],
    hasFile: files.has(e.id),
  }));
}

/**
 * HR accepts the certificate of an absence once its file has arrived; the person is told. Accepting again,
 * or an absence without a file, is refused.
 */
export async function acceptCertificate(deps: ServiceDeps, actor: Actor, entryId: string): Promise<void> {
  requireHr(actor);
  const now = deps.clock.now();
  await writeTx(deps, async (tx) => {
    const [e] = await tx.select().from(sickLeaveEntries).where(eq(sickLeaveEntries.id, entryId)).limit(1);
    if (!e || e.withdrawnAt) throw refusal("not_found", "hr.sickLeaveUnknown");
    if (e.employeeId === actor.employeeId) {
      throw refusal("forbidden", "hr.ownCertificate");
    }
    if (e.certificateState === "ACCEPTED") throw refusal("conflict", "hr.certificateAccepted");
    const [file] = await tx.select({ id: sickCertificates.id }).from(sickCertificates).where(
      eq(sickCertificates.sickEntryId, entryId),
    ).limit(1);
    if (!file) throw refusal("conflict", "hr.noCertificateFile");
    await tx.update(sickLeaveEntries).set({ certificateState: "ACCEPTED", updatedAt: now }).where(
      eq(sickLeaveEntries.id, entryId),
    );
    await notify(tx, {
      recipientEmployeeId: e.employeeId,
      kind: "SICK_CERTIFICATE_ACCEPTED",
      payload: { sickLeaveId: e.id },
      actor,
      now,
    });
  });
}

/** A requested document whose file arrived, on HR's list. */
export interface ReceivedDocument {
  id: string;
  name: string;
  personnelNumber: string;
  kind: string;
  receivedAt: number;
}

/** Requested documents whose file arrived in the last 30 days, newest first (at most 200). */
export async function listReceivedDocuments(deps: ServiceDeps, actor: Actor): Promise<ReceivedDocument[]> {
  requireHr(actor);
  const since = deps.clock.now() - SICK_FOLLOW_UP_DAYS * 86_400_000;
  const rows = await deps.db.select({
    id: requiredDocuments.id,
    kind: requiredDocuments.kind,
    receivedAt: requiredDocuments.receivedAt,
    first: employees.firstName,
    last: employees.lastName,
    pn: employees.personnelNumber,
  }).from(requiredDocuments).innerJoin(employees, eq(employees.id, requiredDocuments.employeeId))
    .innerJoin(requiredDocumentFiles, eq(requiredDocumentFiles.requiredDocumentId, requiredDocuments.id))
    .where(and(eq(requiredDocuments.status, "RECEIVED"), gte(requiredDocuments.receivedAt, since)))
    .orderBy(desc(requiredDocuments.receivedAt)).limit(MAX_LISTED);
  return rows.map((r) => ({
    id: r.id,
    name: fullName({ firstName: r.first, lastName: r.last }),
    personnelNumber: r.pn,
    kind: r.kind,
    receivedAt: r.receivedAt!,
  }));
}
