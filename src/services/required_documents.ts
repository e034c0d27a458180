/**
 * HR asks a person for a document (a diploma copy, a residence permit, …): it appears among the person's
 * to-dos until they upload the file in the portal (services/document_files.ts), and HR then opens it in the
 * inbox.
 */
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, requiredDocuments } from "../db/schema/mod.ts";
import { dateProblem } from "../domain/fields.ts";
import { refusal } from "../errors.ts";
import type { MessageId, MessageParams } from "../i18n/messages/mod.ts";
import { todayOf } from "./common.ts";

/** Records that HR needs a document from a person, by a day or without one. */
export async function requestDocument(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  input: { personnelNumber: string; kind: string; dueDate?: string | null },
): Promise<{ id: string; kind: string; dueDate: string | null }> {
  const [e] = await deps.db.select({ id: employees.id, end: employees.employmentEnd }).from(employees)
    .where(eq(employees.personnelNumber, input.personnelNumber)).limit(1);
  if (!e) throw refusal("not_found", "documents.noEmployeeNumber", { number: input.personnelNumber });
  const kind = input.kind.trim();
  const due = input.dueDate?.trim() || null;
  const problems: { id: MessageId; params?: MessageParams }[] = [];
  const fields: string[] = [];
  if (kind.length < 2 || kind.length > 100) {
    problems.push({ id: "documents.kindLength" });
    fields.push("kind");
  }
  const dueProblem = due === null ? null : dateProblem(due);
  if (dueProblem === "format") problems.push({ id: "documents.dueDateInvalid", params: { due: due! } });
  else if (dueProblem === "range") problems.push({ id: "documents.dueDateRange", params: { due: due! } });
  else if (due !== null && due < todayOf(deps)) {
    problems.push({ id: "documents.dueDatePassed", params: { due } });
  }
  if (due !== null && problems.length > fields.length) fields.push("dueDate");
  if (problems.length) throw refusal("validation", "documents.notAskedFor", { problems }, { field: fields });
  const [open] = await deps.db.select({ id: requiredDocuments.id }).from(requiredDocuments).where(and(
    eq(requiredDocuments.employeeId, e.id),
    eq(requiredDocuments.kind, kind),
    eq(requiredDocuments.status, "MISSING"),
  )).limit(1);
  if (open) {
    throw refusal("conflict", "documents.alreadyAskedFor", { number: input.personnelNumber, kind }, {
      conflictingId: open.id,
    });
  }
  const [row] = await deps.db.insert(requiredDocuments).values({
    employeeId: e.id,
    kind,
    status: "MISSING",
    dueDate: due,
    createdAt: deps.clock.now(),
  }).returning();
  return { id: row.id, kind: row.kind, dueDate: row.dueDate };
}
