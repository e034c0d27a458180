/**
 * The home screen's vacation is the leave area's VACATION balance, for every person: on the demo and on an
 * organisation built the way a customer builds one (`org apply`, `employees import`, an account), where no
 * entitlement row exists because every entitlement is derived from the policy. Null only for a balance with
 * nothing in it (someone whose employment does not touch the year).
 */
import assert from "node:assert/strict";
import { FixedClock } from "../../src/clock.ts";
import { getEmployeeSummary } from "../../src/services/summary.ts";
import { getLeaveBalances } from "../../src/services/leave.ts";
import type { Actor } from "../../src/services/actor.ts";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { buildByCommands } from "../_command_org.ts";
import { adjustWords } from "../_leave_commands.ts";

// P1 80 % on four days, P2 joined in August, P3 left at the end of 2025, P4 starts in 2027, P5 is 18.
const PEOPLE_FILE = "\uFEFFpersonnel_number;first_name;last_name;work_email;canton;employment_start;" +
  "employment_end;birth_date;workload_percent;working_weekdays\r\n" +
  "P1;Jürg;Müller;juerg.mueller@example.ch;BE;01.03.2012;;15.06.1975;80;1-4\r\n" +
  "P2;Anna;Meier;anna.meier@example.ch;ZH;01.08.2026;;02.02.1990;100;1-5\r\n" +
  "P3;Beat;Frei;;BE;01.01.2020;31.12.2025;03.03.1980;100;1-5\r\n" +
  "P4;Chiara;Rossi;;TI;01.01.2027;;04.04.1995;60;1-3\r\n" +
  "P5;Dario;Keller;;VD;01.08.2025;;05.05.2008;100;1-5\r\n";

/** A company as a customer sets it up: the README's first commands, run in process. */
async function commandBuiltOrganisation(): Promise<TestApp> {
  const t = await makeTestApp({ demo: false });
  const dir = await buildByCommands(t, { peopleCsv: PEOPLE_FILE, admin: { email: "admin@example.ch" } });
  try {
    const added = await cli(
      t,
      ["user", "add", "--email", "juerg.mueller@example.ch", "--role", "employee", "--employee", "P1"],
      "",
    );
    assert.equal(added.code, 0, added.err);
    return t;
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The summary of every person against the VACATION row of their balances; how many showed vacation. */
async function everyone(t: TestApp, now: string): Promise<{ shown: number; empty: string[] }> {
  const deps = { ...t.deps, clock: new FixedClock(now) };
  const people = (await t.deps.database.client.execute("SELECT id, personnel_number FROM employees")).rows;
  let shown = 0;
  const empty: string[] = [];
  for (const p of people) {
    const actor: Actor = {
      userId: "test",
      role: "employee",
      language: "en",
      employeeId: String(p.id),
      channel: "PORTAL",
    };
    const s = await getEmployeeSummary(deps, actor);
    const v = (await getLeaveBalances(deps, actor)).balances.find((b) => b.leaveType.code === "VACATION")!;
    const nothing = v.entitlement === 0 && v.available === 0 && v.used === 0 && v.planned === 0 &&
      v.pending === 0;
    if (nothing) {
      assert.equal(s.leave, null, `${p.personnel_number} on ${now}: an empty balance shows no vacation`);
      empty.push(String(p.personnel_number));
      continue;
    }
    shown++;
    assert.deepEqual(s.leave, {
      year: v.year,
      entitlement: v.available,
      used: v.used,
      planned: v.planned,
      remaining: v.remaining,
    }, `${p.personnel_number} on ${now}`);
  }
  return { shown, empty };
}

Deno.test("summary: every demo person's vacation equals the VACATION balance", async () => {
  const t = await makeTestApp();
  try {
    for (const now of ["2026-11-18T09:00:00Z", "2027-01-04T09:00:00Z", "2026-03-31T09:00:00Z"]) {
      const { shown } = await everyone(t, now);
      assert.ok(shown >= 35, `only ${shown} demo people showed vacation on ${now}`);
    }
  } finally {
    t.close();
  }
});

Deno.test("summary: an organisation set up by commands shows the derived vacation on the home screen", async () => {
  const t = await commandBuiltOrganisation();
  try {
    const today = await everyone(t, "2026-11-18T09:00:00Z");
    assert.deepEqual(today.empty.sort(), ["P3", "P4"], "those outside their employment have none");
    assert.equal(today.shown, 3);
    const next = await everyone(t, "2027-01-04T09:00:00Z");
    assert.deepEqual(next.empty, ["P3"], "in 2027 P4 has started");

    // The portal, as the app asks it: the same 22 days (27 × 4/5 = 21.6, rounded up to the half day) the
    // balances show.
    const password = "Ferien-im-Berner-Oberland-2026!";
    const reset = await cli(t, [
      "user",
      "reset-password",
      "--email",
      "juerg.mueller@example.ch",
      "--password-stdin",
    ], password);
    assert.equal(reset.code, 0, reset.err);
    const token = await t.signIn("juerg.mueller@example.ch", password);
    const summary = await (await t.request("/api/v1/portal/employee/summary", { token })).json();
    assert.deepEqual(summary.data.leave, {
      year: 2026,
      remaining: 22,
      entitlement: 22,
      used: 0,
      planned: 0,
    });

    // Kept summaries follow a write: a correction by command shows at once.
    const adjusted = await cli(t, adjustWords("P1", "VACATION", "2026", "2", "Overtime compensated"));
    assert.equal(adjusted.code, 0, adjusted.err);
    const after = await (await t.request("/api/v1/portal/employee/summary", { token })).json();
    assert.equal(after.data.leave.entitlement, 24);
    assert.equal(after.data.leave.remaining, 24);
    const balances = await (await t.request("/api/v1/portal/employee/leave/balances", { token })).json();
    const v = balances.data.balances.find((b: { leaveType: { code: string } }) =>
      b.leaveType.code === "VACATION"
    );
    assert.equal(v.available, 24);
  } finally {
    t.close();
  }
});
