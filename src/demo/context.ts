/**
 * What every demo builder shares: the clock's "now" broken into the dates the story is told around, the
 * random source, ids, the rows collected so far, and each employee's busy days (so that no leave request
 * overlaps a sick absence or another request, and no time entry is booked on a day off).
 */
import { isoDay } from "../clock.ts";
import { holidayFractions } from "../domain/calendar.ts";
import * as s from "../db/schema/mod.ts";
import { IdSource, Rng, Rows } from "./util.ts";

/** Tables in foreign-key order: the seeder inserts them in exactly this order. */
export const INSERT_ORDER = [
  s.departments,
  s.employees,
  s.users,
  s.workloadChanges,
  s.compensation,
  s.payDates,
  s.payslips,
  s.schoolHolidays,
  s.closurePeriods,
  s.closureWorkThrough,
  s.leaveTypes,
  s.leaveEntitlements,
  s.leaveRequests,
  s.sickLeaveEntries,
  s.timeEntries,
  s.positions,
  s.positionTeam,
  s.stages,
  s.stageAutomaticTasks,
  s.applications,
  s.applicationTasks,
  s.applicationNotes,
  s.applicationAiScores,
  s.applicationStageHistory,
  s.onboardingPlans,
  s.onboardingTasks,
  s.documents,
  s.documentTranslations,
  s.requiredDocuments,
  s.feedbackDrafts,
  s.surveyInvitations,
  s.expenseReports,
  s.notifications,
] as const;

/** One demo employee as the builders see it (a subset of the row plus the story's facts). */
export interface DemoPerson {
  key: string;
  id: string;
  firstName: string;
  lastName: string;
  canton: "BE" | "ZH" | "VD";
  managerKey: string | null;
  workloadPercent: number;
  /** Workload history as `[validFrom, percent]`, oldest first (one entry when it never changed). */
  workloadHistory: [string, number][];
  workingWeekdays: number[];
  weeklyHours: number;
  employmentStart: string;
  employmentEnd: string | null;
  birthDate: string;
  annualSalary: number;
  payments: number;
  /** CEO, HEAD, LEAD or STAFF: the level in the hierarchy. */
  level: "CEO" | "HEAD" | "LEAD" | "STAFF";
}

/** Workload (percent) of a person on a date, from their history: pro rata and daily targets follow it. */
export function workloadOn(p: DemoPerson, date: string): number {
  let w = p.workloadHistory[0][1];
  for (const [from, percent] of p.workloadHistory) if (from <= date) w = percent;
  return w;
}

/** The state the builders share while the demo is assembled in memory. */
export class DemoContext {
  readonly now: number;
  /** Today's date (UTC), `YYYY-MM-DD`. */
  readonly today: string;
  /** The current and the previous calendar (leave) year. */
  readonly year: number;
  readonly lastYear: number;
  readonly rng = new Rng(0x5eed_2026);
  readonly ids = new IdSource();
  readonly rows = new Rows();
  readonly people = new Map<string, DemoPerson>();
  /** Sign-in account user ids by account key (employee, manager, hr, admin, nolink, recruiter). */
  readonly userIds = new Map<string, string>();
  /** Per employee key: dates already covered by any leave request or sickness (no overlaps allowed). */
  readonly busy = new Map<string, Map<string, number>>();
  /** Per employee key: the part of a date the person is away (approved leave fraction, sickness 1). */
  readonly away = new Map<string, Map<string, number>>();
  /** Company closure days (they cost no leave in a request and nobody books hours on them). */
  readonly closureDays = new Set<string>();
  /** The closure day the demo employee was approved to work through. */
  workThrough: string | null = null;
  readonly #holidays = new Map<string, Map<string, number>>();

  constructor(now: number) {
    this.now = now;
    this.today = isoDay(now);
    this.year = Number(this.today.slice(0, 4));
    this.lastYear = this.year - 1;
    for (const table of INSERT_ORDER) this.rows.add(table);
  }

  /** The employee registered under `key` (throws for a typo in the story, which is a bug). */
  person(key: string): DemoPerson {
    const p = this.people.get(key);
    if (!p) throw new Error(`demo: unknown person ${key}`);
    return p;
  }

  /** Public holidays of a canton for last, this and next year (one lookup per canton). */
  holidays(canton: string): Map<string, number> {
    let map = this.#holidays.get(canton);
    if (!map) {
      map = holidayFractions(canton, `${this.lastYear}-01-01`, `${this.year + 1}-12-31`);
      this.#holidays.set(canton, map);
    }
    return map;
  }

  /** The busy days of an employee (created on first use). */
  busyDays(key: string): Map<string, number> {
    let m = this.busy.get(key);
    if (!m) {
      m = new Map();
      this.busy.set(key, m);
    }
    return m;
  }

  /** The days an employee is away (created on first use): time entries skip or shorten them. */
  awayDays(key: string): Map<string, number> {
    let m = this.away.get(key);
    if (!m) {
      m = new Map();
      this.away.set(key, m);
    }
    return m;
  }

  /** A user id for a sign-in account key; throws if the account was not created yet. */
  user(key: string): string {
    const id = this.userIds.get(key);
    if (!id) throw new Error(`demo: unknown account ${key}`);
    return id;
  }
}
