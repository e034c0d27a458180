// @ts-check
/**
 * Leave: balances, a request checked first (days, balance after, approver), then filed
 */
import { call, newKey } from "../api.js";
import { daysText, h, parts, status } from "../core/dom.js";
import { button, checkbox, field, handle, values } from "../core/forms.js";
import { show, takeFlash } from "../core/router.js";
import { state, t } from "../core/state.js";
import { formatDate, formatQuantity, formatRange, localToday } from "../format.js";

/**
 * Leave requests with their status and the decision's note.
 * @param {import("../api_paths.d.ts").Schema<"LeaveRequest">[]} items
 * @param {boolean} actions
 */
export function requestList(items, actions) {
  if (!items.length) return h("p", null, t("noRequests"));
  return h(
    "ul",
    { class: "list" },
    items.map((r) =>
      h(
        "li",
        { "data-request": r.id },
        h("strong", null, r.leaveType.name),
        " ",
        formatRange(r.startDate, r.endDate),
        " · ",
        daysText(r.days),
        " ",
        status(r.status),
        r.decisionNote ? h("p", { class: "muted" }, t("decisionNote", { note: r.decisionNote })) : null,
        actions && r.canWithdraw
          ? handle(
            h(
              "form",
              { id: `withdraw-${r.id}`, class: "inline" },
              h("button", { type: "submit", class: "secondary" }, t("withdraw")),
            ),
            async (key) => {
              await call("POST", `/employee/leave/requests/${r.id}/withdraw`, { key });
              state.flash = t("withdrawn");
              await show();
            },
          )
          : null,
        actions && r.canRequestCancellation
          ? button(`cancel-${r.id}`, t("askCancel"), async (key) => {
            await call("POST", `/employee/leave/requests/${r.id}/cancellation`, { key });
            state.flash = t("cancelAsked");
            await show();
          })
          : null,
      )
    ),
  );
}

// ---------------------------------------------------------------------------------------------------
/**
 * The statutory days in a balance's carry-over, one line per year of origin with the day they lapse: they
 * are owed until taken for five years, unlike the extra days, which lapse with the carry-over's expiry.
 * @param {Pick<import("../api_paths.d.ts").Schema<"LeaveBalance">, "carryOverByYear">} b
 */
export function carriedLines(b) {
  const statutory = (b.carryOverByYear ?? []).filter((c) => c.kind === "STATUTORY");
  return statutory.length
    ? h(
      "ul",
      { class: "muted carried" },
      statutory.map((c) =>
        h(
          "li",
          null,
          t(
            "carriedLapse",
            { days: formatQuantity(c.days), year: c.year, date: formatDate(c.lapsesOn) },
            c.days,
          ),
        )
      ),
    )
    : null;
}

