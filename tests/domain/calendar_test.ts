import assert from "node:assert/strict";
import { AppError, textOf } from "../../src/errors.ts";
import {
  addDays,
  addYears,
  assertNearToday,
  daysBetween,
  eachDay,
  fromEpochDay,
  holidayFractions,
  isoWeekday,
  isPlausibleDate,
  isValidDate,
  mondayOf,
  publicHolidays,
  toEpochDay,
} from "../../src/domain/calendar.ts";

function isValidation(e: unknown): boolean {
  return e instanceof AppError && e.code === "validation";
}

Deno.test("calendar: a date is valid only if it exists in the calendar (leap days only in leap years)", async (t) => {
  const cases: [string, boolean][] = [
    ["2024-02-29", true], // divisible by 4
    ["2023-02-29", false],
    ["1900-02-29", false], // century not divisible by 400
    ["2000-02-29", true], // divisible by 400
    ["2024-04-31", false],
    ["2024-12-31", true],
    ["2024-13-01", false],
    ["2024-00-10", false],
    ["2024-01-00", false],
    ["2024-1-01", false],
    ["2024-01-01T00:00:00Z", false],
    ["", false],
  ];
  for (const [s, ok] of cases) {
    await t.step(`${JSON.stringify(s)} -> ${ok}`, () => assert.equal(isValidDate(s), ok));
  }
});

Deno.test("calendar: validity agrees with the Date object for every string one character away from a date", () => {
  // Reference: the shape by regular expression, existence by a round trip through Date.
  const reference = (s: string) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s.startsWith("0000")) return false;
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  };
  const replacements = ["0", "1", "2", "3", "9", "-", "/", " ", "a", "\u0660", "\uff11", "+", "."];
  let checked = 0;
  for (const base of ["2024-02-29", "2023-12-31", "1999-09-09", "2000-02-28", "0001-01-01", "9999-12-31"]) {
    assert.equal(isValidDate(base), reference(base), base);
    for (let i = 0; i < base.length; i++) {
      for (const r of replacements) {
        const s = base.slice(0, i) + r + base.slice(i + 1);
        if (isValidDate(s) !== reference(s)) {
          assert.fail(`isValidDate(${JSON.stringify(s)}) = ${isValidDate(s)}`);
        }
        checked++;
      }
    }
    for (const s of [base + "0", base.slice(1), " " + base, base.replaceAll("-", "")]) {
      assert.equal(isValidDate(s), false, JSON.stringify(s));
    }
  }
  assert.ok(checked > 700);
  assert.equal(isValidDate(undefined as unknown as string), false);
  assert.throws(() => toEpochDay("2024-02-3x"), /calendar-valid date/);
});

Deno.test("calendar: addDays crosses month ends, 29 February and New Year", async (t) => {
  const cases: [string, number, string][] = [
    ["2024-02-28", 1, "2024-02-29"],
    ["2023-02-28", 1, "2023-03-01"],
    ["2024-03-01", -1, "2024-02-29"],
    ["2024-12-31", 1, "2025-01-01"],
    ["2025-01-01", -1, "2024-12-31"],
    ["2024-01-01", 366, "2025-01-01"],
    ["2024-03-30", 1, "2024-03-31"], // DST change in Europe: still one calendar day
  ];
  for (const [d, n, want] of cases) {
    await t.step(`${d} + ${n} = ${want}`, () => assert.equal(addDays(d, n), want));
  }
  await t.step(
    "an invalid date is a validation error",
    () => assert.throws(() => addDays("2023-02-29", 1), isValidation),
  );
});

Deno.test("calendar: isoWeekday is 1 = Monday … 7 = Sunday and mondayOf gives the ISO week's Monday", async (t) => {
  const cases: [string, number, string][] = [
    ["2024-01-01", 1, "2024-01-01"],
    ["2024-02-29", 4, "2024-02-26"],
    ["2024-12-29", 7, "2024-12-23"],
    ["2025-01-01", 3, "2024-12-30"], // ISO week 1 of 2025 starts in 2024
    ["1970-01-01", 4, "1969-12-29"],
    ["1969-12-31", 3, "1969-12-29"], // before the epoch
  ];
  for (const [d, wd, monday] of cases) {
    await t.step(`${d}: weekday ${wd}, Monday ${monday}`, () => {
      assert.equal(isoWeekday(d), wd);
      assert.equal(mondayOf(d), monday);
    });
  }
});

