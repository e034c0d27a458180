import { z } from "zod";
import { addApplicationNote } from "../../services/hr_recruiting.ts";
import { hrDescription } from "../hr.ts";
import { previewIdArg } from "../schemas.ts";
import { defineTool, destructive } from "../tool.ts";
import type { ApplicationNotePayload } from "./prepare_application_note.ts";
import { PREVIEW_TOO_OLD } from "../previews.ts";

/** Step two: files the previewed note, always as a shared note. */
export const commit_application_note = defineTool({
  name: "commit_application_note",
  title: "File the previewed note",
  description: hrDescription(
    `Files the note of a preview from prepare_application_note as a shared note on the application, after the person agreed. Takes only the previewId. Refused when the person no longer may see the application, or when the preview is ${PREVIEW_TOO_OLD} or from another connection; a retry with the same previewId returns the first result.`,
  ),
  scope: "hr:write",
  permission: "applications:view",
  kind: "commit",
  commits: "prepare_application_note",
  annotations: destructive(true),
  input: previewIdArg,
  output: z.object({ noteId: z.string(), applicationId: z.string(), visibility: z.literal("SHARED") }),
  handler: async ({ actor, previews }, a) => {
    const { result, replayed } = await previews.commit(a.previewId, (payload, deps) => {
      const p = payload as ApplicationNotePayload;
      return addApplicationNote(deps, actor, p.applicationId, p.note);
    });
    return { data: result, replayed, touched: [`application:${result.applicationId}`], count: 1 };
  },
});
