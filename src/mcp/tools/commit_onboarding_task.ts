import { z } from "zod";
import { addOnboardingTask, type OnboardingTaskInput, PHASES } from "../../services/hr_onboarding.ts";
import { hrDescription } from "../hr.ts";
import { previewIdArg } from "../schemas.ts";
import { defineTool, destructive } from "../tool.ts";
import { PREVIEW_TOO_OLD } from "../previews.ts";

/** Step two: adds the previewed task to that plan. */
export const commit_onboarding_task = defineTool({
  name: "commit_onboarding_task",
  title: "Add the previewed onboarding task",
  description: hrDescription(
    `Adds the task of a preview from prepare_onboarding_task to the person's onboarding plan, after they agreed. Takes only the previewId. Refused when the caller no longer has onboarding authority over that person, or when the preview is ${PREVIEW_TOO_OLD} or from another connection; a retry with the same previewId returns the first result.`,
  ),
  scope: "hr:write",
  permission: "employees:onboarding",
  kind: "commit",
  commits: "prepare_onboarding_task",
  annotations: destructive(true),
  input: previewIdArg,
  output: z.object({
    taskId: z.string(),
    planId: z.string(),
    employeeId: z.string(),
    phase: z.enum(PHASES),
    position: z.int(),
  }),
  handler: async ({ actor, previews }, a) => {
    const { result, replayed } = await previews.commit(
      a.previewId,
      (payload, deps) => addOnboardingTask(deps, actor, payload as OnboardingTaskInput),
    );
    return { data: result, replayed, touched: [result.employeeId], count: 1 };
  },
});
