/**
 * Changing or removing a company closure after the fact. A closure day costs nothing in a leave request (it is
 * charged or granted as the closure), so the days of every request over a closure's days were computed with
 * it: moving, shortening, limiting to cantons or removing a closure changes what those requests should count.
 * A change that would alter approved leave is refused, naming the people and requests, unless HR confirms the
 * recalculation; then the requests' days are computed again in the same transaction and each person is told
 * (a notification and an e-mail through the outbox). Requests still waiting for a decision are recomputed
 * without asking: nothing was granted yet, and the approver decides on the new figure.
 */
import { and, asc, eq, gte, inArray, lte, ne, or } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import {
  closurePeriods,
  closureWorkThrough,
  employees,
  leaveRequests,
  users,
  workloadChanges,
} from "../db/schema/mod.ts";
import { daysBetween, isCanton } from "../domain/calendar.ts";
import { dateProblem } from "../domain/fields.ts";
import { computeLeaveDays, type EndPortion, type StartPortion } from "../domain/leave.ts";
import { AppError, refusal, type RefusalMessage } from "../errors.ts";
import { say } from "../i18n/messages/mod.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { isLang, type Lang } from "../i18n/mod.ts";
import type { Actor } from "./actor.ts";
import { notify, type Tx, weekdaysOf, writeTx } from "./common.ts";
import { closureCalendar, personHolidays } from "./holidays.ts";
import { halfDaysIn } from "../settings.ts";

type Deps = Pick<AppDeps, "db" | "clock">;
type ClosureRow = typeof closurePeriods.$inferSelect;

/** Longest closure: a company closes for days or weeks, not months (as `closures add`). */
const MAX_CLOSURE_DAYS = 62;

/** Leave states whose days were granted: changing them needs HR's confirmation. */
const GRANTED = ["APPROVED", "CANCELLATION_REQUESTED"];
/** Leave states that hold days: all of them are recomputed. */
const HOLDING = ["AWAITING_APPROVAL", ...GRANTED];

/** A closure as HR edits it. */
export interface ClosureInput {
  from: string;
  to: string;
  name: { de: string; en?: string; fr?: string };
  deductsLeave: boolean;
  cantons?: string[];
}

/** One leave request whose days a closure change alters. */
export interface Recalculated {
  requestId: string;
  personnelNumber: string;
  name: string;
  startDate: string;
  endDate: string;
  status: string;
  before: number;
  after: number;
}

/** What a change did: the requests recomputed (and their people told). */
export interface ClosureChangeResult {
  closure: { startDate: string; endDate: string; nameDe: string };
  recalculated: Recalculated[];
  /** Work-through days of a removed closure, removed with it. */
  workThroughRemoved: number;
}

/** Thrown when approved leave was computed with the closure and HR has not confirmed the recalculation. */
export class RecalculationNeeded extends AppError {
  constructor(readonly requests: Recalculated[], readonly what: string) {
    super(
      "conflict",
      `${what}: ${
        requests.map(describe).join("; ")
      }. Nothing was changed. Confirm the recalculation to change it anyway: those requests are computed ` +
        "again and the people are told.",
    );
    this.name = "RecalculationNeeded";
  }
}

/** `P1 Lea Keller, 2026-12-21 to 2027-01-08: 6 days, would be 11` */
export function describe(r: Recalculated): string {
  return `${r.personnelNumber} ${r.name}, ${r.startDate} to ${r.endDate}: ${r.before} days, would be ${r.after}`;
}

/** The problems of a closure as entered, as catalogue texts (each reader gets them in their language). */
export function closureProblemMessages(input: ClosureInput): RefusalMessage[] {
  const problems: RefusalMessage[] = [];
  for (const [field, d] of [["from", input.from], ["to", input.to]]) {
    if (dateProblem(d) === "format") {
      problems.push({ id: "calendar.closureDate", params: { field, value: d } });
    }
  }
  for (const [field, d] of [["from", input.from], ["to", input.to]]) {
    if (dateProblem(d) === "range") problems.push({ id: "calendar.closurePlausible", params: { field } });
  }
  if (!problems.length && input.to < input.from) problems.push({ id: "calendar.closureEndBeforeStart" });
  if (!problems.length && daysBetween(input.from, input.to) + 1 > MAX_CLOSURE_DAYS) {
    problems.push({ id: "calendar.closureTooLong", params: { max: MAX_CLOSURE_DAYS } });
  }
  const name = input.name.de.trim();
  if (name.length < 2 || name.length > 100) problems.push({ id: "calendar.closureName" });
  for (const c of input.cantons ?? []) {
    if (!isCanton(c)) problems.push({ id: "calendar.closureCanton", params: { value: c } });
  }
  return problems;
}

