/** Leave types, keyed by their code. */
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import { leaveTypes } from "../../db/schema/mod.ts";
import { codeKey } from "../../domain/fields.ts";
import { defineSection, duplicates, emptyReport, names, type Problem, same } from "../section.ts";
import {
  LEGAL_MINIMUM_DAYS,
  parseSteps,
  parseStepText,
  policyProblems,
  stepText,
} from "../../domain/entitlement.ts";
import { EVENT_UNITS, type EventUnit } from "../../domain/special_leave.ts";

const entry = z.strictObject({
  code: codeKey("VACATION"),
  name: names.extend({ it: z.string().trim().min(1).optional() }),
  deductsBalance: z.boolean().default(true),
  overdraft: z.enum(["REFUSE", "FLAG"]).default("REFUSE"),
  /** The policy (domain/entitlement.ts): full-time days of a five-day week, and steps by age or service. */
  annualDays: z.number().min(0).max(366).default(0),
  steps: z.array(
    z.string().regex(/^(age|service)>=\d+:\d+(\.5)?$/, {
      message: 'a step is written "age>=50:27" or "service>=10:27"',
    }),
  ).default([]),
  halfDays: z.boolean().default(true),
  carryOverMaxDays: z.number().min(0).max(366).default(0),
  carryOverExpiry: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, {
    message: "must be a day of the year MM-DD",
  }).default("03-31"),
  /** Special leave's length per event (domain/special_leave.ts); left out: no limit per event. */
  perEvent: z.strictObject({
    days: z.number().positive().max(366).multipleOf(0.5),
    unit: z.enum(EVENT_UNITS).default("WORKING_DAYS"),
    withinMonths: z.number().int().min(1).max(24).optional(),
  }).optional(),
  active: z.boolean().default(true),
});
type Entry = z.infer<typeof entry>;
/** A leave type as the configuration file (and the HR console) shows it. */
export type LeaveTypeEntry = Entry;

function toEntry(r: typeof leaveTypes.$inferSelect): Entry {
  return {
    code: r.code,
    name: { de: r.nameDe, en: r.nameEn, fr: r.nameFr, ...(r.nameIt ? { it: r.nameIt } : {}) },
    deductsBalance: r.deductsBalance,
    overdraft: r.overdraft as Entry["overdraft"],
    annualDays: r.defaultAnnualDays,
    steps: parseSteps(r.entitlementSteps).map(stepText),
    halfDays: r.allowHalfDays,
    carryOverMaxDays: r.carryOverMaxDays,
    carryOverExpiry: r.carryOverExpiry,
    ...(r.eventDays === null ? {} : {
      perEvent: {
        days: r.eventDays,
        unit: r.eventUnit as EventUnit,
        ...(r.eventWithinMonths === null ? {} : { withinMonths: r.eventWithinMonths }),
      },
    }),
    active: r.active,
  };
}

function toRow(e: Entry) {
  return {
    code: e.code,
    nameDe: e.name.de,
    nameEn: e.name.en,
    nameFr: e.name.fr,
    nameIt: e.name.it ?? null,
    deductsBalance: e.deductsBalance,
    overdraft: e.overdraft,
    defaultAnnualDays: e.annualDays,
    entitlementSteps: JSON.stringify(e.steps.map(parseStepText)),
    allowHalfDays: e.halfDays,
    carryOverMaxDays: e.carryOverMaxDays,
    carryOverExpiry: e.carryOverExpiry,
    eventDays: e.perEvent?.days ?? null,
    eventUnit: e.perEvent?.unit ?? "WORKING_DAYS",
    eventWithinMonths: e.perEvent?.withinMonths ?? null,
    active: e.active,
  };
}

/** The same rules as `leave-types policy`: steps only add, vacation is at least four weeks. */
function policyCheck(e: Entry, i: number): Problem[] {
  const out: Problem[] = policyProblems({ baseDays: e.annualDays, steps: e.steps.map(parseStepText) })
    .map((message) => ({ path: [i, "steps"], message }));
  if (!e.deductsBalance && (e.annualDays !== 0 || e.steps.length)) {
    out.push({ path: [i, "annualDays"], message: `${e.code} keeps no balance, so it has no days to give` });
  }
  if (e.code === "VACATION" && e.deductsBalance && e.annualDays < LEGAL_MINIMUM_DAYS) {
    out.push({
      path: [i, "annualDays"],
      message: `vacation is at least ${LEGAL_MINIMUM_DAYS} days of a five-day week (OR Art. 329a para. 1)`,
    });
  }
  return out;
}

export const leaveTypesSection = defineSection<Entry[]>({
  key: "leaveTypes",
  naturalKey: "code",
  schema: z.array(entry),
  check: (list) => [...duplicates(list, (e) => e.code, "code"), ...list.flatMap(policyCheck)],
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
