/**
 * Calendar rules: plain `YYYY-MM-DD` date arithmetic and the public holidays of a Swiss canton.
 *
 * Dates are calendar days without a time zone (the schema stores them as `YYYY-MM-DD` text). All
 * arithmetic runs on UTC midnights, so daylight-saving changes never shift a day. Pure apart from an
 * in-memory cache of holiday lists (the result for a canton and year never changes while the process runs).
 */
// The table of every canton's holidays, written by `deno task holidays` from date-holidays' data (CC BY-SA 3.0).
import holidayTable from "./holidays_ch_days.json" with { type: "json" };
import { refusal } from "../errors.ts";
import { type Lang, LANGS_SWISS_ORDER } from "../i18n/mod.ts";

/** Languages the service speaks (German is the source language). */
export type { Lang } from "../i18n/mod.ts";

/** A day (or half day) off work because of a public holiday. */
export interface PublicHoliday {
  date: string;
  name: string;
  /** 1 = whole day off, 0.5 = half day (e.g. afternoon) */
  portion: 1 | 0.5;
}

const MS_PER_DAY = 86_400_000;

/** Whether a Gregorian year is a leap year (divisible by 4, except centuries not divisible by 400). */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1-12) of a year, leap-year aware. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1];
}

/** Days in a calendar year (365 or 366): pro-rata shares are weighted by calendar days. */
export function daysInYear(year: number): number {
  return isLeapYear(year) ? 366 : 365;
}

/**
 * Whether `s` is a calendar-valid `YYYY-MM-DD` date: 29 February only in leap years, no 31 April.
 * The contract requires this for every date in a request body, so it is the one check everyone uses.
 */
export function isValidDate(s: string): boolean {
  return !Number.isNaN(epochDayOrNaN(s));
}

/** The ASCII digit at `i` of `s` as a number, or NaN. */
function digitAt(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : NaN;
}

/**
 * Days since 1970-01-01 of a calendar-valid `YYYY-MM-DD` date, or NaN for anything else. Read character by
 * character: the rules parse many dates per request, and a regular expression's match array and the
 * substrings were most of their allocations.
 */
function epochDayOrNaN(s: string): number {
  if (typeof s !== "string" || s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) {
    return NaN;
  }
  let y = digitAt(s, 0) * 1000 + digitAt(s, 1) * 100 + digitAt(s, 2) * 10 + digitAt(s, 3);
  const m = digitAt(s, 5) * 10 + digitAt(s, 6);
  const d = digitAt(s, 8) * 10 + digitAt(s, 9);
  // NaN fails every comparison, so a non-digit anywhere ends here.
  if (!(y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m))) return NaN;
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m > 2 ? m - 3 : m + 9) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Throws a validation error naming `field` unless `s` is a calendar-valid date. */
export function assertDate(s: string, field = "date"): void {
  if (!isValidDate(s)) throw refusal("validation", "calendar.invalidDate", { field, value: s }, { field });
}

/**
 * Days since 1970-01-01 for a valid date: the integer every other helper computes with. Plain integer
 * arithmetic on the proleptic Gregorian calendar (the "days from civil" algorithm of H. Hinnant,
 * https://howardhinnant.github.io/date_algorithms.html), equal to `Date.UTC(y, m - 1, d) / 86400000`
 * (a test checks every day from 1600 to 2400) without building a Date on the rules' hot paths.
 */
export function toEpochDay(date: string): number {
  const n = epochDayOrNaN(date);
  if (Number.isNaN(n)) assertDate(date);
  return n;
}

const pad2 = (n: number) => (n < 10 ? "0" : "") + n;

/** The date `n` days after 1970-01-01 (inverse of `toEpochDay`; "civil from days", same source). */
export function fromEpochDay(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  if (y < 1 || y > 9999) return new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
  return `${String(y).padStart(4, "0")}-${pad2(m)}-${pad2(d)}`;
}

