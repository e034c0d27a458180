/**
 * HR's side of positions: creating and changing them (title, department, hiring manager, recruiters who may
 * see the applications, workload, the advertisement, the status) and reading a candidate's files. The
 * careers page shows the open ones; the recruiting tools of the console and the connector work on their
 * applications.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import {
  applicationFiles,
  departments,
  employees,
  positions,
  positionTeam,
  users,
} from "../db/schema/mod.ts";
import { isCanton } from "../domain/calendar.ts";
import { dateProblem } from "../domain/fields.ts";
import { hasPermission, isHrOrAbove } from "../domain/access.ts";
import { refusal, type RefusalMessage } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { ORG_LANGUAGES } from "../settings.ts";
import { getApplication } from "./hr_recruiting.ts";

type Deps = Pick<AppDeps, "db" | "clock">;

export const POSITION_STATUSES = ["DRAFT", "OPEN", "ON_HOLD", "CLOSED"] as const;

/** A position as HR edits it. */
export interface PositionInput {
  /** Absent for a new position. */
  id?: string;
  title: string;
  department: string;
  location: string;
  canton: string;
  workloadMin: number | null;
  workloadMax: number | null;
  /** The advertisement per language (de, fr, it, en); an empty text is none. */
  advertisements: Partial<Record<string, string>>;
  status: string;
  /** Personnel number of the hiring manager, or empty. */
  hiringManager: string;
  /** E-mail addresses of the accounts who recruit for it. */
  recruiters: string[];
  /** The first working day of whoever is hired (`YYYY-MM-DD`), or empty for the default (`hiring.ts`). */
  startDate?: string;
}

/** A position with what HR edits, or not found. */
export async function getPositionForHr(deps: Deps, actor: Actor, id: string) {
  if (!isHrOrAbove(actor.role)) throw refusal("forbidden", "positions.hrOnly");
  const [row] = await deps.db.select({
    p: positions,
    department: departments.name,
    hm: employees.personnelNumber,
  })
    .from(positions).leftJoin(departments, eq(departments.id, positions.departmentId))
    .leftJoin(employees, eq(employees.id, positions.hiringManagerEmployeeId))
    .where(eq(positions.id, id)).limit(1);
  if (!row) throw refusal("not_found", "positions.unknown");
  const team = await deps.db.select({ email: users.email }).from(positionTeam)
    .innerJoin(users, eq(users.id, positionTeam.userId)).where(eq(positionTeam.positionId, id));
  return {
    id: row.p.id,
    title: row.p.title,
    department: row.department ?? "",
    location: row.p.location ?? "",
    canton: row.p.canton ?? "",
    workloadMin: row.p.workloadMin,
    workloadMax: row.p.workloadMax,
    advertisements: row.p.advertisements,
    status: row.p.status,
    hiringManager: row.hm ?? "",
    recruiters: team.map((t) => t.email).sort(),
    startDate: row.p.startDate ?? "",
  };
}

