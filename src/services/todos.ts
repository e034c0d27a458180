/**
 * What lies behind the home screen's to-do badge (`todos` of the summary), and the person's notification
 * inbox. Each list counts exactly what the summary counts, with the same conditions, so the badge and the
 * lists cannot disagree (a test compares them for every demo employee).
 */
import type { NotificationKind } from "../domain/notifications.ts";
import { notificationText } from "../i18n/push.ts";
import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from "drizzle-orm";
import {
  employees,
  feedbackDrafts,
  notifications,
  onboardingPlans,
  onboardingTasks,
  requiredDocuments,
  surveyInvitations,
} from "../db/schema/mod.ts";
import { refusal } from "../errors.ts";
import type { MessageId } from "../i18n/messages/mod.ts";
import type { Actor } from "./actor.ts";
import {
  decodeCursor,
  DEFAULT_TIME_ZONE,
  encodeCursor,
  iso,
  MAX_ROWS,
  pageOf,
  type Q,
  selfId,
  type ServiceDeps,
  todayOf,
  writeTx,
} from "./common.ts";
import {
  changedAfter,
  FULL_SYNC,
  recordRemoved,
  removedSince,
  SYNC_MARGIN_MS,
  syncPage,
  syncStart,
} from "./sync.ts";
import { addDays } from "../domain/calendar.ts";
import { localInstants } from "../domain/time.ts";
import { prepared } from "../db/prepared.ts";
import { readRow } from "../db/local.ts";
import { jsonRows } from "./json_rows.ts";
import { markTaskDone } from "./onboarding_plans.ts";
import type { RawStatements } from "../db/raw_sql.ts";

const openPlans = prepared((q: Q) =>
  q.select().from(onboardingPlans)
    .where(and(eq(onboardingPlans.employeeId, sql.placeholder("me")), eq(onboardingPlans.status, "OPEN")))
);

/**
 * The to-dos that appeared or changed at or after `updatedSince`, in the four groups, and in `deleted` those
 * that left the list since: a draft sent (its `updatedAt`) or discarded, an invitation answered or declined
 * (remembered when settled) or past its due date (from the start of the next local day), a task done (its
 * `doneAt`) or its plan closed (remembered), a document received (its `receivedAt`). A derived list: its
 * rows' change instants are those of the records behind them. One page (each group is small).
 */
