/**
 * The four endpoints of the contract, to the letter: summary, time-entries, sick-leave/end,
 * salary-continuation. Every success is `{success: true, data}`, every error `{error}`.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { json, makeTestApp, type TestApp } from "../_helpers.ts";
import {
  feedbackDrafts,
  onboardingPlans,
  requiredDocuments,
  sickLeaveEntries,
  surveyInvitations,
} from "../../src/db/schema/mod.ts";
import { addAccount, addEmployee, addPerson, EMPLOYEE_ID, P } from "../services/_fixtures.ts";

const BASE = "/api/v1/portal";

/**
 * The contract's `{error: <string>}`, with only the documented additions beside it: a stable `code`, and
 * where they apply the conflicting record's id and every invalid field.
 */
function isError(body: Record<string, unknown>) {
  assert.ok(Object.keys(body).every((k) => ["error", "code", "conflictingId", "fields"].includes(k)));
  assert.equal(typeof body.code, "string");
  assert.equal(typeof body.error, "string");
  assert.ok((body.error as string).length > 5);
}

async function post(t: TestApp, path: string, token: string, body: unknown) {
  return await json(await t.request(BASE + path, { method: "POST", token, json: body }));
}

/** Runs a test on an app made with `opts` (the demo unless they say otherwise), closed however it ends. */
async function withApp(opts: Parameters<typeof makeTestApp>[0], test: (t: TestApp) => Promise<void>) {
  const t = await makeTestApp(opts);
  try {
    await test(t);
  } finally {
    t.close();
  }
}

Deno.test("summary: exactly the DTO's fields for the demo employee, todos.total is the badge sum", () =>
  withApp({}, async (t) => {
    const token = await t.signIn("employee@demo.example");
    const r = await json(await t.request(`${BASE}/employee/summary`, { token }));
    assert.equal(r.status, 200);
    assert.equal(r.body.success, true);
    const d = r.body.data;
    assert.deepEqual(Object.keys(d).sort(), [
      "latestPayslipPeriod",
      "leave",
      "nextPayoutDate",
      "timesheet",
      "todos",
    ]);
    assert.deepEqual(Object.keys(d.leave).sort(), ["entitlement", "planned", "remaining", "used", "year"]);
    assert.deepEqual(Object.keys(d.timesheet).sort(), [
      "draftCount",
      "targetHours",
      "totalHours",
      "weekStart",
    ]);
    assert.deepEqual(
      Object.keys(d.todos).sort(),
      ["documentsMissing", "feedbackDrafts", "onboardingOpen", "surveyInvitations", "total"],
    );
    assert.equal(d.leave.year, 2026);
    assert.equal(d.leave.remaining, d.leave.entitlement - d.leave.used - d.leave.planned);
    assert.equal(d.timesheet.weekStart, "2026-11-16");
    assert.equal(d.timesheet.draftCount, 2);
    assert.equal(d.nextPayoutDate, "2026-11-25");
    assert.equal(d.latestPayslipPeriod, "Oktober 2026");
    const td = d.todos;
    // The badge counts each policy waiting to be read too: the contract's todos have no field for them.
    const policies = await json(await t.request(`${BASE}/employee/policies`, { token }));
    const toRead = (policies.body.data.items as { acknowledgementCurrent: boolean }[])
      .filter((p) => !p.acknowledgementCurrent).length;
    assert.ok(toRead > 0, "the demo employee has policies to read");
    assert.equal(
      td.total,
      td.feedbackDrafts + td.surveyInvitations + (td.onboardingOpen ? 1 : 0) + (td.documentsMissing ? 1 : 0) +
        toRead,
    );
  }));

