// @ts-check
/**
 * The employee app's texts (see ../i18n.js). The home screen: the balance, the week, pay, to-dos, offline.
 * German first, then French, Italian, English.
 */

/** @type {import("../i18n.js").Texts} */
export const HOME_TEXTS = {
  offline: {
    de: "Offline: Stand vom {when}.",
    fr: "Hors ligne : état du {when}.",
    it: "Offline: stato del {when}.",
    en: "Offline: as of {when}.",
  },
  offlineNothing: {
    de: "Offline, und auf diesem Gerät ist noch nichts gespeichert.",
    fr: "Hors ligne, et rien n'est encore enregistré sur cet appareil.",
    it: "Offline, e su questo dispositivo non è ancora salvato nulla.",
    en: "Offline, and nothing is stored on this device yet.",
  },
  vacationLeft: {
    de: "Ferien {year}: noch {days} Tage",
    fr: "Vacances {year} : encore {days} jours",
    it: "Vacanze {year}: ancora {days} giorni",
    en: "Vacation {year}: {days} days left",
  },
  entitlement: {
    de: "Anspruch",
    fr: "Droit",
    it: "Diritto",
    en: "Entitlement",
  },
  carryOver: {
    de: "Übertrag aus dem Vorjahr",
    fr: "Report de l'année précédente",
    it: "Riporto dall'anno precedente",
    en: "Carried over from last year",
  },
  corrections: {
    de: "Korrekturen",
    fr: "Corrections",
    it: "Correzioni",
    en: "Corrections",
  },
  used: {
    de: "Bezogen",
    fr: "Pris",
    it: "Godute",
    en: "Taken",
  },
  planned: {
    de: "Geplant",
    fr: "Planifié",
    it: "Pianificate",
    en: "Planned",
  },
  pending: {
    de: "Beantragt",
    fr: "Demandé",
    it: "Richieste",
    en: "Requested",
  },
  "vacationLeft.one": {
    de: "Ferien {year}: noch {days} Tag",
    fr: "Vacances {year} : encore {days} jour",
    it: "Vacanze {year}: ancora {days} giorno",
    en: "Vacation {year}: {days} day left",
  },
  "drafts.one": {
    de: "{n} Eintrag noch nicht eingereicht",
    fr: "{n} saisie pas encore soumise",
    it: "{n} registrazione non ancora inviata",
    en: "{n} entry not submitted yet",
  },
  "unreadCount.one": {
    de: "{n} ungelesene Mitteilung",
    fr: "{n} message non lu",
    it: "{n} messaggio non letto",
    en: "{n} unread notification",
  },
  weekHours: {
    de: "Diese Woche: {hours} von {target} Stunden",
    fr: "Cette semaine : {hours} sur {target} heures",
    it: "Questa settimana: {hours} di {target} ore",
    en: "This week: {hours} of {target} hours",
  },
  drafts: {
    de: "{n} Einträge noch nicht eingereicht",
    fr: "{n} saisies pas encore soumises",
    it: "{n} registrazioni non ancora inviate",
    en: "{n} entries not submitted yet",
  },
  nextPayout: {
    de: "Nächste Lohnzahlung: {date}",
    fr: "Prochain versement du salaire : {date}",
    it: "Prossimo pagamento del salario: {date}",
    en: "Next salary payment: {date}",
  },
  latestPayslip: {
    de: "Letzte Lohnabrechnung: {period}",
    fr: "Dernière fiche de salaire : {period}",
    it: "Ultimo conteggio salariale: {period}",
    en: "Latest payslip: {period}",
  },
  todos: {
    de: "Offene Aufgaben: {n}",
    fr: "Tâches ouvertes : {n}",
    it: "Compiti aperti: {n}",
    en: "Open to-dos: {n}",
  },
  unreadCount: {
    de: "{n} ungelesene Mitteilungen",
    fr: "{n} messages non lus",
    it: "{n} messaggi non letti",
    en: "{n} unread notifications",
  },
};
