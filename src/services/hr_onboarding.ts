import { and, asc, eq } from "drizzle-orm";
import { employees, onboardingPlans, onboardingTasks } from "../db/schema/mod.ts";
import { hasPermission } from "../domain/access.ts";
import { refusal } from "../errors.ts";
import { dateProblem } from "../domain/fields.ts";
import type { Actor } from "./actor.ts";
import { fullName, type ServiceDeps, writeTx } from "./common.ts";
import { employeeScope, inScope } from "./hr_scope.ts";

/** The phases of a plan, in order. */
export const PHASES = ["BEFORE_START", "FIRST_DAY", "FIRST_WEEK", "FIRST_MONTH", "PROBATION"] as const;
export type Phase = typeof PHASES[number];
export const TITLE_MAX = 200;

/** Input of a new onboarding task: the title is the only free text and is the record itself. */
export interface OnboardingTaskInput {
  employeeId: string;
  title: string;
  phase: Phase;
  dueDate?: string;
}

/**
 * Where a task would land: whose plan, the phase, its place at the end of that phase, and the tasks already
 * in it. The person must be within the caller's scope and have an open plan.
 */
export async function previewOnboardingTask(deps: ServiceDeps, actor: Actor, input: OnboardingTaskInput) {
  const title = input.title.trim();
  if (!title) throw refusal("validation", "onboarding.titleEmpty", {}, { field: "title" });
  if (title.length > TITLE_MAX) {
    throw refusal("validation", "onboarding.titleTooLong", { max: TITLE_MAX }, { field: "title" });
  }
  if (!PHASES.includes(input.phase)) {
    throw refusal("validation", "onboarding.badPhase", { phases: PHASES.join(", ") }, { field: "phase" });
  }
  // The one date rule (`dateProblem`): a due date in year 9999 would make the plan's own export unreadable.
  const dueProblem = input.dueDate === undefined ? null : dateProblem(input.dueDate);
  if (dueProblem) {
    throw refusal(
      "validation",
      dueProblem === "range" ? "onboarding.dueDateRange" : "onboarding.badDueDate",
      {},
      { field: "dueDate" },
    );
  }
  const scope = await employeeScope(deps, actor);
  if (!inScope(scope, input.employeeId)) throw refusal("not_found", "hr.employeeOutOfReach");
  const [person] = await deps.db.select({
    id: employees.id,
    firstName: employees.firstName,
    lastName: employees.lastName,
  })
    .from(employees).where(eq(employees.id, input.employeeId)).limit(1);
  if (!person) throw refusal("not_found", "hr.employeeOutOfReach");
  const [plan] = await deps.db.select().from(onboardingPlans)
    .where(and(eq(onboardingPlans.employeeId, input.employeeId), eq(onboardingPlans.status, "OPEN"))).limit(
      1,
    );
  if (!plan) throw refusal("conflict", "onboarding.noOpenPlanOf", { name: fullName(person) });
  const inPhase = await deps.db.select({
    title: onboardingTasks.title,
    done: onboardingTasks.done,
    sortOrder: onboardingTasks.sortOrder,
  })
    .from(onboardingTasks).where(
      and(eq(onboardingTasks.planId, plan.id), eq(onboardingTasks.phase, input.phase)),
    )
    .orderBy(asc(onboardingTasks.sortOrder));
  const position = inPhase.length ? Math.max(...inPhase.map((t) => t.sortOrder)) + 1 : 0;
  return {
    employeeId: person.id,
    personName: fullName(person),
    planId: plan.id,
    planStart: plan.startDate,
    phase: input.phase,
    position: inPhase.length + 1,
    sortOrder: position,
    tasksInPhase: inPhase.map((t) => ({ title: t.title, done: t.done })),
    title,
    dueDate: input.dueDate ?? null,
  };
}

/** Adds the task to that plan. Authority and scope are checked again at this step. */
export async function addOnboardingTask(deps: ServiceDeps, actor: Actor, input: OnboardingTaskInput) {
  if (!hasPermission(actor.role, "employees:onboarding")) {
    throw refusal("forbidden", "onboarding.mayNoLongerAdd");
  }
  const p = await previewOnboardingTask(deps, actor, input);
  return await writeTx(deps, async (tx) => {
    const [row] = await tx.insert(onboardingTasks).values({
      planId: p.planId,
      title: p.title,
      phase: p.phase,
      dueDate: p.dueDate,
      sortOrder: p.sortOrder,
      createdByUserId: actor.userId,
      channel: actor.channel,
      createdAt: deps.clock.now(),
    }).returning({ id: onboardingTasks.id });
    return {
      taskId: row.id,
      planId: p.planId,
      employeeId: p.employeeId,
      phase: p.phase,
      position: p.position,
    };
  });
}
