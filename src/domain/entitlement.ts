/**
 * Leave policies: how many days of leave a person is entitled to in a leave year, before pro rata.
 *
 * Unit. Entitlements and deductions are counted in days of the person's own working pattern: a policy
 * states full-time days of a five-day week (25 = five weeks), and a person working `n` weekdays gets
 * `days × n / 5` of their own days, each working weekday off costing one of them (domain/leave.ts).
 * A week off therefore always costs one week of entitlement, whatever the pattern: reduced days on five
 * weekdays (60 % on Monday–Friday: 25 days, a week off costs 5), full days on three weekdays (15 days, a
 * week off costs 3) or a six-day week (30 days, a week off costs 6). The workload percentage changes how
 * long a day is, never how many weeks of vacation there are: OR Art. 329a counts vacation in weeks, and
 * part-time employees have the same number of weeks as full-time ones, their days being those of their
 * own working week (e.g. lex4you, "Wie viele Ferientage habe ich, wenn ich Teilzeit arbeite?": Monday to
 * Wednesday gives at least 12 days, "4 Arbeitswochen").
 *
 * Legal minimum (OR Art. 329a para. 1): four weeks a service year, five weeks until the 20th birthday.
 * For a vacation type the days before the 20th birthday count at least 25 and the others at least 20,
 * day by day, so the year of the birthday is shared pro rata (OR Art. 329a para. 3 shares an incomplete
 * year the same way).
 *
 * Steps. A policy gives more days from an age or a number of service years; the step applies to the whole
 * leave year in which the age or the anniversary is reached (the usual wording of Swiss contracts and
 * collective agreements: "ab dem Kalenderjahr, in dem das 50. Altersjahr vollendet wird"), and the
 * largest step that applies wins.
 */
import { refusal, type RefusalMessage } from "../errors.ts";
import { say } from "../i18n/messages/mod.ts";

/** One step of a policy: `days` from an age, or from a number of service years, reached in the year. */
export interface EntitlementStep {
  fromAge?: number;
  fromServiceYears?: number;
  days: number;
}

/** A leave type's policy: its base (full-time days a year, five-day week) and its steps. */
export interface EntitlementPolicy {
  baseDays: number;
  steps: readonly EntitlementStep[];
}

/** OR Art. 329a para. 1: four weeks, in days of a five-day week. */
export const LEGAL_MINIMUM_DAYS = 20;
/** OR Art. 329a para. 1: five weeks until the 20th birthday. */
export const YOUTH_MINIMUM_DAYS = 25;
/** The birthday until which the youth minimum applies. */
export const YOUTH_AGE = 20;
/** Days of the week a policy's figures are written for. */
export const POLICY_WEEK_DAYS = 5;

const MAX_DAYS = 366;

/**
 * Problems with a policy, each a catalogue text naming the step (empty when it is valid), so every reader
 * gets them in their own language.
 */
export function policyProblemMessages(p: EntitlementPolicy): RefusalMessage[] {
  const problems: RefusalMessage[] = [];
  if (!(Number.isFinite(p.baseDays) && p.baseDays >= 0 && p.baseDays <= MAX_DAYS)) {
    problems.push({ id: "leave.policyBaseDays", params: { max: MAX_DAYS, value: String(p.baseDays) } });
  }
  p.steps.forEach((s, i) => {
    const step = i + 1;
    const hasAge = s.fromAge !== undefined;
    const hasService = s.fromServiceYears !== undefined;
    if (hasAge === hasService) problems.push({ id: "leave.policyStepKind", params: { step } });
    if (hasAge && !(Number.isInteger(s.fromAge) && s.fromAge! >= 14 && s.fromAge! <= 80)) {
      problems.push({ id: "leave.policyStepAge", params: { step, value: String(s.fromAge) } });
    }
    if (
      hasService &&
      !(Number.isInteger(s.fromServiceYears) && s.fromServiceYears! >= 1 && s.fromServiceYears! <= 60)
    ) {
      problems.push({ id: "leave.policyStepService", params: { step, value: String(s.fromServiceYears) } });
    }
    if (!(Number.isFinite(s.days) && s.days >= 0 && s.days <= MAX_DAYS)) {
      problems.push({ id: "leave.policyStepDays", params: { step, max: MAX_DAYS, value: String(s.days) } });
    } else if (Number.isFinite(p.baseDays) && s.days < p.baseDays) {
      problems.push({ id: "leave.policyStepBelowBase", params: { step, days: s.days, base: p.baseDays } });
    }
  });
  return problems;
}

/** The same problems as English sentences, for the configuration file's checks and the command line. */
export function policyProblems(p: EntitlementPolicy): string[] {
  return policyProblemMessages(p).map((m) => say(m.id, "en", m.params));
}

/** Reads the stored JSON steps (`leave_types.entitlement_steps`); a hand-broken value is a clear error. */
export function parseSteps(json: string): EntitlementStep[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw refusal("validation", "leave.stepsNotJson", { text: json.slice(0, 80) });
  }
  if (!Array.isArray(raw)) throw refusal("validation", "leave.stepsNotList");
  return raw.map((r) => {
    const o = (r ?? {}) as Record<string, unknown>;
    const step: EntitlementStep = { days: Number(o.days) };
    if (o.fromAge !== undefined) step.fromAge = Number(o.fromAge);
    if (o.fromServiceYears !== undefined) step.fromServiceYears = Number(o.fromServiceYears);
    return step;
  });
}

/**
 * Parses a step written on a command line or in a file: `age>=50:27` or `service>=10:27` (days from the
 * age or number of service years reached in the leave year).
 */
export function parseStepText(text: string): EntitlementStep {
  const m = /^\s*(age|service)\s*>=\s*(\d+)\s*:\s*(\d+(?:\.5)?)\s*$/.exec(text);
  if (!m) {
    throw refusal("validation", "leave.stepText", { text }, { field: "steps" });
  }
  const days = Number(m[3]);
  return m[1] === "age" ? { fromAge: Number(m[2]), days } : { fromServiceYears: Number(m[2]), days };
}

/** A step as `parseStepText` reads it. */
export function stepText(s: EntitlementStep): string {
  return s.fromAge !== undefined ? `age>=${s.fromAge}:${s.days}` : `service>=${s.fromServiceYears}:${s.days}`;
}

/**
 * Full-time days (five-day week) of a leave year under a policy: the base, or the largest step whose age
 * or service years the person reaches in that year. Without a birth date no age step applies.
 */
export function policyDays(
  p: EntitlementPolicy,
  year: number,
  person: { birthDate?: string | null; employmentStart: string },
): number {
  const age = person.birthDate ? year - Number(person.birthDate.slice(0, 4)) : null;
  const service = year - Number(person.employmentStart.slice(0, 4));
  let days = p.baseDays;
  for (const s of p.steps) {
    const applies = s.fromAge !== undefined
      ? age !== null && age >= s.fromAge
      : s.fromServiceYears !== undefined && service >= s.fromServiceYears;
    if (applies && s.days > days) days = s.days;
  }
  return days;
}

/** The day of the 20th birthday (a 29 February birthday falls on 1 March in common years). */
export function youthMinimumEnds(birthDate: string): string {
  const y = Number(birthDate.slice(0, 4)) + YOUTH_AGE;
  const md = birthDate.slice(5);
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return md === "02-29" && !leap ? `${y}-03-01` : `${y}-${md}`;
}
