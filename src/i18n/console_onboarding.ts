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
  },
};

/** The texts in a language, German for any other. */
export function onboardingTexts(lang: string): OnboardingTexts {
  return ONBOARDING_TEXTS[lang as Lang] ?? ONBOARDING_TEXTS.de;
}
