import { z } from "zod";
import { listPositions } from "../../services/hr_recruiting.ts";
import { hrDescription, positionCardOut } from "../hr.ts";
import { pageOut, paging } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** Positions within scope, without salary bands. */
export const list_positions = defineTool({
  name: "list_positions",
  title: "List positions",
  description: hrDescription(
    "Lists the positions the person may see (HR staff all; a manager or recruiter those they hire for), with the number of active applications, at most 50 per page. Salary bands are never included.",
  ),
  scope: "hr:read:people",
  permission: "positions:view",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({
    status: z.enum(["DRAFT", "OPEN", "ON_HOLD", "CLOSED"]).optional().describe(
      "Only positions in this state.",
    ),
    ...paging,
  }),
  output: z.object({ items: z.array(positionCardOut.extend({ openApplications: z.int() })), ...pageOut }),
  handler: async ({ deps, actor }, a) => {
    const page = await listPositions(deps, actor, { status: a.status, limit: a.limit, offset: a.offset });
    return { data: page, touched: page.items.map((p) => `position:${p.id}`), count: page.items.length };
  },
});
