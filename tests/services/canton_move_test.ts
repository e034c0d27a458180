/**
 * A person who moves canton: the place of work decides the public holidays of each day (ArG Art. 20a para. 1,
 * SR 822.11: the cantons' rest days), so a move from a date changes the days after it and never the days
 * before it. On the fixture organisation, Thomas Huber (V07, 100 % Monday–Friday) works in Zurich and moves
 * to Lucerne from Thursday 1 July 2027. The holidays used, from the cantons' own lists (docs/swiss-rules.md):
 * - Kanton Zürich, Ruhetags- und Ladenöffnungsgesetz (LS 822.4): Good Friday, Easter Monday, 1 May, Whit
 *   Monday, 26 December besides 1 January, Ascension, 1 August and 25 December. Easter Sunday 2027 is
 *   28 March: Easter Monday is Monday 29 March 2027.
 * - Kanton Luzern, Ruhetags- und Ladenschlussgesetz (lu.ch): Good Friday, Corpus Christi, 15 August,
 *   1 November, 8 December, 26 December besides those four; no Easter Monday. All Saints' Day is Monday
 *   1 November 2027, Immaculate Conception Wednesday 8 December 2027: holidays in Lucerne, not in Zurich.
 * So the week of Monday 29 March–Friday 2 April 2027 costs 4 days in Zurich (5 in Lucerne), and the weeks of
 * 1–5 November and 6–10 December 2027 cost 5 days in Zurich and 4 in Lucerne.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { addAccounts, ADMIN, buildFixtureOrg, fixturePeople, personPassword } from "../_fixture_org.ts";
import { cli } from "../_cli.ts";
import { csrfOn, post } from "../web/_console.ts";
import { employees, leaveRequests, notifications, users } from "../../src/db/schema/mod.ts";
import { getEmployee } from "../../src/services/hr_people.ts";
import { listPeopleWithAccounts } from "../../src/services/hr_console.ts";
import type { Actor } from "../../src/services/actor.ts";
import { weekTarget } from "../../src/services/time.ts";
import { recordProblemText } from "../../src/web/console_common.ts";
import type { TestApp } from "../_helpers.ts";

const BASE = "/api/v1/portal";
const HEADER = "personnel_number;first_name;last_name;canton;canton_valid_from;employment_start";

async function tokenOf(t: TestApp, pn: string) {
  const email = (await fixturePeople()).find((p) => p.pn === pn)!.email;
  return await t.signIn(email, personPassword(pn));
}

async function file(t: TestApp, token: string, startDate: string, endDate: string) {
  const r = await t.request(`${BASE}/employee/leave/requests`, {
    method: "POST",
    token,
    json: { leaveType: "VACATION", startDate, endDate },
  });
  const body = await r.json();
  assert.equal(r.status, 201, JSON.stringify(body));
  return body.data as { id: string; days: number };
}

async function preview(t: TestApp, token: string, startDate: string, endDate: string) {
  const r = await t.request(`${BASE}/employee/leave/requests/preview`, {
    method: "POST",
    token,
    json: { leaveType: "VACATION", startDate, endDate },
  });
  const body = await r.json();
  assert.equal(r.status, 200, JSON.stringify(body));
  return body.data as { days: number; holidaysInRange: { date: string; name: string }[] };
}

async function daysOf(t: TestApp, id: string) {
  const [r] = await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, id));
  return r.days;
}

async function importFile(t: TestApp, rows: string[]) {
  return await cli(t, ["employees", "import", "--file", "-"], [HEADER, ...rows].join("\r\n") + "\r\n");
}

async function employeeOf(t: TestApp, pn: string) {
  const [e] = await t.deps.db.select().from(employees).where(eq(employees.personnelNumber, pn));
  return e;
}

Deno.test("canton move: the employee file dates the move; the days before keep the old canton's holidays", async (ctx) => {
  // The tests' today is 18 November 2026.
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [["V07", "employee"], ["V08", "manager"]]);
    const token = await tokenOf(t, "V07");
    const easter = await file(t, token, "2027-03-29", "2027-04-02");
    const allSaints = await file(t, token, "2027-11-01", "2027-11-05");

    await ctx.step("in Zurich Easter week costs 4 days (Easter Monday) and All Saints' week 5", () => {
      assert.equal(easter.days, 4);
      assert.equal(allSaints.days, 5);
    });

    await ctx.step("a new canton without the date it applies from is refused, naming the field", async () => {
      const r = await importFile(t, ["V07;Thomas;Huber;LU;;01.10.2022"]);
      assert.equal(r.code, 1, r.out + r.err);
      assert.match(r.err, /line 2: canton changes from ZH: give canton_valid_from/);
      assert.equal((await employeeOf(t, "V07")).canton, "ZH");
      assert.equal(await daysOf(t, easter.id), 4);
    });

    await ctx.step("a date before the first day of work is refused, naming the field", async () => {
      const r = await importFile(t, ["V07;Thomas;Huber;LU;30.09.2022;01.10.2022"]);
      assert.equal(r.code, 1, r.out + r.err);
      assert.match(r.err, /line 2: canton_valid_from is before employment_start/);
    });

    await ctx.step("the dry run shows the move and writes nothing", async () => {
      const r = await cli(
        t,
        ["employees", "import", "--file", "-", "--dry-run"],
        `${HEADER}\r\nV07;Thomas;Huber;LU;01.07.2027;01.10.2022\r\n`,
      );
      assert.equal(r.code, 0, r.out + r.err);
      assert.match(r.out, /canton "ZH" → "LU"; canton_valid_from \(empty\) → "2027-07-01"/);
      assert.equal(await daysOf(t, allSaints.id), 5);
    });

    await ctx.step(
      "with the date: Easter week stays 4 days, All Saints' week is 4 and the person is told",
      async () => {
        const r = await importFile(t, ["V07;Thomas;Huber;LU;01.07.2027;01.10.2022"]);
        assert.equal(r.code, 0, r.out + r.err);
        assert.match(r.out, /Leave 2027-11-01 to 2027-11-05 computed again for the new canton: 5 → 4 days/);
        assert.equal(await daysOf(t, easter.id), 4);
        assert.equal(await daysOf(t, allSaints.id), 4);
        const e = await employeeOf(t, "V07");
        // Today is before the move: the record's canton is still Zurich's.
        assert.equal(e.canton, "ZH");
        const told = await t.deps.db.select().from(notifications).where(and(
          eq(notifications.recipientEmployeeId, e.id),
          eq(notifications.kind, "LEAVE_REQUEST_RECALCULATED"),
        ));
        assert.equal(told.length, 1);
        assert.equal(JSON.parse(told[0].payload).because, "CANTON_CHANGE");
        assert.equal(JSON.parse(told[0].payload).leaveRequestId, allSaints.id);
      },
    );

    await ctx.step("a new request over 8 December 2027 costs 4 days, one over Easter Monday 4", async () => {
      const dec = await preview(t, token, "2027-12-06", "2027-12-10");
      assert.equal(dec.days, 4);
      assert.deepEqual(dec.holidaysInRange.map((h) => h.date), ["2027-12-08"]);
      const whit = await preview(t, token, "2027-05-17", "2027-05-21");
      // Whit Monday 17 May 2027 is Zurich's (before the move), and Corpus Christi 27 May is not.
      assert.equal(whit.days, 4);
      assert.equal((await preview(t, token, "2027-05-24", "2027-05-28")).days, 5);
    });

    await ctx.step("the week's time target follows the canton of each day", async () => {
      const e = await employeeOf(t, "V07");
      // 42 h at 100 % over five days: 8.4 h a day; 8 December is a Lucerne holiday, Whit Monday Zurich's.
      assert.equal((await weekTarget(t.deps.db, e, "2027-12-06")).targetHours, 33.6);
      assert.equal((await weekTarget(t.deps.db, e, "2027-05-17")).targetHours, 33.6);
      assert.equal((await weekTarget(t.deps.db, e, "2027-05-24")).targetHours, 42);
    });

    await ctx.step("the person's holidays of 2027: Zurich's before 1 July, Lucerne's after", async () => {
      const r = await t.request(`${BASE}/employee/holidays?year=2027`, { token });
      const body = await r.json();
      assert.equal(r.status, 200, JSON.stringify(body));
      const dates = (body.data.publicHolidays as { date: string }[]).map((h) => h.date);
      for (const d of ["2027-03-29", "2027-05-01", "2027-05-17", "2027-11-01", "2027-12-08"]) {
        assert.ok(dates.includes(d), d);
      }
      // Corpus Christi 27 May 2027 is Lucerne's, before the move.
      assert.ok(!dates.includes("2027-05-27"));
      assert.ok(dates.includes("2027-08-15"), "Assumption, after the move");
    });

    await ctx.step(
      "the manager's team calendar shows him in Lucerne after the move, in Zurich before",
      async () => {
        const manager = await tokenOf(t, "V08");
        const canton = async (from: string, to: string) => {
          const r = await t.request(`${BASE}/approvals/team-calendar?from=${from}&to=${to}`, {
            token: manager,
          });
          const body = await r.json();
          assert.equal(r.status, 200, JSON.stringify(body));
          const member = body.data.members.find((m: { name: string }) => m.name === "Thomas Huber");
          const days = body.data.publicHolidays.find((h: { canton: string }) =>
            h.canton === member.canton
          ).days;
          return { canton: member.canton, days: days.map((d: { date: string }) => d.date) };
        };
        assert.deepEqual(await canton("2027-10-25", "2027-11-07"), { canton: "LU", days: ["2027-11-01"] });
        assert.deepEqual(await canton("2027-03-22", "2027-04-04"), {
          canton: "ZH",
          days: ["2027-03-26", "2027-03-28", "2027-03-29"],
        });
      },
    );

    await ctx.step("the profile shows today's canton and the planned move", async () => {
      const r = await t.request(`${BASE}/employee/profile`, { token });
      const body = await r.json();
      assert.equal(r.status, 200, JSON.stringify(body));
      assert.equal(body.data.employment.canton, "ZH");
      assert.deepEqual(body.data.employment.cantonChange, { canton: "LU", validFrom: "2027-07-01" });
    });

    await ctx.step("the export carries the move; importing it back changes nothing", async () => {
      const out = await cli(t, ["employees", "export"]);
      assert.equal(out.code, 0, out.err);
      const [head, ...rows] = out.out.trim().split("\n");
      const cols = head.split(",");
      const v07 = rows.map((r) => r.split(",")).find((c) => c[0] === "V07")!;
      assert.equal(v07[cols.indexOf("canton")], "LU");
      assert.equal(v07[cols.indexOf("canton_valid_from")], "2027-07-01");
      const again = await cli(t, ["employees", "import", "--file", "-", "--dry-run"], out.out);
      assert.equal(again.code, 0, again.out + again.err);
      assert.match(again.out, /0 to add, 0 to change/);
    });

    await ctx.step("the old file again (Zurich, no date) is no move and changes nothing", async () => {
      const r = await importFile(t, ["V07;Thomas;Huber;ZH;;01.10.2022"]);
      assert.equal(r.code, 0, r.out + r.err);
      assert.equal(await daysOf(t, allSaints.id), 4);
      assert.equal(await daysOf(t, easter.id), 4);
    });

    await ctx.step(
      "HR's people list and master data say Zurich until the move and Lucerne from its day",
      async () => {
        const admin = await t.deps.db.query.users.findFirst({ where: eq(users.email, ADMIN.email) });
        const hr: Actor = {
          userId: admin!.id,
          role: admin!.role,
          language: "en",
          employeeId: admin!.employeeId,
          channel: "ASSISTANT",
        };
        const id =
          (await t.deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, "V07") }))!.id;
        const shown = async () => ({
          card: (await getEmployee(t.deps, hr, id)).canton,
          list: (await listPeopleWithAccounts(t.deps)).find((p) => p.pn === "V07")!.canton,
        });
        const before = await shown();
        assert.equal(before.card, "ZH");
        assert.equal(before.list, "ZH");
        const now = t.clock.now();
        try {
          t.clock.set("2027-07-01T08:00:00Z");
          const after = await shown();
          assert.equal(after.card, "LU");
          assert.equal(after.list, "LU");
        } finally {
          t.clock.set(now);
        }
      },
    );
  } finally {
    t.close();
  }
});

Deno.test("canton move: a new person's canton holds from their first day", async () => {
  const t = await buildFixtureOrg();
  try {
    const r = await importFile(t, ["V20;Laura;Meier;LU;;01.03.2027"]);
    assert.equal(r.code, 0, r.out + r.err);
    const e = await employeeOf(t, "V20");
    const rows = await t.deps.database.client.execute({
      sql: "SELECT valid_from, canton FROM canton_changes WHERE employee_id = ?",
      args: [e.id],
    });
    assert.deepEqual(rows.rows.map((x) => [x.valid_from, x.canton]), [["2027-03-01", "LU"]]);
  } finally {
    t.close();
  }
});

Deno.test("canton move: the console's person form takes the date, and refuses a move without it", async (ctx) => {
  const t = await buildFixtureOrg();
  try {
    await addAccounts(t, [["V08", "employee"]]);
    const token = await tokenOf(t, "V08");
    const allSaints = await file(t, token, "2027-11-01", "2027-11-05");
    const cookie = { Cookie: `hr_session=${await t.signIn(ADMIN.email, ADMIN.password)}` };
    const page = await (await t.request("/hr/people/V08", { headers: cookie })).text();
    // The form starts from the record as the employee file writes it.
    const field = (name: string) =>
      new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1] ??
        new RegExp(`value="([^"]*)"[^>]*name="${name}"`).exec(page)?.[1] ?? "";
    assert.match(page, /name="canton_valid_from"/);
    const form = (canton: string, from: string) => ({
      first_name: "Andrea",
      last_name: "Keller",
      work_email: "andrea.keller@ceresio.example",
      language: "de",
      canton,
      canton_valid_from: from,
      manager_personnel_number: "V01",
      department: "Vendite",
      job_title: field("job_title") || "Leiterin Verkauf Zürich",
      employment_start: "2016-05-01",
      workload_percent: "100",
      weekday: ["1", "2", "3", "4", "5"],
      weekly_hours: "42",
      salary_continuation_scale: "BERNER",
    });

    await ctx.step(
      "without the date: refused in the reader's language (Italian), naming the field",
      async () => {
        const csrf = await csrfOn(t, cookie, "/hr/people/V08");
        const r = await t.request("/hr/people/V08", post(cookie, { csrf, ...form("LU", "") }));
        const body = await r.text();
        assert.equal(r.status, 400, body.slice(0, 800));
        assert.match(
          body,
          /Il cantone di lavoro cambia \(finora ZH\): indicare nel campo «Cantone valido dal»/,
        );
        assert.equal((await employeeOf(t, "V08")).canton, "ZH");
        assert.equal(await daysOf(t, allSaints.id), 5);
      },
    );

    await ctx.step(
      "with the date: saved, and the leave after the move is counted by Lucerne's holidays",
      async () => {
        const csrf = await csrfOn(t, cookie, "/hr/people/V08");
        const r = await t.request("/hr/people/V08", post(cookie, { csrf, ...form("LU", "2027-07-01") }));
        const body = await r.text();
        assert.equal(r.status, 200, body.slice(0, 800));
        assert.equal(await daysOf(t, allSaints.id), 4);
        const again = await (await t.request("/hr/people/V08", { headers: cookie })).text();
        assert.match(
          again,
          /name="canton_valid_from"[^>]*value="2027-07-01"|value="2027-07-01"[^>]*name="canton_valid_from"/,
        );
      },
    );
  } finally {
    t.close();
  }
});

Deno.test("canton move: the refusal of an undated move names the field in each of the four languages", () => {
  const p = { line: 1, field: "canton_valid_from", code: "cantonNeedsDate", value: "ZH" } as const;
  assert.match(recordProblemText(p, "de"), /ändert von ZH: im Feld «Kanton gültig ab» \(canton_valid_from\)/);
  assert.match(
    recordProblemText(p, "fr"),
    /change \(jusqu'ici ZH\) : indiquer dans le champ « Canton valable dès »/,
  );
  assert.match(recordProblemText(p, "it"), /cambia \(finora ZH\): indicare nel campo «Cantone valido dal»/);
  assert.match(
    recordProblemText(p, "en"),
    /changes from ZH: give in the field “Canton valid from” \(canton_valid_from\)/,
  );
});
