// @ts-check
/**
 * Salary: the current one, changes agreed for later and the history (never kept, as payslips).
 */
import { call } from "../api.js";
import { card, h, parts } from "../core/dom.js";
import { t } from "../core/state.js";
import { formatDate, formatQuantity } from "../format.js";
import { money } from "./payslips.js";

/** The salary: the current one, changes agreed for later and the history (never kept, as payslips). */
export async function salary() {
  const c = await call("GET", "/employee/compensation", { keep: false });
  const step = (
    /** @type {NonNullable<import("../api_paths.d.ts").Schema<"Compensation">["current"]>} */ x,
  ) =>
    h(
      "dl",
      { class: "figures" },
      h("dt", null, t("monthly")),
      h("dd", null, money(x.monthlySalary, x.currency)),
      h("dt", null, t("annual")),
      h("dd", null, money(x.annualSalary, x.currency)),
      h("dt", null, t("payments")),
      h("dd", null, formatQuantity(x.payments)),
    );
  return parts(
    h("h1", null, t("salary")),
    h("p", { class: "muted" }, t("salaryHint")),
    c.current
      ? card("h-now", t("salaryNow", { date: formatDate(c.current.validFrom) }), step(c.current))
      : h("p", null, t("noSalary")),
    c.upcoming.map((x, i) =>
      card(`h-up-${i}`, t("salaryUpcoming", { date: formatDate(x.validFrom) }), step(x))
    ),
    c.history.length > 1
      ? card(
        "h-hist",
        t("salaryHistory"),
        h(
          "ul",
          { class: "list" },
          c.history.map((x) =>
            h(
              "li",
              null,
              h("strong", null, formatDate(x.validFrom)),
              ` · ${t("monthly")} ${money(x.monthlySalary, x.currency)}`,
              x.reason ? h("p", { class: "muted" }, x.reason) : null,
            )
          ),
        ),
      )
      : null,
  );
}
