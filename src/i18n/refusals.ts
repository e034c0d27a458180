/**
 * The services' most common refusals (overlaps, balances, a week's state) in the four languages people read;
 * German is the source and the fallback. Each goes with a stable `reason` (src/errors.ts), so an app can also
 * show its own words. The placeholders are filled with dates (YYYY-MM-DD), ids, numbers and names.
 */
import type { Lang } from "./mod.ts";

export interface RefusalTexts {
  /** `{id}`, `{from}`, `{to}`, `{status}` (one of `leaveStatus`). */
  leaveOverlap: string;
  leaveStatus: Record<"AWAITING_APPROVAL" | "APPROVED" | "CANCELLATION_REQUESTED", string>;
  /** `{type}`, `{year}`, `{days}`, `{remaining}`. */
  insufficientBalance: string;
  /** For the approver: `{name}`, `{year}`, `{remaining}`, `{days}`. */
  approvalWouldOverdraw: string;
  /** `{id}`, `{date}`, `{from}`, `{to}`. */
  timeEntryOverlap: string;
  /** `{week}`: the Monday. */
  weekNotStarted: string;
  weekAlreadySubmitted: string;
  weekWithoutDrafts: string;
  /** `{date}`, `{time}`: when the running timer was started. */
  timerRunning: string;
  timerNotRunning: string;
  /** `{date}`, `{time}`: when the timer was started (an earlier day). */
  timerAcrossMidnight: string;
  timerTooShort: string;
}

