/**
 * A calendar-valid date far outside any plausible range (9999-12-27) is a typing slip at every door that takes a
 * date, not only at the portal's: the CLI's `closures add`, the console's closure form and its work-through
 * form refuse it with the range, as the configuration file does. The range, 1900-01-01 to 2100-12-31, is the
 * service's own choice (docs/swiss-rules.md, "Plausible dates"; docs/fields.md), no law sets it. Kept, such a
 * closure made the installation's own `org export` a file `org apply` refuses. On the fixture organisation,
 * built by the commands; its administrator reads Italian.
 */
import assert from "node:assert/strict";
import { ADMIN, buildFixtureOrg } from "../_fixture_org.ts";
import { cli } from "../_cli.ts";
import { closurePeriods, closureWorkThrough } from "../../src/db/schema/mod.ts";
import { csrfOn, post } from "../web/_console.ts";

Deno.test("dates: closures add, the console's closure and work-through forms refuse 9999-12-27, and org export applies again", async () => {
  const t = await buildFixtureOrg();
  try {
    const before = (await t.deps.db.select().from(closurePeriods)).length;
    const add = await cli(t, [
      "closures",
      "add",
      "--from",
      "9999-12-27",
      "--to",
      "9999-12-31",
      "--name",
      "Tippfehler",
    ]);
    assert.equal(add.code, 1, add.out);
    assert.match(add.err, /from must be a date from 1900-01-01 to 2100-12-31/);
    assert.match(add.err, /to must be a date from 1900-01-01 to 2100-12-31/);

    const cookie = { Cookie: `hr_session=${await t.signIn(ADMIN.email, ADMIN.password)}` };
    const csrf = await csrfOn(t, cookie, "/hr/calendar");
    const form = await t.request(
      "/hr/calendar",
      post(cookie, { csrf, name: "Tippfehler", from: "9999-12-27", to: "9999-12-31" }),
    );
    assert.equal(form.status, 400);
    assert.match(
      await form.text(),
      /«dal» deve essere una data dal 01\.01\.1900 al 31\.12\.2100, non «27\.12\.9999»/,
    );
    assert.equal((await t.deps.db.select().from(closurePeriods)).length, before, "no closure added");

    const through = await t.request(
      "/hr/calendar/work-through",
      post(cookie, { csrf, personnel_number: "V04", date: "9999-12-27" }),
    );
    assert.equal(through.status, 400);
    assert.match(
      await through.text(),
      /La data deve essere una data dal 01\.01\.1900 al 31\.12\.2100, non «27\.12\.9999»/,
    );
    assert.equal((await t.deps.db.select().from(closureWorkThrough)).length, 0);

    const salary = await cli(t, [
      "compensation",
      "add",
      "--employee",
      "V04",
      "--valid-from",
      "9999-12-27",
      "--annual-salary",
      "70000",
    ]);
    assert.equal(salary.code, 1, salary.out);
    assert.match(salary.err, /valid-from must be a date from 1900-01-01 to 2100-12-31, got "27.12.9999"/);

    const exported = await cli(t, ["org", "export", "--file", "-"]);
    assert.equal(exported.code, 0, exported.err);
    const applied = await cli(t, ["org", "apply", "--file", "-"], exported.out);
    assert.equal(applied.code, 0, applied.err + applied.out);
  } finally {
    t.close();
  }
});
