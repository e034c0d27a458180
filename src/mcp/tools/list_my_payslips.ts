import { z } from "zod";
import { listPayslips } from "../../services/pay.ts";
import { pageOut, paging, year } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";

/** Where the person opens a payslip themselves (the portal; the assistant never gets amounts or the PDF). */
export function payslipPortalUrl(issuer: string, id: string): string {
  return `${issuer}/api/v1/portal/employee/payslips/${encodeURIComponent(id)}`;
}

/** Payslips without amounts and without the document: period, payment date and a portal link. */
export const list_my_payslips = defineTool({
  name: "list_my_payslips",
  title: "My payslips",
  description:
    "The person's payslips, newest payment first, at most 50 per page, optionally of one payment year: period, payment date and a link to open the payslip in the portal. Amounts and the PDF are never returned; send the person to the link for those.",
  scope: "self:read",
  permission: "mcp:connect",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({ year: year.optional(), ...paging }),
  output: z.object({
    items: z.array(z.object({
      id: z.string(),
      period: z.string(),
      periodLabel: z.string(),
      paymentDate: z.string(),
      portalUrl: z.string(),
    })),
    ...pageOut,
  }),
  handler: async ({ deps, actor }, a) => {
    const page = await listPayslips(deps, actor, { year: a.year, limit: a.limit, offset: a.offset });
    const items = page.items.map((p) => ({
      id: p.id,
      period: p.period,
      periodLabel: p.periodLabel,
      paymentDate: p.paymentDate,
      portalUrl: payslipPortalUrl(deps.config.issuer, p.id),
    }));
    return {
      data: { ...page, items },
      touched: [actor.employeeId!, ...items.map((p) => `payslip:${p.id}`)],
      count: items.length,
    };
  },
});
