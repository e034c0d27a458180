// @ts-check
/**
 * Home: the balance, the week, pay, to-dos and the latest requests; kept on the device for offline use
 */
import { call, OfflineError } from "../api.js";
import { card, h, parts } from "../core/dom.js";
import { takeFlash } from "../core/router.js";
import { keptHome, keptSession } from "../core/session.js";
import { HOME_KEY, state, t } from "../core/state.js";
import { formatDate, formatMoment, formatQuantity, localToday, mondayOf } from "../format.js";
import { carriedLines, requestList } from "./leave.js";

/**
 * The week the time screen opens on: the summary's, which is null until the person has logged any time (a
 * new hire), then the browser's current week.
 * @param {{ timesheet: { weekStart: string } | null }} summary
 */
export function weekOf(summary) {
  return summary.timesheet?.weekStart ?? mondayOf(localToday());
}

export async function home() {
  /** @type {{ at: number, summary: any, vacation: any, requests: any[], unread?: number } | null} */
  let data = null;
  let offline = false;
  try {
    const [summary, balances, requests, inbox] = await Promise.all([
      call("GET", "/employee/summary"),
      call("GET", "/employee/leave/balances"),
      call("GET", "/employee/leave/requests?limit=5"),
      call("GET", "/employee/notifications?unread=true&limit=1"),
    ]);
    const vacation = balances.balances.find((b) => b.leaveType.code === "VACATION") ?? null;
    data = { at: Date.now(), summary, vacation, requests: requests.items, unread: inbox.unreadCount };
    const session = keptSession();
    if (session) localStorage.setItem(HOME_KEY, JSON.stringify({ ...data, session: session.id }));
    state.week ||= weekOf(summary);
  } catch (e) {
    if (!(e instanceof OfflineError)) throw e;
    offline = true;
    data = keptHome();
  }
  if (!data) {
    return parts(
      h("h1", null, t("home")),
      h("p", { class: "alert", role: "alert" }, t("offlineNothing")),
    );
  }
  const { summary, vacation, requests } = data;
  const v = vacation;
  return parts(
    h("h1", null, t("home")),
    offline ? h("p", { class: "warn", role: "status" }, t("offline", { when: formatMoment(data.at) })) : null,
    takeFlash(),
    v
      ? h(
        "section",
        { class: "card", "aria-labelledby": "h-vac" },
        h(
          "h2",
          { id: "h-vac" },
          t("vacationLeft", { year: v.year, days: formatQuantity(v.remaining ?? 0) }, v.remaining ?? 0),
        ),
        h(
          "dl",
          { class: "figures" },
          // The year's entitlement as the person knows it, then what was carried over and corrected (each only
          // when there is some): the days taken before the service was used are among those taken.
          [
            ["entitlement", v.entitlement],
            ["carryOver", (v.carryOver ?? 0) - (v.carryOverLapsed ?? 0)],
            ["corrections", v.adjustments ?? 0],
            ["used", v.used],
            ["planned", v.planned],
            ["pending", v.pending],
          ].filter(([k, n]) => n || !["carryOver", "corrections"].includes(k))
            .map(([k, n]) => [h("dt", null, t(k)), h("dd", null, formatQuantity(n ?? 0))]),
        ),
        carriedLines(v),
        h("a", { href: "/leave", class: "button" }, t("newRequest")),
      )
      : null,
    h(
      "section",
      { class: "card", "aria-labelledby": "h-week" },
      // No week's figures until the person has logged any time (a new hire): the card only leads there.
      h(
        "h2",
        { id: "h-week" },
        summary.timesheet
          ? t("weekHours", {
            hours: formatQuantity(summary.timesheet.totalHours),
            target: formatQuantity(summary.timesheet.targetHours),
          })
          : t("time"),
      ),
      summary.timesheet?.draftCount
        ? h("p", null, t("drafts", { n: summary.timesheet.draftCount }, summary.timesheet.draftCount))
        : null,
      h("a", { href: "/time" }, t("time")),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-pay" },
      h("h2", { id: "h-pay" }, t("payslips")),
      summary.nextPayoutDate
        ? h("p", null, t("nextPayout", { date: formatDate(summary.nextPayoutDate) }))
        : null,
      summary.latestPayslipPeriod
        ? h(
          "p",
          null,
          h("a", { href: "/payslips" }, t("latestPayslip", { period: summary.latestPayslipPeriod })),
        )
        : null,
    ),
    offline ? null : card(
      "h-todo",
      t("todosTitle"),
      h(
        "p",
        null,
        h(
          "a",
          { href: "/todos" },
          t("todos", { n: summary.todos?.total ?? 0 }),
          " · ",
          t("unreadCount", { n: data.unread ?? 0 }, data.unread ?? 0),
        ),
        (summary.todos?.total ?? 0) + (data.unread ?? 0)
          ? [
            " ",
            h(
              "span",
              { class: "count", "aria-hidden": "true" },
              (summary.todos?.total ?? 0) + (data.unread ?? 0),
            ),
          ]
          : null,
      ),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-req" },
      h("h2", { id: "h-req" }, t("myRequests")),
      requestList(requests, false),
    ),
  );
}
