// @ts-check
/**
 * My assistants: connections, what they read about me, my data export
 */
import { call } from "../api.js";
import { card, h, parts } from "../core/dom.js";
import { button } from "../core/forms.js";
import { show, takeFlash } from "../core/router.js";
import { state, t } from "../core/state.js";
import { formatDate, formatMoment } from "../format.js";

export async function assistants() {
  const [connectedList, activity, exportList] = await Promise.all([
    call("GET", "/auth/assistants"),
    call("GET", "/auth/assistants/activity"),
    call("GET", "/employee/data-exports"),
  ]);
  const connected = connectedList.items;
  const exports = exportList.items;
  const exportForm = button("export", t("requestExport"), async (key) => {
    const x = await call("POST", "/employee/data-exports", { key });
    state.flash = x.status === "READY" ? t("exportReady") : t("exportPreparing");
    await show();
  }, "");
  return parts(
    h("h1", null, t("assistants")),
    takeFlash(),
    card(
      "h-conn",
      t("connected"),
      connected.length
        ? h(
          "ul",
          { class: "list" },
          connected.map((a) =>
            h(
              "li",
              { "data-assistant": a.id },
              h("strong", null, a.clientName),
              a.verified ? "" : ` · ${t("unverified")}`,
              h("p", null, t("connectedOn", { date: formatDate(a.connectedAt) })),
              a.lastUsedAt ? h("p", null, t("lastUsed", { date: formatMoment(a.lastUsedAt) })) : null,
              h("p", { class: "muted" }, a.scopes.join(", ")),
              button(`revoke-${a.id}`, t("revoke"), async () => {
                await call("DELETE", `/auth/assistants/${a.id}`);
                state.flash = t("revoked", { name: a.clientName });
                await show();
              }, "danger"),
            )
          ),
        )
        : h("p", null, t("noAssistants")),
    ),
    card(
      "h-read",
      t("whatRead", { from: formatDate(activity.from), to: formatDate(activity.to) }),
      activity.items.length
        ? h(
          "ul",
          { class: "list" },
          activity.items.map((i) =>
            h("li", null, h("strong", null, i.assistant), ` · ${formatMoment(i.at)}`, h("p", null, i.text))
          ),
        )
        : h("p", null, t("nothingRead")),
    ),
    card(
      "h-export",
      t("myData"),
      h("p", { class: "muted" }, t("exportHint")),
      exports.length
        ? h(
          "ul",
          { class: "list" },
          exports.map((x) =>
            h(
              "li",
              { "data-export": x.id },
              t("requestedOn", { date: formatMoment(x.requestedAt) }),
              " ",
              h("span", { class: "badge" }, t(`export.${x.status}`)),
              x.status === "READY"
                ? h(
                  "p",
                  null,
                  h(
                    "a",
                    { href: `/api/v1/portal/employee/data-exports/${x.id}/archive`, download: true },
                    t("downloadArchive"),
                  ),
                  ` · ${t("until", { date: formatDate(x.expiresAt) })}`,
                )
                : null,
            )
          ),
        )
        : null,
      exportForm,
    ),
  );
}
