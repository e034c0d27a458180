import { z } from "zod";
import { previewStageMove } from "../../services/hr_recruiting.ts";
import { refusal } from "../../errors.ts";
import { hrDescription, plannedTaskOut, stageOut } from "../hr.ts";
import { previewOut, previewText, recordId } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";
import { PREVIEW_VALIDITY } from "../previews.ts";

/** What `commit_stage_move` files. */
export interface StageMovePayload {
  applicationId: string;
  fromStageKey: string;
  toStageKey: string;
}

/** Step one of a stage move: both stages and everything the destination sets off. */
export const prepare_stage_move = defineTool({
  name: "prepare_stage_move",
  title: "Prepare a stage move",
  description: hrDescription(
    `Previews moving an application the person may see to another stage: both stages and every automatic task the destination fires, flagging those that e-mail the candidate and whether the stage marks the candidate as hired. A move into a gated stage while a blocking task is open is refused (there is no override here). Returns a previewId: show the consequences, and only after the person agrees call commit_stage_move with it (${PREVIEW_VALIDITY}).`,
  ),
  scope: "hr:write",
  permission: "applications:move-stage",
  kind: "prepare",
  annotations: READ_ONLY,
  input: z.strictObject({
    application_id: recordId("application"),
    to_stage: z.string().min(1).max(40).describe("Destination stage key, e.g. INTERVIEW, OFFER, HIRED."),
  }),
  output: z.object({
    applicationId: z.string(),
    candidateName: z.string(),
    positionTitle: z.string(),
    fromStage: stageOut,
    toStage: stageOut.extend({ gated: z.boolean() }),
    automaticTasks: z.array(plannedTaskOut),
    emailsCandidate: z.boolean(),
    marksHired: z.boolean(),
    ...previewOut,
  }),
  handler: async ({ deps, actor, previews }, a) => {
    const p = await previewStageMove(deps, actor, a.application_id, a.to_stage);
    if (p.blockedBy.length) {
      throw refusal("conflict", "connector.stageGated", {
        stage: p.toStage.name,
        tasks: p.blockedBy.map((t) => `'${t}'`).join(", "),
      });
    }
    const stored = await previews.store(
      {
        applicationId: p.applicationId,
        fromStageKey: p.fromStage.key,
        toStageKey: p.toStage.key,
      } satisfies StageMovePayload,
    );
    const { blockedBy: _b, positionId: _p, ...shown } = p;
    const data = { ...shown, ...stored };
    return {
      data,
      text: previewText("commit_stage_move", data),
      touched: [`application:${p.applicationId}`],
      count: 1,
    };
  },
});
