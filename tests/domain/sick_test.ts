import assert from "node:assert/strict";
import { AppError } from "../../src/errors.ts";
import {
  addMonths,
  anniversary,
  continuationDaysUsed,
  continuationOwedFrom,
  salaryContinuation,
  type SalaryScale,
  scaleStep,
  serviceYears,
  type SickAbsence,
  sickDaysCovered,
} from "../../src/domain/sick.ts";

function isValidation(e: unknown): boolean {
  return e instanceof AppError && e.code === "validation";
}

Deno.test("sick: days covered are calendar days, inclusive; an ongoing absence counts to today", async (t) => {
  const cases: [string, string, string | null, string, number][] = [
    ["over 29 February 2024", "2024-02-27", "2024-03-01", "2024-03-10", 4],
    ["same dates in 2023", "2023-02-27", "2023-03-01", "2023-03-10", 3],
    ["one day", "2024-03-04", "2024-03-04", "2024-03-04", 1],
    ["ongoing over New Year", "2024-12-30", null, "2025-01-02", 4],
    ["ongoing, started today", "2024-03-04", null, "2024-03-04", 1],
    ["ongoing, starts after today", "2024-03-05", null, "2024-03-04", 0],
    ["reported end in the future counts as reported", "2024-03-04", "2024-03-08", "2024-03-05", 5],
    ["weekends count (calendar days)", "2024-03-08", "2024-03-11", "2024-03-11", 4],
  ];
  for (const [name, start, end, today, want] of cases) {
    await t.step(name, () => assert.equal(sickDaysCovered(start, end, today), want));
  }
  await t.step(
    "end before start is a validation error naming endDate",
    () =>
      assert.throws(
        () => sickDaysCovered("2024-03-05", "2024-03-04", "2024-03-10"),
        (e: unknown) => isValidation(e) && (e as AppError).fields?.[0].field === "endDate",
      ),
  );
  await t.step(
    "an invalid date is a validation error",
    () => assert.throws(() => sickDaysCovered("2023-02-29", null, "2023-03-10"), isValidation),
  );
});

Deno.test("sick: service years are completed years plus the elapsed share, one decimal, rounded down", async (t) => {
  const cases: [string, string, string, number][] = [
    ["first day", "2024-03-01", "2024-03-01", 0],
    ["before the start", "2024-03-01", "2024-02-01", 0],
    ["half a year (184 of 366 days)", "2023-07-01", "2024-01-01", 0.5],
    ["one day before the 5th anniversary", "2020-01-01", "2024-12-31", 4.9],
    ["on the 5th anniversary", "2020-01-01", "2025-01-01", 5],
    ["start 29 Feb: day before the anniversary in a common year", "2020-02-29", "2021-02-27", 0.9],
    ["start 29 Feb: anniversary is 28 Feb in a common year (Art. 77 OR)", "2020-02-29", "2021-02-28", 1],
    ["start 29 Feb: in a leap year the anniversary is 29 Feb", "2020-02-29", "2024-02-28", 3.9],
    ["start 29 Feb: fourth anniversary", "2020-02-29", "2024-02-29", 4],
  ];
  for (const [name, start, today, want] of cases) {
    await t.step(name, () => assert.equal(serviceYears(start, today), want));
  }
  await t.step("anniversary of 29 February", () => {
    assert.equal(anniversary("2020-02-29", 1), "2021-02-28");
    assert.equal(anniversary("2020-02-29", 4), "2024-02-29");
    assert.equal(anniversary("2019-12-31", 5), "2024-12-31");
  });
});

