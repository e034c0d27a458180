import { z } from "zod";
import { AD_TEXT_CAP, getPosition } from "../../services/hr_recruiting.ts";
import { hrDescription, positionCardOut } from "../hr.ts";
import { recordId } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** One position with its advertisement text, capped. */
export const get_position = defineTool({
  name: "get_position",
  title: "Get a position",
  description: hrDescription(
    `Returns one position the person may see, with its advertisement text (in the person's language, else German, else the one there is) capped at ${AD_TEXT_CAP} characters (advertisementTruncated tells when it was cut). Salary bands are never included.`,
  ),
  scope: "hr:read:people",
  permission: "positions:view",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({ position_id: recordId("position") }),
  output: positionCardOut.extend({ advertisement: z.string(), advertisementTruncated: z.boolean() }),
  handler: async ({ deps, actor }, a) => {
    const p = await getPosition(deps, actor, a.position_id);
    return { data: p, touched: [`position:${p.id}`], count: 1 };
  },
});