/** The date `n` days after `date` (`n` may be negative); crosses months, years and 29 February. */
export function addDays(date: string, n: number): string {
  return fromEpochDay(toEpochDay(date) + n);
}

/**
 * Signed number of days from `from` to `to` (`to − from`): 0 for the same day, 1 for the next day.
 * An inclusive range therefore has `daysBetween(from, to) + 1` days.
 */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** Every date from `from` to `to`, both inclusive; nothing when `to` is before `from`. */
export function* eachDay(from: string, to: string): Generator<string> {
  const end = toEpochDay(to);
  for (let d = toEpochDay(from); d <= end; d++) yield fromEpochDay(d);
}

/** ISO weekday: 1 = Monday … 7 = Sunday (the schema's `working_weekdays` uses the same numbering). */
export function isoWeekday(date: string): number {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((toEpochDay(date) + 3) % 7) + 7) % 7) + 1;
}

/** The Monday of the ISO week containing `date`: time sheets are kept per ISO week. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/**
 * The dates a person's record can plausibly hold (birth, employment start and end) and the widest any door
 * takes: 1900-01-01 to 2100-12-31. A calendar-valid date outside it (0001-01-01, 9999-12-31) is a typing
 * slip, and would make a 2000-year employment or a week of year 10000.
 */
export const PLAUSIBLE_FIRST_DATE = "1900-01-01";
export const PLAUSIBLE_LAST_DATE = "2100-12-31";

/** Whether `s` is a calendar-valid date from 1900-01-01 to 2100-12-31. */
export function isPlausibleDate(s: string): boolean {
  return isValidDate(s) && s >= PLAUSIBLE_FIRST_DATE && s <= PLAUSIBLE_LAST_DATE;
}

/** Years either side of today within which time entries, leave and sick reports may be dated. */
export const NEAR_TODAY_YEARS = 5;

/** The same day `years` years later (or earlier); 29 February becomes 28 February in a common year. */
export function addYears(date: string, years: number): string {
  assertDate(date);
  const y = Number(date.slice(0, 4)) + years;
  const m = Number(date.slice(5, 7));
  const d = Math.min(Number(date.slice(8, 10)), daysInMonth(y, m));
  return `${String(y).padStart(4, "0")}-${date.slice(5, 7)}-${pad2(d)}`;
}

/**
 * Refuses a date of a time entry, leave request or sick report more than five years before or after today,
 * naming the field and the range (a year typed as 9999 or 2062 is a slip, not a plan).
 */
export function assertNearToday(date: string, today: string, field: string): void {
  const from = addYears(today, -NEAR_TODAY_YEARS);
  const to = addYears(today, NEAR_TODAY_YEARS);
  if (date < from || date > to) {
    throw refusal("validation", "calendar.farFromToday", { field, date, years: NEAR_TODAY_YEARS, from, to }, {
      field,
    });
  }
}

/** Calendar year of a date, as a number. */
export function yearOf(date: string): number {
  assertDate(date);
  return Number(date.slice(0, 4));
}

/** The later of two dates (string order equals date order for `YYYY-MM-DD`). */
export function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}
/** The earlier of two dates. */
export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}

/**
 * Orders `YYYY-MM-DD` dates (and ids) by their characters, as SQLite's default collation does: for these the
 * order of the characters is the order of the dates. `localeCompare` would go through ICU's collation, which
 * is slower and, the first time, loads collation data the service otherwise never needs.
 */
