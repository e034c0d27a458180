/**
 * Sick-leave rules through the service: reporting (ongoing or with an end), overlaps, the reason that only
 * HR and the owner see, the 24-hour take-back without a certificate, days covered, totals per year and the
 * salary-continuation days used in the current service year across all absences.
 */
import assert from "node:assert/strict";
import { and, eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { notifications, sickLeaveEntries } from "../../src/db/schema/mod.ts";
import type { Actor } from "../../src/services/actor.ts";
import { AppError } from "../../src/errors.ts";
import {
  cancelSickReport,
  endSickLeave,
  getSickLeave,
  getSickLeaveEntry,
  previewSickReport,
  reportSickLeave,
  uploadCertificate,
} from "../../src/services/sick_leave.ts";
import { actorFor, addAccount, addEmployee, MANAGER_ID, refuses } from "./_fixtures.ts";

async function person(t: TestApp, opts: Parameters<typeof addEmployee>[1] = {}): Promise<Actor> {
  return await addAccount(t, await addEmployee(t, opts));
}

async function absence(
  t: TestApp,
  employeeId: string,
  startDate: string,
  endDate: string | null,
  extra = {},
) {
  const [r] = await t.deps.db.insert(sickLeaveEntries).values({
    employeeId,
    startDate,
    endDate,
    isOngoing: endDate === null,
    createdAt: t.clock.now() - 30 * 86_400_000,
    updatedAt: t.clock.now(),
    ...extra,
  }).returning();
  return r;
}

Deno.test("sick: report from a date, ongoing or with an end; refusals", async (t) => {
  const app = await makeTestApp();
  try {
    const me = await person(app);
    const closed = await reportSickLeave(app.deps, me, {
      startDate: "2026-11-02",
      endDate: "2026-11-04",
      reason: "Grippe",
    });
    assert.equal(closed.isOngoing, false);
    assert.equal(closed.totalDays, 3);
    assert.equal(closed.reason, "Grippe", "the owner sees their reason in the portal");
    assert.equal(closed.canTakeBack, true);
    const ongoing = await reportSickLeave(app.deps, me, { startDate: "2026-11-17" });
    assert.equal(ongoing.isOngoing, true);
    assert.equal(ongoing.endDate, undefined);
    assert.equal(ongoing.totalDays, 2, "an ongoing absence counts up to today");
    const cases: {
      name: string;
      input: { startDate: string; endDate?: string | null };
      code: string;
      message: RegExp;
      fields?: string[];
    }[] = [
      {
        name: "a start in the future",
        input: { startDate: "2026-11-19" },
        code: "validation",
        message: /^A sick report starts today or earlier\.$/,
        fields: ["startDate"],
      },
      {
        name: "more than 30 days back",
        input: { startDate: "2026-10-18", endDate: "2026-10-19" },
        code: "validation",
        message: /last 30 days/,
        fields: ["startDate"],
      },
      {
        name: "an end before the start",
        input: { startDate: "2026-11-10", endDate: "2026-11-09" },
        code: "validation",
        message: /^The end date must not be before the start date\.$/,
        fields: ["endDate"],
      },
      {
        name: "overlapping a closed absence",
        input: { startDate: "2026-11-04", endDate: "2026-11-05" },
        code: "conflict",
        message: /from 02\.11\.2026 to 04\.11\.2026/,
        fields: ["startDate", "endDate"],
      },
      {
        name: "overlapping the ongoing one",
        input: { startDate: "2026-11-18", endDate: "2026-11-18" },
        code: "conflict",
        message: /ongoing\)\. End that one instead/,
      },
      {
        name: "an open report reaching into the ongoing one",
        input: { startDate: "2026-11-10" },
        code: "conflict",
        message: /overlaps/,
      },
    ];
    for (const c of cases) {
      await t.step(c.name, async () => {
        await refuses(previewSickReport(app.deps, me, c.input), c.code, c.message);
        await refuses(reportSickLeave(app.deps, me, c.input), c.code, c.message);
        if (c.fields) {
          const e = await reportSickLeave(app.deps, me, c.input).catch((e) => e as AppError);
          assert.deepEqual((e as AppError).fields?.map((f) => f.field), c.fields);
        }
      });
    }
    await t.step("the day after a closed absence is free", async () => {
      const r = await reportSickLeave(app.deps, me, { startDate: "2026-11-05", endDate: "2026-11-05" });
      assert.equal(r.totalDays, 1);
    });
    await t.step("an assistant takes no reason", async () => {
      await refuses(
        reportSickLeave(app.deps, { ...me, channel: "ASSISTANT" }, {
          startDate: "2026-11-09",
          endDate: "2026-11-09",
          reason: "x",
        }),
        "validation",
        /no reason/,
      );
    });
  } finally {
    app.close();
  }
});

