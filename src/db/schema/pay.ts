import { blob, index, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { day, id, instant } from "./_common.ts";
import { employees } from "./people.ts";

/** A payslip. `lines` is JSON `[{label, amount}]`; the rendered document (PDF) is stored alongside. */
export const payslips = sqliteTable("payslips", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  /** `YYYY-MM` */
  period: text("period").notNull(),
  /** Human-readable period, e.g. "November 2026" or "13. Monatslohn 2026". */
  periodLabel: text("period_label").notNull(),
  paymentDate: day("payment_date").notNull(),
  currency: text("currency").notNull().default("CHF"),
  gross: real("gross").notNull(),
  net: real("net").notNull(),
  lines: text("lines").notNull(),
  documentName: text("document_name"),
  documentType: text("document_type"),
  document: blob("document", { mode: "buffer" }),
  createdAt: instant("created_at").notNull(),
}, (t) => [
  uniqueIndex("payslips_emp_period_label_idx").on(t.employeeId, t.period, t.periodLabel),
  index("payslips_emp_payment_idx").on(t.employeeId, t.paymentDate),
]);

/** Salary history: one row per change; the current salary is the latest `validFrom` not in the future. */
export const compensation = sqliteTable("compensation", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  validFrom: day("valid_from").notNull(),
  annualSalary: real("annual_salary").notNull(),
  /** 12 or 13 monthly payments. */
  payments: real("payments").notNull().default(13),
  currency: text("currency").notNull().default("CHF"),
  reason: text("reason"),
  createdAt: instant("created_at").notNull(),
}, (t) => [uniqueIndex("compensation_emp_from_idx").on(t.employeeId, t.validFrom)]);

/** Planned pay dates of the installation (the summary's `nextPayoutDate`). */
export const payDates = sqliteTable("pay_dates", {
  id: id(),
  paymentDate: day("payment_date").notNull().unique(),
  period: text("period").notNull(),
});
