/**
 * The leave types every Swiss organisation needs, so an installation started without the demo can file leave
 * from its first day. Created once (missing codes only, never overwriting what HR changed) at start and by
 * `hr-service leave-types init`.
 *
 * Sources: vacation of four weeks a year, five until the 20th birthday (OR Art. 329a para. 1); maternity leave
 * of 14 weeks (OR Art. 329f, EOG Art. 16b ff.); leave of the other parent of two weeks (OR Art. 329g); leave to
 * care for a relative, up to three days per event and ten a year (OR Art. 329h); "the usual free hours and
 * days" (OR Art. 329 para. 3) for moving, one's wedding and a bereavement, in the common practice of Swiss
 * collective agreements.
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
    ["MATERNITY", "Mutterschaftsurlaub", "Congé de maternité", "Maternity leave", "Congedo di maternità"],
    [
      "OTHER_PARENT",
      "Urlaub des anderen Elternteils",
      "Congé de l'autre parent",
      "Other parent's leave",
      "Congedo dell'altro genitore",
    ],
    [
      "CARE",
      "Betreuungsurlaub (Angehörige)",
      "Congé de prise en charge (proches)",
      "Leave to care for a relative",
      "Congedo di assistenza (familiari)",
    ],
    ["MOVING", "Umzug", "Déménagement", "Moving house", "Trasloco"],
    ["WEDDING", "Eigene Hochzeit", "Propre mariage", "Own wedding", "Proprio matrimonio"],
    ["BEREAVEMENT", "Todesfall", "Décès", "Bereavement", "Decesso"],
    ["UNPAID", "Unbezahlter Urlaub", "Congé non payé", "Unpaid leave", "Congedo non pagato"],
  ] as const).map(([code, nameDe, nameFr, nameEn, nameIt]) => ({
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
