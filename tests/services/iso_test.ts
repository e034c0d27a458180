/**
 * `iso` writes instants by arithmetic for the years 1970 to 9999 and must give exactly the text of
 * `Date.prototype.toISOString` (ECMA-262, Date Time String Format: `YYYY-MM-DDTHH:mm:ss.sssZ`), which it
 * replaces on the lists' hot path.
 */
import assert from "node:assert/strict";
import { iso } from "../../src/services/common.ts";

Deno.test("iso: the instants of leap days, month and century ends, and the last millisecond it writes", () => {
  assert.equal(iso(0), "1970-01-01T00:00:00.000Z");
  // 2000 is a leap year (divisible by 400), 2100 is not (divisible by 100 only).
  assert.equal(iso(951_782_400_000), "2000-02-29T00:00:00.000Z");
  assert.equal(iso(951_868_799_999), "2000-02-29T23:59:59.999Z");
  assert.equal(iso(4_107_456_000_000), "2100-02-28T00:00:00.000Z");
  assert.equal(iso(4_107_542_400_000), "2100-03-01T00:00:00.000Z");
  assert.equal(iso(1_764_115_200_123), "2025-11-26T00:00:00.123Z");
  assert.equal(iso(253_402_300_799_999), "9999-12-31T23:59:59.999Z");
});

Deno.test("iso: the same text as toISOString for every day boundary of 1970–2200 and random instants", () => {
  const day = 86_400_000;
  for (let ms = 0; ms < 7_258_118_400_000; ms += day) {
    for (const t of [ms, ms + day - 1]) assert.equal(iso(t), new Date(t).toISOString(), `at ${t}`);
  }
  let seed = 12_345;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  for (let i = 0; i < 200_000; i++) {
    const t = Math.floor(random() * 253_402_300_800_000);
    assert.equal(iso(t), new Date(t).toISOString(), `at ${t}`);
  }
});

Deno.test("iso: outside 1970–9999 and for fractions it answers as toISOString does, and refuses no time", () => {
  for (const t of [-1, -62_198_755_200_000, 253_402_300_800_000, 1.5, 1_764_115_200_123.9]) {
    assert.equal(iso(t), new Date(t).toISOString(), `at ${t}`);
  }
  assert.equal(iso(-1), "1969-12-31T23:59:59.999Z");
  assert.equal(iso(253_402_300_800_000), "+010000-01-01T00:00:00.000Z");
  assert.throws(() => iso(Number.NaN), RangeError);
});