export const REFUSAL_TEXTS: Record<Lang, RefusalTexts> = {
  de: {
    leaveOverlap: "Das überschneidet sich mit Ihrem Gesuch {id} vom {from} bis {to} ({status}). Ziehen Sie " +
      "jenes zuerst zurück oder ändern Sie es, oder wählen Sie andere Daten.",
    leaveStatus: {
      AWAITING_APPROVAL: "wartet auf Entscheid",
      APPROVED: "bewilligt",
      CANCELLATION_REQUESTED: "Stornierung beantragt",
    },
    insufficientBalance:
      "Nicht genug {type} übrig im Jahr {year}: Dieses Gesuch braucht {days} Tag(e), nach " +
      "den Gesuchen, die auf Entscheid warten, bleiben {remaining}. Kürzen Sie das Gesuch oder wählen Sie eine " +
      "andere Abwesenheitsart.",
    approvalWouldOverdraw: "Eine Bewilligung würde das Guthaben von {name} im Jahr {year} überziehen " +
      "({remaining} Tag(e) übrig, das Gesuch braucht {days}). Lehnen Sie es ab oder bitten Sie HR, den " +
      "Anspruch anzupassen.",
    timeEntryOverlap: "Das überschneidet sich mit Ihrem Eintrag {id} am {date} von {from} bis {to}. Ändern " +
      "Sie die Zeiten oder bearbeiten Sie stattdessen jenen Eintrag.",
    weekNotStarted:
      "Die Woche vom {week} hat noch nicht begonnen; reichen Sie sie ein, sobald sie begonnen hat.",
    weekAlreadySubmitted: "Die Woche vom {week} ist bereits eingereicht; bis Ihre vorgesetzte Person sie " +
      "bewilligt oder zurückweist, gibt es nichts mehr einzureichen.",
    weekWithoutDrafts: "Die Woche vom {week} hat keine Entwürfe zum Einreichen.",
    timerRunning:
      "Ihre Zeiterfassung läuft bereits seit {date} {time}. Stoppen oder verwerfen Sie sie, bevor " +
      "Sie eine neue starten.",
    timerNotRunning: "Es läuft keine Zeiterfassung.",
    timerAcrossMidnight:
      "Ihre Zeiterfassung läuft seit {date} {time}, also über Mitternacht. Geben Sie beim " +
      "Stoppen die Endzeit jenes Tages an (endTime) oder verwerfen Sie sie und erfassen Sie die Zeit von Hand.",
    timerTooShort: "Die Zeiterfassung lief weniger als eine Minute; verwerfen Sie sie.",
  },
  fr: {
    leaveOverlap: "Cela chevauche votre demande {id} du {from} au {to} ({status}). Retirez ou modifiez " +
      "d'abord celle-ci, ou choisissez d'autres dates.",
    leaveStatus: {
      AWAITING_APPROVAL: "en attente de décision",
      APPROVED: "approuvée",
      CANCELLATION_REQUESTED: "annulation demandée",
    },
    insufficientBalance:
      "Solde de {type} insuffisant en {year} : cette demande nécessite {days} jour(s), il " +
      "en reste {remaining} après les demandes en attente de décision. Raccourcissez la demande ou choisissez " +
      "un autre type d'absence.",
    approvalWouldOverdraw: "Approuver rendrait négatif le solde de {name} en {year} ({remaining} jour(s) " +
      "restant(s), la demande en nécessite {days}). Refusez-la ou demandez aux RH d'ajuster le droit.",
    timeEntryOverlap:
      "Cela chevauche votre saisie {id} du {date} de {from} à {to}. Modifiez les heures, ou " +
      "corrigez plutôt cette saisie.",
    weekNotStarted: "La semaine du {week} n'a pas encore commencé ; soumettez-la une fois commencée.",
    weekAlreadySubmitted: "La semaine du {week} est déjà soumise ; il n'y a plus rien à soumettre tant que " +
      "votre responsable ne l'a pas approuvée ou renvoyée.",
    weekWithoutDrafts: "La semaine du {week} n'a aucune saisie en brouillon à soumettre.",
    timerRunning: "Votre chronomètre tourne déjà depuis le {date} à {time}. Arrêtez-le ou abandonnez-le " +
      "avant d'en démarrer un autre.",
    timerNotRunning: "Aucun chronomètre ne tourne.",
    timerAcrossMidnight: "Votre chronomètre tourne depuis le {date} à {time}, donc au-delà de minuit. " +
      "Indiquez l'heure de fin de ce jour-là en l'arrêtant (endTime), ou abandonnez-le et saisissez le temps " +
      "à la main.",
    timerTooShort: "Le chronomètre a tourné moins d'une minute ; abandonnez-le.",
  },
  it: {
    leaveOverlap: "Si sovrappone alla sua richiesta {id} dal {from} al {to} ({status}). Ritiri o modifichi " +
      "prima quella, oppure scelga altre date.",
    leaveStatus: {
      AWAITING_APPROVAL: "in attesa di decisione",
      APPROVED: "approvata",
      CANCELLATION_REQUESTED: "annullamento richiesto",
    },
    insufficientBalance: "Saldo di {type} insufficiente nel {year}: questa richiesta richiede {days} " +
      "giorno/i, ne restano {remaining} dopo le richieste in attesa di decisione. Accorci la richiesta o " +
      "scelga un altro tipo di assenza.",
    approvalWouldOverdraw: "Approvare renderebbe negativo il saldo di {name} nel {year} ({remaining} " +
      "giorno/i rimanenti, la richiesta ne richiede {days}). La respinga o chieda alle risorse umane di " +
      "adeguare il diritto.",
    timeEntryOverlap: "Si sovrappone alla sua registrazione {id} del {date} dalle {from} alle {to}. " +
      "Modifichi gli orari, oppure corregga quella registrazione.",
    weekNotStarted: "La settimana del {week} non è ancora iniziata; la invii quando sarà iniziata.",
    weekAlreadySubmitted: "La settimana del {week} è già stata inviata; non c'è altro da inviare finché il " +
      "suo responsabile non l'approva o la rinvia.",
    weekWithoutDrafts: "La settimana del {week} non ha registrazioni in bozza da inviare.",
    timerRunning: "Il suo cronometro è già in corso dal {date} alle {time}. Lo fermi o lo scarti prima di " +
      "avviarne un altro.",
    timerNotRunning: "Nessun cronometro è in corso.",
    timerAcrossMidnight: "Il suo cronometro è in corso dal {date} alle {time}, quindi oltre la mezzanotte. " +
      "Indichi l'ora di fine di quel giorno fermandolo (endTime), oppure lo scarti e registri il tempo a mano.",
    timerTooShort: "Il cronometro è durato meno di un minuto; lo scarti.",
  },
  en: {
    leaveOverlap: "This overlaps your request {id} from {from} to {to} ({status}). Withdraw or change that " +
      "one first, or pick other dates.",
    leaveStatus: {
      AWAITING_APPROVAL: "awaiting approval",
      APPROVED: "approved",
      CANCELLATION_REQUESTED: "cancellation requested",
    },
    insufficientBalance: "Not enough {type} left in {year}: this request needs {days} day(s), {remaining} " +
      "remain after the requests awaiting approval. Shorten the request or choose another leave type.",
    approvalWouldOverdraw: "Approving would overdraw {name}'s balance in {year} ({remaining} day(s) left, " +
      "the request needs {days}). Reject it or ask HR to adjust the entitlement.",
    timeEntryOverlap: "This overlaps your entry {id} on {date} from {from} to {to}. Change the times, or " +
      "edit that entry instead.",
    weekNotStarted: "The week of {week} has not started yet; submit it once it has.",
    weekAlreadySubmitted: "The week of {week} is already submitted; there is nothing more to submit until " +
      "your manager approves it or sends it back.",
    weekWithoutDrafts: "The week of {week} has no draft entries to submit.",
    timerRunning: "Your timer has been running since {date} {time}. Stop or discard it before starting " +
      "another.",
    timerNotRunning: "No timer is running.",
    timerAcrossMidnight: "Your timer has been running since {date} {time}, past midnight. Stop it with the " +
      "end time of that day (endTime), or discard it and record the time by hand.",
    timerTooShort: "The timer ran for less than a minute; discard it.",
  },
};
