/**
 * Sick-leave rules: days an absence covers, years of service, and how long the salary continues during
 * illness under the court scales (Art. 324a OR).
 */
import { SCALE_NAMES as SCALE_NAME_LIST } from "../i18n/scales.ts";
import { refusal } from "../errors.ts";
import { assertDate, daysBetween, daysInMonth, type Lang, maxDate, minDate } from "./calendar.ts";
import { round2 } from "./numbers.ts";

/**
 * Calendar days an absence covers, both ends inclusive. An ongoing absence (no end date) counts up to
 * and including `today`; one that starts after today covers nothing yet. A reported end date in the
 * future (e.g. a certificate until Friday) counts as reported. Calendar days, not working days: the
 * salary-continuation scales are measured in weeks and months of calendar time.
 */
export function sickDaysCovered(startDate: string, endDate: string | null, today: string): number {
  assertDate(startDate, "startDate");
  assertDate(today, "today");
  if (endDate !== null) {
    assertDate(endDate, "endDate");
    if (endDate < startDate) throw refusal("validation", "sick.endBeforeStart", {}, { field: "endDate" });
  }
  const last = endDate ?? today;
  if (last < startDate) return 0;
  return daysBetween(startDate, last) + 1;
}

/**
 * The three court scales, the one list every door validates and offers (the employee file, the console's person
 * form, the portal's sick-pay summary); which one applies is an employee setting (`salary_continuation_scale`).
 */
export const SALARY_SCALES = ["BERNER", "ZUERCHER", "BASLER"] as const;
/** One of the three court scales. */
export type SalaryScale = typeof SALARY_SCALES[number];

/** One row of a scale: from which service year (Dienstjahr, 1 = the first) a duration applies. */
export interface ScaleStep {
  fromServiceYear: number;
  /** Duration as published: weeks (Zürcher) or months (Berner, Basler; the first year is 3 weeks). */
  weeks?: number;
  months?: number;
}

/**
 * The scales as data. Art. 324a para. 2 OR fixes three weeks in the first service year and "an
 * appropriate longer time" after it; the courts filled that in with these scales. The courts publish no
 * table of their own that we could cite (their decisions refer to the scales by name); the values below
 * are the published forms the courts' practice is quoted from, and where those disagree we say which we
 * follow.
 *
 * Sources:
 * - Berner Skala (Gewerbegericht Bern 1926; Appellationshof/Obergericht Bern practice), as the court
 *   tables the service cites publish it (kfmv Bern, "Know-how zum Arbeitsrecht",
 *   https://www.kv-verband.ch/post/know-how-zum-arbeitsrecht; the Bezirksgericht Andelfingen's table of
 *   the three scales): 1 month in year 2, 2 months in years 3–4, 3 in 5–9, 4 in 10–14, 5 in 15–19, and
 *   "20.–25. Dienstjahr: 6 Monate", the last row. Beyond year 25 neither table goes on, so the last row
 *   applies (6 months). Some insurers and publishers extend the scale by a month per five further years
 *   (Mobiliar, "Lohnfortzahlungsfristen"; gryps KMU-Lexikon; swissmom: 7 months from year 25); that is
 *   not the courts' table and the service does not follow it (an employer may grant more by contract,
 *   OR Art. 324a para. 4).
 * - Basler Skala (Basel courts): 2–3 years 2 months, 4–10 3, 11–15 4, 16–20 5, "über 20 Jahre" /
 *   "ab dem 21. Dienstjahr" 6 months (kfmv and gryps, as above). The published table ends with that
 *   open-ended row; nothing beyond it is published.
 * - Zürcher Skala (Obergericht/Arbeitsgericht Zürich): 3 weeks in year 1, 8 weeks in year 2, then one
 *   week more per service year (kfmv, as above, to "25. Dienstjahr: 31 Wochen"; swissmom "usw. pro Jahr
 *   1 Woche mehr"; lohnfortzahlung.ch, "Skalen", https://lohnfortzahlung.ch/normen/skalen/: "pro
 *   Dienstjahr eine Verlängerung ... jeweils um eine Woche"). The rule has no upper end; the data runs to
 *   service year 50, longer than any working life from 15 to 65.
 * Application: Zürcher in ZH, SH, TG (and GR per some sources); Basler in BS, BL; Berner elsewhere
 * (lohnfortzahlung.ch, "Skalen"). Beyond the data the last step applies, so the result never shrinks.
 */
