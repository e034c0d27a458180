/**
 * What every page of the HR console shares beyond its own texts: the person's language field, dates as Swiss
 * readers write them, and the services' refusals in the reader's language (the catalogue's, src/i18n/messages;
 * the employee file's problems by their pattern).
 */
import { type AppError, textOf } from "../errors.ts";
import { fill, type Lang, langOr } from "./mod.ts";

export interface ConsoleCommonTexts {
  language: string;
  languageHint: string;
  languageNames: Record<Lang, string>;
  /** The employee file's problems, `{field}` being the column's name in the reader's language. */
  record: {
    required: string;
    date: string;
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
  };
  fields: Record<string, string>;
  /** The person page's other forms: what was not done, then each problem; `{1}`, `{2}` from the refusal. */
  notDone: Record<NotDone, string>;
  problems: Record<ServiceProblem, string>;
}

type NotDone = "workload" | "document" | "correction";
type ServiceProblem =
  | "firstDayDate"
  | "firstDayAfterStart"
  | "firstDayBeforeEnd"
  | "workloadRange"
  | "needWeekday"
  | "workloadSameDay"
  | "documentName"
  | "dueDate"
  | "duePassed"
  | "alreadyAsked"
  | "year"
  | "daysRange"
  | "halfDays"
  | "note"
  | "noBalance"
  | "noEmployee";

