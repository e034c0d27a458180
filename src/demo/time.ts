/**
 * Time entries of the demo: the Platform team books the last eight weeks, the demo employee the last 26.
 * Older weeks are APPROVED, last week is SUBMITTED, this week's entries are DRAFT; the demo employee has
 * one REJECTED overtime entry with a note. Nobody books hours on a day off, a whole-day holiday, a
 * closure day (except the approved work-through), a sick day or approved leave; half days get half hours.
 * `totalHours` is always end − start − break, and net minutes are multiples of 6 so hours are exact tenths.
 */
import { addDays, eachDay, isoWeekday, mondayOf } from "../domain/calendar.ts";
import * as s from "../db/schema/mod.ts";
import { type DemoContext, type DemoPerson, workloadOn } from "./context.ts";
import { employedOn, KEY, PLATFORM_TEAM, worksOn } from "./org.ts";
import { at, hhmm } from "./util.ts";

const PROJECTS = [
  { code: "PLAT-CORE", text: ["Sprint-Arbeit Plattform", "Code-Review", "API-Erweiterung Absenzen"] },
  { code: "PLAT-OPS", text: ["Betrieb und Monitoring", "Deployment-Pipeline", "Datenbank-Wartung"] },
  { code: "KUNDE-DEMO", text: ["Kundenprojekt Demo-Kunde: Workshop", "Kundenprojekt Demo-Kunde: Umsetzung"] },
];

/** The rejected overtime entry's note (a test or a screen can look for it). */
export const REJECTION_NOTE =
  "Überzeit war nicht vorab bewilligt. Bitte mit Stefan besprechen und als Kompensation erfassen.";

type Status = "DRAFT" | "SUBMITTED" | "APPROVED" | "REJECTED";

interface Entry {
  date: string;
  start: number;
  end: number;
  breakMinutes: number;
  type: "REGULAR" | "OVERTIME" | "WEITERBILDUNG";
  projectCode: string;
  description: string;
  status: Status;
  rejectionNote?: string;
  channel?: "PORTAL" | "ASSISTANT";
}

/** Adds the time entries of the Platform team (eight weeks) and the demo employee (26 weeks). */
export function buildTimeEntries(ctx: DemoContext): void {
  const thisMonday = mondayOf(ctx.today);
  const lastMonday = addDays(thisMonday, -7);
  for (const key of PLATFORM_TEAM) {
    const p = ctx.person(key);
    const weeks = key === KEY.demo ? 26 : 8;
    const entries = daysOf(ctx, p, addDays(thisMonday, -7 * weeks), thisMonday, lastMonday);
    if (key === KEY.demo) addRejectedOvertime(entries, addDays(thisMonday, -21));
    for (const e of entries) addRow(ctx, p, e);
  }
}

function statusOf(date: string, thisMonday: string, lastMonday: string): Status {
  return date >= thisMonday ? "DRAFT" : date >= lastMonday ? "SUBMITTED" : "APPROVED";
}