Deno.test("calendar: daysBetween is to − from and eachDay is inclusive", async (t) => {
  const cases: [string, string, number][] = [
    ["2024-02-01", "2024-03-01", 29],
    ["2023-02-01", "2023-03-01", 28],
    ["2024-12-31", "2025-01-01", 1],
    ["2025-01-01", "2024-12-31", -1],
    ["2024-05-05", "2024-05-05", 0],
  ];
  for (const [a, b, n] of cases) {
    await t.step(`${a} → ${b} = ${n}`, () => assert.equal(daysBetween(a, b), n));
  }
  await t.step("eachDay over 29 February", () =>
    assert.deepEqual([...eachDay("2024-02-27", "2024-03-01")], [
      "2024-02-27",
      "2024-02-28",
      "2024-02-29",
      "2024-03-01",
    ]));
  await t.step(
    "eachDay of a reversed range is empty",
    () => assert.deepEqual([...eachDay("2024-03-02", "2024-03-01")], []),
  );
});

function has(canton: string, year: number, date: string): number | undefined {
  return publicHolidays(canton, year).find((h) => h.date === date)?.portion;
}

Deno.test("calendar: Easter-based holidays move with Easter (Karfreitag, Ostermontag, Auffahrt, Pfingstmontag)", async (t) => {
  // Easter Sunday: 2008-03-23 (early), 2024-03-31, 2025-04-20, 2038-04-25 (late).
  const cases: [number, string[]][] = [
    [2008, ["2008-03-21", "2008-03-24", "2008-05-01", "2008-05-12"]],
    [2024, ["2024-03-29", "2024-04-01", "2024-05-09", "2024-05-20"]],
    [2025, ["2025-04-18", "2025-04-21", "2025-05-29", "2025-06-09"]],
    [2038, ["2038-04-23", "2038-04-26", "2038-06-03", "2038-06-14"]],
  ];
  for (const [year, dates] of cases) {
    for (const canton of ["BE", "ZH", "VD"]) {
      await t.step(`${canton} ${year}`, () => {
        for (const d of dates) assert.equal(has(canton, year, d), 1, `${canton} ${d}`);
      });
    }
  }
  await t.step(
    "Gründonnerstag (an observance) is a working day",
    () => assert.equal(has("BE", 2024, "2024-03-28"), undefined),
  );
});

Deno.test("calendar: cantons differ (BE, ZH, VD)", async (t) => {
  const cases: [string, string, number | undefined, string][] = [
    ["BE", "2024-01-02", 1, "Berchtoldstag is public in BE"],
    ["ZH", "2024-01-02", undefined, "Berchtoldstag is only optional in ZH"],
    ["VD", "2024-01-02", 1, "2 janvier is public in VD"],
    ["ZH", "2024-05-01", 1, "Tag der Arbeit is public in ZH"],
    ["BE", "2024-05-01", undefined, "1 May is a working day in BE"],
    ["VD", "2024-05-01", undefined, "1 May is a working day in VD"],
    ["BE", "2024-12-26", 1, "Stephanstag in BE"],
    ["ZH", "2024-12-26", 1, "Stephanstag in ZH"],
    ["VD", "2024-12-26", undefined, "26 December is a working day in VD"],
    ["VD", "2024-09-16", 1, "Lundi du Jeûne fédéral in VD"],
    ["BE", "2024-09-16", undefined, "no Bettagsmontag in BE"],
    ["ZH", "2024-09-16", undefined, "Knabenschiessen (optional, city of Zurich) is not counted"],
    ["VD", "2025-09-22", 1, "Lundi du Jeûne fédéral 2025"],
    ["BE", "2025-08-01", 1, "Bundesfeiertag everywhere"],
  ];
  for (const [canton, date, portion, why] of cases) {
    await t.step(
      `${canton} ${date}: ${why}`,
      () => assert.equal(has(canton, Number(date.slice(0, 4)), date), portion),
    );
  }
});

Deno.test("calendar: 24 and 31 December afternoons are half days; a canton's whole day wins", async (t) => {
  for (const canton of ["BE", "ZH", "VD"]) {
    await t.step(canton, () => {
      assert.equal(has(canton, 2024, "2024-12-24"), 0.5);
      assert.equal(has(canton, 2024, "2024-12-31"), 0.5);
    });
  }
  await t.step(
    "GE 31 December (Restauration de la République) stays a whole day",
    () => assert.equal(has("GE", 2024, "2024-12-31"), 1),
  );
});

