// @ts-check
/**
 * Rendering: elements made from tag, attributes and children, a screen put into the main landmark, and the
 * small parts every screen uses (a card, a status badge, a number of days).
 */
import { t } from "./state.js";
import { formatQuantity } from "../format.js";

/**
 * Makes an element. Attributes: `on…` listeners, `class`, DOM properties for non-strings (value, checked).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...any} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    // As attributes: what the screen was drawn with is then the field's default (`defaultSelected`,
    // `defaultChecked`), so a draft holds only what the person changed.
    else if (v === true && (k === "selected" || k === "checked")) el.setAttribute(k, "");
    else if (typeof v !== "string" && k in el) /** @type {any} */ (el)[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c !== null && c !== undefined && c !== false) el.append(c instanceof Node ? c : String(c));
  }
  return el;
}

export const main = () => /** @type {HTMLElement} */ (document.getElementById("main"));

/**
 * Puts a screen's parts into the main landmark (absent parts, null, are left out).
 * @param {...any} items
 */
export function render(...items) {
  main().replaceChildren(...items.flat().filter((p) => p !== null && p !== undefined && p !== false));
}

/**
 * A screen's parts, as its function returns them for `show` to draw.
 * @param {...any} p
 */
export function parts(...p) {
  return p;
}

/**
 * "1 Tag", "2.5 Tage".
 * @param {number} n
 */
export function daysText(n) {
  return t("days", { n: formatQuantity(n) }, n);
}

/** @param {string} code */
export function status(code) {
  return h("span", { class: `badge s-${code}` }, t(`status.${code}`));
}

/**
 * A card with its heading (h2, labelled).
 * @param {string} id
 * @param {string} title
 * @param {...any} content
 */
export function card(id, title, ...content) {
  return h("section", { class: "card", "aria-labelledby": id }, h("h2", { id }, title), content);
}
