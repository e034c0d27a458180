import { z } from "zod";
import { commitStageMove } from "../../services/hr_recruiting.ts";
import { hrDescription, plannedTaskOut, stageOut } from "../hr.ts";
import { previewIdArg } from "../schemas.ts";
import { defineTool, destructive } from "../tool.ts";
import type { StageMovePayload } from "./prepare_stage_move.ts";
import { PREVIEW_TOO_OLD } from "../previews.ts";

/** Step two: moves the application; the destination's automatic tasks run. */
export const commit_stage_move = defineTool({
  name: "commit_stage_move",
  title: "Move the application as previewed",
  description: hrDescription(
    `Moves the application of a preview from prepare_stage_move, after the person agreed; the destination stage's automatic tasks then run (candidate e-mails are queued and sent, tasks created, hiring marked; a hire becomes an employee with an open onboarding plan, whose employeeId is returned). Takes only the previewId. Refused when the person no longer may move it, when it moved meanwhile, when the gate now blocks it, or when the preview is ${PREVIEW_TOO_OLD} or from another connection; a retry with the same previewId returns the first result and runs nothing twice.`,
  ),
  scope: "hr:write",
  permission: "applications:move-stage",
  kind: "commit",
  commits: "prepare_stage_move",
  annotations: destructive(true),
  input: previewIdArg,
  output: z.object({
    applicationId: z.string(),
    moved: z.literal(true),
    fromStage: stageOut,
    toStage: stageOut.extend({ gated: z.boolean() }),
    automaticTasks: z.array(plannedTaskOut),
    emailsQueued: z.int(),
    marksHired: z.boolean(),
    /** The employee a hire created (their onboarding plan is open), else null. */
    employeeId: z.string().nullable(),
  }),
  handler: async ({ actor, previews }, a) => {
    const { result: r, replayed } = await previews.commit(a.previewId, (payload, deps) => {
      const p = payload as StageMovePayload;
      return commitStageMove(deps, actor, p.applicationId, p.toStageKey, p.fromStageKey);
    });
    // Shaped after the commit, so a replay of the stored answer is shaped the same way.
    const result = {
      applicationId: r.applicationId,
      moved: true as const,
      fromStage: r.fromStage,
      toStage: r.toStage,
      automaticTasks: r.automaticTasks,
      emailsQueued: r.emailsQueued,
      marksHired: r.marksHired,
      employeeId: r.employeeId,
    };
    return { data: result, replayed, touched: [`application:${result.applicationId}`], count: 1 };
  },
});
