import { reportSickLeave } from "../../services/sick_leave.ts";
import { previewIdArg } from "../schemas.ts";
import { defineTool, destructive } from "../tool.ts";
import type { SickPreviewPayload } from "./prepare_sick_report.ts";
import { sickEntryOut } from "./get_my_sick_leave.ts";
import { PREVIEW_TOO_OLD } from "../previews.ts";

/** Step two: files the previewed sick report; the manager learns of the absence, never a reason. */
export const commit_sick_report = defineTool({
  name: "commit_sick_report",
  title: "File the previewed sick report",
  description:
    `Files the sick report of a preview from prepare_sick_report, after the person agreed to it. Takes only the previewId. The manager is told that the person is absent and from when, never why. Refused when the preview is ${PREVIEW_TOO_OLD} or belongs to another connection; calling it again with the same previewId returns the first result and files nothing twice. It can be taken back with cancel_sick_report within 24 hours.`,
  scope: "self:write",
  permission: "sickleave:report",
  kind: "commit",
  commits: "prepare_sick_report",
  annotations: destructive(true),
  input: previewIdArg,
  output: sickEntryOut,
  handler: async ({ actor, previews }, a) => {
    const { result, replayed } = await previews.commit(a.previewId, (payload, deps) => {
      const p = payload as SickPreviewPayload;
      return reportSickLeave(deps, actor, p.input);
    });
    return { data: result, replayed, touched: [actor.employeeId!, `sick_leave:${result.id}`], count: 1 };
  },
});
