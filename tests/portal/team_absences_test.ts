/**
 * Who is away: every employee sees their manager's and their colleagues' absences (same manager), to the half
 * day, each as "ABSENT" whatever it is; never a leave type, a sick-leave reason or a pending request. Another
 * person's data, so `no-store`.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { employees, leaveRequests, leaveTypes, sickLeaveEntries, users } from "../../src/db/schema/mod.ts";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import { addEmployee, addPerson } from "../_people.ts";

const BASE = "/api/v1/portal";
const PATH = `${BASE}/employee/team/absences`;

async function employeeOf(t: TestApp, email: string) {
  const [u] = await t.deps.db.select({ e: users.employeeId }).from(users).where(eq(users.email, email));
  const [e] = await t.deps.db.select().from(employees).where(eq(employees.id, u.e!));
  return e;
}

async function typeId(t: TestApp, code: string): Promise<string> {
  const [r] = await t.deps.db.select({ id: leaveTypes.id }).from(leaveTypes).where(eq(leaveTypes.code, code));
  return r.id;
}

async function addLeave(t: TestApp, employeeId: string, v: {
  code: string;
  start: string;
  end: string;
  status: string;
  startPortion?: string;
  endPortion?: string;
  reason?: string;
}) {
  const now = t.clock.now();
  await t.deps.db.insert(leaveRequests).values({
    employeeId,
    leaveTypeId: await typeId(t, v.code),
    startDate: v.start,
    endDate: v.end,
    startPortion: v.startPortion ?? "FULL",
    endPortion: v.endPortion ?? "FULL",
    days: 1,
    daysByYear: JSON.stringify({ [v.start.slice(0, 4)]: 1 }),
    status: v.status,
    reason: v.reason ?? null,
    createdAt: now,
    updatedAt: now,
  });
}

async function addSick(
  t: TestApp,
  employeeId: string,
  v: { start: string; end: string | null; reason: string },
) {
  const now = t.clock.now();
  await t.deps.db.insert(sickLeaveEntries).values({
    employeeId,
    startDate: v.start,
    endDate: v.end,
    isOngoing: v.end === null,
    reason: v.reason,
    createdAt: now,
    updatedAt: now,
  });
}

Deno.test("team absences: an employee sees who of their team is away, to the half day, never why", async (t) => {
  const app = await makeTestApp();
  try {
    const me = await employeeOf(app, "employee@demo.example");
    const manager = await employeeOf(app, "manager@demo.example");
    const team = await app.deps.db.select().from(employees).where(eq(employees.managerId, manager.id));
    // Reports employed at some point of the range asked for below (the demo has a new hire starting later).
    const employed = (p: typeof team[number]) =>
      p.employmentStart <= "2026-12-31" && (p.employmentEnd === null || p.employmentEnd >= "2026-11-16");
    const colleagues = team.filter((p) => p.id !== me.id && employed(p));
    assert.ok(colleagues.length >= 2, "the demo employee has colleagues");
    const [a, b] = colleagues;
    const outsider = (await app.deps.db.select().from(employees)).find((p) =>
      p.managerId !== manager.id && p.id !== manager.id
    )!;
    // A colleague's vacation from Tuesday afternoon to Thursday noon, with a reason of their own.
    await addLeave(app, a.id, {
      code: "VACATION",
      start: "2026-12-01",
      end: "2026-12-03",
      startPortion: "AFTERNOON",
      endPortion: "MORNING",
      status: "APPROVED",
      reason: "Hochzeitsreise",
    });
    // Sick during the next week, then special leave right after: one span for colleagues.
    await addSick(app, a.id, { start: "2026-12-07", end: "2026-12-09", reason: "Grippe mit Fieber" });
    await addLeave(app, a.id, {
      code: "SPECIAL",
      start: "2026-12-10",
      end: "2026-12-10",
      status: "APPROVED",
    });
    // A request awaiting approval and a rejected one are not shown.
    await addLeave(app, a.id, {
      code: "VACATION",
      start: "2026-12-21",
      end: "2026-12-23",
      status: "AWAITING_APPROVAL",
    });
    await addLeave(app, a.id, {
      code: "VACATION",
      start: "2026-12-28",
      end: "2026-12-30",
      status: "REJECTED",
    });
    // Another colleague is sick since Monday, no end known yet.
    await addSick(app, b.id, { start: "2026-11-16", end: null, reason: "Burnout" });
    // The manager has a morning off.
    await addLeave(app, manager.id, {
      code: "COMPENSATION",
      start: "2026-11-27",
      end: "2026-11-27",
      endPortion: "MORNING",
      status: "APPROVED",
    });
    // Someone of another team is away: not shown.
    await addLeave(app, outsider.id, {
      code: "VACATION",
      start: "2026-12-01",
      end: "2026-12-04",
      status: "APPROVED",
    });
    // The caller's own absence is in their own reads, not here.
    await addLeave(app, me.id, {
      code: "VACATION",
      start: "2026-12-14",
      end: "2026-12-15",
      status: "APPROVED",
    });

    const token = await app.signIn("employee@demo.example");
    const r = await app.request(`${PATH}?from=2026-11-16&to=2026-12-31`, { token });
    const text = await r.text();
    assert.equal(r.status, 200, text);
    const data = JSON.parse(text).data;

    await t.step("the team: the manager first, then the colleagues; not the caller, not other teams", () => {
      assert.equal(data.members[0].employeeId, manager.id);
      assert.equal(data.members[0].role, "MANAGER");
      const ids = data.members.map((m: { employeeId: string }) => m.employeeId);
      assert.deepEqual(new Set(ids), new Set([manager.id, ...colleagues.map((c) => c.id)]));
      assert.ok(!ids.includes(me.id));
      assert.ok(!ids.includes(outsider.id));
      for (const p of team.filter((p) => !employed(p))) assert.ok(!ids.includes(p.id), "not employed then");
      assert.ok(data.members.slice(1).every((m: { role: string }) => m.role === "COLLEAGUE"));
    });

    await t.step("who and when, to the half day, every absence as ABSENT", () => {
      assert.deepEqual(data.absences, [
        {
          employeeId: manager.id,
          name: `${manager.firstName} ${manager.lastName}`,
          kind: "ABSENT",
          startDate: "2026-11-27",
          startPortion: "FULL",
          endDate: "2026-11-27",
          endPortion: "MORNING",
        },
        {
          employeeId: a.id,
          name: `${a.firstName} ${a.lastName}`,
          kind: "ABSENT",
          startDate: "2026-12-01",
          startPortion: "AFTERNOON",
          endDate: "2026-12-03",
          endPortion: "MORNING",
        },
        {
          // Sick Monday to Wednesday, then special leave on Thursday: only the planned leave is shown.
          employeeId: a.id,
          name: `${a.firstName} ${a.lastName}`,
          kind: "ABSENT",
          startDate: "2026-12-10",
          startPortion: "FULL",
          endDate: "2026-12-10",
          endPortion: "FULL",
        },
      ]);
    });

    await t.step("a sick leave is not shown: an ongoing one would be told apart by its open end", () => {
      assert.ok(!data.absences.some((x: { employeeId: string }) => x.employeeId === b.id), "b is sick");
      assert.ok(
        !data.absences.some((x: { endDate: string }) => x.endDate === "2026-11-18"),
        "nothing ends today",
      );
    });

    await t.step("nothing says why: no type, no reason, no sickness", () => {
      for (
        const word of [
          "VACATION",
          "SPECIAL",
          "COMPENSATION",
          "SICK",
          "Hochzeitsreise",
          "Grippe",
          "Burnout",
          "ONGOING",
          "AWAITING",
          "2026-12-21",
          "2026-12-28",
        ]
      ) {
        assert.ok(!text.includes(word), `${word} is not in the answer`);
      }
    });

    await t.step("another person's data: no-store, with a validator that answers 304", async () => {
      assert.equal(r.headers.get("cache-control"), "no-store");
      const etag = r.headers.get("etag");
      assert.ok(etag);
      const again = await app.request(`${PATH}?from=2026-11-16&to=2026-12-31`, {
        token,
        headers: { "If-None-Match": etag },
      });
      assert.equal(again.status, 304);
      assert.equal(again.headers.get("cache-control"), "no-store");
    });

    await t.step("the default range is four weeks from this Monday", async () => {
      const d = (await json(await app.request(PATH, { token }))).body.data;
      assert.equal(d.from, "2026-11-16");
      assert.equal(d.to, "2026-12-13");
    });

    await t.step("a colleague sees the caller's approved leave the same way", async () => {
      const other = await addPerson(app, { managerId: manager.id, firstName: "Kollegin" });
      const r2 = await app.request(`${PATH}?from=2026-12-14&to=2026-12-15`, {
        token: await app.signIn(other.email),
      });
      const d = (await json(r2)).body.data;
      assert.deepEqual(
        d.absences.filter((x: { employeeId: string }) => x.employeeId === me.id).map((
          x: { startDate: string; endDate: string; kind: string },
        ) => [x.kind, x.startDate, x.endDate]),
        [["ABSENT", "2026-12-14", "2026-12-15"]],
      );
    });
  } finally {
    app.close();
  }
});

Deno.test("team absences: refusals (range, dates, no session, no employee record)", async (t) => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const cases: [string, string, number, RegExp][] = [
      // The demo employee reads German.
      ["63 days", "?from=2026-11-01&to=2027-01-02", 400, /höchstens 62 Tage auf einmal/],
      ["to before from", "?from=2026-11-10&to=2026-11-09", 400, /^«to» darf nicht vor «from» liegen\.$/],
      ["not a calendar day", "?from=2026-02-30", 400, /from/],
      ["an unknown parameter", "?employeeId=x", 400, /employeeId/],
      // Today is 2026-11-18: four weeks back is 2026-10-21, three months ahead 2027-02-18.
      [
        "29 days back",
        "?from=2026-10-20&to=2026-11-01",
        400,
        /^Die Abwesenheiten des Teams werden höchstens 28 Tage zurück gezeigt, ab dem 21\.10\.2026\.$/,
      ],
      ["years back", "?from=2020-01-01&to=2020-03-02", 400, /höchstens 28 Tage zurück/],
      [
        "past three months ahead",
        "?from=2027-01-01&to=2027-02-19",
        400,
        /^Die Abwesenheiten des Teams werden höchstens 3 Monate voraus gezeigt, bis zum 18\.02\.2027\.$/,
      ],
      ["starting past three months ahead", "?from=2027-02-19", 400, /höchstens 3 Monate voraus/],
    ];
    for (const [name, query, status, message] of cases) {
      await t.step(name, async () => {
        const { status: s, body } = await json(await app.request(`${PATH}${query}`, { token }));
        assert.equal(s, status);
        assert.match(String(body.error), message);
        const field = /back|starting/.test(name) ? "query.from" : "query.to";
        if (name !== "an unknown parameter" && name !== "not a calendar day") {
          assert.deepEqual(body.fields, [{ field, message: body.error }]);
        }
      });
    }
    await t.step("the window's edges are accepted: four weeks back, three months ahead", async () => {
      for (
        const q of ["?from=2026-10-21&to=2026-11-18", "?from=2026-12-19&to=2027-02-18", "?from=2027-02-01"]
      ) {
        const r = await app.request(`${PATH}${q}`, { token });
        assert.equal(r.status, 200, q);
        if (q === "?from=2027-02-01") {
          assert.equal((await r.json()).data.to, "2027-02-18", "the default ends there");
        } else await r.body?.cancel();
      }
    });
    await t.step("said in the person's language", async () => {
      const fr = await app.signIn("employee@demo.example");
      await app.deps.db.update(users).set({ language: "fr" }).where(eq(users.email, "employee@demo.example"));
      const { status, body } = await json(await app.request(`${PATH}?from=2026-01-05`, { token: fr }));
      await app.deps.db.update(users).set({ language: "de" }).where(eq(users.email, "employee@demo.example"));
      assert.equal(status, 400);
      assert.equal(
        body.error,
        "Les absences de l'équipe s'affichent au plus 28 jours en arrière, à partir du 21.10.2026.",
      );
      assert.deepEqual(body.fields, [{ field: "query.from", message: body.error }]);
    });
    await t.step("62 days are accepted", async () => {
      const r = await app.request(`${PATH}?from=2026-11-01&to=2027-01-01`, { token });
      assert.equal(r.status, 200);
      await r.body?.cancel();
    });
    await t.step("without a session: 401", async () => {
      const r = await app.request(PATH);
      assert.equal(r.status, 401);
      await r.body?.cancel();
    });
    await t.step("an account without an employee record: 404", async () => {
      const r = await app.request(PATH, { token: await app.signIn("nolink@demo.example") });
      assert.equal(r.status, 404);
      await r.body?.cancel();
    });
  } finally {
    app.close();
  }
});

Deno.test("team absences: on an empty installation, a small team, someone without a manager, someone who left", async (t) => {
  const app = await makeTestApp({ demo: false });
  try {
    const boss = await addEmployee(app, { managerId: null, firstName: "Chefin" });
    const me = await addPerson(app, { managerId: boss, firstName: "Anna" });
    const colleague = await addEmployee(app, { managerId: boss, firstName: "Beat" });
    const left = await addEmployee(app, { managerId: boss, firstName: "Carla", employmentEnd: "2026-06-30" });
    const bossAccount = await addPerson(app, { managerId: null, firstName: "Solo" });
    // An empty installation has no leave types yet: one for the planned leave below.
    await app.deps.db.insert(leaveTypes).values({
      code: "VACATION",
      nameDe: "Ferien",
      nameEn: "Vacation",
      nameFr: "Vacances",
    });
    await addLeave(app, colleague, {
      code: "VACATION",
      start: "2026-11-18",
      end: "2026-11-19",
      status: "APPROVED",
    });
    await addLeave(app, left, {
      code: "VACATION",
      start: "2026-11-18",
      end: "2026-11-19",
      status: "APPROVED",
    });

    await t.step("the team: the manager and the colleague still employed", async () => {
      const { status, body } = await json(await app.request(PATH, { token: await app.signIn(me.email) }));
      assert.equal(status, 200);
      assert.deepEqual(
        body.data.members.map((m: { employeeId: string; role: string }) => [m.employeeId, m.role]),
        [
          [boss, "MANAGER"],
          [colleague, "COLLEAGUE"],
        ],
      );
      assert.deepEqual(
        body.data.absences.map((a: { employeeId: string; startDate: string; endDate: string }) => [
          a.employeeId,
          a.startDate,
          a.endDate,
        ]),
        [[colleague, "2026-11-18", "2026-11-19"]],
      );
    });

    await t.step("a person without a manager has an empty team", async () => {
      const { status, body } = await json(
        await app.request(PATH, { token: await app.signIn(bossAccount.email) }),
      );
      assert.equal(status, 200);
      assert.deepEqual(body.data.members, []);
      assert.deepEqual(body.data.absences, []);
    });
  } finally {
    app.close();
  }
});
