import { z } from "zod";
import { listPendingApprovals } from "../../services/approvals.ts";
import { hrDescription } from "../hr.ts";
import { pageOut, paging, personRef } from "../schemas.ts";
import { defineTool, READ_ONLY } from "../tool.ts";
import { leaveRequestOut } from "./list_my_leave_requests.ts";

const balanceOut = z.object({
  year: z.int(),
  days: z.number(),
  remainingBefore: z.number(),
  remainingAfter: z.number(),
});

/** What awaits the caller's decision: leave requests and expense reports. */
export const list_pending_approvals = defineTool({
  name: "list_pending_approvals",
  title: "Pending approvals",
  description: hrDescription(
    "Lists what awaits the person's decision: submitted leave requests and cancellation requests (with the balance each would leave and who else in the team is away then, without saying why) and submitted expense reports routed to them. Leave requests are paged, at most 50. Decide a leave request with prepare_leave_decision.",
  ),
  scope: "hr:read:people",
  permission: "staff-absence:approve",
  kind: "read",
  annotations: READ_ONLY,
  input: z.strictObject({ ...paging }),
  output: z.object({
    leaveRequests: z.object({
      items: z.array(z.object({
        kind: z.enum(["LEAVE_REQUEST", "LEAVE_CANCELLATION"]),
        employee: personRef,
        request: leaveRequestOut,
        balances: z.array(balanceOut),
        teamAbsences: z.array(z.object({
          employee: personRef,
          startDate: z.string(),
          endDate: z.string(),
        })),
        attachment: z.object({
          fileName: z.string(),
          contentType: z.enum(["application/pdf", "image/jpeg", "image/png"]),
          sizeBytes: z.int(),
          uploadedAt: z.string(),
        }).nullable().describe(
          "The requester's supporting file (e.g. a wedding invitation), or null; the file itself is opened in the portal, not through the connector.",
        ),
      })),
      ...pageOut,
    }),
    expenseReports: z.array(z.object({
      id: z.string(),
      employee: personRef,
      title: z.string(),
      totalAmount: z.number(),
      currency: z.string(),
      submittedAt: z.string().nullable(),
    })),
  }),
  handler: async ({ deps, actor }, a) => {
    const raw = await listPendingApprovals(deps, actor, { limit: a.limit, offset: a.offset });
    // Over the connector a colleague's absence is only "away": never whether it is leave or sickness.
    const data = {
      ...raw,
      leaveRequests: {
        ...raw.leaveRequests,
        items: raw.leaveRequests.items.map((i) => ({
          ...i,
          teamAbsences: i.teamAbsences.map((t) => ({
            employee: { employeeId: t.employeeId, name: t.name },
            startDate: t.startDate,
            endDate: t.endDate,
          })),
        })),
      },
    };
    const touched = new Set<string>();
    for (const i of data.leaveRequests.items) {
      touched.add(i.employee.employeeId);
      for (const t of i.teamAbsences) touched.add(t.employee.employeeId);
    }
    for (const e of data.expenseReports) touched.add(e.employee.employeeId);
    return {
      data,
      touched: [...touched],
      count: data.leaveRequests.items.length + data.expenseReports.length,
    };
  },
});
