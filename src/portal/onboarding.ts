/**
 * The manager's part of new people's onboarding plans: the tasks a plan gives the caller (the plan's
 * template names the manager for them), and marking one done. The person's own tasks are among their to-dos
 * (`/employee/todos`). Beside them, the hiring manager's and recruiters' part of recruiting: the tasks a
 * stage put on an application for them, which may hold a gated stage shut until done. Tagged `profile` like
 * the to-dos, so the document keeps the contract's tags.
 */
import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import { completeAssignedOnboardingTask, listAssignedOnboardingTasks } from "../services/onboarding_plans.ts";
import { PHASES } from "../services/hr_onboarding.ts";
import { completeRecruitingTask, listMyRecruitingTasks } from "../services/recruiting_tasks.ts";
import { route, type RouteDef } from "./route.ts";
import { cursorPageFields, cursorPageQuery, dateTime, idParam, isoDate } from "./schemas.ts";

const AssignedTask = z.strictObject({
  id: z.string(),
  title: z.string(),
  phase: z.enum(PHASES),
  dueDate: isoDate.nullable(),
  person: z.strictObject({
    employeeId: z.string(),
    name: z.string(),
    startDate: isoDate.meta({ description: "The new person's first working day." }),
  }).meta({ description: "Whose plan the task is on." }),
});

const RecruitingTask = z.strictObject({
  id: z.string(),
  title: z.string(),
  blocking: z.boolean().meta({
    description: "True when a gated stage stays shut for the application until this task is done.",
  }),
  createdAt: dateTime,
  application: z.strictObject({
    id: z.string(),
    candidateName: z.string(),
    positionId: z.string(),
    positionTitle: z.string(),
    stage: z.string().meta({ description: "The application's stage in the caller's language." }),
    stageKey: z.string(),
  }),
});

export const onboardingRoutes: RouteDef[] = [
  route({
    method: "get",
    path: "/approvals/onboarding-tasks",
    operationId: "listAssignedOnboardingTasks",
    tag: "profile",
    access: "employee",
    summary: "For managers: the open tasks new people's onboarding plans give the caller",
    description: "Tasks of other people's open onboarding plans assigned to the caller (a template's " +
      "`MANAGER` tasks name the new person's manager), the earliest due first. Empty for someone who has none.",
    query: z.strictObject({ ...cursorPageQuery }),
    response: z.strictObject(cursorPageFields(AssignedTask)),
    errors: {},
    handler: ({ deps, user, query }) => listAssignedOnboardingTasks(deps, portalActor(user), query),
  }),
  route({
    method: "post",
    path: "/approvals/onboarding-tasks/:id/done",
    operationId: "completeAssignedOnboardingTask",
    tag: "profile",
    access: "employee",
    summary: "Mark done a task a new person's onboarding plan gives the caller",
    description: "When it was the plan's last open task, the plan is completed. Marking a done task again " +
      "answers with the first time's `doneAt`.",
    params: idParam,
    response: z.strictObject({ id: z.string(), done: z.literal(true), doneAt: dateTime }),
    errors: { 404: "No task of someone else's onboarding plan is the caller's with this id." },
    handler: ({ deps, user, params }) => completeAssignedOnboardingTask(deps, portalActor(user), params.id),
  }),
  route({
    method: "get",
    path: "/approvals/recruiting-tasks",
    operationId: "listMyRecruitingTasks",
    tag: "profile",
    access: "user",
    summary: "For hiring managers and recruiters: the open tasks of applications that are the caller's",
    description:
      "Tasks a stage's automatic `CREATE_TASK` put on active applications: those assigned to the " +
      "caller (a stage's `HIRING_MANAGER` tasks name the position's hiring manager) and, for a recruiter on " +
      "a position's team, the recruiting team's tasks of that position; the oldest first. A `blocking` task " +
      "holds a gated stage shut until it is done. Empty for someone who has none.",
    query: z.strictObject({ ...cursorPageQuery }),
    response: z.strictObject(cursorPageFields(RecruitingTask)),
    errors: {},
    handler: ({ deps, user, query }) => listMyRecruitingTasks(deps, portalActor(user), query),
  }),
  route({
    method: "post",
    path: "/approvals/recruiting-tasks/:id/done",
    operationId: "completeRecruitingTask",
    tag: "profile",
    access: "user",
    summary: "Mark done a task of an application that is the caller's",
    description: "A task assigned to the caller, or a recruiting team's task of a position whose team the " +
      "caller is on. Once every blocking task of the application is done, a move into a gated stage " +
      "succeeds (HR console, connector's `commit_stage_move`). Marking a done task again answers with the " +
      "first time's `completedAt`.",
    params: idParam,
    response: z.strictObject({
      id: z.string(),
      applicationId: z.string(),
      title: z.string(),
      blocking: z.boolean(),
      done: z.literal(true),
      completedAt: dateTime,
    }),
    errors: {
      403: "The caller sees the application, but the task is someone else's (the hiring manager's, or the " +
        "recruiting team's).",
      404: "No task of an application the caller sees has this id.",
    },
    handler: ({ deps, user, params }) => completeRecruitingTask(deps, portalActor(user), params.id),
  }),
];
