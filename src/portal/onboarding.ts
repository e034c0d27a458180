/**
 * The manager's part of new people's onboarding plans: the tasks a plan gives the caller (the plan's
 * template names the manager for them), and marking one done. The person's own tasks are among their to-dos
 * (`/employee/todos`). Tagged `profile` like the to-dos, so the document keeps the contract's tags.
 */
import { z } from "zod";
import { portalActor } from "../services/actor.ts";
import { completeAssignedOnboardingTask, listAssignedOnboardingTasks } from "../services/onboarding_plans.ts";
import { PHASES } from "../services/hr_onboarding.ts";
import { route, type RouteDef } from "./route.ts";
import { dateTime, idParam, isoDate, pageFields, pageQuery } from "./schemas.ts";

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
    query: z.strictObject({ ...pageQuery }),
    response: z.strictObject(pageFields(AssignedTask)),
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
];