Deno.test("summary: todos count drafts, open surveys, an open onboarding plan and missing documents", () =>
  withApp({}, async (t) => {
    const me = await addPerson(t);
    const token = await t.signIn(me.email);
    const now = t.clock.now();
    // The demo's policies, each a to-do of its own until read: read first, so these four are counted alone.
    const policies = await json(await t.request(`${BASE}/employee/policies`, { token }));
    for (const p of policies.body.data.items as { slug: string }[]) {
      const ack = await t.request(`${BASE}/employee/policies/${p.slug}/acknowledgement`, {
        method: "POST",
        token,
      });
      assert.equal(ack.status, 200);
    }
    const empty = await json(await t.request(`${BASE}/employee/summary`, { token }));
    assert.deepEqual(empty.body.data.todos, {
      feedbackDrafts: 0,
      surveyInvitations: 0,
      onboardingOpen: false,
      documentsMissing: false,
      total: 0,
    });
    const db = t.deps.db;
    await db.insert(feedbackDrafts).values([
      { authorEmployeeId: me.employeeId!, cycle: "2026", status: "DRAFT", updatedAt: now },
      { authorEmployeeId: me.employeeId!, cycle: "2026", status: "DRAFT", updatedAt: now },
      { authorEmployeeId: me.employeeId!, cycle: "2025", status: "SUBMITTED", updatedAt: now },
    ]);
    await db.insert(surveyInvitations).values([
      {
        employeeId: me.employeeId!,
        surveyTitle: "Pulse",
        status: "OPEN",
        dueDate: "2026-12-01",
        createdAt: now,
      },
      {
        employeeId: me.employeeId!,
        surveyTitle: "Old",
        status: "OPEN",
        dueDate: "2026-01-01",
        createdAt: now,
      },
      { employeeId: me.employeeId!, surveyTitle: "Done", status: "COMPLETED", createdAt: now },
    ]);
    await db.insert(onboardingPlans).values({
      employeeId: me.employeeId!,
      startDate: "2026-11-02",
      createdAt: now,
    });
    await db.insert(requiredDocuments).values({
      employeeId: me.employeeId!,
      kind: "WORK_PERMIT",
      createdAt: now,
    });
    const r = await json(await t.request(`${BASE}/employee/summary`, { token }));
    assert.deepEqual(r.body.data.todos, {
      feedbackDrafts: 2,
      surveyInvitations: 1,
      onboardingOpen: true,
      documentsMissing: true,
      total: 5,
    });
  }));

Deno.test("summary: null where no data exists yet; todos still present", () =>
  withApp({ demo: false }, async (t) => {
    const id = await addEmployee(t, { managerId: null });
    const me = await addAccount(t, id);
    const token = await t.signIn(me.email);
    const r = await json(await t.request(`${BASE}/employee/summary`, { token }));
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, {
      success: true,
      data: {
        leave: null,
        timesheet: null,
        nextPayoutDate: null,
        latestPayslipPeriod: null,
        todos: {
          feedbackDrafts: 0,
          surveyInvitations: 0,
          onboardingOpen: false,
          documentsMissing: false,
          total: 0,
        },
      },
    });
  }));

Deno.test("summary: 401 without a session, 404 for an account without an employee record", () =>
  withApp({}, async (t) => {
    const anon = await json(await t.request(`${BASE}/employee/summary`));
    assert.equal(anon.status, 401);
    isError(anon.body);
    const bad = await json(await t.request(`${BASE}/employee/summary`, { token: "hrs_not-a-session" }));
    assert.equal(bad.status, 401);
    const token = await t.signIn("nolink@demo.example");
    const r = await json(await t.request(`${BASE}/employee/summary`, { token }));
    assert.equal(r.status, 404);
    isError(r.body);
  }));

Deno.test("time-entries: created as DRAFT, hours derived from start, end and break, type REGULAR by default", () =>
  withApp({}, async (t) => {
    const token = await t.signIn("employee@demo.example");
    const r = await post(t, "/employee/time-entries", token, {
      date: "2026-11-13",
      startTime: "18:00",
      endTime: "20:15",
      breakMinutes: 15,
      projectCode: "PLAT-OPS",
      description: "Release",
    });
    assert.equal(r.status, 201);
    assert.equal(r.body.success, true);
    const e = r.body.data;
    assert.equal(e.status, "DRAFT");
    assert.equal(e.totalHours, 2);
    assert.equal(e.type, "REGULAR");
    assert.equal(e.date, "2026-11-13");
    assert.equal(e.projectCode, "PLAT-OPS");
    assert.equal(e.description, "Release");
    assert.equal(e.createdAt, "2026-11-18T09:00:00.000Z");
    assert.ok(!("rejectionNote" in e));
  }));

