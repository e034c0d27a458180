/**
 * "What assistants read about me": the connector's audit rows that concerned one person, told in plain words
 * in that person's language (the right of access, Art. 25 FADP / nDSG; GDPR Art. 15).
 *
 * A row concerns a person when the person's own assistant made the call (any tool, resource or prompt of a
 * connection of theirs) or when the call's result touched the person's employee record (an HR person's or a
 * manager's assistant reading or changing it). For someone else's assistant the person learns the role of the
 * account that acted, the kind of data, when and through which assistant: never who exactly, never what the
 * result held, and never anything about other people the same call touched.
 */
import { and, desc, eq, gte, lt, or, sql } from "drizzle-orm";
import {
  exportRecords,
  mcpAudit,
  oauthClients,
  oauthConnections,
  personTouches,
  users,
} from "../db/schema/mod.ts";
import { refusal } from "../errors.ts";
import { fill, langOr } from "../i18n/mod.ts";
import {
  ACTIVITY_TEXTS,
  type ActivityAction,
  type ActivityActor,
  type ActivityArea,
} from "../i18n/activity.ts";
import { isValidDate } from "../domain/calendar.ts";
import { decodeCursor, encodeCursor, type ServiceDeps } from "./common.ts";

/** The longest period one request may cover: a year and a day, so a leap year fits. */
export const MAX_ACTIVITY_DAYS = 366;
/** The period shown when none is asked for. */
export const DEFAULT_ACTIVITY_DAYS = 30;

/** Which kind of data a tool (or resource, or prompt) concerns. Every connector entry point is listed. */
const AREA_OF: Record<string, ActivityArea> = {
  whoami: "account",
  get_my_summary: "overview",
  get_my_leave_balances: "leave",
  list_my_leave_requests: "leave",
  prepare_leave_request: "leave",
  commit_leave_request: "leave",
  withdraw_leave_request: "leave",
  list_my_time_entries: "time",
  prepare_time_entry: "time",
  commit_time_entry: "time",
  get_my_sick_leave: "sick",
  prepare_sick_report: "sick",
  commit_sick_report: "sick",
  cancel_sick_report: "sick",
  list_my_payslips: "payslips",
  get_public_holidays: "calendar",
  get_closure_periods: "calendar",
  list_documents: "documents",
  get_document: "documents",
  search_people: "record",
  list_employees: "record",
  get_employee: "record",
  list_positions: "record",
  get_position: "record",
  get_hr_overview: "record",
  list_pending_approvals: "approvals",
  prepare_leave_decision: "approvals",
  commit_leave_decision: "approvals",
  prepare_onboarding_task: "onboarding",
  commit_onboarding_task: "onboarding",
  list_applications: "application",
  get_application: "application",
  prepare_application_note: "application",
  commit_application_note: "application",
  prepare_stage_move: "application",
  commit_stage_move: "application",
  weekly_hr_briefing: "approvals",
  prepare_1on1: "record",
};

/** The area of an audit row: a resource is a document; an unknown name (a newer tool) is the record. */
export function activityArea(kind: string, name: string): ActivityArea {
  if (kind === "resource") return "documents";
  return AREA_OF[name] ?? "record";
}

/** Whether a call read, prepared a change (a preview, nothing filed) or changed something. */
export function activityAction(kind: string, name: string): ActivityAction {
  if (kind !== "tool") return "read";
  if (/^(commit|withdraw|cancel)_/.test(name)) return "change";
  if (name.startsWith("prepare_")) return "prepare";
  return "read";
}

function actorOf(ownUserId: string, rowUserId: string | null, role: string | null): ActivityActor {
  if (rowUserId === ownUserId) return "self";
  if (role === "manager" || role === "hr" || role === "admin" || role === "recruiter") return role;
  return "employee";
}

/** One entry of the log. */
export interface ActivityItem {
  at: number;
  assistant: string;
  clientId: string | null;
  actor: ActivityActor;
  area: ActivityArea;
  action: ActivityAction;
  outcome: "ok" | "refused" | "error";
  text: string;
}

/** What a person's own connections did in the period: how many people each touched, and export days. */
export interface ConnectionCounts {
  connectionId: string;
  clientId: string;
  assistant: string;
  personRecordsTouched: number;
  exportDays: { day: string; personCount: number }[];
}

export interface ActivityQuery {
  /** `YYYY-MM-DD`, inclusive; default 30 days before `to`. */
  from?: string;
  /** `YYYY-MM-DD`, inclusive; default today (UTC, like the audit's own days). */
  to?: string;
  /** Only this assistant (OAuth client id). */
  clientId?: string;
  /** Rows to skip (paging; at most 50 per page). Deprecated for `cursor`. */
  offset?: number;
  limit?: number;
  /** The previous page's `nextCursor`: the page starts after that entry. */
  cursor?: string;
}

const DAY_MS = 86_400_000;

/** Resolves and checks the period: both calendar-valid, from ≤ to, at most 366 days. */
export function activityPeriod(
  nowMs: number,
  q: Pick<ActivityQuery, "from" | "to">,
): { from: number; to: number } {
  for (const [field, v] of [["from", q.from], ["to", q.to]] as const) {
    if (v !== undefined && !isValidDate(v)) {
      throw refusal("validation", "assistant.activityDate", { field }, { field });
    }
  }
  const toDay = q.to ?? new Date(nowMs).toISOString().slice(0, 10);
  const end = Date.parse(`${toDay}T00:00:00Z`) + DAY_MS;
  const start = q.from !== undefined
    ? Date.parse(`${q.from}T00:00:00Z`)
    : end - DEFAULT_ACTIVITY_DAYS * DAY_MS;
  if (start >= end) {
    throw refusal("validation", "assistant.activityOrder", {}, { field: ["from", "to"] });
  }
  if (end - start > MAX_ACTIVITY_DAYS * DAY_MS) {
    throw refusal("validation", "assistant.activityTooLong", { days: MAX_ACTIVITY_DAYS }, {
      field: ["from", "to"],
    });
  }
  return { from: start, to: end };
}

