/**
 * Who sees an onboarding plan besides the connector: HR reads a person's whole plan (tasks by phase, done or
 * open) on the person's console page, marks any of its tasks done, closes it, or starts one for a person who
 * is new without being a new hire; a manager (or anyone a task names) reads and completes the tasks that
 * new people's plans give them. The person's own tasks are among their to-dos (`todos.ts`).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { employees, onboardingPlans, onboardingTasks, onboardingTemplates } from "../db/schema/mod.ts";
import { isHrOrAbove } from "../domain/access.ts";
import { isPlausibleDate } from "../domain/calendar.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import {
  DEFAULT_TIME_ZONE,
  fullName,
  iso,
  type KeysetPage,
  type PageInput,
  selfId,
  type ServiceDeps,
  type Tx,
  writeTx,
} from "./common.ts";
import { type Phase, PHASES } from "./hr_onboarding.ts";
import { DEFAULT_TEMPLATE, isNewHire, startPlanFromTemplate } from "./onboarding_templates.ts";
import { localDay } from "../clock.ts";
import { recordRemoved } from "./sync.ts";
import { afterKey, keysetPage, keysetStart } from "./keyset.ts";

/** A plan's states: open, completed (its last task done) or closed by HR with tasks still open. */
export type PlanStatus = "OPEN" | "COMPLETED" | "CLOSED";

/** A task of a plan as HR reads it. */
export interface PlanTask {
  id: string;
  title: string;
  dueDate: string | null;
  done: boolean;
  /** Who does it: the person themself (null) or the one named. */
  assignee: string | null;
}

/**
 * A person's latest plan with its tasks grouped by phase in the phases' order (HR and administrators only),
 * or null when the person has none.
 */
export async function planOf(deps: ServiceDeps, actor: Actor, employeeId: string) {
  if (!isHrOrAbove(actor.role)) throw refusal("forbidden", "onboarding.plansHrOnly");
  const [plan] = await deps.db.select().from(onboardingPlans).where(
    eq(onboardingPlans.employeeId, employeeId),
  )
    .orderBy(sql`${onboardingPlans.createdAt} desc`).limit(1);
  if (!plan) return null;
  const tasks = await deps.db.select({
    task: onboardingTasks,
    first: employees.firstName,
    last: employees.lastName,
  }).from(onboardingTasks).leftJoin(employees, eq(employees.id, onboardingTasks.assigneeEmployeeId))
    .where(eq(onboardingTasks.planId, plan.id)).orderBy(
      asc(onboardingTasks.sortOrder),
      asc(onboardingTasks.id),
    );
  const phases = PHASES.map((phase) => ({
    phase,
    tasks: tasks.filter((t) => t.task.phase === phase).map((t): PlanTask => ({
      id: t.task.id,
      title: t.task.title,
      dueDate: t.task.dueDate,
      done: t.task.done,
      assignee: t.first !== null && t.last !== null
        ? fullName({ firstName: t.first, lastName: t.last })
        : null,
    })),
  })).filter((p) => p.tasks.length);
  return {
    id: plan.id,
    startDate: plan.startDate,
    status: plan.status as PlanStatus,
    done: tasks.filter((t) => t.task.done).length,
    total: tasks.length,
    phases,
  };
}

/** A task a new person's plan gives the caller. */
export interface AssignedTask {
  id: string;
  title: string;
  phase: Phase;
  dueDate: string | null;
  person: { employeeId: string; name: string; startDate: string };
}

/**
 * The open tasks that other people's open onboarding plans give the caller (a manager's part of their new
 * people's plans), the earliest due first.
 */
