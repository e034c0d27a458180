/**
 * The pattern in force on a day (`workload_changes`): the latest change on or before that day, whatever
 * order the changes are listed in; a change recorded without weekdays keeps the person's current weekdays
 * (it changes the workload only), it does not mean Monday to Friday.
 *
 * 2027: Monday 1 March, Thursday 4 March, Monday 5 July, Thursday 8 July.
 */
import assert from "node:assert/strict";
import { computeLeaveDays, proRataEntitlement, worksOn } from "../../src/domain/leave.ts";

const MON_WED = [1, 2, 3];
const MON_FRI = [1, 2, 3, 4, 5];

Deno.test("pattern in force: a change without weekdays keeps the current weekdays, not Monday to Friday", () => {
  const history = [{ validFrom: "2027-03-01", workingWeekdays: null }];
  assert.equal(worksOn(MON_WED, history, "2027-03-04"), false, "Thursday is no working day of Mon–Wed");
  const week = computeLeaveDays({
    startDate: "2027-03-01",
    endDate: "2027-03-05",
    startPortion: "FULL",
    endPortion: "FULL",
    workingWeekdays: MON_WED,
    patternHistory: history,
    holidays: new Map(),
  });
  assert.equal(week.days, 3);
  // A whole year at Mon–Wed, 20 days a full-time week: 20 × 3 / 5 = 12, with or without that change.
  const entitlement = (patternHistory: { validFrom: string; workingWeekdays: number[] | null }[]) =>
    proRataEntitlement({
      year: 2027,
      fullTimeDays: 20,
      employmentStart: "2020-01-01",
      workingWeekdays: MON_WED,
      patternHistory,
    });
  assert.equal(entitlement(history), 12);
  assert.equal(entitlement([]), 12);
});

Deno.test("pattern in force: changes listed out of date order still apply by their dates", () => {
  // Mon–Fri from 1 March, Mon–Wed from 5 July; listed the later first, as rows can come from the database.
  const history = [
    { validFrom: "2027-07-05", workingWeekdays: MON_WED },
    { validFrom: "2027-03-01", workingWeekdays: MON_FRI },
  ];
  assert.equal(worksOn(MON_WED, history, "2027-07-08"), false, "Thursday after the July change");
  assert.equal(worksOn(MON_WED, history, "2027-03-04"), true, "Thursday between the two changes");
  const july = computeLeaveDays({
    startDate: "2027-07-05",
    endDate: "2027-07-09",
    startPortion: "FULL",
    endPortion: "FULL",
    workingWeekdays: MON_WED,
    patternHistory: history,
    holidays: new Map(),
  });
  assert.equal(july.days, 3);
  const sorted = [...history].reverse();
  const entitlement = (patternHistory: typeof history) =>
    proRataEntitlement({
      year: 2027,
      fullTimeDays: 20,
      employmentStart: "2020-01-01",
      workingWeekdays: MON_WED,
      patternHistory,
    });
  assert.equal(entitlement(history), entitlement(sorted));
});
