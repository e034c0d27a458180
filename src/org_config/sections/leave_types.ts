/** Leave types, keyed by their code. */
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import { leaveTypes } from "../../db/schema/mod.ts";
import { defineSection, duplicates, emptyReport, names, same } from "../section.ts";

const entry = z.strictObject({
  code: z.string().regex(/^[A-Z][A-Z0-9_]{0,39}$/, {
    message: "must be upper-case letters, digits and _ (e.g. VACATION)",
  }),
  name: names,
  deductsBalance: z.boolean().default(true),
  overdraft: z.enum(["REFUSE", "FLAG"]).default("REFUSE"),
  annualDays: z.number().min(0).max(366).default(0),
  carryOverMaxDays: z.number().min(0).max(366).default(0),
  carryOverExpiry: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
    message: "must be a day of the year MM-DD",
  }).default("03-31"),
  active: z.boolean().default(true),
});
type Entry = z.infer<typeof entry>;

function toEntry(r: typeof leaveTypes.$inferSelect): Entry {
  return {
    code: r.code,
    name: { de: r.nameDe, en: r.nameEn, fr: r.nameFr },
    deductsBalance: r.deductsBalance,
    overdraft: r.overdraft as Entry["overdraft"],
    annualDays: r.defaultAnnualDays,
    carryOverMaxDays: r.carryOverMaxDays,
    carryOverExpiry: r.carryOverExpiry,
    active: r.active,
  };
}

function toRow(e: Entry) {
  return {
    code: e.code,
    nameDe: e.name.de,
    nameEn: e.name.en,
    nameFr: e.name.fr,
    deductsBalance: e.deductsBalance,
    overdraft: e.overdraft,
    defaultAnnualDays: e.annualDays,
    carryOverMaxDays: e.carryOverMaxDays,
    carryOverExpiry: e.carryOverExpiry,
    active: e.active,
  };
}

export const leaveTypesSection = defineSection<Entry[]>({
  key: "leaveTypes",
  naturalKey: "code",
  schema: z.array(entry),
  check: (list) => duplicates(list, (e) => e.code, "code"),
  async read(q) {
    const rows = await q.select().from(leaveTypes).orderBy(asc(leaveTypes.code));
    return rows.map(toEntry);
  },
  async apply(tx, list) {
    const report = emptyReport();
    const rows = await tx.select().from(leaveTypes);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    for (const e of list) {
      const row = byCode.get(e.code);
      if (!row) {
        await tx.insert(leaveTypes).values(toRow(e));
        report.created++;
      } else if (same(toEntry(row), e)) report.unchanged++;
      else {
        await tx.update(leaveTypes).set(toRow(e)).where(eq(leaveTypes.id, row.id));
        report.updated++;
      }
    }
    const named = new Set(list.map((e) => e.code));
    report.notInFile = rows.filter((r) => !named.has(r.code)).map((r) => r.code).sort();
    return report;
  },
});