Deno.test("sick: weeks of salary continuation follow the court scale of the current service year (Art. 324a OR)", async (t) => {
  // [scale, employment start, today, service year in words, weeks]
  const cases: [SalaryScale, string, string, string, number][] = [
    ["BERNER", "2024-01-01", "2024-06-01", "1st year: 3 weeks", 3],
    ["BERNER", "2023-01-01", "2024-06-01", "2nd year: 1 month", 4.33],
    ["BERNER", "2022-01-01", "2024-06-01", "3rd year: 2 months", 8.67],
    ["BERNER", "2020-01-01", "2024-06-01", "5th year: 3 months", 13],
    ["BERNER", "2015-01-01", "2024-06-01", "10th year: 4 months", 17.33],
    ["BERNER", "2010-01-01", "2024-06-01", "15th year: 5 months", 21.67],
    ["BERNER", "2005-01-01", "2024-06-01", "20th year: 6 months", 26],
    // kfmv Bern, Bezirksgericht Andelfingen: the last row, "20.–25. Dienstjahr: 6 Monate", applies beyond.
    ["BERNER", "1990-01-01", "2024-06-01", "35th year: 6 months", 26],
    ["BASLER", "2024-01-01", "2024-06-01", "1st year: 3 weeks", 3],
    ["BASLER", "2023-01-01", "2024-06-01", "2nd year: 2 months", 8.67],
    ["BASLER", "2022-01-01", "2024-06-01", "3rd year: 2 months", 8.67],
    ["BASLER", "2021-01-01", "2024-06-01", "4th year: 3 months", 13],
    ["BASLER", "2015-01-01", "2024-06-01", "10th year: 3 months", 13],
    ["BASLER", "2014-01-01", "2024-06-01", "11th year: 4 months", 17.33],
    ["BASLER", "2004-01-01", "2024-06-01", "21st year: 6 months", 26],
    ["ZUERCHER", "2024-01-01", "2024-06-01", "1st year: 3 weeks", 3],
    ["ZUERCHER", "2023-01-01", "2024-06-01", "2nd year: 8 weeks", 8],
    ["ZUERCHER", "2022-01-01", "2024-06-01", "3rd year: 9 weeks", 9],
    ["ZUERCHER", "2015-01-01", "2024-06-01", "10th year: 16 weeks", 16],
    ["ZUERCHER", "2000-01-01", "2024-06-01", "25th year: 31 weeks", 31],
    ["ZUERCHER", "1990-01-01", "2024-06-01", "35th year: 41 weeks", 41],
    ["BERNER", "2023-06-02", "2024-06-01", "last day of the 1st year", 3],
    ["BERNER", "2023-06-01", "2024-06-01", "first day of the 2nd year", 4.33],
  ];
  for (const [scale, start, today, name, weeks] of cases) {
    await t.step(`${scale} ${name}`, () => {
      const r = salaryContinuation(scale, start, today);
      assert.equal(r.scale, scale);
      assert.equal(r.weeksEntitled, weeks);
    });
  }
  await t.step(
    "an unknown scale is a validation error naming the three there are",
    () =>
      assert.throws(
        () => salaryContinuation("GENFER" as SalaryScale, "2020-01-01", "2024-01-01"),
        (e: unknown) =>
          isValidation(e) && (e as AppError).fields?.[0].field === "scale" &&
          (e as AppError).message === 'The scale must be one of BERNER, ZUERCHER, BASLER, not "GENFER".',
      ),
  );
});

Deno.test("sick: the salary-continuation description is in the caller's language", async (t) => {
  const cases: [SalaryScale, string, "de" | "en" | "fr", string[]][] = [
    // "während" with a bare plural number takes the dative (Duden, "während"): "während 2 Monaten".
    ["BERNER", "2022-01-01", "de", [
      "Berner Skala, 3. Dienstjahr",
      "während 2 Monaten (8.67 Wochen)",
      "Art. 324a OR",
    ]],
    ["BERNER", "2024-01-01", "de", ["1. Dienstjahr", "3 Wochen", "drei Monate"]],
    ["BERNER", "2024-01-01", "en", ["Bern scale, service year 1", "3 weeks", "three months", "Art. 324a CO"]],
    ["BASLER", "2023-01-01", "en", ["Basel scale, service year 2", "2 months (8.67 weeks)"]],
    ["ZUERCHER", "2023-01-01", "fr", [
      "Échelle zurichoise, 2e année de service",
      "8 semaines",
      "art. 324a CO",
    ]],
    ["BERNER", "2023-01-01", "fr", ["Échelle bernoise", "1 mois (4,33 semaines)"]],
    ["BERNER", "2024-01-01", "fr", ["1re année de service", "trois mois"]],
  ];
  for (const [scale, start, lang, parts] of cases) {
    await t.step(`${scale} ${lang} ${start}`, () => {
      const r = salaryContinuation(scale, start, "2024-06-01", lang);
      for (const p of parts) {
        assert.ok(r.description.includes(p), `${JSON.stringify(r.description)} lacks ${p}`);
      }
    });
  }
  await t.step(
    "serviceYears in the result has one decimal",
    () => assert.equal(salaryContinuation("BERNER", "2022-01-01", "2024-07-01").serviceYears, 2.4),
  );
});

