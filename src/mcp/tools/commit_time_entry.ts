import { createTimeEntry } from "../../services/time.ts";
import { previewIdArg } from "../schemas.ts";
import { defineTool, destructive } from "../tool.ts";
import { timeEntryOut } from "./list_my_time_entries.ts";
import type { TimePreviewPayload } from "./prepare_time_entry.ts";
import { PREVIEW_TOO_OLD } from "../previews.ts";

/** Step two: records the previewed entry as a draft, with the portal's own rules. */
export const commit_time_entry = defineTool({
  name: "commit_time_entry",
  title: "Record the previewed time entry",
  description:
    `Records the time entry of a preview from prepare_time_entry as a draft, after the person agreed to it. Takes only the previewId. Refused when the preview is ${PREVIEW_TOO_OLD} or belongs to another connection; calling it again with the same previewId returns the first result and records nothing twice.`,
  scope: "self:write",
  permission: "workhours:submit",
  kind: "commit",
  commits: "prepare_time_entry",
  annotations: destructive(true),
  input: previewIdArg,
  output: timeEntryOut,
  handler: async ({ actor, previews }, a) => {
    const { result, replayed } = await previews.commit(a.previewId, (payload, deps) => {
      const p = payload as TimePreviewPayload;
      return createTimeEntry(deps, actor, p.input);
    });
    return { data: result, replayed, touched: [actor.employeeId!, `time_entry:${result.id}`], count: 1 };
  },
});
