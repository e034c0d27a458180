import { z } from "zod";
import { searchPeople } from "../../services/hr_people.ts";
import { employeeCardOut, hrDescription } from "../hr.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** Finds active employees by name within what the person may see. */
export const search_people = defineTool({
  name: "search_people",
  title: "Search people",
  description: hrDescription(
    "Finds active employees whose name contains the query (at least two letters), within what the person may already see: a manager their reports, direct and indirect; HR staff everyone. At most 25 results. Returns master data only, never sensitive fields or salary.",
  ),
  scope: "hr:read:people",
  permission: "employees:view",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({
    query: z.string().min(2).max(100).describe("Part of a first or last name, e.g. 'Gerb'."),
  }),
  output: z.object({ items: z.array(employeeCardOut).max(25) }),
  handler: async ({ deps, actor }, a) => {
    const items = await searchPeople(deps, actor, a.query);
    return { data: { items }, touched: items.map((p) => p.id), count: items.length };
  },
});
