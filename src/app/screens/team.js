// @ts-check
/**
 * Team: who is away (everyone), the team calendar, leave requests and weeks to decide (managers), onboarding
 * and recruiting tasks.
 */
import { call } from "../api.js";
import { card, daysText, h, parts, status } from "../core/dom.js";
import { button, field, handle, values } from "../core/forms.js";
import { canApprove, show, takeFlash } from "../core/router.js";
import { state, t } from "../core/state.js";
import { addDays, formatDate, formatQuantity, formatRange } from "../format.js";

export async function team() {
  if (!canApprove()) return parts(h("h1", null, t("approvals")), takeFlash(), ...await teamExtras());
  const [requests, weeks, extras] = await Promise.all([
    call("GET", "/approvals/leave-requests?limit=20"),
    call("GET", "/approvals/timesheets"),
    teamExtras(),
  ]);
  /**
   * @param {`/approvals/leave-requests/${string}/decision` | `/approvals/timesheets/${string}/${string}/decision`} path
   * @param {string} id
   */
  const decide = (path, id) => {
    const f = handle(
      h(
        "form",
        { id: `decide-${id}`, class: "sub" },
        field(`note-${id}`, t("note"), { type: "text", maxlength: 1000 }),
        h("button", { type: "submit", name: "decision", value: "APPROVE" }, t("approve")),
        h("button", { type: "submit", name: "decision", value: "REJECT", class: "danger" }, t("reject")),
      ),
      async (key, submitter) => {
        const note = values(f)[`note-${id}`];
        await call("POST", path, {
          json: {
            decision: /** @type {"APPROVE" | "REJECT"} */ (submitter?.value ?? "APPROVE"),
            ...(note ? { note } : {}),
          },
          key,
        });
        state.flash = t("decided");
        await show();
      },
    );
    return f;
  };
  return parts(
    h("h1", null, t("approvals")),
    takeFlash(),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-dec" },
      h("h2", { id: "h-dec" }, t("toDecide")),
      requests.items.length
        ? h(
          "ul",
          { class: "list" },
          requests.items.map((it) =>
            h(
              "li",
              { "data-request": it.request.id },
              h("strong", null, it.employee.name),
              it.kind === "LEAVE_CANCELLATION" ? [" ", status("CANCELLATION_REQUESTED")] : null,
              h(
                "p",
                null,
                `${it.request.leaveType.name} · ${formatRange(it.request.startDate, it.request.endDate)} · `,
                daysText(it.request.days),
              ),
              it.request.reason ? h("p", { class: "muted" }, it.request.reason) : null,
              (it.balances ?? []).map((b) =>
                h("p", null, t("balanceAfter", { days: formatQuantity(b.remainingAfter) }, b.remainingAfter))
              ),
              decide(`/approvals/leave-requests/${it.request.id}/decision`, it.request.id),
            )
          ),
        )
        : h("p", null, t("nothingToDecide")),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-wks" },
      h("h2", { id: "h-wks" }, t("weeksToDecide")),
      weeks.items.length
        ? h(
          "ul",
          { class: "list" },
          weeks.items.map((wk) => {
            const id = `${wk.employee.employeeId}-${wk.weekStart}`;
            return h(
              "li",
              null,
              h("strong", null, wk.employee.name),
              h(
                "p",
                null,
                t("weekOf", { from: formatDate(wk.weekStart), to: formatDate(addDays(wk.weekStart, 6)) }),
                " · ",
                t("total", { hours: formatQuantity(wk.totalHours), target: formatQuantity(wk.targetHours) }),
              ),
              decide(`/approvals/timesheets/${wk.employee.employeeId}/${wk.weekStart}/decision`, id),
            );
          }),
        )
        : h("p", null, t("nothingToDecide")),
    ),
    ...extras,
  );
}

