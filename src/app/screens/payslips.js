// @ts-check
/**
 * Payslips: the list, each PDF downloaded straight from the API (the session cookie authorises it)
 */
import { call, OfflineError, SignedOutError } from "../api.js";
import { h, parts } from "../core/dom.js";
import { t } from "../core/state.js";
import { formatChf, formatDate } from "../format.js";

/**
 * An amount in francs as the service gives it (1'234.50 CHF), another currency by its code.
 * @param {number} n
 */
export function money(n, currency = "CHF") {
  return currency === "CHF" ? formatChf(n) : `${formatChf(n).slice(0, -4)} ${currency}`;
}

/**
 * One payslip's amounts, asked for when the person opens them: salary data is never kept by the service's
 * caches (`no-store`), so the app keeps it nowhere either (not in memory, not on the device) and shows it
 * only on request, not on a screen someone looking over a shoulder sees first.
 * @param {import("../api_paths.d.ts").Schema<"PayslipSummary">} s
 */
export function payslipAmounts(s) {
  const box = h("div", { class: "amounts" });
  const more = h(
    "details",
    { "data-amounts": s.id },
    h("summary", null, t("amounts"), h("span", { class: "sr" }, ` ${s.periodLabel}`)),
    box,
  );
  more.addEventListener("toggle", async () => {
    if (!more.open || box.childNodes.length) return;
    box.textContent = t("loading");
    try {
      const p = await call("GET", `/employee/payslips/${s.id}`, { keep: false });
      box.replaceChildren(
        h(
          "dl",
          { class: "figures" },
          h("dt", null, t("gross")),
          h("dd", null, money(p.gross, p.currency)),
          p.lines.map((l) => [h("dt", null, l.label), h("dd", null, money(l.amount, p.currency))]),
          h("dt", null, h("strong", null, t("net"))),
          h("dd", null, h("strong", null, money(p.net, p.currency))),
        ),
      );
    } catch (e) {
      if (e instanceof SignedOutError) return;
      box.replaceChildren(
        h(
          "p",
          { class: "alert", role: "alert" },
          e instanceof OfflineError ? t("networkError") : String(/** @type {Error} */ (e).message),
        ),
      );
    }
  });
  return more;
}

export async function payslips() {
  const p = await call("GET", "/employee/payslips");
  return parts(
    h("h1", null, t("payslips")),
    h("p", null, h("a", { href: "/salary" }, t("salary"))),
    p.items.length
      ? h(
        "ul",
        { class: "list" },
        p.items.map((s) =>
          h(
            "li",
            { "data-payslip": s.id },
            h("strong", null, s.periodLabel),
            " · ",
            t("paidOn", { date: formatDate(s.paymentDate) }),
            payslipAmounts(s),
            s.hasDocument
              ? h(
                "p",
                null,
                h(
                  "a",
                  { href: `/api/v1/portal/employee/payslips/${s.id}/document`, download: true },
                  t("download"),
                  h("span", { class: "sr" }, ` ${s.periodLabel}`),
                ),
              )
              : null,
          )
        ),
      )
      : h("p", null, t("noPayslips")),
  );
}