export const SALARY_CONTINUATION_SCALES: Readonly<Record<SalaryScale, readonly ScaleStep[]>> = {
  BERNER: [
    { fromServiceYear: 1, weeks: 3 },
    { fromServiceYear: 2, months: 1 },
    { fromServiceYear: 3, months: 2 },
    { fromServiceYear: 5, months: 3 },
    { fromServiceYear: 10, months: 4 },
    { fromServiceYear: 15, months: 5 },
    { fromServiceYear: 20, months: 6 },
  ],
  BASLER: [
    { fromServiceYear: 1, weeks: 3 },
    { fromServiceYear: 2, months: 2 },
    { fromServiceYear: 4, months: 3 },
    { fromServiceYear: 11, months: 4 },
    { fromServiceYear: 16, months: 5 },
    { fromServiceYear: 21, months: 6 },
  ],
  // 3 weeks in year 1, 8 weeks in year 2, then one week more per service year (31 weeks in year 25,
  // 56 weeks in year 50).
  ZUERCHER: [
    { fromServiceYear: 1, weeks: 3 },
    ...Array.from({ length: 49 }, (_, i) => ({ fromServiceYear: i + 2, weeks: 8 + i })),
  ],
};

/** Weeks per month used to express month-based scales in weeks: 52 weeks / 12 months (≈ 4.33). */
export const WEEKS_PER_MONTH = 52 / 12;

/** A scale that is none of the three, named in the refusal with the three that are. */
const unknownScale = (scale: string) =>
  refusal("validation", "sick.unknownScale", { value: String(scale), scales: SALARY_SCALES.join(", ") }, {
    field: "scale",
  });

/** The scale row for a service year (1 = first year); the last row applies beyond the table. */
export function scaleStep(scale: SalaryScale, serviceYear: number): ScaleStep {
  const steps = SALARY_CONTINUATION_SCALES[scale];
  if (!steps) throw unknownScale(scale);
  let found = steps[0];
  for (const s of steps) if (s.fromServiceYear <= serviceYear) found = s;
  return found;
}

/** Weeks of a scale row: weeks as published, or months × 52/12, rounded to 2 decimals. */
export function stepWeeks(step: ScaleStep): number {
  return round2(step.weeks ?? (step.months ?? 0) * WEEKS_PER_MONTH);
}

/**
 * The `n`-th anniversary of a start date. A start on 29 February has its anniversary on 28 February in
 * common years: a period measured in years ends on the same-numbered day, or on the last day of the month
 * when that day is missing (Art. 77 para. 1 no. 3 OR).
 */
