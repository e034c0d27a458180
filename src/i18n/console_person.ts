/**
 * Texts of the HR console's page of one person in the four languages people read; German is the source and
 * the fallback. Placeholders in `{braces}` are filled with `fill` (i18n/mod.ts).
 */
import type { Lang } from "./mod.ts";
import { scaleNamesIn } from "./scales.ts";

export interface PersonTexts {
  intro: string;
  phone: string;
  manager: string;
  noManager: string;
  department: string;
  jobTitle: string;
  end: string;
  endHint: string;
  cantonFrom: string;
  cantonFromHint: string;
  weeklyHours: string;
  scale: string;
  scaleNames: Record<"BERNER" | "ZUERCHER" | "BASLER", string>;
  saved: string;
  unknown: string;
  back: string;
  ended: string;
  account: string;
  noAccount: string;
  active: string;
  deactivatedState: string;
  deactivate: string;
  reactivate: string;
  roleSaved: string;
  deactivated: string;
  reactivated: string;
  correction: string;
  correctionIntro: string;
  leaveType: string;
  year: string;
  days: string;
  daysHint: string;
  note: string;
  corrected: string;
  workload: string;
  workloadIntro: string;
  workloadFrom: string;
  workloadPercent: string;
  workloadSaved: string;
  askDocument: string;
  askDocumentIntro: string;
  documentKind: string;
  dueDate: string;
  documentAsked: string;
  /** Filing a person's own document (contract, salary certificate) for the portal. */
  fileDocument: string;
  fileDocumentIntro: string;
  fileKinds: Record<"CONTRACT" | "SALARY_CERTIFICATE" | "OTHER", string>;
  fileKind: string;
  fileTitle: string;
  fileYear: string;
  fileFile: string;
  documentFiled: string;
}

