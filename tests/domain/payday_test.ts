import assert from "node:assert/strict";
import { AppError } from "../../src/errors.ts";
import { holidayFractions } from "../../src/domain/calendar.ts";
import { paymentDate } from "../../src/domain/payday.ts";

const canton = (c: string) => (date: string) => holidayFractions(c, date, date).get(date) ?? 0;
const none = () => 0;

Deno.test("payday: the payment date moves to the previous business day", async (t) => {
  const cases: Array<[string, string, number, (d: string) => number, string]> = [
    ["a plain Wednesday stays", "2026-11", 25, canton("BE"), "2026-11-25"],
    ["25th on a Saturday → Friday 24th", "2026-04", 25, canton("BE"), "2026-04-24"],
    ["25th on a Sunday → Friday 23rd", "2027-04", 25, canton("BE"), "2027-04-23"],
    ["Whit Monday 25 May 2026 → Friday 22nd", "2026-05", 25, canton("BE"), "2026-05-22"],
    [
      "Easter Monday 6 April 2026 → past Good Friday to Thursday 2nd",
      "2026-04",
      6,
      canton("ZH"),
      "2026-04-02",
    ],
    [
      "Christmas Day (Friday) → the 24th, a half day that is a business day",
      "2026-12",
      25,
      canton("BE"),
      "2026-12-24",
    ],
    [
      "Christmas Day with the 24th a whole holiday → the 23rd",
      "2026-12",
      25,
      (d) => (d === "2026-12-24" || d === "2026-12-25" ? 1 : 0),
      "2026-12-23",
    ],
    ["31 in February of a common year → 28th, a Sunday → Friday 26th", "2027-02", 31, none, "2027-02-26"],
    ["31 in February of a leap year → Tuesday 29th", "2028-02", 31, none, "2028-02-29"],
    ["30 in February → the last day", "2028-02", 30, none, "2028-02-29"],
    ["31 in a 30-day month → the 30th", "2026-04", 31, none, "2026-04-30"],
    ["31 in a 31-day month stays", "2026-03", 31, none, "2026-03-31"],
    ["the 1st on New Year's Day moves into the previous year", "2027-01", 1, canton("BE"), "2026-12-31"],
    ["… and past a whole-day 31 December in Geneva", "2027-01", 1, canton("GE"), "2026-12-30"],
    ["1 August on a Saturday → Friday 31 July", "2026-08", 1, canton("ZH"), "2026-07-31"],
    [
      "a cantonal holiday: Jeûne genevois Thursday 10 Sept 2026 in GE",
      "2026-09",
      10,
      canton("GE"),
      "2026-09-09",
    ],
    ["… that is no holiday in Zurich", "2026-09", 10, canton("ZH"), "2026-09-10"],
  ];
  for (const [name, period, day, holidays, expected] of cases) {
    await t.step(name, () => assert.equal(paymentDate(period, day, holidays), expected));
  }
});

Deno.test("payday: a period or day out of range is refused", async (t) => {
  for (
    const [period, day] of [["2026-13", 25], ["2026-1", 25], ["26-01", 25], ["2026-01", 0], ["2026-01", 32], [
      "2026-01",
      2.5,
    ]] as const
  ) {
    await t.step(`${period} day ${day}`, () => {
      assert.throws(
        () => paymentDate(period, day, none),
        (e) => e instanceof AppError && e.code === "validation",
      );
    });
  }
});
