/**
 * Time rules through the service: net hours (overnight, breaks, 24 h), overlaps, drafts only editable,
 * week targets from contract hours and workload less holidays and approved absences, week submission,
 * and the bounded range list with its sum.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import {
  closurePeriods,
  closureWorkThrough,
  notifications,
  sickLeaveEntries,
  timeEntries,
} from "../../src/db/schema/mod.ts";
import type { Actor } from "../../src/services/actor.ts";
import { fileLeaveRequest } from "../../src/services/leave.ts";
import { decideLeaveRequest, decideTimesheet } from "../../src/services/approvals.ts";
import {
  createTimeEntry,
  deleteTimeEntry,
  getWeekOverview,
  listTimeEntries,
  previewTimeEntry,
  submitWeek,
  updateTimeEntry,
} from "../../src/services/time.ts";
import { AppError, textOf } from "../../src/errors.ts";
import { actorFor, addAccount, addEmployee, MANAGER_ID, refuses } from "./_fixtures.ts";

/** The refusal a promise rejects with: its English form for the log, its catalogue text, its fields. */
async function refusal(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a refusal, but it succeeded");
}

async function person(t: TestApp, opts: Parameters<typeof addEmployee>[1] = {}): Promise<Actor> {
  return await addAccount(t, await addEmployee(t, opts));
}

Deno.test("time: net hours = end − start − break, overnight past midnight, at most 24 h", async (t) => {
  const app = await makeTestApp();
  try {
    const me = await person(app);
    const cases: {
      name: string;
      start: string;
      end: string;
      brk?: number;
      hours?: number;
      error?: RegExp;
    }[] = [
      { name: "a day with lunch", start: "08:00", end: "17:00", brk: 45, hours: 8.25 },
      { name: "no break", start: "07:30", end: "12:00", hours: 4.5 },
      { name: "minutes that are not tenths", start: "08:00", end: "08:20", hours: 0.33 },
      { name: "overnight", start: "22:00", end: "06:00", brk: 30, hours: 7.5 },
      { name: "until midnight", start: "16:00", end: "00:00", hours: 8 },
      {
        name: "same start and end without a stated total: most likely a slip, refused",
        start: "06:00",
        end: "06:00",
        error: /both 06:00, which would be a 24-hour shift/,
      },
      {
        name: "break longer than the shift",
        start: "08:00",
        end: "09:00",
        brk: 90,
        error: /^The break \(90 minutes\) is longer than the time from 08:00 to 09:00 \(60 minutes\)\.$/,
      },
      {
        name: "negative break",
        start: "08:00",
        end: "09:00",
        brk: -5,
        error: /^The break must be a whole number of minutes, at least 0, not -5\.$/,
      },
    ];
    await t.step("same start and end with totalHours 24 is a confirmed full day", async () => {
      const p = await previewTimeEntry(app.deps, me, {
        date: "2027-03-02",
        startTime: "06:00",
        endTime: "06:00",
        totalHours: 24,
      });
      assert.equal(p.totalHours, 24);
    });
    for (const c of cases) {
      await t.step(c.name, async () => {
        const input = { date: "2027-03-02", startTime: c.start, endTime: c.end, breakMinutes: c.brk };
        if (c.error) return void await refuses(previewTimeEntry(app.deps, me, input), "validation", c.error);
        const p = await previewTimeEntry(app.deps, me, input);
        assert.equal(p.totalHours, c.hours);
        assert.equal(p.overnight, c.end <= c.start && c.end !== "00:00");
      });
    }
  } finally {
    app.close();
  }
});

Deno.test("time: an entry may not overlap the caller's others; rejected ones do not block", async () => {
  const t = await makeTestApp();
  try {
    const me = await person(t);
    await createTimeEntry(t.deps, me, { date: "2027-03-01", startTime: "08:00", endTime: "12:00" });
    const overlap = await refusal(
      createTimeEntry(t.deps, me, { date: "2027-03-01", startTime: "11:59", endTime: "13:00" }),
    );
    assert.equal(overlap.code, "conflict");
    assert.equal(overlap.reason, "time_entry_overlap");
    assert.match(
      textOf(overlap, "de"),
      /überschneidet sich mit Ihrem Eintrag am 01\.03\.2027 von 08:00 bis 12:00/,
    );
    assert.deepEqual(overlap.fields?.map((f) => f.field), ["startTime", "endTime"]);
    const lunch = await createTimeEntry(t.deps, me, {
      date: "2027-03-01",
      startTime: "12:00",
      endTime: "13:00",
    });
    assert.equal(lunch.totalHours, 1);
    // Someone else's entries never collide with mine.
    const other = await person(t);
    await createTimeEntry(t.deps, other, { date: "2027-03-01", startTime: "08:00", endTime: "12:00" });
    // A rejected entry stays read-only and no longer blocks a corrected one.
    await t.deps.db.update(timeEntries).set({ status: "REJECTED", rejectionNote: "wrong day" })
      .where(eq(timeEntries.id, lunch.id));
    await createTimeEntry(t.deps, me, { date: "2027-03-01", startTime: "12:00", endTime: "13:00" });
    const preview = await previewTimeEntry(t.deps, me, {
      date: "2027-03-01",
      startTime: "13:00",
      endTime: "17:00",
    });
    assert.equal(preview.dayEntries.length, 2);
    assert.equal(preview.dayTotalHoursBefore, 5);
    assert.equal(preview.dayTotalHoursAfter, 9);
  } finally {
    t.close();
  }
});

