// @ts-check
/**
 * The employee app's texts (see ../i18n.js). Payslips and the salary.
 * German first, then French, Italian, English.
 */

/** @type {import("../i18n.js").Texts} */
export const PAY_TEXTS = {
  amounts: {
    de: "Beträge",
    fr: "Montants",
    it: "Importi",
    en: "Amounts",
  },
  gross: {
    de: "Bruttolohn",
    fr: "Salaire brut",
    it: "Salario lordo",
    en: "Gross pay",
  },
  net: {
    de: "Nettolohn",
    fr: "Salaire net",
    it: "Salario netto",
    en: "Net pay",
  },
  salaryNow: {
    de: "Aktueller Lohn, gültig ab {date}",
    fr: "Salaire actuel, valable dès le {date}",
    it: "Salario attuale, valido dal {date}",
    en: "Current salary, from {date}",
  },
  monthly: {
    de: "Monatslohn",
    fr: "Salaire mensuel",
    it: "Salario mensile",
    en: "Monthly salary",
  },
  annual: {
    de: "Jahreslohn",
    fr: "Salaire annuel",
    it: "Salario annuo",
    en: "Annual salary",
  },
  payments: {
    de: "Anzahl Zahlungen",
    fr: "Nombre de versements",
    it: "Numero di versamenti",
    en: "Payments a year",
  },
  salaryUpcoming: {
    de: "Vereinbart ab {date}",
    fr: "Convenu dès le {date}",
    it: "Convenuto dal {date}",
    en: "Agreed from {date}",
  },
  salaryHistory: {
    de: "Verlauf",
    fr: "Historique",
    it: "Storico",
    en: "History",
  },
  noSalary: {
    de: "Kein Lohn erfasst.",
    fr: "Aucun salaire enregistré.",
    it: "Nessun salario registrato.",
    en: "No salary on file.",
  },
  salaryHint: {
    de: "Nur auf diesem Bildschirm gezeigt und auf dem Gerät nicht gespeichert.",
    fr: "Affiché sur cet écran seulement, jamais conservé sur l’appareil.",
    it: "Mostrato solo su questa schermata, mai conservato sul dispositivo.",
    en: "Shown on this screen only, never kept on the device.",
  },
  paidOn: {
    de: "Ausbezahlt am {date}",
    fr: "Versé le {date}",
    it: "Pagato il {date}",
    en: "Paid on {date}",
  },
  noPayslips: {
    de: "Keine Lohnabrechnungen.",
    fr: "Aucune fiche de salaire.",
    it: "Nessun conteggio salariale.",
    en: "No payslips.",
  },
};