/** Creates or changes a position; every problem is reported and nothing is written then. */
export async function savePosition(deps: Deps, actor: Actor, input: PositionInput): Promise<string> {
  if (!isHrOrAbove(actor.role)) throw refusal("forbidden", "positions.hrOnly");
  // Each problem in the catalogue's words, and the input field it is about.
  const problems: RefusalMessage[] = [];
  const fields = new Set<string>();
  const problem = (field: string, id: RefusalMessage["id"], params?: RefusalMessage["params"]) => {
    problems.push(params ? { id, params } : { id });
    fields.add(field);
  };
  const title = input.title.trim();
  if (title.length < 2 || title.length > 200) problem("title", "positions.title");
  if (!(POSITION_STATUSES as readonly string[]).includes(input.status)) {
    problem("status", "positions.status", { statuses: POSITION_STATUSES.join(", ") });
  }
  if (input.canton && !isCanton(input.canton)) problem("canton", "positions.canton");
  for (
    const [field, id, v] of [
      ["workloadMin", "positions.workloadFrom", input.workloadMin],
      ["workloadMax", "positions.workloadTo", input.workloadMax],
    ] as const
  ) {
    if (v !== null && (!Number.isFinite(v) || v < 1 || v > 100)) problem(field, id);
  }
  if (input.workloadMin !== null && input.workloadMax !== null && input.workloadMin > input.workloadMax) {
    problem("workloadMin", "positions.workloadOrder");
    fields.add("workloadMax");
  }
  const advertisements: Partial<Record<string, string>> = {};
  for (const [lang, text] of Object.entries(input.advertisements)) {
    if (!(ORG_LANGUAGES as readonly string[]).includes(lang)) {
      problem("advertisements", "positions.adLanguage", { lang });
    } else if ((text ?? "").length > 20_000) {
      problem("advertisements", "positions.adTooLong", { lang });
    } else if (text?.trim()) advertisements[lang] = text.trim();
  }
  const startDate = input.startDate?.trim() || null;
  const startProblem = startDate ? dateProblem(startDate) : null;
  if (startProblem === "format") problem("startDate", "positions.startDate");
  else if (startProblem === "range") problem("startDate", "positions.startDateRange");
  let hiringManagerId: string | null = null;
  if (input.hiringManager.trim()) {
    const [e] = await deps.db.select({ id: employees.id }).from(employees)
      .where(eq(employees.personnelNumber, input.hiringManager.trim())).limit(1);
    if (!e) problem("hiringManager", "positions.hiringManager", { number: input.hiringManager });
    else hiringManagerId = e.id;
  }
  const emails = [...new Set(input.recruiters.map((r) => r.trim().toLowerCase()).filter(Boolean))];
  const team = emails.length
    ? await deps.db.select({ id: users.id, email: users.email, role: users.role }).from(users)
      .where(inArray(users.email, emails))
    : [];
  for (const email of emails) {
    const u = team.find((t) => t.email === email);
    if (!u) problem("recruiters", "positions.recruiterUnknown", { email });
    else if (!hasPermission(u.role, "applications:view")) {
      problem("recruiters", "positions.recruiterRole", { email, role: u.role });
    }
  }
  if (input.id) {
    const [p] = await deps.db.select({ id: positions.id }).from(positions).where(eq(positions.id, input.id));
    if (!p) throw refusal("not_found", "positions.unknown");
  }
  if (problems.length) {
    throw refusal("validation", "positions.notSaved", { problems }, { field: [...fields] });
  }
  const now = deps.clock.now();
  const id = input.id ?? crypto.randomUUID();
  await deps.db.transaction(async (tx) => {
    let departmentId: string | null = null;
    const department = input.department.trim();
    if (department) {
      const [d] = await tx.select({ id: departments.id }).from(departments).where(
        eq(departments.name, department),
      );
      departmentId = d?.id ?? crypto.randomUUID();
      if (!d) await tx.insert(departments).values({ id: departmentId, name: department });
    }
    const values = {
      title,
      departmentId,
      location: input.location.trim() || null,
      canton: input.canton || null,
      workloadMin: input.workloadMin,
      workloadMax: input.workloadMax,
      advertisements,
      status: input.status,
      hiringManagerEmployeeId: hiringManagerId,
      startDate,
      updatedAt: now,
    };
    if (input.id) {
      const [was] = await tx.select({ status: positions.status, openedAt: positions.openedAt }).from(
        positions,
      )
        .where(eq(positions.id, id));
      await tx.update(positions).set({
        ...values,
        openedAt: was.openedAt ?? (input.status === "OPEN" ? now : null),
      }).where(eq(positions.id, id));
    } else {
      await tx.insert(positions).values({
        id,
        ...values,
        openedAt: input.status === "OPEN" ? now : null,
        createdAt: now,
      });
    }
    await tx.delete(positionTeam).where(eq(positionTeam.positionId, id));
    for (const u of team) {
      await tx.insert(positionTeam).values({ positionId: id, userId: u.id, role: "RECRUITER" });
    }
  });
  return id;
}

/**
 * The name a candidate's file is stored and served under, whatever the upload was called: the careers page
 * checks only that it begins like a PDF, so a name of the candidate's choosing (`invoice.html`) could make a
 * browser or the reader's desktop open it as something else. Files stored before, under the candidate's
 * name, are shown and served under this one too.
 */
export function applicationFileName(kind: string): string {
  return kind === "LETTER" ? "letter.pdf" : "cv.pdf";
}

/** The files a candidate sent (names and kinds), for anyone who may see the application. */
export async function listApplicationFiles(
  deps: Deps & Pick<AppDeps, "config">,
  actor: Actor,
  applicationId: string,
) {
  await getApplication(deps, actor, applicationId, false);
  const files = await deps.db.select({
    kind: applicationFiles.kind,
    sizeBytes: applicationFiles.sizeBytes,
  }).from(applicationFiles).where(eq(applicationFiles.applicationId, applicationId));
  return files.map((f) => ({ ...f, fileName: applicationFileName(f.kind) }));
}

/** One file a candidate sent, for anyone who may see the application; else not found. */
export async function getApplicationFile(
  deps: Deps & Pick<AppDeps, "config">,
  actor: Actor,
  applicationId: string,
  kind: string,
) {
  await getApplication(deps, actor, applicationId, false);
  const [f] = await deps.db.select().from(applicationFiles).where(
    and(eq(applicationFiles.applicationId, applicationId), eq(applicationFiles.kind, kind)),
  ).limit(1);
  if (!f) throw refusal("not_found", "positions.fileUnknown");
  return {
    fileName: applicationFileName(f.kind),
    // Only PDFs are accepted from candidates; served as one whatever an older row says.
    contentType: "application/pdf",
    bytes: new Uint8Array(f.bytes) as Uint8Array<ArrayBuffer>,
  };
}
