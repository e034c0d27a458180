/**
 * Who of the caller's team is away, for every employee (the manager's calendar with kinds and pending
 * requests is `getTeamCalendar`). The team is the caller's manager and the colleagues who report to the same
 * manager, the caller left out (their own absences are in their own reads, in full).
 *
 * Colleagues learn who is away and when, to the half day, and nothing about why: every absence they see is
 * approved leave (vacation, special leave such as a birth, a wedding or a move, military service, unpaid
 * leave), all read "ABSENT", and overlapping absences of one person are merged into one span. Sick leave is
 * not shown at all: an ongoing one has no end, and any way of drawing it (a span that ends today and grows
 * each day, one that appears after the fact) tells it apart from planned leave. A request awaiting approval
 * may still be refused, and is nobody else's business until then. The range is what a team plans with: four
 * weeks back at most, three months ahead at most, never a person's absences back over the years.
 */
import { and, asc, eq, gte, inArray, isNull, lte, ne, or } from "drizzle-orm";
import { employees, leaveRequests } from "../db/schema/mod.ts";
import {
  addDays,
  byCharacters,
  daysBetween,
  fromEpochDay,
  minDate,
  mondayOf,
  toEpochDay,
} from "../domain/calendar.ts";
import { refusal } from "../errors.ts";
import { addMonths } from "../domain/sick.ts";
import type { Actor } from "./actor.ts";
import { fullName, selfEmployee, type ServiceDeps, todayOf } from "./common.ts";

/** The longest range one request covers, as the manager's team calendar. */
export const MAX_TEAM_DAYS = 62;
/** How far back a colleague's absences are shown: what happened in the last four weeks. */
export const TEAM_DAYS_BACK = 28;
/** How far ahead: a team plans its next three months. */
export const TEAM_MONTHS_AHEAD = 3;
/** At most this many absences are answered (50 people over 62 days rarely come near it). */
export const MAX_TEAM_ABSENCES = 200;

export type StartPortion = "FULL" | "AFTERNOON";
export type EndPortion = "FULL" | "MORNING";

/** One span away, as colleagues see it. */
export interface TeamAbsenceSpan {
  employeeId: string;
  name: string;
  kind: "ABSENT";
  startDate: string;
  startPortion: StartPortion;
  endDate: string;
  endPortion: EndPortion;
}

interface Span {
  employeeId: string;
  /** Half days since 1970-01-01: a day's morning is 2n, its afternoon 2n + 1. */
  first: number;
  last: number;
}

const firstHalf = (date: string, portion: string) => toEpochDay(date) * 2 + (portion === "AFTERNOON" ? 1 : 0);
const lastHalf = (date: string, portion: string) => toEpochDay(date) * 2 + (portion === "MORNING" ? 0 : 1);

/**
 * Merges each person's spans that overlap or touch (to the half day) into one: what a colleague sees is one
 * absence, whatever records it is made of.
 */
export function mergeSpans<S extends Span>(spans: readonly S[]): Span[] {
  const sorted = [...spans].sort((a, b) => byCharacters(a.employeeId, b.employeeId) || a.first - b.first);
  const out: Span[] = [];
  for (const s of sorted) {
    const prev = out[out.length - 1];
    if (prev && prev.employeeId === s.employeeId && s.first <= prev.last + 1) {
      prev.last = Math.max(prev.last, s.last);
    } else out.push({ employeeId: s.employeeId, first: s.first, last: s.last });
  }
  return out;
}

/** The caller's team (manager and colleagues with the same manager) with their absences in `from`..`to`. */
export async function getTeamAbsences(
  deps: ServiceDeps,
  actor: Actor,
  input: { from?: string; to?: string } = {},
) {
  const me = await selfEmployee(deps.db, actor);
  const today = todayOf(deps);
  const earliest = addDays(today, -TEAM_DAYS_BACK);
  const latest = addMonths(today, TEAM_MONTHS_AHEAD);
  const from = input.from ?? mondayOf(today);
  if (from < earliest) {
    throw refusal("validation", "leave.teamFromTooEarly", { date: earliest, days: TEAM_DAYS_BACK }, {
      field: "from",
    });
  }
  if (from > latest) {
    throw refusal("validation", "leave.teamTooLate", { date: latest, months: TEAM_MONTHS_AHEAD }, {
      field: "from",
    });
  }
  // The default four weeks end at the window's end when they would run past it.
  const to = input.to ?? minDate(addDays(from, 27), latest);
  if (to < from) throw refusal("validation", "calendar.toBeforeFrom", {}, { field: "to" });
  if (to > latest) {
    throw refusal("validation", "leave.teamTooLate", { date: latest, months: TEAM_MONTHS_AHEAD }, {
      field: "to",
    });
  }
  if (daysBetween(from, to) + 1 > MAX_TEAM_DAYS) {
    throw refusal("validation", "leave.teamTooLong", { max: MAX_TEAM_DAYS }, { field: "to" });
  }
  const managerId = me.managerId && me.managerId !== me.id ? me.managerId : null;
  const team = managerId
    ? await deps.db.select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
    }).from(employees).where(and(
      or(eq(employees.id, managerId), eq(employees.managerId, managerId)),
      ne(employees.id, me.id),
      // Only people employed at some point of the range: a colleague who left is no longer on the team.
      lte(employees.employmentStart, to),
      or(isNull(employees.employmentEnd), gte(employees.employmentEnd, from)),
    )).orderBy(asc(employees.lastName), asc(employees.firstName)).limit(51)
    : [];
  // The manager first, then the colleagues by name.
  const members = [
    ...team.filter((p) => p.id === managerId),
    ...team.filter((p) => p.id !== managerId),
  ].slice(0, 50);
  const ids = members.map((p) => p.id);
  const spans: Span[] = [];
  if (ids.length) {
    const leave = await deps.db.select({
      employeeId: leaveRequests.employeeId,
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      startPortion: leaveRequests.startPortion,
      endPortion: leaveRequests.endPortion,
    }).from(leaveRequests).where(and(
      inArray(leaveRequests.employeeId, ids),
      lte(leaveRequests.startDate, to),
      gte(leaveRequests.endDate, from),
      // A cancellation asked for but not yet granted leaves the leave approved.
      inArray(leaveRequests.status, ["APPROVED", "CANCELLATION_REQUESTED"]),
    )).limit(1000);
    for (const l of leave) {
      spans.push({
        employeeId: l.employeeId,
        first: firstHalf(l.startDate, l.startPortion),
        last: lastHalf(l.endDate, l.endPortion),
      });
    }
  }
  const names = new Map(members.map((p) => [p.id, fullName(p)]));
  const absences: TeamAbsenceSpan[] = mergeSpans(spans).map((s) => ({
    employeeId: s.employeeId,
    name: names.get(s.employeeId)!,
    kind: "ABSENT" as const,
    startDate: fromEpochDay(Math.floor(s.first / 2)),
    startPortion: s.first % 2 ? "AFTERNOON" as const : "FULL" as const,
    endDate: fromEpochDay(Math.floor(s.last / 2)),
    endPortion: s.last % 2 ? "FULL" as const : "MORNING" as const,
  })).sort((a, b) => byCharacters(a.startDate, b.startDate) || a.name.localeCompare(b.name));
  return {
    from,
    to,
    members: members.map((p) => ({
      employeeId: p.id,
      name: fullName(p),
      role: p.id === managerId ? "MANAGER" as const : "COLLEAGUE" as const,
    })),
    absences: absences.slice(0, MAX_TEAM_ABSENCES),
  };
}
