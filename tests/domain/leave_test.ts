import assert from "node:assert/strict";
import { AppError } from "../../src/errors.ts";
import { holidayFractions } from "../../src/domain/calendar.ts";
import {
  type BalanceInput,
  type BalanceRequest,
  type ChainManager,
  chooseApprover,
  type ClosureDay,
  computeBalance,
  computeLeaveDays,
  type EndPortion,
  type LeaveBalance,
  overlaps,
  type PortionedRange,
  proRataEntitlement,
  roundUpToHalfDay,
  type StartPortion,
  wouldExceed,
} from "../../src/domain/leave.ts";

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

/**
 * One step a case: the request costs the days the case states, split per year as stated; with `perDayAddsUp`
 * the days listed one by one add up to the same.
 */
async function daysSteps(t: Deno.TestContext, cases: DaysCase[], o: { perDayAddsUp: boolean }) {
  for (const c of cases) {
    await t.step(c.name, () => {
      const r = run(c);
      assert.equal(r.days, c.days);
      assert.deepEqual(r.daysByYear, c.byYear);
      if (o.perDayAddsUp) assert.equal(r.perDay.reduce((s, d) => s + d.fraction, 0), c.days);
    });
  }
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
  await daysSteps(t, cases, { perDayAddsUp: true });
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
  await daysSteps(t, cases, { perDayAddsUp: false });
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

// ---------------------------------------------------------------------------------------------------
// Balances, overlaps, approvers
// ---------------------------------------------------------------------------------------------------

// OR Art. 329a para. 3: an incomplete year gives vacation in proportion to its duration, so never below the
// exact share; the service rounds up to the half day.
Deno.test("leave: entitlement is pro rata by calendar days for entry, exit and working pattern, rounded up to the half day", async (t) => {
  const M_F = [1, 2, 3, 4, 5];
  const base = { fullTimeDays: 25, workingWeekdays: M_F };
  const cases: [string, Parameters<typeof proRataEntitlement>[0], number][] = [
    ["whole year, Monday to Friday", { year: 2024, ...base, employmentStart: "2019-05-01" }, 25],
    [
      "entry 1 July 2024: 25 × 184/366 = 12.57",
      { year: 2024, ...base, employmentStart: "2024-07-01" },
      13,
    ],
    [
      "entry 1 April 2024: 25 × 275/366 = 18.78",
      { year: 2024, ...base, employmentStart: "2024-04-01" },
      19,
    ],
    ["entry 1 May 2023 (365 days): 25 × 245/365 = 16.78", {
      year: 2023,
      ...base,
      employmentStart: "2023-05-01",
    }, 17],
    ["entry 1 May 2024 (leap year): 25 × 245/366 = 16.73", {
      year: 2024,
      ...base,
      employmentStart: "2024-05-01",
    }, 17],
    [
      "exit 31 March 2024: 25 × 91/366 = 6.22",
      { year: 2024, ...base, employmentStart: "2020-04-01", employmentEnd: "2024-03-31" },
      6.5,
    ],
    [
      "three weekdays all year: 25 × 3/5 = 15 of the person's own days (five weeks of three days)",
      { year: 2024, fullTimeDays: 25, workingWeekdays: [1, 2, 4], employmentStart: "2020-01-01" },
      15,
    ],
    [
      "six weekdays all year: 25 × 6/5 = 30 (five weeks of six days)",
      { year: 2024, fullTimeDays: 25, workingWeekdays: [1, 2, 3, 4, 5, 6], employmentStart: "2020-01-01" },
      30,
    ],
    [
      "five days to 30 June, three days from 1 July: 25 × (182·5 + 184·3)/5/366 = 19.97",
      {
        year: 2024,
        fullTimeDays: 25,
        workingWeekdays: [1, 2, 3],
        employmentStart: "2020-01-01",
        patternHistory: [
          { validFrom: "2020-01-01", workingWeekdays: M_F },
          { validFrom: "2024-07-01", workingWeekdays: [1, 2, 3] },
        ],
      },
      20,
    ],
    [
      "a workload change that keeps the pattern keeps the entitlement",
      {
        year: 2024,
        ...base,
        employmentStart: "2020-01-01",
        patternHistory: [{ validFrom: "2024-07-01", workingWeekdays: null }],
      },
      25,
    ],
    [
      "entry 1 July 2026 at a 20-day policy: 20 × 184/365 = 10.08, at least that: 10.5",
      { year: 2026, fullTimeDays: 20, workingWeekdays: M_F, employmentStart: "2026-07-01" },
      10.5,
    ],
    [
      "exit 30 June 2026 at 20 days: 20 × 181/365 = 9.92: 10",
      {
        year: 2026,
        fullTimeDays: 20,
        workingWeekdays: M_F,
        employmentStart: "2020-01-01",
        employmentEnd: "2026-06-30",
      },
      10,
    ],
    ["entry after the year", { year: 2024, ...base, employmentStart: "2025-01-01" }, 0],
    ["exit before the year", {
      year: 2024,
      ...base,
      employmentStart: "2020-01-01",
      employmentEnd: "2023-12-31",
    }, 0],
    // OR Art. 329a para. 1: at least four weeks, five until the 20th birthday.
    [
      "a policy below four weeks is raised to 20 days (vacation)",
      {
        year: 2024,
        fullTimeDays: 18,
        workingWeekdays: M_F,
        employmentStart: "2020-01-01",
        legalMinimum: { youthUntil: null },
      },
      20,
    ],
    [
      "under 20 all year: 25 days whatever the policy",
      {
        year: 2024,
        fullTimeDays: 20,
        workingWeekdays: M_F,
        employmentStart: "2023-08-01",
        legalMinimum: { youthUntil: "2026-03-15" },
      },
      25,
    ],
    [
      "20th birthday on 1 July 2024: 25 × 182/366 + 20 × 184/366 = 22.49",
      {
        year: 2024,
        fullTimeDays: 20,
        workingWeekdays: M_F,
        employmentStart: "2023-08-01",
        legalMinimum: { youthUntil: "2024-07-01" },
      },
      22.5,
    ],
    [
      "under 20 on three weekdays: 25 × 3/5 = 15",
      {
        year: 2024,
        fullTimeDays: 20,
        workingWeekdays: [3, 4, 5],
        employmentStart: "2023-08-01",
        legalMinimum: { youthUntil: "2030-01-01" },
      },
      15,
    ],
  ];
  for (const [name, input, want] of cases) {
    await t.step(name, () => assert.equal(proRataEntitlement(input), want));
  }
  const rounding: [number, number][] = [
    [12, 12],
    [12.01, 12.5],
    [12.24, 12.5],
    [12.5, 12.5],
    [12.51, 13],
    [0.2, 0.5],
    [0, 0],
    [10.0000000001, 10],
  ];
  for (const [x, want] of rounding) {
    await t.step(`roundUpToHalfDay(${x}) = ${want}`, () => assert.equal(roundUpToHalfDay(x), want));
  }
});

const BE_2024 = holidayFractions("BE", "2024-01-01", "2025-12-31");

function req(
  status: string,
  startDate: string,
  endDate: string,
  daysByYear: Record<string, number>,
): BalanceRequest {
  return { status, startDate, endDate, daysByYear };
}

const REQUESTS: BalanceRequest[] = [
  req("APPROVED", "2024-03-04", "2024-03-08", { "2024": 5 }),
  req("APPROVED", "2024-06-12", "2024-06-19", { "2024": 6 }), // Wed–Wed, spans "today"
  req("APPROVED", "2024-12-23", "2025-01-03", { "2024": 4, "2025": 1 }),
  req("AWAITING_APPROVAL", "2024-08-05", "2024-08-09", { "2024": 5 }),
  req("REJECTED", "2024-10-07", "2024-10-08", { "2024": 2 }),
  req("WITHDRAWN", "2024-10-14", "2024-10-14", { "2024": 1 }),
  req("CANCELLATION_REQUESTED", "2024-09-02", "2024-09-02", { "2024": 1 }),
];

function balance(over: Partial<BalanceInput>): LeaveBalance {
  return computeBalance({
    year: 2024,
    today: "2024-06-17",
    fullTimeDays: 25,
    employmentStart: "2020-01-01",
    requests: REQUESTS,
    workingWeekdays: MON_FRI,
    holidays: BE_2024,
    ...over,
  });
}

/** One step a case: the balance with the case's inputs has each of the values the case states. */
async function balanceSteps(
  t: Deno.TestContext,
  cases: [string, Partial<BalanceInput>, Partial<LeaveBalance>][],
) {
  for (const [name, over, want] of cases) {
    await t.step(name, () => {
      const b = balance(over);
      for (const [k, v] of Object.entries(want)) assert.equal(b[k as keyof LeaveBalance], v, k);
    });
  }
}

Deno.test("leave: used = approved up to and including today, planned = after today, pending apart", async (t) => {
  const cases: [string, Partial<BalanceInput>, Partial<LeaveBalance>][] = [
    [
      "today Monday 17 June: the request spanning today is split by day",
      {},
      { used: 9, planned: 7, pending: 5, available: 25, remaining: 9, overdrawn: false },
    ],
    ["today Saturday 15 June", { today: "2024-06-15" }, { used: 8, planned: 8, remaining: 9 }],
    ["today 31 December: everything of 2024 taken", { today: "2024-12-31" }, { used: 16, planned: 0 }],
    ["leave year 2025 sees only its share of the New Year request", { year: 2025 }, {
      used: 0,
      planned: 1,
      pending: 0,
    }],
    ["adjustments add to what is available", { adjustmentDays: 2.5 }, { available: 27.5, remaining: 11.5 }],
    ["overdrawn is flagged, not hidden", { fullTimeDays: 10 }, {
      available: 10,
      remaining: -6,
      overdrawn: true,
    }],
  ];
  await balanceSteps(t, cases);
});

Deno.test("leave: carried-over days are used first; what is not used by the expiry lapses after it", async (t) => {
  const march = [req("APPROVED", "2024-03-04", "2024-03-08", { "2024": 5 })];
  // Thu 28 March .. Fri 5 April 2024 in BE: 28 Mar = 1, Karfreitag and Ostermontag free, 2–5 April = 4.
  const easter = [req("APPROVED", "2024-03-28", "2024-04-05", { "2024": 5 })];
  const cases: [string, Partial<BalanceInput>, Partial<LeaveBalance>][] = [
    [
      "5 carried, 5 taken in March: nothing lapses",
      { requests: march, carryOverDays: 5, carryOverExpiresOn: "2024-03-31" },
      { carryOverLapsed: 0, available: 30, remaining: 25 },
    ],
    [
      "8 carried, 5 taken before expiry: 3 lapse",
      { requests: march, carryOverDays: 8, carryOverExpiresOn: "2024-03-31" },
      { carryOverLapsed: 3, carryOverAtRisk: 0, available: 30, remaining: 25 },
    ],
    [
      "before the expiry nothing has lapsed yet; the unused part is at risk",
      { requests: march, carryOverDays: 8, carryOverExpiresOn: "2024-03-31", today: "2024-03-01" },
      { carryOverLapsed: 0, carryOverAtRisk: 3, available: 33, used: 0, planned: 5 },
    ],
    [
      "a request across the expiry (Easter 2024) uses carried days only up to 31 March",
      { requests: easter, carryOverDays: 3, carryOverExpiresOn: "2024-03-31" },
      { carryOverLapsed: 2, available: 26, used: 5, remaining: 21 },
    ],
    [
      "no expiry date: carried days never lapse",
      { requests: march, carryOverDays: 8, carryOverExpiresOn: null },
      { carryOverLapsed: 0, carryOverAtRisk: 0, available: 33 },
    ],
    [
      "a pending request does not use carried days",
      {
        requests: [req("AWAITING_APPROVAL", "2024-03-04", "2024-03-08", { "2024": 5 })],
        carryOverDays: 5,
        carryOverExpiresOn: "2024-03-31",
      },
      { carryOverLapsed: 5, available: 25, pending: 5 },
    ],
  ];
  await balanceSteps(t, cases);
});

Deno.test("leave: deducting closure days count as used or planned, minus approved work-through days", async (t) => {
  const closureDays: ClosureDay[] = [
    { date: "2024-12-26", deductsLeave: true }, // Stephanstag in BE: costs nothing
    { date: "2024-12-27", deductsLeave: true },
    { date: "2024-12-28", deductsLeave: true }, // Saturday
    { date: "2024-12-30", deductsLeave: true },
    { date: "2024-12-31", deductsLeave: true }, // afternoon is a half-day holiday
  ];
  const cases: [string, Partial<BalanceInput>, Partial<LeaveBalance>][] = [
    ["in the future: planned", { requests: [], closureDays }, { closureDays: 2.5, planned: 2.5, used: 0 }],
    ["after the closure: used", { requests: [], closureDays, today: "2024-12-31" }, {
      closureDays: 2.5,
      used: 2.5,
    }],
    [
      "a day worked through costs nothing",
      { requests: [], closureDays, workThroughDays: new Set(["2024-12-30"]) },
      { closureDays: 1.5, planned: 1.5 },
    ],
    [
      "a closure granted on top deducts nothing",
      { requests: [], closureDays: closureDays.map((c) => ({ ...c, deductsLeave: false })) },
      { closureDays: 0, planned: 0 },
    ],
    [
      "closure days before the entry date are not charged",
      { requests: [], closureDays, employmentStart: "2024-12-30" },
      { closureDays: 1.5 },
    ],
    [
      "a request over the closure is not charged twice",
      (() => {
        const days = computeLeaveDays({
          startDate: "2024-12-23",
          endDate: "2024-12-31",
          startPortion: "FULL",
          endPortion: "FULL",
          workingWeekdays: MON_FRI,
          holidays: BE_2024,
          closureDays: new Set(closureDays.map((c) => c.date)),
        });
        return { requests: [req("APPROVED", "2024-12-23", "2024-12-31", days.daysByYear)], closureDays };
      })(),
      { closureDays: 2.5, planned: 4 }, // request: 23 Dec 1 + 24 Dec 0.5; closure: 2.5
    ],
  ];
  await balanceSteps(t, cases);
});

Deno.test("leave: wouldExceed refuses what would take the balance below zero (pending counted by default)", async (t) => {
  const b = { remaining: 5, pending: 2 };
  const cases: [number, boolean | undefined, boolean][] = [
    [3, undefined, false],
    [3.5, undefined, true],
    [5, false, false],
    [5.5, false, true],
    [0, undefined, false],
  ];
  for (const [extra, includePending, want] of cases) {
    await t.step(
      `remaining 5, pending 2, +${extra} (includePending ${includePending ?? true}) → ${want}`,
      () => assert.equal(wouldExceed(b, extra, { includePending }), want),
    );
  }
});

Deno.test("leave: ranges overlap by half days; a morning and an afternoon of the same day do not", async (t) => {
  const r = (
    startDate: string,
    endDate: string,
    startPortion: StartPortion = "FULL",
    endPortion: EndPortion = "FULL",
  ) => ({
    startDate,
    endDate,
    startPortion,
    endPortion,
  });
  const cases: [string, PortionedRange, PortionedRange, boolean][] = [
    ["same full day", r("2024-03-05", "2024-03-05"), r("2024-03-05", "2024-03-05"), true],
    [
      "morning vs afternoon of one day",
      r("2024-03-05", "2024-03-05", "FULL", "MORNING"),
      r("2024-03-05", "2024-03-05", "AFTERNOON"),
      false,
    ],
    [
      "range ending in the morning vs range starting in the afternoon",
      r("2024-03-01", "2024-03-05", "FULL", "MORNING"),
      r("2024-03-05", "2024-03-08", "AFTERNOON"),
      false,
    ],
    [
      "range ending with a full day vs afternoon start that day",
      r("2024-03-01", "2024-03-05"),
      r("2024-03-05", "2024-03-08", "AFTERNOON"),
      true,
    ],
    [
      "two mornings of one day",
      r("2024-03-05", "2024-03-05", "FULL", "MORNING"),
      r("2024-03-04", "2024-03-05", "FULL", "MORNING"),
      true,
    ],
    ["adjacent days", r("2024-03-01", "2024-03-05"), r("2024-03-06", "2024-03-08"), false],
    ["containment", r("2024-03-01", "2024-03-31"), r("2024-03-10", "2024-03-12"), true],
    ["over New Year", r("2024-12-30", "2025-01-03"), r("2025-01-02", "2025-01-02"), true],
    ["29 February", r("2024-02-29", "2024-02-29"), r("2024-02-28", "2024-03-01"), true],
  ];
  for (const [name, a, b, want] of cases) {
    await t.step(name, () => {
      assert.equal(overlaps(a, b), want);
      assert.equal(overlaps(b, a), want, "symmetric");
    });
  }
});

Deno.test("leave: the approver is the first manager up the chain who is not the requester and not away", async (t) => {
  const cases: [string, string, ChainManager[], string | null][] = [
    ["direct manager present", "e1", [{ id: "m1", away: false }, { id: "m2", away: false }], "m1"],
    ["direct manager away: next one up", "e1", [{ id: "m1", away: true }, { id: "m2", away: false }], "m2"],
    [
      "requester in the chain is skipped",
      "m1",
      [{ id: "m1", away: false }, { id: "ceo", away: false }],
      "ceo",
    ],
    ["everybody away: nobody (HR decides)", "e1", [{ id: "m1", away: true }], null],
    ["no manager at all", "ceo", [], null],
  ];
  for (const [name, requester, chain, want] of cases) {
    await t.step(name, () => assert.equal(chooseApprover(requester, chain), want));
  }
});

Deno.test("leave: each day counts by the work pattern in force on it", async (t) => {
  // A week off always costs one week of the person's own days (OR Art. 329a counts vacation in weeks; see
  // docs/leave.md): under Monday–Friday a week costs 5, under Monday–Wednesday 3. Change from 1 July 2027
  // (a Thursday); no public holidays in BE in these weeks.
  const history = [
    { validFrom: "2020-01-01", workingWeekdays: [1, 2, 3, 4, 5] },
    { validFrom: "2027-07-01", workingWeekdays: [1, 2, 3] },
  ];
  const days = (startDate: string, endDate: string, current: number[]) =>
    computeLeaveDays({
      startDate,
      endDate,
      startPortion: "FULL",
      endPortion: "FULL",
      workingWeekdays: current,
      patternHistory: history,
      holidays: new Map(),
    }).days;
  await t.step("a week after the change costs 3, whatever the pattern today", () => {
    assert.equal(days("2027-07-05", "2027-07-09", [1, 2, 3, 4, 5]), 3);
    assert.equal(days("2027-07-05", "2027-07-09", [1, 2, 3]), 3);
  });
  await t.step("a week before a past change costs 5", () => {
    assert.equal(days("2027-06-21", "2027-06-25", [1, 2, 3]), 5);
  });
  await t.step(
    "a range across the change: Mon 28 June – Fri 2 July 2027 = 3 (Mon–Wed) + 0 (Thu, Fri) = 3",
    () => {
      assert.equal(days("2027-06-28", "2027-07-02", [1, 2, 3]), 3);
    },
  );
  await t.step("Monday 28 June – Friday 9 July 2027: 3 + 0 + 3 = 6", () => {
    // 28–30 June Mon–Wed under Mon–Fri (3), 1–2 July Thu–Fri under Mon–Wed (0), 5–7 July (3).
    assert.equal(days("2027-06-28", "2027-07-09", [1, 2, 3]), 6);
  });
  await t.step("a deducting closure day on a Thursday after the change costs nothing", () => {
    const b = computeBalance({
      year: 2027,
      today: "2027-01-04",
      fullTimeDays: 25,
      employmentStart: "2020-01-01",
      requests: [],
      workingWeekdays: [1, 2, 3],
      patternHistory: history,
      holidays: new Map(),
      closureDays: [
        { date: "2027-06-24", deductsLeave: true }, // Thursday before: costs 1
        { date: "2027-07-08", deductsLeave: true }, // Thursday after: costs 0
      ],
    });
    assert.equal(b.closureDays, 1);
  });
});
