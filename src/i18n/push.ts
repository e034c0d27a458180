/**
 * Push notification texts in the four languages people read; German is the source and the fallback. A push
 * says what happened, never the record's free text (a reason, a note): the app opens the record for that.
 */
import type { Lang } from "./mod.ts";

export interface PushTexts {
  title: string;
  /**
   * The text per notification kind, or per kind and outcome (`LEAVE_REQUEST_DECIDED.APPROVED`) where the
   * outcome is what the person wants to know; `other` for a kind not listed.
   */
  body: Record<string, string>;
}

export const PUSH_TEXTS: Record<Lang, PushTexts> = {
  de: {
    title: "HR-Portal",
    body: {
      LEAVE_REQUEST_DECIDED: "Ihr Abwesenheitsgesuch ist entschieden.",
      LEAVE_REQUEST_FILED: "Ein Abwesenheitsgesuch wartet auf Ihren Entscheid.",
      LEAVE_CANCELLATION_REQUESTED: "Eine Stornierung wartet auf Ihren Entscheid.",
      LEAVE_REQUEST_WITHDRAWN: "Ein Abwesenheitsgesuch wurde zurückgezogen.",
      TIMESHEET_SUBMITTED: "Eine Arbeitswoche wartet auf Ihre Freigabe.",
      TIMESHEET_DECIDED: "Ihre Arbeitswoche ist entschieden.",
      PROFILE_CHANGE_REQUESTED: "Ein Änderungswunsch wartet auf HR.",
      PROFILE_CHANGE_DECIDED: "Ihr Änderungswunsch ist entschieden.",
      SICK_REPORTED: "Eine Person aus Ihrem Team ist krank gemeldet.",
      SICK_ENDED: "Eine Krankheitsabwesenheit in Ihrem Team ist beendet.",
      SICK_REPORT_WITHDRAWN: "Eine Krankmeldung wurde zurückgenommen.",
      SICK_CERTIFICATE_ACCEPTED: "Ihr Arztzeugnis ist akzeptiert.",
      LEAVE_REQUEST_RECALCULATED: "Die Tage Ihrer Abwesenheit wurden neu berechnet.",
      "LEAVE_REQUEST_DECIDED.APPROVED": "Ihr Abwesenheitsgesuch ist bewilligt.",
      "LEAVE_REQUEST_DECIDED.REJECTED": "Ihr Abwesenheitsgesuch ist abgelehnt.",
      "LEAVE_REQUEST_DECIDED.CANCELLATION_GRANTED":
        "Ihre Stornierung ist bewilligt; die Abwesenheit entfällt.",
      "LEAVE_REQUEST_DECIDED.CANCELLATION_REFUSED":
        "Ihre Stornierung ist abgelehnt; die Abwesenheit bleibt bewilligt.",
      "TIMESHEET_DECIDED.APPROVED": "Ihre Arbeitswoche ist freigegeben.",
      "TIMESHEET_DECIDED.REJECTED": "Ihre Arbeitswoche ist zurückgewiesen.",
      "PROFILE_CHANGE_DECIDED.APPLIED": "Ihr Änderungswunsch ist übernommen.",
      "PROFILE_CHANGE_DECIDED.REJECTED": "Ihr Änderungswunsch ist abgelehnt.",
      other: "Es gibt Neues im HR-Portal.",
    },
  },
  fr: {
    title: "Portail RH",
    body: {
      LEAVE_REQUEST_DECIDED: "Votre demande d'absence a été décidée.",
      LEAVE_REQUEST_FILED: "Une demande d'absence attend votre décision.",
      LEAVE_CANCELLATION_REQUESTED: "Une annulation attend votre décision.",
      LEAVE_REQUEST_WITHDRAWN: "Une demande d'absence a été retirée.",
      TIMESHEET_SUBMITTED: "Une semaine de travail attend votre validation.",
      TIMESHEET_DECIDED: "Votre semaine de travail a été décidée.",
      PROFILE_CHANGE_REQUESTED: "Une demande de modification attend les RH.",
      PROFILE_CHANGE_DECIDED: "Votre demande de modification a été décidée.",
      SICK_REPORTED: "Une personne de votre équipe est annoncée malade.",
      SICK_ENDED: "Une absence maladie de votre équipe est terminée.",
      SICK_REPORT_WITHDRAWN: "Une annonce de maladie a été retirée.",
      SICK_CERTIFICATE_ACCEPTED: "Votre certificat médical est accepté.",
      LEAVE_REQUEST_RECALCULATED: "Les jours de votre absence ont été recalculés.",
      "LEAVE_REQUEST_DECIDED.APPROVED": "Votre demande d'absence est approuvée.",
      "LEAVE_REQUEST_DECIDED.REJECTED": "Votre demande d'absence est refusée.",
      "LEAVE_REQUEST_DECIDED.CANCELLATION_GRANTED": "Votre annulation est acceptée ; l'absence n'a pas lieu.",
      "LEAVE_REQUEST_DECIDED.CANCELLATION_REFUSED":
        "Votre annulation est refusée ; l'absence reste approuvée.",
      "TIMESHEET_DECIDED.APPROVED": "Votre semaine de travail est validée.",
      "TIMESHEET_DECIDED.REJECTED": "Votre semaine de travail vous est renvoyée.",
      "PROFILE_CHANGE_DECIDED.APPLIED": "Votre demande de modification a été appliquée.",
      "PROFILE_CHANGE_DECIDED.REJECTED": "Votre demande de modification est refusée.",
      other: "Il y a du nouveau dans le portail RH.",
    },
  },
  it: {
    title: "Portale HR",
    body: {
      LEAVE_REQUEST_DECIDED: "La sua domanda di assenza è stata decisa.",
      LEAVE_REQUEST_FILED: "Una domanda di assenza attende la sua decisione.",
      LEAVE_CANCELLATION_REQUESTED: "Un annullamento attende la sua decisione.",
      LEAVE_REQUEST_WITHDRAWN: "Una domanda di assenza è stata ritirata.",
      TIMESHEET_SUBMITTED: "Una settimana di lavoro attende la sua approvazione.",
      TIMESHEET_DECIDED: "La sua settimana di lavoro è stata decisa.",
      PROFILE_CHANGE_REQUESTED: "Una richiesta di modifica attende le HR.",
      PROFILE_CHANGE_DECIDED: "La sua richiesta di modifica è stata decisa.",
      SICK_REPORTED: "Una persona del suo team è annunciata malata.",
      SICK_ENDED: "Un'assenza per malattia nel suo team è terminata.",
      SICK_REPORT_WITHDRAWN: "Un annuncio di malattia è stato ritirato.",
      SICK_CERTIFICATE_ACCEPTED: "Il suo certificato medico è accettato.",
      LEAVE_REQUEST_RECALCULATED: "I giorni della sua assenza sono stati ricalcolati.",
      "LEAVE_REQUEST_DECIDED.APPROVED": "La sua domanda di assenza è approvata.",
      "LEAVE_REQUEST_DECIDED.REJECTED": "La sua domanda di assenza è respinta.",
      "LEAVE_REQUEST_DECIDED.CANCELLATION_GRANTED":
        "Il suo annullamento è accettato; l'assenza non ha luogo.",
      "LEAVE_REQUEST_DECIDED.CANCELLATION_REFUSED":
        "Il suo annullamento è respinto; l'assenza resta approvata.",
      "TIMESHEET_DECIDED.APPROVED": "La sua settimana di lavoro è approvata.",
      "TIMESHEET_DECIDED.REJECTED": "La sua settimana di lavoro le è stata rinviata.",
      "PROFILE_CHANGE_DECIDED.APPLIED": "La sua richiesta di modifica è stata applicata.",
      "PROFILE_CHANGE_DECIDED.REJECTED": "La sua richiesta di modifica è respinta.",
      other: "Ci sono novità nel portale HR.",
    },
  },
  en: {
    title: "HR portal",
    body: {
      LEAVE_REQUEST_DECIDED: "Your leave request has been decided.",
      LEAVE_REQUEST_FILED: "A leave request awaits your decision.",
      LEAVE_CANCELLATION_REQUESTED: "A cancellation awaits your decision.",
      LEAVE_REQUEST_WITHDRAWN: "A leave request was withdrawn.",
      TIMESHEET_SUBMITTED: "A work week awaits your approval.",
      TIMESHEET_DECIDED: "Your work week has been decided.",
      PROFILE_CHANGE_REQUESTED: "A change request awaits HR.",
      PROFILE_CHANGE_DECIDED: "Your change request has been decided.",
      SICK_REPORTED: "Someone in your team is off sick.",
      SICK_ENDED: "A sick leave in your team has ended.",
      SICK_REPORT_WITHDRAWN: "A sick report was taken back.",
      SICK_CERTIFICATE_ACCEPTED: "Your medical certificate is accepted.",
      LEAVE_REQUEST_RECALCULATED: "The days of your leave were computed again.",
      "LEAVE_REQUEST_DECIDED.APPROVED": "Your leave request is approved.",
      "LEAVE_REQUEST_DECIDED.REJECTED": "Your leave request is refused.",
      "LEAVE_REQUEST_DECIDED.CANCELLATION_GRANTED":
        "Your cancellation is granted; the leave does not take place.",
      "LEAVE_REQUEST_DECIDED.CANCELLATION_REFUSED": "Your cancellation is refused; the leave stays approved.",
      "TIMESHEET_DECIDED.APPROVED": "Your work week is approved.",
      "TIMESHEET_DECIDED.REJECTED": "Your work week was sent back to you.",
      "PROFILE_CHANGE_DECIDED.APPLIED": "Your change request has been applied.",
      "PROFILE_CHANGE_DECIDED.REJECTED": "Your change request is refused.",
      other: "There is news in the HR portal.",
    },
  },
};