Deno.test("sick: continuation days used = sick days in the current service year across all absences", async (t) => {
  // Employed since 15 March 2020; on 30 June 2024 the service year began on 15 March 2024.
  const base: SickAbsence[] = [
    { startDate: "2023-11-01", endDate: "2023-11-10" }, // previous service year
    { startDate: "2024-03-10", endDate: "2024-03-20" }, // crosses the anniversary: 15–20 March = 6
    { startDate: "2024-04-01", endDate: "2024-04-05", withdrawnAt: 1711962000000 }, // taken back
    { startDate: "2024-05-01", endDate: "2024-05-03" }, // 3
    { startDate: "2024-05-02", endDate: "2024-05-04" }, // overlaps: only 4 May is new
    { startDate: "2024-06-28", endDate: null }, // ongoing: 28–30 June = 3
  ];
  const cases: [string, SickAbsence[], string, string, number][] = [
    ["mixed absences", base, "2020-03-15", "2024-06-30", 13],
    ["nothing yet", [], "2020-03-15", "2024-06-30", 0],
    [
      "a future end counts only up to today",
      [{ startDate: "2024-06-25", endDate: "2024-07-05" }],
      "2020-03-15",
      "2024-06-30",
      6,
    ],
    [
      "start 29 Feb: the service year begins 28 Feb in a common year",
      [{ startDate: "2023-02-27", endDate: "2023-03-01" }],
      "2020-02-29",
      "2023-03-10",
      2,
    ],
    [
      "over New Year in the first service year",
      [{ startDate: "2024-12-30", endDate: "2025-01-02" }],
      "2024-08-01",
      "2025-01-10",
      4,
    ],
  ];
  for (const [name, absences, start, today, want] of cases) {
    await t.step(name, () => assert.equal(continuationDaysUsed(absences, start, today), want));
  }
});

/**
 * Every scale at every boundary: the last service year of each step and the first of the next, and a
 * year beyond the published data. Sources (as cited in src/domain/sick.ts): Berner Skala per kfmv Bern
 * "Know-how zum Arbeitsrecht" and the Bezirksgericht Andelfingen's table ("20.–25. Dienstjahr: 6 Monate",
 * the last row); Basler Skala per kfmv and gryps ("über 20 Jahre 6 Monate"); Zürcher Skala
 * per kfmv (to "25. Dienstjahr: 31 Wochen") and swissmom / lohnfortzahlung.ch ("pro Jahr 1 Woche mehr").
 */
Deno.test("sick: every court scale at every boundary service year", async (t) => {
  // [scale, service year, published duration]
  const cases: [SalaryScale, number, { weeks: number } | { months: number }][] = [
    ["BERNER", 1, { weeks: 3 }],
    ["BERNER", 2, { months: 1 }],
    ["BERNER", 3, { months: 2 }],
    ["BERNER", 4, { months: 2 }],
    ["BERNER", 5, { months: 3 }],
    ["BERNER", 9, { months: 3 }],
    ["BERNER", 10, { months: 4 }],
    ["BERNER", 14, { months: 4 }],
    ["BERNER", 15, { months: 5 }],
    ["BERNER", 19, { months: 5 }],
    ["BERNER", 20, { months: 6 }],
    ["BERNER", 24, { months: 6 }],
    // kfmv Bern and the Bezirksgericht Andelfingen: "20.–25. Dienstjahr: 6 Monate", the last row; beyond it
    // the last row applies.
    ["BERNER", 25, { months: 6 }],
    ["BERNER", 26, { months: 6 }],
    ["BERNER", 30, { months: 6 }],
    ["BERNER", 40, { months: 6 }],
    ["BERNER", 51, { months: 6 }],
    ["BASLER", 1, { weeks: 3 }],
    ["BASLER", 2, { months: 2 }],
    ["BASLER", 3, { months: 2 }],
    ["BASLER", 4, { months: 3 }],
    ["BASLER", 10, { months: 3 }],
    ["BASLER", 11, { months: 4 }],
    ["BASLER", 15, { months: 4 }],
    ["BASLER", 16, { months: 5 }],
    ["BASLER", 20, { months: 5 }],
    ["BASLER", 21, { months: 6 }],
    ["BASLER", 51, { months: 6 }],
    ["ZUERCHER", 1, { weeks: 3 }],
    ["ZUERCHER", 2, { weeks: 8 }],
    ["ZUERCHER", 3, { weeks: 9 }],
    ["ZUERCHER", 10, { weeks: 16 }],
    ["ZUERCHER", 24, { weeks: 30 }],
    ["ZUERCHER", 25, { weeks: 31 }],
    ["ZUERCHER", 26, { weeks: 32 }],
    ["ZUERCHER", 30, { weeks: 36 }],
    ["ZUERCHER", 40, { weeks: 46 }],
    ["ZUERCHER", 50, { weeks: 56 }],
    ["ZUERCHER", 51, { weeks: 56 }],
  ];
  for (const [scale, year, want] of cases) {
    await t.step(`${scale} service year ${year}: ${JSON.stringify(want)}`, () => {
      const step = scaleStep(scale, year);
      assert.deepEqual({ weeks: step.weeks, months: step.months }, {
        weeks: "weeks" in want ? want.weeks : undefined,
        months: "months" in want ? want.months : undefined,
      });
    });
  }
  await t.step("the weeks of the steps beyond 25 years, on a real anniversary", () => {
    // Employed since 1 March 1996: 1 March 2025 begins the 30th service year.
    // Berner: 6 months (26 weeks) in years 29 and 30 alike.
    assert.equal(salaryContinuation("BERNER", "1996-03-01", "2025-02-28").weeksEntitled, 26);
    assert.equal(salaryContinuation("BERNER", "1996-03-01", "2025-03-01").weeksEntitled, 26);
    assert.equal(salaryContinuation("ZUERCHER", "1996-03-01", "2025-03-01").weeksEntitled, 36);
    assert.equal(salaryContinuation("BASLER", "1996-03-01", "2025-03-01").weeksEntitled, 26);
    assert.match(
      salaryContinuation("BERNER", "1996-03-01", "2025-03-01", "en").description,
      /service year 30: salary continues for 6 months \(26 weeks\)/,
    );
  });
});