/** The input field a closure problem is about (`from`, `to`, `name`, `cantons`). */
function closureFieldOf(p: RefusalMessage): string {
  if (typeof p.params?.field === "string") return p.params.field;
  if (p.id === "calendar.closureName") return "name";
  if (p.id === "calendar.closureCanton") return "cantons";
  return "to";
}

/** The same problems in the words `closures add` uses on the command line (English). */
export function closureProblems(input: ClosureInput): string[] {
  return closureProblemMessages(input).map((m) => say(m.id, "en", m.params));
}

/**
 * Finds a closure by its id, or by its first day (`2026-12-24`) or its range (`2026-12-24..2027-01-02`) as
 * `closures list` shows it.
 */
export async function findClosure(deps: Pick<AppDeps, "db">, ref: string): Promise<ClosureRow> {
  const range = /^(\d{4}-\d{2}-\d{2})(?:\.\.(\d{4}-\d{2}-\d{2}))?$/.exec(ref.trim());
  const rows = range
    ? await deps.db.select().from(closurePeriods).where(
      and(
        eq(closurePeriods.startDate, range[1]),
        range[2] ? eq(closurePeriods.endDate, range[2]) : undefined,
      ),
    ).limit(10)
    : await deps.db.select().from(closurePeriods).where(eq(closurePeriods.id, ref)).limit(1);
  if (!rows.length) {
    throw refusal("not_found", range ? "calendar.noClosureStarting" : "calendar.noClosureWithId", { ref });
  }
  if (rows.length > 1) {
    throw refusal("validation", "calendar.severalClosures", {
      ref,
      ranges: rows.map((r) => `${r.startDate}..${r.endDate}`).join(" / "),
    });
  }
  return rows[0];
}

/**
 * The leave requests that hold days between `from` and `to` (any of the ranges given), computed again with
 * the closures as they stand in `tx`; those whose days differ from what is stored.
 */
export async function recomputeRequests(
  tx: Tx,
  ranges: readonly { from: string; to: string }[],
): Promise<(Recalculated & { daysByYear: Record<string, number>; employeeId: string })[]> {
  if (!ranges.length) return [];
  const rows = await tx.select({ r: leaveRequests, e: employees }).from(leaveRequests)
    .innerJoin(employees, eq(employees.id, leaveRequests.employeeId))
    .where(and(
      inArray(leaveRequests.status, HOLDING),
      or(...ranges.map((x) => and(lte(leaveRequests.startDate, x.to), gte(leaveRequests.endDate, x.from)))),
    )).orderBy(asc(employees.personnelNumber), asc(leaveRequests.startDate)).limit(5000);
  const out = [];
  const halfDays = await halfDaysIn(tx);
  for (const { r, e } of rows) {
    const cal = await closureCalendar(tx, e, r.startDate, r.endDate);
    const history = (await tx.select().from(workloadChanges).where(eq(workloadChanges.employeeId, e.id)))
      .map((w) => ({
        validFrom: w.validFrom,
        workingWeekdays: w.workingWeekdays ? weekdaysOf({ workingWeekdays: w.workingWeekdays }) : null,
      }));
    const computed = computeLeaveDays({
      startDate: r.startDate,
      endDate: r.endDate,
      startPortion: r.startPortion as StartPortion,
      endPortion: r.endPortion as EndPortion,
      workingWeekdays: weekdaysOf(e),
      patternHistory: history,
      holidays: await personHolidays(tx, e, r.startDate, r.endDate, undefined, halfDays),
      closureDays: new Set(cal.days.filter((d) => !d.workThrough).map((d) => d.date)),
    });
    const stored = JSON.parse(r.daysByYear) as Record<string, number>;
    const same = computed.days === r.days &&
      JSON.stringify(Object.entries(computed.daysByYear).sort()) ===
        JSON.stringify(Object.entries(stored).sort());
    if (same) continue;
    out.push({
      requestId: r.id,
      employeeId: e.id,
      personnelNumber: e.personnelNumber,
      name: `${e.firstName} ${e.lastName}`,
      startDate: r.startDate,
      endDate: r.endDate,
      status: r.status,
      before: r.days,
      after: computed.days,
      daysByYear: computed.daysByYear,
    });
  }
  return out;
}

