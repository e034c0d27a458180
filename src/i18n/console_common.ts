/**
 * What every page of the HR console shares beyond its own texts: the person's language field, dates as Swiss
 * readers write them, and the services' refusals in the reader's language (the catalogue's, src/i18n/messages;
 * an employee record's problems by their code, `RecordProblem`).
 */
import { type AppError, textOf } from "../errors.ts";
import { fill, type Lang, langOr } from "./mod.ts";
import type { RecordProblem } from "../services/employee_records.ts";

export interface ConsoleCommonTexts {
  language: string;
  languageHint: string;
  languageNames: Record<Lang, string>;
  /** The employee file's problems, `{field}` being the column's name in the reader's language. */
  record: {
    required: string;
    tooLong: string;
    date: string;
    dateRange: string;
    email: string;
    canton: string;
    workload: string;
    weekdays: string;
    hours: string;
    scale: string;
    ahv: string;
    iban: string;
    language: string;
    endBeforeStart: string;
    unknownManager: string;
    ownManager: string;
    duplicate: string;
    invalid: string;
  };
  fields: Record<string, string>;
}

const TEXTS: Record<Lang, ConsoleCommonTexts> = {
  de: {
    language: "Sprache",
    languageHint:
      "Die Einladung ist in dieser Sprache geschrieben; mit einem Konto wählt die Person ihre Sprache selbst.",
    languageNames: { de: "Deutsch", fr: "Französisch", it: "Italienisch", en: "Englisch" },
    record: {
      required: "{field} fehlt.",
      tooLong: "{field} ist zu lang (höchstens {number} Zeichen).",
      date: "{field}: ein Datum wie 25.11.2026 eingeben.",
      dateRange: "{field}: ein Datum zwischen 1900 und 2100 eingeben.",
      email: "Die E-Mail-Adresse ist ungültig.",
      canton: "Der Kanton muss ein Schweizer Kantonskürzel sein (BE, ZH, TI …).",
      workload: "Das Pensum muss eine Zahl über 0 und höchstens 100 sein.",
      weekdays: "Die Arbeitstage sind ungültig.",
      hours: "Die Wochenstunden müssen zwischen 1 und 60 liegen.",
      scale: "Die Skala muss die Berner, Zürcher oder Basler Skala sein.",
      ahv: "Die AHV-Nummer muss wie 756.1234.5678.97 aussehen.",
      iban: "Die IBAN ist ungültig.",
      language: "Die Sprache muss Deutsch, Französisch, Italienisch oder Englisch sein.",
      endBeforeStart: "Der letzte Arbeitstag liegt vor dem Eintritt.",
      unknownManager: "Die vorgesetzte Person {number} ist nicht bekannt.",
      ownManager: "Niemand ist die eigene vorgesetzte Person.",
      duplicate: "Die Personalnummer {number} steht schon auf Zeile {line}.",
      invalid: "{field} ist ungültig.",
    },
    fields: {
      personnel_number: "Die Personalnummer",
      first_name: "Der Vorname",
      last_name: "Der Nachname",
      employment_start: "Eintritt",
      employment_end: "Letzter Arbeitstag",
      birth_date: "Geburtsdatum",
    },
  },
  fr: {
    language: "Langue",
    languageHint:
      "L'invitation est écrite dans cette langue ; avec un compte, la personne choisit sa langue.",
    languageNames: { de: "allemand", fr: "français", it: "italien", en: "anglais" },
    record: {
      required: "{field} manque.",
      tooLong: "{field} est trop long (au plus {number} caractères).",
      date: "{field} : saisir une date comme 25.11.2026.",
      dateRange: "{field} : saisir une date entre 1900 et 2100.",
      email: "L'adresse e-mail n'est pas valable.",
      canton: "Le canton doit être l'abréviation d'un canton suisse (BE, ZH, TI …).",
      workload: "Le taux d'activité doit être un nombre supérieur à 0 et au plus 100.",
      weekdays: "Les jours de travail ne sont pas valables.",
      hours: "Les heures hebdomadaires doivent être entre 1 et 60.",
      scale: "L'échelle doit être l'échelle bernoise, zurichoise ou bâloise.",
      ahv: "Le numéro AVS doit avoir la forme 756.1234.5678.97.",
      iban: "L'IBAN n'est pas valable.",
      language: "La langue doit être l'allemand, le français, l'italien ou l'anglais.",
      endBeforeStart: "Le dernier jour de travail précède l'entrée.",
      unknownManager: "Le ou la supérieur·e {number} n'est pas connu·e.",
      ownManager: "Personne n'est son propre supérieur.",
      duplicate: "Le numéro de personnel {number} figure déjà à la ligne {line}.",
      invalid: "{field} n'est pas valable.",
    },
    fields: {
      personnel_number: "Le numéro de personnel",
      first_name: "Le prénom",
      last_name: "Le nom",
      employment_start: "Entrée",
      employment_end: "Dernier jour de travail",
      birth_date: "Date de naissance",
    },
  },
  it: {
    language: "Lingua",
    languageHint: "L'invito è scritto in questa lingua; con un account la persona sceglie la sua lingua.",
    languageNames: { de: "tedesco", fr: "francese", it: "italiano", en: "inglese" },
    record: {
      required: "Manca {field}.",
      tooLong: "Troppo lungo: {field} (al massimo {number} caratteri).",
      date: "{field}: inserire una data come 25.11.2026.",
      dateRange: "{field}: inserire una data tra il 1900 e il 2100.",
      email: "L'indirizzo e-mail non è valido.",
      canton: "Il cantone deve essere la sigla di un cantone svizzero (BE, ZH, TI …).",
      workload: "Il grado di occupazione deve essere un numero superiore a 0 e al massimo 100.",
      weekdays: "I giorni lavorativi non sono validi.",
      hours: "Le ore settimanali devono essere tra 1 e 60.",
      scale: "La scala deve essere la scala bernese, zurighese o basilese.",
      ahv: "Il numero AVS deve avere la forma 756.1234.5678.97.",
      iban: "L'IBAN non è valido.",
      language: "La lingua deve essere tedesco, francese, italiano o inglese.",
      endBeforeStart: "L'ultimo giorno di lavoro precede l'entrata.",
      unknownManager: "Il o la superiore {number} non è noto/a.",
      ownManager: "Nessuno è il proprio superiore.",
      duplicate: "Il numero del personale {number} compare già alla riga {line}.",
      invalid: "Non valido: {field}.",
    },
    fields: {
      personnel_number: "il numero del personale",
      first_name: "il nome",
      last_name: "il cognome",
      employment_start: "Entrata",
      employment_end: "Ultimo giorno di lavoro",
      birth_date: "Data di nascita",
    },
  },
  en: {
    language: "Language",
    languageHint:
      "The invitation is written in this language; with an account, the person chooses their own.",
    languageNames: { de: "German", fr: "French", it: "Italian", en: "English" },
    record: {
      required: "{field} is missing.",
      tooLong: "{field} is too long (at most {number} characters).",
      date: "{field}: enter a date such as 25.11.2026.",
      dateRange: "{field}: enter a date from 1900 to 2100.",
      email: "The e-mail address is not valid.",
      canton: "The canton must be a Swiss canton's code (BE, ZH, TI …).",
      workload: "The workload must be a number above 0 and at most 100.",
      weekdays: "The working weekdays are not valid.",
      hours: "The weekly hours must be from 1 to 60.",
      scale: "The scale must be the Bern, Zurich or Basel scale.",
      ahv: "The AHV number must look like 756.1234.5678.97.",
      iban: "The IBAN is not valid.",
      language: "The language must be German, French, Italian or English.",
      endBeforeStart: "The last working day is before the start.",
      unknownManager: "The manager {number} is not known.",
      ownManager: "Nobody is their own manager.",
      duplicate: "The personnel number {number} already appears on line {line}.",
      invalid: "{field} is not valid.",
    },
    fields: {
      personnel_number: "The personnel number",
      first_name: "The first name",
      last_name: "The last name",
      employment_start: "Start",
      employment_end: "Last working day",
      birth_date: "Birth date",
    },
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
 * A service's refusal in the reader's language: the catalogue's text (src/i18n/messages); one without a
 * catalogue id (a bug the catalogue test looks for) as the service said it.
 */
export function refusalText(e: AppError, lang: string): string {
  return e.msg ? textOf(e, langOr(lang)) : e.message;
}

/** One problem of an employee record (`RecordProblem`) in the reader's language. */
export function recordProblemText(problem: RecordProblem, lang: string): string {
  const t = TEXTS[langOr(lang)];
  return fill(t.record[problem.code], {
    field: t.fields[problem.field] ?? problem.field,
    number: problem.value ?? "",
    line: problem.firstLine ?? "",
  });
}