const TEXTS: Record<Lang, ConsoleCommonTexts> = {
  de: {
    language: "Sprache",
    languageHint:
      "Die Einladung ist in dieser Sprache geschrieben; mit einem Konto wählt die Person ihre Sprache selbst.",
    languageNames: { de: "Deutsch", fr: "Französisch", it: "Italienisch", en: "Englisch" },
    record: {
      required: "{field} fehlt.",
      date: "{field}: ein Datum wie 25.11.2026 eingeben.",
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
    },
    fields: {
      personnel_number: "Die Personalnummer",
      first_name: "Der Vorname",
      last_name: "Der Nachname",
      employment_start: "Eintritt",
      employment_end: "Letzter Arbeitstag",
      birth_date: "Geburtsdatum",
    },
    notDone: {
      workload: "Keine Pensumsänderung gespeichert: ",
      document: "Kein Dokument angefordert: ",
      correction: "Keine Korrektur gespeichert: ",
    },
    problems: {
      firstDayDate: "der erste Tag muss ein Datum sein",
      firstDayAfterStart: "der erste Tag muss nach dem Eintritt ({1}) liegen",
      firstDayBeforeEnd: "der erste Tag muss vor dem Austritt ({1}) liegen",
      workloadRange: "das Pensum muss über 0 und höchstens 100 % sein",
      needWeekday: "mindestens ein Arbeitstag ist nötig",
      workloadSameDay: "{1} hat schon eine Pensumsänderung ab {2}; bitte einen anderen Tag wählen",
      documentName: "das Dokument braucht einen Namen von 2 bis 100 Zeichen",
      dueDate: "die Frist muss ein Datum sein",
      duePassed: "die Frist {1} ist vorbei",
      alreadyAsked: "{1} ist schon um «{2}» gebeten",
      year: "das Jahr muss eine ganze Zahl von 2000 bis 2100 sein",
      daysRange: "die Tage müssen eine Zahl ungleich 0 von -{2} bis {2} sein",
      halfDays: "Tage werden in halben Tagen gezählt",
      note: "eine Begründung von 3 bis 500 Zeichen ist nötig (die Person sieht sie in ihrem Saldoverlauf)",
      noBalance: "{1} führt keinen Saldo; es gibt nichts zu korrigieren",
      noEmployee: "die Personalnummer {1} gibt es nicht",
    },
  },
  fr: {
    language: "Langue",
    languageHint:
      "L'invitation est écrite dans cette langue ; avec un compte, la personne choisit sa langue.",
    languageNames: { de: "allemand", fr: "français", it: "italien", en: "anglais" },
    record: {
      required: "{field} manque.",
      date: "{field} : saisir une date comme 25.11.2026.",
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
    },
    fields: {
      personnel_number: "Le numéro de personnel",
      first_name: "Le prénom",
      last_name: "Le nom",
      employment_start: "Entrée",
      employment_end: "Dernier jour de travail",
      birth_date: "Date de naissance",
    },
    notDone: {
      workload: "Aucun changement de taux enregistré : ",
      document: "Aucun document demandé : ",
      correction: "Aucune correction enregistrée : ",
    },
    problems: {
      firstDayDate: "le premier jour doit être une date",
      firstDayAfterStart: "le premier jour doit suivre l'entrée ({1})",
      firstDayBeforeEnd: "le premier jour doit précéder la fin de l'engagement ({1})",
      workloadRange: "le taux doit être supérieur à 0 et au plus 100 %",
      needWeekday: "il faut au moins un jour de travail",
      workloadSameDay: "{1} a déjà un changement de taux dès le {2} ; choisissez un autre jour",
      documentName: "le document a besoin d'un nom de 2 à 100 caractères",
      dueDate: "l'échéance doit être une date",
      duePassed: "l'échéance du {1} est passée",
      alreadyAsked: "{1} a déjà été prié·e de fournir « {2} »",
      year: "l'année doit être un nombre entier de 2000 à 2100",
      daysRange: "les jours doivent être un nombre non nul de -{2} à {2}",
      halfDays: "les jours se comptent par demi-journées",
      note:
        "une justification de 3 à 500 caractères est nécessaire (la personne la voit dans l'historique de son solde)",
      noBalance: "{1} ne tient pas de solde ; il n'y a rien à corriger",
      noEmployee: "le numéro de personnel {1} n'existe pas",
    },
  },
  it: {
    language: "Lingua",
    languageHint: "L'invito è scritto in questa lingua; con un account la persona sceglie la sua lingua.",
    languageNames: { de: "tedesco", fr: "francese", it: "italiano", en: "inglese" },
    record: {
      required: "Manca {field}.",
      date: "{field}: inserire una data come 25.11.2026.",
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
    },
    fields: {
      personnel_number: "il numero del personale",
      first_name: "il nome",
      last_name: "il cognome",
      employment_start: "Entrata",
      employment_end: "Ultimo giorno di lavoro",
      birth_date: "Data di nascita",
    },
    notDone: {
      workload: "Nessuna modifica del grado d'occupazione registrata: ",
      document: "Nessun documento richiesto: ",
      correction: "Nessuna correzione registrata: ",
    },
    problems: {
      firstDayDate: "il primo giorno deve essere una data",
      firstDayAfterStart: "il primo giorno deve seguire l'entrata ({1})",
      firstDayBeforeEnd: "il primo giorno deve precedere la fine dell'impiego ({1})",
      workloadRange: "il grado d'occupazione deve essere superiore a 0 e al massimo 100 %",
      needWeekday: "serve almeno un giorno lavorativo",
      workloadSameDay: "{1} ha già una modifica del grado d'occupazione dal {2}; scegliere un altro giorno",
      documentName: "il documento ha bisogno di un nome da 2 a 100 caratteri",
      dueDate: "la scadenza deve essere una data",
      duePassed: "la scadenza del {1} è passata",
      alreadyAsked: "a {1} è già stato chiesto «{2}»",
      year: "l'anno deve essere un numero intero da 2000 a 2100",
      daysRange: "i giorni devono essere un numero diverso da 0 da -{2} a {2}",
      halfDays: "i giorni si contano a mezze giornate",
      note: "serve una motivazione da 3 a 500 caratteri (la persona la vede nella cronologia del suo saldo)",
      noBalance: "{1} non tiene un saldo; non c'è nulla da correggere",
      noEmployee: "il numero del personale {1} non esiste",
    },
  },
  en: {
    language: "Language",
    languageHint:
      "The invitation is written in this language; with an account, the person chooses their own.",
    languageNames: { de: "German", fr: "French", it: "Italian", en: "English" },
    record: {
      required: "{field} is missing.",
      date: "{field}: enter a date such as 25.11.2026.",
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
    },
    fields: {
      personnel_number: "The personnel number",
      first_name: "The first name",
      last_name: "The last name",
      employment_start: "Start",
      employment_end: "Last working day",
      birth_date: "Birth date",
    },
    notDone: {
      workload: "No workload change was recorded: ",
      document: "No document was asked for: ",
      correction: "No adjustment was made: ",
    },
    problems: {
      firstDayDate: "the first day must be a date",
      firstDayAfterStart: "the first day must be after the employment starts ({1})",
      firstDayBeforeEnd: "the first day must be before the employment ends ({1})",
      workloadRange: "the workload must be above 0 and at most 100 %",
      needWeekday: "at least one working weekday is needed",
      workloadSameDay: "{1} already has a workload change from {2}; choose another day",
      documentName: "the document needs a name of 2 to 100 characters",
      dueDate: "the due day must be a date",
      duePassed: "the due day {1} has passed",
      alreadyAsked: '{1} is already asked for "{2}"',
      year: "the year must be a whole number from 2000 to 2100",
      daysRange: "the days must be a non-zero number from -{2} to {2}",
      halfDays: "days are counted in half days",
      note: "a note of 3 to 500 characters says why (the person sees it in their balance history)",
      noBalance: "{1} keeps no balance; there is nothing to adjust",
      noEmployee: "there is no employee with the personnel number {1}",
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
 * A service's refusal in the reader's language: the catalogue's text (src/i18n/messages), else one the
 * console knows by its pattern, else as the service said it.
 */
export function refusalText(e: AppError, lang: string): string {
  if (e.msg) return textOf(e, langOr(lang));
  return serviceProblemText(e.message, lang);
}

/** What the person page's workload, document and correction services say was not done. */
const NOT_DONE: [string, NotDone][] = [
  ["No workload change was recorded: ", "workload"],
  ["No document was asked for: ", "document"],
  ["No adjustment was made: ", "correction"],
];

/** Their problems (and refusals of their own), by pattern; the groups fill `{1}` and `{2}`. */
const SERVICE_PATTERNS: [RegExp, ServiceProblem][] = [
  [/^the first day must be a date YYYY-MM-DD, got "(.*)"$/, "firstDayDate"],
  [/^the first day must be after the employment starts \((\S+)\)$/, "firstDayAfterStart"],
  [/^the first day must be before the employment ends \((\S+)\)$/, "firstDayBeforeEnd"],
  [/^the workload must be above 0 and at most 100 %, got (.*)$/, "workloadRange"],
  [/^at least one working weekday \(.*\) is needed$/, "needWeekday"],
  [/^(\S+) already has a workload change from (\S+); choose another day\.?$/, "workloadSameDay"],
  [/^the document needs a name of 2 to 100 characters$/, "documentName"],
  [/^the due day must be a date YYYY-MM-DD, got "(.*)"$/, "dueDate"],
  [/^the due day (\S+) has passed$/, "duePassed"],
  [/^(\S+) is already asked for "(.*)"\.?$/, "alreadyAsked"],
  [/^year must be a whole number from 2000 to 2100, got (.*)$/, "year"],
  [/^days must be a non-zero number from -(\S+) to (\S+)$/, "daysRange"],
  [/^days are counted in half days, got (.*)$/, "halfDays"],
  [/^a note of 3 to 500 characters says why/, "note"],
  [/^(\S+) keeps no balance; there is nothing to adjust\.?$/, "noBalance"],
  [/^There is no employee with the personnel number "(.*)"\.?$/, "noEmployee"],
];

function serviceProblem(part: string, t: ConsoleCommonTexts, lang: string): string | null {
  for (const [re, key] of SERVICE_PATTERNS) {
    const m = re.exec(part);
    if (m) return fill(t.problems[key], { 1: swissDate(m[1], lang), 2: swissDate(m[2], lang) });
  }
  return null;
}

/**
 * A refusal of the person page's workload, document or correction services in the reader's language: what
 * was not done and each problem, or the single refusal. One the console does not know, or with a problem it
 * does not know, stays as the service said it (never half translated).
 */
export function serviceProblemText(message: string, lang: string): string {
  const t = TEXTS[langOr(lang)];
  const single = serviceProblem(message, t, lang);
  if (single !== null) return `${single.charAt(0).toUpperCase()}${single.slice(1)}.`;
  const head = NOT_DONE.find(([prefix]) => message.startsWith(prefix));
  if (!head) return message;
  const parts = message.slice(head[0].length).replace(/\.$/, "").split("; ")
    .map((part) => serviceProblem(part, t, lang));
  if (parts.some((part) => part === null)) return message;
  return `${t.notDone[head[1]]}${parts.join("; ")}.`;
}

/** The employee file's problems, by their pattern, for the reader (`line N:` already taken off). */
const RECORD_PATTERNS: [RegExp, keyof ConsoleCommonTexts["record"]][] = [
  [/^(\w+) is required$/, "required"],
  [/^(\w+) must be a date YYYY-MM-DD or DD\.MM\.YYYY$/, "date"],
  [/^work_email is not an e-mail address$/, "email"],
  [/^canton must be /, "canton"],
  [/^workload_percent must be /, "workload"],
  [/^working_weekdays /, "weekdays"],
  [/^weekly_hours must be /, "hours"],
  [/^salary_continuation_scale must be /, "scale"],
  [/^ahv_number must look like /, "ahv"],
  [/^iban is not an IBAN$/, "iban"],
  [/^language must be /, "language"],
  [/^employment_end is before employment_start$/, "endBeforeStart"],
  [/^manager (\S+) is neither in the file nor known$/, "unknownManager"],
  [/^a person cannot be their own manager$/, "ownManager"],
];

/** One problem of an employee record in the reader's language; one the console does not know stays as it is. */
export function recordProblemText(problem: string, lang: string): string {
  const t = TEXTS[langOr(lang)];
  for (const [re, key] of RECORD_PATTERNS) {
    const m = re.exec(problem);
    if (!m) continue;
    const field = m[1] ? t.fields[m[1]] ?? m[1] : "";
    return fill(t.record[key], { field, number: m[1] ?? "" });
  }
  return problem;
}
