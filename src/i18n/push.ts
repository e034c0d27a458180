/**
 * Push notification texts in the four languages people read; German is the source and the fallback. A push
 * says what happened, never the record's free text (a reason, a note): the app opens the record for that.
 */
import type { Lang } from "./mod.ts";

export interface PushTexts {
  title: string;
  /** The body per notification kind; `other` for a kind not listed. */
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
      other: "There is news in the HR portal.",
    },
  },
};

/** The title and body of a push for a notification kind, in a language. */
export function pushText(lang: string, kind: string): { title: string; body: string } {
  const t = PUSH_TEXTS[lang as Lang] ?? PUSH_TEXTS.de;
  return { title: t.title, body: t.body[kind] ?? t.body.other };
}
