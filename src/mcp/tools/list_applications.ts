import { z } from "zod";
import { listApplications } from "../../services/hr_recruiting.ts";
import { applicationCardOut, hrDescription } from "../hr.ts";
import { pageOut, paging, recordId } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** Applications within scope, without AI scores or notes. */
export const list_applications = defineTool({
  name: "list_applications",
  title: "List applications",
  description: hrDescription(
    "Lists the applications the person may see (HR staff all; a manager or recruiter those of the positions they hire for), newest first, at most 50 per page, optionally for one position, stage or state. No AI scores, no notes, no contact details.",
  ),
  scope: "hr:read:recruiting",
  permission: "applications:view",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({
    position_id: recordId("position").optional(),
    stage: z.string().min(1).max(40).optional().describe("Stage key, e.g. INTERVIEW."),
    status: z.enum(["ACTIVE", "HIRED", "REJECTED", "WITHDRAWN"]).optional(),
    ...paging,
  }),
  output: z.object({ items: z.array(applicationCardOut), ...pageOut }),
  handler: async ({ deps, actor }, a) => {
    const page = await listApplications(deps, actor, {
      positionId: a.position_id,
      stageKey: a.stage,
      status: a.status,
      limit: a.limit,
      offset: a.offset,
    });
    return { data: page, touched: page.items.map((x) => `application:${x.id}`), count: page.items.length };
  },
});
