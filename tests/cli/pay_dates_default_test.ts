/**
 * `pay-dates generate` without --year, as the README's first start runs it: this year's and next year's
 * dates, so a new installation's summary has a next payout date in December as in January.
 */
import assert from "node:assert/strict";
import { makeTestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { payDates } from "../../src/db/schema/mod.ts";

Deno.test("pay-dates generate without --year plans this year and the next (the installation's local year)", async () => {
  const t = await makeTestApp({ demo: false, now: "2026-11-18T09:00:00Z" });
  try {
    const refused = await cli(t, ["pay-dates", "generate"]);
    assert.equal(refused.code, 1, "no payday rule yet");
    const yaml =
      "settings:\n  name: Muster AG\n  canton: BE\n  payday: 25\n  languages: [de]\n  timeZone: Europe/Zurich\n";
    assert.equal((await cli(t, ["org", "apply", "--file", "-"], yaml)).code, 0);
    const r = await cli(t, ["pay-dates", "generate"]);
    assert.equal(r.code, 0, r.err);
    assert.match(
      r.out,
      /^Pay dates 2026: 2026-01-23, .*2026-12-24 \(12 change\(s\)\)\.\nPay dates 2027: 2027-01-25, /,
    );
    const rows = await t.deps.db.select().from(payDates);
    assert.equal(rows.length, 24);
    // 23:30 UTC on New Year's Eve is already the new year in Zurich: 2027 and 2028.
    t.clock.set("2026-12-31T23:30:00Z");
    const next = await cli(t, ["pay-dates", "generate"]);
    assert.match(next.out, /^Pay dates 2027: .*\(0 change\(s\)\)\.\nPay dates 2028: /);
  } finally {
    t.close();
  }
});