/** Absences as a list by start date: a grid of days would not fit a phone. */
/**
 * @param {(import("../api_paths.d.ts").Schema<"TeamAbsence"> | import("../api_paths.d.ts").Schema<"TeamMemberAbsence"> & { status?: undefined })[]} items
 * @param {boolean} withStatus
 */
export function absenceList(items, withStatus) {
  if (!items.length) return h("p", null, t("nobodyAway"));
  return h(
    "ul",
    { class: "list" },
    [...items].sort((a, b) => a.startDate.localeCompare(b.startDate)).map((a) =>
      h(
        "li",
        null,
        h("strong", null, a.name),
        ` · ${formatRange(a.startDate.slice(0, 10), a.endDate?.slice(0, 10))}`,
        withStatus && a.kind ? [" ", h("span", { class: "badge" }, t(`away.${a.kind}`))] : null,
        withStatus && a.status && a.kind !== "SICK" ? [" ", status(a.status)] : null,
      )
    ),
  );
}

/**
 * The company closures or school holidays of the calendar's range, under their heading; nothing when there
 * are none. A school holiday names its canton.
 * @param {string} heading
 * @param {{ name: string, startDate: string, endDate: string, canton?: string }[]} items
 */
export function periodList(heading, items) {
  if (!items.length) return null;
  return [
    h("h3", null, t(heading)),
    h(
      "ul",
      { class: "list", "data-periods": heading },
      items.map((p) =>
        h(
          "li",
          null,
          h("strong", null, p.canton ? `${p.name} (${p.canton})` : p.name),
          ` · ${formatRange(p.startDate, p.endDate)}`,
        )
      ),
    ),
  ];
}

export async function teamExtras() {
  const [away, onboarding, recruiting, calendar] = await Promise.all([
    call("GET", "/employee/team/absences"),
    call("GET", "/approvals/onboarding-tasks"),
    call("GET", "/approvals/recruiting-tasks"),
    canApprove() ? call("GET", "/approvals/team-calendar") : null,
  ]);
  return [
    calendar
      ? card(
        "h-cal",
        t("teamCalendar", { from: formatDate(calendar.from), to: formatDate(calendar.to) }),
        absenceList(calendar.absences, true),
        periodList("closuresInRange", calendar.closures ?? []),
        periodList("schoolHolidaysInRange", calendar.schoolHolidays ?? []),
      )
      : null,
    card(
      "h-away",
      t("whoIsAway", { from: formatDate(away.from), to: formatDate(away.to) }),
      absenceList(away.absences, false),
    ),
    onboarding.items.length
      ? card(
        "h-onb",
        t("newPeopleTasks"),
        h(
          "ul",
          { class: "list" },
          onboarding.items.map((task) =>
            h(
              "li",
              { "data-task": task.id },
              h("strong", null, task.title),
              h(
                "p",
                null,
                t("forPerson", { name: task.person.name, date: formatDate(task.person.startDate) }),
                task.dueDate ? ` · ${t("dueOn", { date: formatDate(task.dueDate) })}` : "",
              ),
              button(`onb-${task.id}`, t("markDone"), async (key) => {
                await call("POST", `/approvals/onboarding-tasks/${task.id}/done`, { key });
                state.flash = t("taskDone");
                await show();
              }),
            )
          ),
        ),
      )
      : null,
    recruiting.items.length
      ? card(
        "h-rec",
        t("recruitingTasks"),
        h(
          "ul",
          { class: "list" },
          recruiting.items.map((task) =>
            h(
              "li",
              { "data-task": task.id },
              h("strong", null, task.title),
              h(
                "p",
                null,
                `${task.application.candidateName} · ${task.application.positionTitle} · ${task.application.stage}`,
              ),
              button(`rec-${task.id}`, t("markDone"), async (key) => {
                await call("POST", `/approvals/recruiting-tasks/${task.id}/done`, { key });
                state.flash = t("taskDone");
                await show();
              }),
            )
          ),
        ),
      )
      : null,
  ];
}
