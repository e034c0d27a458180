/**
 * The catalogue's texts of an employee record's problems (`RecordProblem`, src/services/employee_records.ts):
 * one per problem code, `{field}` being the column's name in the reader's language. The HR console says a
 * refused record's problems with them, and a refusal that carries them (a hire whose record was refused) says
 * them in its reader's language too.
 */
export const RECORD_MESSAGES = {
  "record.required": {
    de: "{field} fehlt.",
    fr: "{field} manque.",
    it: "Manca {field}.",
    en: "{field} is missing.",
  },
  "record.tooLong": {
    de: "{field} ist zu lang (höchstens {number} Zeichen).",
    fr: "{field} est trop long (au plus {number} caractères).",
    it: "Troppo lungo: {field} (al massimo {number} caratteri).",
    en: "{field} is too long (at most {number} characters).",
  },
  "record.date": {
    de: "{field}: ein Datum wie 25.11.2026 eingeben.",
    fr: "{field} : saisir une date comme 25.11.2026.",
    it: "{field}: inserire una data come 25.11.2026.",
    en: "{field}: enter a date such as 25.11.2026.",
  },
  "record.dateRange": {
    de: "{field}: ein Datum zwischen 1900 und 2100 eingeben.",
    fr: "{field} : saisir une date entre 1900 et 2100.",
    it: "{field}: inserire una data tra il 1900 e il 2100.",
    en: "{field}: enter a date from 1900 to 2100.",
  },
  "record.email": {
    de: "Die E-Mail-Adresse ist ungültig.",
    fr: "L'adresse e-mail n'est pas valable.",
    it: "L'indirizzo e-mail non è valido.",
    en: "The e-mail address is not valid.",
  },
  "record.canton": {
    de: "Der Kanton muss ein Schweizer Kantonskürzel sein (BE, ZH, TI …).",
    fr: "Le canton doit être l'abréviation d'un canton suisse (BE, ZH, TI …).",
    it: "Il cantone deve essere la sigla di un cantone svizzero (BE, ZH, TI …).",
    en: "The canton must be a Swiss canton's code (BE, ZH, TI …).",
  },
  "record.workload": {
    de: "Das Pensum muss eine Zahl über 0 und höchstens 100 sein.",
    fr: "Le taux d'activité doit être un nombre supérieur à 0 et au plus 100.",
    it: "Il grado di occupazione deve essere un numero superiore a 0 e al massimo 100.",
    en: "The workload must be a number above 0 and at most 100.",
  },
  "record.weekdays": {
    de: "Die Arbeitstage sind ungültig.",
    fr: "Les jours de travail ne sont pas valables.",
    it: "I giorni lavorativi non sono validi.",
    en: "The working weekdays are not valid.",
  },
  "record.hours": {
    de: "Die Wochenstunden müssen zwischen 1 und 60 liegen.",
    fr: "Les heures hebdomadaires doivent être entre 1 et 60.",
    it: "Le ore settimanali devono essere tra 1 e 60.",
    en: "The weekly hours must be from 1 to 60.",
  },
  "record.scale": {
    de: "Die Skala muss die Berner, Zürcher oder Basler Skala sein.",
    fr: "L'échelle doit être l'échelle bernoise, zurichoise ou bâloise.",
    it: "La scala deve essere la scala bernese, zurighese o basilese.",
    en: "The scale must be the Bern, Zurich or Basel scale.",
  },
  "record.ahv": {
    de: "Die AHV-Nummer muss wie 756.1234.5678.97 aussehen.",
    fr: "Le numéro AVS doit avoir la forme 756.1234.5678.97.",
    it: "Il numero AVS deve avere la forma 756.1234.5678.97.",
    en: "The AHV number must look like 756.1234.5678.97.",
  },
  "record.iban": {
    de: "Die IBAN ist ungültig.",
    fr: "L'IBAN n'est pas valable.",
    it: "L'IBAN non è valido.",
    en: "The IBAN is not valid.",
  },
  "record.phone": {
    de: "Die Telefonnummer muss wie +41 31 123 45 67 aussehen.",
    fr: "Le numéro de téléphone doit avoir la forme +41 31 123 45 67.",
    it: "Il numero di telefono deve avere la forma +41 31 123 45 67.",
    en: "The phone number must look like +41 31 123 45 67.",
  },
  "record.postalCode": {
    de: "Die Postleitzahl muss wie 3011 aussehen (höchstens 10 Buchstaben, Ziffern, Leerzeichen oder «-»).",
    fr: "Le numéro postal doit avoir la forme 3011 (au plus 10 lettres, chiffres, espaces ou « - »).",
    it: "Il numero postale deve avere la forma 3011 (al massimo 10 lettere, cifre, spazi o «-»).",
    en: "The postal code must look like 3011 (at most 10 letters, digits, spaces or '-').",
  },
  "record.language": {
    de: "Die Sprache muss Deutsch, Französisch, Italienisch oder Englisch sein.",
    fr: "La langue doit être l'allemand, le français, l'italien ou l'anglais.",
    it: "La lingua deve essere tedesco, francese, italiano o inglese.",
    en: "The language must be German, French, Italian or English.",
  },
  "record.endBeforeStart": {
    de: "Der letzte Arbeitstag liegt vor dem Eintritt.",
    fr: "Le dernier jour de travail précède l'entrée.",
    it: "L'ultimo giorno di lavoro precede l'entrata.",
    en: "The last working day is before the start.",
  },
  "record.unknownManager": {
    de: "Die vorgesetzte Person {number} ist nicht bekannt.",
    fr: "Le ou la supérieur·e {number} n'est pas connu·e.",
    it: "Il o la superiore {number} non è noto/a.",
    en: "The manager {number} is not known.",
  },
  "record.ownManager": {
    de: "Niemand ist die eigene vorgesetzte Person.",
    fr: "Personne n'est son propre supérieur.",
    it: "Nessuno è il proprio superiore.",
    en: "Nobody is their own manager.",
  },
  "record.duplicate": {
    de: "Die Personalnummer {number} steht schon auf Zeile {line}.",
    fr: "Le numéro de personnel {number} figure déjà à la ligne {line}.",
    it: "Il numero del personale {number} compare già alla riga {line}.",
    en: "The personnel number {number} already appears on line {line}.",
  },
  "record.invalid": {
    de: "{field} ist ungültig.",
    fr: "{field} n'est pas valable.",
    it: "Non valido: {field}.",
    en: "{field} is not valid.",
  },
  "record.cantonNeedsDate": {
    de:
      "Der Arbeitskanton ändert von {number}: im Feld «Kanton gültig ab» (canton_valid_from) angeben, ab welchem Tag der neue Kanton gilt, sonst würden die Feiertage der Vergangenheit umgeschrieben.",
    fr:
      "Le canton de travail change (jusqu'ici {number}) : indiquer dans le champ « Canton valable dès » (canton_valid_from) le jour dès lequel le nouveau canton s'applique, sinon les jours fériés du passé seraient réécrits.",
    it:
      "Il cantone di lavoro cambia (finora {number}): indicare nel campo «Cantone valido dal» (canton_valid_from) il giorno da cui vale il nuovo cantone, altrimenti i giorni festivi del passato verrebbero riscritti.",
    en:
      "The canton of work changes from {number}: give in the field “Canton valid from” (canton_valid_from) the day the new canton applies from, otherwise the past's public holidays would be rewritten.",
  },
  "record.cantonDateBeforeStart": {
    de: "«Kanton gültig ab» (canton_valid_from) liegt vor dem Eintritt.",
    fr: "« Canton valable dès » (canton_valid_from) précède l'entrée.",
    it: "«Cantone valido dal» (canton_valid_from) precede l'entrata.",
    en: "“Canton valid from” (canton_valid_from) is before the start.",
  },
  "record.cantonDateAfterEnd": {
    de: "«Kanton gültig ab» (canton_valid_from) liegt nach dem letzten Arbeitstag.",
    fr: "« Canton valable dès » (canton_valid_from) suit le dernier jour de travail.",
    it: "«Cantone valido dal» (canton_valid_from) segue l'ultimo giorno di lavoro.",
    en: "“Canton valid from” (canton_valid_from) is after the last working day.",
  },
  "recordField.canton_valid_from": {
    de: "Kanton gültig ab",
    fr: "Canton valable dès",
    it: "Cantone valido dal",
    en: "Canton valid from",
  },
  "recordField.personnel_number": {
    de: "Die Personalnummer",
    fr: "Le numéro de personnel",
    it: "il numero del personale",
    en: "The personnel number",
  },
  "recordField.first_name": {
    de: "Der Vorname",
    fr: "Le prénom",
    it: "il nome",
    en: "The first name",
  },
  "recordField.last_name": {
    de: "Der Nachname",
    fr: "Le nom",
    it: "il cognome",
    en: "The last name",
  },
  "recordField.employment_start": {
    de: "Eintritt",
    fr: "Entrée",
    it: "Entrata",
    en: "Start",
  },
  "recordField.employment_end": {
    de: "Letzter Arbeitstag",
    fr: "Dernier jour de travail",
    it: "Ultimo giorno di lavoro",
    en: "Last working day",
  },
  "recordField.birth_date": {
    de: "Geburtsdatum",
    fr: "Date de naissance",
    it: "Data di nascita",
    en: "Birth date",
  },
} as const;
