/**
 * Regional days: a day kept only in part of a canton is no day off by itself, and is one wherever the
 * organisation's place of work in that canton keeps it.
 *
 * Sources: Kanton Aargau, "Öffentliche Feiertage" (ag.ch / hallo-aargau.ch): five rest days are the whole
 * canton's (1 January, Good Friday, Ascension, 1 August, 25 December), the others are set by district (Easter
 * Monday, Whit Monday, 26 December, and in the Catholic districts Fronleichnam, Mariä Himmelfahrt, Allerheiligen,
 * Mariä Empfängnis). Kanton Appenzell Innerrhoden, "Feiertage" (ai.ch): Mauritiustag, 22 September, in the inner
 * districts, not in Oberegg.
 */
import assert from "node:assert/strict";
import {
  DEFAULT_HALF_DAYS,
  easterSunday,
  isRegionalDayList,
  publicHolidays,
} from "../../src/domain/calendar.ts";

/** The observed days as the services pass them: the default half days and the regional days kept. */
let kept: readonly string[] = DEFAULT_HALF_DAYS;
const keep = (regional: string[]) => kept = [...DEFAULT_HALF_DAYS, ...regional];
const dates = (canton: string, year: number) => publicHolidays(canton, year, "de", kept).map((h) => h.date);

Deno.test("regional days: Easter Sunday of known years", () => {
  // The Gregorian Easter dates (e.g. the Swiss federal calendar, bj.admin.ch): 1900-04-15, 2000-04-23,
  // 2025-04-20, 2026-04-05, 2027-03-28, 2100-03-28.
  assert.equal(easterSunday(1900), "1900-04-15");
  assert.equal(easterSunday(2000), "2000-04-23");
  assert.equal(easterSunday(2025), "2025-04-20");
  assert.equal(easterSunday(2026), "2026-04-05");
  assert.equal(easterSunday(2027), "2027-03-28");
  assert.equal(easterSunday(2100), "2100-03-28");
});

Deno.test("regional days: an AG place of work that keeps Easter Monday has it, its Whit Monday stays a working day", () => {
  try {
    keep([]);
    assert.ok(!dates("AG", 2026).includes("2026-04-06"), "not kept: Easter Monday 2026 is a working day");
    keep(["AG:easter-monday"]);
    const easterMonday = publicHolidays("AG", 2026, "de", kept).find((h) => h.date === "2026-04-06");
    assert.deepEqual(easterMonday, { date: "2026-04-06", name: "Ostermontag", portion: 1 });
    assert.ok(dates("AG", 2027).includes("2027-03-29"), "Easter Monday 2027");
    assert.ok(!dates("AG", 2026).includes("2026-05-25"), "Whit Monday not chosen");
    // The five canton-wide days stay, and the choice is AG's only (LU keeps no Easter Monday).
    for (const d of ["2026-01-01", "2026-04-03", "2026-05-14", "2026-08-01", "2026-12-25"]) {
      assert.ok(dates("AG", 2026).includes(d), d);
    }
    assert.ok(!dates("LU", 2026).includes("2026-04-06"));
    // A Catholic district's days, in French for a French-speaking reader.
    keep([
      "AG:corpus-christi",
      "AG:assumption",
      "AG:all-saints",
      "AG:immaculate-conception",
    ]);
    const catholic = publicHolidays("AG", 2026, "fr", kept).filter((h) =>
      ["2026-06-04", "2026-08-15", "2026-11-01", "2026-12-08"].includes(h.date)
    ).map((h) => h.name);
    assert.deepEqual(catholic, ["Fête-Dieu", "Assomption", "Toussaint", "Immaculée Conception"]);
  } finally {
    keep([]);
  }
});

Deno.test("regional days: AI's inner part keeps St. Mauritius on 22 September, Oberegg (none chosen) does not", () => {
  try {
    keep([]);
    assert.ok(!dates("AI", 2026).includes("2026-09-22"));
    keep(["AI:st-mauritius"]);
    assert.ok(dates("AI", 2026).includes("2026-09-22"));
    assert.ok(dates("AI", 2027).includes("2027-09-22"));
    assert.ok(!dates("AR", 2026).includes("2026-09-22"), "AI's choice is not AR's");
  } finally {
    keep([]);
  }
});

Deno.test("regional days: the list names catalogue days only, each once", () => {
  assert.ok(isRegionalDayList(["AG:easter-monday", "AI:st-mauritius"]));
  assert.ok(isRegionalDayList([]));
  for (
    const bad of [["ZH:easter-monday"], ["AG:easter-monday", "AG:easter-monday"], ["easter-monday"], [1]]
  ) {
    assert.ok(!isRegionalDayList(bad), JSON.stringify(bad));
  }
});