function daysOf(
  ctx: DemoContext,
  p: DemoPerson,
  from: string,
  thisMonday: string,
  lastMonday: string,
): Entry[] {
  const rng = ctx.rng;
  const away = ctx.awayDays(p.key);
  const holidays = ctx.holidays(p.canton);
  const out: Entry[] = [];
  const mondayToday = isoWeekday(ctx.today) === 1;
  for (const date of eachDay(from, ctx.today)) {
    if (!employedOn(p, date) || !worksOn(ctx, p, date)) continue;
    if (ctx.closureDays.has(date) && !(p.key === KEY.demo && date === ctx.workThrough)) continue;
    const status = statusOf(date, thisMonday, lastMonday);
    // Today: only when it is Monday, so this week has a draft: the morning, booked before noon.
    if (date === ctx.today) {
      if (!mondayToday) continue;
      out.push({
        date,
        start: 8 * 60,
        end: 12 * 60,
        breakMinutes: 0,
        ...project(ctx),
        type: "REGULAR",
        status,
      });
      continue;
    }
    const awayPart = away.get(date) ?? 0;
    if (awayPart >= 1) continue;
    const half = awayPart > 0 || (holidays.get(date) ?? 0) > 0;
    const dailyHours = (p.weeklyHours * workloadOn(p, date) / 100) / p.workingWeekdays.length;
    const target = Math.round((dailyHours * 60) / 6) * 6;
    const net = half ? Math.round(target / 2 / 6) * 6 : target + 6 * rng.int(-5, 5);
    const start = 7 * 60 + 15 * rng.int(0, 6);
    const breakMinutes = half ? 0 : rng.pick([30, 45, 60]);
    const end = start + net + breakMinutes;
    if (!half && rng.chance(0.03)) {
      out.push({
        date,
        start,
        end,
        breakMinutes,
        type: "WEITERBILDUNG",
        projectCode: "WB",
        description: rng.pick([
          "Kurs: Kubernetes Grundlagen",
          "Konferenz: Swiss DevOps Day",
          "Kurs: Barrierefreiheit im Web",
        ]),
        status,
      });
      continue;
    }
    out.push({ date, start, end, breakMinutes, type: "REGULAR", ...project(ctx), status });
    if (!half && rng.chance(0.08)) {
      const otStart = end + 60;
      out.push({
        date,
        start: otStart,
        end: otStart + 30 * rng.int(2, 5),
        breakMinutes: 0,
        type: "OVERTIME",
        projectCode: "PLAT-OPS",
        description: rng.pick([
          "Release-Abend",
          "Störung behoben",
          "Datenbank-Migration ausserhalb der Bürozeit",
        ]),
        status,
      });
    }
  }
  // One of the demo employee's drafts this week was recorded through an assistant.
  if (p.key === KEY.demo) {
    const draft = out.find((e) => e.status === "DRAFT");
    if (draft) draft.channel = "ASSISTANT";
  }
  return out;
}

function project(ctx: DemoContext) {
  const p = ctx.rng.pick(PROJECTS);
  return { projectCode: p.code, description: ctx.rng.pick(p.text) };
}

/** Overtime booked three weeks ago, rejected by the manager with a note (the first worked day of that week). */
function addRejectedOvertime(entries: Entry[], monday: string) {
  const day = entries.find((e) => e.date >= monday && e.date < addDays(monday, 5) && e.type === "REGULAR");
  if (!day) return;
  const start = day.end + 60;
  entries.splice(entries.indexOf(day) + 1, 0, {
    date: day.date,
    start,
    end: start + 180,
    breakMinutes: 0,
    type: "OVERTIME",
    projectCode: "PLAT-OPS",
    description: "Zusätzliche Tests vor dem Release",
    status: "REJECTED",
    rejectionNote: REJECTION_NOTE,
  });
}

function addRow(ctx: DemoContext, p: DemoPerson, e: Entry) {
  const monday = mondayOf(e.date);
  const submitted = e.status === "DRAFT" ? null : Math.min(ctx.now, at(addDays(monday, 4), 16));
  const decided = e.status === "APPROVED" || e.status === "REJECTED" ? at(addDays(monday, 7), 10) : null;
  const created = Math.min(ctx.now, at(e.date, Math.min(23, Math.floor(e.end / 60))));
  ctx.rows.add(s.timeEntries, {
    id: ctx.ids.next("time"),
    employeeId: p.id,
    date: e.date,
    startTime: hhmm(e.start),
    endTime: hhmm(e.end),
    breakMinutes: e.breakMinutes,
    totalHours: Math.round(((e.end - e.start - e.breakMinutes) / 60) * 100) / 100,
    type: e.type,
    projectCode: e.projectCode,
    description: e.description,
    status: e.status,
    rejectionNote: e.rejectionNote ?? null,
    submittedAt: submitted,
    decidedByUserId: decided === null ? null : p.managerKey === KEY.manager ? ctx.user("manager") : null,
    decidedAt: decided,
    channel: e.channel ?? "PORTAL",
    createdAt: created,
    updatedAt: Math.max(created, decided ?? 0, submitted ?? 0),
  });
}
