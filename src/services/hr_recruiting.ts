import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import {
  applicationNotes,
  applications,
  applicationStageHistory,
  applicationTasks,
  departments,
  positions,
  stageAutomaticTasks,
  stages,
  users,
} from "../db/schema/mod.ts";
import { gateBlockers, inLanguage, plannedTasks, renderTemplate } from "../domain/recruiting.ts";
import { hasPermission, isHrOrAbove } from "../domain/access.ts";
import { refusal } from "../errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import type { Actor } from "./actor.ts";
import {
  iso,
  localName,
  notify,
  type Page,
  type PageInput,
  pageOf,
  type ServiceDeps,
  todayOf,
  toPage,
  writeTx,
} from "./common.ts";
import { createHiredEmployee, hireCanton, noCanton } from "./hiring.ts";
import { readerLanguage, titleIn } from "./onboarding_templates.ts";
import { inScope, positionScope, type Scope } from "./hr_scope.ts";
import { refuseRepeatedNote } from "./note_repeat.ts";

/** Longest advertisement text a read returns; the rest is cut with a marker. */
export const AD_TEXT_CAP = 2000;
/** Longest application note accepted. */
export const NOTE_MAX = 4000;

const notVisible = () => refusal("not_found", "recruiting.applicationOutOfReach");

/** How a closed application's state is said in the refusal to move it. */
const CLOSED_STATUS = {
  HIRED: "recruiting.statusHired",
  REJECTED: "recruiting.statusRejected",
  WITHDRAWN: "recruiting.statusWithdrawn",
} as const;

function scopeCond(scope: Scope) {
  return scope === "ALL" ? undefined : inArray(positions.id, [...scope]);
}

/** A position without salary bands. */
export interface PositionCard {
  id: string;
  title: string;
  department: string | null;
  location: string | null;
  canton: string | null;
  workloadMin: number | null;
  workloadMax: number | null;
  status: string;
  openApplications: number;
}

/** Positions within the caller's scope (no salary bands), open ones first. */
export async function listPositions(
  deps: ServiceDeps,
  actor: Actor,
  p: PageInput & { status?: string },
): Promise<Page<PositionCard>> {
  const scope = await positionScope(deps, actor);
  const page = pageOf(p);
  if (scope !== "ALL" && scope.size === 0) return toPage([], page, (x: PositionCard) => x);
  const rows = await deps.db.select({
    id: positions.id,
    title: positions.title,
    department: departments.name,
    location: positions.location,
    canton: positions.canton,
    workloadMin: positions.workloadMin,
    workloadMax: positions.workloadMax,
    status: positions.status,
  }).from(positions).leftJoin(departments, eq(departments.id, positions.departmentId))
    .where(and(scopeCond(scope), p.status ? eq(positions.status, p.status) : undefined))
    .orderBy(asc(positions.status), asc(positions.title), asc(positions.id)).limit(page.limit + 1).offset(
      page.offset,
    );
  const ids = rows.map((r) => r.id);
  const counts = new Map<string, number>();
  if (ids.length) {
    const apps = await deps.db.select({ positionId: applications.positionId }).from(applications)
      .where(and(inArray(applications.positionId, ids), eq(applications.status, "ACTIVE")));
    for (const a of apps) counts.set(a.positionId, (counts.get(a.positionId) ?? 0) + 1);
  }
  return toPage(rows, page, (r) => ({ ...r, openApplications: counts.get(r.id) ?? 0 }));
}

/**
 * One position within scope, with its advertisement in the caller's language (else German, else any) capped
 * at 2000 characters.
 */
export async function getPosition(deps: ServiceDeps, actor: Actor, positionId: string) {
  const scope = await positionScope(deps, actor);
  if (!inScope(scope, positionId)) throw refusal("not_found", "recruiting.positionOutOfReach");
  const [p] = await deps.db.select({
    id: positions.id,
    title: positions.title,
    department: departments.name,
    location: positions.location,
    canton: positions.canton,
    workloadMin: positions.workloadMin,
    workloadMax: positions.workloadMax,
    status: positions.status,
    advertisements: positions.advertisements,
    hiringManagerEmployeeId: positions.hiringManagerEmployeeId,
  }).from(positions).leftJoin(departments, eq(departments.id, positions.departmentId))
    .where(eq(positions.id, positionId)).limit(1);
  if (!p) throw refusal("not_found", "recruiting.positionOutOfReach");
  const { advertisements, ...rest } = p;
  const ad = inLanguage(advertisements, actor.language) ?? "";
  return {
    ...rest,
    advertisement: ad.length > AD_TEXT_CAP ? `${ad.slice(0, AD_TEXT_CAP)}\n\n[… shortened]` : ad,
    advertisementTruncated: ad.length > AD_TEXT_CAP,
  };
}

