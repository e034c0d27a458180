import assert from "node:assert/strict";
import { AppError } from "../../src/errors.ts";
import { holidayFractions } from "../../src/domain/calendar.ts";
import { computeLeaveDays, type EndPortion, type StartPortion } from "../../src/domain/leave.ts";

function isValidation(e: unknown): boolean {
  return e instanceof AppError && e.code === "validation";
}

const MON_FRI = [1, 2, 3, 4, 5];

interface DaysCase {
  name: string;
  canton?: string;
  start: string;
  end: string;
  sp?: StartPortion;
  ep?: EndPortion;
  weekdays?: number[];
  closures?: string[];
  days: number;
  byYear: Record<string, number>;
}

function run(c: Omit<DaysCase, "name" | "days" | "byYear">) {
  return computeLeaveDays({
    startDate: c.start,
    endDate: c.end,
    startPortion: c.sp ?? "FULL",
    endPortion: c.ep ?? "FULL",
    workingWeekdays: c.weekdays ?? MON_FRI,
    holidays: holidayFractions(c.canton ?? "BE", c.start, c.end),
    closureDays: c.closures ? new Set(c.closures) : undefined,
  });
}

Deno.test("leave: days deducted = working days − public holidays, split per calendar year", async (t) => {
  const cases: DaysCase[] = [
    { name: "one working day", start: "2024-03-05", end: "2024-03-05", days: 1, byYear: { "2024": 1 } },
    {
      name: "Easter 2024 in BE: two weeks minus Karfreitag and Ostermontag",
      start: "2024-03-25",
      end: "2024-04-05",
      days: 8,
      byYear: { "2024": 8 },
    },
    {
      name: "Auffahrt week 2026 (Easter-based, 14 May)",
      start: "2026-05-11",
      end: "2026-05-15",
      days: 4,
      byYear: { "2026": 4 },
    },
    {
      name: "over New Year in BE: 24/31 Dec half, 25/26 Dec, 1/2 Jan free",
      start: "2024-12-23",
      end: "2025-01-03",
      days: 5,
      byYear: { "2024": 4, "2025": 1 },
    },
    {
      name: "over New Year in ZH: 2 January is a working day",
      canton: "ZH",
      start: "2024-12-23",
      end: "2025-01-03",
      days: 6,
      byYear: { "2024": 4, "2025": 2 },
    },
    {
      name: "over New Year in VD: 26 December is a working day, 2 January is not",
      canton: "VD",
      start: "2024-12-23",
      end: "2025-01-03",
      days: 6,
      byYear: { "2024": 5, "2025": 1 },
    },
    {
      name: "VD Bettagsmontag week",
      canton: "VD",
      start: "2024-09-16",
      end: "2024-09-20",
      days: 4,
      byYear: { "2024": 4 },
    },
    {
      name: "same week in BE",
      canton: "BE",
      start: "2024-09-16",
      end: "2024-09-20",
      days: 5,
      byYear: { "2024": 5 },
    },
    {
      name: "1 May week in ZH",
      canton: "ZH",
      start: "2024-04-29",
      end: "2024-05-03",
      days: 4,
      byYear: { "2024": 4 },
    },
    {
      name: "same week in BE",
      canton: "BE",
      start: "2024-04-29",
      end: "2024-05-03",
      days: 5,
      byYear: { "2024": 5 },
    },
    {
      name: "over 29 February (leap year)",
      start: "2024-02-28",
      end: "2024-03-01",
      days: 3,
      byYear: { "2024": 3 },
    },
    {
      name: "28 Feb to 1 Mar (no leap year)",
      start: "2023-02-28",
      end: "2023-03-01",
      days: 2,
      byYear: { "2023": 2 },
    },
    {
      name: "part-time Mon–Wed: only working weekdays count",
      start: "2024-03-04",
      end: "2024-03-10",
      weekdays: [1, 2, 3],
      days: 3,
      byYear: { "2024": 3 },
    },
    { name: "a weekend costs nothing", start: "2024-03-09", end: "2024-03-10", days: 0, byYear: {} },
    {
      name: "closure days are free in a request",
      start: "2024-12-23",
      end: "2024-12-27",
      closures: ["2024-12-27"],
      days: 1.5,
      byYear: { "2024": 1.5 },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const r = run(c);
      assert.equal(r.days, c.days);
      assert.deepEqual(r.daysByYear, c.byYear);
      assert.equal(r.perDay.reduce((s, d) => s + d.fraction, 0), c.days);
    });
  }
});