Deno.test("calendar: holiday names follow the language; list is sorted, one entry per date", async (t) => {
  await t.step("de / en / fr", () => {
    const name = (lang: "de" | "en" | "fr", d: string) =>
      publicHolidays("BE", 2024, lang).find((h) => h.date === d)?.name;
    assert.equal(name("de", "2024-12-25"), "Weihnachtstag");
    assert.equal(name("en", "2024-12-25"), "Christmas Day");
    assert.equal(name("de", "2024-12-24"), "Heiligabend (Nachmittag)");
    assert.equal(name("en", "2024-12-24"), "Christmas Eve (afternoon)");
    assert.equal(name("fr", "2024-12-31"), "Saint-Sylvestre (après-midi)");
  });
  await t.step("sorted and unique", () => {
    const dates = publicHolidays("ZH", 2025).map((h) => h.date);
    assert.deepEqual(dates, [...new Set(dates)].sort());
  });
  await t.step("the cache hands out copies", () => {
    publicHolidays("BE", 2030)[0].name = "changed";
    assert.notEqual(publicHolidays("BE", 2030)[0].name, "changed");
  });
  await t.step(
    "an unknown canton is a validation error",
    () => assert.throws(() => publicHolidays("XX", 2024), isValidation),
  );
});

Deno.test("calendar: holidayFractions spans years and keeps only the range", () => {
  const m = holidayFractions("BE", "2024-12-20", "2025-01-05");
  assert.deepEqual(Object.fromEntries(m), {
    "2024-12-24": 0.5,
    "2024-12-25": 1,
    "2024-12-26": 1,
    "2024-12-31": 0.5,
    "2025-01-01": 1,
    "2025-01-02": 1,
  });
});

Deno.test("calendar: epoch-day arithmetic equals the Date object's for every day from 1600 to 2400", () => {
  const from = Date.UTC(1600, 0, 1) / 86_400_000;
  const to = Date.UTC(2400, 11, 31) / 86_400_000;
  for (let n = from; n <= to; n++) {
    const iso = new Date(n * 86_400_000).toISOString().slice(0, 10);
    if (fromEpochDay(n) !== iso) assert.fail(`fromEpochDay(${n}) = ${fromEpochDay(n)}, expected ${iso}`);
    if (toEpochDay(iso) !== n) assert.fail(`toEpochDay(${iso}) = ${toEpochDay(iso)}, expected ${n}`);
  }
  assert.equal(toEpochDay("1970-01-01"), 0);
  assert.equal(fromEpochDay(-1), "1969-12-31");
  assert.equal(toEpochDay("2000-02-29") + 1, toEpochDay("2000-03-01"));
  assert.throws(() => toEpochDay("2026-02-29"));
});

/** A day as the refusals show it (25.11.2026). */
const swiss = (d: string) => d.split("-").reverse().join(".");

Deno.test("calendar: plausible dates are 1900-01-01 to 2100-12-31; entries five years either side of today", () => {
  // The service's own range (docs/swiss-rules.md, "Plausible dates"): a calendar-valid 0001 or 9999 is a slip.
  for (const d of ["1900-01-01", "2026-11-18", "2100-12-31"]) assert.ok(isPlausibleDate(d), d);
  for (const d of ["1899-12-31", "2101-01-01", "0001-01-01", "9999-12-31", "2026-02-29"]) {
    assert.ok(!isPlausibleDate(d), d);
  }
  assert.equal(addYears("2026-11-18", 5), "2031-11-18");
  assert.equal(addYears("2024-02-29", 5), "2029-02-28");
  assert.equal(addYears("2024-02-29", -4), "2020-02-29");
  assertNearToday("2031-11-18", "2026-11-18", "date");
  assertNearToday("2021-11-18", "2026-11-18", "date");
  for (const d of ["2031-11-19", "2021-11-17", "9999-12-31"]) {
    assert.throws(
      () => assertNearToday(d, "2026-11-18", "date"),
      (e: unknown) =>
        e instanceof AppError && e.code === "validation" &&
        e.message ===
          `Invalid field 'date': ${swiss(d)} is more than 5 years from today; dates from 18.11.2021 to ` +
            "18.11.2031 are taken." &&
        textOf(e, "de") ===
          `«date»: ${swiss(d)} liegt mehr als 5 Jahre von heute entfernt; angenommen werden Daten vom ` +
            "18.11.2021 bis 18.11.2031." &&
        e.fields?.[0].field === "date",
    );
  }
});