/** An application as HR reads show it: no AI scores, no notes, no contact details. */
export interface ApplicationCard {
  id: string;
  positionId: string;
  positionTitle: string;
  candidateName: string;
  stage: string;
  stageKey: string;
  status: string;
  appliedAt: string;
}

/** Applications within scope (positions the caller hires for), newest first; no AI scores, no notes. */
export async function listApplications(
  deps: ServiceDeps,
  actor: Actor,
  p: PageInput & { positionId?: string; stageKey?: string; status?: string },
): Promise<Page<ApplicationCard>> {
  const scope = await positionScope(deps, actor);
  const page = pageOf(p);
  if ((scope !== "ALL" && scope.size === 0) || (p.positionId && !inScope(scope, p.positionId))) {
    return toPage([], page, (x: ApplicationCard) => x);
  }
  const rows = await deps.db.select({
    id: applications.id,
    positionId: applications.positionId,
    positionTitle: positions.title,
    first: applications.candidateFirstName,
    last: applications.candidateLastName,
    stage: stages,
    status: applications.status,
    createdAt: applications.createdAt,
  }).from(applications)
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .innerJoin(stages, eq(stages.id, applications.stageId))
    .where(and(
      scopeCond(scope),
      p.positionId ? eq(applications.positionId, p.positionId) : undefined,
      p.stageKey ? eq(stages.key, p.stageKey) : undefined,
      p.status ? eq(applications.status, p.status) : undefined,
    ))
    .orderBy(desc(applications.createdAt), asc(applications.id)).limit(page.limit + 1).offset(page.offset);
  return toPage(rows, page, (r) => ({
    id: r.id,
    positionId: r.positionId,
    positionTitle: r.positionTitle,
    candidateName: `${r.first} ${r.last}`,
    stage: localName(r.stage, actor.language),
    stageKey: r.stage.key,
    status: r.status,
    appliedAt: iso(r.createdAt),
  }));
}

async function loadApplication(deps: ServiceDeps, actor: Actor, applicationId: string) {
  const scope = await positionScope(deps, actor);
  const [a] = await deps.db.select({ app: applications, position: positions, stage: stages }).from(
    applications,
  )
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .innerJoin(stages, eq(stages.id, applications.stageId))
    .where(eq(applications.id, applicationId)).limit(1);
  if (!a || !inScope(scope, a.position.id)) throw notVisible();
  return a;
}

/**
 * One application within scope. The cover letter and the shared notes come only with `includeFreeText`;
 * private HR notes and AI scores never.
 */
export async function getApplication(
  deps: ServiceDeps,
  actor: Actor,
  applicationId: string,
  includeFreeText: boolean,
) {
  const a = await loadApplication(deps, actor, applicationId);
  const tasks = await deps.db.select({
    title: applicationTasks.title,
    blocking: applicationTasks.blocking,
    done: applicationTasks.done,
  })
    .from(applicationTasks).where(eq(applicationTasks.applicationId, applicationId)).orderBy(
      asc(applicationTasks.createdAt),
    );
  const notes = includeFreeText
    ? await deps.db.select({
      body: applicationNotes.body,
      createdAt: applicationNotes.createdAt,
      author: users.email,
    })
      .from(applicationNotes).leftJoin(users, eq(users.id, applicationNotes.authorUserId))
      .where(
        and(eq(applicationNotes.applicationId, applicationId), eq(applicationNotes.visibility, "SHARED")),
      )
      .orderBy(asc(applicationNotes.createdAt)).limit(50)
    : [];
  return {
    id: a.app.id,
    positionId: a.position.id,
    positionTitle: a.position.title,
    candidateName: `${a.app.candidateFirstName} ${a.app.candidateLastName}`,
    stage: localName(a.stage, actor.language),
    stageKey: a.stage.key,
    status: a.app.status,
    source: a.app.source,
    appliedAt: iso(a.app.createdAt),
    tasks,
    ...(includeFreeText
      ? {
        coverLetter: a.app.coverLetter ?? "",
        sharedNotes: notes.map((n) => ({
          body: n.body,
          author: n.author ?? "",
          createdAt: iso(n.createdAt),
        })),
      }
      : {}),
  };
}

