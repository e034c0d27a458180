/** Templates of onboarding plans with their tasks by phase, keyed by the template's key. */
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import { onboardingTemplates, onboardingTemplateTasks } from "../../db/schema/mod.ts";
import { codeKey } from "../../domain/fields.ts";
import { defineSection, duplicates, emptyReport, same } from "../section.ts";

const task = z.strictObject({
  phase: z.enum(["BEFORE_START", "FIRST_DAY", "FIRST_WEEK", "FIRST_MONTH", "PROBATION"]),
  title: z.string().trim().min(1).max(300),
  /**
   * The title in German, French, Italian or English, each optional: a plan's task is written in the language of whoever
   * does it (the new person, or their manager), else in `title`.
   */
  titleTranslations: z.strictObject({
    de: z.string().trim().min(1).max(300),
    fr: z.string().trim().min(1).max(300),
    it: z.string().trim().min(1).max(300),
    en: z.string().trim().min(1).max(300),
  }).partial().optional(),
  /** Days from the first working day to the due date (negative: before it). */
  offsetDays: z.number().int().min(-365).max(365).default(0),
  /** PERSON (the new employee) or MANAGER (their manager; left out for someone without one). */
  assignee: z.enum(["PERSON", "MANAGER"]).default("PERSON"),
});

const entry = z.strictObject({
  key: codeKey("DEFAULT"),
  name: z.string().trim().min(1).max(200),
  /** In the order they appear in a plan. */
  tasks: z.array(task).min(1),
});
type Entry = z.infer<typeof entry>;

function toEntry(
  t: typeof onboardingTemplates.$inferSelect,
  tasks: Array<typeof onboardingTemplateTasks.$inferSelect>,
): Entry {
  return {
    key: t.key,
    name: t.name,
    tasks: tasks.filter((x) => x.templateId === t.id).sort((a, b) => a.sortOrder - b.sortOrder).map((x) => ({
      phase: x.phase as Entry["tasks"][number]["phase"],
      title: x.title,
      ...(Object.keys(x.titleTranslations ?? {}).length ? { titleTranslations: x.titleTranslations } : {}),
      offsetDays: x.offsetDays,
      assignee: x.assignee as Entry["tasks"][number]["assignee"],
    })),
  };
}

export const onboardingTemplatesSection = defineSection<Entry[]>({
  key: "onboardingTemplates",
  naturalKey: "key; the task list replaces the template's list as a whole",
  schema: z.array(entry),
  check: (list) => duplicates(list, (e) => e.key, "key"),
  async read(q) {
    const rows = await q.select().from(onboardingTemplates).orderBy(asc(onboardingTemplates.key));
    const tasks = await q.select().from(onboardingTemplateTasks);
    return rows.map((t) => toEntry(t, tasks));
  },
  async apply(tx, list, deps) {
    const report = emptyReport();
    const now = deps.clock.now();
    const rows = await tx.select().from(onboardingTemplates);
    const tasks = await tx.select().from(onboardingTemplateTasks);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const e of list) {
      const row = byKey.get(e.key);
      let id: string;
      if (!row) {
        id = crypto.randomUUID();
        await tx.insert(onboardingTemplates).values({
          id,
          key: e.key,
          name: e.name,
          createdAt: now,
          updatedAt: now,
        });
        report.created++;
      } else {
        id = row.id;
        if (same(toEntry(row, tasks), e)) {
          report.unchanged++;
          continue;
        }
        await tx.update(onboardingTemplates).set({ name: e.name, updatedAt: now }).where(
          eq(onboardingTemplates.id, id),
        );
        await tx.delete(onboardingTemplateTasks).where(eq(onboardingTemplateTasks.templateId, id));
        report.updated++;
      }
      for (const [i, t] of e.tasks.entries()) {
        await tx.insert(onboardingTemplateTasks).values({
          templateId: id,
          ...t,
          titleTranslations: t.titleTranslations ?? {},
          sortOrder: (i + 1) * 10,
        });
      }
    }
    const named = new Set(list.map((e) => e.key));
    report.notInFile = rows.filter((r) => !named.has(r.key)).map((r) => r.key).sort();
    return report;
  },
});
