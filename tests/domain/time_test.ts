import assert from "node:assert/strict";
import { AppError } from "../../src/errors.ts";
import { holidayFractions } from "../../src/domain/calendar.ts";
import {
  elapsedSpan,
  netHours,
  parseHhmm,
  sumHours,
  type TimeSpanEntry,
  timeSpansOverlap,
  weekTargetHours,
  type WeekTargetInput,
} from "../../src/domain/time.ts";

/** A validation refusal that names `field` among its fields (an app shows the text beside that input). */
function validationNaming(field: string) {
  return (e: unknown) =>
    e instanceof AppError && e.code === "validation" && (e.fields ?? []).some((f) => f.field === field);
}

Deno.test("time: parseHhmm reads HH:MM (00:00–23:59, 24:00 as end of day) and names the field when wrong", async (t) => {
  const ok: [string, number][] = [["00:00", 0], ["08:30", 510], ["8:30", 510], ["23:59", 1439], [
    "24:00",
    1440,
  ]];
  for (const [s, want] of ok) await t.step(`${s} = ${want}`, () => assert.equal(parseHhmm(s), want));
  for (const bad of ["24:01", "25:00", "12:60", "1230", "12:3", "", "noon", "12:30:00"]) {
    await t.step(
      `"${bad}" is refused`,
      () => assert.throws(() => parseHhmm(bad, "startTime"), validationNaming("startTime")),
    );
  }
});

Deno.test("time: net hours = end − start − break, overnight when end <= start", async (t) => {
  const cases: [string, string, number, number][] = [
    ["08:00", "17:00", 60, 8],
    ["08:00", "12:15", 0, 4.25],
    ["07:45", "16:05", 30, 7.83], // 8h20 − 30 min = 7h50 = 7.8333…
    ["22:00", "06:00", 30, 7.5], // overnight
    ["23:30", "00:15", 0, 0.75], // overnight across midnight
    ["08:00", "08:00", 0, 24], // end = start: a full day
    ["08:00", "08:00", 60, 23],
    ["16:00", "24:00", 0, 8],
    ["09:00", "10:00", 60, 0], // a break as long as the span leaves nothing
  ];
  for (const [start, end, brk, want] of cases) {
    await t.step(
      `${start}–${end}, break ${brk} = ${want} h`,
      () => assert.equal(netHours(start, end, brk), want),
    );
  }
});

Deno.test("time: net hours refuse a break longer than the span, bad breaks and bad times, naming the field", async (t) => {
  const cases: [string, string, string, number, string][] = [
    ["break longer than the span", "09:00", "10:00", 61, "breakMinutes"],
    ["break longer than an overnight span", "23:00", "01:00", 121, "breakMinutes"],
    ["negative break", "08:00", "17:00", -5, "breakMinutes"],
    ["fractional break", "08:00", "17:00", 2.5, "breakMinutes"],
    ["bad start", "8h", "17:00", 0, "startTime"],
    ["bad end", "08:00", "17:99", 0, "endTime"],
    ["24:00 as start", "24:00", "08:00", 0, "startTime"],
  ];
  for (const [name, start, end, brk, field] of cases) {
    await t.step(name, () => assert.throws(() => netHours(start, end, brk), validationNaming(field)));
  }
});

function week(over: Partial<WeekTargetInput>): number {
  return weekTargetHours({
    weekStart: "2024-03-04",
    weeklyHours: 42,
    workloadPercent: 100,
    workingWeekdays: [1, 2, 3, 4, 5],
    holidays: new Map(),
    absenceFractions: new Map(),
    ...over,
  });
}

