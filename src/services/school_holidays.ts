/**
 * School holidays per canton from an iCalendar file, as cantons and school authorities publish them
 * (RFC 5545, parsed with ical.js). Each holiday is an all-day event: DTSTART is its first day, DTEND the day
 * after its last (RFC 5545 §3.6.1: the end of an all-day event is exclusive), or a DURATION in days.
 * All or nothing: every bad event is reported; a file with any problem imports nothing. Importing the same
 * file again changes nothing (a holiday is known by canton, first and last day and name).
 */
import type ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { schoolHolidays } from "../db/schema/mod.ts";
import { addDays, isCanton, isValidDate } from "../domain/calendar.ts";
import { dateProblem } from "../domain/fields.ts";

export type SchoolHolidayImport =
  | { ok: true; created: number; unchanged: number }
  | { ok: false; errors: string[] };

/** A school holiday lasts at most this long (the summer holidays are the longest, about eight weeks). */
const MAX_DAYS = 90;

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function dayOf(t: ICAL.Time): string {
  return `${String(t.year).padStart(4, "0")}-${pad(t.month)}-${pad(t.day)}`;
}

/** Reads the file and stores its holidays for the canton, all or nothing. */
export async function importSchoolHolidays(
  deps: Pick<AppDeps, "db">,
  canton: string,
  ics: string,
): Promise<SchoolHolidayImport> {
  if (!isCanton(canton)) {
    return { ok: false, errors: [`"${canton}" is not a canton code such as BE, ZH or VD`] };
  }
  // Loaded at the first import of a school-holiday file, not by every start of the service.
  const { default: ical } = await import("ical.js");
  let root: ICAL.Component;
  try {
    root = new ical.Component(ical.parse(ics));
  } catch (e) {
    return { ok: false, errors: [`the file is not an iCalendar file: ${(e as Error).message}`] };
  }
  if (root.name !== "vcalendar") {
    return { ok: false, errors: ["the file is not an iCalendar file (no VCALENDAR)"] };
  }
  const events = root.getAllSubcomponents("vevent");
  if (!events.length) return { ok: false, errors: ["the file holds no event"] };
  const errors: string[] = [];
  const holidays: { name: string; start: string; end: string }[] = [];
  events.forEach((ev, i) => {
    const name = String(ev.getFirstPropertyValue("summary") ?? "").trim();
    const at = `event ${i + 1}${name ? ` ("${name}")` : ""}`;
    if (!name) errors.push(`${at}: SUMMARY (the holiday's name) is missing`);
    if (ev.hasProperty("rrule")) {
      errors.push(`${at}: repeats (RRULE); school holidays are imported one period per event`);
      return;
    }
    const start = ev.getFirstPropertyValue("dtstart") as ICAL.Time | null;
    if (!start) {
      errors.push(`${at}: DTSTART is missing`);
      return;
    }
    if (!start.isDate) {
      errors.push(
        `${at}: starts at a time of day; a school holiday is an all-day event (DTSTART;VALUE=DATE)`,
      );
      return;
    }
    // ical.js turns an impossible date such as 2026-13-45 into a real one; the written value decides.
    const written = (name: string) => {
      const v = ev.getFirstProperty(name)?.jCal[3];
      return typeof v === "string" ? v.slice(0, 10) : null;
    };
    for (const p of ["dtstart", "dtend"]) {
      const w = written(p);
      if (w !== null && !isValidDate(w)) {
        errors.push(`${at}: ${p.toUpperCase()} ${w} is not a calendar date`);
        return;
      }
    }
    const first = dayOf(start);
    let last: string;
    const end = ev.getFirstPropertyValue("dtend") as ICAL.Time | null;
    const duration = ev.getFirstPropertyValue("duration") as ICAL.Duration | null;
    if (end) {
      if (!end.isDate) {
        errors.push(`${at}: ends at a time of day; a school holiday is an all-day event (DTEND;VALUE=DATE)`);
        return;
      }
      last = addDays(dayOf(end), -1);
    } else if (duration) {
      last = addDays(first, Math.max(1, Math.round(duration.toSeconds() / 86_400)) - 1);
    } else last = first; // RFC 5545 §3.6.1: an all-day event without an end lasts that one day
    if (dateProblem(first) === "format" || dateProblem(last) === "format") {
      errors.push(`${at}: a date is not a calendar date`);
      return;
    }
    if (dateProblem(first) === "range" || dateProblem(last) === "range") {
      errors.push(`${at}: a date is not from 1900-01-01 to 2100-12-31`);
      return;
    }
    if (last < first) {
      errors.push(`${at}: ends (${addDays(last, 1)}, exclusive) before it starts (${first})`);
      return;
    }
    if (addDays(first, MAX_DAYS) <= last) errors.push(`${at}: lasts more than ${MAX_DAYS} days`);
    if (name) holidays.push({ name: name.slice(0, 100), start: first, end: last });
  });
  if (errors.length) return { ok: false, errors };
  let created = 0;
  let unchanged = 0;
  await deps.db.transaction(async (tx) => {
    for (const h of holidays) {
      const [known] = await tx.select({ id: schoolHolidays.id }).from(schoolHolidays).where(and(
        eq(schoolHolidays.canton, canton),
        eq(schoolHolidays.startDate, h.start),
        eq(schoolHolidays.endDate, h.end),
        eq(schoolHolidays.nameDe, h.name),
      )).limit(1);
      if (known) {
        unchanged++;
        continue;
      }
      await tx.insert(schoolHolidays).values({
        canton,
        nameDe: h.name,
        nameEn: h.name,
        nameFr: h.name,
        startDate: h.start,
        endDate: h.end,
      });
      created++;
    }
  });
  return { ok: true, created, unchanged };
}
