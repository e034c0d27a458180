/** Policy and handbook documents with their translations and audience, keyed by slug. */
import { z } from "zod";
import { and, asc, eq } from "drizzle-orm";
import { documents, documentTranslations } from "../../db/schema/mod.ts";
import { ORG_LANGUAGES } from "../../settings.ts";
import { defineSection, duplicates, emptyReport, same } from "../section.ts";

const text = z.strictObject({
  title: z.string().trim().min(1).max(300),
  body: z.string().min(1),
});

const entry = z.strictObject({
  slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/, {
    message: "must be lower-case letters, digits and - (e.g. expense-policy)",
  }),
  /** ALL employees, MANAGERS and above, or HR staff and above. */
  audience: z.enum(["ALL", "MANAGERS", "HR"]).default("ALL"),
  assistantVisible: z.boolean().default(true),
  category: z.string().trim().min(1).optional(),
  /** German is the original and required; the other languages are optional. */
  translations: z.partialRecord(z.enum(ORG_LANGUAGES), text).refine((t) => t.de !== undefined, {
    message: "must include de (the German original)",
  }),
});
type Entry = z.infer<typeof entry>;
/** A document as the configuration file (and the HR console) shows it. */
export type DocumentEntry = Entry;
type Texts = Entry["translations"];

function toEntry(
  d: typeof documents.$inferSelect,
  texts: Array<typeof documentTranslations.$inferSelect>,
): Entry {
  const translations: Texts = {};
  for (const lang of ORG_LANGUAGES) {
    const t = texts.find((x) => x.language === lang);
    if (t) translations[lang] = { title: t.title, body: t.bodyMarkdown };
  }
  return {
    slug: d.slug,
    audience: d.audience as Entry["audience"],
    assistantVisible: d.assistantVisible,
    ...(d.category ? { category: d.category } : {}),
    translations,
  };
}

/** The file's entry in the order `toEntry` produces, so the two compare equal when they mean the same. */
function normal(e: Entry): Entry {
  const translations: Texts = {};
  for (const lang of ORG_LANGUAGES) if (e.translations[lang]) translations[lang] = e.translations[lang];
  return {
    slug: e.slug,
    audience: e.audience,
    assistantVisible: e.assistantVisible,
    ...(e.category ? { category: e.category } : {}),
    translations,
  };
}

export const documentsSection = defineSection<Entry[]>({
  key: "documents",
  naturalKey: "slug; translations by language (a language not in the file is left alone)",
  schema: z.array(entry),
  check: (list) => duplicates(list, (e) => e.slug, "slug"),
  async read(q) {
    const docs = await q.select().from(documents).orderBy(asc(documents.slug));
    const texts = await q.select().from(documentTranslations);
    return docs.map((d) => toEntry(d, texts.filter((t) => t.documentId === d.id)));
  },
  async apply(tx, list, deps) {
    const report = emptyReport();
    const now = deps.clock.now();
    const docs = await tx.select().from(documents);
    const texts = await tx.select().from(documentTranslations);
    const bySlug = new Map(docs.map((d) => [d.slug, d]));
    for (const raw of list) {
      const e = normal(raw);
      const doc = bySlug.get(e.slug);
      const fields = {
        audience: e.audience,
        assistantVisible: e.assistantVisible,
        category: e.category ?? null,
      };
      let id: string;
      let current: typeof texts = [];
      if (!doc) {
        id = crypto.randomUUID();
        await tx.insert(documents).values({ id, slug: e.slug, ...fields, createdAt: now, updatedAt: now });
        report.created++;
      } else {
        id = doc.id;
        current = texts.filter((t) => t.documentId === id);
        const had = toEntry(doc, current);
        // Languages only in the database are kept, so they do not count as a difference.
        const mine = {
          ...had,
          translations: Object.fromEntries(
            Object.entries(had.translations).filter(([l]) => l in e.translations),
          ),
        };
        if (same(mine, e)) {
          report.unchanged++;
          for (const t of current) {
            if (!(t.language in e.translations)) report.notInFile.push(`${e.slug} (${t.language})`);
          }
          continue;
        }
        await tx.update(documents).set({ ...fields, updatedAt: now }).where(eq(documents.id, id));
        report.updated++;
      }
      for (const [language, t] of Object.entries(e.translations)) {
        if (!t) continue;
        const old = current.find((x) => x.language === language);
        if (!old) {
          await tx.insert(documentTranslations).values({
            documentId: id,
            language,
            title: t.title,
            bodyMarkdown: t.body,
            updatedAt: now,
          });
        } else if (old.title !== t.title || old.bodyMarkdown !== t.body) {
          await tx.update(documentTranslations).set({ title: t.title, bodyMarkdown: t.body, updatedAt: now })
            .where(and(eq(documentTranslations.documentId, id), eq(documentTranslations.language, language)));
        }
      }
      for (const t of current) {
        if (!(t.language in e.translations)) report.notInFile.push(`${e.slug} (${t.language})`);
      }
    }
    const named = new Set(list.map((e) => e.slug));
    report.notInFile.push(...docs.filter((d) => !named.has(d.slug)).map((d) => d.slug).sort());
    return report;
  },
});
