/**
 * The catalogue's refusals of the field rules (see mod.ts): the one rule each input field has, whichever door
 * it came through (portal, connector, HR console, CLI). German first, then French, Italian, English. `{value}`
 * is the value as it was sent, so the person sees what was refused.
 */
import type { Catalogue } from "./types.ts";

/** One text per field rule in `src/domain/fields.ts`. */
export const FIELD_MESSAGES = {
  "field.projectCode": {
    de: "Der Projektcode besteht aus 1 bis 32 Buchstaben, Ziffern, «.», «_» oder «-» ohne Leerzeichen, " +
      "nicht «{value}».",
    fr: "Le code de projet compte 1 à 32 lettres, chiffres, « . », « _ » ou « - » sans espace, " +
      "pas « {value} ».",
    it: "Il codice progetto conta da 1 a 32 lettere, cifre, «.», «_» o «-» senza spazi, non «{value}».",
    en: "A project code is 1 to 32 letters, digits, '.', '_' or '-' without spaces, not \"{value}\".",
  },
  "field.textTooLong": {
    de: "Der Text darf höchstens {max} Zeichen lang sein, dieser hat {length}.",
    fr: "Le texte compte au plus {max} caractères, celui-ci en a {length}.",
    it: "Il testo conta al massimo {max} caratteri, questo ne ha {length}.",
    en: "The text may be at most {max} characters long, this one has {length}.",
  },
  "field.date": {
    de: "«{value}» ist kein Kalendertag vom 01.01.1900 bis 31.12.2100.",
    fr: "« {value} » n'est pas un jour du calendrier du 01.01.1900 au 31.12.2100.",
    it: "«{value}» non è un giorno del calendario dal 01.01.1900 al 31.12.2100.",
    en: '"{value}" is not a calendar day from 01.01.1900 to 31.12.2100.',
  },
  "field.language": {
    de: "Die Sprache muss eine von {langs} sein, nicht «{value}».",
    fr: "La langue doit être l'une de {langs}, pas « {value} ».",
    it: "La lingua deve essere una tra {langs}, non «{value}».",
    en: 'The language must be one of {langs}, not "{value}".',
  },
  "field.weekdays": {
    de: "Die Arbeitstage sind Wochentage von 1 bis 7 (1 = Montag), jeder höchstens einmal, nicht «{value}».",
    fr: "Les jours de travail sont des jours de 1 à 7 (1 = lundi), chacun au plus une fois, pas « {value} ».",
    it:
      "I giorni lavorativi sono giorni da 1 a 7 (1 = lunedì), ciascuno al massimo una volta, non «{value}».",
    en: 'The working days are weekdays from 1 to 7 (1 = Monday), each at most once, not "{value}".',
  },
  "field.phone": {
    de: "Die Telefonnummer muss wie +41 31 123 45 67 aussehen (6 bis 30 Ziffern), nicht «{value}».",
    fr: "Le numéro de téléphone doit avoir la forme +41 31 123 45 67 (6 à 30 chiffres), pas « {value} ».",
    it: "Il numero di telefono deve avere la forma +41 31 123 45 67 (da 6 a 30 cifre), non «{value}».",
    en: 'The phone number must look like +41 31 123 45 67 (6 to 30 digits), not "{value}".',
  },
  "field.postalCode": {
    de: "Die Postleitzahl besteht aus 1 bis 10 Buchstaben, Ziffern, Leerzeichen oder «-», nicht «{value}».",
    fr: "Le numéro postal compte 1 à 10 lettres, chiffres, espaces ou « - », pas « {value} ».",
    it: "Il numero postale conta da 1 a 10 lettere, cifre, spazi o «-», non «{value}».",
    en: "The postal code is 1 to 10 letters, digits, spaces or '-', not \"{value}\".",
  },
  "field.country": {
    de: "Das Land ist ein Ländercode aus zwei Buchstaben wie CH, nicht «{value}».",
    fr: "Le pays est un code de deux lettres comme CH, pas « {value} ».",
    it: "Il paese è un codice di due lettere come CH, non «{value}».",
    en: 'The country is a two-letter code such as CH, not "{value}".',
  },
} as const satisfies Catalogue;