Deno.test("time: week target = contract hours × workload over the working weekdays, less holidays and absences", async (t) => {
  const cases: [string, Partial<WeekTargetInput>, number][] = [
    ["full time, ordinary week", {}, 42],
    ["80 % on Mon–Thu", { workloadPercent: 80, workingWeekdays: [1, 2, 3, 4] }, 33.6],
    [
      "Easter week 2024 in BE: Karfreitag (Fri) and Ostermontag (next Mon)",
      { weekStart: "2024-03-25", holidays: holidayFractions("BE", "2024-03-25", "2024-03-31") },
      33.6,
    ],
    [
      "80 % Mon–Thu in the week of Ostermontag 2024: 3 × 8.4",
      {
        weekStart: "2024-04-01",
        workloadPercent: 80,
        workingWeekdays: [1, 2, 3, 4],
        holidays: holidayFractions("BE", "2024-04-01", "2024-04-07"),
      },
      25.2,
    ],
    [
      "Christmas week 2024 in BE: 24 Dec half, 25 and 26 Dec whole",
      { weekStart: "2024-12-23", holidays: holidayFractions("BE", "2024-12-23", "2024-12-29") },
      21,
    ],
    [
      "same week in VD: 26 December is worked",
      { weekStart: "2024-12-23", holidays: holidayFractions("VD", "2024-12-23", "2024-12-29") },
      29.4,
    ],
    [
      "New Year week 2025 in ZH (1 Jan only) vs BE (1 and 2 Jan)",
      { weekStart: "2024-12-30", holidays: holidayFractions("ZH", "2024-12-30", "2025-01-05") },
      29.4, // 31 Dec half + 1 Jan whole = 1.5 days off
    ],
    [
      "same week in BE",
      { weekStart: "2024-12-30", holidays: holidayFractions("BE", "2024-12-30", "2025-01-05") },
      21,
    ],
    [
      "two days of leave and a half day of sickness",
      { absenceFractions: new Map([["2024-03-04", 1], ["2024-03-05", 1], ["2024-03-06", 0.5]]) },
      21,
    ],
    [
      "leave on a half-day holiday does not count twice",
      {
        weekStart: "2024-12-23",
        holidays: holidayFractions("BE", "2024-12-23", "2024-12-29"),
        absenceFractions: new Map([["2024-12-24", 1]]),
      },
      16.8,
    ],
    ["an absence on a day not worked changes nothing", {
      workingWeekdays: [1, 2, 3],
      absenceFractions: new Map([["2024-03-08", 1]]),
    }, 42],
    ["no working weekdays: no target", { workingWeekdays: [] }, 0],
    ["the week of 29 February 2024", {
      weekStart: "2024-02-26",
      absenceFractions: new Map([["2024-02-29", 1]]),
    }, 33.6],
  ];
  for (const [name, over, want] of cases) {
    await t.step(name, () => assert.equal(week(over), want));
  }
  await t.step(
    "weekStart must be a Monday",
    () => assert.throws(() => week({ weekStart: "2024-03-05" }), validationNaming("weekStart")),
  );
  await t.step(
    "workload above 100 % is refused",
    () => assert.throws(() => week({ workloadPercent: 120 }), validationNaming("workloadPercent")),
  );
});

Deno.test("time: entries overlap when they share a minute, including overnight spans into the next day", async (t) => {
  const e = (date: string, startTime: string, endTime: string): TimeSpanEntry => ({
    date,
    startTime,
    endTime,
  });
  const cases: [string, TimeSpanEntry, TimeSpanEntry, boolean][] = [
    ["morning and afternoon", e("2024-03-04", "08:00", "12:00"), e("2024-03-04", "13:00", "17:00"), false],
    [
      "touching ends do not overlap",
      e("2024-03-04", "08:00", "12:00"),
      e("2024-03-04", "12:00", "13:00"),
      false,
    ],
    ["one minute shared", e("2024-03-04", "08:00", "12:01"), e("2024-03-04", "12:00", "13:00"), true],
    ["contained", e("2024-03-04", "08:00", "17:00"), e("2024-03-04", "10:00", "11:00"), true],
    [
      "overnight into the next day's early entry",
      e("2024-03-04", "22:00", "06:00"),
      e("2024-03-05", "05:00", "07:00"),
      true,
    ],
    [
      "overnight ending when the next day's entry starts",
      e("2024-03-04", "22:00", "06:00"),
      e("2024-03-05", "06:00", "08:00"),
      false,
    ],
    [
      "overnight vs late entry the same evening",
      e("2024-03-04", "22:00", "06:00"),
      e("2024-03-04", "20:00", "22:30"),
      true,
    ],
    ["overnight over New Year", e("2024-12-31", "20:00", "02:00"), e("2025-01-01", "01:00", "03:00"), true],
    [
      "overnight over 29 February",
      e("2024-02-28", "23:00", "01:00"),
      e("2024-02-29", "00:30", "00:45"),
      true,
    ],
    ["different days", e("2024-03-04", "08:00", "17:00"), e("2024-03-05", "08:00", "17:00"), false],
  ];
  for (const [name, a, b, want] of cases) {
    await t.step(name, () => {
      assert.equal(timeSpansOverlap(a, b), want);
      assert.equal(timeSpansOverlap(b, a), want, "symmetric");
    });
  }
});

