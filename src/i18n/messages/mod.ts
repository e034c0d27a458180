/**
 * The one catalogue of what the service says when it refuses something: a stable id per refusal, its text in
 * the four languages people read (German the source), with `{name}` parameters. Services throw
 * `refusal(code, id, params)` (src/errors.ts) and never write a sentence themselves; each door says it in the
 * reader's language when it answers: the portal (the account's language, else Accept-Language), the HR
 * console (the reader's), the connector's tool errors (the person's) and the e-mails (the recipient's).
 *
 * The catalogue is split by area only to keep the files readable; ids are unique across all of them (a test
 * checks it, and that every text has all four languages with the same parameters).
 */
import type { Lang } from "../mod.ts";
import { COMMON_MESSAGES } from "./common.ts";
import { LEAVE_MESSAGES } from "./leave.ts";
import { TIME_MESSAGES } from "./time.ts";
import { SELF_MESSAGES } from "./self.ts";
import { HR_MESSAGES } from "./hr.ts";
import { FIELD_MESSAGES } from "./fields.ts";
import { RECORD_MESSAGES } from "./records.ts";

import type { Catalogue, Texts } from "./types.ts";
export type { Catalogue, Texts };

/** Every area's part, for the test that checks ids are unique. */
export const CATALOGUE_PARTS: Readonly<Record<string, Catalogue>> = {
  common: COMMON_MESSAGES,
  leave: LEAVE_MESSAGES,
  time: TIME_MESSAGES,
  self: SELF_MESSAGES,
  hr: HR_MESSAGES,
  fields: FIELD_MESSAGES,
  records: RECORD_MESSAGES,
};

/** The whole catalogue. */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...LEAVE_MESSAGES,
  ...TIME_MESSAGES,
  ...SELF_MESSAGES,
  ...HR_MESSAGES,
  ...FIELD_MESSAGES,
  ...RECORD_MESSAGES,
} as const;

/** The id of a refusal in the catalogue. */
export type MessageId = keyof typeof MESSAGES;

/**
 * Values of a text's `{name}` parameters. A day `YYYY-MM-DD` is shown as Swiss readers write it. A value may
 * itself be a catalogue text (said in the same language) or a list of them (joined with "; "): a refusal
 * that lists several problems ("Nothing was recorded: {problems}") says each in the reader's language.
 */
export type MessageParams = Readonly<Record<string, ParamValue>>;
/** One parameter's value. */
export type ParamValue =
  | string
  | number
  /** A name the data holds in each language (a leave type's): the reader's. */
  | { readonly inLang: Readonly<Record<Lang, string>> }
  | { readonly id: MessageId; readonly params?: MessageParams }
  | readonly { readonly id: MessageId; readonly params?: MessageParams }[];

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const DECIMALS = Object.fromEntries(
  (["de", "fr", "it", "en"] as const).map((l) => [
    l,
    new Intl.NumberFormat(`${l}-CH`, { maximumFractionDigits: 2, useGrouping: false }),
  ]),
) as Record<Lang, Intl.NumberFormat>;

/** A parameter as it is shown: a day as 25.11.2026 (the Swiss form in all four languages), else as it is. */
function shown(v: ParamValue, lang: Lang): string {
  // A whole number as it is (years, counts: no grouping); a fraction with the language's Swiss decimal mark
  // (CLDR: 3,5 in fr-CH, 3.5 in de-CH, it-CH and en-CH).
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : DECIMALS[lang].format(v);
  if (typeof v === "string") {
    const m = ISO_DAY.exec(v);
    return m ? `${m[3]}.${m[2]}.${m[1]}` : v;
  }
  // French typography puts a space before a semicolon. An item written as a sentence of its own (an employee
  // record's problem) loses its full stop inside the list; the text around the list ends it.
  if (Array.isArray(v)) {
    return v.map((x) => say(x.id, lang, x.params).replace(/\.$/, "")).join(lang === "fr" ? " ; " : "; ");
  }
  if ("inLang" in v) return v.inLang[lang];
  const one = v as { id: MessageId; params?: MessageParams };
  return say(one.id, lang, one.params);
}

/** The text of a catalogue id in a language, its parameters filled. An unknown id is a bug and throws. */
export function say(id: MessageId, lang: Lang, params: MessageParams = {}): string {
  const texts = (MESSAGES as Record<string, Texts>)[id];
  if (!texts) throw new Error(`no message "${id}" in the catalogue`);
  return texts[lang].replace(/\{(\w+)\}/g, (m, k) => (k in params ? shown(params[k], lang) : m));
}