Deno.test("sick: the manager is told someone is absent, never why; assistants never see the reason", async () => {
  const t = await makeTestApp();
  try {
    const me = await person(t);
    const r = await reportSickLeave(t.deps, me, { startDate: "2026-11-18", reason: "Migräne" });
    const rows = await t.deps.db.select().from(notifications).where(
      and(eq(notifications.recipientEmployeeId, MANAGER_ID), eq(notifications.kind, "SICK_REPORTED")),
    );
    assert.equal(rows.length, 1);
    assert.doesNotMatch(rows[0].payload, /Migräne/);
    assert.equal(JSON.parse(rows[0].payload).sickLeaveId, r.id);
    const viaAssistant = await getSickLeave(t.deps, { ...me, channel: "ASSISTANT" }, {});
    assert.ok(viaAssistant.entries.every((e) => !("reason" in e)));
    const one = await getSickLeaveEntry(t.deps, { ...me, channel: "ASSISTANT" }, { id: r.id });
    assert.ok(!("reason" in one));
    const portal = await getSickLeaveEntry(t.deps, me, { id: r.id });
    assert.equal(portal.reason, "Migräne");
  } finally {
    t.close();
  }
});

Deno.test("sick: an own report can be taken back within 24 hours while no certificate is on file", async (t) => {
  const app = await makeTestApp();
  try {
    const me = await person(app);
    await t.step("within the window", async () => {
      const r = await reportSickLeave(app.deps, me, { startDate: "2026-11-16", endDate: "2026-11-16" });
      app.clock.advance(24 * 3_600_000);
      const done = await cancelSickReport(app.deps, me, { id: r.id });
      assert.equal(done.takenBack, true);
      await refuses(cancelSickReport(app.deps, me, { id: r.id }), "conflict", /already taken back/);
      const year = await getSickLeave(app.deps, me, {});
      assert.ok(!year.entries.some((e) => e.id === r.id), "a taken-back report no longer counts");
      await refuses(
        endSickLeave(app.deps, me, { entryId: r.id, endDate: "2026-11-17" }),
        "conflict",
        /taken back/,
      );
      app.clock.set("2026-11-18T09:00:00Z");
    });
    await t.step("one millisecond too late", async () => {
      const r = await reportSickLeave(app.deps, me, { startDate: "2026-11-17", endDate: "2026-11-17" });
      app.clock.advance(24 * 3_600_000 + 1);
      await refuses(cancelSickReport(app.deps, me, { id: r.id }), "conflict", /within 24 hours/);
      app.clock.set("2026-11-18T09:00:00Z");
    });
    await t.step("not with a certificate on file", async () => {
      const r = await reportSickLeave(app.deps, me, { startDate: "2026-11-18" });
      const marked = await uploadCertificate(app.deps, me, {
        id: r.id,
        fileName: "arztzeugnis.pdf",
        bytes: new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
      });
      assert.equal(marked.certificateState, "UPLOADED");
      assert.equal(marked.hasCertificate, true);
      assert.equal(marked.canTakeBack, false);
      await refuses(cancelSickReport(app.deps, me, { id: r.id }), "conflict", /certificate is on file/);
    });
  } finally {
    app.close();
  }
});