export async function leave() {
  const [types, balances, requests] = await Promise.all([
    call("GET", "/employee/leave/types"),
    call(
      "GET",
      state.leaveYear ? `/employee/leave/balances?year=${state.leaveYear}` : "/employee/leave/balances",
    ),
    call("GET", "/employee/leave/requests?limit=20"),
  ]);
  const previewBox = h("div", { id: "preview", "aria-live": "polite" });
  const sendButton = h("button", { type: "submit", name: "action", value: "send", hidden: true }, t("send"));
  const form = h(
    "form",
    { id: "leave-form", novalidate: true },
    field("leaveType", t("leaveType"), {
      children: types.items.map((ty) =>
        h("option", { value: ty.code, selected: ty.code === "VACATION" }, ty.name)
      ),
    }, "select"),
    h(
      "div",
      { class: "pair" },
      field("startDate", t("from"), { type: "date", required: true }),
      field("endDate", t("to"), { type: "date", required: true }),
    ),
    checkbox("startPortion", t("afternoonOnly")),
    checkbox("endPortion", t("morningOnly")),
    field("reason", t("reason"), { rows: 2, maxlength: 1000 }, "textarea"),
    previewBox,
    h("button", { type: "submit", name: "action", value: "preview", class: "secondary" }, t("preview")),
    sendButton,
  );
  // A special leave's length per event, shown as soon as its type is chosen.
  const eventHint = h("p", { id: "event-hint", class: "muted", "aria-live": "polite" });
  const typeSelect = /** @type {HTMLSelectElement} */ (form.elements.namedItem("leaveType"));
  typeSelect.setAttribute("aria-describedby", "event-hint");
  const showEvent = () => {
    const ty = types.items.find((x) => x.code === typeSelect.value);
    const pe = ty?.perEvent;
    eventHint.textContent = pe
      ? t(pe.withinMonths ? "perEventWithin" : "perEvent", {
        days: formatQuantity(pe.days),
        unit: t(`unit.${pe.unit}`),
        months: pe.withinMonths ?? "",
      })
      : "";
  };
  typeSelect.after(eventHint);
  typeSelect.addEventListener("change", showEvent);
  showEvent();
  // A changed request must be checked again before it is sent.
  form.addEventListener("input", () => {
    previewBox.replaceChildren();
    sendButton.hidden = true;
  });
  /** @returns {import("../api_paths.d.ts").BodyOf<"POST", "/employee/leave/requests">} */
  const body = () => {
    const v = values(form);
    return {
      leaveType: v.leaveType,
      startDate: v.startDate ?? "",
      endDate: v.endDate ?? v.startDate ?? "",
      ...(v.startPortion ? { startPortion: "AFTERNOON" } : {}),
      ...(v.endPortion ? { endPortion: "MORNING" } : {}),
      ...(v.reason ? { reason: v.reason } : {}),
    };
  };
  handle(form, async (key, submitter) => {
    if (submitter?.value === "send") {
      await call("POST", "/employee/leave/requests", { json: body(), key });
      state.flash = t("requestSent");
      await show();
      return;
    }
    const p = await call("POST", "/employee/leave/requests/preview", { json: body(), key: newKey() });
    previewBox.replaceChildren(
      h(
        "div",
        { class: "note" },
        h("h3", null, t("previewTitle")),
        h(
          "p",
          null,
          t("deducted", { days: formatQuantity(p.days) }, p.days),
          " · ",
          formatRange(p.startDate, p.endDate),
        ),
        // Each year's balance, and under it the statutory days carried into it with the day each year's lapse.
        p.balances.map((b) => [
          h(
            "p",
            null,
            t("balanceChange", {
              year: b.year,
              before: formatQuantity(b.remainingBefore),
              after: formatQuantity(b.remainingAfter),
            }, b.remainingAfter),
          ),
          carriedLines(b),
        ]),
        p.holidaysInRange?.length
          ? h(
            "p",
            null,
            t("holidaysIn", {
              list: p.holidaysInRange.map((x) => `${x.name ?? ""} ${formatDate(x.date ?? x)}`.trim()).join(
                ", ",
              ),
            }),
          )
          : null,
        h("p", null, p.approver ? t("approverIs", { name: p.approver.name }) : t("approverHr")),
      ),
    );
    sendButton.hidden = false;
    return sendButton;
  });
  const shown = balances.balances.filter((b) =>
    b.leaveType.deductsBalance || b.used || b.planned || b.pending
  );
  const thisYear = Number(localToday().slice(0, 4));
  const yearForm = h(
    "form",
    { id: "year-form", class: "inline" },
    field("year", t("year"), {
      children: [thisYear - 1, thisYear, thisYear + 1].map((y) =>
        h("option", { value: String(y), selected: y === balances.year }, String(y))
      ),
    }, "select"),
    h("button", { type: "submit", class: "secondary" }, t("showYear")),
  );
  yearForm.addEventListener("submit", (ev) => {
    ev.preventDefault();
    state.leaveYear = Number(values(yearForm).year);
    show();
  });
  return parts(
    h("h1", null, t("leave")),
    takeFlash(),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-new" },
      h("h2", { id: "h-new" }, t("newRequest")),
      form,
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-bal" },
      h("h2", { id: "h-bal" }, t("balances", { year: balances.year })),
      yearForm,
      h(
        "dl",
        { class: "figures" },
        shown.map((b) => [
          h("dt", null, b.leaveType.name),
          h(
            "dd",
            null,
            b.leaveType.deductsBalance
              ? t("leftOf", {
                left: formatQuantity(b.remaining ?? 0),
                of: formatQuantity(b.available ?? 0),
              }, b.available ?? 0)
              : t(
                "taken",
                { n: formatQuantity((b.used ?? 0) + (b.planned ?? 0) + (b.pending ?? 0)) },
                (b.used ?? 0) + (b.planned ?? 0) + (b.pending ?? 0),
              ),
            carriedLines(b),
          ),
        ]),
      ),
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-mine" },
      h("h2", { id: "h-mine" }, t("myRequests")),
      requestList(requests.items, true),
    ),
  );
}
