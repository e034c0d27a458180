/**
 * HR's side of a month on the fixture organisation (`tests/_fixture_org.ts`: built by the README's commands
 * from a configuration file and an Excel-CH employee file), read by an HR person whose console speaks German
 * (Thomas Huber, V07, added with `user add --role hr`): what the console says in German, how it dates a
 * request, and the headings of its tables.
 */
import assert from "node:assert/strict";
import { addAccounts, buildFixtureOrg, personPassword } from "../_fixture_org.ts";
import { post } from "./_console.ts";
import { csrf, HR_PN, hrCookie, textOf } from "./_hr_side.ts";

Deno.test("console in German: a vacation-policy step that is not one is refused in German", async () => {
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [[HR_PN, "hr"]]);
    const cookie = await hrCookie(t);
    const before = await t.deps.database.client.execute(
      "SELECT entitlement_steps FROM leave_types WHERE code = 'VACATION'",
    );
    const r = await t.request(
      "/hr/leave",
      post(cookie, {
        csrf: await csrf(t, cookie, "/hr/leave"),
        code: "VACATION",
        base_days: "25",
        steps: "ab 50: 27",
      }),
    );
    assert.equal(r.status, 400);
    const text = textOf(await r.text());
    assert.match(
      text,
      /Eine Stufe schreibt sich «age>=50:27» oder «service>=10:27» \(Tage ab dann\), nicht «ab 50: 27»/,
    );
    assert.doesNotMatch(text, /a step is written/);
    const after = await t.deps.database.client.execute(
      "SELECT entitlement_steps FROM leave_types WHERE code = 'VACATION'",
    );
    assert.deepEqual(after.rows, before.rows, "nothing changed");
  } finally {
    t.close();
  }
});

Deno.test("console inbox: a change request is dated 18.11.2026, and every column has a heading", async () => {
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [[HR_PN, "hr"], ["V03", "employee"]]);
    const sara = await t.signIn("sara.pellegrini@ceresio.example", personPassword("V03"));
    const change = await t.request("/api/v1/portal/employee/profile/change-requests", {
      method: "POST",
      token: sara,
      json: { field: "IBAN", value: "CH93 0076 2011 6238 5295 7" },
    });
    assert.equal(change.status, 201, await change.clone().text());
    const html = await (await t.request("/hr/inbox", { headers: await hrCookie(t) })).text();
    const row = /<tr>(?:(?!<\/tr>)[\s\S])*CH9300762011623852957[\s\S]*?<\/tr>/.exec(html)?.[0] ?? "";
    assert.match(textOf(row), /18\.11\.2026/);
    assert.doesNotMatch(row, /2026-11-18/);
    assert.doesNotMatch(html, /<th scope="col"><\/th>/, "no heading without text");
    assert.match(textOf(html), /Entscheid/);
  } finally {
    t.close();
  }
});