async function changedTodos(deps: ServiceDeps, me: string, input: { updatedSince: number }) {
  const { since } = syncStart(deps, input);
  const today = todayOf(deps);
  const zone = deps.config?.timeZone ?? DEFAULT_TIME_ZONE;
  const drafts = await deps.db.select({
    id: feedbackDrafts.id,
    cycle: feedbackDrafts.cycle,
    status: feedbackDrafts.status,
    updatedAt: feedbackDrafts.updatedAt,
    subjectFirst: employees.firstName,
    subjectLast: employees.lastName,
  }).from(feedbackDrafts).leftJoin(employees, eq(employees.id, feedbackDrafts.subjectEmployeeId))
    .where(and(eq(feedbackDrafts.authorEmployeeId, me), gte(feedbackDrafts.updatedAt, since)))
    .orderBy(asc(feedbackDrafts.updatedAt), asc(feedbackDrafts.id));
  const surveys = await deps.db.select().from(surveyInvitations).where(and(
    eq(surveyInvitations.employeeId, me),
    eq(surveyInvitations.status, "OPEN"),
  )).orderBy(asc(surveyInvitations.dueDate), asc(surveyInvitations.id));
  const tasks = await deps.db.select({ task: onboardingTasks, planStatus: onboardingPlans.status })
    .from(onboardingTasks).innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
    .where(and(
      eq(onboardingPlans.employeeId, me),
      or(gte(onboardingTasks.createdAt, since), gte(onboardingTasks.doneAt, since)),
    )).orderBy(asc(onboardingTasks.dueDate), asc(onboardingTasks.sortOrder), asc(onboardingTasks.id));
  const documents = await deps.db.select().from(requiredDocuments).where(and(
    eq(requiredDocuments.employeeId, me),
    or(gte(requiredDocuments.createdAt, since), gte(requiredDocuments.receivedAt, since)),
  )).orderBy(asc(requiredDocuments.dueDate), asc(requiredDocuments.id));
  const [plan] = await openPlans(deps.db).all({ me });

  const left: { id: string; deletedAt: number }[] = since === FULL_SYNC
    ? []
    : await removedSince(deps.db, me, "TODO", since);
  const openSurveys: typeof surveys = [];
  for (const s of surveys) {
    const expiredAt = s.dueDate !== null && s.dueDate < today
      ? localInstants(addDays(s.dueDate, 1), 0, zone)[0] ?? 0
      : null;
    if (expiredAt === null) {
      if (s.createdAt >= since) openSurveys.push(s);
    } else if (since !== FULL_SYNC && expiredAt >= since) left.push({ id: s.id, deletedAt: expiredAt });
  }
  if (since !== FULL_SYNC) {
    for (const d of drafts) if (d.status !== "DRAFT") left.push({ id: d.id, deletedAt: d.updatedAt });
    for (const t of tasks) if (t.task.done) left.push({ id: t.task.id, deletedAt: t.task.doneAt ?? since });
    for (const d of documents) {
      if (d.status !== "MISSING") left.push({ id: d.id, deletedAt: d.receivedAt ?? since });
    }
  }
  const open = tasks.filter((t) => !t.task.done && t.planStatus === "OPEN").map((t) => t.task);
  const gone = new Map<string, number>();
  for (const l of left) gone.set(l.id, Math.max(gone.get(l.id) ?? 0, l.deletedAt));
  return {
    feedbackDrafts: drafts.filter((d) => d.status === "DRAFT").map((d) => ({
      id: d.id,
      cycle: d.cycle,
      about: d.subjectFirst ? `${d.subjectFirst} ${d.subjectLast}` : null,
      updatedAt: iso(d.updatedAt),
    })),
    surveyInvitations: openSurveys.map((s) => ({ id: s.id, title: s.surveyTitle, dueDate: s.dueDate })),
    onboarding: {
      open: plan !== undefined,
      tasks: open.map((t) => ({
        id: t.id,
        title: t.title,
        phase: t.phase,
        dueDate: t.dueDate,
        mine: t.assigneeEmployeeId === null || t.assigneeEmployeeId === me,
      })),
    },
    documentsMissing: documents.filter((d) => d.status === "MISSING").map((d) => ({
      id: d.id,
      kind: d.kind,
      dueDate: d.dueDate,
    })),
    deleted: [...gone].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
      .map(([id, at]) => ({ id, deletedAt: iso(at) })),
    nextUpdatedSince: iso(Math.max(since, deps.clock.now() - SYNC_MARGIN_MS)),
  };
}

/**
 * The person's open to-dos, in the four groups the summary counts; with `updatedSince` only what changed
 * since and what left the list (`changedTodos`).
 */
export async function listTodos(deps: ServiceDeps, actor: Actor, input: { updatedSince?: number } = {}) {
  const me = selfId(actor);
  if (input.updatedSince !== undefined) {
    return await changedTodos(deps, me, { updatedSince: input.updatedSince });
  }
  const row = (await readRow(deps.db.$client, OPEN_TODOS_SQL, { me, today: todayOf(deps) }))!;
  return {
    feedbackDrafts: jsonRows<[string, string, number, string | null, string | null]>(row.drafts).map((
      [id, cycle, updatedAt, subjectFirst, subjectLast],
    ) => ({
      id,
      cycle,
      about: subjectFirst ? `${subjectFirst} ${subjectLast}` : null,
      updatedAt: iso(updatedAt),
    })),
    surveyInvitations: jsonRows<[string, string, string | null]>(row.surveys).map(([id, title, dueDate]) => ({
      id,
      title,
      dueDate,
    })),
    onboarding: {
      open: (row.plans as number) > 0,
      tasks: jsonRows<[string, string, string, string | null, string | null]>(row.tasks).map((
        [id, title, phase, dueDate, assignee],
      ) => ({ id, title, phase, dueDate, mine: assignee === null || assignee === me })),
    },
    documentsMissing: jsonRows<[string, string, string | null]>(row.documents).map(([id, kind, dueDate]) => ({
      id,
      kind,
      dueDate,
    })),
  };
}

