/**
 * The tasks a stage's `CREATE_TASK` puts on an application, and who completes them: HR staff and
 * administrators any task (in the console, the owners of the procedure, also when a hiring manager is away);
 * the recruiters on the position's team the recruiting team's tasks; the hiring manager the tasks assigned to
 * them (in the portal, beside their part of onboarding plans). A gated stage is entered once every blocking
 * task is done (`commitStageMove`).
 */
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import {
  applications,
  applicationTasks,
  employees,
  positions,
  positionTeam,
  stages,
} from "../db/schema/mod.ts";
import { isHrOrAbove } from "../domain/access.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { getApplication } from "./hr_recruiting.ts";
import { iso, type KeysetPage, localName, type PageInput, type ServiceDeps, writeTx } from "./common.ts";
import { afterKey, keysetPage, keysetStart } from "./keyset.ts";

/** A task of an application that is the caller's to do. */
export interface MyRecruitingTask {
  id: string;
  title: string;
  blocking: boolean;
  createdAt: string;
  application: {
    id: string;
    candidateName: string;
    positionId: string;
    positionTitle: string;
    stage: string;
    stageKey: string;
  };
}

/** The order a stage move created its tasks in (the stage's order of them): they share one instant. */
const insertOrder = sql`${applicationTasks}.rowid`;

/** Whether the caller is on the position's recruiting team. */
function onTeam(actor: Actor) {
  return sql`${positions.id} IN (SELECT ${positionTeam.positionId} FROM ${positionTeam} WHERE ${positionTeam.userId} = ${actor.userId})`;
}

/**
 * The open tasks of active applications that are the caller's to do: those assigned to them (a hiring
 * manager's), and the recruiting team's tasks of the positions whose team they are on; the oldest first.
 */
export async function listMyRecruitingTasks(
  deps: ServiceDeps,
  actor: Actor,
  p: PageInput,
): Promise<KeysetPage<MyRecruitingTask>> {
  const start = keysetStart(p, ["number", "number"]);
  const { page } = start;
  const mine = or(
    actor.employeeId ? eq(applicationTasks.assigneeEmployeeId, actor.employeeId) : undefined,
    and(isNull(applicationTasks.assigneeEmployeeId), onTeam(actor)),
  );
  const rows = await deps.db.select({
    task: applicationTasks,
    app: applications,
    position: positions,
    stage: stages,
    rowid: sql<number>`${insertOrder}`.mapWith(Number),
  })
    .from(applicationTasks)
    .innerJoin(applications, eq(applications.id, applicationTasks.applicationId))
    .innerJoin(positions, eq(positions.id, applications.positionId))
    .innerJoin(stages, eq(stages.id, applications.stageId))
    .where(and(
      eq(applicationTasks.done, false),
      eq(applications.status, "ACTIVE"),
      mine,
      // The oldest first, then the order of creation: a task done between two pages moves none.
      afterKey([applicationTasks.createdAt, insertOrder], start.key, "asc"),
    ))
    .orderBy(asc(applicationTasks.createdAt), insertOrder)
    .limit(page.limit + 1).offset(page.offset);
  return await keysetPage(start, rows, (r) => [r.task.createdAt, r.rowid], (shown) =>
    shown.map((r) => ({
      id: r.task.id,
      title: r.task.title,
      blocking: r.task.blocking,
      createdAt: iso(r.task.createdAt),
      application: {
        id: r.app.id,
        candidateName: `${r.app.candidateFirstName} ${r.app.candidateLastName}`,
        positionId: r.position.id,
        positionTitle: r.position.title,
        stage: localName(r.stage, actor.language),
        stageKey: r.stage.key,
      },
    })));
}

/**
 * Marks a task of an application done, for whoever may: HR staff and administrators any task; the recruiters
 * of the position the recruiting team's; the hiring manager the ones assigned to them. Anyone else reads it as
 * unknown, unless they see the application (then they are told whose task it is). Done twice answers the
 * first time's instant.
 */
export async function completeRecruitingTask(
  deps: ServiceDeps,
  actor: Actor,
  taskId: string,
  /** The application the task must be on (the console's page of it); any when not given. */
  applicationId?: string,
) {
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const [row] = await tx.select({
      task: applicationTasks,
      positionId: applications.positionId,
      hiringManager: positions.hiringManagerEmployeeId,
      team: sql<number>`${onTeam(actor)}`.mapWith(Number),
    }).from(applicationTasks)
      .innerJoin(applications, eq(applications.id, applicationTasks.applicationId))
      .innerJoin(positions, eq(positions.id, applications.positionId))
      .where(eq(applicationTasks.id, taskId)).limit(1);
    if (!row || (applicationId !== undefined && row.task.applicationId !== applicationId)) {
      throw refusal("not_found", "recruiting.taskUnknown");
    }
    const { task } = row;
    const assignedToMe = actor.employeeId !== null && task.assigneeEmployeeId === actor.employeeId;
    const teamTask = task.assigneeEmployeeId === null;
    const may = isHrOrAbove(actor.role) || assignedToMe || (teamTask && row.team === 1);
    if (!may) {
      const sees = row.team === 1 || (actor.employeeId !== null && row.hiringManager === actor.employeeId);
      if (!sees) throw refusal("not_found", "recruiting.taskUnknown");
      throw refusal("forbidden", teamTask ? "recruiting.taskOfTeam" : "recruiting.taskOfOther");
    }
    if (!task.done) {
      await tx.update(applicationTasks).set({ done: true, completedAt: now }).where(
        eq(applicationTasks.id, task.id),
      );
    }
    return {
      id: task.id,
      applicationId: task.applicationId,
      title: task.title,
      blocking: task.blocking,
      done: true as const,
      completedAt: iso(task.completedAt ?? now),
    };
  });
}

/** A task of an application as its console page lists it, with who does it. */
export interface ApplicationTask {
  id: string;
  title: string;
  blocking: boolean;
  done: boolean;
  completedAt: string | null;
  /** The one it is assigned to (the hiring manager), or null for the recruiting team. */
  assignee: string | null;
}

/** Every task of an application within the caller's reach, oldest first. */
export async function listApplicationTasks(
  deps: ServiceDeps,
  actor: Actor,
  applicationId: string,
): Promise<ApplicationTask[]> {
  await getApplication(deps, actor, applicationId, false);
  const rows = await deps.db.select({
    task: applicationTasks,
    first: employees.firstName,
    last: employees.lastName,
  }).from(applicationTasks).leftJoin(employees, eq(employees.id, applicationTasks.assigneeEmployeeId))
    .where(eq(applicationTasks.applicationId, applicationId))
    .orderBy(asc(applicationTasks.createdAt), insertOrder);
  return rows.map((r) => ({
    id: r.task.id,
    title: r.task.title,
    blocking: r.task.blocking,
    done: r.task.done,
    completedAt: r.task.completedAt === null ? null : iso(r.task.completedAt),
    assignee: r.first !== null && r.last !== null ? `${r.first} ${r.last}` : null,
  }));
}
