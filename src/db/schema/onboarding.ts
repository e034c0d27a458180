import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { day, flag, id, instant } from "./_common.ts";
import { employees } from "./people.ts";

/** An onboarding plan for a new (or future) employee. */
export const onboardingPlans = sqliteTable("onboarding_plans", {
  id: id(),
  employeeId: text("employee_id").notNull().references(() => employees.id, { onDelete: "cascade" }),
  startDate: day("start_date").notNull(),
  /** OPEN | COMPLETED */
  status: text("status").notNull().default("OPEN"),
  ownerEmployeeId: text("owner_employee_id").references(() => employees.id),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("onboarding_plans_emp_idx").on(t.employeeId)]);

/** A task in a plan, placed in a phase: BEFORE_START | FIRST_DAY | FIRST_WEEK | FIRST_MONTH | PROBATION. */
export const onboardingTasks = sqliteTable("onboarding_tasks", {
  id: id(),
  planId: text("plan_id").notNull().references(() => onboardingPlans.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  phase: text("phase").notNull(),
  dueDate: day("due_date"),
  assigneeEmployeeId: text("assignee_employee_id").references(() => employees.id),
  sortOrder: integer("sort_order").notNull().default(0),
  done: flag("done").notNull().default(false),
  doneAt: instant("done_at"),
  createdByUserId: text("created_by_user_id"),
  channel: text("channel").notNull().default("PORTAL"),
  createdAt: instant("created_at").notNull(),
}, (t) => [index("onboarding_tasks_plan_idx").on(t.planId, t.phase, t.sortOrder)]);