/**
 * The person's open to-dos in ONE statement of JSON lists (json_rows.ts) instead of a query per group: the
 * feedback drafts (newest change first), the open invitations not past their due date, the open plans and
 * their tasks not done, the missing documents (each soonest due first, at most 50), with only the columns
 * the answer shows.
 */
const OPEN_TODOS_SQL = `SELECT
  (SELECT json_group_array(json_array(id, cycle, updated_at, subject_first, subject_last))
    FROM (SELECT f.id, f.cycle, f.updated_at, e.first_name AS subject_first, e.last_name AS subject_last
      FROM feedback_drafts f LEFT JOIN employees e ON e.id = f.subject_employee_id
      WHERE f.author_employee_id = :me AND f.status = 'DRAFT' ORDER BY f.updated_at DESC LIMIT ${MAX_ROWS}))
    AS drafts,
  (SELECT json_group_array(json_array(id, survey_title, due_date))
    FROM (SELECT id, survey_title, due_date FROM survey_invitations WHERE employee_id = :me AND status = 'OPEN'
      AND (due_date IS NULL OR due_date >= :today) ORDER BY due_date ASC LIMIT ${MAX_ROWS})) AS surveys,
  (SELECT count(*) FROM onboarding_plans WHERE employee_id = :me AND status = 'OPEN') AS plans,
  (SELECT json_group_array(json_array(id, title, phase, due_date, assignee_employee_id))
    FROM (SELECT id, title, phase, due_date, assignee_employee_id FROM onboarding_tasks
      WHERE plan_id IN (SELECT id FROM onboarding_plans WHERE employee_id = :me AND status = 'OPEN')
      AND done = 0 ORDER BY due_date ASC, sort_order ASC LIMIT ${MAX_ROWS})) AS tasks,
  (SELECT json_group_array(json_array(id, kind, due_date))
    FROM (SELECT id, kind, due_date FROM required_documents WHERE employee_id = :me AND status = 'MISSING'
      ORDER BY due_date ASC LIMIT ${MAX_ROWS})) AS documents`;

/**
 * Marks one of the person's own onboarding tasks done (a task of their own open plan assigned to them or to
 * nobody). When the last open task of the plan is done, the plan is completed.
 */
export async function completeOnboardingTask(deps: ServiceDeps, actor: Actor, taskId: string) {
  const me = selfId(actor);
  const now = deps.clock.now();
  return await deps.db.transaction(async (tx) => {
    const [row] = await tx.select({ task: onboardingTasks, plan: onboardingPlans }).from(onboardingTasks)
      .innerJoin(onboardingPlans, eq(onboardingPlans.id, onboardingTasks.planId))
      .where(and(eq(onboardingTasks.id, taskId), eq(onboardingPlans.employeeId, me))).limit(1);
    if (!row) throw refusal("not_found", "todo.noTask");
    if (row.task.assigneeEmployeeId !== null && row.task.assigneeEmployeeId !== me) {
      throw refusal("forbidden", "todo.taskForSomeoneElse");
    }
    return await markTaskDone(tx, row.task, now);
  });
}

/** Deletes one of the person's own unsent feedback drafts (the to-do goes with it). */
export async function discardFeedbackDraft(deps: ServiceDeps, actor: Actor, draftId: string) {
  const me = selfId(actor);
  const gone = await writeTx(deps, async (tx) => {
    const rows = await tx.delete(feedbackDrafts).where(and(
      eq(feedbackDrafts.id, draftId),
      eq(feedbackDrafts.authorEmployeeId, me),
      eq(feedbackDrafts.status, "DRAFT"),
    )).returning({ id: feedbackDrafts.id });
    // The to-do leaves the app's offline copy at its next sync (`updatedSince`).
    await recordRemoved(tx, {
      employeeId: me,
      list: "TODO",
      rowIds: rows.map((r) => r.id),
      now: deps.clock.now(),
    });
    return rows;
  });
  if (!gone.length) throw refusal("not_found", "todo.noDraft");
  return { id: draftId, discarded: true as const };
}

