// @ts-check
/**
 * Clock in / clock out: the running timer becomes a time entry when stopped
 * A card of the time screen.
 */
import { call } from "../api.js";
import { card, h } from "../core/dom.js";
import { button, field, handle, values } from "../core/forms.js";
import { show } from "../core/router.js";
import { state, t } from "../core/state.js";
import { formatDate } from "../format.js";

export async function timerCard() {
  const { timer } = await call("GET", "/employee/timer");
  if (!timer) {
    const f = handle(
      h(
        "form",
        { id: "timer-start", novalidate: true },
        field("timerProject", t("project"), { type: "text", autocomplete: "off" }),
        h("button", { type: "submit" }, t("clockIn")),
      ),
      async (key) => {
        const project = values(f).timerProject;
        await call("POST", "/employee/timer/start", { json: project ? { projectCode: project } : {}, key });
        state.flash = t("clockedIn");
        await show();
      },
    );
    return card("h-timer", t("clock"), f);
  }
  const stop = handle(
    h(
      "form",
      { id: "timer-stop", novalidate: true },
      field("timerBreak", t("breakMinutes"), { type: "number", min: "0", max: "1440", inputmode: "numeric" }),
      h("button", { type: "submit" }, t("clockOut")),
    ),
    async (key) => {
      const b = values(stop).timerBreak;
      await call("POST", "/employee/timer/stop", { json: b ? { breakMinutes: Number(b) } : {}, key });
      state.flash = t("clockedOut");
      await show();
    },
  );
  return card(
    "h-timer",
    t("clock"),
    h(
      "p",
      { role: "status" },
      t("running", { date: formatDate(timer.date), time: timer.startTime, n: timer.elapsedMinutes }),
      timer.projectCode ? ` · ${timer.projectCode}` : "",
    ),
    stop,
    button("timer-discard", t("discardTimer"), async () => {
      await call("DELETE", "/employee/timer");
      state.flash = t("timerDiscarded");
      await show();
    }, "danger"),
  );
}
