// @ts-check
/**
 * What the app holds while it runs: the language it speaks, the signed-in account, and what a screen leaves
 * for the next one. One object, so every module reads and changes the same state.
 */
import { browserLang, LANGS, say } from "../i18n.js";

/** @typedef {import("../i18n.js").Lang} Lang */

export const HOME_KEY = "hr-app:home";
/** The session this browser was last seen signed in with (id, account, when its lifetime ends). */
export const SESSION_KEY = "hr-app:session";
export const DRAFTS_KEY = "hr-app:drafts";
export const LANG_KEY = "hr-app:lang";

export const state = {
  /** @type {Lang} */
  lang: /** @type {Lang} */ (localStorage.getItem(LANG_KEY)) || browserLang(),
  /** @type {{ id: string, email: string, role: string, language: string, permissions: string[] } | null} */
  user: null,
  /** The leave year whose balances the leave screen shows (0: the current one). */
  leaveYear: 0,
  /** The week shown on the time screen (a Monday), once known. */
  week: "",
  /** A message for the next screen (after a successful action). */
  flash: "",
};

/**
 * A text of the app in the person's language; with a count, in the language's singular or plural.
 * @param {string} key
 * @param {Record<string, unknown>} [vars]
 * @param {number} [count]
 */
export function t(key, vars, count) {
  return say(state.lang, key, vars, count);
}

/** @param {string} l a language the service names (an account's) */
export function setLang(l) {
  if (!LANGS.includes(/** @type {Lang} */ (l))) return;
  state.lang = /** @type {Lang} */ (l);
  localStorage.setItem(LANG_KEY, l);
}