/**
 * Sends one of the person's own feedback drafts: it becomes SUBMITTED and leaves the to-dos. Someone else's
 * draft reads as unknown (404); one already sent is a conflict (409).
 */
export async function submitFeedbackDraft(deps: ServiceDeps, actor: Actor, draftId: string) {
  const me = selfId(actor);
  const now = deps.clock.now();
  const mine = and(eq(feedbackDrafts.id, draftId), eq(feedbackDrafts.authorEmployeeId, me));
  const sent = await deps.db.update(feedbackDrafts).set({ status: "SUBMITTED", updatedAt: now })
    .where(and(mine, eq(feedbackDrafts.status, "DRAFT"))).returning({ id: feedbackDrafts.id });
  if (!sent.length) {
    const [row] = await deps.db.select({ id: feedbackDrafts.id }).from(feedbackDrafts).where(mine).limit(1);
    throw row ? refusal("conflict", "todo.draftAlreadySent") : refusal("not_found", "todo.noDraft");
  }
  return { id: draftId, status: "SUBMITTED" as const, submittedAt: iso(now) };
}

/** How a refusal names the state of a settled survey invitation. */
const SURVEY_STATUS: Record<string, MessageId> = {
  COMPLETED: "todo.surveyAnswered",
  DECLINED: "todo.surveyDeclined",
  EXPIRED: "todo.surveyExpired",
};

/** What the person did with a survey invitation, and the state the invitation takes. */
export const SURVEY_OUTCOMES = { ANSWERED: "COMPLETED", DECLINED: "DECLINED" } as const;

/**
 * Settles one of the person's open survey invitations: answered (the survey itself lives with the tool that
 * runs it; the app marks it answered when the person comes back) or declined. Either way it leaves the
 * to-dos. An invitation past its due date, or already settled, is a conflict (409).
 */
export async function settleSurveyInvitation(
  deps: ServiceDeps,
  actor: Actor,
  input: { id: string; outcome: keyof typeof SURVEY_OUTCOMES },
) {
  const me = selfId(actor);
  const today = todayOf(deps);
  const mine = and(eq(surveyInvitations.id, input.id), eq(surveyInvitations.employeeId, me));
  const status = SURVEY_OUTCOMES[input.outcome];
  const done = await writeTx(deps, async (tx) => {
    const rows = await tx.update(surveyInvitations).set({ status }).where(and(
      mine,
      eq(surveyInvitations.status, "OPEN"),
      or(isNull(surveyInvitations.dueDate), gte(surveyInvitations.dueDate, today)),
    )).returning({ id: surveyInvitations.id });
    // An invitation keeps no instant of its answer: the to-do's leaving is remembered for the app's sync.
    await recordRemoved(tx, {
      employeeId: me,
      list: "TODO",
      rowIds: rows.map((r) => r.id),
      now: deps.clock.now(),
    });
    return rows;
  });
  if (!done.length) {
    const [row] = await deps.db.select().from(surveyInvitations).where(mine).limit(1);
    if (!row) throw refusal("not_found", "todo.noSurvey");
    if (row.status === "OPEN") throw refusal("conflict", "todo.surveyClosed", { date: row.dueDate! });
    const said = SURVEY_STATUS[row.status];
    throw refusal("conflict", "todo.surveyAlreadySettled", { status: said ? { id: said } : row.status });
  }
  return { id: input.id, status };
}

/** A notification as the inbox shows it, in the reader's language. */
function notificationView(lang: Actor["language"], n: typeof notifications.$inferSelect) {
  const payload = JSON.parse(n.payload) as Record<string, unknown>;
  return {
    id: n.id,
    // Written only by `notify`, which takes no kind outside the list.
    kind: n.kind as NotificationKind,
    text: notificationText(lang, n.kind, payload),
    payload,
    viaAssistant: n.channel === "ASSISTANT",
    createdAt: iso(n.createdAt),
    readAt: n.readAt === null ? null : iso(n.readAt),
  };
}

