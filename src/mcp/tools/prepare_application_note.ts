import { z } from "zod";
import { NOTE_MAX, previewApplicationNote } from "../../services/hr_recruiting.ts";
import { hrDescription } from "../hr.ts";
import { previewOut, previewText, recordId } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";
import { PREVIEW_VALIDITY } from "../previews.ts";

/** What `commit_application_note` files. */
export interface ApplicationNotePayload {
  applicationId: string;
  note: string;
}

/** Step one of a note on an application. */
export const prepare_application_note = defineTool({
  name: "prepare_application_note",
  title: "Prepare a note on an application",
  description: hrDescription(
    `Previews a note on an application the person may see: whose application, the position and stage, and how many shared notes it already has. The note is always filed as a shared note the hiring team reads (never a private HR note); its text is taken here. The same text the person filed on this application in the last 15 minutes is refused, naming that note (after a commit whose answer was lost, commit the same previewId again instead). Returns a previewId: after the person agrees, call commit_application_note with it (${PREVIEW_VALIDITY}).`,
  ),
  scope: "hr:write",
  permission: "applications:view",
  kind: "prepare",
  freeTextArgs: ["note"],
  annotations: READ_ONLY,
  input: z.strictObject({
    application_id: recordId("application"),
    note: z.string().min(1).max(NOTE_MAX).describe("The note, factual and about the application."),
  }),
  output: z.object({
    applicationId: z.string(),
    candidateName: z.string(),
    positionTitle: z.string(),
    positionId: z.string(),
    stage: z.string(),
    sharedNotesAlready: z.int(),
    visibility: z.literal("SHARED"),
    noteLength: z.int(),
    note: z.string(),
    ...previewOut,
  }),
  handler: async ({ deps, actor, previews }, a) => {
    const p = await previewApplicationNote(deps, actor, a.application_id, a.note);
    const stored = await previews.store(
      { applicationId: p.applicationId, note: p.note } satisfies ApplicationNotePayload,
    );
    const data = { ...p, ...stored };
    return {
      data,
      text: previewText("commit_application_note", data),
      touched: [`application:${p.applicationId}`],
      count: 1,
    };
  },
});
