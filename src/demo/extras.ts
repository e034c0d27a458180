/**
 * The rest of the demo story: the future joiner's onboarding plan (owned by the demo manager), the to-dos
 * that drive the summary badge (a missing document, a feedback draft, an open survey), two expense reports
 * awaiting the manager, and a few notifications, one about a request filed through an assistant.
 */
import { addDays } from "../domain/calendar.ts";
import * as s from "../db/schema/mod.ts";
import type { DemoContext } from "./context.ts";
import type { LeaveRequestFiled } from "./leave.ts";
import { KEY } from "./org.ts";
import { at } from "./util.ts";

type Phase = "BEFORE_START" | "FIRST_DAY" | "FIRST_WEEK" | "FIRST_MONTH" | "PROBATION";

/** Adds onboarding, to-dos, expenses and notifications. */
export function buildExtras(ctx: DemoContext, leave: LeaveRequestFiled[]): void {
  const day = 86_400_000;
  const demo = ctx.person(KEY.demo);
  const manager = ctx.person(KEY.manager);

  // Onboarding: the future joiner's open plan, and the completed plan of this year's joiner.
  const joiner = ctx.person(KEY.futureJoiner);
  const start = joiner.employmentStart;
  const planId = ctx.ids.next("onboarding");
  ctx.rows.add(s.onboardingPlans, {
    id: planId,
    employeeId: joiner.id,
    startDate: start,
    status: "OPEN",
    ownerEmployeeId: manager.id,
    createdAt: ctx.now - 10 * day,
  });
  const tasks: [Phase, string, number, string, boolean, ("PORTAL" | "ASSISTANT")?][] = [
    ["BEFORE_START", "Willkommensmail mit Infos zum ersten Tag senden", -10, KEY.manager, true],
    ["BEFORE_START", "Laptop und Zubehör bestellen", -14, KEY.admin, true],
    ["BEFORE_START", "Zugänge einrichten (E-Mail, Git, VPN)", -3, KEY.admin, false],
    ["FIRST_DAY", "Begrüssung und Rundgang durch das Büro Bern", 0, KEY.manager, false],
    ["FIRST_DAY", "Arbeitsplatz, Badge und Laptop übergeben", 0, KEY.admin, false],
    ["FIRST_WEEK", "Einführung in die Plattform-Architektur (Buddy)", 2, KEY.demo, false],
    ["FIRST_WEEK", "Mittagessen mit dem Team", 3, KEY.manager, false, "ASSISTANT"],
    ["FIRST_MONTH", "Erste Änderung produktiv ausliefern", 18, KEY.futureJoiner, false],
    ["FIRST_MONTH", "Feedbackgespräch nach dem ersten Monat", 28, KEY.manager, false],
    ["PROBATION", "Probezeitgespräch", 80, KEY.manager, false],
  ];
  tasks.forEach(([phase, title, offset, assignee, done, channel], i) => {
    ctx.rows.add(s.onboardingTasks, {
      id: ctx.ids.next("onboardingtask"),
      planId,
      title,
      phase,
      dueDate: addDays(start, offset),
      assigneeEmployeeId: ctx.person(assignee).id,
      sortOrder: i + 1,
      done,
      doneAt: done ? ctx.now - 2 * day : null,
      createdByUserId: ctx.user("manager"),
      channel: channel ?? "PORTAL",
      createdAt: ctx.now - (channel ? 1 : 10) * day,
    });
  });
  const joined = ctx.person(KEY.joinedThisYear);
  const donePlan = ctx.ids.next("onboarding");
  ctx.rows.add(s.onboardingPlans, {
    id: donePlan,
    employeeId: joined.id,
    startDate: joined.employmentStart,
    status: "COMPLETED",
    ownerEmployeeId: ctx.person("P007").id,
    createdAt: at(joined.employmentStart) - 20 * day,
  });
  (["Laptop bestellen", "Begrüssung im Team", "Feedbackgespräch nach dem ersten Monat"] as const).forEach(
    (title, i) => {
      const due = addDays(joined.employmentStart, [-7, 0, 28][i]);
      ctx.rows.add(s.onboardingTasks, {
        id: ctx.ids.next("onboardingtask"),
        planId: donePlan,
        title,
        phase: (["BEFORE_START", "FIRST_DAY", "FIRST_MONTH"] as const)[i],
        dueDate: due,
        assigneeEmployeeId: ctx.person("P007").id,
        sortOrder: i + 1,
        done: true,
        doneAt: Math.min(ctx.now, at(due, 15)),
        channel: "PORTAL",
        createdAt: at(joined.employmentStart) - 20 * day,
      });
    },
  );

  // To-dos.
  const doc = (key: string, kind: string, status: "MISSING" | "RECEIVED", due: string | null) =>
    ctx.rows.add(s.requiredDocuments, {
      id: ctx.ids.next("requireddoc"),
      employeeId: ctx.person(key).id,
      kind,
      status,
      dueDate: due,
      createdAt: ctx.now - 20 * day,
    });
  doc(KEY.demo, "Diplomkopie", "MISSING", addDays(ctx.today, 14));
  doc(KEY.demo, "Arbeitsvertrag (unterschrieben)", "RECEIVED", null);
  doc(KEY.futureJoiner, "Kopie Ausweis", "MISSING", addDays(start, -7));
  doc(KEY.futureJoiner, "AHV-Ausweis", "MISSING", addDays(start, -7));
  doc(KEY.joinedThisYear, "Arbeitsbewilligung", "RECEIVED", null);

  const cycle = `${ctx.year}-H2`;
  ctx.rows.add(
    s.feedbackDrafts,
    {
      id: ctx.ids.next("feedback"),
      authorEmployeeId: demo.id,
      subjectEmployeeId: ctx.person("P014").id,
      cycle,
      status: "DRAFT",
      updatedAt: ctx.now - 2 * day,
    },
    {
      id: ctx.ids.next("feedback"),
      authorEmployeeId: ctx.person("P015").id,
      subjectEmployeeId: demo.id,
      cycle,
      status: "SUBMITTED",
      updatedAt: ctx.now - 5 * day,
    },
  );

  const survey = (key: string, title: string, status: "OPEN" | "COMPLETED" | "EXPIRED", due: string) =>
    ctx.rows.add(s.surveyInvitations, {
      id: ctx.ids.next("survey"),
      employeeId: ctx.person(key).id,
      surveyTitle: title,
      status,
      dueDate: due,
      createdAt: at(addDays(due, -21)),
    });
  survey(KEY.demo, `Mitarbeitendenumfrage ${ctx.year}`, "OPEN", addDays(ctx.today, 14));
  survey(KEY.demo, `Pulsumfrage Frühling ${ctx.year}`, "COMPLETED", `${ctx.year}-04-30`);
  survey("P014", `Mitarbeitendenumfrage ${ctx.year}`, "OPEN", addDays(ctx.today, 14));
  survey("P016", `Pulsumfrage Frühling ${ctx.year}`, "EXPIRED", `${ctx.year}-04-30`);

  // Expenses: two submitted reports await the demo manager.
  const expense = (
    key: string,
    title: string,
    total: number,
    status: "DRAFT" | "SUBMITTED" | "APPROVED",
    ago: number,
  ) => {
    const id = ctx.ids.next("expense");
    ctx.rows.add(s.expenseReports, {
      id,
      employeeId: ctx.person(key).id,
      title,
      totalAmount: total,
      currency: "CHF",
      status,
      approverEmployeeId: manager.id,
      submittedAt: status === "DRAFT" ? null : ctx.now - ago * day,
      decidedAt: status === "APPROVED" ? ctx.now - (ago - 2) * day : null,
      createdAt: ctx.now - (ago + 1) * day,
    });
    return id;
  };
  expense(KEY.demo, "Swiss DevOps Day (Konferenz)", 486.4, "SUBMITTED", 3);
  expense("P014", "Kundenbesuch Zürich", 132.8, "SUBMITTED", 1);
  expense("P015", "Fachbuch Site Reliability", 59, "APPROVED", 20);
  expense(KEY.demo, "Bahnbillett Lausanne", 64, "DRAFT", 0);

  // Notifications.
  const viaAssistant = leave.find((r) =>
    r.employeeKey === KEY.demo && r.status === "AWAITING_APPROVAL" &&
    r.code === "COMPENSATION"
  );
  const awaiting = leave.find((r) =>
    r.employeeKey === KEY.demo && r.status === "AWAITING_APPROVAL" &&
    r.code === "VACATION"
  );
  const approved = leave.find((r) =>
    r.employeeKey === KEY.demo && r.status === "APPROVED" && r.startDate > ctx.today
  );
  const notify = (
    to: string,
    kind: string,
    payload: Record<string, unknown>,
    channel: "PORTAL" | "ASSISTANT",
    createdAt: number,
    read: boolean,
  ) =>
    ctx.rows.add(s.notifications, {
      id: ctx.ids.next("notification"),
      recipientEmployeeId: to,
      kind,
      payload: JSON.stringify(payload),
      channel,
      readAt: read ? Math.min(ctx.now, createdAt + 3_600_000) : null,
      createdAt,
    });
  const minute = 60_000;
  if (viaAssistant) {
    const payload = { leaveRequestId: viaAssistant.id, employeeId: demo.id, viaAssistant: true };
    notify(
      manager.id,
      "LEAVE_REQUEST_FILED",
      payload,
      "ASSISTANT",
      viaAssistant.createdAt + minute,
      false,
    );
  }
  if (awaiting) {
    const payload = { leaveRequestId: awaiting.id, employeeId: demo.id, viaAssistant: false };
    notify(manager.id, "LEAVE_REQUEST_FILED", payload, "PORTAL", awaiting.createdAt + minute, true);
  }
  if (approved) {
    const payload = {
      leaveRequestId: approved.id,
      status: "APPROVED",
      cancellation: false,
      viaAssistant: false,
    };
    notify(demo.id, "LEAVE_REQUEST_DECIDED", payload, "PORTAL", approved.createdAt + day, true);
  }
}
