/**
 * The Swiss holiday rules the service evaluates are date-holidays' own: the committed extract
 * (`src/domain/holidays_ch.json`) equals the installed package's CH data and the names it uses, so an
 * upgrade of date-holidays that changes them fails here until `deno task holidays` is run. And the extract
 * gives the same holidays as the whole package (so the names it keeps are all it needs), for every canton,
 * in every language.
 */
import assert from "node:assert/strict";
import Holidays from "date-holidays";
import { EXTRACT, swissHolidayData } from "../../scripts/holiday_data.ts";
import HolidaysParser from "date-holidays-parser";
import swissHolidays from "../../src/domain/holidays_ch.json" with { type: "json" };

Deno.test("holiday data: the committed extract is the package's CH data, version and licence", async () => {
  const committed = JSON.parse(await Deno.readTextFile(EXTRACT));
  assert.deepEqual(committed, swissHolidayData());
  assert.equal(committed.license, "CC-BY-SA-3");
  assert.deepEqual(Object.keys(committed.holidays), ["CH"]);
});

Deno.test("holiday data: the extract gives every canton the whole package's holidays, 2026–2029, in 4 languages", () => {
  const cantons = Object.keys(new Holidays().getStates("CH") ?? {});
  assert.equal(cantons.length, 26);
  assert.deepEqual(Object.keys(new HolidaysParser(swissHolidays).getStates("CH") ?? {}), cantons);
  for (const canton of cantons) {
    const whole = new Holidays("CH", canton);
    const extract = new HolidaysParser(swissHolidays, "CH", canton);
    for (const lang of ["de", "fr", "it", "en"]) {
      for (let year = 2026; year < 2030; year++) {
        assert.deepEqual(
          extract.getHolidays(year, lang),
          whole.getHolidays(year, lang),
          `${canton} ${year} ${lang}`,
        );
      }
    }
  }
});

Deno.test("holiday data: the service's table is the amended rules' evaluation, every canton, sampled years, 4 languages", async () => {
  const { cantonCodes, cantonEngines, evaluateDaysOff } = await import("../../src/domain/holiday_rules.ts");
  const { publicHolidays } = await import(
    "../../src/domain/calendar.ts"
  );
  const table = JSON.parse(
    await Deno.readTextFile(new URL("../../src/domain/holidays_ch_days.json", import.meta.url)),
  );
  // Every date the service accepts (1900-01-01 to 2100-12-31) has its year in the table.
  assert.equal(table.firstYear, 1900);
  assert.equal(table.lastYear, 2100);
  assert.equal(cantonCodes().length, 26);
  assert.deepEqual(Object.keys(table.cantons).sort(), cantonCodes());
  for (const canton of cantonCodes()) {
    assert.equal(table.cantons[canton].split("|").length, 201, canton);
    const engines = cantonEngines(canton);
    // The ends of the table, years around today, and a few in between (the whole table: `deno task
    // holidays --check`, about half a minute).
    for (
      const year of [1900, 1950, 1999, 2000, 2024, 2025, 2026, 2027, 2028, 2029, 2030, 2050, 2075, 2100]
    ) {
      const evaluated = evaluateDaysOff(engines, year);
      ["de", "fr", "it", "en"].forEach((lang, column) => {
        assert.deepEqual(
          publicHolidays(canton, year, lang as "de", []),
          evaluated.map((d) => ({
            date: `${year}-${d.monthDay}`,
            name: d.names[column],
            portion: d.portion,
          })),
          `${canton} ${year} ${lang}`,
        );
      });
    }
  }
});

Deno.test("holiday data: a year outside 1900–2100 is refused, naming the field", async () => {
  const { publicHolidays } = await import("../../src/domain/calendar.ts");
  for (const year of [1899, 2101, 2999]) {
    assert.throws(() => publicHolidays("BE", year), (e: { code?: string; fields?: { field: string }[] }) => {
      assert.equal(e.code, "validation");
      assert.deepEqual(e.fields?.map((f) => f.field), ["year"]);
      return true;
    });
  }
  // 1 August, the federal day (BV Art. 110 para. 3), at both ends of the table.
  assert.ok(publicHolidays("BE", 1900).some((h) => h.date === "1900-08-01"));
  assert.ok(publicHolidays("BE", 2100).some((h) => h.date === "2100-08-01"));
});
