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
