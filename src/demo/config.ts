/**
 * The demo's configuration (settings, leave types, closures, school holidays, documents, recruiting stages) is
 * written the way an organisation writes its own: as the configuration file's sections, checked and applied by
 * `org apply`'s code. The builders describe these as rows like everything else (so `buildDemo` stays pure and its rows can
 * be inspected); here they become the file's entries, the sections write them, and the ids the sections gave
 * replace the builders' ids wherever other rows point at them.
 */
import { eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as s from "../db/schema/mod.ts";
import { parseSteps, stepText } from "../domain/entitlement.ts";
import { applySectionsIn } from "../org_config/mod.ts";
import type { Tx } from "../settings.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { DEMO_COMPANY } from "./org.ts";

type Row = Record<string, unknown>;

/** The demo's onboarding template DEFAULT, as an organisation writes it in its configuration file. */
export const DEMO_ONBOARDING_TEMPLATE = {
  key: "DEFAULT",
  name: "Einarbeitung",
  tasks: [
    { phase: "BEFORE_START", title: "Arbeitsvertrag unterschrieben zurücksenden", offsetDays: -7 },
    {
      phase: "BEFORE_START",
      title: "Willkommensmail mit Infos zum ersten Tag senden",
      offsetDays: -5,
      assignee: "MANAGER",
    },
    { phase: "FIRST_DAY", title: "Begrüssung, Rundgang und Arbeitsplatz", assignee: "MANAGER" },
    { phase: "FIRST_WEEK", title: "Richtlinien im Portal lesen", offsetDays: 3 },
    {
      phase: "FIRST_MONTH",
      title: "Feedbackgespräch nach dem ersten Monat",
      offsetDays: 28,
      assignee: "MANAGER",
    },
    { phase: "PROBATION", title: "Probezeitgespräch", offsetDays: 80, assignee: "MANAGER" },
  ],
};

/** The tables whose rows the configuration file writes. */
export const CONFIG_TABLES: ReadonlySet<SQLiteTable> = new Set<SQLiteTable>([
  s.leaveTypes,
  s.closurePeriods,
  s.schoolHolidays,
  s.documents,
  s.documentTranslations,
  s.stages,
  s.stageAutomaticTasks,
]);

const names = (r: Row) => ({ de: r.nameDe, en: r.nameEn, fr: r.nameFr });

/** The configuration file's sections for the demo's configuration rows. */
function sectionsOf(rows: (table: SQLiteTable) => Row[]): Record<string, unknown> {
  const texts = rows(s.documentTranslations);
  return {
    // The demo company's head office is in Bern; pay is on the 25th (moved before a weekend or holiday).
    settings: { name: DEMO_COMPANY, canton: "BE", payday: 25 },
    leaveTypes: rows(s.leaveTypes).map((r) => ({
      code: r.code,
      name: { ...names(r), ...(r.nameIt ? { it: r.nameIt } : {}) },
      deductsBalance: r.deductsBalance,
      overdraft: r.overdraft,
      annualDays: r.defaultAnnualDays,
      steps: parseSteps(String(r.entitlementSteps ?? "[]")).map(stepText),
      ...(r.allowHalfDays === undefined ? {} : { halfDays: r.allowHalfDays }),
      carryOverMaxDays: r.carryOverMaxDays,
      carryOverExpiry: r.carryOverExpiry,
      ...(r.eventDays === undefined || r.eventDays === null ? {} : {
        perEvent: {
          days: r.eventDays,
          unit: r.eventUnit ?? "WORKING_DAYS",
          ...(r.eventWithinMonths ? { withinMonths: r.eventWithinMonths } : {}),
        },
      }),
      active: r.active ?? true,
    })),
    closures: rows(s.closurePeriods).map((r) => ({
      start: r.startDate,
      end: r.endDate,
      name: names(r),
      deductsLeave: r.deductsLeave,
      ...(r.cantons ? { cantons: String(r.cantons).split(",") } : {}),
    })),
    schoolHolidays: rows(s.schoolHolidays).map((r) => ({
      canton: r.canton,
      start: r.startDate,
      end: r.endDate,
      name: names(r),
    })),
    stages: rows(s.stages).map((st) => ({
      key: st.key,
      name: names(st),
      order: st.sortOrder,
      gated: st.gated,
      marksHired: st.marksHired,
      marksRejected: st.marksRejected,
      automaticTasks: rows(s.stageAutomaticTasks).filter((t) => t.stageId === st.id)
        .sort((a, b) => Number(a.sortOrder) - Number(b.sortOrder)).map((t) => {
          const { de, ...others } = (t.emailTexts ?? {}) as Record<string, { subject: string; body: string }>;
          return {
            kind: t.kind,
            title: t.title,
            ...(de ? { emailSubject: de.subject, emailBody: de.body } : {}),
            ...(Object.keys(others).length ? { emailTranslations: others } : {}),
            blocking: t.blocking ?? false,
            assignee: t.assignee ?? "HR",
          };
        }),
    })),
    documents: rows(s.documents).map((d) => ({
      slug: d.slug,
      audience: d.audience,
      assistantVisible: d.assistantVisible,
      ...(d.category ? { category: d.category } : {}),
      translations: Object.fromEntries(
        texts.filter((t) => t.documentId === d.id).map((t) => [t.language, {
          title: t.title,
          body: t.bodyMarkdown,
        }]),
      ),
    })),
  };
}

/**
 * Writes the demo's onboarding template DEFAULT through the configuration file's section: the plan every
 * hire starts with, so a hire on the demo starts one, and HR's "start a plan" and the connector's onboarding
 * tools have one to work on. Written after the people, whose joiner has the plan the story gives them
 * rather than one started from the template.
 */
export async function applyDemoOnboardingTemplate(
  tx: Tx,
  deps: { clock: Clock; config: Config },
): Promise<void> {
  const result = await applySectionsIn(tx, deps, { onboardingTemplates: [DEMO_ONBOARDING_TEMPLATE] });
  if (!result.ok) {
    throw new Error(
      `the demo's onboarding template is refused: ${
        result.problems.map((p) => `${p.path}: ${p.message}`).join("; ")
      }`,
    );
  }
}

/**
 * Writes the demo's configuration through the configuration file's sections in the seed's transaction and
 * returns, for each builder id of a configuration row, the id the database gave it.
 */
export async function applyDemoConfiguration(
  tx: Tx,
  deps: { clock: Clock; config: Config },
  rows: (table: SQLiteTable) => Row[],
): Promise<Map<string, string>> {
  const result = await applySectionsIn(tx, deps, sectionsOf(rows));
  if (!result.ok) {
    // The demo is written by us: a problem here is a bug in the demo, said plainly.
    throw new Error(
      `the demo's configuration is refused: ${
        result.problems.map((p) => `${p.path}: ${p.message}`).join("; ")
      }`,
    );
  }
  const ids = new Map<string, string>();
  for (const r of rows(s.leaveTypes)) {
    const [t] = await tx.select({ id: s.leaveTypes.id }).from(s.leaveTypes).where(
      eq(s.leaveTypes.code, String(r.code)),
    );
    ids.set(String(r.id), t.id);
  }
  for (const r of rows(s.closurePeriods)) {
    const [c] = await tx.select({ id: s.closurePeriods.id }).from(s.closurePeriods).where(
      eq(s.closurePeriods.startDate, String(r.startDate)),
    );
    ids.set(String(r.id), c.id);
  }
  for (const r of rows(s.stages)) {
    const [st] = await tx.select({ id: s.stages.id }).from(s.stages).where(eq(s.stages.key, String(r.key)));
    ids.set(String(r.id), st.id);
  }
  for (const r of rows(s.documents)) {
    const [d] = await tx.select({ id: s.documents.id }).from(s.documents).where(
      eq(s.documents.slug, String(r.slug)),
    );
    ids.set(String(r.id), d.id);
  }
  return ids;
}

/** A row with every value that is a builder id of a configuration row replaced by the database's id. */
export function withConfigIds(row: Row, ids: ReadonlyMap<string, string>): Row {
  let out: Row | null = null;
  for (const [k, v] of Object.entries(row)) {
    if (typeof v === "string" && ids.has(v)) (out ??= { ...row })[k] = ids.get(v);
  }
  return out ?? row;
}
