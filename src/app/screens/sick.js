// @ts-check
/**
 * Sick leave: report (with the certificate at once), upload later, end, take back
 */
import { ApiError, call, newKey } from "../api.js";
import { daysText, h, parts } from "../core/dom.js";
import { chosenFile, field, handle, UPLOAD_ACCEPT, values } from "../core/forms.js";
import { show, takeFlash } from "../core/router.js";
import { state, t } from "../core/state.js";
import { formatDate, formatRange, localToday } from "../format.js";

export async function sick() {
  const s = await call("GET", "/employee/sick-leave");
  /**
   * @param {string} id
   * @param {File} file
   * @param {string} key
   */
  const upload = async (id, file, key) => {
    const form = new FormData();
    form.append("file", file);
    await call("POST", `/employee/sick-leave/${id}/certificate`, { form, key });
  };
  const reportForm = handle(
    h(
      "form",
      { id: "sick-form", novalidate: true },
      h(
        "div",
        { class: "pair" },
        field("startDate", t("sickFrom"), { type: "date", value: localToday(), required: true }),
        field("endDate", t("sickUntil"), { type: "date" }),
      ),
      field("reason", t("sickReason"), { rows: 2, maxlength: 1000 }, "textarea"),
      field("file", t("certificate"), { type: "file", accept: UPLOAD_ACCEPT }),
      h("button", { type: "submit" }, t("report")),
    ),
    async (key) => {
      const v = values(reportForm);
      const file = chosenFile(reportForm, "file", false);
      const created = await call("POST", "/employee/sick-leave", {
        json: {
          startDate: v.startDate ?? "",
          ...(v.endDate ? { endDate: v.endDate } : {}),
          ...(v.reason ? { reason: v.reason } : {}),
        },
        key,
      });
      state.flash = t("reported");
      if (file) {
        try {
          await upload(created.id, file, newKey());
          state.flash = `${t("reported")} ${t("uploaded")}`;
        } catch (e) {
          if (!(e instanceof ApiError)) throw e;
          state.flash = `${t("reported")} ${e.message}`;
        }
      }
      await show();
    },
  );
  const entries = s.items.filter((e) => e.status !== "TAKEN_BACK");
  return parts(
    h("h1", null, t("sick")),
    takeFlash(),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-rep" },
      h("h2", { id: "h-rep" }, t("reportSick")),
      reportForm,
    ),
    h(
      "section",
      { class: "card", "aria-labelledby": "h-abs" },
      h("h2", { id: "h-abs" }, t("myAbsences", { year: s.year })),
      s.salaryContinuation
        ? h(
          "p",
          null,
          t("continuation", { n: s.salaryContinuation.daysRemaining, of: s.salaryContinuation.daysEntitled }),
        )
        : null,
      entries.length
        ? h(
          "ul",
          { class: "list" },
          entries.map((e) => {
            const forms = [];
            if (e.certificateState !== "ACCEPTED") {
              const f = handle(
                h(
                  "form",
                  { id: `cert-${e.id}`, class: "sub" },
                  field(`file-${e.id}`, t("certificate"), {
                    type: "file",
                    accept: UPLOAD_ACCEPT,
                  }),
                  h("button", { type: "submit", class: "secondary" }, t("upload")),
                ),
                async (key) => {
                  const file = /** @type {File} */ (chosenFile(f, `file-${e.id}`, true));
                  await upload(e.id, file, key);
                  state.flash = t("uploaded");
                  await show();
                },
              );
              forms.push(f);
            }
            if (e.isOngoing) {
              const f = handle(
                h(
                  "form",
                  { id: `end-${e.id}`, class: "sub" },
                  field(`endDate-${e.id}`, t("endOn"), { type: "date", value: localToday() }),
                  h("button", { type: "submit", class: "secondary" }, t("endAbsence")),
                ),
                async (key) => {
                  const endDate = values(f)[`endDate-${e.id}`] ?? "";
                  await call("POST", "/employee/sick-leave/end", {
                    json: { action: "end", entryId: e.id, endDate },
                    key,
                  });
                  state.flash = t("ended");
                  await show();
                },
              );
              forms.push(f);
            }
            if (e.canTakeBack) {
              forms.push(handle(
                h(
                  "form",
                  { id: `back-${e.id}`, class: "inline" },
                  h("button", { type: "submit", class: "danger" }, t("takeBack")),
                ),
                async (key) => {
                  await call("POST", `/employee/sick-leave/${e.id}/take-back`, { key });
                  state.flash = t("takenBack");
                  await show();
                },
              ));
            }
            return h(
              "li",
              { "data-sick": e.id },
              h(
                "strong",
                null,
                e.isOngoing
                  ? t("ongoing", { date: formatDate(e.startDate) })
                  : formatRange(e.startDate.slice(0, 10), e.endDate?.slice(0, 10)),
              ),
              ` · ${daysText(e.totalDays)} `,
              h(
                "span",
                { class: "badge" },
                t(`cert.${e.certificateState ?? (e.hasCertificate ? "UPLOADED" : "NONE")}`),
              ),
              forms,
            );
          }),
        )
        : h("p", null, t("noAbsences")),
    ),
  );
}