Deno.test("time: drafts can be edited and deleted; submitted, approved and rejected entries are read-only", async () => {
  const t = await makeTestApp();
  try {
    const me = await person(t);
    const e = await createTimeEntry(t.deps, me, { date: "2026-11-16", startTime: "08:00", endTime: "12:00" });
    const changed = await updateTimeEntry(t.deps, me, {
      id: e.id,
      patch: { endTime: "12:30", breakMinutes: 15 },
    });
    assert.equal(changed.totalHours, 4.25);
    const mismatch = await refusal(updateTimeEntry(t.deps, me, { id: e.id, patch: { totalHours: 5 } }));
    assert.equal(mismatch.code, "validation");
    assert.equal(
      mismatch.message,
      "totalHours 5 does not match 08:00–12:30 minus 15 minutes of break (4.25 h). Send the matching value or " +
        "leave totalHours out.",
    );
    assert.deepEqual(mismatch.fields?.map((f) => f.field), ["totalHours"]);
    const second = await createTimeEntry(t.deps, me, {
      date: "2026-11-16",
      startTime: "13:00",
      endTime: "17:00",
    });
    await refuses(
      updateTimeEntry(t.deps, me, { id: second.id, patch: { startTime: "12:00" } }),
      "conflict",
      /^This overlaps your entry/,
    );
    await deleteTimeEntry(t.deps, me, { id: second.id });
    await refuses(deleteTimeEntry(t.deps, me, { id: second.id }), "not_found");

    await submitWeek(t.deps, me, { weekStart: "2026-11-16" });
    await refuses(
      updateTimeEntry(t.deps, me, { id: e.id, patch: { endTime: "13:00" } }),
      "conflict",
      /submitted and waits/,
    );
    await refuses(deleteTimeEntry(t.deps, me, { id: e.id }), "conflict", /submitted/);
    const manager = await actorFor(t, "manager@demo.example");
    await decideTimesheet(t.deps, manager, {
      employeeId: me.employeeId!,
      weekStart: "2026-11-16",
      decision: "REJECT",
      note: "Projekt fehlt",
    });
    await refuses(
      updateTimeEntry(t.deps, me, { id: e.id, patch: { endTime: "13:00" } }),
      "conflict",
      /new entry with the corrected times/,
    );
    const [row] = await t.deps.db.select().from(timeEntries).where(eq(timeEntries.id, e.id));
    assert.equal(row.status, "REJECTED");
    assert.equal(row.rejectionNote, "Projekt fehlt");
  } finally {
    t.close();
  }
});

