/**
 * What every page of the HR console shares beyond its own texts: the person's language field, dates as Swiss
 * readers write them, and the services' refusals in the reader's language (the catalogue's, src/i18n/messages;
 * an employee record's problems by their code, `RecordProblem`).
 */
import { type AppError, textOf } from "../errors.ts";
import { type Lang, langOr } from "../i18n/mod.ts";
import { say } from "../i18n/messages/mod.ts";
import { recordProblemMessage } from "../i18n/messages/mod.ts";
import type { RecordProblem } from "../services/employee_records.ts";

export interface ConsoleCommonTexts {
  language: string;
  languageHint: string;
  languageNames: Record<Lang, string>;
}

const TEXTS: Record<Lang, ConsoleCommonTexts> = {
  de: {
    language: "Sprache",
    languageHint:
      "Die Einladung ist in dieser Sprache geschrieben; mit einem Konto wählt die Person ihre Sprache selbst.",
    languageNames: { de: "Deutsch", fr: "Französisch", it: "Italienisch", en: "Englisch" },
  },
  fr: {
    language: "Langue",
    languageHint:
      "L'invitation est écrite dans cette langue ; avec un compte, la personne choisit sa langue.",
    languageNames: { de: "allemand", fr: "français", it: "italien", en: "anglais" },
  },
  it: {
    language: "Lingua",
    languageHint: "L'invito è scritto in questa lingua; con un account la persona sceglie la sua lingua.",
    languageNames: { de: "tedesco", fr: "francese", it: "italiano", en: "inglese" },
  },
  en: {
    language: "Language",
    languageHint:
      "The invitation is written in this language; with an account, the person chooses their own.",
    languageNames: { de: "German", fr: "French", it: "Italian", en: "English" },
  },
};

export function consoleCommonTexts(lang: string): ConsoleCommonTexts {
  return TEXTS[langOr(lang)];
}

/**
 * A day as Swiss readers write it (25.11.2026), in the reader's language's Swiss locale; the one format of
 * every date the console shows (form fields keep the ISO day browsers need). Anything that is not a day
 * (`YYYY-MM-DD`, or an instant's first ten characters) is shown as it is.
 */
export function swissDate(day: string | null | undefined, lang: string): string {
  if (!day) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  if (!m) return day;
  return new Intl.DateTimeFormat(`${langOr(lang)}-CH`, {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
}

/**
 * An amount as Swiss readers write it, whatever the language: two decimals, thousands grouped by an
 * apostrophe (`6'500.00`, `-344.50`).
 */
export function swissAmount(n: number): string {
  const [whole, cents] = Math.abs(n).toFixed(2).split(".");
  return `${n < 0 ? "-" : ""}${whole.replace(/\B(?=(\d{3})+$)/g, "'")}.${cents}`;
}

/**
 * A service's refusal in the reader's language: the catalogue's text (src/i18n/messages); one without a
 * catalogue id (a bug the catalogue test looks for) as the service said it.
 */
export function refusalText(e: AppError, lang: string): string {
  return e.msg ? textOf(e, langOr(lang)) : e.message;
}

/** One problem of an employee record (`RecordProblem`) in the reader's language (the catalogue's text). */
export function recordProblemText(problem: RecordProblem, lang: string): string {
  const { id, params } = recordProblemMessage(problem);
  return say(id, langOr(lang), params);
}
