/**
 * The leave types every Swiss organisation needs, so an installation started without the demo can file leave
 * from its first day. Created once (missing codes only, never overwriting what HR changed) at start and by
 * `hr-service leave-types init`.
 *
 * Sources: vacation of four weeks a year, five until the 20th birthday (OR Art. 329a para. 1); maternity leave
 * of 14 weeks, paid for 98 days from the birth (OR Art. 329f, EOG Art. 16b ff., 16d para. 3); leave of the
 * other parent of two weeks within six months of the birth (OR Art. 329g, EOG Art. 16j); leave to care for a
 * relative, up to three days per event and ten a year (OR Art. 329h); "the usual free hours and days" (OR Art.
 * 329 para. 3) for moving (1 day), one's wedding (2 days) and the death of a close relative (3 days), in the
 * common practice named in docs/swiss-rules.md. Each length per event is data the organisation changes.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { leaveTypes } from "../db/schema/mod.ts";

type NewType = typeof leaveTypes.$inferInsert;

/** The standard set: vacation keeps a balance; special leave is recorded and flagged, never refused. */
export const STANDARD_LEAVE_TYPES: readonly Omit<NewType, "id">[] = [
  {
    code: "VACATION",
    nameDe: "Ferien",
    nameFr: "Vacances",
    nameEn: "Vacation",
    nameIt: "Vacanze",
    deductsBalance: true,
    overdraft: "REFUSE",
    // Four weeks of five working days; HR raises it for the organisation (and five weeks apply until 20).
    defaultAnnualDays: 20,
    carryOverMaxDays: 5,
    carryOverExpiry: "03-31",
  },
  ...([
    [
      "MATERNITY",
      "Mutterschaftsurlaub",
      "Congé de maternité",
      "Maternity leave",
      "Congedo di maternità",
      { eventDays: 98, eventUnit: "CALENDAR_DAYS" },
    ],
    [
      "OTHER_PARENT",
      "Urlaub des anderen Elternteils",
      "Congé de l'autre parent",
      "Other parent's leave",
      "Congedo dell'altro genitore",
      { eventDays: 10, eventWithinMonths: 6 },
    ],
    [
      "CARE",
      "Betreuungsurlaub (Angehörige)",
      "Congé de prise en charge (proches)",
      "Leave to care for a relative",
      "Congedo di assistenza (familiari)",
      { eventDays: 3 },
    ],
    ["MOVING", "Umzug", "Déménagement", "Moving house", "Trasloco", { eventDays: 1 }],
    ["WEDDING", "Eigene Hochzeit", "Propre mariage", "Own wedding", "Proprio matrimonio", { eventDays: 2 }],
    [
      "BEREAVEMENT",
      "Todesfall (nahe Angehörige)",
      "Décès (proches)",
      "Death of a close relative",
      "Decesso (familiari stretti)",
      { eventDays: 3 },
    ],
    ["UNPAID", "Unbezahlter Urlaub", "Congé non payé", "Unpaid leave", "Congedo non pagato", {}],
  ] as const).map(([code, nameDe, nameFr, nameEn, nameIt, perEvent]) => ({
    ...perEvent,
    code,
    nameDe,
    nameFr,
    nameEn,
    nameIt,
    deductsBalance: false,
    overdraft: "FLAG",
    defaultAnnualDays: 0,
    carryOverMaxDays: 0,
    carryOverExpiry: "03-31",
  })),
];

/** Creates the standard leave types whose codes do not exist yet; returns the codes created. */
export async function ensureStandardLeaveTypes(db: Db): Promise<string[]> {
  const existing = new Set((await db.select({ code: leaveTypes.code }).from(leaveTypes)).map((r) => r.code));
  const missing = STANDARD_LEAVE_TYPES.filter((t) => !existing.has(t.code));
  if (missing.length) await db.insert(leaveTypes).values([...missing]).onConflictDoNothing();
  return missing.map((t) => t.code);
}

/** Whether the database has any leave type (an installation that was set up, or the demo). */
export async function hasLeaveTypes(db: Db): Promise<boolean> {
  return (await db.select({ id: leaveTypes.id }).from(leaveTypes).limit(1)).length > 0;
}

/** The active leave types, for `leave-types list`. */
export function listLeaveTypes(db: Db) {
  return db.select().from(leaveTypes).where(eq(leaveTypes.active, true)).orderBy(leaveTypes.code);
}
