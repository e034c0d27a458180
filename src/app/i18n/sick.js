// @ts-check
/**
 * The employee app's texts (see ../i18n.js). The sick-leave screen: report, certificate, end, take back.
 * German first, then French, Italian, English.
 */

/** @type {import("../i18n.js").Texts} */
export const SICK_TEXTS = {
  reportSick: {
    de: "Krankmeldung",
    fr: "Annonce de maladie",
    it: "Annuncio di malattia",
    en: "Report sick",
  },
  sickFrom: {
    de: "Krank seit",
    fr: "Malade depuis le",
    it: "Malato dal",
    en: "Sick since",
  },
  sickUntil: {
    de: "Bis (leer lassen, solange offen)",
    fr: "Jusqu'au (vide tant qu'elle dure)",
    it: "Fino al (vuoto finché dura)",
    en: "Until (leave empty while it lasts)",
  },
  sickReason: {
    de: "Grund (sieht nur HR, nie die vorgesetzte Person)",
    fr: "Motif (seuls les RH le voient, jamais la personne supérieure)",
    it: "Motivo (lo vede solo HR, mai il superiore)",
    en: "Reason (only HR sees it, never your manager)",
  },
  report: {
    de: "Melden",
    fr: "Annoncer",
    it: "Annuncia",
    en: "Report",
  },
  reported: {
    de: "Krankmeldung erfasst.",
    fr: "Maladie annoncée.",
    it: "Malattia annunciata.",
    en: "Sick leave reported.",
  },
  ongoing: {
    de: "seit {date}, offen",
    fr: "depuis le {date}, en cours",
    it: "dal {date}, in corso",
    en: "since {date}, ongoing",
  },
  certificate: {
    de: "Arztzeugnis (PDF oder Foto)",
    fr: "Certificat médical (PDF ou photo)",
    it: "Certificato medico (PDF o foto)",
    en: "Medical certificate (PDF or photo)",
  },
  uploaded: {
    de: "Zeugnis hochgeladen.",
    fr: "Certificat envoyé.",
    it: "Certificato caricato.",
    en: "Certificate uploaded.",
  },
  "cert.NONE": {
    de: "Kein Zeugnis",
    fr: "Pas de certificat",
    it: "Nessun certificato",
    en: "No certificate",
  },
  "cert.REQUESTED": {
    de: "Zeugnis verlangt",
    fr: "Certificat demandé",
    it: "Certificato richiesto",
    en: "Certificate requested",
  },
  "cert.UPLOADED": {
    de: "Zeugnis hochgeladen",
    fr: "Certificat envoyé",
    it: "Certificato caricato",
    en: "Certificate uploaded",
  },
  "cert.ACCEPTED": {
    de: "Zeugnis akzeptiert",
    fr: "Certificat accepté",
    it: "Certificato accettato",
    en: "Certificate accepted",
  },
  takeBack: {
    de: "Zurücknehmen",
    fr: "Annuler l'annonce",
    it: "Ritira l'annuncio",
    en: "Take back",
  },
  takenBack: {
    de: "Krankmeldung zurückgenommen.",
    fr: "Annonce annulée.",
    it: "Annuncio ritirato.",
    en: "Report taken back.",
  },
  endOn: {
    de: "Letzter Krankheitstag",
    fr: "Dernier jour de maladie",
    it: "Ultimo giorno di malattia",
    en: "Last day of sickness",
  },
  endAbsence: {
    de: "Abwesenheit beenden",
    fr: "Terminer l'absence",
    it: "Termina l'assenza",
    en: "End absence",
  },
  ended: {
    de: "Abwesenheit beendet.",
    fr: "Absence terminée.",
    it: "Assenza terminata.",
    en: "Absence ended.",
  },
  myAbsences: {
    de: "Meine Abwesenheiten {year}",
    fr: "Mes absences {year}",
    it: "Le mie assenze {year}",
    en: "My absences {year}",
  },
  noAbsences: {
    de: "Keine Abwesenheiten.",
    fr: "Aucune absence.",
    it: "Nessuna assenza.",
    en: "No absences.",
  },
  continuation: {
    de: "Lohnfortzahlung: noch {n} von {of} Tagen",
    fr: "Maintien du salaire : encore {n} jours sur {of}",
    it: "Continuazione del salario: ancora {n} di {of} giorni",
    en: "Salary continuation: {n} of {of} days left",
  },
};
