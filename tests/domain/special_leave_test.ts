/** Special leave's length per event: units, the person's own week, and events of several requests. */
import assert from "node:assert/strict";
import { addMonths, eventAllowance, eventExcess, sameEvent } from "../../src/domain/special_leave.ts";

const moving = { days: 1, unit: "WORKING_DAYS" as const, withinMonths: null };
const maternity = { days: 98, unit: "CALENDAR_DAYS" as const, withinMonths: null };
const otherParent = { days: 10, unit: "WORKING_DAYS" as const, withinMonths: 6 };

Deno.test("special leave: working days per event follow the person's own week, rounded up to a day", async (t) => {
  await t.step("ten days of a five-day week are 8 on four weekdays, 6 on three, 12 on six", () => {
    assert.equal(eventAllowance(otherParent, 5), 10);
    assert.equal(eventAllowance(otherParent, 4), 8);
    assert.equal(eventAllowance(otherParent, 3), 6);
    assert.equal(eventAllowance(otherParent, 6), 12);
  });
  await t.step("a day for moving stays a day on any week", () => {
    for (const n of [1, 2, 3, 4, 5]) assert.equal(eventAllowance(moving, n), 1);
  });
  await t.step("three days on two weekdays round up to 2 (1.2 of the person's days)", () => {
    assert.equal(eventAllowance({ days: 3, unit: "WORKING_DAYS", withinMonths: null }, 2), 2);
  });
  await t.step("calendar days do not depend on the week", () => {
    assert.equal(eventAllowance(maternity, 3), 98);
  });
});

Deno.test("special leave: a request beyond its event's length is found, at the boundary exactly", async (t) => {
  await t.step("maternity: 98 calendar days fit, 99 do not (weekends count)", () => {
    assert.equal(
      eventExcess(maternity, { startDate: "2027-01-04", endDate: "2027-04-11", days: 70 }, [], 5),
      null,
    );
    assert.deepEqual(
      eventExcess(maternity, { startDate: "2027-01-04", endDate: "2027-04-12", days: 71 }, [], 5),
      { allowance: 98, taken: 0, requested: 99 },
    );
  });
  await t.step("moving: 1 working day fits, 1.5 do not; another move is another event", () => {
    const day = { startDate: "2027-03-01", endDate: "2027-03-01", days: 1 };
    assert.equal(eventExcess(moving, day, [day], 5), null);
    assert.deepEqual(
      eventExcess(moving, { startDate: "2027-03-01", endDate: "2027-03-02", days: 1.5 }, [], 5),
      { allowance: 1, taken: 0, requested: 1.5 },
    );
  });
  await t.step("the other parent: parts within six months add up to 10, the 11th day is refused", () => {
    const first = { startDate: "2027-01-04", endDate: "2027-01-08", days: 5 };
    const second = { startDate: "2027-05-03", endDate: "2027-05-07", days: 5 };
    assert.equal(eventExcess(otherParent, second, [first], 5), null);
    assert.deepEqual(
      eventExcess(
        otherParent,
        { startDate: "2027-06-01", endDate: "2027-06-01", days: 1 },
        [first, second],
        5,
      ),
      { allowance: 10, taken: 10, requested: 1 },
    );
    // Six months after the first part's first day it is another event (another child).
    assert.equal(
      eventExcess(otherParent, { startDate: "2027-07-05", endDate: "2027-07-09", days: 5 }, [first], 5),
      null,
    );
  });
});

Deno.test("special leave: months are calendar months, a missing day is the month's last", async (t) => {
  await t.step("addMonths", () => {
    assert.equal(addMonths("2027-01-04", 6), "2027-07-04");
    assert.equal(addMonths("2027-08-31", 6), "2028-02-29");
    assert.equal(addMonths("2027-03-31", -1), "2027-02-28");
    assert.equal(addMonths("2027-01-15", -6), "2026-07-15");
  });
  await t.step("requests less than six months apart are one event; exactly six months apart are two", () => {
    const a = { startDate: "2027-01-04", endDate: "2027-01-04", days: 1 };
    assert.equal(sameEvent(a, { startDate: "2027-07-03", endDate: "2027-07-03", days: 1 }, 6), true);
    assert.equal(sameEvent(a, { startDate: "2027-07-04", endDate: "2027-07-04", days: 1 }, 6), false);
    assert.equal(sameEvent(a, { startDate: "2026-07-05", endDate: "2026-07-05", days: 1 }, 6), true);
    assert.equal(sameEvent(a, { startDate: "2026-07-04", endDate: "2026-07-04", days: 1 }, 6), false);
  });
});
