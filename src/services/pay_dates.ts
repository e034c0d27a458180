/**
 * Planned pay dates (`pay_dates`, read by the summary's `nextPayoutDate`) derived from the payday rule.
 * They are generated per year by an admin command rather than computed on every read: the table stays the
 * one source the summary and its cache already use, and an installation without the rule keeps the
 * dates it loaded itself.
 */
import { like } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { payDates } from "../db/schema/mod.ts";
import { holidayFractions } from "../domain/calendar.ts";
import { paymentDate } from "../domain/payday.ts";
import { refusal } from "../errors.ts";
import { getSetting } from "../settings.ts";
import { halfDaysIn } from "../settings.ts";

/** The payment dates of the twelve periods of `year` under the stored rule. */
export async function plannedPayDates(
  deps: Pick<AppDeps, "db" | "config">,
  year: number,
): Promise<Array<{ period: string; paymentDate: string }>> {
  if (!Number.isInteger(year) || year < 2000 || year > 2100) {
    throw refusal("validation", "calendar.yearOutOfRange", { year }, { field: "year" });
  }
  const day = await getSetting(deps, "paydayDay");
  if (day === null) throw refusal("validation", "pay.paydayNotSet");
  const canton = await getSetting(deps, "defaultCanton");
  if (canton === null) {
    throw refusal("validation", "pay.cantonNotSet");
  }
  // From a week before the year: a payment on the 1st can move back into December.
  const holidays = holidayFractions(canton, `${year - 1}-12-20`, `${year}-12-31`, await halfDaysIn(deps.db));
  return Array.from({ length: 12 }, (_, i) => {
    const period = `${year}-${String(i + 1).padStart(2, "0")}`;
    return { period, paymentDate: paymentDate(period, day, (d) => holidays.get(d) ?? 0) };
  });
}

/** Replaces the year's planned pay dates with those of the rule; `changed` is 0 when they already matched. */
export async function generatePayDates(
  deps: Pick<AppDeps, "db" | "config">,
  year: number,
): Promise<{ dates: string[]; changed: number }> {
  const planned = await plannedPayDates(deps, year);
  return await deps.db.transaction(async (tx) => {
    const rows = await tx.select().from(payDates).where(like(payDates.period, `${year}-%`));
    const have = new Set(rows.map((r) => `${r.period} ${r.paymentDate}`));
    const want = new Set(planned.map((p) => `${p.period} ${p.paymentDate}`));
    const changed = [...want].filter((k) => !have.has(k)).length +
      [...have].filter((k) => !want.has(k)).length;
    if (changed > 0) {
      await tx.delete(payDates).where(like(payDates.period, `${year}-%`));
      await tx.insert(payDates).values(planned);
    }
    return { dates: planned.map((p) => p.paymentDate), changed };
  });
}