Deno.test("time: week target = contract hours × workload, less holidays and approved absences", async (t) => {
  const app = await makeTestApp();
  try {
    const manager = await actorFor(app, "manager@demo.example");
    const [closure] = await app.deps.db.select().from(closurePeriods);
    const cases: {
      name: string;
      emp?: Parameters<typeof addEmployee>[1];
      week: string;
      target: number;
      setup?: (me: Actor) => Promise<void>;
    }[] = [
      { name: "a plain week, 42 h full time", week: "2027-03-01", target: 42 },
      { name: "Easter Monday week (BE)", week: "2027-03-29", target: 33.6 },
      {
        name: "Good Friday week, 80 % on Mon–Thu: Friday is not worked anyway",
        emp: { workload: 80, weekdays: [1, 2, 3, 4] },
        week: "2027-03-22",
        target: 33.6,
      },
      {
        name: "Easter Monday week, 80 % on Mon–Thu",
        emp: { workload: 80, weekdays: [1, 2, 3, 4] },
        week: "2027-03-29",
        target: 25.2,
      },
      { name: "24 December afternoon off (half-day holiday)", week: "2027-12-20", target: 37.8 },
      { name: "Labour Day 2028 in ZH", emp: { canton: "ZH" }, week: "2028-05-01", target: 33.6 },
      { name: "Labour Day 2028 is a working day in BE", week: "2028-05-01", target: 42 },
      {
        name: "two approved leave days and one morning",
        week: "2027-03-01",
        target: 21,
        setup: async (me) => {
          const r = await fileLeaveRequest(app.deps, me, {
            leaveType: "VACATION",
            startDate: "2027-03-01",
            endDate: "2027-03-03",
            endPortion: "MORNING",
          });
          await decideLeaveRequest(app.deps, manager, { id: r.id, decision: "APPROVE" });
        },
      },
      {
        name: "pending leave does not reduce the target",
        week: "2027-03-01",
        target: 42,
        setup: async (me) => {
          await fileLeaveRequest(app.deps, me, {
            leaveType: "VACATION",
            startDate: "2027-03-01",
            endDate: "2027-03-02",
          });
        },
      },
      {
        name: "a sick day",
        week: "2027-03-01",
        target: 33.6,
        setup: async (me) => {
          await app.deps.db.insert(sickLeaveEntries).values({
            employeeId: me.employeeId!,
            startDate: "2027-03-03",
            endDate: "2027-03-03",
            createdAt: app.clock.now(),
            updatedAt: app.clock.now(),
          });
        },
      },
      { name: "the year-end closure week with New Year", week: "2026-12-28", target: 0 },
      {
        name: "the closure week with an approved work-through Monday",
        week: "2026-12-28",
        target: 8.4,
        setup: async (me) => {
          await app.deps.db.insert(closureWorkThrough).values({
            closureId: closure.id,
            employeeId: me.employeeId!,
            date: "2026-12-28",
            createdAt: app.clock.now(),
          });
        },
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        const me = await person(app, c.emp);
        await c.setup?.(me);
        const w = await getWeekOverview(app.deps, me, { weekStart: c.week });
        assert.equal(w.targetHours, c.target);
        assert.equal(w.days.reduce((s, d) => s + d.targetHours, 0).toFixed(2), c.target.toFixed(2));
      });
    }
    await t.step("a week starts on a Monday", async () => {
      const me = await person(app);
      await refuses(
        getWeekOverview(app.deps, me, { weekStart: "2027-03-02" }),
        "validation",
        /must be a Monday/,
      );
    });
  } finally {
    app.close();
  }
});

Deno.test("time: submitting a week turns its drafts into SUBMITTED and tells the manager", async () => {
  const t = await makeTestApp();
  try {
    const me = await person(t);
    await createTimeEntry(t.deps, me, {
      date: "2026-11-16",
      startTime: "08:00",
      endTime: "17:00",
      breakMinutes: 36,
    });
    await createTimeEntry(t.deps, me, {
      date: "2026-11-17",
      startTime: "08:00",
      endTime: "17:00",
      breakMinutes: 36,
    });
    await createTimeEntry(t.deps, me, { date: "2026-11-23", startTime: "08:00", endTime: "12:00" });
    const before = await getWeekOverview(t.deps, me, { weekStart: "2026-11-16" });
    assert.equal(before.status, "OPEN");
    assert.equal(before.draftCount, 2);
    assert.equal(before.totalHours, 16.8);
    const r = await submitWeek(t.deps, me, { weekStart: "2026-11-16" });
    assert.equal(r.submitted, 2);
    assert.equal(r.week.status, "SUBMITTED");
    assert.equal(r.week.draftCount, 0);
    const [n] = await t.deps.db.select().from(notifications).where(
      and(eq(notifications.recipientEmployeeId, MANAGER_ID), eq(notifications.kind, "TIMESHEET_SUBMITTED")),
    );
    assert.deepEqual(JSON.parse(n.payload), {
      employeeId: me.employeeId,
      weekStart: "2026-11-16",
      entries: 2,
      viaAssistant: false,
    });
    const again = await refusal(submitWeek(t.deps, me, { weekStart: "2026-11-16" }));
    assert.equal(again.reason, "week_already_submitted");
    assert.match(textOf(again, "de"), /^Die Woche vom 16\.11\.2026 ist bereits eingereicht/);
    const ahead = await refusal(submitWeek(t.deps, me, { weekStart: "2026-11-23" }));
    assert.equal(ahead.reason, "week_not_started");
    assert.equal(
      textOf(ahead, "de"),
      "Die Woche vom 23.11.2026 hat noch nicht begonnen; reichen Sie sie ein, sobald sie begonnen hat.",
    );
    const wednesday = await refusal(submitWeek(t.deps, me, { weekStart: "2026-11-18" }));
    assert.equal(wednesday.code, "validation");
    assert.match(wednesday.message, /must be a Monday; 18\.11\.2026 is not one/);
    // The week is in the operation's path (/employee/time-weeks/{weekStart}/submit), where the refusal names it.
    assert.deepEqual(wednesday.fields?.map((f) => f.field), ["path.weekStart"]);
  } finally {
    t.close();
  }
});