/**
 * The outcome a decided notification's payload names, so its text can say it: approved or refused, and for
 * a leave request whose cancellation was decided, whether the leave still takes place.
 */
function outcomeOf(kind: string, payload: Record<string, unknown>): string | null {
  const status = typeof payload.status === "string" ? payload.status : null;
  if (kind === "LEAVE_REQUEST_DECIDED" && payload.cancellation === true) {
    return status === "CANCELLED" ? "CANCELLATION_GRANTED" : "CANCELLATION_REFUSED";
  }
  return status;
}

/** A notification's text in a language (the push's body and the inbox's line): what happened, never free text. */
export function notificationText(lang: string, kind: string, payload: Record<string, unknown> = {}): string {
  const t = PUSH_TEXTS[lang as Lang] ?? PUSH_TEXTS.de;
  const outcome = outcomeOf(kind, payload);
  return (outcome && t.body[`${kind}.${outcome}`]) || t.body[kind] || t.body.other;
}

/** The title and body of a push for a notification, in a language. */
export function pushText(
  lang: string,
  kind: string,
  payload: Record<string, unknown> = {},
): { title: string; body: string } {
  const t = PUSH_TEXTS[lang as Lang] ?? PUSH_TEXTS.de;
  return { title: t.title, body: notificationText(lang, kind, payload) };
}
