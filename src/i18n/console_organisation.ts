/**
 * Texts of the HR console's organisation page in the four languages people read; German is the source and
 * the fallback. Placeholders in `{braces}` are filled with `fill` (i18n/mod.ts).
 */
import type { Lang } from "./mod.ts";

export interface OrganisationTexts {
  organisation: string;
  intro: string;
  name: string;
  canton: string;
  cantonHint: string;
  payday: string;
  paydayHint: string;
  languages: string;
  languagesHint: string;
  languageNames: Record<"de" | "fr" | "it" | "en", string>;
  halfDays: string;
  halfDayNames: Record<"12-24" | "12-31", string>;
  timeZone: string;
  timeZoneHint: string;
  saved: string;
  regionalDays: string;
  regionalDaysHint: string;
}

export const ORGANISATION_TEXTS: Record<Lang, OrganisationTexts> = {
  de: {
    organisation: "Organisation",
    intro: "Die Einstellungen der ganzen Organisation. Sie gelten ab dem Speichern für alle.",
    name: "Name der Organisation",
    canton: "Kanton des Sitzes",
    cantonHint: "Gilt für Personen, deren Dossier keinen Kanton nennt.",
    payday: "Zahltag (Tag des Monats)",
    paydayHint: "Fällt er auf ein Wochenende oder einen Feiertag, wird am Arbeitstag davor ausbezahlt.",
    languages: "Sprachen der Organisation",
    languagesHint: "Deutsch ist die Ausgangssprache und immer dabei.",
    languageNames: { de: "Deutsch", fr: "Französisch", it: "Italienisch", en: "Englisch" },
    halfDays: "Übliche freie Halbtage",
    halfDayNames: {
      "12-24": "Heiligabend-Nachmittag (24. Dezember)",
      "12-31": "Silvester-Nachmittag (31. Dezember)",
    },
    timeZone: "Zeitzone",
    timeZoneHint: "Wird mit TIME_ZONE beim Start des Dienstes festgelegt.",
    saved: "Die Einstellungen sind gespeichert.",
    regionalDays: "Regionale Feiertage der Arbeitsorte",
    regionalDaysHint:
      "Tage, die nur in einem Teil des Kantons gelten (Bezirk, Gemeinde, inneres Land): angekreuzt gilt der Tag für alle, die in diesem Kanton arbeiten.",
  },
  fr: {
    organisation: "Organisation",
    intro: "Les réglages de toute l'organisation. Ils valent pour tous dès l'enregistrement.",
    name: "Nom de l'organisation",
    canton: "Canton du siège",
    cantonHint: "Vaut pour les personnes dont le dossier ne nomme pas de canton.",
    payday: "Jour de paie (jour du mois)",
    paydayHint: "S'il tombe un week-end ou un jour férié, le salaire est versé le jour ouvrable précédent.",
    languages: "Langues de l'organisation",
    languagesHint: "L'allemand est la langue source et toujours présent.",
    languageNames: { de: "allemand", fr: "français", it: "italien", en: "anglais" },
    halfDays: "Demi-journées libres usuelles",
    halfDayNames: { "12-24": "Après-midi du 24 décembre", "12-31": "Après-midi du 31 décembre" },
    timeZone: "Fuseau horaire",
    timeZoneHint: "Fixé par TIME_ZONE au démarrage du service.",
    saved: "Les réglages sont enregistrés.",
    regionalDays: "Jours fériés régionaux des lieux de travail",
    regionalDaysHint:
      "Jours fériés d'une partie du canton seulement (district, commune) : cochés, ils valent pour toutes les personnes qui travaillent dans ce canton.",
  },
  it: {
    organisation: "Organizzazione",
    intro: "Le impostazioni di tutta l'organizzazione. Valgono per tutti dal salvataggio.",
    name: "Nome dell'organizzazione",
    canton: "Cantone della sede",
    cantonHint: "Vale per le persone il cui dossier non indica un cantone.",
    payday: "Giorno di paga (giorno del mese)",
    paydayHint:
      "Se cade di fine settimana o in un giorno festivo, il salario è versato il giorno lavorativo prima.",
    languages: "Lingue dell'organizzazione",
    languagesHint: "Il tedesco è la lingua di partenza ed è sempre presente.",
    languageNames: { de: "tedesco", fr: "francese", it: "italiano", en: "inglese" },
    halfDays: "Mezze giornate libere usuali",
    halfDayNames: { "12-24": "Pomeriggio del 24 dicembre", "12-31": "Pomeriggio del 31 dicembre" },
    timeZone: "Fuso orario",
    timeZoneHint: "Fissato con TIME_ZONE all'avvio del servizio.",
    saved: "Le impostazioni sono salvate.",
    regionalDays: "Giorni festivi regionali dei luoghi di lavoro",
    regionalDaysHint:
      "Giorni festivi solo in una parte del cantone (distretto, comune): se spuntati valgono per tutte le persone che lavorano in quel cantone.",
  },
  en: {
    organisation: "Organisation",
    intro: "Settings of the whole organisation. They apply to everyone once saved.",
    name: "Name of the organisation",
    canton: "Canton of the head office",
    cantonHint: "Applies to people whose file names no canton.",
    payday: "Payday (day of the month)",
    paydayHint: "When it falls on a weekend or a public holiday, pay is made on the working day before.",
    languages: "Languages of the organisation",
    languagesHint: "German is the source language and always included.",
    languageNames: { de: "German", fr: "French", it: "Italian", en: "English" },
    halfDays: "Customary half days off",
    halfDayNames: {
      "12-24": "Christmas Eve afternoon (24 December)",
      "12-31": "New Year's Eve afternoon (31 December)",
    },
    timeZone: "Time zone",
    timeZoneHint: "Set with TIME_ZONE when the service starts.",
    saved: "The settings are saved.",
    regionalDays: "Regional holidays of the places of work",
    regionalDaysHint:
      "Days kept only in part of a canton (a district, a commune, the inner part): ticked, the day is off for everyone working in that canton.",
  },
};

export function organisationTexts(lang: string): OrganisationTexts {
  return ORGANISATION_TEXTS[lang as Lang] ?? ORGANISATION_TEXTS.de;
}