Deno.test("time: a range of at most 400 days, paged by 50, with count and sum over the whole range", async () => {
  const t = await makeTestApp();
  try {
    const demo = await actorFor(t, "employee@demo.example");
    await refuses(
      listTimeEntries(t.deps, demo, { from: "2025-11-01", to: "2026-12-06" }),
      "validation",
      /at most 400 days/,
    );
    const exactly400 = await listTimeEntries(t.deps, demo, { from: "2025-11-01", to: "2026-12-05" });
    assert.equal(exactly400.from, "2025-11-01");
    await refuses(
      listTimeEntries(t.deps, demo, { from: "2026-11-10", to: "2026-11-09" }),
      "validation",
      /'to'/,
    );
    const year = await listTimeEntries(t.deps, demo, { from: "2025-10-15", to: "2026-11-18" });
    assert.equal(year.items.length, 50);
    assert.ok(year.count > 100, "26 weeks of demo entries");
    assert.equal(year.nextOffset, 50);
    const [{ total }] = await t.deps.database.client.execute({
      sql:
        "SELECT round(sum(total_hours), 2) AS total FROM time_entries WHERE employee_id = ? AND date BETWEEN ? AND ?",
      args: [demo.employeeId!, "2025-10-15", "2026-11-18"],
    }).then((r) => r.rows as unknown as { total: number }[]);
    assert.equal(year.totalHours, Number(total));
    const rejected = await listTimeEntries(t.deps, demo, {
      from: "2025-10-15",
      to: "2026-11-18",
      status: "REJECTED",
    });
    assert.equal(rejected.count, 1);
    assert.match(rejected.items[0].rejectionNote!, /Überzeit war nicht vorab bewilligt/);
    const last = await listTimeEntries(t.deps, demo, {
      from: "2025-10-15",
      to: "2026-11-18",
      offset: year.count - 1,
    });
    assert.equal(last.items.length, 1);
    assert.equal(last.nextOffset, null);
  } finally {
    t.close();
  }
});

Deno.test("time: an entry recorded through an assistant takes no description", async () => {
  const t = await makeTestApp();
  try {
    const me = await person(t);
    const via = { ...me, channel: "ASSISTANT" as const };
    await refuses(
      createTimeEntry(t.deps, via, {
        date: "2027-03-01",
        startTime: "08:00",
        endTime: "12:00",
        description: "x",
      }),
      "validation",
      /no description/,
    );
    const e = await createTimeEntry(t.deps, via, {
      date: "2027-03-01",
      startTime: "08:00",
      endTime: "12:00",
    });
    assert.equal(e.status, "DRAFT");
    const [row] = await t.deps.db.select().from(timeEntries).where(eq(timeEntries.id, e.id));
    assert.equal(row.channel, "ASSISTANT");
  } finally {
    t.close();
  }
});

Deno.test("time: calendar dates of years 0001–0099 are dates; an entry outside the employment is refused", async (t) => {
  const app = await makeTestApp();
  try {
    const { isValidDate: isCalendarDate } = await import("../../src/domain/calendar.ts");
    await t.step("the contract's calendar-valid dates, every year 0001–9999", () => {
      for (const d of ["0001-01-01", "0099-12-31", "0999-06-15", "9999-12-31", "2024-02-29"]) {
        assert.ok(isCalendarDate(d), d);
      }
      for (const d of ["0000-01-01", "2023-02-29", "2026-04-31", "10000-01-01"]) {
        assert.ok(!isCalendarDate(d), d);
      }
    });
    const me = await person(app, { employmentStart: "2022-01-01", employmentEnd: "2027-06-30" });
    await t.step("before the employment started: refused naming the start", async () => {
      await refuses(
        createTimeEntry(app.deps, me, { date: "2021-12-31", startTime: "08:00", endTime: "12:00" }),
        "validation",
        /^31\.12\.2021 is before your employment started \(01\.01\.2022\)\.$/,
      );
    });
    await t.step("after it ended: refused naming the end", async () => {
      await refuses(
        previewTimeEntry(app.deps, me, { date: "2027-07-01", startTime: "08:00", endTime: "12:00" }),
        "validation",
        /^01\.07\.2027 is after your employment ended \(30\.06\.2027\)\.$/,
      );
    });
    await t.step(
      "a calendar date years away is refused before anything else (five years from today)",
      async () => {
        await refuses(
          previewTimeEntry(app.deps, me, { date: "9999-12-31", startTime: "08:00", endTime: "12:00" }),
          "validation",
          /is more than 5 years from today/,
        );
      },
    );
    await t.step("its first and last day are inside", async () => {
      await createTimeEntry(app.deps, me, { date: "2022-01-01", startTime: "08:00", endTime: "12:00" });
      await createTimeEntry(app.deps, me, { date: "2027-06-30", startTime: "08:00", endTime: "12:00" });
    });
  } finally {
    app.close();
  }
});
