/**
 * Onboarding plans from the organisation's template: when a new hire is created (in the console, by the
 * employee file or a hire), the template `DEFAULT` becomes their plan, its tasks due relative to the first
 * working day. Someone whose employment began more than `NEW_HIRE_DAYS` ago is not new and gets no plan
 * unless HR starts one for them in the console. The person then sees their own tasks among their to-dos, the manager theirs, and the
 * connector's onboarding tools work on the plan like on any other.
 */
import { and, asc, eq } from "drizzle-orm";
import {
  employees,
  onboardingPlans,
  onboardingTasks,
  onboardingTemplates,
  onboardingTemplateTasks,
  type TitleTranslations,
  users,
} from "../db/schema/mod.ts";
import { addDays } from "../domain/calendar.ts";
import type { Tx } from "./common.ts";

/** A task's title in `lang` when the template has it, else its main title. */
export function titleIn(
  title: string,
  translations: TitleTranslations | null | undefined,
  lang: string | null,
) {
  return (lang ? translations?.[lang as keyof TitleTranslations] : undefined) ?? title;
}

/**
 * The language a person reads: the one on their employee record, else their account's, else null (the
 * template's main title is used).
 */
export async function readerLanguage(tx: Tx, employeeId: string | null): Promise<string | null> {
  if (!employeeId) return null;
  const [e] = await tx.select({ record: employees.language, account: users.language }).from(employees)
    .leftJoin(users, eq(users.employeeId, employees.id)).where(eq(employees.id, employeeId)).limit(1);
  return e?.record ?? e?.account ?? null;
}

/** The template applied to every new employee, when the organisation has one. */
export const DEFAULT_TEMPLATE = "DEFAULT";

/**
 * How long after the first working day a person added to the records still counts as a new hire: 30 days
 * covers a person entered in their first weeks (a contract signed late, HR catching up after the start)
 * while the staff of a first import, employed for months or years, are not onboarded again.
 */
export const NEW_HIRE_DAYS = 30;

/** Whether an employment that starts (or started) on `start` is a new hire's on `today`. */
export function isNewHire(start: string, today: string): boolean {
  return start >= addDays(today, -NEW_HIRE_DAYS);
}

/**
 * Starts the plan of a new employee from a template (the default one unless named), in the caller's
 * transaction, its tasks due relative to `firstDay` (the employment's start unless given). Nothing happens
 * when there is no such template or the person has an open plan already. Returns the plan's id, or null.
 */
export async function startPlanFromTemplate(
  tx: Tx,
  employeeId: string,
  now: number,
  key = DEFAULT_TEMPLATE,
  firstDay?: string,
): Promise<string | null> {
  const [template] = await tx.select().from(onboardingTemplates).where(eq(onboardingTemplates.key, key))
    .limit(1);
  if (!template) return null;
  const [existing] = await tx.select({ id: onboardingPlans.id }).from(onboardingPlans)
    .where(and(eq(onboardingPlans.employeeId, employeeId), eq(onboardingPlans.status, "OPEN"))).limit(1);
  if (existing) return null;
  const [e] = await tx.select({ start: employees.employmentStart, manager: employees.managerId }).from(
    employees,
  )
    .where(eq(employees.id, employeeId)).limit(1);
  const tasks = await tx.select().from(onboardingTemplateTasks)
    .where(eq(onboardingTemplateTasks.templateId, template.id)).orderBy(
      asc(onboardingTemplateTasks.sortOrder),
    );
  const start = firstDay ?? e.start;
  // Each task in the language of whoever does it: a French manager reads their tasks in French.
  const personLang = await readerLanguage(tx, employeeId);
  const managerLang = await readerLanguage(tx, e.manager);
  const planId = crypto.randomUUID();
  await tx.insert(onboardingPlans).values({
    id: planId,
    employeeId,
    startDate: start,
    status: "OPEN",
    ownerEmployeeId: e.manager,
    createdAt: now,
  });
  for (const [i, t] of tasks.entries()) {
    if (t.assignee === "MANAGER" && !e.manager) continue;
    await tx.insert(onboardingTasks).values({
      planId,
      title: titleIn(t.title, t.titleTranslations, t.assignee === "MANAGER" ? managerLang : personLang),
      phase: t.phase,
      dueDate: addDays(start, t.offsetDays),
      // The person's own tasks have no assignee (the to-dos read them as theirs); a manager's name them.
      assigneeEmployeeId: t.assignee === "MANAGER" ? e.manager : null,
      sortOrder: (i + 1) * 10,
      createdAt: now,
    });
  }
  return planId;
}