Deno.test("time-entries: body rules (calendar dates with leap years, 0–24 h, break ≥ 0, agreement, fields)", (t) =>
  withApp({}, async (app) => {
    const token = await app.signIn("employee@demo.example");
    const ok = { startTime: "06:00", endTime: "07:00" };
    const cases: { name: string; body: Record<string, unknown>; status: number; error?: RegExp }[] = [
      { name: "29 Feb in a leap year is a date", body: { date: "2024-02-29", ...ok }, status: 201 },
      {
        name: "29 Feb in a common year is not",
        body: { date: "2026-02-29", ...ok },
        status: 400,
        error: /'date'/,
      },
      { name: "31 April is not a date", body: { date: "2026-04-31", ...ok }, status: 400, error: /'date'/ },
      {
        name: "a date-time is not a date",
        body: { date: "2026-11-02T08:00:00Z", ...ok },
        status: 400,
        error: /'date'/,
      },
      // The demo employee reads German.
      { name: "date is required", body: { ...ok }, status: 400, error: /Das Feld 'date' fehlt/ },
      {
        name: "startTime is required",
        body: { date: "2026-11-02", endTime: "07:00" },
        status: 400,
        error: /'startTime'/,
      },
      {
        name: "times are HH:MM",
        body: { date: "2026-11-02", startTime: "6:00", endTime: "07:00" },
        status: 400,
        error: /'startTime'/,
      },
      {
        name: "25:00 is no time",
        body: { date: "2026-11-02", startTime: "06:00", endTime: "25:00" },
        status: 400,
        error: /'endTime'/,
      },
      {
        name: "negative break",
        body: { date: "2026-11-02", ...ok, breakMinutes: -1 },
        status: 400,
        error: /'breakMinutes'/,
      },
      {
        name: "fractional break",
        body: { date: "2026-11-02", ...ok, breakMinutes: 1.5 },
        status: 400,
        error: /'breakMinutes'/,
      },
      {
        name: "break longer than the shift",
        body: { date: "2026-11-02", ...ok, breakMinutes: 61 },
        status: 400,
        error: /^Die Pause \(61 Minuten\) ist länger als die Zeit von 06:00 bis 07:00 \(60 Minuten\)\.$/,
      },
      {
        name: "totalHours above 24",
        body: { date: "2026-11-02", ...ok, totalHours: 24.5 },
        status: 400,
        error: /'totalHours'/,
      },
      {
        name: "totalHours below 0",
        body: { date: "2026-11-02", ...ok, totalHours: -1 },
        status: 400,
        error: /'totalHours'/,
      },
      {
        name: "totalHours that disagrees",
        body: { date: "2026-11-02", ...ok, totalHours: 1.5 },
        status: 400,
        error:
          /^Die angegebenen 1\.5 Stunden passen nicht zu 06:00–07:00 abzüglich 0 Minuten Pause \(1 h\)\./,
      },
      {
        name: "totalHours that agrees to the minute",
        body: { date: "2026-11-02", startTime: "06:00", endTime: "06:20", totalHours: 0.333 },
        status: 201,
      },
      {
        name: "0 h is allowed (a 24 h span with a full-day break)",
        body: { date: "2023-06-03", startTime: "05:00", endTime: "05:00", breakMinutes: 1440, totalHours: 0 },
        status: 201,
      },
      {
        name: "a full 24 h is allowed",
        body: { date: "2026-10-04", startTime: "05:00", endTime: "05:00", totalHours: 24 },
        status: 201,
      },
      {
        name: "unknown type",
        body: { date: "2026-11-02", ...ok, type: "HOLIDAY" },
        status: 400,
        error: /'type'/,
      },
      { name: "a type may be sent", body: { date: "2026-11-03", ...ok, type: "WEITERBILDUNG" }, status: 201 },
      {
        name: "unknown field",
        body: { date: "2026-11-02", ...ok, status: "APPROVED" },
        status: 400,
        error: /Unbekanntes Feld 'status' im Inhalt/,
      },
      {
        name: "projectCode must be a string",
        body: { date: "2026-11-02", ...ok, projectCode: 7 },
        status: 400,
        error: /'projectCode'/,
      },
      // The same rule as the connector's project_code: 1 to 32 letters, digits, '.', '_' or '-'.
      {
        name: "projectCode of 33 characters",
        body: { date: "2026-11-02", ...ok, projectCode: "P".repeat(33) },
        status: 400,
        error: /'projectCode'.*1 bis 32 Buchstaben, Ziffern/,
      },
      {
        name: "projectCode with a space",
        body: { date: "2026-11-02", ...ok, projectCode: "Project X" },
        status: 400,
        error: /'projectCode'/,
      },
      {
        name: "projectCode of 32 characters",
        body: { date: "2026-11-04", ...ok, projectCode: "P".repeat(32) },
        status: 201,
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const r = await post(app, "/employee/time-entries", token, c.body);
        assert.equal(r.status, c.status, JSON.stringify(r.body));
        if (c.error) {
          isError(r.body);
          assert.match(r.body.error as string, c.error);
        }
      });
    }
  }));

