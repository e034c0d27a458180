import { z } from "zod";
import {
  type OnboardingTaskInput,
  PHASES,
  previewOnboardingTask,
  TITLE_MAX,
} from "../../services/hr_onboarding.ts";
import { hrDescription } from "../hr.ts";
import { isoDate, previewOut, previewText, recordId } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";
import { PREVIEW_VALIDITY } from "../previews.ts";

/** Step one of adding an onboarding task: whose plan and where the task lands. */
export const prepare_onboarding_task = defineTool({
  name: "prepare_onboarding_task",
  title: "Prepare an onboarding task",
  description: hrDescription(
    `Previews adding a task to the open onboarding plan of a person the caller may see: whose plan, the phase, the place the task takes in it and the tasks already there. The title is the only text and is taken here. Returns a previewId: after the person agrees, call commit_onboarding_task with it (${PREVIEW_VALIDITY}).`,
  ),
  scope: "hr:write",
  permission: "employees:onboarding",
  kind: "prepare",
  freeTextArgs: ["title"],
  annotations: READ_ONLY,
  input: z.strictObject({
    employee_id: recordId("employee (the new joiner)"),
    title: z.string().min(1).max(TITLE_MAX).describe("What is to be done, e.g. 'Order a laptop'."),
    phase: z.enum(PHASES).describe(
      "When: before the start, first day, first week, first month or probation.",
    ),
    due_date: isoDate.optional().describe("Optional due date, YYYY-MM-DD."),
  }),
  output: z.object({
    employeeId: z.string(),
    personName: z.string(),
    planId: z.string(),
    planStart: z.string(),
    phase: z.enum(PHASES),
    position: z.int().describe("Where the task lands in its phase (1 = first)."),
    tasksInPhase: z.array(z.object({ title: z.string(), done: z.boolean() })),
    title: z.string(),
    dueDate: z.string().nullable(),
    ...previewOut,
  }),
  handler: async ({ deps, actor, previews }, a) => {
    const input: OnboardingTaskInput = {
      employeeId: a.employee_id,
      title: a.title,
      phase: a.phase,
      ...(a.due_date ? { dueDate: a.due_date } : {}),
    };
    const p = await previewOnboardingTask(deps, actor, input);
    const stored = await previews.store({ ...input, title: p.title } satisfies OnboardingTaskInput);
    const { sortOrder: _sortOrder, ...shown } = p;
    const data = { ...shown, ...stored };
    return { data, text: previewText("commit_onboarding_task", data), touched: [p.employeeId], count: 1 };
  },
});
