/**
 * The Swiss public holidays as the service keeps them: date-holidays' rules for Switzerland (CC BY-SA 3.0;
 * the extract `holidays_ch.json`) with the cantons' own lists applied (`CANTONAL_AMENDMENTS`), evaluated by
 * date-holidays' own parser for every canton and every year from 1900 to 2100 (the dates the service
 * accepts) into the table `holidays_ch_days.json` that the service reads (`calendar.ts`).
 *
 * Only the table is loaded by the service: the parser and what it brings (moment, moment-timezone and
 * astronomia, about 10 MB of a process's memory) are used by `deno task holidays`, which writes the table,
 * and by the tests that compare it with a new evaluation. An upgrade of date-holidays or a change to the
 * amendments below needs `deno task holidays`; tests/domain/holiday_data_test.ts fails until it is run.
 */
import Holidays from "date-holidays-parser";
import swissHolidays from "./holidays_ch.json" with { type: "json" };
import { HOLIDAY_NAME_CHARS, HOLIDAY_TABLE_LANGS, type HolidayTable } from "./calendar.ts";

/** The years the table covers: every year of a date the service accepts (`isPlausibleDate`). */
export const TABLE_FIRST_YEAR = 1900;
export const TABLE_LAST_YEAR = 2100;

/** The 26 canton codes, the states of date-holidays' CH data. */
export function cantonCodes(): string[] {
  return Object.keys(swissHolidays.holidays.CH.states).sort();
}

/**
 * Where date-holidays' data differs from a canton's own list of rest days, the canton's list wins. Each
 * entry rewrites the canton's `days` of the data (date-holidays' rule syntax) before it is evaluated: a day
 * set to `false` is not a holiday there, `optional` keeps it known but not a day off (communal or regional
 * days: an organisation that observes them records a closure that does not deduct leave), `public` makes
 * it a day off. The source of each is in docs/swiss-rules.md, and tests/domain/cantons_test.ts compares
 * every canton's list for two years with a table written from the cantons' lists.
 */
export const CANTONAL_AMENDMENTS: Readonly<
  Record<string, Readonly<Record<string, "public" | "optional" | false>>>
> = {
  // Customary afternoons only (the installation's half-day setting), never whole days.
  GL: { "12-24": false, "12-31": false },
  // Karfreitag is a rest day of the cantonal law, not an optional day.
  GR: { "easter -2": "public" },
  // Mariä Empfängnis has the status of Mariä Himmelfahrt and Allerheiligen. St. Mauritius (22 September) is
  // kept in the inner districts only, not in Oberegg (date-holidays' own note says so), so it is not the
  // canton's.
  AI: { "12-08": "public", "09-22": "optional" },
  // Only five rest days are the whole canton's: 1 January, Good Friday, Ascension, 1 August, 25 December (Kanton
  // Aargau, Gesetz über die öffentlichen Ruhetage; the canton's portal hallo-aargau.ch: "In jedem Bezirk gibt es
  // neun gesetzliche Feiertage, fünf davon sind im ganzen Kanton dieselben"). The others, Easter and Whit Monday
  // and 26 December among them, are set by district; 1 May is none.
  AG: {
    "01-02": "optional",
    "easter 1": "optional",
    "05-01": false,
    "easter 50": "optional",
    "easter 60": "optional",
    "08-15": "optional",
    "11-01": "optional",
    "12-08": "optional",
    "12-26": "optional",
  },
  // Stephanstag is no rest day when Christmas falls on a Monday or a Friday, i.e. when it is a Tuesday or a
  // Saturday (hallo-ar.ch, "Öffentliche Feiertage"; srf.ch, 2017); date-holidays has it the other way round ("not
  // on monday"). The same rule as AI's (date-holidays' AI data has it right).
  AR: { "12-26 not on monday": false, "12-26 not on tuesday, saturday": "public" },
  // date-holidays makes Uri's Stephanstag depend on the weekday ("not on monday, friday"); no list or law of the
  // canton found says so, and the canton's list names the day without a condition: every year.
  UR: { "12-26 not on monday, friday": false, "12-26": "public" },
  // Josefstag is a rest day of a few communes only.
  SO: { "03-19": "optional" },
  // Neither 1 May nor Whit Monday (like Easter Monday) is among the canton's rest days; the afternoon of
  // 24 December comes from the installation's half-day setting.
  VS: { "05-01 12:00": false, "easter 50": "optional", "12-24 12:00": false },
  // Whit Monday has the status of Easter Monday; Fête-Dieu is a communal day (Catholic communes).
  NE: { "easter 50": "public", "easter 60": "optional" },
};

/** Näfelser Fahrt: the first Thursday of April, a week later when that is Maundy Thursday (Holy Week). */
const NAEFELSER_FAHRT_FROM = "Thursday after 04-02 if is observance holiday then next Thursday";
const NAEFELSER_FAHRT_TO = "1st thursday in April if is observance holiday then next thursday";

