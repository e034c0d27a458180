import { z } from "zod";
import { getEmployee } from "../../services/hr_people.ts";
import { employeeCardOut, hrDescription } from "../hr.ts";
import { recordId } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** One employee's master data, within scope. */
export const get_employee = defineTool({
  name: "get_employee",
  title: "Get an employee",
  description: hrDescription(
    "Returns one employee's master data (name, job title, department, canton, manager, workload, employment dates) if the person may see them. Never sensitive fields (birth date, AHV number, IBAN, address) or salary. An id outside the person's reach answers like an unknown id.",
  ),
  scope: "hr:read:people",
  permission: "employees:view",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({ employee_id: recordId("employee") }),
  output: employeeCardOut,
  handler: async ({ deps, actor }, a) => {
    const card = await getEmployee(deps, actor, a.employee_id);
    return { data: card, touched: [card.id], count: 1 };
  },
});
