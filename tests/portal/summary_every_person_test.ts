/**
 * The home screen's vacation is the VACATION row of the leave balances, for every person of the demo and of
 * the fixture organisation (`tests/_fixture_org.ts`, built by commands), read as each person reads it: signed
 * in through the portal, `GET /employee/summary` against `GET /employee/leave/balances`. The summary's
 * entitlement is the balance's available days (entitlement, carry-over still valid and corrections); a
 * balance with nothing in it (an employment that does not touch the year) shows no vacation at all.
 * People without an account get one with `user add`, as an administrator gives it.
 */
import assert from "node:assert/strict";
import { DEMO_PASSWORD, makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { addAccounts, buildFixtureOrg, fixturePeople, personPassword } from "../_fixture_org.ts";

/**
 * Runs `fn` for every item, four at a time: a password set by command is hashed at the service's own cost
 * (a third of a second), so the hashing of several people overlaps on the machine's cores.
 */
async function fourAtATime<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: 4 }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
  }));
}

interface Balance {
  leaveType: { code: string };
  year: number;
  entitlement: number;
  available: number;
  used: number;
  planned: number;
  pending: number;
  remaining: number;
}

/** One person's summary against their balances; whether vacation was shown. */
async function compare(t: TestApp, who: string, email: string, password: string): Promise<boolean> {
  const token = await t.signIn(email, password);
  const summary = await t.request("/api/v1/portal/employee/summary", { token });
  assert.equal(summary.status, 200, `${who}: ${await summary.clone().text()}`);
  const leave = (await summary.json()).data.leave;
  const balances = await t.request("/api/v1/portal/employee/leave/balances", { token });
  assert.equal(balances.status, 200, `${who}: ${await balances.clone().text()}`);
  const v = ((await balances.json()).data.balances as Balance[]).find((b) => b.leaveType.code === "VACATION");
  assert.ok(v, `${who} has a VACATION row`);
  const nothing = v.entitlement === 0 && v.available === 0 && v.used === 0 && v.planned === 0 &&
    v.pending === 0;
  if (nothing) {
    assert.equal(leave, null, `${who}: an empty balance shows no vacation`);
    return false;
  }
  assert.deepEqual(leave, {
    year: v.year,
    entitlement: v.available,
    used: v.used,
    planned: v.planned,
    remaining: v.remaining,
  }, who);
  return true;
}

Deno.test("summary: each demo person, signed in, sees the VACATION balance on the home screen", async () => {
  const t = await makeTestApp();
  try {
    const people = (await t.deps.database.client.execute(
      "SELECT e.personnel_number, e.work_email, u.email FROM employees e LEFT JOIN users u ON u.employee_id = e.id " +
        "ORDER BY e.personnel_number",
    )).rows;
    let shown = 0;
    await fourAtATime(people, async (p) => {
      const pn = String(p.personnel_number);
      let email = p.email ? String(p.email) : "";
      let password = DEMO_PASSWORD;
      if (!email) {
        // Someone without an account: the administrator adds one for their work address.
        email = p.work_email ? String(p.work_email) : `${pn.toLowerCase()}@demo.example`;
        password = personPassword(pn);
        const added = await cli(
          t,
          ["user", "add", "--email", email, "--role", "employee", "--employee", pn, "--password-stdin"],
          password,
        );
        assert.equal(added.code, 0, added.err);
      }
      if (await compare(t, `demo ${pn}`, email, password)) shown++;
    });
    assert.ok(people.length >= 35, `${people.length} demo people`);
    assert.ok(shown >= 35, `only ${shown} of ${people.length} demo people showed vacation`);
  } finally {
    t.close();
  }
});

Deno.test("summary: each person of the fixture organisation sees the VACATION balance on the home screen", async () => {
  const t = await buildFixtureOrg();
  try {
    const people = await fixturePeople();
    assert.equal(people.length, 13);
    const empty: string[] = [];
    await fourAtATime(people, async (p) => {
      await addAccounts(t, [[p.pn, "employee"]]);
      if (!await compare(t, `fixture ${p.pn}`, p.email, personPassword(p.pn))) empty.push(p.pn);
    });
    empty.sort();
    // Reto Gisler left in October 2025: nothing in 2026. Giada Rezzonico starts in December: her month.
    assert.deepEqual(empty, ["V13"]);
  } finally {
    t.close();
  }
});