/** What a stage move will do: both stages, every automatic task, and whether the gate blocks it. */
export async function previewStageMove(
  deps: ServiceDeps,
  actor: Actor,
  applicationId: string,
  toStageKey: string,
) {
  const a = await loadApplication(deps, actor, applicationId);
  const [dest] = await deps.db.select().from(stages).where(eq(stages.key, toStageKey)).limit(1);
  if (!dest) {
    const keys = (await deps.db.select({ key: stages.key }).from(stages).orderBy(asc(stages.sortOrder))).map((
      s,
    ) => s.key);
    throw refusal("validation", "recruiting.unknownStage", { stage: toStageKey, stages: keys.join(", ") }, {
      field: "toStageKey",
    });
  }
  if (dest.id === a.stage.id) throw refusal("conflict", "recruiting.alreadyInStage");
  if (a.app.status !== "ACTIVE") {
    const said = CLOSED_STATUS[a.app.status as keyof typeof CLOSED_STATUS];
    throw refusal("conflict", "recruiting.closed", {
      status: said ? { id: said } : a.app.status.toLowerCase(),
    });
  }
  const tasks = await deps.db.select().from(stageAutomaticTasks).where(
    eq(stageAutomaticTasks.stageId, dest.id),
  )
    .orderBy(asc(stageAutomaticTasks.sortOrder));
  const open = await deps.db.select({
    title: applicationTasks.title,
    blocking: applicationTasks.blocking,
    done: applicationTasks.done,
  })
    .from(applicationTasks).where(eq(applicationTasks.applicationId, applicationId));
  const blockers = gateBlockers(dest, open);
  const plan = plannedTasks(dest, tasks);
  if (plan.some((t) => t.marksHired) && !(await hireCanton(deps.db, a.position.canton))) throw noCanton();
  return {
    applicationId,
    candidateName: `${a.app.candidateFirstName} ${a.app.candidateLastName}`,
    positionTitle: a.position.title,
    positionId: a.position.id,
    fromStage: { key: a.stage.key, name: localName(a.stage, actor.language) },
    toStage: { key: dest.key, name: localName(dest, actor.language), gated: dest.gated },
    automaticTasks: plan,
    emailsCandidate: plan.some((t) => t.emailsCandidate),
    marksHired: plan.some((t) => t.marksHired),
    blockedBy: blockers,
  };
}

/**
 * Moves an application and runs the destination's automatic tasks in one transaction: candidate e-mails go
 * to the mail outbox (delivered over SMTP afterwards), tasks are created, hiring is marked. The caller's
 * authority is checked again, and the gate is checked again at commit; there is no override here (the
 * compliance override is a portal-only HR action, never offered over the connector). A move that marks the
 * candidate hired creates their employee record and onboarding plan in the same transaction (`hiring.ts`).
 */
