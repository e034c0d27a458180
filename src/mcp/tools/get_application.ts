import { z } from "zod";
import { getApplication } from "../../services/hr_recruiting.ts";
import { applicationCardOut, hrDescription } from "../hr.ts";
import { recordId } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** One application; cover letter and shared notes only when asked for. */
export const get_application = defineTool({
  name: "get_application",
  title: "Get an application",
  description: hrDescription(
    "Returns one application the person may see: position, stage, state, source and its tasks (blocking ones hold gated stages shut). The cover letter and the shared notes are included only when include_free_text is true. Private HR notes and AI scores are never included.",
  ),
  scope: "hr:read:recruiting",
  permission: "applications:view",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({
    application_id: recordId("application"),
    include_free_text: z.boolean().optional().describe("Include the cover letter and shared notes."),
  }),
  output: applicationCardOut.extend({
    source: z.string().nullable(),
    tasks: z.array(z.object({ title: z.string(), blocking: z.boolean(), done: z.boolean() })),
    coverLetter: z.string().optional(),
    sharedNotes: z.array(z.object({ body: z.string(), author: z.string(), createdAt: z.string() }))
      .optional(),
  }),
  handler: async ({ deps, actor }, a) => {
    const data = await getApplication(deps, actor, a.application_id, a.include_free_text === true);
    return { data, touched: [`application:${data.id}`], count: 1 };
  },
});
