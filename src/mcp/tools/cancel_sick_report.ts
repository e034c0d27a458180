import { z } from "zod";
import { cancelSickReport } from "../../services/sick_leave.ts";
import { recordId } from "../schemas.ts";
import { defineTool, destructive } from "../tool.ts";

/** Takes back an own sick report within 24 hours, while no certificate is on file. */
export const cancel_sick_report = defineTool({
  name: "cancel_sick_report",
  title: "Take back a sick report",
  description:
    "Takes back one of the person's own sick reports: only within 24 hours of filing it and only while no medical certificate is on file (get_my_sick_leave shows canTakeBack). The manager is told. Confirm with the person before calling it.",
  scope: "self:write",
  permission: "sickleave:report",
  kind: "write",
  annotations: destructive(false),
  input: z.strictObject({ sick_leave_id: recordId("sick-leave entry") }),
  output: z.object({ id: z.string(), takenBack: z.literal(true), takenBackAt: z.string() }),
  handler: async ({ deps, actor }, a) => {
    const data = await cancelSickReport(deps, actor, { id: a.sick_leave_id });
    return { data, touched: [actor.employeeId!, `sick_leave:${data.id}`], count: 1 };
  },
});
