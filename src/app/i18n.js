// @ts-check
/**
 * The employee app's own words in the four languages. The service's messages (refusals, leave type names)
 * come translated from the API in the account's language; these are the labels around them. As the service's
 * catalogue (src/i18n/messages), the texts are split by area (i18n/*.js), each key with its four languages
 * side by side, German the source; keys are unique across the areas (tests/app/format_test.ts checks every
 * language has every key with the same placeholders).
 */
import { ACCOUNT_TEXTS } from "./i18n/account.js";
import { COMMON_TEXTS } from "./i18n/common.js";
import { HOME_TEXTS } from "./i18n/home.js";
import { LEAVE_TEXTS } from "./i18n/leave.js";
import { PAY_TEXTS } from "./i18n/pay.js";
import { SICK_TEXTS } from "./i18n/sick.js";
import { TEAM_TEXTS } from "./i18n/team.js";
import { TIME_TEXTS } from "./i18n/time.js";
import { TODO_TEXTS } from "./i18n/todos.js";

/** @typedef {"de" | "fr" | "it" | "en"} Lang */
/** @typedef {Record<string, Record<Lang, string>>} Texts */

export const LANGS = /** @type {const} */ (["de", "fr", "it", "en"]);

/** Every area's texts, for the test that checks keys are unique across them. */
export const TEXT_PARTS = {
  common: COMMON_TEXTS,
  home: HOME_TEXTS,
  leave: LEAVE_TEXTS,
  time: TIME_TEXTS,
  sick: SICK_TEXTS,
  pay: PAY_TEXTS,
  team: TEAM_TEXTS,
  account: ACCOUNT_TEXTS,
  todos: TODO_TEXTS,
};

/** The texts by language: key → text. */
export const STRINGS = /** @type {Record<Lang, Record<string, string>>} */ (Object.fromEntries(
  LANGS.map((l) => [
    l,
    Object.fromEntries(
      Object.values(TEXT_PARTS).flatMap((part) => Object.entries(part).map(([k, v]) => [k, v[l]])),
    ),
  ]),
));

/** The language names, each in itself. */
export const LANG_NAMES = { de: "Deutsch", fr: "Français", it: "Italiano", en: "English" };

/** The first of the browser's languages the app speaks, else German (before sign-in). */
export function browserLang(languages = globalThis.navigator?.languages ?? []) {
  for (const l of languages) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(/** @type {Lang} */ (base))) return /** @type {Lang} */ (base);
  }
  return "de";
}

/**
 * A text with its {placeholders} filled.
 * @param {string} text
 * @param {Record<string, unknown>} [vars]
 */
export function fill(text, vars = {}) {
  return text.replace(
    /\{(\w+)\}/g,
    (/** @type {string} */ _, /** @type {string} */ k) => k in vars ? String(vars[k]) : `{${k}}`,
  );
}

/**
 * A text of the app in a language, its {placeholders} filled; with a `count`, the language's singular form
 * (`key.one`) where its plural rules call the count "one" (Intl.PluralRules: German and Italian 1, French 0
 * to below 2, so "1 Tag", "1 giorno", "1,5 jour").
 * @param {Lang} lang
 * @param {string} key
 * @param {Record<string, unknown>} [vars]
 * @param {number} [count]
 */
export function say(lang, key, vars, count) {
  const table = /** @type {Record<string, string>} */ (STRINGS[lang] ?? STRINGS.de);
  const one = count !== undefined && new Intl.PluralRules(lang).select(count) === "one"
    ? table[`${key}.one`]
    : undefined;
  return fill(one ?? table[key] ?? key, vars);
}