Deno.test("leave: half days at either end; a half day on a half-day holiday costs 0 when the holiday covers it", async (t) => {
  const cases: DaysCase[] = [
    {
      name: "single day, afternoon only",
      start: "2024-03-05",
      end: "2024-03-05",
      sp: "AFTERNOON",
      days: 0.5,
      byYear: { "2024": 0.5 },
    },
    {
      name: "single day, morning only",
      start: "2024-03-05",
      end: "2024-03-05",
      ep: "MORNING",
      days: 0.5,
      byYear: { "2024": 0.5 },
    },
    {
      name: "afternoon of the first day to morning of the last day",
      start: "2024-03-05",
      end: "2024-03-07",
      sp: "AFTERNOON",
      ep: "MORNING",
      days: 2,
      byYear: { "2024": 2 },
    },
    {
      name: "24 Dec full day costs 0.5",
      start: "2024-12-24",
      end: "2024-12-24",
      days: 0.5,
      byYear: { "2024": 0.5 },
    },
    {
      name: "24 Dec morning costs 0.5",
      start: "2024-12-24",
      end: "2024-12-24",
      ep: "MORNING",
      days: 0.5,
      byYear: { "2024": 0.5 },
    },
    {
      name: "24 Dec afternoon costs 0",
      start: "2024-12-24",
      end: "2024-12-24",
      sp: "AFTERNOON",
      days: 0,
      byYear: {},
    },
    {
      name: "from the afternoon of 24 Dec to 27 Dec in BE: only 27 Dec",
      start: "2024-12-24",
      end: "2024-12-27",
      sp: "AFTERNOON",
      days: 1,
      byYear: { "2024": 1 },
    },
    {
      name: "30 Dec to the morning of 31 Dec",
      start: "2024-12-30",
      end: "2024-12-31",
      ep: "MORNING",
      days: 1.5,
      byYear: { "2024": 1.5 },
    },
    {
      name: "afternoon of 31 Dec to 3 Jan 2025 in ZH: 31 Dec free, 1 Jan holiday, 2 Jan + 3 Jan",
      canton: "ZH",
      start: "2024-12-31",
      end: "2025-01-03",
      sp: "AFTERNOON",
      days: 2,
      byYear: { "2025": 2 },
    },
    {
      name: "afternoon half on a Saturday costs 0",
      start: "2024-03-09",
      end: "2024-03-11",
      sp: "AFTERNOON",
      days: 1,
      byYear: { "2024": 1 },
    },
    {
      name: "morning half on a whole-day holiday costs 0",
      start: "2024-12-23",
      end: "2024-12-25",
      ep: "MORNING",
      days: 1.5,
      byYear: { "2024": 1.5 },
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const r = run(c);
      assert.equal(r.days, c.days);
      assert.deepEqual(r.daysByYear, c.byYear);
    });
  }
});

Deno.test("leave: invalid requests are validation errors", async (t) => {
  const base = {
    startPortion: "FULL" as const,
    endPortion: "FULL" as const,
    workingWeekdays: MON_FRI,
    holidays: new Map(),
  };
  const cases: [string, Parameters<typeof computeLeaveDays>[0]][] = [
    [
      "AFTERNOON and MORNING on one single day",
      {
        ...base,
        startDate: "2024-03-05",
        endDate: "2024-03-05",
        startPortion: "AFTERNOON",
        endPortion: "MORNING",
      },
    ],
    ["end before start", { ...base, startDate: "2024-03-06", endDate: "2024-03-05" }],
    ["29 February in a common year", { ...base, startDate: "2023-02-29", endDate: "2023-03-01" }],
    ["weekday 0", { ...base, startDate: "2024-03-05", endDate: "2024-03-05", workingWeekdays: [0, 1] }],
    [
      "unknown portion",
      {
        ...base,
        startDate: "2024-03-05",
        endDate: "2024-03-06",
        startPortion: "MORNING" as unknown as "FULL",
      },
    ],
  ];
  for (const [name, input] of cases) {
    await t.step(name, () => assert.throws(() => computeLeaveDays(input), isValidation));
  }
});

Deno.test("leave: perDay lists every calendar day of the range with its cost", () => {
  const r = computeLeaveDays({
    startDate: "2024-12-24",
    endDate: "2024-12-27",
    startPortion: "FULL",
    endPortion: "FULL",
    workingWeekdays: MON_FRI,
    holidays: holidayFractions("VD", "2024-12-24", "2024-12-27"),
  });
  assert.deepEqual(r.perDay, [
    { date: "2024-12-24", fraction: 0.5 },
    { date: "2024-12-25", fraction: 0 },
    { date: "2024-12-26", fraction: 1 },
    { date: "2024-12-27", fraction: 1 },
  ]);
});
