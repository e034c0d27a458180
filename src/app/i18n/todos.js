// @ts-check
/**
 * The employee app's texts (see ../i18n.js). To-dos and the inbox: documents, tasks, feedback and surveys, notifications, policies.
 * German first, then French, Italian, English.
 */

/** @type {import("../i18n.js").Texts} */
export const TODO_TEXTS = {
  chooseFile: {
    de: "Datei für {what} (PDF oder Foto)",
    fr: "Fichier pour {what} (PDF ou photo)",
    it: "File per {what} (PDF o foto)",
    en: "File for {what} (PDF or photo)",
  },
  docUploaded: {
    de: "{what} hochgeladen.",
    fr: "{what} envoyé.",
    it: "{what} caricato.",
    en: "{what} uploaded.",
  },
  notMine: {
    de: "Erledigt jemand anderes.",
    fr: "Une autre personne s'en charge.",
    it: "Se ne occupa un'altra persona.",
    en: "Someone else does this.",
  },
  feedbackDraft: {
    de: "Feedback-Entwurf {cycle} zu {about}",
    fr: "Brouillon de feedback {cycle} sur {about}",
    it: "Bozza di feedback {cycle} su {about}",
    en: "Feedback draft {cycle} about {about}",
  },
  survey: {
    de: "Umfrage: {title}",
    fr: "Sondage : {title}",
    it: "Sondaggio: {title}",
    en: "Survey: {title}",
  },
  markedRead: {
    de: "Als gelesen markiert.",
    fr: "Marqué comme lu.",
    it: "Segnato come letto.",
    en: "Marked read.",
  },
  docsMissing: {
    de: "Fehlende Dokumente",
    fr: "Documents manquants",
    it: "Documenti mancanti",
    en: "Missing documents",
  },
  uploadHint: {
    de: "Ein Foto mit der Handykamera genügt; höchstens 10 MB.",
    fr: "Une photo prise avec le téléphone suffit ; 10 Mo au plus.",
    it: "Basta una foto con il telefono; al massimo 10 MB.",
    en: "A photo taken with the phone will do; 10 MB at most.",
  },
  noDocs: {
    de: "Es fehlen keine Dokumente.",
    fr: "Aucun document ne manque.",
    it: "Non manca nessun documento.",
    en: "No documents are missing.",
  },
  onboardingTasks: {
    de: "Einarbeitung",
    fr: "Intégration",
    it: "Inserimento",
    en: "Onboarding",
  },
  noTasks: {
    de: "Keine offenen Einarbeitungsaufgaben.",
    fr: "Aucune tâche d'intégration ouverte.",
    it: "Nessun compito di inserimento aperto.",
    en: "No open onboarding tasks.",
  },
  otherTodos: {
    de: "Feedback und Umfragen",
    fr: "Feedback et sondages",
    it: "Feedback e sondaggi",
    en: "Feedback and surveys",
  },
  inbox: {
    de: "Mitteilungen ({n} ungelesen)",
    fr: "Messages ({n} non lus)",
    it: "Messaggi ({n} non letti)",
    en: "Inbox ({n} unread)",
  },
  unread: {
    de: "Neu",
    fr: "Nouveau",
    it: "Nuovo",
    en: "New",
  },
  markRead: {
    de: "Gelesen",
    fr: "Lu",
    it: "Letto",
    en: "Read",
  },
  markAllRead: {
    de: "Alle als gelesen markieren",
    fr: "Tout marquer comme lu",
    it: "Segna tutto come letto",
    en: "Mark all read",
  },
  noNotifications: {
    de: "Keine Mitteilungen.",
    fr: "Aucun message.",
    it: "Nessun messaggio.",
    en: "No notifications.",
  },
  toRead: {
    de: "Zu lesen und zu bestätigen",
    fr: "À lire et à confirmer",
    it: "Da leggere e confermare",
    en: "To read and acknowledge",
  },
  readDocument: {
    de: "Lesen",
    fr: "Lire",
    it: "Leggi",
    en: "Read it",
  },
  changedSince: {
    de: "geändert seit Ihrer Bestätigung vom {date}",
    fr: "modifié depuis votre confirmation du {date}",
    it: "modificato dopo la sua conferma del {date}",
    en: "changed since you acknowledged it on {date}",
  },
  acknowledge: {
    de: "Gelesen und verstanden",
    fr: "Lu et compris",
    it: "Letto e compreso",
    en: "Read and understood",
  },
  acknowledged: {
    de: "«{title}» bestätigt.",
    fr: "« {title} » confirmé.",
    it: "«{title}» confermato.",
    en: "'{title}' acknowledged.",
  },
  nothingToRead: {
    de: "Nichts zu lesen.",
    fr: "Rien à lire.",
    it: "Niente da leggere.",
    en: "Nothing to read.",
  },
};