export async function listAssignedOnboardingTasks(
  deps: ServiceDeps,
  actor: Actor,
  p: PageInput,
): Promise<KeysetPage<AssignedTask>> {
  const me = selfId(actor);
  const start = keysetStart(p, ["number", "string", "string"]);
  const { page } = start;
  // The earliest due first (undated last), then id: a task done or given between two pages moves none.
  const order = [
    sql`${onboardingTasks.dueDate} is null`,
    sql`coalesce(${onboardingTasks.dueDate}, '')`,
    onboardingTasks.id,
  ];
  const rows = await deps.db.select({
    task: onboardingTasks,
    plan: onboardingPlans,
    first: employees.firstName,
    last: employees.lastName,
  }).from(onboardingTasks)
    .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .innerJoin(employees, eq(employees.id, onboardingPlans.employeeId))
    .where(and(
      eq(onboardingTasks.assigneeEmployeeId, me),
      eq(onboardingTasks.done, false),
      eq(onboardingPlans.status, "OPEN"),
      sql`${onboardingPlans.employeeId} <> ${me}`,
      afterKey(order, start.key, "asc"),
    ))
    .orderBy(...order.map((c) => asc(c)))
    .limit(page.limit + 1).offset(page.offset);
  const keyOf = (
    r: (typeof rows)[number],
  ) => [r.task.dueDate === null ? 1 : 0, r.task.dueDate ?? "", r.task.id];
  return await keysetPage(start, rows, keyOf, (shown) =>
    shown.map((r) => ({
      id: r.task.id,
      title: r.task.title,
      phase: r.task.phase as Phase,
      dueDate: r.task.dueDate,
      person: {
        employeeId: r.plan.employeeId,
        name: fullName({ firstName: r.first, lastName: r.last }),
        startDate: r.plan.startDate,
      },
    })));
}

/**
 * Marks a task done (once: a task done already keeps its instant) and completes its plan when it was the
 * plan's last open task. The answer both the person's own tasks and a manager's tasks give.
 */
export async function markTaskDone(
  tx: Tx,
  task: { id: string; planId: string; done: boolean; doneAt: number | null },
  now: number,
) {
  if (!task.done) {
    await tx.update(onboardingTasks).set({ done: true, doneAt: now }).where(eq(onboardingTasks.id, task.id));
    const [left] = await tx.select({ n: sql<number>`count(*)` }).from(onboardingTasks)
      .where(and(eq(onboardingTasks.planId, task.planId), eq(onboardingTasks.done, false)));
    if (Number(left.n) === 0) {
      await tx.update(onboardingPlans).set({ status: "COMPLETED" }).where(
        eq(onboardingPlans.id, task.planId),
      );
    }
  }
  return { id: task.id, done: true as const, doneAt: iso(task.doneAt ?? now) };
}

/**
 * Marks done a task that someone else's open plan gives the caller. When it was the plan's last open task,
 * the plan is completed. Done twice answers the first time's instant.
 */
export async function completeAssignedOnboardingTask(deps: ServiceDeps, actor: Actor, taskId: string) {
  const me = selfId(actor);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const [row] = await tx.select({ task: onboardingTasks, plan: onboardingPlans }).from(onboardingTasks)
      .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
      .where(and(eq(onboardingTasks.id, taskId), eq(onboardingTasks.assigneeEmployeeId, me))).limit(1);
    if (!row || row.plan.employeeId === me) {
      throw refusal("not_found", "onboarding.assignedTaskUnknown");
    }
    return await markTaskDone(tx, row.task, now);
  });
}

function hrOnly(actor: Actor) {
  if (!isHrOrAbove(actor.role)) throw refusal("forbidden", "onboarding.changeHrOnly");
}

/** The person's open plan in the caller's transaction, or a refusal naming that there is none. */
async function openPlanOf(tx: Tx, employeeId: string) {
  const [plan] = await tx.select().from(onboardingPlans)
    .where(and(eq(onboardingPlans.employeeId, employeeId), eq(onboardingPlans.status, "OPEN"))).limit(1);
  if (!plan) throw refusal("conflict", "onboarding.noOpenPlan");
  return plan;
}

/**
 * HR starts the plan of the template DEFAULT for someone who is new without being a new hire by the records
 * (a change of role, a return, a start entered late): its tasks fall due from `firstDay`. Refused without
 * that template, with a plan open already, or with a first day that is not a date.
 */
export async function startPlanForPerson(
  deps: ServiceDeps,
  actor: Actor,
  employeeId: string,
  firstDay: string,
) {
  hrOnly(actor);
  if (!isPlausibleDate(firstDay)) {
    throw refusal("validation", "onboarding.firstDayInvalid", {}, { field: "firstDay" });
  }
  return await writeTx(deps, async (tx) => {
    const [template] = await tx.select({ id: onboardingTemplates.id }).from(onboardingTemplates)
      .where(eq(onboardingTemplates.key, DEFAULT_TEMPLATE)).limit(1);
    if (!template) throw refusal("conflict", "onboarding.noTemplate");
    const [person] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.id, employeeId))
      .limit(1);
    if (!person) throw refusal("not_found", "onboarding.employeeUnknown");
    const planId = await startPlanFromTemplate(tx, employeeId, deps.clock.now(), DEFAULT_TEMPLATE, firstDay);
    if (!planId) throw refusal("conflict", "onboarding.alreadyOpen");
    return { planId, startDate: firstDay };
  });
}