const MAIL: Record<Lang, { subject: string; body: string }> = {
  de: {
    subject: "Ihre Abwesenheit wurde neu berechnet",
    body:
      "Guten Tag {firstName}\n\nDie Betriebsschliessung «{closure}» wurde geändert. Ihr Gesuch vom {from} " +
      "bis {to} zählt deshalb neu {after} statt {before} Tage. Ihren Saldo sehen Sie im HR-Portal.\n\nIhr HR-Team",
  },
  fr: {
    subject: "Votre absence a été recalculée",
    body:
      "Bonjour {firstName}\n\nLa fermeture de l'entreprise « {closure} » a été modifiée. Votre demande du " +
      "{from} au {to} compte donc désormais {after} jours au lieu de {before}. Votre solde est visible dans le " +
      "portail RH.\n\nVotre équipe RH",
  },
  it: {
    subject: "La sua assenza è stata ricalcolata",
    body:
      "Buongiorno {firstName}\n\nLa chiusura aziendale «{closure}» è stata modificata. La sua domanda dal " +
      "{from} al {to} conta quindi ora {after} giorni invece di {before}. Il saldo è visibile nel portale HR." +
      "\n\nIl suo team HR",
  },
  en: {
    subject: "Your leave has been recalculated",
    body:
      "Hello {firstName}\n\nThe company closure “{closure}” was changed. Your request from {from} to {to} " +
      "therefore now counts {after} days instead of {before}. Your balance is in the HR portal.\n\nYour HR team",
  },
};