export function byCharacters(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------
// Public holidays
// ---------------------------------------------------------------------------------------------------

/**
 * Half days off that are not statutory but customary: the catalogue an installation chooses from (the
 * `calendar.half_day_holidays` setting, admin command `half-days`). Default: the afternoons of
 * 24 December (Heiligabend) and 31 December (Silvester) are off in every canton.
 *
 * Source and reasoning: neither day is among the holidays BE, ZH or VD make equal to Sundays (ArG
 * Art. 20a para. 1; the cantons' lists as encoded in date-holidays' `data/countries/CH.yaml`), but
 * closing at noon on both days is widespread Swiss employer practice, and date-holidays itself encodes
 * "12-24 12:00" (an afternoon) for some cantons. A canton whose data already gives the whole day
 * (e.g. GE, 31 December, Restauration de la République) keeps the whole day: the larger portion wins.
 * Half-day holidays are always afternoons; the leave rules rely on that.
 */
export const HALF_DAY_HOLIDAYS: ReadonlyArray<{
  /** `MM-DD` */
  monthDay: string;
  /** Cantons it applies to; `"*"` for all. */
  cantons: "*" | readonly string[];
  names: Record<Lang, string>;
}> = [
  {
    monthDay: "12-24",
    cantons: "*",
    names: {
      de: "Heiligabend (Nachmittag)",
      en: "Christmas Eve (afternoon)",
      fr: "Veille de Noël (après-midi)",
      it: "Vigilia di Natale (pomeriggio)",
    },
  },
  {
    monthDay: "12-31",
    cantons: "*",
    names: {
      de: "Silvester (Nachmittag)",
      en: "New Year's Eve (afternoon)",
      fr: "Saint-Sylvestre (après-midi)",
      it: "San Silvestro (pomeriggio)",
    },
  },
];

/** The customary half days observed unless the installation chose otherwise: all of the catalogue. */
export const DEFAULT_HALF_DAYS: readonly string[] = ["12-24", "12-31"];

/** Whether a list names only catalogue half days (`MM-DD` of `HALF_DAY_HOLIDAYS`), each once. */
export function isHalfDayList(v: unknown): v is string[] {
  return Array.isArray(v) && new Set(v).size === v.length &&
    v.every((d) => typeof d === "string" && HALF_DAY_HOLIDAYS.some((h) => h.monthDay === d));
}

/**
 * The observed days as the holiday rules key them: the catalogue's half days (`MM-DD`) and regional days
 * (`CANTON:name`) named in `monthDays`, in the catalogues' order (anything else is ignored), joined by commas.
 */
function halfDaysKey(monthDays: readonly string[]): string {
  return [...HALF_DAY_HOLIDAYS.map((h) => h.monthDay), ...REGIONAL_DAYS.map((r) => r.key)]
    .filter((d) => monthDays.includes(d)).join(",");
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19, b = Math.floor(year / 100), c = year % 100;
  const d = Math.floor(b / 4), e = b % 4, f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30, i = Math.floor(c / 4), k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31), day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/**
 * Days that are rest days only in part of a canton (a district, a commune, the inner part): not the canton's, so
 * not in its list, and a day off only where the organisation says its place of work keeps it (the
 * `calendar.regional_days` setting, admin command `regional-days`, `settings.regionalDays` of the
 * configuration file, the console's organisation page). The service knows a place of work by its canton (the
 * employee's `canton`), so a choice holds for everyone working in that canton. Each is a whole day.
 *
 * Sources:
 * - AG: Kanton Aargau, Gesetz über die öffentlichen Ruhetage and its ordinance, which adds days per district;
 *   ag.ch / hallo-aargau.ch, "Öffentliche Feiertage": "In jedem Bezirk gibt es neun gesetzliche Feiertage, fünf
 *   davon sind im ganzen Kanton dieselben" (1 January, Good Friday, Ascension, 1 August, 25 December). The
 *   others are the districts': Berchtoldstag, Easter Monday, Whit Monday and 26 December in the reformed
 *   districts; Fronleichnam, Mariä Himmelfahrt, Allerheiligen and Mariä Empfängnis in the Catholic ones
 *   (Baden, Bremgarten, Laufenburg, Muri, Rheinfelden, Zurzach), with Easter and Whit Monday in most.
 * - AI: Kanton Appenzell Innerrhoden, "Feiertage" (ai.ch): Mauritiustag (22 September) in the inner districts,
 *   not in Oberegg.
 * - SO: Josefstag (19 March) in a few communes only (Kanton Solothurn, law on public rest days).
 * - NE: Fête-Dieu in the Catholic communes only (République et canton de Neuchâtel, jours fériés, ne.ch).
 */
export const REGIONAL_DAYS: ReadonlyArray<{
  /** `CANTON:name`, what the setting lists. */
  key: string;
  canton: string;
  /** `MM-DD`, or days after Easter Sunday. */
  on: string | { easter: number };
  names: Record<Lang, string>;
}> = [
  regional("AG:berchtoldstag", "01-02", "Berchtoldstag", "Saint-Berthold", "San Bertoldo", "Berchtold's Day"),
  regional(
    "AG:easter-monday",
    { easter: 1 },
    "Ostermontag",
    "Lundi de Pâques",
    "Lunedì di Pasqua",
    "Easter Monday",
  ),
  regional(
    "AG:whit-monday",
    { easter: 50 },
    "Pfingstmontag",
    "Lundi de Pentecôte",
    "Lunedì di Pentecoste",
    "Whit Monday",
  ),
  regional(
    "AG:corpus-christi",
    { easter: 60 },
    "Fronleichnam",
    "Fête-Dieu",
    "Corpus Domini",
    "Corpus Christi",
  ),
  regional("AG:assumption", "08-15", "Mariä Himmelfahrt", "Assomption", "Assunzione", "Assumption Day"),
  regional("AG:all-saints", "11-01", "Allerheiligen", "Toussaint", "Ognissanti", "All Saints' Day"),
  regional(
    "AG:immaculate-conception",
    "12-08",
    "Mariä Empfängnis",
    "Immaculée Conception",
    "Immacolata Concezione",
    "Immaculate Conception",
  ),
  regional("AG:st-stephen", "12-26", "Stephanstag", "Saint-Étienne", "Santo Stefano", "St. Stephen's Day"),
  regional("AI:st-mauritius", "09-22", "St. Mauritius", "Saint-Maurice", "San Maurizio", "St. Maurice's Day"),
  regional("SO:st-joseph", "03-19", "Josefstag", "Saint-Joseph", "San Giuseppe", "St. Joseph's Day"),
  regional(
    "NE:corpus-christi",
    { easter: 60 },
    "Fronleichnam",
    "Fête-Dieu",
    "Corpus Domini",
    "Corpus Christi",
  ),
];

function regional(
  key: string,
  on: string | { easter: number },
  de: string,
  fr: string,
  it: string,
  en: string,
) {
  return { key, canton: key.slice(0, 2), on, names: { de, fr, it, en } };
}

/** Whether a list names only catalogue regional days (`CANTON:name` of `REGIONAL_DAYS`), each once. */
export function isRegionalDayList(v: unknown): v is string[] {
  return Array.isArray(v) && new Set(v).size === v.length &&
    v.every((d) => typeof d === "string" && REGIONAL_DAYS.some((r) => r.key === d));
}

/** The holiday table (`holidays_ch_days.json`, written by src/domain/holiday_rules.ts). */
export interface HolidayTable {
  source: string;
  license: string;
  firstYear: number;
  lastYear: number;
  /** Each name in the languages of `HOLIDAY_TABLE_LANGS`. */
  names: string[][];
  /**
   * Per canton, one segment per year from `firstYear`, separated by `|`; a segment is its days off, six
   * characters each: `MMDD`, `1` for a whole day or `5` for an afternoon, the name's index as one character
   * of `A`–`Z`, `a`–`z`, `0`–`9`.
   */
  cantons: Record<string, string>;
}

/**
 * The Swiss public holidays, every canton, 1900 to 2100: date-holidays' rules (CC BY-SA 3.0) with the
 * cantons' own lists applied, evaluated ahead by `deno task holidays` (src/domain/holiday_rules.ts, where the
 * rules and their sources are).
 */
const TABLE: HolidayTable = holidayTable as HolidayTable;

/** The 26 two-letter canton codes (a wrong code is a validation error). */
/** The 26 canton codes (AG … ZH), in alphabetical order: the one list, as the holiday table holds them. */
export const CANTON_CODES: readonly string[] = Object.keys(TABLE.cantons).sort();
const CANTONS: ReadonlySet<string> = new Set(CANTON_CODES);

/** Whether `canton` is one of the 26 two-letter canton codes. */
export function isCanton(canton: string): boolean {
  return CANTONS.has(canton);
}

/** Each canton's table split into its years, when first read. */
const cantonYears = new Map<string, string[]>();
/** The languages the table holds each holiday's name in, in this order. */
export const HOLIDAY_TABLE_LANGS = LANGS_SWISS_ORDER;
/** The characters that index a name in an entry of the table, in order (at most 62 names). */
export const HOLIDAY_NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const NAME_INDEX: ReadonlyMap<string, number> = new Map([...HOLIDAY_NAME_CHARS].map((c, i) => [c, i]));
const LANG_COLUMN = Object.fromEntries(HOLIDAY_TABLE_LANGS.map((l, i) => [l, i])) as Record<Lang, number>;

const holidayCache = new Map<string, PublicHoliday[]>();

/**
 * Public holidays of a Swiss canton for a year from 1900 to 2100, from the table above (date-holidays' rules
 * for `"CH", canton`, evaluated by its parser when the table was written); only days that are off work:
 * - date-holidays entries of type `public` (the cantonal days equal to Sundays, ArG Art. 20a, plus the
 *   federal 1 August, BV Art. 110 para. 3). A `public` entry that starts at noon or later is a half day.
 *   Types `optional`, `bank`, `school` and `observance` are not days off (e.g. ZH Berchtoldstag and the
 *   city of Zurich's Knabenschiessen afternoon are `optional`; an installation that grants them records
 *   a closure that does not deduct leave).
 * - the customary half days of `HALF_DAY_HOLIDAYS` the installation observes (`MM-DD` entries of `halfDays`)
 *   and the regional days of `REGIONAL_DAYS` its place of work in the canton keeps (`CANTON:name` entries of
 *   `halfDays`): the installation's settings, which the services read (settings.ts `halfDaysIn`).
 * Sorted by date, one entry per date (the larger portion wins). Cached per canton + year + language +
 * observed days (the result depends on nothing else).
 */
export function publicHolidays(
  canton: string,
  year: number,
  lang: Lang = "de",
  halfDays: readonly string[] = DEFAULT_HALF_DAYS,
): PublicHoliday[] {
  return cachedHolidays(canton, year, lang, halfDays).map((h) => ({ ...h }));
}

/** The cached list itself, for this module's read-only use (`publicHolidays` hands out copies). */
function cachedHolidays(
  canton: string,
  year: number,
  lang: Lang,
  halfDays: readonly string[],
): readonly PublicHoliday[] {
  if (!isCanton(canton)) {
    throw refusal("validation", "calendar.unknownCanton", { value: canton }, { field: "canton" });
  }
  if (!Number.isInteger(year) || year < TABLE.firstYear || year > TABLE.lastYear) {
    throw refusal("validation", "calendar.yearOutOfRange", { year }, { field: "year" });
  }
  const observed = halfDaysKey(halfDays);
  const key = `${canton}|${year}|${lang}|${observed}`;
  const cached = holidayCache.get(key);
  if (cached) return cached;

  const byDate = new Map<string, PublicHoliday>();
  const put = (h: PublicHoliday) => {
    const prev = byDate.get(h.date);
    if (!prev || h.portion > prev.portion) byDate.set(h.date, h);
  };
  let years = cantonYears.get(canton);
  if (!years) cantonYears.set(canton, years = TABLE.cantons[canton].split("|"));
  const days = years[year - TABLE.firstYear];
  for (let i = 0; i < days.length; i += 6) {
    put({
      date: `${year}-${days.slice(i, i + 2)}-${days.slice(i + 2, i + 4)}`,
      name: TABLE.names[NAME_INDEX.get(days[i + 5])!][LANG_COLUMN[lang]],
      portion: days[i + 4] === "5" ? 0.5 : 1,
    });
  }
  for (const half of HALF_DAY_HOLIDAYS) {
    if (!observed.split(",").includes(half.monthDay)) continue;
    if (half.cantons !== "*" && !half.cantons.includes(canton)) continue;
    put({ date: `${year}-${half.monthDay}`, name: half.names[lang], portion: 0.5 });
  }
  for (const r of REGIONAL_DAYS) {
    if (r.canton !== canton || !halfDays.includes(r.key)) continue;
    const date = typeof r.on === "string" ? `${year}-${r.on}` : addDays(easterSunday(year), r.on.easter);
    put({ date, name: r.names[lang], portion: 1 });
  }
  const list = [...byDate.values()].sort((a, b) => byCharacters(a.date, b.date));
  holidayCache.set(key, list);
  return list;
}

/**
 * date → fraction of the day that is a holiday (1 or 0.5) for the inclusive range `from`..`to`, possibly
 * spanning several years, with the customary half days `halfDays` observed (see `publicHolidays`). Days
 * that are not holidays are absent. This is what the leave and time rules take as `holidays`.
 */
export function holidayFractions(
  canton: string,
  from: string,
  to: string,
  halfDays: readonly string[] = DEFAULT_HALF_DAYS,
): Map<string, number> {
  assertDate(from, "from");
  assertDate(to, "to");
  const out = new Map<string, number>();
  for (let y = yearOf(from); y <= yearOf(to); y++) {
    for (const h of cachedHolidays(canton, y, "de", halfDays)) {
      if (h.date >= from && h.date <= to) out.set(h.date, h.portion);
    }
  }
  return out;
}

/** A place-of-work canton valid from a date until the next change (schema: `canton_changes`). */
export interface CantonPeriod {
  validFrom: string;
  canton: string;
}

/**
 * The canton in force on `date`: the latest period that starts on or before it; before the first period the
 * first one's (a day before the history starts belongs to no other canton); `current` when there is no
 * history at all.
 */
export function cantonOn(current: string, history: readonly CantonPeriod[], date: string): string {
  if (!history.length) return current;
  let best: CantonPeriod | null = null;
  let first = history[0];
  for (const p of history) {
    if (p.validFrom < first.validFrom) first = p;
    if (p.validFrom <= date && (!best || p.validFrom > best.validFrom)) best = p;
  }
  return (best ?? first).canton;
}

/**
 * `holidayFractions` for someone whose place of work may change within the range: each day takes the
 * holidays of the canton in force on it (`cantonOn`), so a move never rewrites the days before it.
 */
export function holidayFractionsOver(
  current: string,
  history: readonly CantonPeriod[],
  from: string,
  to: string,
  halfDays: readonly string[] = DEFAULT_HALF_DAYS,
): Map<string, number> {
  const sorted = [...history].sort((a, b) => byCharacters(a.validFrom, b.validFrom));
  const inRange = sorted.filter((p) => p.validFrom > from && p.validFrom <= to);
  if (!inRange.length) return holidayFractions(cantonOn(current, sorted, from), from, to, halfDays);
  const out = new Map<string, number>();
  let start = from;
  for (const p of [...inRange, null]) {
    const end = p ? addDays(p.validFrom, -1) : to;
    for (const [d, v] of holidayFractions(cantonOn(current, sorted, start), start, end, halfDays)) {
      out.set(d, v);
    }
    if (p) start = p.validFrom;
  }
  return out;
}

/** The cantons in force on some day of `from`..`to` (the one of `from` first). */
export function cantonsDuring(
  current: string,
  history: readonly CantonPeriod[],
  from: string,
  to: string,
): string[] {
  const out = [cantonOn(current, history, from)];
  for (const p of history) if (p.validFrom > from && p.validFrom <= to) out.push(p.canton);
  return [...new Set(out)];
}
