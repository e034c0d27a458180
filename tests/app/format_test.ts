/**
 * The app's Swiss formats and its words, imported as the browser gets them (src/app is served unchanged).
 */
import assert from "node:assert/strict";
import {
  addDays,
  formatChf,
  formatDate,
  formatNumber,
  formatQuantity,
  formatRange,
  mondayOf,
} from "../../src/app/format.js";
import { browserLang, fill, LANGS, say, STRINGS } from "../../src/app/i18n.js";

Deno.test("app format: dates read 25.11.2026, from a date or a date-time", () => {
  assert.equal(formatDate("2026-11-25"), "25.11.2026");
  assert.equal(formatDate("2026-03-09T00:00:00.000Z"), "09.03.2026");
  assert.equal(formatDate(undefined), "");
  assert.equal(formatRange("2027-01-11", "2027-01-15"), "11.01.2027 – 15.01.2027");
  assert.equal(formatRange("2027-01-11", "2027-01-11"), "11.01.2027");
});

Deno.test("app format: amounts read 1'234.50 CHF, with ' between thousands", () => {
  assert.equal(formatChf(1234.5), "1'234.50 CHF");
  assert.equal(formatChf(99500), "99'500.00 CHF");
  assert.equal(formatChf(1234567.891), "1'234'567.89 CHF");
  assert.equal(formatChf(0), "0.00 CHF");
  assert.equal(formatChf(-1234.5), "-1'234.50 CHF");
  assert.equal(formatNumber(999.999), "1'000.00");
});

Deno.test("app format: days and hours without trailing zeros", () => {
  assert.equal(formatQuantity(2.5), "2.5");
  assert.equal(formatQuantity(7), "7");
  assert.equal(formatQuantity(17.3), "17.3");
  assert.equal(formatQuantity(0.25), "0.25");
  assert.equal(formatQuantity(1500), "1'500");
  assert.equal(formatQuantity(0), "0");
});

Deno.test("app format: weeks start on Monday, also across the change to winter time", () => {
  assert.equal(mondayOf("2026-11-18"), "2026-11-16");
  assert.equal(mondayOf("2026-11-16"), "2026-11-16");
  assert.equal(mondayOf("2026-11-22"), "2026-11-16");
  assert.equal(addDays("2026-10-19", 7), "2026-10-26");
  assert.equal(addDays("2026-10-26", -7), "2026-10-19");
  assert.equal(addDays("2026-12-28", 7), "2027-01-04");
});

Deno.test("app words: every language has every text, with the same placeholders", () => {
  const keys = Object.keys(STRINGS.de).sort();
  for (const l of LANGS) {
    assert.deepEqual(Object.keys(STRINGS[l]).sort(), keys, l);
    for (const k of keys) {
      const de = (STRINGS.de as Record<string, string>)[k].match(/\{\w+\}/g)?.sort() ?? [];
      const other = (STRINGS[l] as Record<string, string>)[k].match(/\{\w+\}/g)?.sort() ?? [];
      assert.deepEqual(other, de, `${l}.${k}`);
    }
  }
  assert.equal(fill(STRINGS.it.vacationLeft, { year: 2026, days: "7" }), "Vacanze 2026: ancora 7 giorni");
});

Deno.test("app words: before sign-in the browser's first language the app speaks, else German", () => {
  assert.equal(browserLang(["it-CH", "de-CH"]), "it");
  assert.equal(browserLang(["es-ES", "fr-CH"]), "fr");
  assert.equal(browserLang(["es-ES"]), "de");
  assert.equal(browserLang([]), "de");
});

Deno.test("app words: counts follow each language's plural rules (Intl.PluralRules)", () => {
  assert.equal(say("de", "days", { n: "1" }, 1), "1 Tag");
  assert.equal(say("de", "days", { n: "2" }, 2), "2 Tage");
  assert.equal(say("de", "days", { n: "0.5" }, 0.5), "0.5 Tage");
  assert.equal(say("it", "vacationLeft", { year: 2026, days: "1" }, 1), "Vacanze 2026: ancora 1 giorno");
  assert.equal(say("it", "vacationLeft", { year: 2026, days: "2" }, 2), "Vacanze 2026: ancora 2 giorni");
  // French counts 0 to below 2 as one: "1,5 jour", "0 jour".
  assert.equal(say("fr", "deducted", { days: "1.5" }, 1.5), "Déduit : 1.5 jour");
  assert.equal(say("fr", "deducted", { days: "2" }, 2), "Déduit : 2 jours");
  assert.equal(say("en", "unreadCount", { n: 1 }, 1), "1 unread notification");
  assert.equal(say("en", "unreadCount", { n: 3 }, 3), "3 unread notifications");
  // Every singular form has its plural, in every language.
  for (const l of LANGS) {
    for (const k of Object.keys(STRINGS[l]).filter((x) => x.endsWith(".one"))) {
      assert.ok(k.slice(0, -4) in STRINGS[l], `${l} ${k}`);
    }
  }
});
