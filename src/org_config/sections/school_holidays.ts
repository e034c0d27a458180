/** School holidays per canton, keyed by canton, first day and German name. */
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import { schoolHolidays } from "../../db/schema/mod.ts";
import { isCanton } from "../../domain/calendar.ts";
import {
  defineSection,
  emptyReport,
  isoDay,
  namesWithIt,
  periodProblems,
  rowNames,
  same,
} from "../section.ts";

const entry = z.strictObject({
  canton: z.string().refine(isCanton, { message: "must be a canton code such as BE, ZH or VD" }),
  start: isoDay,
  end: isoDay,
  name: namesWithIt,
});
type Entry = z.infer<typeof entry>;

function toEntry(r: typeof schoolHolidays.$inferSelect): Entry {
  return {
    canton: r.canton,
    start: r.startDate,
    end: r.endDate,
    name: rowNames(r),
  };
}

function toRow(e: Entry) {
  return {
    canton: e.canton,
    startDate: e.start,
    endDate: e.end,
    nameDe: e.name.de,
    nameEn: e.name.en,
    nameFr: e.name.fr,
    nameIt: e.name.it ?? null,
  };
}

const keyOf = (e: Entry) => `${e.canton} ${e.start} ${e.name.de}`;

export const schoolHolidaysSection = defineSection<Entry[]>({
  key: "schoolHolidays",
  naturalKey: "canton, start and German name",
  schema: z.array(entry),
  check: (list) => periodProblems(list, keyOf),
  async read(q) {
    const rows = await q.select().from(schoolHolidays).orderBy(
      asc(schoolHolidays.canton),
      asc(schoolHolidays.startDate),
      asc(schoolHolidays.nameDe),
    );
    return rows.map(toEntry);
  },
  async apply(tx, list) {
    const report = emptyReport();
    const rows = await tx.select().from(schoolHolidays);
    const byKey = new Map(rows.map((r) => [keyOf(toEntry(r)), r]));
    for (const e of list) {
      const row = byKey.get(keyOf(e));
      if (!row) {
        await tx.insert(schoolHolidays).values(toRow(e));
        report.created++;
      } else if (same(toEntry(row), e)) report.unchanged++;
      else {
        await tx.update(schoolHolidays).set(toRow(e)).where(eq(schoolHolidays.id, row.id));
        report.updated++;
      }
    }
    const named = new Set(list.map(keyOf));
    report.notInFile = [...byKey.keys()].filter((k) => !named.has(k)).sort();
    return report;
  },
});