/** `2026-12-24` as people read dates: `24.12.2026`. */
const swiss = (d: string) => `${d.slice(8)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;

/**
 * Writes the recomputed days and tells each person: an in-app notification (with a push to their phones) and
 * an e-mail in their language to their account's address, else their work address.
 */
export async function storeRecalculation(
  tx: Tx,
  now: number,
  closureName: string,
  list: readonly (Recalculated & { daysByYear: Record<string, number>; employeeId: string })[],
): Promise<void> {
  const actor: Actor = { userId: "", role: "hr", language: "de", employeeId: null, channel: "PORTAL" };
  for (const r of list) {
    await tx.update(leaveRequests).set({
      days: r.after,
      daysByYear: JSON.stringify(r.daysByYear),
      updatedAt: now,
    }).where(eq(leaveRequests.id, r.requestId));
    await notify(tx, {
      recipientEmployeeId: r.employeeId,
      kind: "LEAVE_REQUEST_RECALCULATED",
      payload: { leaveRequestId: r.requestId, days: r.after, previousDays: r.before },
      actor,
      now,
    });
    const [who] = await tx.select({
      first: employees.firstName,
      work: employees.workEmail,
      account: users.email,
      language: users.language,
    }).from(employees).leftJoin(users, eq(users.employeeId, employees.id))
      .where(eq(employees.id, r.employeeId)).limit(1);
    const to = who?.account ?? who?.work;
    if (!to) continue;
    const t = MAIL[who.language && isLang(who.language) ? who.language : "de"];
    const values: Record<string, string> = {
      firstName: who.first,
      closure: closureName,
      from: swiss(r.startDate),
      to: swiss(r.endDate),
      before: String(r.before),
      after: String(r.after),
    };
    await enqueueMail(tx, { now: () => now }, {
      to,
      subject: t.subject,
      text: t.body.replace(/\{(\w+)\}/g, (all, k: string) => values[k] ?? all),
      relatedTo: `leave-request:${r.requestId}`,
    });
  }
}

/**
 * Checks what a closure change does to leave in `tx` (the change already made there): refuses, rolling the
 * transaction back, when approved leave changes and `confirmed` is not set; else stores the new days and tells
 * the people. `what` starts the refusal ("Removing the closure …").
 */
export async function settleLeave(
  tx: Tx,
  now: number,
  ranges: readonly { from: string; to: string }[],
  opts: { confirmed: boolean; what: string; closureName: string },
) {
  const changed = await recomputeRequests(tx, ranges);
  const granted = changed.filter((r) => GRANTED.includes(r.status));
  if (granted.length && !opts.confirmed) throw new RecalculationNeeded(granted, opts.what);
  await storeRecalculation(tx, now, opts.closureName, changed);
  return changed;
}

/**
 * Changes a closure: its days, names, whether it is taken from vacation and its cantons, with `closures add`'s
 * checks (an overlap with another closure is refused). See the module's comment for approved leave.
 */
export async function updateClosure(
  deps: Deps,
  ref: string,
  input: ClosureInput,
  opts: { confirmed?: boolean } = {},
): Promise<ClosureChangeResult> {
  const problems = closureProblemMessages(input);
  if (problems.length) {
    throw refusal("validation", "calendar.closureNotChanged", { problems }, {
      field: [...new Set(problems.map(closureFieldOf))],
    });
  }
  const row = await findClosure(deps, ref);
  const name = input.name.de.trim();
  const next = {
    nameDe: name,
    nameEn: input.name.en?.trim() || (name === row.nameDe ? row.nameEn : name),
    nameFr: input.name.fr?.trim() || (name === row.nameDe ? row.nameFr : name),
    startDate: input.from,
    endDate: input.to,
    deductsLeave: input.deductsLeave,
    cantons: input.cantons?.length ? input.cantons.join(",") : null,
  };
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const [overlap] = await tx.select({
      from: closurePeriods.startDate,
      to: closurePeriods.endDate,
      id: closurePeriods.id,
    })
      .from(closurePeriods).where(and(
        ne(closurePeriods.id, row.id),
        lte(closurePeriods.startDate, input.to),
        gte(closurePeriods.endDate, input.from),
      )).limit(1);
    if (overlap) {
      throw refusal("conflict", "calendar.closureOverlap", { from: overlap.from, to: overlap.to }, {
        conflictingId: overlap.id,
      });
    }
    await tx.update(closurePeriods).set(next).where(eq(closurePeriods.id, row.id));
    const recalculated = await settleLeave(
      tx,
      now,
      [{ from: row.startDate, to: row.endDate }, { from: input.from, to: input.to }],
      {
        confirmed: opts.confirmed === true,
        what: "Changing the closure changes approved leave computed with it",
        closureName: name,
      },
    );
    return {
      closure: { startDate: input.from, endDate: input.to, nameDe: name },
      recalculated: recalculated.map(strip),
      workThroughRemoved: 0,
    };
  });
}

/**
 * Removes a closure, with the days people were approved to work through it. See the module's comment for
 * approved leave.
 */
export async function removeClosure(
  deps: Deps,
  ref: string,
  opts: { confirmed?: boolean } = {},
): Promise<ClosureChangeResult> {
  const row = await findClosure(deps, ref);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const through = await tx.select({ id: closureWorkThrough.id }).from(closureWorkThrough)
      .where(eq(closureWorkThrough.closureId, row.id));
    await tx.delete(closureWorkThrough).where(eq(closureWorkThrough.closureId, row.id));
    await tx.delete(closurePeriods).where(eq(closurePeriods.id, row.id));
    const recalculated = await settleLeave(tx, now, [{ from: row.startDate, to: row.endDate }], {
      confirmed: opts.confirmed === true,
      what: "Removing the closure changes approved leave computed with it",
      closureName: row.nameDe,
    });
    return {
      closure: { startDate: row.startDate, endDate: row.endDate, nameDe: row.nameDe },
      recalculated: recalculated.map(strip),
      workThroughRemoved: through.length,
    };
  });
}

function strip(r: Recalculated & { daysByYear?: unknown; employeeId?: string }): Recalculated {
  const { daysByYear: _d, employeeId: _e, ...rest } = r;
  return rest;
}
