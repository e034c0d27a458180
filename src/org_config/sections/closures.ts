/** Company closures, keyed by their first and last day. */
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import { closurePeriods, closureWorkThrough } from "../../db/schema/mod.ts";
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
import {
  describe,
  RecalculationNeeded,
  recomputeRequests,
  storeRecalculation,
} from "../../services/closure_changes.ts";

const entry = z.strictObject({
  start: isoDay,
  end: isoDay,
  name: namesWithIt,
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
    name: rowNames(r),
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
    nameIt: e.name.it ?? null,
    deductsLeave: e.deductsLeave,
    cantons: e.cantons ? e.cantons.join(",") : null,
  };
}

const keyOf = (e: { start: string; end: string }) => `${e.start}..${e.end}`;

export const closuresSection = defineSection<Entry[]>({
  key: "closures",
  naturalKey: "start and end",
  prunable: true,
  schema: z.array(entry),
  check: (list) => periodProblems(list, keyOf),
  async read(q) {
    const rows = await q.select().from(closurePeriods).orderBy(
      asc(closurePeriods.startDate),
      asc(closurePeriods.endDate),
    );
    return rows.map(toEntry);
  },
  async apply(tx, list, deps, opts = {}) {
    const report = emptyReport();
    const rows = await tx.select().from(closurePeriods);
    const byKey = new Map(rows.map((r) => [keyOf({ start: r.startDate, end: r.endDate }), r]));
    // The closures whose days or cantons change, with their German name: leave over them is computed again.
    const touched: { from: string; to: string; name: string }[] = [];
    for (const e of list) {
      const row = byKey.get(keyOf(e));
      if (!row) {
        await tx.insert(closurePeriods).values({ ...toRow(e), createdAt: deps.clock.now() });
        report.created++;
        touched.push({ from: e.start, to: e.end, name: e.name.de });
      } else if (same(toEntry(row), e)) report.unchanged++;
      else {
        await tx.update(closurePeriods).set(toRow(e)).where(eq(closurePeriods.id, row.id));
        report.updated++;
        touched.push({ from: e.start, to: e.end, name: e.name.de });
      }
    }
    const named = new Set(list.map(keyOf));
    const missing = [...byKey.entries()].filter(([k]) => !named.has(k)).sort(([a], [b]) =>
      a.localeCompare(b)
    );
    if (opts.prune?.includes("closures")) {
      report.removed = [];
      for (const [k, row] of missing) {
        // Days approved to be worked through a closure go with it (they reference it).
        await tx.delete(closureWorkThrough).where(eq(closureWorkThrough.closureId, row.id));
        await tx.delete(closurePeriods).where(eq(closurePeriods.id, row.id));
        report.removed.push(k);
        touched.push({ from: row.startDate, to: row.endDate, name: row.nameDe });
      }
    } else report.notInFile = missing.map(([k]) => k);
    // Every change is made; each closure's requests are computed with all of them, and a request is told
    // about once, under the first closure whose days it touches.
    const seen = new Set<string>();
    const groups = [];
    for (const c of touched) {
      const changed = (await recomputeRequests(tx, [c])).filter((r) => !seen.has(r.requestId));
      for (const r of changed) seen.add(r.requestId);
      if (changed.length) groups.push({ name: c.name, changed });
    }
    const granted = groups.flatMap((g) => g.changed).filter((r) => r.status !== "AWAITING_APPROVAL");
    if (granted.length && !opts.recalculate) {
      throw new RecalculationNeeded(granted, "The file's closures change approved leave computed with them");
    }
    report.notes = [];
    for (const g of groups) {
      await storeRecalculation(tx, deps.clock.now(), g.name, g.changed);
      for (const r of g.changed) {
        report.notes.push(
          `leave computed again (person notified): ${describe(r).replace("would be", "now")}`,
        );
      }
    }
    return report;
  },
});
