/**
 * Texts of the public careers page, its application form and the acknowledgement e-mail, in the four
 * languages people read; German is the source and the fallback. Placeholders in `{braces}` are filled with
 * `fill` (i18n/mod.ts).
 */
import type { Lang } from "./mod.ts";

export interface CareersTexts {
  careers: string;
  /** The list's heading with the organisation's name: `{name}`. */
  careersAt: string;
  /** Above a position's title: `{name}`. */
  positionAt: string;
  intro: string;
  none: string;
  workload: string;
  apply: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  language: string;
  languageNames: Record<Lang, string>;
  cv: string;
  letter: string;
  filesHint: string;
  consent: string;
  retention: string;
  send: string;
  thanks: string;
  thanksText: string;
  back: string;
  unknown: string;
  tooMany: string;
  /** The acknowledgement e-mail. */
  mailSubject: string;
  mailText: string;
}

export const CAREERS_TEXTS: Record<Lang, CareersTexts> = {
  de: {
    careers: "Offene Stellen",
    careersAt: "Offene Stellen bei {name}",
    positionAt: "Eine Stelle bei {name}",
    intro: "Wir freuen uns auf Ihre Bewerbung.",
    none: "Zurzeit sind keine Stellen offen.",
    workload: "Pensum",
    apply: "Bewerben",
    firstName: "Vorname",
    lastName: "Nachname",
    email: "E-Mail",
    phone: "Telefon (freiwillig)",
    language: "Sprache für unsere Antwort",
    languageNames: { de: "Deutsch", fr: "Französisch", it: "Italienisch", en: "Englisch" },
    cv: "Lebenslauf (PDF)",
    letter: "Motivationsschreiben (PDF, freiwillig)",
    filesHint: "Je höchstens 5 MB.",
    consent:
      "Ich willige ein, dass meine Angaben und Unterlagen für diese Bewerbung bearbeitet werden (Schweizer Datenschutzgesetz, DSG).",
    retention:
      "Wir bewahren Ihre Bewerbung bis {months} Monate nach Abschluss des Verfahrens auf und löschen sie dann vollständig. Sie können sie jederzeit zurückziehen.",
    send: "Bewerbung senden",
    thanks: "Vielen Dank für Ihre Bewerbung",
    thanksText:
      "Wir haben Ihre Bewerbung für «{position}» erhalten und Ihnen eine Bestätigung per E-Mail gesandt.",
    back: "Zu den offenen Stellen",
    unknown: "Diese Stelle ist nicht (mehr) offen.",
    tooMany: "Zu viele Bewerbungen von dieser Adresse. Bitte versuchen Sie es in {minutes} Minuten wieder.",
    mailSubject: "Ihre Bewerbung: {position}",
    mailText:
      "Guten Tag {firstName}\n\nVielen Dank für Ihre Bewerbung als {position}. Wir haben sie erhalten und melden uns bei Ihnen.\n\nWir bewahren Ihre Unterlagen bis {months} Monate nach Abschluss des Verfahrens auf und löschen sie dann vollständig.\n\nFreundliche Grüsse\n{company}",
  },
  fr: {
    careers: "Postes ouverts",
    careersAt: "Postes ouverts chez {name}",
    positionAt: "Un poste chez {name}",
    intro: "Nous nous réjouissons de recevoir votre candidature.",
    none: "Aucun poste n'est ouvert pour le moment.",
    workload: "Taux d'activité",
    apply: "Postuler",
    firstName: "Prénom",
    lastName: "Nom",
    email: "E-mail",
    phone: "Téléphone (facultatif)",
    language: "Langue de notre réponse",
    languageNames: { de: "allemand", fr: "français", it: "italien", en: "anglais" },
    cv: "Curriculum vitae (PDF)",
    letter: "Lettre de motivation (PDF, facultative)",
    filesHint: "5 Mo au plus chacun.",
    consent:
      "J'accepte que mes données et documents soient traités pour cette candidature (loi suisse sur la protection des données, LPD).",
    retention:
      "Nous conservons votre candidature jusqu'à {months} mois après la fin de la procédure, puis nous la supprimons entièrement. Vous pouvez la retirer à tout moment.",
    send: "Envoyer la candidature",
    thanks: "Merci pour votre candidature",
    thanksText:
      "Nous avons reçu votre candidature pour « {position} » et vous avons envoyé une confirmation par e-mail.",
    back: "Vers les postes ouverts",
    unknown: "Ce poste n'est pas (ou plus) ouvert.",
    tooMany: "Trop de candidatures depuis cette adresse. Veuillez réessayer dans {minutes} minutes.",
    mailSubject: "Votre candidature : {position}",
    mailText:
      "Bonjour {firstName}\n\nMerci pour votre candidature au poste de {position}. Nous l'avons bien reçue et reviendrons vers vous.\n\nNous conservons vos documents jusqu'à {months} mois après la fin de la procédure, puis nous les supprimons entièrement.\n\nMeilleures salutations\n{company}",
  },
  it: {
    careers: "Posti aperti",
    careersAt: "Posti aperti presso {name}",
    positionAt: "Un posto presso {name}",
    intro: "Saremo lieti di ricevere la sua candidatura.",
    none: "Al momento non ci sono posti aperti.",
    workload: "Grado di occupazione",
    apply: "Candidarsi",
    firstName: "Nome",
    lastName: "Cognome",
    email: "E-mail",
    phone: "Telefono (facoltativo)",
    language: "Lingua della nostra risposta",
    languageNames: { de: "tedesco", fr: "francese", it: "italiano", en: "inglese" },
    cv: "Curriculum vitae (PDF)",
    letter: "Lettera di motivazione (PDF, facoltativa)",
    filesHint: "Al massimo 5 MB ciascuno.",
    consent:
      "Acconsento al trattamento dei miei dati e documenti per questa candidatura (legge svizzera sulla protezione dei dati, LPD).",
    retention:
      "Conserviamo la sua candidatura fino a {months} mesi dopo la conclusione della procedura, poi la cancelliamo completamente. Può ritirarla in ogni momento.",
    send: "Inviare la candidatura",
    thanks: "Grazie per la sua candidatura",
    thanksText:
      "Abbiamo ricevuto la sua candidatura per «{position}» e le abbiamo inviato una conferma per e-mail.",
    back: "Ai posti aperti",
    unknown: "Questo posto non è (più) aperto.",
    tooMany: "Troppe candidature da questo indirizzo. Riprovi tra {minutes} minuti.",
    mailSubject: "La sua candidatura: {position}",
    mailText:
      "Buongiorno {firstName}\n\nGrazie per la sua candidatura come {position}. L'abbiamo ricevuta e la ricontatteremo.\n\nConserviamo i suoi documenti fino a {months} mesi dopo la conclusione della procedura, poi li cancelliamo completamente.\n\nCordiali saluti\n{company}",
  },
  en: {
    careers: "Open positions",
    careersAt: "Open positions at {name}",
    positionAt: "A position at {name}",
    intro: "We look forward to your application.",
    none: "No positions are open at the moment.",
    workload: "Workload",
    apply: "Apply",
    firstName: "First name",
    lastName: "Last name",
    email: "E-mail",
    phone: "Phone (optional)",
    language: "Language of our reply",
    languageNames: { de: "German", fr: "French", it: "Italian", en: "English" },
    cv: "CV (PDF)",
    letter: "Cover letter (PDF, optional)",
    filesHint: "At most 5 MB each.",
    consent:
      "I consent to my details and documents being processed for this application (Swiss Federal Act on Data Protection, FADP).",
    retention:
      "We keep your application until {months} months after the procedure ends, then delete it completely. You may withdraw it at any time.",
    send: "Send the application",
    thanks: "Thank you for your application",
    thanksText: "We have received your application for “{position}” and sent you a confirmation by e-mail.",
    back: "To the open positions",
    unknown: "This position is not (or no longer) open.",
    tooMany: "Too many applications from this address. Please try again in {minutes} minutes.",
    mailSubject: "Your application: {position}",
    mailText:
      "Hello {firstName}\n\nThank you for applying as {position}. We have received your application and will be in touch.\n\nWe keep your documents until {months} months after the procedure ends, then delete them completely.\n\nKind regards\n{company}",
  },
};

export function careersTexts(lang: string): CareersTexts {
  return CAREERS_TEXTS[lang as Lang] ?? CAREERS_TEXTS.de;
}