Deno.test("time-entries: overnight shifts end the next day and collide with that day's entries", () =>
  withApp({}, async (t) => {
    const token = await t.signIn("employee@demo.example");
    // Saturday 2026-11-07 and Sunday 2026-11-08 hold no demo entries.
    const night = await post(t, "/employee/time-entries", token, {
      date: "2026-11-07",
      startTime: "22:00",
      endTime: "06:00",
      breakMinutes: 30,
    });
    assert.equal(night.status, 201);
    assert.equal(night.body.data.totalHours, 7.5);
    const clash = await post(t, "/employee/time-entries", token, {
      date: "2026-11-08",
      startTime: "05:30",
      endTime: "07:00",
    });
    assert.equal(clash.status, 409);
    assert.match(
      clash.body.error as string,
      /überschneidet sich mit Ihrem Eintrag am 07\.11\.2026 von 22:00 bis 06:00/,
    );
    assert.equal(clash.body.reason, "time_entry_overlap");
    const after = await post(t, "/employee/time-entries", token, {
      date: "2026-11-08",
      startTime: "06:00",
      endTime: "07:00",
    });
    assert.equal(after.status, 201, "an entry may start when the previous one ends");
    const sameDay = await post(t, "/employee/time-entries", token, {
      date: "2026-11-07",
      startTime: "21:00",
      endTime: "22:30",
    });
    assert.equal(sameDay.status, 409);
  }));

Deno.test("time-entries: 415 for a body that is not JSON, 400 for malformed JSON, 401, 404", () =>
  withApp({}, async (t) => {
    const token = await t.signIn("employee@demo.example");
    const form = await json(
      await t.request(`${BASE}/employee/time-entries`, {
        method: "POST",
        token,
        headers: { "Content-Type": "text/plain" },
        body: "date=2026-11-02",
      }),
    );
    assert.equal(form.status, 415);
    isError(form.body);
    const broken = await json(
      await t.request(`${BASE}/employee/time-entries`, {
        method: "POST",
        token,
        headers: { "Content-Type": "application/json" },
        body: '{"date": ',
      }),
    );
    assert.equal(broken.status, 400);
    isError(broken.body);
    const anon = await json(await t.request(`${BASE}/employee/time-entries`, { method: "POST", json: {} }));
    assert.equal(anon.status, 401);
    const nolink = await t.signIn("nolink@demo.example");
    const r = await post(t, "/employee/time-entries", nolink, {
      date: "2026-11-02",
      startTime: "06:00",
      endTime: "07:00",
    });
    assert.equal(r.status, 404);
    isError(r.body);
  }));

async function ongoingOf(t: TestApp, employeeId: string) {
  const [s] = await t.deps.db.select().from(sickLeaveEntries).where(
    and(eq(sickLeaveEntries.employeeId, employeeId), eq(sickLeaveEntries.isOngoing, true)),
  );
  return s;
}

Deno.test("sick-leave/end: ends the caller's ongoing absence and returns the contract's entry", () =>
  withApp({}, async (t) => {
    const token = await t.signIn("employee@demo.example");
    const s = await ongoingOf(t, EMPLOYEE_ID);
    assert.equal(s.startDate, "2026-11-18");
    const r = await post(t, "/employee/sick-leave/end", token, {
      action: "end",
      entryId: s.id,
      endDate: "2026-11-20",
    });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.success, true);
    assert.deepEqual(Object.keys(r.body.data).sort(), [
      "createdAt",
      "endDate",
      "hasCertificate",
      "id",
      "isOngoing",
      "reason",
      "startDate",
      "totalDays",
    ]);
    assert.equal(r.body.data.id, s.id);
    assert.equal(r.body.data.isOngoing, false);
    assert.equal(r.body.data.startDate, "2026-11-18T00:00:00.000Z");
    assert.equal(r.body.data.endDate, "2026-11-20T00:00:00.000Z");
    assert.equal(r.body.data.totalDays, 3);
    const again = await post(t, "/employee/sick-leave/end", token, {
      action: "end",
      entryId: s.id,
      endDate: "2026-11-20",
    });
    assert.equal(again.status, 409, "an ended absence is not ongoing");
    isError(again.body);
    assert.match(
      again.body.error as string,
      /^Diese Abwesenheit dauert nicht mehr an: Sie endete am 20\.11\.2026\./,
    );
  }));

