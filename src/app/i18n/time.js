// @ts-check
/**
 * The employee app's texts (see ../i18n.js). The time screen and its clock-in timer.
 * German first, then French, Italian, English.
 */

/** @type {import("../i18n.js").Texts} */
export const TIME_TEXTS = {
  "weekSubmitted.one": {
    de: "Woche eingereicht: {n} Eintrag.",
    fr: "Semaine soumise : {n} saisie.",
    it: "Settimana inviata: {n} registrazione.",
    en: "Week submitted: {n} entry.",
  },
  prevWeek: {
    de: "Vorherige Woche",
    fr: "Semaine précédente",
    it: "Settimana precedente",
    en: "Previous week",
  },
  nextWeek: {
    de: "Nächste Woche",
    fr: "Semaine suivante",
    it: "Settimana successiva",
    en: "Next week",
  },
  start: {
    de: "Beginn",
    fr: "Début",
    it: "Inizio",
    en: "Start",
  },
  breakMinutes: {
    de: "Pause (Minuten)",
    fr: "Pause (minutes)",
    it: "Pausa (minuti)",
    en: "Break (minutes)",
  },
  project: {
    de: "Projekt (freiwillig)",
    fr: "Projet (facultatif)",
    it: "Progetto (facoltativo)",
    en: "Project (optional)",
  },
  description: {
    de: "Beschreibung (freiwillig)",
    fr: "Description (facultatif)",
    it: "Descrizione (facoltativa)",
    en: "Description (optional)",
  },
  addEntry: {
    de: "Zeit erfassen",
    fr: "Saisir le temps",
    it: "Registra tempo",
    en: "Log time",
  },
  entryAdded: {
    de: "Eintrag erfasst.",
    fr: "Saisie enregistrée.",
    it: "Registrazione salvata.",
    en: "Entry saved.",
  },
  submitWeek: {
    de: "Woche einreichen",
    fr: "Soumettre la semaine",
    it: "Invia la settimana",
    en: "Submit week",
  },
  weekSubmitted: {
    de: "Woche eingereicht: {n} Einträge.",
    fr: "Semaine soumise : {n} saisies.",
    it: "Settimana inviata: {n} registrazioni.",
    en: "Week submitted: {n} entries.",
  },
  noEntries: {
    de: "Noch keine Einträge in dieser Woche.",
    fr: "Aucune saisie cette semaine.",
    it: "Nessuna registrazione in questa settimana.",
    en: "No entries this week yet.",
  },
  hours: {
    de: "{n} Std.",
    fr: "{n} h",
    it: "{n} h",
    en: "{n} h",
  },
  clock: {
    de: "Stempeluhr",
    fr: "Pointage",
    it: "Timbratura",
    en: "Clock",
  },
  clockIn: {
    de: "Einstempeln",
    fr: "Pointer l'arrivée",
    it: "Timbra l'entrata",
    en: "Clock in",
  },
  clockedIn: {
    de: "Eingestempelt.",
    fr: "Arrivée pointée.",
    it: "Entrata timbrata.",
    en: "Clocked in.",
  },
  clockOut: {
    de: "Ausstempeln",
    fr: "Pointer le départ",
    it: "Timbra l'uscita",
    en: "Clock out",
  },
  clockedOut: {
    de: "Ausgestempelt; der Eintrag ist erfasst.",
    fr: "Départ pointé ; l'entrée est enregistrée.",
    it: "Uscita timbrata; la registrazione è salvata.",
    en: "Clocked out; the entry is logged.",
  },
  running: {
    de: "Läuft seit {date} {time} ({n} Min.)",
    fr: "En cours depuis le {date} {time} ({n} min)",
    it: "In corso dal {date} {time} ({n} min)",
    en: "Running since {date} {time} ({n} min)",
  },
  discardTimer: {
    de: "Verwerfen",
    fr: "Abandonner",
    it: "Annulla",
    en: "Discard",
  },
  timerDiscarded: {
    de: "Stempeluhr verworfen.",
    fr: "Pointage abandonné.",
    it: "Timbratura annullata.",
    en: "Timer discarded.",
  },
};
