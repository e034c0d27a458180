/**
 * What lies behind the home screen's to-do badge (`todos` of the summary), and the person's notification
 * inbox. Each list counts exactly what the summary counts, with the same conditions, so the badge and the
 * lists cannot disagree (a test compares them for every demo employee).
 */
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
  encodeCursor,
  iso,
  MAX_ROWS,
  type Q,
  selfId,
  type ServiceDeps,
  todayOf,
} from "./common.ts";
import { prepared } from "../db/prepared.ts";
import { markTaskDone } from "./onboarding_plans.ts";

const openFeedbackDrafts = prepared((q: Q) =>
  q.select({
    id: feedbackDrafts.id,
    cycle: feedbackDrafts.cycle,
    updatedAt: feedbackDrafts.updatedAt,
    subjectFirst: employees.firstName,
    subjectLast: employees.lastName,
  }).from(feedbackDrafts).leftJoin(employees, eq(employees.id, feedbackDrafts.subjectEmployeeId))
    .where(
      and(eq(feedbackDrafts.authorEmployeeId, sql.placeholder("me")), eq(feedbackDrafts.status, "DRAFT")),
    )
    .orderBy(desc(feedbackDrafts.updatedAt)).limit(MAX_ROWS)
);

const openSurveys = prepared((q: Q) =>
  q.select().from(surveyInvitations).where(and(
    eq(surveyInvitations.employeeId, sql.placeholder("me")),
    eq(surveyInvitations.status, "OPEN"),
    or(isNull(surveyInvitations.dueDate), gte(surveyInvitations.dueDate, sql.placeholder("today"))),
  )).orderBy(asc(surveyInvitations.dueDate)).limit(MAX_ROWS)
);

const openPlans = prepared((q: Q) =>
  q.select().from(onboardingPlans)
    .where(and(eq(onboardingPlans.employeeId, sql.placeholder("me")), eq(onboardingPlans.status, "OPEN")))
);

const missingDocuments = prepared((q: Q) =>
  q.select().from(requiredDocuments)
    .where(
      and(eq(requiredDocuments.employeeId, sql.placeholder("me")), eq(requiredDocuments.status, "MISSING")),
    )
    .orderBy(asc(requiredDocuments.dueDate)).limit(MAX_ROWS)
);

/** The person's open to-dos, in the four groups the summary counts. */
export async function listTodos(deps: ServiceDeps, actor: Actor) {
  const me = selfId(actor);
  const today = todayOf(deps);
  const drafts = await openFeedbackDrafts(deps.db).all({ me });
  const surveys = await openSurveys(deps.db).all({ me, today });
  const plans = await openPlans(deps.db).all({ me });
  const tasks = plans.length
    ? await deps.db.select().from(onboardingTasks).where(and(
      inArray(onboardingTasks.planId, plans.map((p) => p.id)),
      eq(onboardingTasks.done, false),
    )).orderBy(asc(onboardingTasks.dueDate), asc(onboardingTasks.sortOrder)).limit(MAX_ROWS)
    : [];
  const documents = await missingDocuments(deps.db).all({ me });
  return {
    feedbackDrafts: drafts.map((d) => ({
      id: d.id,
      cycle: d.cycle,
      about: d.subjectFirst ? `${d.subjectFirst} ${d.subjectLast}` : null,
      updatedAt: iso(d.updatedAt),
    })),
    surveyInvitations: surveys.map((s) => ({ id: s.id, title: s.surveyTitle, dueDate: s.dueDate })),
    onboarding: {
      open: plans.length > 0,
      tasks: tasks.map((t) => ({
        id: t.id,
        title: t.title,
        phase: t.phase,
        dueDate: t.dueDate,
        mine: t.assigneeEmployeeId === null || t.assigneeEmployeeId === me,
      })),
    },
    documentsMissing: documents.map((d) => ({ id: d.id, kind: d.kind, dueDate: d.dueDate })),
  };
}

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
  const gone = await deps.db.delete(feedbackDrafts).where(and(
    eq(feedbackDrafts.id, draftId),
    eq(feedbackDrafts.authorEmployeeId, me),
    eq(feedbackDrafts.status, "DRAFT"),
  )).returning({ id: feedbackDrafts.id });
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
  const done = await deps.db.update(surveyInvitations).set({ status }).where(and(
    mine,
    eq(surveyInvitations.status, "OPEN"),
    or(isNull(surveyInvitations.dueDate), gte(surveyInvitations.dueDate, today)),
  )).returning({ id: surveyInvitations.id });
  if (!done.length) {
    const [row] = await deps.db.select().from(surveyInvitations).where(mine).limit(1);
    if (!row) throw refusal("not_found", "todo.noSurvey");
    if (row.status === "OPEN") throw refusal("conflict", "todo.surveyClosed", { date: row.dueDate! });
    const said = SURVEY_STATUS[row.status];
    throw refusal("conflict", "todo.surveyAlreadySettled", { status: said ? { id: said } : row.status });
  }
  return { id: input.id, status };
}

/** The person's notifications, newest first, paged; `unread` only those not yet read. */
export async function listNotifications(
  deps: ServiceDeps,
  actor: Actor,
  q: { unread?: boolean; limit?: number; offset?: number; cursor?: string },
) {
  const me = selfId(actor);
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
    items: rows.slice(0, limit).map((n) => {
      const payload = JSON.parse(n.payload) as Record<string, unknown>;
      return {
        id: n.id,
        kind: n.kind,
        text: notificationText(actor.language, n.kind, payload),
        payload,
        viaAssistant: n.channel === "ASSISTANT",
        createdAt: iso(n.createdAt),
        readAt: n.readAt === null ? null : iso(n.readAt),
      };
    }),
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
