// @ts-check
/**
 * Time: the week against its target, an entry logged, the week submitted
 */
import { call } from "../api.js";
import { h, parts, status } from "../core/dom.js";
import { field, handle, values } from "../core/forms.js";
import { show, takeFlash } from "../core/router.js";
import { state, t } from "../core/state.js";
import { addDays, formatDate, formatQuantity, localToday } from "../format.js";
import { weekOf } from "./home.js";
import { timerCard } from "./timer.js";

export async function time() {
  if (!state.week) state.week = weekOf(await call("GET", "/employee/summary"));
  const [w, clock] = await Promise.all([call("GET", `/employee/time-weeks/${state.week}`), timerCard()]);
  const day = (/** @type {string} */ iso) =>
    new Date(`${iso}T12:00:00Z`).toLocaleDateString(state.lang === "en" ? "en-GB" : `${state.lang}-CH`, {
      weekday: "short",
      timeZone: "UTC",
    });
  const today = localToday();
  const defaultDate = today >= w.weekStart && today <= w.weekEnd ? today : w.weekStart;
  const entryForm = handle(
    h(
      "form",
      { id: "time-form", novalidate: true },
      field("date", t("date"), { type: "date", value: defaultDate, required: true }),
      h(
        "div",
        { class: "pair" },
        field("startTime", t("start"), { type: "time", required: true }),
        field("endTime", t("end"), { type: "time", required: true }),
      ),
      field("breakMinutes", t("breakMinutes"), {
        type: "number",
        min: "0",
        max: "1440",
        inputmode: "numeric",
      }),
      field("projectCode", t("project"), { type: "text", autocomplete: "off" }),
      field("description", t("description"), { type: "text", autocomplete: "off" }),
      h("button", { type: "submit" }, t("addEntry")),
    ),
    async (key, _s) => {
      const v = values(entryForm);
      const json = {
        date: v.date ?? "",
        startTime: v.startTime ?? "",
        endTime: v.endTime ?? "",
        ...(v.breakMinutes ? { breakMinutes: Number(v.breakMinutes) } : {}),
        ...(v.projectCode ? { projectCode: v.projectCode } : {}),
        ...(v.description ? { description: v.description } : {}),
      };
      await call("POST", "/employee/time-entries", { json, key });
      state.flash = t("entryAdded");
      await show();
    },
  );
  const submitForm = handle(
    h("form", { id: "submit-week", class: "inline" }, h("button", { type: "submit" }, t("submitWeek"))),
    async (key) => {
      const r = await call("POST", `/employee/time-weeks/${state.week}/submit`, { key });
      state.flash = t("weekSubmitted", { n: r.submitted }, r.submitted);
      await show();
    },
  );
  const move = (/** @type {number} */ days) => () => {
    state.week = addDays(state.week, days);
    show();
  };
  return parts(
    h("h1", null, t("time")),
    takeFlash(),
    clock,
    h(
      "section",
      { class: "card", "aria-labelledby": "h-wk" },
      h(
        "div",
        { class: "weeknav" },
        h(
          "button",
          { type: "button", class: "secondary", onclick: move(-7), "aria-label": t("prevWeek") },
          "←",
        ),
        h("h2", { id: "h-wk" }, t("weekOf", { from: formatDate(w.weekStart), to: formatDate(w.weekEnd) })),
        h(
          "button",
          { type: "button", class: "secondary", onclick: move(7), "aria-label": t("nextWeek") },
          "→",
        ),
      ),
      h(
        "p",
        null,
        t("total", { hours: formatQuantity(w.totalHours), target: formatQuantity(w.targetHours) }),
        " ",
        status(w.status),
      ),
      h(
        "ul",
        { class: "days" },
        w.days.map((d) =>
          h(
            "li",
            null,
            h("span", null, `${day(d.date)} ${formatDate(d.date)}`),
            h("span", null, `${formatQuantity(d.hours)} / ${formatQuantity(d.targetHours)}`),
          )
        ),
      ),
      w.entries.length
        ? h(
          "ul",
          { class: "list" },
          w.entries.map((e) =>
            h(
              "li",
              null,
              h("strong", null, formatDate(e.date)),
              ` ${e.startTime}–${e.endTime} · ${t("hours", { n: formatQuantity(e.totalHours) })}`,
              e.projectCode ? ` · ${e.projectCode}` : "",
              " ",
              status(e.status),
              e.description ? h("p", { class: "muted" }, e.description) : null,
            )
          ),
        )
        : h("p", null, t("noEntries")),
      w.draftCount ? submitForm : null,
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-log" },
      h("h2", { id: "h-log" }, t("addEntry")),
      entryForm,
    ),
  );
}
