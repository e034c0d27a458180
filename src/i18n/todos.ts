/**
 * Refusals of the to-do actions (an onboarding task done, a feedback draft sent or discarded, a survey
 * invitation answered or declined), in the four languages people read; German is the source and the fallback.
 */
import type { Lang } from "./mod.ts";

export interface TodoTexts {
  noTask: string;
  taskForSomeoneElse: string;
  noDraft: string;
  draftAlreadySent: string;
  noSurvey: string;
  /** `{status}`: one of `surveyStatus`. */
  surveyAlreadyResolved: string;
  /** `{date}`: the survey's due date, YYYY-MM-DD. */
  surveyClosed: string;
  surveyStatus: Record<"COMPLETED" | "DECLINED" | "EXPIRED", string>;
}

export const TODO_TEXTS: Record<Lang, TodoTexts> = {
  de: {
    noTask: "Sie haben keine Onboarding-Aufgabe mit dieser ID.",
    taskForSomeoneElse: "Diese Aufgabe Ihres Onboarding-Plans erledigt jemand anderes.",
    noDraft: "Sie haben keinen ungesendeten Feedback-Entwurf mit dieser ID.",
    draftAlreadySent: "Dieses Feedback ist bereits gesendet.",
    noSurvey: "Sie haben keine Umfrage-Einladung mit dieser ID.",
    surveyAlreadyResolved: "Diese Umfrage-Einladung ist bereits erledigt ({status}).",
    surveyClosed: "Diese Umfrage ist seit dem {date} geschlossen.",
    surveyStatus: { COMPLETED: "beantwortet", DECLINED: "abgelehnt", EXPIRED: "abgelaufen" },
  },
  fr: {
    noTask: "Vous n'avez aucune tâche d'intégration avec cet identifiant.",
    taskForSomeoneElse: "Cette tâche de votre plan d'intégration est à faire par quelqu'un d'autre.",
    noDraft: "Vous n'avez aucun brouillon de feedback non envoyé avec cet identifiant.",
    draftAlreadySent: "Ce feedback a déjà été envoyé.",
    noSurvey: "Vous n'avez aucune invitation à un sondage avec cet identifiant.",
    surveyAlreadyResolved: "Cette invitation à un sondage est déjà traitée ({status}).",
    surveyClosed: "Ce sondage est fermé depuis le {date}.",
    surveyStatus: { COMPLETED: "répondu", DECLINED: "décliné", EXPIRED: "expiré" },
  },
  it: {
    noTask: "Non ha nessun compito di inserimento con questo identificativo.",
    taskForSomeoneElse: "Questo compito del suo piano di inserimento spetta a un'altra persona.",
    noDraft: "Non ha nessuna bozza di feedback non inviata con questo identificativo.",
    draftAlreadySent: "Questo feedback è già stato inviato.",
    noSurvey: "Non ha nessun invito a un sondaggio con questo identificativo.",
    surveyAlreadyResolved: "Questo invito a un sondaggio è già evaso ({status}).",
    surveyClosed: "Questo sondaggio è chiuso dal {date}.",
    surveyStatus: { COMPLETED: "risposto", DECLINED: "rifiutato", EXPIRED: "scaduto" },
  },
  en: {
    noTask: "You have no onboarding task with this id.",
    taskForSomeoneElse: "This task on your onboarding plan is for someone else to do.",
    noDraft: "You have no unsent feedback draft with this id.",
    draftAlreadySent: "This feedback was already sent.",
    noSurvey: "You have no survey invitation with this id.",
    surveyAlreadyResolved: "This survey invitation is already settled ({status}).",
    surveyClosed: "This survey closed on {date}.",
    surveyStatus: { COMPLETED: "answered", DECLINED: "declined", EXPIRED: "expired" },
  },
};