/**
 * date-holidays' Swiss data with the cantons' own lists applied (see `CANTONAL_AMENDMENTS`).
 */
export function amendSwissHolidays(): typeof swissHolidays {
  const data = structuredClone(swissHolidays) as unknown as {
    holidays: {
      CH: { days: Record<string, unknown>; states: Record<string, { days: Record<string, unknown> }> };
    };
  };
  const ch = data.holidays.CH;
  for (const [canton, amendments] of Object.entries(CANTONAL_AMENDMENTS)) {
    const days = ch.states[canton].days;
    for (const [rule, status] of Object.entries(amendments)) {
      // A rule with a weekday condition ("12-26 not on tuesday") takes the name of its day ("12-26").
      const day = rule.split(" not on ")[0];
      const known = (days[rule] || ch.days[rule] || days[day] || ch.days[day] || { _name: day }) as Record<
        string,
        unknown
      >;
      if (status === false) days[rule] = false;
      else days[rule] = { ...known, type: status };
    }
  }
  const gl = ch.states.GL.days;
  if (gl[NAEFELSER_FAHRT_FROM]) {
    gl[NAEFELSER_FAHRT_TO] = gl[NAEFELSER_FAHRT_FROM];
    delete gl[NAEFELSER_FAHRT_FROM];
  }
  return data as unknown as typeof swissHolidays;
}

interface DhHoliday {
  date: string;
  name: string;
  type: string;
}

/** A canton's days off in one year: `MM-DD`, portion, and the name in each of `HOLIDAY_TABLE_LANGS`. */
export interface EvaluatedDay {
  monthDay: string;
  portion: 1 | 0.5;
  names: string[];
}

/**
 * A canton's public holidays of a year, evaluated by date-holidays' parser on the amended data: the entries of
 * type `public` (the other types are not days off), one per date (the larger portion wins, else the first),
 * an entry that starts at noon or later being an afternoon. Sorted by date.
 */
export function evaluateDaysOff(engines: CantonEngines, year: number): EvaluatedDay[] {
  const byDate = new Map<string, EvaluatedDay>();
  const lists = engines.map((engine) =>
    (engine.getHolidays(year) as DhHoliday[]).filter((h) => h.type === "public")
  );
  lists[0].forEach((h, i) => {
    const [date, time = "00:00:00"] = h.date.split(" ");
    const day: EvaluatedDay = {
      monthDay: date.slice(5),
      portion: Number(time.slice(0, 2)) >= 12 ? 0.5 : 1,
      names: lists.map((l) => {
        if (l[i]?.date !== h.date) throw new Error(`${year}: the languages list different days`);
        return l[i].name;
      }),
    };
    const prev = byDate.get(date);
    if (!prev || day.portion > prev.portion) byDate.set(date, day);
  });
  return [...byDate.values()].sort((a, b) => a.monthDay.localeCompare(b.monthDay));
}

/**
 * One parser per language of `HOLIDAY_TABLE_LANGS` for a canton, on the amended data. A name the data lacks
 * in that language is given in German, the service's source language, else in the canton's own (the
 * parser's `languages`). Asked with a language, the parser would instead add it in front of the languages it was
 * asked in before, so a list's fallback names would depend on the order of earlier calls.
 */
export type CantonEngines = Holidays[];
export function cantonEngines(canton: string): CantonEngines {
  const data = amendSwissHolidays();
  return HOLIDAY_TABLE_LANGS.map((lang) => {
    const engine = new Holidays(data, "CH", canton);
    engine.setLanguages([lang, "de"]);
    return engine;
  });
}

/** Evaluates every canton for every year of the table and encodes it. */
export function holidayTable(first = TABLE_FIRST_YEAR, last = TABLE_LAST_YEAR): HolidayTable {
  const names: string[][] = [];
  const nameIndex = new Map<string, number>();
  const cantons: Record<string, string> = {};
  for (const canton of cantonCodes()) {
    const engines = cantonEngines(canton);
    const years: string[] = [];
    for (let year = first; year <= last; year++) {
      years.push(
        evaluateDaysOff(engines, year).map((d) => {
          const key = d.names.join("\u0000");
          let i = nameIndex.get(key);
          if (i === undefined) {
            i = names.push(d.names) - 1;
            nameIndex.set(key, i);
            if (i >= HOLIDAY_NAME_CHARS.length) throw new Error("more holiday names than an entry can index");
          }
          return `${d.monthDay.replace("-", "")}${d.portion === 1 ? "1" : "5"}${HOLIDAY_NAME_CHARS[i]}`;
        }).join(""),
      );
    }
    cantons[canton] = years.join("|");
  }
  return {
    source:
      `date-holidays' data/countries/CH.yaml of ${swissHolidays.version}, with the cantons' own lists ` +
      "applied (src/domain/holiday_rules.ts); written by `deno task holidays`",
    license: swissHolidays.license,
    firstYear: first,
    lastYear: last,
    names,
    cantons,
  };
}