Deno.test("sick: totals per calendar year and salary-continuation days in the current service year", async (t) => {
  const app = await makeTestApp();
  try {
    // Employed since 1 June 2020: on 18 November 2026 the 7th service year began on 1 June 2026.
    const me = await person(app, { employmentStart: "2020-06-01", scale: "BERNER" });
    const id = me.employeeId!;
    await absence(app, id, "2025-12-30", "2026-01-02");
    await absence(app, id, "2026-05-25", "2026-06-05");
    await absence(app, id, "2026-09-01", "2026-09-03");
    await absence(app, id, "2026-09-02", "2026-09-04"); // a duplicate report: days count once
    await absence(app, id, "2026-10-05", "2026-10-06", { withdrawnAt: app.clock.now() });
    await absence(app, id, "2026-11-16", null);
    const y = await getSickLeave(app.deps, me, { year: 2026 });
    await t.step("absences touching the year, newest first", () => {
      assert.deepEqual(y.entries.map((e) => e.startDate.slice(0, 10)), [
        "2026-11-16",
        "2026-09-02",
        "2026-09-01",
        "2026-05-25",
        "2025-12-30",
      ]);
    });
    await t.step("days within the year: 2 (from New Year) + 12 + 3 + 3 + 3 (ongoing to today)", () => {
      assert.deepEqual(y.totals, { absences: 5, days: 23, ongoing: 1, withCertificate: 0 });
    });
    await t.step(
      "continuation: 5 (June part) + 4 (1–4 Sep, once) + 3 (ongoing) = 12 of 3 months (Bern scale, 7th year)",
      () => {
        assert.deepEqual(y.salaryContinuation, {
          serviceYearStart: "2026-06-01",
          daysUsed: 12,
          weeksEntitled: 13,
          daysEntitled: 91,
          daysRemaining: 79,
        });
      },
    );
    await t.step("last year shows last year's part of the New Year absence", async () => {
      const last = await getSickLeave(app.deps, me, { year: 2025 });
      assert.equal(last.totals.days, 2);
    });
    await t.step("the preview adds the new days to the service year's count", async () => {
      const other = await person(app, { employmentStart: "2020-06-01" });
      await absence(app, other.employeeId!, "2026-09-01", "2026-09-03");
      const p = await previewSickReport(app.deps, other, { startDate: "2026-11-16", endDate: "2026-11-20" });
      assert.equal(p.daysCovered, 5);
      assert.equal(p.isOngoing, false);
      assert.deepEqual(p.salaryContinuation, {
        serviceYearStart: "2026-06-01",
        daysEntitled: 91,
        daysUsedBefore: 3,
        daysUsedAfter: 6,
      });
    });
  } finally {
    app.close();
  }
});

Deno.test("sick: ending an ongoing absence (the contract's rules through the service)", async () => {
  const t = await makeTestApp();
  try {
    const demo = await actorFor(t, "employee@demo.example");
    const y = await getSickLeave(t.deps, demo, {});
    const ongoing = y.entries.find((e) => e.isOngoing)!;
    await refuses(
      endSickLeave(t.deps, demo, { entryId: ongoing.id, endDate: "2026-11-17" }),
      "validation",
      /before the start/,
    );
    await refuses(
      endSickLeave(t.deps, demo, { entryId: ongoing.id, endDate: "2027-12-01" }),
      "validation",
      /days ahead/,
    );
    const ended = await endSickLeave(t.deps, demo, { entryId: ongoing.id, endDate: "2026-11-18" });
    assert.equal(ended.totalDays, 1);
    const closed = y.entries.find((e) => !e.isOngoing)!;
    await refuses(
      endSickLeave(t.deps, demo, { entryId: closed.id, endDate: "2026-11-18" }),
      "conflict",
      /not ongoing/,
    );
    const [n] = await t.deps.db.select().from(notifications).where(
      and(eq(notifications.recipientEmployeeId, MANAGER_ID), eq(notifications.kind, "SICK_ENDED")),
    );
    assert.equal(JSON.parse(n.payload).sickLeaveId, ongoing.id);
  } finally {
    t.close();
  }
});