Deno.test("time: sums of hours are rounded to 2 decimals", () => {
  assert.equal(sumHours([0.1, 0.2]), 0.3);
  assert.equal(sumHours([7.83, 7.83, 7.84]), 23.5);
  assert.equal(sumHours([]), 0);
});

Deno.test("time: a night shift across a daylight-saving change counts the hours that really elapsed", async (t) => {
  // Europe/Zurich follows the EU rule (Zeitgesetz SR 941.299 and Sommerzeitverordnung SR 941.299.1): summer
  // time from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October. 2026: 29 March
  // 02:00 → 03:00, 25 October 03:00 → 02:00.
  const cases: [string, string, string, number, string][] = [
    ["2026-03-28", "22:00", "06:00", 7 * 60, "clocks forward: 7 hours, not 8"],
    ["2026-10-24", "22:00", "06:00", 9 * 60, "clocks back: 9 hours, not 8"],
    ["2026-03-29", "01:00", "04:00", 2 * 60, "across 02:00 the same morning"],
    ["2026-10-25", "01:00", "04:00", 4 * 60, "across the repeated hour the same morning"],
    ["2026-03-21", "22:00", "06:00", 8 * 60, "a week before: 8 hours"],
    ["2026-07-01", "08:00", "17:00", 9 * 60, "a summer day"],
  ];
  for (const [date, start, end, minutes, what] of cases) {
    await t.step(`${date} ${start}–${end}: ${what}`, () => {
      const span = elapsedSpan(date, start, end, "Europe/Zurich");
      assert.equal(span.minutes, minutes);
      assert.equal(span.note, undefined);
      assert.equal(netHours(start, end, 30, span.minutes), minutes / 60 - 0.5);
    });
  }
});

Deno.test("time: a clock time the change skips is refused with a message; one that happens twice is the first, and said", () => {
  // 29 March 2026 02:00–02:59 does not exist in Europe/Zurich; 25 October 2026 02:00–02:59 happens twice
  // (first in summer time, UTC+2, then in winter time, UTC+1).
  assert.throws(
    () => elapsedSpan("2026-03-29", "02:30", "08:00", "Europe/Zurich"),
    (e: unknown) =>
      e instanceof AppError && e.code === "validation" &&
      e.message.includes("The start time 02:30 does not exist on 29.03.2026 in Europe/Zurich") &&
      e.message.includes("clocks go forward") && validationNaming("startTime")(e),
  );
  assert.throws(
    () => elapsedSpan("2026-03-28", "22:00", "02:30", "Europe/Zurich"),
    (e: unknown) =>
      e instanceof AppError && e.message.includes("The end time 02:30 does not exist on 29.03.2026") &&
      validationNaming("endTime")(e),
  );
  // 22:00 to the first 02:30 is 4.5 hours (summer time throughout).
  const first = elapsedSpan("2026-10-24", "22:00", "02:30", "Europe/Zurich");
  assert.equal(first.minutes, 4.5 * 60);
  assert.match(first.note!, /endTime 02:30 on 2026-10-25 happened twice .*taken as the first, UTC\+2/);
  // A stated total of 5.5 hours is the second 02:30.
  const second = elapsedSpan("2026-10-24", "22:00", "02:30", "Europe/Zurich", 5.5 * 60);
  assert.equal(second.minutes, 5.5 * 60);
  assert.match(second.note!, /taken as the second, UTC\+1/);
  // The start at the first 02:30 until 06:00 is 4.5 hours.
  assert.equal(elapsedSpan("2026-10-25", "02:30", "06:00", "Europe/Zurich").minutes, 4.5 * 60);
});