export function anniversary(start: string, n: number): string {
  assertDate(start, "employmentStart");
  const [y, m, d] = start.split("-").map(Number);
  const year = y + n;
  const day = Math.min(d, daysInMonth(year, m));
  return `${String(year).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Whole years of service completed by `today` (0 in the first service year; 0 before the start). */
export function completedServiceYears(employmentStart: string, today: string): number {
  assertDate(employmentStart, "employmentStart");
  assertDate(today, "today");
  if (today < employmentStart) return 0;
  let n = Number(today.slice(0, 4)) - Number(employmentStart.slice(0, 4));
  while (n > 0 && anniversary(employmentStart, n) > today) n--;
  return n;
}

/**
 * Years of service as a number with one decimal, rounded down: completed years plus the elapsed share of
 * the current service year (e.g. 2.9 one month before the third anniversary). Decision: one decimal so
 * people see how far they are into the year, rounded down so the figure never reaches the next whole
 * number (and with it the next scale step) before the anniversary. The scale uses the whole part.
 */
export function serviceYears(employmentStart: string, today: string): number {
  const n = completedServiceYears(employmentStart, today);
  if (today < employmentStart) return 0;
  const from = anniversary(employmentStart, n);
  const to = anniversary(employmentStart, n + 1);
  const share = daysBetween(from, today) / daysBetween(from, to);
  return Math.floor((n + share) * 10 + 1e-9) / 10;
}

/**
 * The date `n` months after `start`: the same-numbered day, or the month's last day when that day is
 * missing (OR Art. 77 para. 1 no. 3: 30 November + 3 months = 28 or 29 February).
 */
export function addMonths(start: string, n: number): string {
  assertDate(start, "date");
  const [y, m, d] = start.split("-").map(Number);
  const total = y * 12 + (m - 1) + n;
  const year = Math.floor(total / 12);
  const month = total % 12 + 1;
  const day = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * The first day on which salary continuation is owed at all (OR Art. 324a para. 1: only when the employment
 * "has lasted more than three months or was concluded for more than three months"), or null when it never
 * is. An employment with an end date at least three months and a day after its start (1 January to 1 April)
 * was concluded for more than three months: owed from its first day. One with an earlier end can never
 * last more than three months: never owed. One without an end date has lasted more than three months from
 * the day three months after its start (1 January: from 1 April).
 *
 * The service does not know whether an end date was agreed at the start (a fixed term) or came later from
 * a notice; an open-ended employment given notice to end after more than three months is read as concluded
 * for that long, in the employee's favour.
 */
export function continuationOwedFrom(employmentStart: string, employmentEnd: string | null): string | null {
  const threeMonths = addMonths(employmentStart, 3);
  if (employmentEnd === null) return threeMonths;
  return employmentEnd >= threeMonths ? employmentStart : null;
}

/** The first day of the current service year (the last anniversary, or the start itself). */
export function currentServiceYearStart(employmentStart: string, today: string): string {
  return anniversary(employmentStart, completedServiceYears(employmentStart, today));
}

/** The salary-continuation entitlement as the portal shows it (contract: salary-continuation response). */
export interface SalaryContinuation {
  scale: SalaryScale;
  serviceYears: number;
  weeksEntitled: number;
  description: string;
  /**
   * Only while nothing is owed yet (OR Art. 324a para. 1, `continuationOwedFrom`): the day from which it
   * is, or null when the employment was concluded for three months or less.
   */
  owedFrom?: string | null;
}

/** The scales' names in each language (the catalogue's one list, which every scale must have). */
export const SCALE_NAMES: Record<SalaryScale, Record<Lang, string>> = SCALE_NAME_LIST;

function formatNumber(n: number, lang: Lang): string {
  const s = String(n);
  return lang === "fr" || lang === "it" ? s.replace(".", ",") : s;
}

function describe(
  scale: SalaryScale,
  serviceYear: number,
  step: ScaleStep,
  weeks: number,
  lang: Lang,
): string {
  const name = SCALE_NAMES[scale][lang];
  const w = formatNumber(weeks, lang);
  const firstYear = serviceYear === 1;
  if (lang === "en") {
    const duration = step.months
      ? `${step.months} month${step.months === 1 ? "" : "s"} (${w} weeks)`
      : `${w} week${weeks === 1 ? "" : "s"}`;
    return `${name}, service year ${serviceYear}: salary continues for ${duration} during illness ` +
      `(Art. 324a CO).` +
      (firstYear
        ? " The right arises once employment has lasted, or was agreed for, more than three months."
        : "");
  }
  if (lang === "fr") {
    const duration = step.months
      ? `${step.months} mois (${w} semaines)`
      : `${w} semaine${weeks === 1 ? "" : "s"}`;
    return `${name}, ${serviceYear}${
      serviceYear === 1 ? "re" : "e"
    } année de service : maintien du salaire ` +
      `pendant ${duration} en cas de maladie (art. 324a CO).` +
      (firstYear
        ? " Le droit naît lorsque les rapports de travail ont duré ou ont été conclus pour plus de trois mois."
        : "");
  }
  if (lang === "it") {
    const duration = step.months
      ? `${step.months} ${step.months === 1 ? "mese" : "mesi"} (${w} settimane)`
      : `${w} ${weeks === 1 ? "settimana" : "settimane"}`;
    // The Italian text of the Code of Obligations is "Codice delle obbligazioni" (CO), art. 324a.
    return `${name}, ${serviceYear}° anno di servizio: continuazione del pagamento del salario in caso di ` +
      `malattia per ${duration} (art. 324a CO).` +
      (firstYear
        ? " Il diritto sorge se il rapporto di lavoro è durato o è stato stipulato per più di tre mesi."
        : "");
  }
  const duration = step.months
    // "während" takes the dative plural: "während 4 Monaten".
    ? `${step.months} ${step.months === 1 ? "Monat" : "Monaten"} (${w} Wochen)`
    : `${w} ${weeks === 1 ? "Woche" : "Wochen"}`;
  return `${name}, ${serviceYear}. Dienstjahr: Lohnfortzahlung bei Krankheit während ${duration} ` +
    `(Art. 324a OR).` +
    (firstYear
      ? " Der Anspruch besteht, wenn das Arbeitsverhältnis mehr als drei Monate gedauert hat oder für mehr als drei Monate eingegangen ist."
      : "");
}

/**
 * Salary continuation during illness for the current service year under a court scale:
 * `serviceYears` as `serviceYears()`, `weeksEntitled` from the scale row of the current service year
 * (`completed years + 1`), and a description in the caller's language naming the scale, the service year
 * and the duration (months as published, with their weeks).
 */
export function salaryContinuation(
  scale: SalaryScale,
  employmentStart: string,
  today: string,
  lang: Lang = "de",
  employmentEnd: string | null = null,
): SalaryContinuation {
  if (!(SALARY_SCALES as readonly string[]).includes(scale)) throw unknownScale(scale);
  const serviceYear = completedServiceYears(employmentStart, today) + 1;
  const step = scaleStep(scale, serviceYear);
  const owedFrom = continuationOwedFrom(employmentStart, employmentEnd);
  if (owedFrom === null || today < owedFrom) {
    return {
      scale,
      serviceYears: serviceYears(employmentStart, today),
      weeksEntitled: 0,
      description: notYetOwed(owedFrom, lang),
      owedFrom,
    };
  }
  const weeksEntitled = stepWeeks(step);
  return {
    scale,
    serviceYears: serviceYears(employmentStart, today),
    weeksEntitled,
    description: describe(scale, serviceYear, step, weeksEntitled, lang),
  };
}

/** Why nothing is owed yet, in the caller's language (OR Art. 324a para. 1). */
function notYetOwed(owedFrom: string | null, lang: Lang): string {
  if (owedFrom === null) {
    return {
      de:
        "Keine Lohnfortzahlung bei Krankheit: das Arbeitsverhältnis ist für höchstens drei Monate eingegangen " +
        "(Art. 324a Abs. 1 OR).",
      en: "No salary continuation during illness: the employment was concluded for three months or less " +
        "(Art. 324a para. 1 CO).",
      fr:
        "Pas de maintien du salaire en cas de maladie : les rapports de travail ont été conclus pour trois mois " +
        "au plus (art. 324a al. 1 CO).",
      it:
        "Nessuna continuazione del pagamento del salario in caso di malattia: il rapporto di lavoro è stato " +
        "stipulato per tre mesi al massimo (art. 324a cpv. 1 CO).",
    }[lang];
  }
  return {
    de: `Noch keine Lohnfortzahlung bei Krankheit: der Anspruch besteht ab ${owedFrom}, wenn das ` +
      "Arbeitsverhältnis mehr als drei Monate gedauert hat (Art. 324a Abs. 1 OR).",
    en: `No salary continuation during illness yet: it is owed from ${owedFrom}, once the employment has ` +
      "lasted more than three months (Art. 324a para. 1 CO).",
    fr: `Pas encore de maintien du salaire en cas de maladie : le droit naît le ${owedFrom}, lorsque les ` +
      "rapports de travail ont duré plus de trois mois (art. 324a al. 1 CO).",
    it: `Ancora nessuna continuazione del pagamento del salario in caso di malattia: il diritto sorge il ` +
      `${owedFrom}, quando il rapporto di lavoro è durato più di tre mesi (art. 324a cpv. 1 CO).`,
  }[lang];
}

/** A sick-leave absence as the continuation count needs it (schema: `sick_leave_entries`). */
export interface SickAbsence {
  startDate: string;
  endDate: string | null;
  /** Degree of incapacity in percent (1–100); 100 when not given. */
  degree?: number;
  /** A report taken back within 24 hours no longer counts. */
  withdrawnAt?: number | null;
}

/**
 * Sick days (calendar days) within the current service year, across all absences, up to and including
 * `today`: the days already drawn from this year's salary continuation. The entitlement renews with each
 * service year, so only days from the last anniversary on count; an absence crossing the anniversary
 * counts with its part after it. Days before `owedFrom` (the first three months, OR Art. 324a para. 1)
 * draw nothing: nothing is owed for them.
 *
 * A day of partial incapacity counts by its degree: a day at 50 % draws half a day, so at 50 % the
 * entitlement lasts twice as long (the practice of the court scales: the period is the salary of so many
 * weeks, paid out at the degree of incapacity; e.g. K-Tipp, "Wie lange erhalte ich meinen Lohn?": Berner
 * scale, 10th year, 4 months, at 50 % incapacity 8 months). Overlapping reports add up to at most a whole
 * day; withdrawn reports count not at all. Rounded to 2 decimals.
 */
export function continuationDaysUsed(
  absences: SickAbsence[],
  employmentStart: string,
  today: string,
  owedFrom: string | null = employmentStart,
): number {
  if (owedFrom === null) return 0;
  const yearStart = currentServiceYearStart(employmentStart, today);
  const first = maxDate(yearStart, owedFrom);
  const days = new Map<number, number>();
  for (const a of absences) {
    if (a.withdrawnAt) continue;
    assertDate(a.startDate, "startDate");
    const end = a.endDate ?? today;
    assertDate(end, "endDate");
    const from = maxDate(a.startDate, first);
    const to = minDate(end, today);
    const share = (a.degree ?? 100) / 100;
    // Days are keyed by their offset from the service year's start, so overlapping reports count once.
    for (let d = daysBetween(yearStart, from); d <= daysBetween(yearStart, to); d++) {
      days.set(d, Math.min(1, (days.get(d) ?? 0) + share));
    }
  }
  let sum = 0;
  for (const v of days.values()) sum += v;
  return round2(sum);
}
