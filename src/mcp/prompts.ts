/**
 * The connector's two prompts (contract, "Resources and prompts"), rendered in the person's language, each
 * carrying the guard rail: no ratings, no comparison between people, no speculation about health or private
 * matters. `prompts/list` shows only the prompts the person's role may use; `prompts/get` applies the same
 * rule and writes an audit row (the `person` argument is free text: audited as length and hash only).
 */
import { type Audience, audienceAllows } from "../domain/access.ts";
import type { Lang } from "../domain/calendar.ts";

/** A title and description in one language, and the arguments' descriptions (by argument name). */
export interface PromptText {
  title: string;
  description: string;
  arguments?: Record<string, string>;
}

/** A prompt as listed in the catalog and in `prompts/list`. */
export interface PromptDef {
  name: string;
  /** English: the catalog's. */
  title: string;
  description: string;
  /** Title and description as `prompts/list` shows them to a person reading this language. */
  localized: Record<Lang, PromptText>;
  /** Who may use it: managers and above, or HR staff and above. */
  audience: Audience;
  arguments: { name: string; description: string; required: boolean }[];
  /** Argument names whose values are free text (audited as length and hash). */
  freeTextArgs: string[];
  render(lang: Lang, args: Record<string, string>): string;
}

/** The guard rail in each language. */
export const GUARD_RAIL: Record<Lang, string> = {
  de:
    "Leitplanke: Gib keine Bewertungen oder Noten ab, vergleiche keine Personen miteinander und stelle keine Vermutungen über Gesundheit oder Privates an. Wenn danach gefragt wird, lehne freundlich ab.",
  en:
    "Guard rail: give no ratings or scores, make no comparison between people, and do not speculate about anyone's health or private matters. If asked to, decline politely.",
  fr:
    "Garde-fou : ne donne aucune évaluation ni note, ne compare pas les personnes entre elles et ne fais aucune supposition sur la santé ou la vie privée. Si on te le demande, refuse poliment.",
  it:
    "Limite: non dare valutazioni né voti, non confrontare le persone tra loro e non fare supposizioni sulla salute o sulla vita privata. Se ti viene chiesto, rifiuta gentilmente.",
};

/** The weekly briefing prompt in each language. */
export const BRIEFING: Record<Lang, string> = {
  de:
    "Erstelle das HR-Briefing für diese Woche. Nutze get_hr_overview für die Kennzahlen der Organisation, list_pending_approvals für die offenen Freigaben und get_public_holidays sowie get_closure_periods für den Kalender. Gliedere es in: 1. Lage der Organisation, 2. Offene Freigaben und was fällig wird, 3. Kalender der Woche (Feiertage, Schulferien, Betriebsschliessungen). Schreibe über die Organisation, nicht über einzelne Personen; keine Ranglisten.",
  en:
    "Prepare this week's HR briefing. Use get_hr_overview for the organisation's figures, list_pending_approvals for the approvals queue, and get_public_holidays and get_closure_periods for the calendar. Structure it as: 1. State of the organisation, 2. Approvals waiting and what falls due, 3. This week's calendar (public holidays, school holidays, company closures). Write about the organisation, not about individuals; no rankings.",
  fr:
    "Prépare le briefing RH de cette semaine. Utilise get_hr_overview pour les chiffres de l'organisation, list_pending_approvals pour les validations en attente, ainsi que get_public_holidays et get_closure_periods pour le calendrier. Structure-le ainsi : 1. Situation de l'organisation, 2. Validations en attente et échéances, 3. Calendrier de la semaine (jours fériés, vacances scolaires, fermetures). Écris sur l'organisation, pas sur des personnes; aucun classement.",
  it:
    "Prepara il briefing HR di questa settimana. Usa get_hr_overview per le cifre dell'organizzazione, list_pending_approvals per le approvazioni in sospeso e get_public_holidays e get_closure_periods per il calendario. Strutturalo così: 1. Situazione dell'organizzazione, 2. Approvazioni in sospeso e scadenze, 3. Calendario della settimana (giorni festivi, vacanze scolastiche, chiusure aziendali). Scrivi sull'organizzazione, non su singole persone; nessuna classifica.",
};

/** The one-to-one prompt in each language. */
export const ONE_ON_ONE: Record<Lang, (person: string) => string> = {
  de: (p) =>
    `Bereite ein Einzelgespräch mit ${p} vor – als Gespräch über Passung und Unterstützung, nicht als Beurteilung. Suche die Person mit search_people und lies mit get_employee die Stammdaten (Rolle, Team, Eintritt). Gliedere die Vorbereitung in: 1. Offene Fragen, die ich stellen kann (Arbeitslast, Zusammenarbeit, Entwicklung, was die Person braucht), 2. Fakten, die ich kennen sollte (z. B. offene Ferienanträge in list_pending_approvals, anstehende Abwesenheiten), 3. Antworten, die ich der Person noch schulde.`,
  en: (p) =>
    `Prepare a one-to-one with ${p} as a conversation about fit and support, not an appraisal. Find the person with search_people and read their master data with get_employee (role, team, start date). Structure the preparation as: 1. Open questions I can ask (workload, collaboration, growth, what they need), 2. Facts I should know (for example leave requests waiting in list_pending_approvals, upcoming absences), 3. Answers I still owe them.`,
  fr: (p) =>
    `Prépare un entretien individuel avec ${p}, comme une conversation sur l'adéquation et le soutien, pas comme une évaluation. Trouve la personne avec search_people et lis ses données de base avec get_employee (rôle, équipe, date d'entrée). Structure la préparation ainsi : 1. Questions ouvertes que je peux poser (charge de travail, collaboration, développement, ce dont elle a besoin), 2. Faits à connaître (par exemple les demandes de congé en attente dans list_pending_approvals, les absences à venir), 3. Réponses que je lui dois encore.`,
  it: (p) =>
    `Prepara un colloquio individuale con ${p} come una conversazione sull'adeguatezza e sul sostegno, non come una valutazione. Trova la persona con search_people e leggi i suoi dati di base con get_employee (ruolo, team, data d'entrata). Struttura la preparazione così: 1. Domande aperte che posso porre (carico di lavoro, collaborazione, sviluppo, di cosa ha bisogno la persona), 2. Fatti che dovrei conoscere (per esempio le richieste di vacanze in sospeso in list_pending_approvals, le assenze imminenti), 3. Risposte che devo ancora alla persona.`,
};

