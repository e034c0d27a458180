// @ts-check
/**
 * The employee app's texts (see ../i18n.js). The team screen: who is away, the team calendar, decisions, onboarding and recruiting tasks.
 * German first, then French, Italian, English.
 */

/** @type {import("../i18n.js").Texts} */
export const TEAM_TEXTS = {
  "balanceAfter.one": {
    de: "Saldo danach: {days} Tag",
    fr: "Solde après : {days} jour",
    it: "Saldo dopo: {days} giorno",
    en: "Balance after: {days} day",
  },
  toDecide: {
    de: "Anträge zu entscheiden",
    fr: "Demandes à décider",
    it: "Richieste da decidere",
    en: "Requests to decide",
  },
  weeksToDecide: {
    de: "Wochen zu genehmigen",
    fr: "Semaines à approuver",
    it: "Settimane da approvare",
    en: "Weeks to approve",
  },
  nothingToDecide: {
    de: "Nichts zu entscheiden.",
    fr: "Rien à décider.",
    it: "Niente da decidere.",
    en: "Nothing to decide.",
  },
  approve: {
    de: "Genehmigen",
    fr: "Approuver",
    it: "Approva",
    en: "Approve",
  },
  reject: {
    de: "Ablehnen",
    fr: "Refuser",
    it: "Respingi",
    en: "Reject",
  },
  decided: {
    de: "Entschieden.",
    fr: "Décision enregistrée.",
    it: "Decisione registrata.",
    en: "Decided.",
  },
  balanceAfter: {
    de: "Saldo danach: {days} Tage",
    fr: "Solde après : {days} jours",
    it: "Saldo dopo: {days} giorni",
    en: "Balance after: {days} days",
  },
  nobodyAway: {
    de: "Niemand ist abwesend.",
    fr: "Personne n'est absent.",
    it: "Nessuno è assente.",
    en: "Nobody is away.",
  },
  "away.LEAVE": {
    de: "Urlaub",
    fr: "Congé",
    it: "Congedo",
    en: "Leave",
  },
  "away.SICK": {
    de: "Krank",
    fr: "Malade",
    it: "Malattia",
    en: "Sick",
  },
  "away.ABSENT": {
    de: "Abwesend",
    fr: "Absent·e",
    it: "Assente",
    en: "Away",
  },
  teamCalendar: {
    de: "Teamkalender {from} – {to}",
    fr: "Calendrier de l'équipe {from} – {to}",
    it: "Calendario del team {from} – {to}",
    en: "Team calendar {from} – {to}",
  },
  closuresInRange: {
    de: "Betriebsschliessungen",
    fr: "Fermetures de l'entreprise",
    it: "Chiusure aziendali",
    en: "Company closures",
  },
  schoolHolidaysInRange: {
    de: "Schulferien",
    fr: "Vacances scolaires",
    it: "Vacanze scolastiche",
    en: "School holidays",
  },
  whoIsAway: {
    de: "Wer fehlt ({from} – {to})",
    fr: "Qui est absent ({from} – {to})",
    it: "Chi è assente ({from} – {to})",
    en: "Who is away ({from} – {to})",
  },
  newPeopleTasks: {
    de: "Aufgaben für neue Mitarbeitende",
    fr: "Tâches pour les nouvelles personnes",
    it: "Compiti per i nuovi collaboratori",
    en: "Tasks for new people",
  },
  forPerson: {
    de: "Für {name}, ab {date}",
    fr: "Pour {name}, dès le {date}",
    it: "Per {name}, dal {date}",
    en: "For {name}, starting {date}",
  },
  recruitingTasks: {
    de: "Rekrutierungsaufgaben",
    fr: "Tâches de recrutement",
    it: "Compiti di reclutamento",
    en: "Recruiting tasks",
  },
};
