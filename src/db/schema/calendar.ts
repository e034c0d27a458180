import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { day, flag, id, instant } from "./_common.ts";
import { employees } from "./people.ts";

/** School holidays per canton (cantons publish them; they are data, not rules). */
export const schoolHolidays = sqliteTable("school_holidays", {
  id: id(),
  canton: text("canton").notNull(),
  nameDe: text("name_de").notNull(),
  nameEn: text("name_en").notNull(),
  nameFr: text("name_fr").notNull(),
  /** Italian name; Italian readers get the German one without it. */
  nameIt: text("name_it"),
  startDate: day("start_date").notNull(),
  endDate: day("end_date").notNull(),
}, (t) => [index("school_holidays_canton_start_idx").on(t.canton, t.startDate)]);

/**
 * A company closure (e.g. between Christmas and New Year). `deductsLeave`: the closure days are taken
 * from the vacation balance (compulsory company vacation) or granted on top. `cantons` is a comma list or
 * null for the whole company.
 */
export const closurePeriods = sqliteTable("closure_periods", {
  id: id(),
  nameDe: text("name_de").notNull(),
  nameEn: text("name_en").notNull(),
  nameFr: text("name_fr").notNull(),
  /** Italian name; Italian readers get the German one without it. */
  nameIt: text("name_it"),
  startDate: day("start_date").notNull(),
  endDate: day("end_date").notNull(),
  deductsLeave: flag("deducts_leave").notNull().default(true),
  cantons: text("cantons"),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("closure_periods_start_idx").on(t.startDate)]);

/** A closure day an employee was approved to work through (it then costs no vacation). */
export const closureWorkThrough = sqliteTable("closure_work_through", {
  id: id(),
  closureId: text("closure_id").notNull().references(() => closurePeriods.id, { onDelete: "cascade" }),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  date: day("date").notNull(),
  /** REQUESTED | APPROVED | REJECTED */
  status: text("status").notNull().default("APPROVED"),
  approvedByUserId: text("approved_by_user_id"),
  createdAt: instant("created_at").notNull(),
}, (t) => [uniqueIndex("closure_work_through_emp_date_idx").on(t.employeeId, t.date)]);
