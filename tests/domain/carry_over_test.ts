/** Carry-over into the next leave year from the previous year's remainder, on its boundaries. */
import assert from "node:assert/strict";
import { carryOverInto } from "../../src/domain/carry_over.ts";

const rule = { maxDays: 5, expiry: "03-31" };

Deno.test("carry-over: the remainder up to the maximum, lapsing on the expiry day of the next year", async (t) => {
  await t.step("below the maximum: all of it", () => {
    assert.deepEqual(carryOverInto(2027, 3, rule), { days: 3, expiresOn: "2027-03-31" });
  });
  await t.step("exactly the maximum, and above it: the maximum", () => {
    assert.deepEqual(carryOverInto(2027, 5, rule), { days: 5, expiresOn: "2027-03-31" });
    assert.deepEqual(carryOverInto(2027, 5.5, rule), { days: 5, expiresOn: "2027-03-31" });
    assert.deepEqual(carryOverInto(2027, 20, rule), { days: 5, expiresOn: "2027-03-31" });
  });
  await t.step("half days kept, finer parts dropped (never more than remains)", () => {
    assert.deepEqual(carryOverInto(2027, 2.5, rule), { days: 2.5, expiresOn: "2027-03-31" });
    assert.deepEqual(carryOverInto(2027, 2.99, rule), { days: 2.5, expiresOn: "2027-03-31" });
    assert.deepEqual(carryOverInto(2027, 0.49, rule), { days: 0, expiresOn: null });
  });
  await t.step("nothing left, or an overdraw: nothing carried, no debt", () => {
    assert.deepEqual(carryOverInto(2027, 0, rule), { days: 0, expiresOn: null });
    assert.deepEqual(carryOverInto(2027, -3, rule), { days: 0, expiresOn: null });
  });
  await t.step("a type without carry-over carries nothing", () => {
    assert.deepEqual(carryOverInto(2027, 10, { maxDays: 0, expiry: "03-31" }), { days: 0, expiresOn: null });
  });
  await t.step("29 February as the expiry: the 28th in a common year, the 29th in a leap year", () => {
    const leapRule = { maxDays: 5, expiry: "02-29" };
    assert.equal(carryOverInto(2027, 5, leapRule).expiresOn, "2027-02-28");
    assert.equal(carryOverInto(2028, 5, leapRule).expiresOn, "2028-02-29");
    assert.equal(carryOverInto(2100, 5, leapRule).expiresOn, "2100-02-28");
  });
});