/**
 * Closes a plan; its open tasks leave the person's to-dos, which the app's offline copy learns from the
 * tombstones (a closed plan keeps no instant of its closing).
 */
async function closeOpen(tx: Tx, planId: string, employeeId: string, now: number): Promise<void> {
  await tx.update(onboardingPlans).set({ status: "CLOSED" }).where(eq(onboardingPlans.id, planId));
  const open = await tx.select({ id: onboardingTasks.id }).from(onboardingTasks)
    .where(and(eq(onboardingTasks.planId, planId), eq(onboardingTasks.done, false)));
  await recordRemoved(tx, { employeeId, list: "TODO", rowIds: open.map((t) => t.id), now });
}

/**
 * HR closes a person's open plan with whatever tasks are still open: they are no longer due, so they leave
 * the person's to-dos and the manager's list (both read open plans only). The tasks stay as they were, done
 * or not, for the record.
 */
export async function closePlan(deps: ServiceDeps, actor: Actor, employeeId: string) {
  hrOnly(actor);
  return await writeTx(deps, async (tx) => {
    const plan = await openPlanOf(tx, employeeId);
    await closeOpen(tx, plan.id, employeeId, deps.clock.now());
    return { planId: plan.id, status: "CLOSED" as const };
  });
}

/**
 * HR marks done any task of a person's open plan, whoever does it (the person, the manager or someone
 * named): the plan is completed when it was the last open one. Done twice answers the first time's instant.
 */
export async function completePlanTask(deps: ServiceDeps, actor: Actor, employeeId: string, taskId: string) {
  hrOnly(actor);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const plan = await openPlanOf(tx, employeeId);
    const [task] = await tx.select().from(onboardingTasks)
      .where(and(eq(onboardingTasks.id, taskId), eq(onboardingTasks.planId, plan.id))).limit(1);
    if (!task) throw refusal("not_found", "onboarding.taskNotOnPlan");
    return { ...(await markTaskDone(tx, task, now)), title: task.title };
  });
}

/** An open plan started for someone who was no new hire at the time. */
export interface StalePlan {
  personnelNumber: string;
  name: string;
  firstDay: string;
  openTasks: number;
}

/**
 * Closes the open plans that were started for people employed for more than `NEW_HIRE_DAYS` already on the
 * day the plan was made: what an `employees import` of long-time staff left before only new hires started
 * plans (tasks due in 1999, managers with lists of them). A plan made for a new hire, or one HR started with
 * a first day near its making, stays open. With `dryRun`, lists them and changes nothing.
 */
export async function closeStalePlans(
  deps: ServiceDeps,
  opts: { dryRun?: boolean } = {},
): Promise<StalePlan[]> {
  const tz = deps.config?.timeZone ?? DEFAULT_TIME_ZONE;
  return await writeTx(deps, async (tx) => {
    const open = await tx.select({
      plan: onboardingPlans,
      pn: employees.personnelNumber,
      first: employees.firstName,
      last: employees.lastName,
      openTasks: sql<
        number
      >`(SELECT count(*) FROM ${onboardingTasks} WHERE ${onboardingTasks.planId} = ${onboardingPlans.id} AND ${onboardingTasks.done} = 0)`
        .mapWith(Number),
    }).from(onboardingPlans).innerJoin(employees, eq(employees.id, onboardingPlans.employeeId))
      .where(eq(onboardingPlans.status, "OPEN")).orderBy(asc(employees.personnelNumber));
    const stale = open.filter((r) => !isNewHire(r.plan.startDate, localDay(r.plan.createdAt, tz)));
    if (!opts.dryRun) {
      for (const r of stale) {
        await closeOpen(tx, r.plan.id, r.plan.employeeId, deps.clock.now());
      }
    }
    return stale.map((r) => ({
      personnelNumber: r.pn,
      name: fullName({ firstName: r.first, lastName: r.last }),
      firstDay: r.plan.startDate,
      openTasks: r.openTasks,
    }));
  });
}
