// @ts-check
/**
 * Profile: what HR has on file, address and emergency contact, sensitive changes through HR, language
 */
import { call } from "../api.js";
import { card, h, parts } from "../core/dom.js";
import { field, handle, values } from "../core/forms.js";
import { show, takeFlash } from "../core/router.js";
import { setLang, state, t } from "../core/state.js";
import { formatDate } from "../format.js";
import { LANG_NAMES, LANGS } from "../i18n.js";
import { pushAgain } from "./push.js";

/** @typedef {import("../i18n.js").Lang} Lang */

export const CHANGE_FIELDS = [
  "IBAN",
  "AHV_NUMBER",
  "BIRTH_DATE",
  "NATIONALITY",
  "FIRST_NAME",
  "LAST_NAME",
  "SALARY",
];

export function languageForm() {
  const form = handle(
    h(
      "form",
      { id: "lang-form" },
      field("language", t("language"), {
        children: LANGS.map((l) =>
          h("option", { value: l, selected: l === state.lang, lang: l }, LANG_NAMES[l])
        ),
      }, "select"),
      h("button", { type: "submit" }, t("saveLanguage")),
    ),
    async () => {
      const language = /** @type {Lang} */ (values(form).language);
      await call("PATCH", "/employee/profile", { json: { language } });
      setLang(language);
      pushAgain();
      await show(true);
    },
  );
  return form;
}

export async function profile() {
  const [p, changes] = await Promise.all([
    call("GET", "/employee/profile"),
    call("GET", "/employee/profile/change-requests"),
  ]);
  const c = p.contact ?? {};
  const e = p.employment ?? {};
  const contactForm = handle(
    h(
      "form",
      { id: "contact-form", novalidate: true },
      field("addressStreet", t("street"), { value: c.addressStreet ?? "", autocomplete: "street-address" }),
      h(
        "div",
        { class: "pair" },
        field("addressPostalCode", t("postalCode"), {
          value: c.addressPostalCode ?? "",
          autocomplete: "postal-code",
        }),
        field("addressCity", t("city"), { value: c.addressCity ?? "", autocomplete: "address-level2" }),
      ),
      field("addressCountry", t("country"), { value: c.addressCountry ?? "", maxlength: 2 }),
      field("phone", t("phone"), { type: "tel", value: c.phone ?? "", autocomplete: "tel" }),
      field("emergencyContactName", t("emergencyName"), { value: c.emergencyContactName ?? "" }),
      field("emergencyContactPhone", t("emergencyPhone"), {
        type: "tel",
        value: c.emergencyContactPhone ?? "",
      }),
      h("button", { type: "submit" }, t("save")),
    ),
    async () => {
      /** @type {Record<string, string>} */
      const json = {};
      for (const el of contactForm.elements) {
        const f = /** @type {HTMLInputElement} */ (el);
        if (f.name) json[f.name] = f.value.trim();
      }
      await call("PATCH", "/employee/profile", { json });
      state.flash = t("saved");
      await show();
    },
  );
  const changeForm = handle(
    h(
      "form",
      { id: "change-form", novalidate: true },
      field("field", t("changeField"), {
        children: CHANGE_FIELDS.map((f) => h("option", { value: f }, t(`field.${f}`))),
      }, "select"),
      field("value", t("newValue"), { required: true, maxlength: 500, autocomplete: "off" }),
      field("comment", t("comment"), { rows: 2, maxlength: 1000 }, "textarea"),
      h("button", { type: "submit" }, t("askHr")),
    ),
    async (key) => {
      const v = values(changeForm);
      await call("POST", "/employee/profile/change-requests", {
        json: { field: v.field, value: v.value ?? "", ...(v.comment ? { comment: v.comment } : {}) },
        key,
      });
      state.flash = t("changeSent");
      await show();
    },
  );
  const facts = [
    ["personnelNumber", p.personnelNumber],
    ["workEmail", p.workEmail],
    ["jobTitle", e.jobTitle],
    ["department", e.department],
    ["manager", e.manager?.name],
    ["employedSince", formatDate(e.employmentStart)],
    ["workload", e.workloadPercent === undefined ? null : `${e.workloadPercent} %`],
    ["iban", p.sensitive?.iban],
  ].filter(([, v]) => v);
  return parts(
    h("h1", null, t("profile")),
    takeFlash(),
    card(
      "h-me",
      `${p.firstName} ${p.lastName}`,
      h("dl", { class: "figures" }, facts.map(([k, v]) => [h("dt", null, t(String(k))), h("dd", null, v)])),
    ),
    card("h-contact", t("addressContact"), h("p", { class: "muted" }, t("directChange")), contactForm),
    card(
      "h-change",
      t("changeRequests"),
      h("p", { class: "muted" }, t("changeHint")),
      changes.items.length
        ? h(
          "ul",
          { class: "list" },
          changes.items.map((r) =>
            h(
              "li",
              { "data-change": r.id },
              h("strong", null, t(`field.${r.field}`)),
              `: ${r.value} · ${formatDate(r.createdAt)} `,
              h("span", { class: `badge s-${r.status}` }, t(`change.${r.status}`)),
            )
          ),
        )
        : null,
      changeForm,
    ),
    card("h-lang", t("language"), languageForm()),
  );
}