Deno.test("sick: salary continuation is owed only after three months or for a contract of more than three (OR Art. 324a para. 1)", () => {
  // "sofern das Arbeitsverhältnis mehr als drei Monate gedauert hat oder für mehr als drei Monate eingegangen
  // ist"; months end on the same-numbered day or the month's last (OR Art. 77 para. 1 no. 3).
  assert.equal(addMonths("2026-01-01", 3), "2026-04-01");
  assert.equal(addMonths("2025-11-30", 3), "2026-02-28");
  assert.equal(addMonths("2023-11-30", 3), "2024-02-29");
  assert.equal(continuationOwedFrom("2026-01-01", null), "2026-04-01");
  assert.equal(continuationOwedFrom("2026-01-01", "2026-03-31"), null, "exactly three months: never");
  assert.equal(
    continuationOwedFrom("2026-01-01", "2026-04-01"),
    "2026-01-01",
    "more than three: from day one",
  );
  assert.equal(continuationOwedFrom("2026-10-01", "2026-11-30"), null, "two months fixed term");

  const open40 = salaryContinuation("BERNER", "2026-10-10", "2026-11-18", "de");
  assert.equal(open40.weeksEntitled, 0);
  assert.equal(open40.owedFrom, "2027-01-10");
  assert.match(open40.description, /ab 2027-01-10.*mehr als drei Monate gedauert/);
  const twoMonths = salaryContinuation("BERNER", "2026-10-01", "2026-11-18", "fr", "2026-11-30");
  assert.equal(twoMonths.weeksEntitled, 0);
  assert.equal(twoMonths.owedFrom, null);
  assert.match(twoMonths.description, /conclus pour trois mois au plus/);
  assert.equal(salaryContinuation("BERNER", "2026-08-18", "2026-11-18").weeksEntitled, 3);
  assert.equal(salaryContinuation("BERNER", "2026-08-18", "2026-11-18").owedFrom, undefined);
  // Days of the first three months draw nothing: sick 1 to 10 January, owed from 1 April.
  const before: SickAbsence[] = [{ startDate: "2026-01-05", endDate: "2026-01-09" }];
  assert.equal(continuationDaysUsed(before, "2026-01-01", "2026-04-15", "2026-04-01"), 0);
  const across: SickAbsence[] = [{ startDate: "2026-03-30", endDate: "2026-04-02" }];
  assert.equal(continuationDaysUsed(across, "2026-01-01", "2026-04-15", "2026-04-01"), 2);
  assert.equal(continuationDaysUsed(across, "2026-01-01", "2026-04-15", null), 0);
});

Deno.test("sick: a day of partial incapacity draws its degree (50 % draws half a day)", () => {
  // Practice of the scales: the period is so many weeks of salary paid at the degree of incapacity, so at
  // 50 % it lasts twice as long (K-Tipp, "Wie lange erhalte ich meinen Lohn?": Berner scale, 10th year,
  // 4 months, at 50 % 8 months).
  const half: SickAbsence[] = [{ startDate: "2024-03-01", endDate: "2024-03-10", degree: 50 }];
  assert.equal(continuationDaysUsed(half, "2020-01-01", "2024-06-01"), 5);
  const mixed: SickAbsence[] = [
    { startDate: "2024-03-01", endDate: "2024-03-04", degree: 100 },
    { startDate: "2024-03-05", endDate: "2024-03-08", degree: 30 },
  ];
  assert.equal(continuationDaysUsed(mixed, "2020-01-01", "2024-06-01"), 5.2);
  // Two reports on the same days add up to at most a whole day each.
  const overlap: SickAbsence[] = [
    { startDate: "2024-03-01", endDate: "2024-03-02", degree: 60 },
    { startDate: "2024-03-01", endDate: "2024-03-02", degree: 60 },
  ];
  assert.equal(continuationDaysUsed(overlap, "2020-01-01", "2024-06-01"), 2);
});
