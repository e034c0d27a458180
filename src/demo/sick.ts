/**
 * Sick-leave absences of the demo: closed ones across several people (some with a certificate) and
 * exactly one ongoing absence, which belongs to the demo employee and started today, so the portal's
 * "end my absence" and the connector's 24-hour "cancel my report" both have something to act on.
 * Reasons are filled because HR sees them; nobody else ever does.
 */
import { addDays, eachDay, mondayOf } from "../domain/calendar.ts";
import * as s from "../db/schema/mod.ts";
import type { DemoContext } from "./context.ts";
import { KEY } from "./org.ts";
import { at, isoWeekMonday } from "./util.ts";

interface Absence {
  key: string;
  /** ISO week of this year (moved to last year when it is not over yet) and day offsets from Monday. */
  week?: number;
  from?: number;
  to?: number;
  year?: "last" | "this";
  /** Explicit dates instead of a week (relative stories). */
  start?: string;
  end?: string;
  reason: string;
  certificate: "NONE" | "REQUESTED" | "UPLOADED" | "ACCEPTED";
}

/** Adds the absences and marks their days busy (no leave request or time entry lands on them). */
export function buildSickLeave(ctx: DemoContext): void {
  const m0 = mondayOf(ctx.today);
  const absences: Absence[] = [
    { key: KEY.demo, year: "last", week: 9, from: 1, to: 3, reason: "Grippe", certificate: "NONE" },
    {
      key: KEY.demo,
      year: "this",
      week: 11,
      from: 0,
      to: 4,
      reason: "Magen-Darm-Infekt",
      certificate: "ACCEPTED",
    },
    { key: "P014", year: "last", week: 47, from: 0, to: 1, reason: "Migräne", certificate: "NONE" },
    { key: "P019", year: "this", week: 5, from: 0, to: 8, reason: "Bronchitis", certificate: "ACCEPTED" },
    {
      key: "P026",
      year: "this",
      week: 20,
      from: 0,
      to: 11,
      reason: "Knieoperation",
      certificate: "UPLOADED",
    },
    { key: "P030", year: "last", week: 12, from: 2, to: 2, reason: "Zahnbehandlung", certificate: "NONE" },
    { key: KEY.manager, year: "this", week: 24, from: 3, to: 4, reason: "Erkältung", certificate: "NONE" },
    { key: "P036", year: "this", week: 35, from: 0, to: 3, reason: "Grippe", certificate: "REQUESTED" },
    {
      key: KEY.leaver,
      year: "last",
      week: 10,
      from: 0,
      to: 2,
      reason: "Rückenschmerzen",
      certificate: "NONE",
    },
    // Inside the Platform team's eight weeks of hours: two days four weeks ago.
    { key: "P015", start: addDays(m0, -27), end: addDays(m0, -26), reason: "Erkältung", certificate: "NONE" },
  ];

  for (const a of absences) {
    const p = ctx.person(a.key);
    let start = a.start;
    let end = a.end;
    if (!start || !end) {
      let year = a.year === "last" ? ctx.lastYear : ctx.year;
      // A "this year" absence that is not over yet moves to last year (clocks early in the year).
      if (addDays(isoWeekMonday(year, a.week!), a.to!) >= ctx.today) year = ctx.lastYear;
      start = addDays(isoWeekMonday(year, a.week!), a.from!);
      end = addDays(isoWeekMonday(year, a.week!), a.to!);
    }
    if (start < p.employmentStart || (p.employmentEnd && end > p.employmentEnd)) continue;
    const uploaded = a.certificate === "UPLOADED" || a.certificate === "ACCEPTED";
    ctx.rows.add(s.sickLeaveEntries, {
      id: ctx.ids.next("sick"),
      employeeId: p.id,
      startDate: start,
      endDate: end,
      isOngoing: false,
      reason: a.reason,
      hasCertificate: uploaded,
      certificateState: a.certificate,
      certificateUploadedAt: uploaded ? at(addDays(start, 3), 10) : null,
      certificateFileName: uploaded ? `arztzeugnis-${start}.pdf` : null,
      channel: "PORTAL",
      reportedByUserId: a.key === KEY.demo
        ? ctx.user("employee")
        : a.key === KEY.manager
        ? ctx.user("manager")
        : null,
      withdrawnAt: null,
      createdAt: at(start, 6, 45),
      updatedAt: at(end, 17),
    });
    markSick(ctx, a.key, start, end);
  }

  // The one ongoing absence: the demo employee called in sick this morning.
  const demo = ctx.person(KEY.demo);
  const reportedAt = Math.min(ctx.now, at(ctx.today, 6, 30));
  ctx.rows.add(s.sickLeaveEntries, {
    id: ctx.ids.next("sick"),
    employeeId: demo.id,
    startDate: ctx.today,
    endDate: null,
    isOngoing: true,
    reason: "Fieber, Erkältung",
    hasCertificate: false,
    certificateState: "NONE",
    channel: "PORTAL",
    reportedByUserId: ctx.user("employee"),
    createdAt: reportedAt,
    updatedAt: reportedAt,
  });
  markSick(ctx, KEY.demo, ctx.today, ctx.today);
}

function markSick(ctx: DemoContext, key: string, start: string, end: string) {
  const busy = ctx.busyDays(key);
  const away = ctx.awayDays(key);
  for (const d of eachDay(start, end)) {
    busy.set(d, 1);
    away.set(d, 1);
  }
}