/** Both prompts, in catalog order. */
export const PROMPTS: readonly PromptDef[] = [
  {
    name: "weekly_hr_briefing",
    title: "Weekly HR briefing",
    description:
      "This week's HR briefing for HR staff and above: the organisation's overview, the approvals queue and the calendar. About the organisation, never a ranking of people.",
    localized: {
      de: {
        title: "Wöchentliches HR-Briefing",
        description:
          "Das HR-Briefing dieser Woche für HR und höher: Kennzahlen der Organisation, offene Freigaben und der Kalender. Über die Organisation, nie eine Rangliste von Personen.",
      },
      fr: {
        title: "Briefing RH hebdomadaire",
        description:
          "Le briefing RH de la semaine pour les RH et au-delà : chiffres de l'organisation, validations en attente et calendrier. Sur l'organisation, jamais un classement de personnes.",
      },
      it: {
        title: "Briefing HR settimanale",
        description:
          "Il briefing HR della settimana per le risorse umane e oltre: cifre dell'organizzazione, approvazioni in sospeso e calendario. Sull'organizzazione, mai una classifica di persone.",
      },
      en: {
        title: "Weekly HR briefing",
        description:
          "This week's HR briefing for HR staff and above: the organisation's overview, the approvals queue and the calendar. About the organisation, never a ranking of people.",
      },
    },
    audience: "HR",
    arguments: [],
    freeTextArgs: [],
    render: (lang) => `${BRIEFING[lang]}\n\n${GUARD_RAIL[lang]}`,
  },
  {
    name: "prepare_1on1",
    title: "Prepare a one-to-one",
    description:
      "Prepares a manager's one-to-one with a person as a conversation about fit and support: open questions, facts to know, answers owed. For managers and above.",
    localized: {
      de: {
        title: "Einzelgespräch vorbereiten",
        description:
          "Bereitet das Einzelgespräch einer vorgesetzten Person als Gespräch über Passung und Unterstützung vor: offene Fragen, wichtige Fakten, geschuldete Antworten. Für Vorgesetzte und höher.",
        arguments: { person: "Der Name der Person (wie die vorgesetzte Person ihn sagen würde)." },
      },
      fr: {
        title: "Préparer un entretien individuel",
        description:
          "Prépare l'entretien individuel d'un responsable comme une conversation sur l'adéquation et le soutien : questions ouvertes, faits à connaître, réponses dues. Pour les responsables et au-delà.",
        arguments: { person: "Le nom de la personne (tel que le responsable le dirait)." },
      },
      it: {
        title: "Preparare un colloquio individuale",
        description:
          "Prepara il colloquio individuale di un responsabile come una conversazione sull'adeguatezza e sul sostegno: domande aperte, fatti da conoscere, risposte dovute. Per i responsabili e oltre.",
        arguments: { person: "Il nome della persona (come lo direbbe il responsabile)." },
      },
      en: {
        title: "Prepare a one-to-one",
        description:
          "Prepares a manager's one-to-one with a person as a conversation about fit and support: open questions, facts to know, answers owed. For managers and above.",
        arguments: { person: "The person's name (as the manager would say it)." },
      },
    },
    audience: "MANAGERS",
    arguments: [{
      name: "person",
      description: "The person's name (as the manager would say it).",
      required: true,
    }],
    freeTextArgs: ["person"],
    render: (lang, args) => `${ONE_ON_ONE[lang](args.person)}\n\n${GUARD_RAIL[lang]}`,
  },
];

/**
 * A prompt's title and description in the person's language (German when there is none for it), and its
 * arguments with their descriptions in that language (the catalog's English where none is written).
 */
export function promptText(
  p: PromptDef,
  lang: string,
): { title: string; description: string; arguments: PromptDef["arguments"] } {
  const text = p.localized[lang as Lang] ?? p.localized.de;
  return {
    title: text.title,
    description: text.description,
    arguments: p.arguments.map((a) => ({ ...a, description: text.arguments?.[a.name] ?? a.description })),
  };
}

/** Whether a role may use a prompt. */
export function mayUsePrompt(role: string, p: PromptDef): boolean {
  return audienceAllows(role, p.audience);
}

/** The guard-rail sentence in a language (exported for tests). */
export function guardRail(lang: Lang): string {
  return GUARD_RAIL[lang];
}
