import { z } from "zod";
import { listEmployees } from "../../services/hr_people.ts";
import { employeeCardOut, hrDescription } from "../hr.ts";
import { pageOut, paging } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** Employees within scope, a page at a time. */
export const list_employees = defineTool({
  name: "list_employees",
  title: "List employees",
  description: hrDescription(
    "Lists the employees the person may see (a manager their reports, direct and indirect; HR staff everyone), active ones only unless include_inactive is true, by name, at most 50 per page. Master data only, never sensitive fields or salary. Each person listed counts toward the connection's daily allowance of person records.",
  ),
  scope: "hr:read:people",
  permission: "employees:view",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({
    include_inactive: z.boolean().optional().describe("Also people who left or have not started yet."),
    department: z.string().min(1).max(100).optional().describe("Only this department (exact name)."),
    ...paging,
  }),
  output: z.object({ items: z.array(employeeCardOut), ...pageOut }),
  handler: async ({ deps, actor }, a) => {
    const page = await listEmployees(deps, actor, {
      includeInactive: a.include_inactive,
      department: a.department,
      limit: a.limit,
      offset: a.offset,
    });
    return { data: page, touched: page.items.map((p) => p.id), count: page.items.length };
  },
});
