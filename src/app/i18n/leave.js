// @ts-check
/**
 * The employee app's texts (see ../i18n.js). The leave screen: balances, carried-over days, a request checked and filed, the list.
 * German first, then French, Italian, English.
 */

/** @type {import("../i18n.js").Texts} */
export const LEAVE_TEXTS = {
  remaining: {
    de: "Verbleibend",
    fr: "Restant",
    it: "Restanti",
    en: "Remaining",
  },
  carriedLapse: {
    de: "{days} Tage aus {year} verfallen am {date}",
    fr: "{days} jours de {year} échoient le {date}",
    it: "{days} giorni del {year} scadono il {date}",
    en: "{days} days from {year} lapse on {date}",
  },
  "carriedLapse.one": {
    de: "{days} Tag aus {year} verfällt am {date}",
    fr: "{days} jour de {year} échoit le {date}",
    it: "{days} giorno del {year} scade il {date}",
    en: "{days} day from {year} lapses on {date}",
  },
  "deducted.one": {
    de: "Abgezogen: {days} Tag",
    fr: "Déduit : {days} jour",
    it: "Dedotto: {days} giorno",
    en: "Deducted: {days} day",
  },
  "balanceChange.one": {
    de: "Saldo {year}: {before} → {after} Tag",
    fr: "Solde {year} : {before} → {after} jour",
    it: "Saldo {year}: {before} → {after} giorno",
    en: "Balance {year}: {before} → {after} day",
  },
  "leftOf.one": {
    de: "noch {left} von {of} Tag",
    fr: "reste {left} sur {of} jour",
    it: "ancora {left} di {of} giorno",
    en: "{left} of {of} day left",
  },
  "taken.one": {
    de: "{n} Tag bezogen oder geplant",
    fr: "{n} jour pris ou prévu",
    it: "{n} giorno preso o previsto",
    en: "{n} day taken or planned",
  },
  noRequests: {
    de: "Keine Anträge.",
    fr: "Aucune demande.",
    it: "Nessuna richiesta.",
    en: "No requests.",
  },
  balances: {
    de: "Saldi {year}",
    fr: "Soldes {year}",
    it: "Saldi {year}",
    en: "Balances {year}",
  },
  leaveType: {
    de: "Art",
    fr: "Type",
    it: "Tipo",
    en: "Type",
  },
  from: {
    de: "Von",
    fr: "Du",
    it: "Dal",
    en: "From",
  },
  to: {
    de: "Bis",
    fr: "Au",
    it: "Al",
    en: "To",
  },
  afternoonOnly: {
    de: "Erster Tag nur am Nachmittag",
    fr: "Premier jour seulement l'après-midi",
    it: "Primo giorno solo il pomeriggio",
    en: "First day afternoon only",
  },
  morningOnly: {
    de: "Letzter Tag nur am Vormittag",
    fr: "Dernier jour seulement le matin",
    it: "Ultimo giorno solo la mattina",
    en: "Last day morning only",
  },
  preview: {
    de: "Prüfen",
    fr: "Vérifier",
    it: "Verifica",
    en: "Check",
  },
  send: {
    de: "Antrag senden",
    fr: "Envoyer la demande",
    it: "Invia richiesta",
    en: "Send request",
  },
  previewTitle: {
    de: "So würde der Antrag erfasst",
    fr: "La demande serait enregistrée ainsi",
    it: "La richiesta sarebbe registrata così",
    en: "The request would be filed like this",
  },
  deducted: {
    de: "Abgezogen: {days} Tage",
    fr: "Déduit : {days} jours",
    it: "Dedotti: {days} giorni",
    en: "Deducted: {days} days",
  },
  balanceChange: {
    de: "Saldo {year}: {before} → {after} Tage",
    fr: "Solde {year} : {before} → {after} jours",
    it: "Saldo {year}: {before} → {after} giorni",
    en: "Balance {year}: {before} → {after} days",
  },
  approverIs: {
    de: "Entscheidet: {name}",
    fr: "Décide : {name}",
    it: "Decide: {name}",
    en: "Decided by: {name}",
  },
  approverHr: {
    de: "Entscheidet: HR",
    fr: "Décide : RH",
    it: "Decide: HR",
    en: "Decided by: HR",
  },
  holidaysIn: {
    de: "Feiertage im Zeitraum: {list}",
    fr: "Jours fériés dans la période : {list}",
    it: "Giorni festivi nel periodo: {list}",
    en: "Public holidays in the period: {list}",
  },
  requestSent: {
    de: "Antrag gesendet. Er wartet auf den Entscheid.",
    fr: "Demande envoyée. Elle attend la décision.",
    it: "Richiesta inviata. Attende la decisione.",
    en: "Request sent. It awaits a decision.",
  },
  withdraw: {
    de: "Zurückziehen",
    fr: "Retirer",
    it: "Ritira",
    en: "Withdraw",
  },
  withdrawn: {
    de: "Antrag zurückgezogen.",
    fr: "Demande retirée.",
    it: "Richiesta ritirata.",
    en: "Request withdrawn.",
  },
  decisionNote: {
    de: "Notiz: {note}",
    fr: "Note : {note}",
    it: "Nota: {note}",
    en: "Note: {note}",
  },
  askCancel: {
    de: "Stornierung beantragen",
    fr: "Demander l'annulation",
    it: "Chiedi l'annullamento",
    en: "Ask to cancel",
  },
  cancelAsked: {
    de: "Stornierung beantragt. Sie wartet auf den Entscheid.",
    fr: "Annulation demandée. Elle attend la décision.",
    it: "Annullamento chiesto. Attende la decisione.",
    en: "Cancellation requested. It awaits the decision.",
  },
  perEvent: {
    de: "Pro Ereignis: {days} {unit}",
    fr: "Par événement : {days} {unit}",
    it: "Per evento: {days} {unit}",
    en: "Per event: {days} {unit}",
  },
  perEventWithin: {
    de: "Pro Ereignis: {days} {unit} innert {months} Monaten",
    fr: "Par événement : {days} {unit} dans les {months} mois",
    it: "Per evento: {days} {unit} entro {months} mesi",
    en: "Per event: {days} {unit} within {months} months",
  },
  "unit.WORKING_DAYS": {
    de: "Arbeitstage",
    fr: "jours ouvrables",
    it: "giorni lavorativi",
    en: "working days",
  },
  "unit.CALENDAR_DAYS": {
    de: "Kalendertage",
    fr: "jours civils",
    it: "giorni di calendario",
    en: "calendar days",
  },
  year: {
    de: "Jahr",
    fr: "Année",
    it: "Anno",
    en: "Year",
  },
  showYear: {
    de: "Anzeigen",
    fr: "Afficher",
    it: "Mostra",
    en: "Show",
  },
  leftOf: {
    de: "noch {left} von {of} Tagen",
    fr: "reste {left} sur {of} jours",
    it: "ancora {left} di {of} giorni",
    en: "{left} of {of} days left",
  },
  taken: {
    de: "{n} Tage bezogen oder geplant",
    fr: "{n} jours pris ou prévus",
    it: "{n} giorni presi o previsti",
    en: "{n} days taken or planned",
  },
};
