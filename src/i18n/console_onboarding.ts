/**
 * Texts of the onboarding plan on the HR console's page of a person, in the four languages people read;
 * German is the source and the fallback. Placeholders in `{braces}` are filled with `fill` (i18n/mod.ts).
 */
import type { Lang } from "./mod.ts";

export interface OnboardingTexts {
  plan: string;
  none: string;
  summary: string;
  completed: string;
  phaseNames: Record<"BEFORE_START" | "FIRST_DAY" | "FIRST_WEEK" | "FIRST_MONTH" | "PROBATION", string>;
  task: string;
  due: string;
  who: string;
  state: string;
  done: string;
  open: string;
  person: string;
  /** The plan closed by HR before its tasks were all done. */
  closed: string;
  markDone: string;
  /** `{task}` */
  taskDone: string;
  closePlan: string;
  closeHint: string;
  planClosed: string;
  startPlan: string;
  /** `{days}`: the days after the start within which a person added counts as new. */
  startHint: string;
  firstDay: string;
  /** `{date}` */
  planStarted: string;
  /** Refusals of the plan's actions. */
  /** `{name}` */
  pageTitle: string;
  /** `{name}` */
  backToPerson: string;
  manage: string;
}

export const ONBOARDING_TEXTS: Record<Lang, OnboardingTexts> = {
  de: {
    plan: "Onboarding-Plan",
    none: "Diese Person hat keinen Onboarding-Plan.",
    summary: "Erster Arbeitstag {date} · {done} von {total} Aufgaben erledigt",
    completed: "Der Plan ist abgeschlossen.",
    phaseNames: {
      BEFORE_START: "Vor dem Start",
      FIRST_DAY: "Erster Tag",
      FIRST_WEEK: "Erste Woche",
      FIRST_MONTH: "Erster Monat",
      PROBATION: "Probezeit",
    },
    task: "Aufgabe",
    due: "Fällig",
    who: "Wer",
    state: "Stand",
    done: "erledigt",
    open: "offen",
    person: "die Person selbst",
    closed: "HR hat den Plan geschlossen; offene Aufgaben sind nicht mehr fällig.",
    markDone: "Erledigt",
    taskDone: "Die Aufgabe «{task}» ist erledigt.",
    closePlan: "Plan schliessen",
    closeHint: "Schliessen beendet den Plan mit allen offenen Aufgaben: Sie verschwinden aus den Pendenzen " +
      "der Person und der Liste der vorgesetzten Person.",
    planClosed: "Der Onboarding-Plan ist geschlossen.",
    startPlan: "Onboarding-Plan starten",
    startHint:
      "Wer neu eintritt (Anstellungsbeginn heute, später oder in den letzten {days} Tagen), erhält " +
      "den Plan aus der Vorlage DEFAULT beim Erfassen. Für eine andere Person, die neu ist (etwa nach einem " +
      "Wechsel), starten Sie ihn hier; die Aufgaben sind ab dem gewählten ersten Tag fällig.",
    firstDay: "Erster Tag des Plans",
    planStarted: "Der Onboarding-Plan ist gestartet, erster Tag {date}.",
    pageTitle: "Onboarding-Plan von {name}",
    backToPerson: "Zurück zu {name}",
    manage: "Aufgaben erledigen, Plan schliessen oder starten",
  },
  fr: {
    plan: "Plan d'intégration",
    none: "Cette personne n'a pas de plan d'intégration.",
    summary: "Premier jour de travail {date} · {done} tâches sur {total} faites",
    completed: "Le plan est terminé.",
    phaseNames: {
      BEFORE_START: "Avant le début",
      FIRST_DAY: "Premier jour",
      FIRST_WEEK: "Première semaine",
      FIRST_MONTH: "Premier mois",
      PROBATION: "Temps d'essai",
    },
    task: "Tâche",
    due: "Échéance",
    who: "Qui",
    state: "État",
    done: "faite",
    open: "ouverte",
    person: "la personne elle-même",
    closed: "Les RH ont clos le plan ; ses tâches ouvertes ne sont plus dues.",
    markDone: "Faite",
    taskDone: "La tâche « {task} » est faite.",
    closePlan: "Clore le plan",
    closeHint: "Clore le plan termine toutes ses tâches ouvertes : elles disparaissent des choses à faire " +
      "de la personne et de la liste de son ou sa responsable.",
    planClosed: "Le plan d'intégration est clos.",
    startPlan: "Démarrer un plan d'intégration",
    startHint:
      "Une personne qui arrive (début du contrat aujourd'hui, plus tard ou dans les {days} derniers " +
      "jours) reçoit le plan du modèle DEFAULT à sa saisie. Pour une autre personne nouvelle (après un " +
      "changement de poste, par exemple), démarrez-le ici ; les tâches sont dues à partir du premier jour choisi.",
    firstDay: "Premier jour du plan",
    planStarted: "Le plan d'intégration a démarré, premier jour le {date}.",
    pageTitle: "Plan d'intégration de {name}",
    backToPerson: "Retour à {name}",
    manage: "Marquer des tâches faites, clore ou démarrer un plan",
  },
  it: {
    plan: "Piano di inserimento",
    none: "Questa persona non ha un piano di inserimento.",
    summary: "Primo giorno di lavoro {date} · {done} compiti su {total} svolti",
    completed: "Il piano è concluso.",
    phaseNames: {
      BEFORE_START: "Prima dell'inizio",
      FIRST_DAY: "Primo giorno",
      FIRST_WEEK: "Prima settimana",
      FIRST_MONTH: "Primo mese",
      PROBATION: "Periodo di prova",
    },
    task: "Compito",
    due: "Scadenza",
    who: "Chi",
    state: "Stato",
    done: "svolto",
    open: "aperto",
    person: "la persona stessa",
    closed: "Le RU hanno chiuso il piano; i suoi compiti aperti non sono più dovuti.",
    markDone: "Svolto",
    taskDone: "Il compito «{task}» è svolto.",
    closePlan: "Chiudere il piano",
    closeHint:
      "Chiudere il piano conclude tutti i suoi compiti aperti: spariscono dalle cose da fare della " +
      "persona e dalla lista del suo superiore.",
    planClosed: "Il piano di inserimento è chiuso.",
    startPlan: "Avviare un piano di inserimento",
    startHint:
      "Chi arriva (inizio del rapporto oggi, più tardi o negli ultimi {days} giorni) riceve il piano " +
      "del modello DEFAULT quando viene registrato. Per un'altra persona nuova (dopo un cambio di funzione, " +
      "ad esempio) lo avvii qui; i compiti scadono a partire dal primo giorno scelto.",
    firstDay: "Primo giorno del piano",
    planStarted: "Il piano di inserimento è avviato, primo giorno il {date}.",
    pageTitle: "Piano di inserimento di {name}",
    backToPerson: "Torna a {name}",
    manage: "Segnare compiti svolti, chiudere o avviare un piano",
  },
  en: {
    plan: "Onboarding plan",
    none: "This person has no onboarding plan.",
    summary: "First working day {date} · {done} of {total} tasks done",
    completed: "The plan is completed.",
    phaseNames: {
      BEFORE_START: "Before the start",
      FIRST_DAY: "First day",
      FIRST_WEEK: "First week",
      FIRST_MONTH: "First month",
      PROBATION: "Probation",
    },
    task: "Task",
    due: "Due",
    who: "Who",
    state: "State",
    done: "done",
    open: "open",
    person: "the person themself",
    closed: "HR closed the plan; its open tasks are no longer due.",
    markDone: "Done",
    taskDone: "The task “{task}” is done.",
    closePlan: "Close the plan",
    closeHint: "Closing ends the plan with all its open tasks: they leave the person's to-dos and their " +
      "manager's list.",
    planClosed: "The onboarding plan is closed.",
    startPlan: "Start an onboarding plan",
    startHint: "A new hire (employment starting today, later or within the last {days} days) gets the plan " +
      "of the template DEFAULT when entered. For someone else who is new (after a change of role, say), start " +
      "it here; the tasks fall due from the first day chosen.",
    firstDay: "First day of the plan",
    planStarted: "The onboarding plan has started, first day {date}.",
    pageTitle: "Onboarding plan of {name}",
    backToPerson: "Back to {name}",
    manage: "Mark tasks done, close or start a plan",
  },
};

/** The texts in a language, German for any other. */
export function onboardingTexts(lang: string): OnboardingTexts {
  return ONBOARDING_TEXTS[lang as Lang] ?? ONBOARDING_TEXTS.de;
}