/**
 * The log for one person, newest first, paged (at most 50 rows). The period is read through the audit
 * table's time index; the rows within it are then matched by connection owner or touched record.
 */
export async function assistantActivity(
  deps: ServiceDeps,
  person: { userId: string; employeeId: string | null; language: string },
  q: ActivityQuery,
): Promise<
  { items: ActivityItem[]; nextOffset: number | null; nextCursor: string | null; from: string; to: string }
> {
  const period = activityPeriod(deps.clock.now(), q);
  const limit = Math.min(50, Math.max(1, Math.trunc(q.limit ?? 50)));
  const offset = Math.max(0, Math.trunc(q.offset ?? 0));
  // Newest first, then id: an assistant's call recorded between two pages moves none.
  const key = decodeCursor(q, ["number", "string"]);
  const concerns = person.employeeId
    ? or(
      eq(mcpAudit.userId, person.userId),
      sql`EXISTS (SELECT 1 FROM json_each(${mcpAudit.recordsTouched}) WHERE json_each.value = ${person.employeeId})`,
    )
    : eq(mcpAudit.userId, person.userId);
  const rows = await deps.db.select({
    at: mcpAudit.createdAt,
    kind: mcpAudit.kind,
    name: mcpAudit.name,
    outcome: mcpAudit.outcome,
    userId: mcpAudit.userId,
    clientId: mcpAudit.clientId,
    id: mcpAudit.id,
    assistant: oauthClients.name,
    role: users.role,
  }).from(mcpAudit)
    .leftJoin(oauthClients, eq(oauthClients.id, mcpAudit.clientId))
    .leftJoin(users, eq(users.id, mcpAudit.userId))
    .where(and(
      gte(mcpAudit.createdAt, period.from),
      lt(mcpAudit.createdAt, period.to),
      q.clientId ? eq(mcpAudit.clientId, q.clientId) : undefined,
      concerns,
      key ? sql`(${mcpAudit.createdAt}, ${mcpAudit.id}) < (${key[0]}, ${key[1]})` : undefined,
    ))
    .orderBy(desc(mcpAudit.createdAt), desc(mcpAudit.id))
    .limit(limit + 1).offset(offset);
  const t = ACTIVITY_TEXTS[langOr(person.language)];
  const items = rows.slice(0, limit).map((r): ActivityItem => {
    const actor = actorOf(person.userId, r.userId, r.role);
    const area = activityArea(r.kind, r.name);
    const action = activityAction(r.kind, r.name);
    const outcome = r.outcome === "ok" || r.outcome === "replayed"
      ? "ok"
      : r.outcome === "error"
      ? "error"
      : "refused";
    const assistant = r.assistant ?? "?";
    const sentence = t.sentence[action][actor === "self" ? "self" : "other"];
    let text = fill(sentence, { assistant, actor: t.actors[actor], area: t.areas[area] });
    if (outcome !== "ok") text += ` ${t.refused}`;
    return { at: r.at, assistant, clientId: r.clientId, actor, area, action, outcome, text };
  });
  return {
    items,
    nextOffset: rows.length > limit && !key ? offset + limit : null,
    nextCursor: rows.length > limit ? encodeCursor([rows[limit - 1].at, rows[limit - 1].id]) : null,
    from: new Date(period.from).toISOString().slice(0, 10),
    to: new Date(period.to - DAY_MS).toISOString().slice(0, 10),
  };
}

/**
 * For each of the person's own connections (live or not) that was used in the period: how many different
 * person records it touched, and the days it was recorded as an export (50 or more people in a day).
 */
export async function ownConnectionCounts(
  deps: ServiceDeps,
  userId: string,
  q: Pick<ActivityQuery, "from" | "to">,
): Promise<ConnectionCounts[]> {
  const period = activityPeriod(deps.clock.now(), q);
  const fromDay = new Date(period.from).toISOString().slice(0, 10);
  const toDay = new Date(period.to - DAY_MS).toISOString().slice(0, 10);
  const conns = await deps.db.select({
    id: oauthConnections.id,
    clientId: oauthConnections.clientId,
    assistant: oauthClients.name,
  }).from(oauthConnections)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthConnections.clientId))
    .where(eq(oauthConnections.userId, userId))
    .orderBy(desc(oauthConnections.createdAt)).limit(50);
  const out: ConnectionCounts[] = [];
  for (const c of conns) {
    const [touched] = await deps.db.select({ n: sql<number>`count(DISTINCT ${personTouches.employeeId})` })
      .from(personTouches)
      .where(and(
        eq(personTouches.connectionId, c.id),
        gte(personTouches.day, fromDay),
        sql`${personTouches.day} <= ${toDay}`,
      ));
    const exports = await deps.db.select({ day: exportRecords.day, personCount: exportRecords.personCount })
      .from(exportRecords)
      .where(and(
        eq(exportRecords.connectionId, c.id),
        gte(exportRecords.day, fromDay),
        sql`${exportRecords.day} <= ${toDay}`,
      ))
      .orderBy(exportRecords.day);
    if (!touched?.n && !exports.length) continue;
    out.push({
      connectionId: c.id,
      clientId: c.clientId,
      assistant: c.assistant,
      personRecordsTouched: Number(touched?.n ?? 0),
      exportDays: exports,
    });
  }
  return out;
}