Deno.test("sick-leave/end: refusals (action, id, someone else's entry, dates)", (t) =>
  withApp({}, async (app) => {
    const token = await app.signIn("employee@demo.example");
    const mine = await ongoingOf(app, EMPLOYEE_ID);
    const other = await addPerson(app);
    const [theirs] = await app.deps.db.insert(sickLeaveEntries).values({
      employeeId: other.employeeId!,
      startDate: "2026-11-16",
      isOngoing: true,
      reason: "private",
      createdAt: app.clock.now(),
      updatedAt: app.clock.now(),
    }).returning();
    const cases: { name: string; body: Record<string, unknown>; status: number; error?: RegExp }[] = [
      {
        name: "action must be 'end'",
        body: { action: "END", entryId: mine.id, endDate: "2026-11-19" },
        status: 400,
        error: /'action'/,
      },
      {
        name: "action is required",
        body: { entryId: mine.id, endDate: "2026-11-19" },
        status: 400,
        error: /'action'/,
      },
      {
        name: "entryId must not be empty",
        body: { action: "end", entryId: "", endDate: "2026-11-19" },
        status: 400,
        error: /'entryId'/,
      },
      {
        name: "endDate must be a calendar date",
        body: { action: "end", entryId: mine.id, endDate: "2026-11-31" },
        status: 400,
        error: /'endDate'/,
      },
      {
        name: "endDate not before the start",
        body: { action: "end", entryId: mine.id, endDate: "2026-11-17" },
        status: 400,
        error: /^Das Enddatum darf nicht vor dem Beginn der Abwesenheit \(18\.11\.2026\) liegen\.$/,
      },
      {
        name: "an unknown id is 404",
        body: { action: "end", entryId: "nope", endDate: "2026-11-19" },
        status: 404,
      },
      {
        name: "someone else's ongoing absence is 404 too",
        body: { action: "end", entryId: theirs.id, endDate: "2026-11-19" },
        status: 404,
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const r = await post(app, "/employee/sick-leave/end", token, c.body);
        assert.equal(r.status, c.status, JSON.stringify(r.body));
        isError(r.body);
        if (c.error) assert.match(r.body.error as string, c.error);
      });
    }
    await t.step("the other's absence is untouched and nothing about it leaked", async () => {
      const r = await post(app, "/employee/sick-leave/end", token, {
        action: "end",
        entryId: theirs.id,
        endDate: "2026-11-19",
      });
      const unknown = await post(app, "/employee/sick-leave/end", token, {
        action: "end",
        entryId: "nope",
        endDate: "2026-11-19",
      });
      assert.equal(r.body.error, unknown.body.error);
      const [still] = await app.deps.db.select().from(sickLeaveEntries).where(
        eq(sickLeaveEntries.id, theirs.id),
      );
      assert.equal(still.isOngoing, true);
    });
  }));

Deno.test("salary-continuation: the employee's scale, service years and weeks, described in their language", (t) =>
  withApp({}, async (app) => {
    const cases: {
      name: string;
      pn: string;
      language: "de" | "en" | "fr";
      scale: string;
      serviceYears: number;
      weeks: number;
      text: RegExp;
    }[] = [
      // Lukas Gerber, since 2022-04-01: 5th service year; Bern scale: 3 months.
      {
        name: "BERNER, German",
        pn: "P013",
        language: "de",
        scale: "BERNER",
        serviceYears: 4.6,
        weeks: 13,
        text: /Berner Skala, 5\. Dienstjahr/,
      },
      // Jonas Wyss, since 2024-02-01: 3rd service year; Zurich scale: 9 weeks.
      {
        name: "ZUERCHER, English",
        pn: "P015",
        language: "en",
        scale: "ZUERCHER",
        serviceYears: 2.7,
        weeks: 9,
        text: /Zurich scale, service year 3/,
      },
      // Noah Steiner, since 2020-01-01: 7th service year; Basel scale: 3 months.
      {
        name: "BASLER, French",
        pn: "P017",
        language: "fr",
        scale: "BASLER",
        serviceYears: 6.8,
        weeks: 13,
        text: /Échelle bâloise, 7e année de service/,
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const acc = c.pn === "P013"
          ? { email: "employee@demo.example" }
          : await addAccount(app, P(c.pn), { language: c.language });
        const token = await app.signIn(acc.email);
        const r = await json(await app.request(`${BASE}/employee/salary-continuation`, { token }));
        assert.equal(r.status, 200);
        assert.deepEqual(Object.keys(r.body.data).sort(), [
          "description",
          "scale",
          "serviceYears",
          "weeksEntitled",
        ]);
        assert.equal(r.body.data.scale, c.scale);
        assert.equal(r.body.data.serviceYears, c.serviceYears);
        assert.equal(r.body.data.weeksEntitled, c.weeks);
        assert.match(r.body.data.description, c.text);
      });
    }
    await t.step("401 and 404", async () => {
      assert.equal((await app.request(`${BASE}/employee/salary-continuation`)).status, 401);
      const token = await app.signIn("nolink@demo.example");
      const r = await json(await app.request(`${BASE}/employee/salary-continuation`, { token }));
      assert.equal(r.status, 404);
      isError(r.body);
    });
  }));
