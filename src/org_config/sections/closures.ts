/** Company closures, keyed by their first and last day. */
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import { closurePeriods } from "../../db/schema/mod.ts";
import { isCanton } from "../../domain/calendar.ts";
import { defineSection, duplicates, emptyReport, isoDay, names, type Problem, same } from "../section.ts";

const entry = z.strictObject({
  start: isoDay,
  end: isoDay,
  name: names,
  /** true: the days are taken from the vacation balance (compulsory company vacation); false: on top. */
  deductsLeave: z.boolean().default(true),
  /** The cantons it applies to; absent for the whole company. */
  cantons: z.array(z.string().refine(isCanton, { message: "must be a canton code such as BE, ZH or VD" }))
    .min(1).optional(),
});
type Entry = z.infer<typeof entry>;

function toEntry(r: typeof closurePeriods.$inferSelect): Entry {
  const e: Entry = {
    start: r.startDate,
    end: r.endDate,
    name: { de: r.nameDe, en: r.nameEn, fr: r.nameFr },
    deductsLeave: r.deductsLeave,
  };
  if (r.cantons) e.cantons = r.cantons.split(",").map((c) => c.trim()).filter(Boolean);
  return e;
}

function toRow(e: Entry) {
  return {
    startDate: e.start,
    endDate: e.end,
    nameDe: e.name.de,
    nameEn: e.name.en,
    nameFr: e.name.fr,
    deductsLeave: e.deductsLeave,
    cantons: e.cantons ? e.cantons.join(",") : null,
  };
}

const keyOf = (e: { start: string; end: string }) => `${e.start}..${e.end}`;

export const closuresSection = defineSection<Entry[]>({
  key: "closures",
  naturalKey: "start and end",
  schema: z.array(entry),
  check(list) {
    const out: Problem[] = duplicates(list, keyOf, "start");
    list.forEach((e, i) => {
      if (e.end < e.start) out.push({ path: [i, "end"], message: `is before start ${e.start}` });
    });
    return out;
  },
  async read(q) {
    const rows = await q.select().from(closurePeriods).orderBy(
      asc(closurePeriods.startDate),
      asc(closurePeriods.endDate),
    );
    return rows.map(toEntry);
  },
  async apply(tx, list, deps) {
    const report = emptyReport();
    const rows = await tx.select().from(closurePeriods);
    const byKey = new Map(rows.map((r) => [keyOf({ start: r.startDate, end: r.endDate }), r]));
    for (const e of list) {
      const row = byKey.get(keyOf(e));
      if (!row) {
        await tx.insert(closurePeriods).values({ ...toRow(e), createdAt: deps.clock.now() });
        report.created++;
      } else if (same(toEntry(row), e)) report.unchanged++;
      else {
        await tx.update(closurePeriods).set(toRow(e)).where(eq(closurePeriods.id, row.id));
        report.updated++;
      }
    }
    const named = new Set(list.map(keyOf));
    report.notInFile = [...byKey.keys()].filter((k) => !named.has(k)).sort();
    return report;
  },
});