export async function commitStageMove(
  deps: ServiceDeps & { mailKick?: () => void },
  actor: Actor,
  applicationId: string,
  toStageKey: string,
  expectedFromStageKey?: string,
) {
  if (!hasPermission(actor.role, "applications:move-stage")) {
    throw refusal("forbidden", "recruiting.mayNoLongerMove");
  }
  const preview = await previewStageMove(deps, actor, applicationId, toStageKey);
  if (expectedFromStageKey && preview.fromStage.key !== expectedFromStageKey) {
    throw refusal("conflict", "recruiting.movedSincePreview");
  }
  if (preview.blockedBy.length) {
    throw refusal("conflict", "recruiting.gated", {
      stage: preview.toStage.name,
      tasks: preview.blockedBy.map((t) => `'${t}'`).join(", "),
    });
  }
  const now = deps.clock.now();
  let mails = 0;
  let employeeId: string | null = null;
  // The answer is built inside the transaction: a connector commit stores it there, with the move.
  const result = await writeTx(deps, async (tx) => {
    const [dest] = await tx.select().from(stages).where(eq(stages.key, toStageKey)).limit(1);
    const [app] = await tx.select().from(applications).where(eq(applications.id, applicationId)).limit(1);
    const [pos] = await tx.select().from(positions).where(eq(positions.id, app.positionId)).limit(1);
    const tasks = await tx.select().from(stageAutomaticTasks).where(eq(stageAutomaticTasks.stageId, dest.id))
      .orderBy(asc(stageAutomaticTasks.sortOrder));
    const moved = await tx.update(applications).set({ stageId: dest.id, updatedAt: now })
      .where(and(eq(applications.id, applicationId), eq(applications.stageId, app.stageId))).returning({
        id: applications.id,
      });
    if (!moved.length) {
      throw refusal("conflict", "recruiting.movedMeanwhile");
    }
    await tx.insert(applicationStageHistory).values({
      applicationId,
      fromStageId: app.stageId,
      toStageId: dest.id,
      movedByUserId: actor.userId,
      channel: actor.channel,
      overrideUsed: false,
      createdAt: now,
    });
    const vars = { firstName: app.candidateFirstName, lastName: app.candidateLastName, position: pos.title };
    for (const t of tasks) {
      if (t.kind === "EMAIL_CANDIDATE") {
        // The candidate's language, else German (required of every template).
        const text = inLanguage(t.emailTexts, app.candidateLanguage);
        await enqueueMail(tx, deps.clock, {
          to: app.candidateEmail,
          subject: renderTemplate(text?.subject ?? t.title, vars),
          text: renderTemplate(text?.body ?? "", vars),
          relatedTo: `application:${applicationId}`,
        });
        mails++;
      } else if (t.kind === "CREATE_TASK") {
        // The hiring manager's task in their language; the recruiting team's as the stage names it.
        const assignee = t.assignee === "HIRING_MANAGER" ? pos.hiringManagerEmployeeId : null;
        const lang = await readerLanguage(tx, assignee);
        await tx.insert(applicationTasks).values({
          applicationId,
          title: titleIn(t.title, t.titleTranslations, lang),
          blocking: t.blocking,
          assigneeEmployeeId: t.assignee === "HIRING_MANAGER" ? pos.hiringManagerEmployeeId : null,
          createdAt: now,
        });
      } else if (t.kind === "NOTIFY_HIRING_MANAGER" && pos.hiringManagerEmployeeId) {
        await notify(tx, {
          recipientEmployeeId: pos.hiringManagerEmployeeId,
          kind: "application.stage_changed",
          payload: { applicationId, stage: dest.key },
          actor,
          now,
        });
      }
    }
    if (dest.marksHired || tasks.some((t) => t.kind === "MARK_HIRED")) {
      employeeId = await createHiredEmployee(tx, now, todayOf(deps), {
        firstName: app.candidateFirstName,
        lastName: app.candidateLastName,
        phone: app.candidatePhone,
        language: app.candidateLanguage,
        position: pos,
      });
      await tx.update(applications).set({ status: "HIRED", hiredAt: now, employeeId }).where(
        eq(applications.id, applicationId),
      );
    } else if (dest.marksRejected) {
      await tx.update(applications).set({ status: "REJECTED" }).where(eq(applications.id, applicationId));
    }
    return { ...preview, moved: true, emailsQueued: mails, employeeId };
  });
  if (mails) deps.mailKick?.();
  return result;
}

/** What adding a note shows first: whose application, position and stage, and the shared notes on it. */
export async function previewApplicationNote(
  deps: ServiceDeps,
  actor: Actor,
  applicationId: string,
  body: string,
) {
  const text = body.trim();
  if (!text) throw refusal("validation", "recruiting.noteEmpty", {}, { field: "body" });
  if (text.length > NOTE_MAX) {
    throw refusal("validation", "recruiting.noteTooLong", { max: NOTE_MAX }, { field: "body" });
  }
  const a = await loadApplication(deps, actor, applicationId);
  await refuseRepeatedNote(deps.db, actor, applicationId, text, deps.clock.now());
  const [{ count }] = await deps.db.select({ count: sqlCount() }).from(applicationNotes)
    .where(and(eq(applicationNotes.applicationId, applicationId), eq(applicationNotes.visibility, "SHARED")));
  return {
    applicationId,
    candidateName: `${a.app.candidateFirstName} ${a.app.candidateLastName}`,
    positionTitle: a.position.title,
    positionId: a.position.id,
    stage: localName(a.stage, actor.language),
    sharedNotesAlready: count,
    visibility: "SHARED" as const,
    noteLength: text.length,
    note: text,
  };
}

