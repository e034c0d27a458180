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

/**
 * A template of onboarding plans: the tasks every new person of the organisation goes through, by phase. The
 * template `DEFAULT` is applied when an employee is created; others are kept for HR to apply by hand.
 */
export const onboardingTemplates = sqliteTable("onboarding_templates", {
  id: id(),
  key: text("key").notNull().unique(),
  name: text("name").notNull(),
  createdAt: instant("created_at").notNull(),
  updatedAt: instant("updated_at").notNull(),
});

/**
 * A task of a template. `offsetDays` places its due date relative to the first working day (negative: before
 * it). `assignee`: PERSON (the new employee) or MANAGER (their manager; left out for someone without one).
 */
export const onboardingTemplateTasks = sqliteTable("onboarding_template_tasks", {
  id: id(),
  templateId: text("template_id").notNull().references(() => onboardingTemplates.id, { onDelete: "cascade" }),
  phase: text("phase").notNull(),
  title: text("title").notNull(),
  /**
   * The title in German, French, Italian or English, JSON `{"fr": "…"}` (any may be missing): a plan's task is written
   * in the language of whoever does it (the new person or their manager), else in `title`.
   */
  titleTranslations: text("title_translations", { mode: "json" }).$type<TitleTranslations>().notNull()
    .default({}),
  offsetDays: integer("offset_days").notNull().default(0),
  assignee: text("assignee").notNull().default("PERSON"),
  sortOrder: integer("sort_order").notNull().default(0),
}, (t) => [index("onboarding_template_tasks_tpl_idx").on(t.templateId, t.sortOrder)]);

/** A task title in other languages than its main text (`title`, in the organisation's first language). */
export type TitleTranslations = Partial<Record<"de" | "fr" | "it" | "en", string>>;
