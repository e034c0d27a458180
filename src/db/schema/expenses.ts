import { index, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { id, instant } from "./_common.ts";
import { employees } from "./people.ts";

/** An expense report; SUBMITTED ones await the approver (listed by `list_pending_approvals`). */
export const expenseReports = sqliteTable("expense_reports", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  totalAmount: real("total_amount").notNull(),
  currency: text("currency").notNull().default("CHF"),
  /** DRAFT | SUBMITTED | APPROVED | REJECTED */
  status: text("status").notNull().default("DRAFT"),
  approverEmployeeId: text("approver_employee_id").references(() => employees.id),
  submittedAt: instant("submitted_at"),
  decidedAt: instant("decided_at"),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("expense_reports_approver_idx").on(t.approverEmployeeId, t.status)]);