/** Files a note on an application: always SHARED, never a private HR note. Authority checked again. */
export async function addApplicationNote(
  deps: ServiceDeps,
  actor: Actor,
  applicationId: string,
  body: string,
) {
  if (!hasPermission(actor.role, "applications:view")) {
    throw refusal("forbidden", "recruiting.mayNoLongerNote");
  }
  const p = await previewApplicationNote(deps, actor, applicationId, body);
  return await writeTx(deps, async (tx) => {
    await refuseRepeatedNote(tx, actor, applicationId, p.note, deps.clock.now());
    const [row] = await tx.insert(applicationNotes).values({
      applicationId,
      authorUserId: actor.userId,
      visibility: "SHARED",
      body: p.note,
      channel: actor.channel,
      createdAt: deps.clock.now(),
    }).returning({ id: applicationNotes.id });
    return { noteId: row.id, applicationId, visibility: "SHARED" as const };
  });
}

function sqlCount() {
  return sql<number>`count(*)`.mapWith(Number);
}

/** Who reads a note: the hiring team (and the connector) or HR alone. */
export const NOTE_VISIBILITIES = ["SHARED", "PRIVATE_HR"] as const;
export type NoteVisibility = typeof NOTE_VISIBILITIES[number];

/**
 * Files a note from the HR console, shared with the hiring team or private to HR. Only HR staff and
 * administrators file or read private notes; the connector never shows them (`getApplication`).
 */
export async function addHrNote(
  deps: ServiceDeps,
  actor: Actor,
  applicationId: string,
  body: string,
  visibility: string,
) {
  if (!isHrOrAbove(actor.role)) throw refusal("forbidden", "recruiting.notesHrOnly");
  if (!(NOTE_VISIBILITIES as readonly string[]).includes(visibility)) {
    throw refusal("validation", "recruiting.badVisibility", { values: NOTE_VISIBILITIES.join(", ") }, {
      field: "visibility",
    });
  }
  const p = await previewApplicationNote(deps, actor, applicationId, body);
  return await writeTx(deps, async (tx) => {
    const [row] = await tx.insert(applicationNotes).values({
      applicationId,
      authorUserId: actor.userId,
      visibility,
      body: p.note,
      channel: actor.channel,
      createdAt: deps.clock.now(),
    }).returning({ id: applicationNotes.id });
    return { noteId: row.id, applicationId, visibility: visibility as NoteVisibility };
  });
}

/** Every note on an application, shared and private, oldest first: HR staff and administrators only. */
export async function listHrNotes(deps: ServiceDeps, actor: Actor, applicationId: string) {
  if (!isHrOrAbove(actor.role)) throw refusal("forbidden", "recruiting.privateNotesHrOnly");
  await loadApplication(deps, actor, applicationId);
  const rows = await deps.db.select({
    body: applicationNotes.body,
    visibility: applicationNotes.visibility,
    createdAt: applicationNotes.createdAt,
    author: users.email,
  }).from(applicationNotes).leftJoin(users, eq(users.id, applicationNotes.authorUserId))
    .where(eq(applicationNotes.applicationId, applicationId)).orderBy(asc(applicationNotes.createdAt)).limit(
      200,
    );
  return rows.map((n) => ({
    body: n.body,
    visibility: n.visibility as NoteVisibility,
    author: n.author ?? "",
    createdAt: iso(n.createdAt),
  }));
}

/**
 * How to reach the candidate (e-mail, phone, the language chosen on the form): HR staff and administrators
 * only, in the console. The connector's reads and the hiring team never get contact details.
 */
export async function candidateContact(deps: ServiceDeps, actor: Actor, applicationId: string) {
  if (!isHrOrAbove(actor.role)) {
    throw refusal("forbidden", "recruiting.contactHrOnly");
  }
  const a = await loadApplication(deps, actor, applicationId);
  return {
    email: a.app.candidateEmail,
    phone: a.app.candidatePhone,
    language: a.app.candidateLanguage,
  };
}
