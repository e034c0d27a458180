/**
 * Texts of the HR console's leave types pages in the four languages people read; German is the source and
 * the fallback. Placeholders in `{braces}` are filled with `fill` (i18n/mod.ts).
 */
import type { Lang } from "./mod.ts";

export interface LeaveTypeTexts {
  types: string;
  intro: string;
  allTypes: string;
  code: string;
  codeHint: string;
  name: string;
  languageNames: Record<"de" | "fr" | "it" | "en", string>;
  deducts: string;
  overdraft: string;
  overdraftNames: Record<"REFUSE" | "FLAG", string>;
  annualDays: string;
  carryOverMax: string;
  carryOverExpiry: string;
  carryOverExpiryHint: string;
  perEvent: string;
  perEventHint: string;
  eventUnit: string;
  eventUnitNames: Record<"WORKING_DAYS" | "CALENDAR_DAYS", string>;
  eventWithinMonths: string;
  eventWithinMonthsHint: string;
  months: string;
  active: string;
  inactive: string;
  newType: string;
  saved: string;
  unknown: string;
  yes: string;
  no: string;
}

export const LEAVE_TYPE_TEXTS: Record<Lang, LeaveTypeTexts> = {
  de: {
    types: "Abwesenheitsarten",
    intro:
      "Ferien, gesetzliche und übliche Urlaube (Mutterschaft 14 Wochen, anderer Elternteil 2 Wochen, Umzug, Hochzeit …) und ihre Regeln. Eine Art mit Guthaben wird von den Tagen abgezogen, die die Regel jedes Jahr gibt.",
    allTypes: "Alle Abwesenheitsarten",
    code: "Code",
    codeHint: "Grossbuchstaben, Ziffern und _, z. B. MOVING. Ein bestehender Code ändert diese Art.",
    name: "Name",
    languageNames: { de: "Deutsch", fr: "Französisch", it: "Italienisch", en: "Englisch" },
    deducts: "Vom Guthaben abziehen",
    overdraft: "Über das Guthaben hinaus",
    overdraftNames: { REFUSE: "ablehnen", FLAG: "erlauben und markieren" },
    annualDays: "Tage pro Jahr bei einer Fünftagewoche",
    carryOverMax: "Höchstens übertragbare Tage",
    carryOverExpiry: "Übertrag verfällt am (MM-TT)",
    carryOverExpiryHint: "Tag des Folgejahres, z. B. 03-31.",
    perEvent: "Tage pro Ereignis",
    perEventHint:
      "Für Urlaube mit fester Dauer (Mutterschaft 98 Kalendertage, Umzug 1 Arbeitstag). Leer: keine Grenze. Arbeitstage gelten für eine Fünftagewoche und werden der Arbeitswoche der Person angepasst.",
    eventUnit: "Gezählt in",
    eventUnitNames: { WORKING_DAYS: "Arbeitstagen", CALENDAR_DAYS: "Kalendertagen" },
    eventWithinMonths: "Ein Ereignis umfasst Gesuche innerhalb von (Monaten)",
    eventWithinMonthsHint: "Leer: jedes Gesuch ist ein Ereignis. Anderer Elternteil: 6.",
    months: "innert {n} Monaten",
    active: "Kann beantragt werden",
    inactive: "nicht mehr beantragbar",
    newType: "Neue Abwesenheitsart",
    saved: "Die Abwesenheitsart {code} ist gespeichert.",
    unknown: "Keine Abwesenheitsart hat diesen Code.",
    yes: "ja",
    no: "nein",
  },
  fr: {
    types: "Types d'absence",
    intro:
      "Vacances, congés légaux et usuels (maternité 14 semaines, autre parent 2 semaines, déménagement, mariage …) et leurs règles. Un type avec solde est déduit des jours que la règle donne chaque année.",
    allTypes: "Tous les types d'absence",
    code: "Code",
    codeHint: "Majuscules, chiffres et _, p. ex. MOVING. Un code existant modifie ce type.",
    name: "Nom",
    languageNames: { de: "allemand", fr: "français", it: "italien", en: "anglais" },
    deducts: "Déduire du solde",
    overdraft: "Au-delà du solde",
    overdraftNames: { REFUSE: "refuser", FLAG: "accepter et signaler" },
    annualDays: "Jours par an pour une semaine de cinq jours",
    carryOverMax: "Jours reportables au plus",
    carryOverExpiry: "Le report échoit le (MM-JJ)",
    carryOverExpiryHint: "Jour de l'année suivante, p. ex. 03-31.",
    perEvent: "Jours par événement",
    perEventHint:
      "Pour les congés de durée fixe (maternité 98 jours civils, déménagement 1 jour ouvrable). Vide : pas de limite. Les jours ouvrables valent pour une semaine de cinq jours et s'adaptent à la semaine de travail de la personne.",
    eventUnit: "Comptés en",
    eventUnitNames: { WORKING_DAYS: "jours ouvrables", CALENDAR_DAYS: "jours civils" },
    eventWithinMonths: "Un événement regroupe les demandes dans un délai de (mois)",
    eventWithinMonthsHint: "Vide : chaque demande est un événement. Autre parent : 6.",
    months: "dans les {n} mois",
    active: "Peut être demandé",
    inactive: "ne peut plus être demandé",
    newType: "Nouveau type d'absence",
    saved: "Le type d'absence {code} est enregistré.",
    unknown: "Aucun type d'absence n'a ce code.",
    yes: "oui",
    no: "non",
  },
  it: {
    types: "Tipi di assenza",
    intro:
      "Vacanze, congedi legali e usuali (maternità 14 settimane, altro genitore 2 settimane, trasloco, matrimonio …) e le loro regole. Un tipo con saldo è dedotto dai giorni che la regola dà ogni anno.",
    allTypes: "Tutti i tipi di assenza",
    code: "Codice",
    codeHint: "Maiuscole, cifre e _, p. es. MOVING. Un codice esistente modifica quel tipo.",
    name: "Nome",
    languageNames: { de: "tedesco", fr: "francese", it: "italiano", en: "inglese" },
    deducts: "Dedurre dal saldo",
    overdraft: "Oltre il saldo",
    overdraftNames: { REFUSE: "rifiutare", FLAG: "accettare e segnalare" },
    annualDays: "Giorni all'anno per una settimana di cinque giorni",
    carryOverMax: "Giorni riportabili al massimo",
    carryOverExpiry: "Il riporto scade il (MM-GG)",
    carryOverExpiryHint: "Giorno dell'anno seguente, p. es. 03-31.",
    perEvent: "Giorni per evento",
    perEventHint:
      "Per i congedi di durata fissa (maternità 98 giorni civili, trasloco 1 giorno lavorativo). Vuoto: nessun limite. I giorni lavorativi valgono per una settimana di cinque giorni e si adattano alla settimana lavorativa della persona.",
    eventUnit: "Contati in",
    eventUnitNames: { WORKING_DAYS: "giorni lavorativi", CALENDAR_DAYS: "giorni civili" },
    eventWithinMonths: "Un evento comprende le richieste entro (mesi)",
    eventWithinMonthsHint: "Vuoto: ogni richiesta è un evento. Altro genitore: 6.",
    months: "entro {n} mesi",
    active: "Può essere richiesto",
    inactive: "non più richiedibile",
    newType: "Nuovo tipo di assenza",
    saved: "Il tipo di assenza {code} è salvato.",
    unknown: "Nessun tipo di assenza ha questo codice.",
    yes: "sì",
    no: "no",
  },
  en: {
    types: "Leave types",
    intro:
      "Vacation, statutory and common leave (maternity 14 weeks, the other parent 2 weeks, moving, wedding …) and their rules. A type with a balance is taken from the days its rule gives each year.",
    allTypes: "All leave types",
    code: "Code",
    codeHint: "Upper-case letters, digits and _, e.g. MOVING. An existing code changes that type.",
    name: "Name",
    languageNames: { de: "German", fr: "French", it: "Italian", en: "English" },
    deducts: "Taken from a balance",
    overdraft: "Beyond the balance",
    overdraftNames: { REFUSE: "refuse", FLAG: "allow and flag" },
    annualDays: "Days a year for a five-day week",
    carryOverMax: "Days carried over at most",
    carryOverExpiry: "Carry-over expires on (MM-DD)",
    carryOverExpiryHint: "A day of the next year, e.g. 03-31.",
    perEvent: "Days per event",
    perEventHint:
      "For leave of a fixed length (maternity 98 calendar days, moving 1 working day). Empty: no limit. Working days are those of a five-day week, adapted to the person's own working week.",
    eventUnit: "Counted in",
    eventUnitNames: { WORKING_DAYS: "working days", CALENDAR_DAYS: "calendar days" },
    eventWithinMonths: "One event covers requests within (months)",
    eventWithinMonthsHint: "Empty: each request is an event. The other parent: 6.",
    months: "within {n} months",
    active: "Can be requested",
    inactive: "can no longer be requested",
    newType: "New leave type",
    saved: "The leave type {code} is saved.",
    unknown: "No leave type has this code.",
    yes: "yes",
    no: "no",
  },
};

export function leaveTypeTexts(lang: string): LeaveTypeTexts {
  return LEAVE_TYPE_TEXTS[lang as Lang] ?? LEAVE_TYPE_TEXTS.de;
}