export const PERSON_TEXTS: Record<Lang, PersonTexts> = {
  de: {
    intro:
      "Die Angaben des Personaldossiers. AHV-Nummer, IBAN und Adresse ändert die Person selbst mit einem Änderungswunsch, den HR im Eingang übernimmt.",
    phone: "Telefon",
    manager: "Vorgesetzte Person",
    noManager: "keine (Gesuche gehen an HR)",
    department: "Abteilung",
    jobTitle: "Funktion",
    end: "Letzter Arbeitstag",
    endHint: "Leer lassen, solange die Anstellung dauert.",
    cantonFrom: "Neuer Kanton gültig ab",
    cantonFromHint:
      "Bei einem Wechsel des Arbeitsorts: der erste Tag im neuen Kanton. Die Feiertage davor bleiben die des bisherigen Kantons; bereits eingereichte Abwesenheiten danach werden neu berechnet.",
    weeklyHours: "Wochenstunden bei 100 %",
    scale: "Lohnfortzahlung bei Krankheit",
    scaleNames: scaleNamesIn("de"),
    saved: "Die Angaben von {name} sind gespeichert.",
    unknown: "Keine Person hat diese Personalnummer.",
    back: "Zurück zu den Personen",
    ended: "Anstellung endet am {date}",
    account: "Konto",
    noAccount: "Noch kein Konto; eine Einladung geht von der Personenliste aus.",
    active: "aktiv",
    deactivatedState: "deaktiviert",
    deactivate: "Deaktivieren",
    reactivate: "Wieder aktivieren",
    roleSaved: "Die Rolle von {email} ist jetzt {role}.",
    deactivated: "{email} ist deaktiviert und überall abgemeldet.",
    reactivated: "{email} ist wieder aktiv.",
    correction: "Korrektur des Guthabens",
    correctionIntro:
      "Ein Zuschlag oder Abzug auf das Guthaben eines Jahres, mit einer Begründung, die die Person in ihrer Guthabengeschichte sieht.",
    leaveType: "Art",
    year: "Jahr",
    days: "Tage",
    daysHint: "Positiv gibt Tage, negativ nimmt sie; in halben Tagen.",
    note: "Begründung",
    corrected: "Das Guthaben {type} {year} von {name} ist um {days} Tage korrigiert.",
    workload: "Pensum ab einem Datum",
    workloadIntro:
      "Ein neues Pensum oder neue Arbeitstage ab einem Tag. Das Ferienguthaben des Jahres wird nach Kalendertagen aufgeteilt; die Tage davor bleiben, wie sie waren.",
    workloadFrom: "Ab",
    workloadPercent: "Pensum (%)",
    workloadSaved: "Das Pensum von {name} ist ab {date} {percent} %.",
    askDocument: "Dokument anfordern",
    askDocumentIntro:
      "Die Person sieht die Anforderung in ihren Aufgaben und lädt die Datei im Portal hoch; sie erscheint dann im Eingang.",
    documentKind: "Dokument (z. B. Diplomkopie)",
    dueDate: "Bis (freiwillig)",
    documentAsked: "{name} ist um «{kind}» gebeten.",
    fileDocument: "Dokument ablegen",
    fileDocumentIntro:
      "Vertrag, Lohnausweis oder ein anderes Schreiben: die Person sieht es im Portal unter «Meine Dokumente», niemand sonst ausser HR. PDF oder Foto, höchstens 10 MB.",
    fileKinds: { CONTRACT: "Arbeitsvertrag", SALARY_CERTIFICATE: "Lohnausweis", OTHER: "Anderes" },
    fileKind: "Art",
    fileTitle: "Titel",
    fileYear: "Jahr (Lohnausweis)",
    fileFile: "Datei",
    documentFiled: "«{title}» ist für {name} abgelegt.",
  },
  fr: {
    intro:
      "Les données du dossier personnel. Le numéro AVS, l'IBAN et l'adresse sont modifiés par la personne elle-même par une demande que les RH appliquent depuis leur boîte.",
    phone: "Téléphone",
    manager: "Responsable",
    noManager: "aucun (les demandes vont aux RH)",
    department: "Service",
    jobTitle: "Fonction",
    end: "Dernier jour de travail",
    endHint: "Laisser vide tant que l'engagement dure.",
    cantonFrom: "Nouveau canton valable dès",
    cantonFromHint:
      "En cas de changement de lieu de travail : le premier jour dans le nouveau canton. Les jours fériés d'avant restent ceux du canton précédent ; les absences déjà déposées après sont recalculées.",
    weeklyHours: "Heures par semaine à 100 %",
    scale: "Maintien du salaire en cas de maladie",
    scaleNames: scaleNamesIn("fr"),
    saved: "Les données de {name} sont enregistrées.",
    unknown: "Aucune personne n'a ce numéro de personnel.",
    back: "Retour aux personnes",
    ended: "L'engagement se termine le {date}",
    account: "Compte",
    noAccount: "Pas encore de compte ; l'invitation part de la liste des personnes.",
    active: "actif",
    deactivatedState: "désactivé",
    deactivate: "Désactiver",
    reactivate: "Réactiver",
    roleSaved: "Le rôle de {email} est maintenant {role}.",
    deactivated: "{email} est désactivé et déconnecté partout.",
    reactivated: "{email} est de nouveau actif.",
    correction: "Correction du solde",
    correctionIntro:
      "Un ajout ou un retrait sur le solde d'une année, avec un motif que la personne voit dans l'historique de son solde.",
    leaveType: "Type",
    year: "Année",
    days: "Jours",
    daysHint: "Positif ajoute des jours, négatif en retire ; par demi-journées.",
    note: "Motif",
    corrected: "Le solde {type} {year} de {name} est corrigé de {days} jours.",
    workload: "Taux d'activité dès une date",
    workloadIntro:
      "Un nouveau taux ou de nouveaux jours de travail dès un jour. Le droit aux vacances de l'année est réparti par jours civils ; les jours d'avant restent tels quels.",
    workloadFrom: "Dès le",
    workloadPercent: "Taux d'activité (%)",
    workloadSaved: "Le taux d'activité de {name} est de {percent} % dès le {date}.",
    askDocument: "Demander un document",
    askDocumentIntro:
      "La personne voit la demande dans ses tâches et téléverse le fichier dans le portail ; il apparaît alors dans la boîte de réception.",
    documentKind: "Document (p. ex. copie du diplôme)",
    dueDate: "Jusqu'au (facultatif)",
    documentAsked: "{name} est prié·e de fournir « {kind} ».",
    fileDocument: "Classer un document",
    fileDocumentIntro:
      "Contrat, certificat de salaire ou autre courrier : la personne le voit dans le portail sous « Mes documents », personne d'autre hormis les RH. PDF ou photo, 10 Mo au plus.",
    fileKinds: {
      CONTRACT: "Contrat de travail",
      SALARY_CERTIFICATE: "Certificat de salaire",
      OTHER: "Autre",
    },
    fileKind: "Type",
    fileTitle: "Titre",
    fileYear: "Année (certificat de salaire)",
    fileFile: "Fichier",
    documentFiled: "« {title} » est classé pour {name}.",
  },
  it: {
    intro:
      "I dati del dossier del personale. Numero AVS, IBAN e indirizzo li modifica la persona stessa con una richiesta che le HR applicano dalla loro posta.",
    phone: "Telefono",
    manager: "Superiore",
    noManager: "nessuno (le domande vanno alle HR)",
    department: "Reparto",
    jobTitle: "Funzione",
    end: "Ultimo giorno di lavoro",
    endHint: "Lasciare vuoto finché dura l'impiego.",
    cantonFrom: "Nuovo cantone valido dal",
    cantonFromHint:
      "In caso di cambio del luogo di lavoro: il primo giorno nel nuovo cantone. I giorni festivi precedenti restano quelli del cantone precedente; le assenze già inoltrate dopo sono ricalcolate.",
    weeklyHours: "Ore settimanali al 100 %",
    scale: "Continuazione del salario in caso di malattia",
    scaleNames: scaleNamesIn("it"),
    saved: "I dati di {name} sono salvati.",
    unknown: "Nessuna persona ha questo numero del personale.",
    back: "Tornare alle persone",
    ended: "L'impiego termina il {date}",
    account: "Account",
    noAccount: "Ancora nessun account; l'invito parte dall'elenco delle persone.",
    active: "attivo",
    deactivatedState: "disattivato",
    deactivate: "Disattivare",
    reactivate: "Riattivare",
    roleSaved: "Il ruolo di {email} è ora {role}.",
    deactivated: "{email} è disattivato e disconnesso ovunque.",
    reactivated: "{email} è di nuovo attivo.",
    correction: "Correzione del saldo",
    correctionIntro:
      "Un'aggiunta o una deduzione sul saldo di un anno, con un motivo che la persona vede nella cronologia del saldo.",
    leaveType: "Tipo",
    year: "Anno",
    days: "Giorni",
    daysHint: "Positivo aggiunge giorni, negativo li toglie; a mezze giornate.",
    note: "Motivo",
    corrected: "Il saldo {type} {year} di {name} è corretto di {days} giorni.",
    workload: "Grado d'occupazione da una data",
    workloadIntro:
      "Un nuovo grado d'occupazione o nuovi giorni lavorativi da un giorno. Il diritto alle vacanze dell'anno è ripartito per giorni civili; i giorni precedenti restano come erano.",
    workloadFrom: "Dal",
    workloadPercent: "Grado d'occupazione (%)",
    workloadSaved: "Il grado d'occupazione di {name} è del {percent} % dal {date}.",
    askDocument: "Richiedere un documento",
    askDocumentIntro:
      "La persona vede la richiesta nei suoi compiti e carica il file nel portale; appare poi nella posta in arrivo.",
    documentKind: "Documento (p. es. copia del diploma)",
    dueDate: "Entro il (facoltativo)",
    documentAsked: "A {name} è richiesto «{kind}».",
    fileDocument: "Archiviare un documento",
    fileDocumentIntro:
      "Contratto, certificato di salario o altra lettera: la persona lo vede nel portale sotto «I miei documenti», nessun altro salvo le RU. PDF o foto, al massimo 10 MB.",
    fileKinds: {
      CONTRACT: "Contratto di lavoro",
      SALARY_CERTIFICATE: "Certificato di salario",
      OTHER: "Altro",
    },
    fileKind: "Tipo",
    fileTitle: "Titolo",
    fileYear: "Anno (certificato di salario)",
    fileFile: "File",
    documentFiled: "«{title}» è archiviato per {name}.",
  },
  en: {
    intro:
      "The personnel file's details. AHV number, IBAN and address are changed by the person with a change request that HR applies from the inbox.",
    phone: "Phone",
    manager: "Manager",
    noManager: "none (requests go to HR)",
    department: "Department",
    jobTitle: "Job title",
    end: "Last working day",
    endHint: "Leave empty while the employment lasts.",
    cantonFrom: "New canton valid from",
    cantonFromHint:
      "When the place of work changes: the first day in the new canton. The public holidays before stay those of the previous canton; leave already filed after it is computed again.",
    weeklyHours: "Weekly hours at 100 %",
    scale: "Salary continuation during illness",
    scaleNames: scaleNamesIn("en"),
    saved: "{name}'s details are saved.",
    unknown: "No person has this personnel number.",
    back: "Back to people",
    ended: "Employment ends on {date}",
    account: "Account",
    noAccount: "No account yet; invite the person from the list of people.",
    active: "active",
    deactivatedState: "deactivated",
    deactivate: "Deactivate",
    reactivate: "Reactivate",
    roleSaved: "{email}'s role is now {role}.",
    deactivated: "{email} is deactivated and signed out everywhere.",
    reactivated: "{email} is active again.",
    correction: "Balance correction",
    correctionIntro:
      "Days added to or taken from a year's balance, with a reason the person sees in their balance history.",
    leaveType: "Type",
    year: "Year",
    days: "Days",
    daysHint: "Positive adds days, negative takes them; in half days.",
    note: "Reason",
    corrected: "{name}'s {type} {year} balance is corrected by {days} days.",
    workload: "Workload from a date",
    workloadIntro:
      "A new workload or new working weekdays from a day on. The year's vacation is shared between them by calendar days; the days before stay as they were.",
    workloadFrom: "From",
    workloadPercent: "Workload (%)",
    workloadSaved: "{name}'s workload is {percent} % from {date}.",
    askDocument: "Ask for a document",
    askDocumentIntro:
      "The person sees the request among their to-dos and uploads the file in the portal; it then appears in the inbox.",
    documentKind: "Document (e.g. a copy of the diploma)",
    dueDate: "By (optional)",
    documentAsked: "{name} is asked for \u201c{kind}\u201d.",
    fileDocument: "File a document",
    fileDocumentIntro:
      "Contract, salary certificate or another letter: the person sees it in the portal under My documents, nobody else but HR. PDF or photo, at most 10 MB.",
    fileKinds: { CONTRACT: "Employment contract", SALARY_CERTIFICATE: "Salary certificate", OTHER: "Other" },
    fileKind: "Kind",
    fileTitle: "Title",
    fileYear: "Year (salary certificate)",
    fileFile: "File",
    documentFiled: "“{title}” is filed for {name}.",
  },
};

export function personTexts(lang: string): PersonTexts {
  return PERSON_TEXTS[lang as Lang] ?? PERSON_TEXTS.de;
}
