/**
 * The wording of the input rules written in the schemas (src/domain/fields.ts, src/portal/*): what a field must
 * be, said after the field's name ("Ungültiges Feld 'phone': muss eine Telefonnummer … sein"). A schema carries
 * the id and its parameters (`rule` in mod.ts), never a sentence; each door says it in its reader's language.
 * German first, then French, Italian, English. The English texts are those the schemas used to carry, word for
 * word, so the English answers and the operator's messages read as before.
 */
import type { Catalogue } from "./types.ts";

export const RULE_MESSAGES = {
  "rule.string": {
    de: "muss ein Text sein",
    fr: "doit être un texte",
    it: "deve essere un testo",
    en: "must be a string",
  },
  "rule.stringOrNull": {
    de: "muss ein Text oder null sein",
    fr: "doit être un texte ou null",
    it: "deve essere un testo o null",
    en: "must be a string or null",
  },
  "rule.number": {
    de: "muss eine Zahl sein",
    fr: "doit être un nombre",
    it: "deve essere un numero",
    en: "must be a number",
  },
  "rule.notEmpty": {
    de: "darf nicht leer sein",
    fr: "ne doit pas être vide",
    it: "non deve essere vuoto",
    en: "must not be empty",
  },
  "rule.maxChars": {
    de: "darf höchstens {max} Zeichen lang sein",
    fr: "doit compter au plus {max} caractères",
    it: "deve contare al massimo {max} caratteri",
    en: "must be at most {max} characters",
  },
  "rule.email": {
    de: "muss eine E-Mail-Adresse sein",
    fr: "doit être une adresse e-mail",
    it: "deve essere un indirizzo e-mail",
    en: "must be an e-mail address",
  },
  "rule.phone": {
    de: "muss eine Telefonnummer wie +41 31 123 45 67 sein",
    fr: "doit être un numéro de téléphone comme +41 31 123 45 67",
    it: "deve essere un numero di telefono come +41 31 123 45 67",
    en: "must be a phone number such as +41 31 123 45 67",
  },
  "rule.postalCode": {
    de: "muss eine Postleitzahl wie 3011 sein",
    fr: "doit être un numéro postal comme 3011",
    it: "deve essere un numero postale come 3011",
    en: "must be a postal code such as 3011",
  },
  "rule.countryCode": {
    de: "muss ein Ländercode aus zwei Buchstaben wie CH sein",
    fr: "doit être un code de pays de deux lettres comme CH",
    it: "deve essere un codice di paese di due lettere come CH",
    en: "must be a two-letter country code such as CH",
  },
  "rule.oneOf": {
    de: "muss einer der Werte {values} sein",
    fr: "doit être l'une des valeurs {values}",
    it: "deve essere uno dei valori {values}",
    en: "must be one of {values}",
  },
  "rule.either": {
    de: "muss {first} oder {last} sein",
    fr: "doit être {first} ou {last}",
    it: "deve essere {first} o {last}",
    en: "must be {first} or {last}",
  },
  "rule.literal": {
    de: "muss '{value}' sein",
    fr: "doit être '{value}'",
    it: "deve essere '{value}'",
    en: "must be '{value}'",
  },
  "rule.boolean": {
    de: "muss true oder false sein",
    fr: "doit être true ou false",
    it: "deve essere true o false",
    en: "must be true or false",
  },
  "rule.codeChallenge": {
    de: "muss aus 43 base64url-Zeichen bestehen",
    fr: "doit compter 43 caractères base64url",
    it: "deve contare 43 caratteri base64url",
    en: "must be 43 base64url characters",
  },
  "rule.codeVerifier": {
    de: "muss aus 43 bis 128 Zeichen A-Z, a-z, 0-9, '-', '.', '_', '~' bestehen",
    fr: "doit compter 43 à 128 caractères parmi A-Z, a-z, 0-9, '-', '.', '_', '~'",
    it: "deve contare da 43 a 128 caratteri tra A-Z, a-z, 0-9, '-', '.', '_', '~'",
    en: "must be 43 to 128 characters of A-Z, a-z, 0-9, '-', '.', '_', '~'",
  },
  "rule.between": {
    de: "muss zwischen {min} und {max} liegen",
    fr: "doit être entre {min} et {max}",
    it: "deve essere tra {min} e {max}",
    en: "must be between {min} and {max}",
  },
  "rule.fromTo": {
    de: "muss von {min} bis {max} reichen",
    fr: "doit aller de {min} à {max}",
    it: "deve andare da {min} a {max}",
    en: "must be from {min} to {max}",
  },
  "rule.wholeFromTo": {
    de: "muss eine ganze Zahl von {min} bis {max} sein",
    fr: "doit être un nombre entier de {min} à {max}",
    it: "deve essere un numero intero da {min} a {max}",
    en: "must be a whole number from {min} to {max}",
  },
  "rule.atLeast": {
    de: "muss mindestens {min} sein",
    fr: "doit être au moins {min}",
    it: "deve essere almeno {min}",
    en: "must be at least {min}",
  },
  "rule.atMost": {
    de: "darf höchstens {max} sein",
    fr: "doit être au plus {max}",
    it: "deve essere al massimo {max}",
    en: "must be at most {max}",
  },
  "rule.wholePercent": {
    de: "muss ein ganzer Prozentwert sein",
    fr: "doit être un pourcentage entier",
    it: "deve essere una percentuale intera",
    en: "must be a whole percentage",
  },
  "rule.wholeMinutes": {
    de: "muss eine ganze Zahl von Minuten sein",
    fr: "doit être un nombre entier de minutes",
    it: "deve essere un numero intero di minuti",
    en: "must be a whole number of minutes",
  },
  "rule.dateTime": {
    de: "muss ein Zeitpunkt wie 2026-11-18T09:00:00Z sein",
    fr: "doit être un instant comme 2026-11-18T09:00:00Z",
    it: "deve essere un istante come 2026-11-18T09:00:00Z",
    en: "must be a date-time such as 2026-11-18T09:00:00Z",
  },
  "rule.date": {
    de: "muss ein Datum JJJJ-MM-TT sein",
    fr: "doit être une date AAAA-MM-JJ",
    it: "deve essere una data AAAA-MM-GG",
    en: "must be a date YYYY-MM-DD",
  },
  "rule.dateExists": {
    de: "muss ein Datum JJJJ-MM-TT sein, das es gibt",
    fr: "doit être une date AAAA-MM-JJ qui existe",
    it: "deve essere una data AAAA-MM-GG che esiste",
    en: "must be a date YYYY-MM-DD that exists",
  },
  "rule.dateRange": {
    de: "muss ein Datum vom 1900-01-01 bis 2100-12-31 sein",
    fr: "doit être une date du 1900-01-01 au 2100-12-31",
    it: "deve essere una data dal 1900-01-01 al 2100-12-31",
    en: "must be a date from 1900-01-01 to 2100-12-31",
  },
  "rule.time": {
    de: "muss eine Uhrzeit HH:MM sein",
    fr: "doit être une heure HH:MM",
    it: "deve essere un'ora HH:MM",
    en: "must be a time HH:MM",
  },
  "rule.timeRange": {
    de: "muss eine Uhrzeit HH:MM von 00:00 bis 23:59 sein",
    fr: "doit être une heure HH:MM de 00:00 à 23:59",
    it: "deve essere un'ora HH:MM dalle 00:00 alle 23:59",
    en: "must be a time HH:MM between 00:00 and 23:59",
  },
  "rule.projectCode": {
    de: "muss ein Projektcode aus 1 bis 32 Buchstaben, Ziffern, '.', '_' oder '-' sein",
    fr: "doit être un code de projet de 1 à 32 lettres, chiffres, '.', '_' ou '-'",
    it: "deve essere un codice progetto da 1 a 32 lettere, cifre, '.', '_' o '-'",
    en: "must be a project code of 1 to 32 letters, digits, '.', '_' or '-'",
  },
  "rule.leaveTypeCode": {
    de: "muss ein Code einer Abwesenheitsart wie VACATION sein",
    fr: "doit être un code de type d'absence comme VACATION",
    it: "deve essere un codice di tipo di assenza come VACATION",
    en: "must be a leave type code such as VACATION",
  },
  "rule.weekdaysOnce": {
    de: "muss jeden Wochentag höchstens einmal nennen",
    fr: "doit nommer chaque jour de la semaine au plus une fois",
    it: "deve nominare ogni giorno della settimana al massimo una volta",
    en: "must name each weekday at most once",
  },
  "rule.minChars": {
    de: "muss mindestens {min} Zeichen lang sein",
    fr: "doit compter au moins {min} caractères",
    it: "deve contare almeno {min} caratteri",
    en: "must be at least {min} characters",
  },
} as const satisfies Catalogue;
