/** Recruiting stages with the tasks entering each sets off, keyed by the stage's key. */
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import { stageAutomaticTasks, stages } from "../../db/schema/mod.ts";
import { codeKey } from "../../domain/fields.ts";
import {
  defineSection,
  duplicates,
  emptyReport,
  namesWithIt,
  type Problem,
  rowNames,
  same,
} from "../section.ts";
import { TEMPLATE_PLACEHOLDERS, unknownPlaceholders } from "../../domain/recruiting.ts";

const translation = z.strictObject({ subject: z.string().min(1), body: z.string().min(1) });

const task = z.strictObject({
  kind: z.enum(["EMAIL_CANDIDATE", "CREATE_TASK", "NOTIFY_HIRING_MANAGER", "MARK_HIRED"]),
  title: z.string().trim().min(1).max(300),
  /** For CREATE_TASK: the title in German, French, Italian or English; the task is written in its assignee's language. */
  titleTranslations: z.strictObject({
    de: z.string().trim().min(1).max(300),
    fr: z.string().trim().min(1).max(300),
    it: z.string().trim().min(1).max(300),
    en: z.string().trim().min(1).max(300),
  }).partial().optional(),
  /** For EMAIL_CANDIDATE: the German subject and body (placeholders {firstName}, {lastName}, {position}). */
  emailSubject: z.string().min(1).optional(),
  emailBody: z.string().min(1).optional(),
  /**
   * The same e-mail in French, Italian or English, each optional: a candidate whose language has none gets
   * the German one.
   */
  emailTranslations: z.strictObject({ fr: translation, it: translation, en: translation }).partial()
    .optional(),
  /** For CREATE_TASK: whether the created task holds gated stages shut until done. */
  blocking: z.boolean().default(false),
  /** For CREATE_TASK: who does it, the recruiting team (HR) or the position's hiring manager. */
  assignee: z.enum(["HR", "HIRING_MANAGER"]).default("HR"),
});

const entry = z.strictObject({
  key: codeKey("SCREENING"),
  name: namesWithIt,
  /** Position in the pipeline (smaller first). */
  order: z.number().int(),
  gated: z.boolean().default(false),
  marksHired: z.boolean().default(false),
  marksRejected: z.boolean().default(false),
  /** In the order they run; the list replaces the stage's list as a whole. */
  automaticTasks: z.array(task).default([]),
});
type Entry = z.infer<typeof entry>;
type Task = z.infer<typeof task>;

function toTask(t: typeof stageAutomaticTasks.$inferSelect): Task {
  const { de, ...others } = t.emailTexts;
  const translations = Object.fromEntries(
    (["fr", "it", "en"] as const).filter((l) => others[l]).map((l) => [l, others[l]!]),
  );
  return {
    kind: t.kind as Task["kind"],
    title: t.title,
    ...(Object.keys(t.titleTranslations ?? {}).length ? { titleTranslations: t.titleTranslations } : {}),
    ...(de ? { emailSubject: de.subject, emailBody: de.body } : {}),
    ...(Object.keys(translations).length ? { emailTranslations: translations } : {}),
    blocking: t.blocking,
    assignee: t.assignee as Task["assignee"],
  };
}

function toEntry(
  s: typeof stages.$inferSelect,
  tasks: Array<typeof stageAutomaticTasks.$inferSelect>,
): Entry {
  return {
    key: s.key,
    name: rowNames(s),
    order: s.sortOrder,
    gated: s.gated,
    marksHired: s.marksHired,
    marksRejected: s.marksRejected,
    automaticTasks: tasks.filter((t) => t.stageId === s.id)
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id)).map(toTask),
  };
}

function toRow(e: Entry) {
  return {
    key: e.key,
    nameDe: e.name.de,
    nameEn: e.name.en,
    nameFr: e.name.fr,
    nameIt: e.name.it ?? null,
    sortOrder: e.order,
    gated: e.gated,
    marksHired: e.marksHired,
    marksRejected: e.marksRejected,
  };
}

export const stagesSection = defineSection<Entry[]>({
  key: "stages",
  naturalKey: "key",
  schema: z.array(entry),
  check(list) {
    const out: Problem[] = duplicates(list, (e) => e.key, "key");
    out.push(...duplicates(list, (e) => `order ${e.order}`, "order"));
    list.forEach((e, i) => {
      if (e.marksHired && e.marksRejected) {
        out.push({ path: [i, "marksRejected"], message: "a stage cannot mark both hired and rejected" });
      }
      e.automaticTasks.forEach((t, j) => {
        if (t.kind === "EMAIL_CANDIDATE" && (!t.emailSubject || !t.emailBody)) {
          out.push({
            path: [i, "automaticTasks", j],
            message: "an EMAIL_CANDIDATE task needs emailSubject and emailBody",
          });
        }
        const texts: [Array<string | number>, string | undefined][] = [
          [["emailSubject"], t.emailSubject],
          [["emailBody"], t.emailBody],
          ...Object.entries(t.emailTranslations ?? {}).flatMap(([lang, x]) =>
            [[["emailTranslations", lang, "subject"], x?.subject], [
              ["emailTranslations", lang, "body"],
              x?.body,
            ]] as [
              Array<string | number>,
              string | undefined,
            ][]
          ),
        ];
        for (const [place, text] of texts) {
          const unknown = unknownPlaceholders(text ?? "");
          if (unknown.length) {
            out.push({
              path: [i, "automaticTasks", j, ...place],
              message: `unknown placeholder ${unknown.join(", ")}; use ${
                TEMPLATE_PLACEHOLDERS.map((x) => `{${x}}`).join(", ")
              }`,
            });
          }
        }
      });
    });
    return out;
  },
  async read(q) {
    const rows = await q.select().from(stages).orderBy(asc(stages.sortOrder), asc(stages.key));
    const tasks = await q.select().from(stageAutomaticTasks);
    return rows.map((s) => toEntry(s, tasks));
  },
  async apply(tx, list) {
    const report = emptyReport();
    const rows = await tx.select().from(stages);
    const tasks = await tx.select().from(stageAutomaticTasks);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const e of list) {
      const row = byKey.get(e.key);
      let id: string;
      if (!row) {
        id = crypto.randomUUID();
        await tx.insert(stages).values({ id, ...toRow(e) });
        report.created++;
      } else {
        id = row.id;
        const had = toEntry(row, tasks);
        if (same(had, e)) {
          report.unchanged++;
          continue;
        }
        await tx.update(stages).set(toRow(e)).where(eq(stages.id, id));
        report.updated++;
        if (same(had.automaticTasks, e.automaticTasks)) continue;
        await tx.delete(stageAutomaticTasks).where(eq(stageAutomaticTasks.stageId, id));
      }
      for (const [i, t] of e.automaticTasks.entries()) {
        await tx.insert(stageAutomaticTasks).values({
          stageId: id,
          kind: t.kind,
          title: t.title,
          titleTranslations: t.titleTranslations ?? {},
          emailTexts: {
            ...(t.emailSubject && t.emailBody ? { de: { subject: t.emailSubject, body: t.emailBody } } : {}),
            ...t.emailTranslations,
          },
          blocking: t.blocking,
          assignee: t.assignee,
          sortOrder: (i + 1) * 10,
        });
      }
    }
    const named = new Set(list.map((e) => e.key));
    report.notInFile = rows.filter((r) => !named.has(r.key)).map((r) => r.key).sort();
    return report;
  },
});