/** A notification changes when it arrives and when it is read (it is read once, never unread again). */
const notificationChange = sql<number>`coalesce(${notifications.readAt}, ${notifications.createdAt})`;

/**
 * The person's notifications that arrived or were read at or after `updatedSince`, oldest change first, and
 * those deleted since (an applicant's notifications go with the application at the end of its retention).
 */
async function changedNotifications(
  deps: ServiceDeps,
  actor: Actor,
  me: string,
  q: { unread?: boolean; limit?: number; offset?: number; cursor?: string; updatedSince: number },
) {
  const page = pageOf(q);
  const { since, cursor } = syncStart(deps, q);
  const rows = await deps.db.select().from(notifications).where(and(
    eq(notifications.recipientEmployeeId, me),
    q.unread ? isNull(notifications.readAt) : undefined,
    ...changedAfter(notificationChange, notifications.id, since, cursor),
  )).orderBy(asc(notificationChange), asc(notifications.id)).limit(page.limit + 1).offset(page.offset);
  const [unread] = await deps.db.select({ n: sql<number>`count(*)` }).from(notifications)
    .where(and(eq(notifications.recipientEmployeeId, me), isNull(notifications.readAt)));
  const synced = await syncPage(
    deps,
    { since, fromCursor: cursor !== null, page },
    rows,
    (shown) => shown.map((n) => notificationView(actor.language, n)),
    (n) => [n.readAt ?? n.createdAt, n.id],
    () => removedSince(deps.db, me, "NOTIFICATION", since),
  );
  return { ...synced, unreadCount: Number(unread.n) };
}

/** The person's notifications, newest first, paged; `unread` only those not yet read. */
export async function listNotifications(
  deps: ServiceDeps,
  actor: Actor,
  q: { unread?: boolean; limit?: number; offset?: number; cursor?: string; updatedSince?: number },
) {
  const me = selfId(actor);
  if (q.updatedSince !== undefined) {
    return await changedNotifications(deps, actor, me, { ...q, updatedSince: q.updatedSince });
  }
  const limit = Math.min(MAX_ROWS, Math.max(1, q.limit ?? MAX_ROWS));
  const offset = Math.max(0, q.offset ?? 0);
  const cursor = decodeCursor(q, ["number", "string"]);
  const where = and(
    eq(notifications.recipientEmployeeId, me),
    q.unread ? isNull(notifications.readAt) : undefined,
    // After the cursor's notification, newest first (instant, then id: no two tie).
    cursor
      ? sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor[0]}, ${cursor[1]})`
      : undefined,
  );
  const rows = await deps.db.select().from(notifications).where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit + 1).offset(offset);
  const last = rows.slice(0, limit).at(-1);
  const [unread] = await deps.db.select({ n: sql<number>`count(*)` }).from(notifications)
    .where(and(eq(notifications.recipientEmployeeId, me), isNull(notifications.readAt)));
  return {
    items: rows.slice(0, limit).map((n) => notificationView(actor.language, n)),
    unreadCount: Number(unread.n),
    limit,
    offset,
    nextOffset: rows.length > limit && !cursor ? offset + limit : null,
    nextCursor: rows.length > limit && last ? encodeCursor([last.createdAt, last.id]) : null,
  };
}

/** Marks the given notifications of the person (or all of them) read; returns how many changed. */
export async function markNotificationsRead(
  deps: ServiceDeps,
  actor: Actor,
  ids: string[] | "all",
): Promise<{ marked: number }> {
  const me = selfId(actor);
  const base = and(eq(notifications.recipientEmployeeId, me), isNull(notifications.readAt));
  const rows = await deps.db.update(notifications).set({ readAt: deps.clock.now() })
    .where(ids === "all" ? base : and(base, inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return { marked: rows.length };
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { OPEN_TODOS_SQL };
