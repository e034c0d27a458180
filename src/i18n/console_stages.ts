/**
 * Texts of the HR console's recruiting stages page in the four languages people read; German is the source
 * and the fallback. Placeholders in `{braces}` are filled with `fill` (i18n/mod.ts); `{{…}}` shows a
 * template placeholder as typed.
 */
import type { Lang } from "./mod.ts";

type Kind = "EMAIL_CANDIDATE" | "CREATE_TASK" | "NOTIFY_HIRING_MANAGER" | "MARK_HIRED";

export interface StageTexts {
  stages: string;
  intro: string;
  key: string;
  keyHint: string;
  name: string;
  languageNames: Record<"de" | "fr" | "it" | "en", string>;
  order: string;
  gated: string;
  gatedHint: string;
  outcome: string;
  outcomeNames: Record<"NONE" | "HIRED" | "REJECTED", string>;
  tasks: string;
  tasksHint: string;
  task: string;
  kind: string;
  kindNames: Record<Kind | "", string>;
  title: string;
  subject: string;
  body: string;
  placeholders: string;
  languagesHint: string;
  blocking: string;
  assignee: string;
  assigneeNames: Record<"HR" | "HIRING_MANAGER", string>;
  preview: string;
  previewHint: string;
  previewOf: string;
  sample: { firstName: string; lastName: string; position: string };
  newStage: string;
  allStages: string;
  saved: string;
  unknown: string;
  automatic: string;
}

export const STAGE_TEXTS: Record<Lang, StageTexts> = {
  de: {
    stages: "Phasen der Rekrutierung",
    intro:
      "Die Phasen, durch die eine Bewerbung geht, in ihrer Reihenfolge, und was der Eintritt in eine Phase auslöst. Gespeichert wird der Eintrag der Konfigurationsdatei, mit deren Prüfungen.",
    key: "Schlüssel",
    keyHint: "Grossbuchstaben, Ziffern und _, z. B. SCREENING; bleibt danach fest.",
    name: "Name",
    languageNames: { de: "Deutsch", fr: "Französisch", it: "Italienisch", en: "Englisch" },
    order: "Reihenfolge (kleiner zuerst)",
    gated: "Schranke: erst betretbar, wenn alle blockierenden Aufgaben erledigt sind",
    gatedHint: "Gilt in der Konsole und für Assistenten gleich; es gibt keine Ausnahme.",
    outcome: "Die Phase markiert die Person als",
    outcomeNames: { NONE: "–", HIRED: "eingestellt", REJECTED: "abgesagt" },
    tasks: "Automatische Aufgaben",
    tasksHint: "In dieser Reihenfolge beim Eintritt in die Phase. Art «–» entfernt eine Aufgabe.",
    task: "Aufgabe {n}",
    kind: "Art",
    kindNames: {
      "": "–",
      EMAIL_CANDIDATE: "E-Mail an die Person",
      CREATE_TASK: "Aufgabe erstellen",
      NOTIFY_HIRING_MANAGER: "Vorgesetzte Person benachrichtigen",
      MARK_HIRED: "Als eingestellt markieren",
    },
    title: "Titel",
    subject: "Betreff",
    body: "Text",
    placeholders: "Platzhalter: {list}",
    languagesHint:
      "Deutsch ist nötig; wer eine andere Sprache liest und dort keinen Text hat, erhält den deutschen.",
    blocking: "Blockiert Phasen mit Schranke, bis erledigt",
    assignee: "Wer sie erledigt",
    assigneeNames: { HR: "das Rekrutierungsteam", HIRING_MANAGER: "die vorgesetzte Person der Stelle" },
    preview: "Vorschau",
    previewHint: "Die Vorschau speichert nichts.",
    previewOf: "Vorschau von Aufgabe {n}",
    sample: { firstName: "Anna", lastName: "Muster", position: "Sachbearbeiterin Personal" },
    newStage: "Neue Phase",
    allStages: "Alle Phasen",
    saved: "Die Phase {key} ist gespeichert.",
    unknown: "Diese Phase gibt es nicht.",
    automatic: "Automatisch",
  },
  fr: {
    stages: "Étapes du recrutement",
    intro:
      "Les étapes que suit une candidature, dans leur ordre, et ce que déclenche l'entrée dans une étape. L'enregistrement est l'entrée du fichier de configuration, avec ses contrôles.",
    key: "Clé",
    keyHint: "Majuscules, chiffres et _, p. ex. SCREENING ; ne change plus ensuite.",
    name: "Nom",
    languageNames: { de: "allemand", fr: "français", it: "italien", en: "anglais" },
    order: "Ordre (le plus petit d'abord)",
    gated: "Barrière : accessible seulement quand toutes les tâches bloquantes sont faites",
    gatedHint: "Vaut pareil dans la console et pour les assistants ; sans exception.",
    outcome: "L'étape marque la personne comme",
    outcomeNames: { NONE: "–", HIRED: "engagée", REJECTED: "refusée" },
    tasks: "Tâches automatiques",
    tasksHint: "Dans cet ordre à l'entrée dans l'étape. Le type « – » retire une tâche.",
    task: "Tâche {n}",
    kind: "Type",
    kindNames: {
      "": "–",
      EMAIL_CANDIDATE: "E-mail à la personne",
      CREATE_TASK: "Créer une tâche",
      NOTIFY_HIRING_MANAGER: "Informer la ou le responsable",
      MARK_HIRED: "Marquer comme engagée",
    },
    title: "Titre",
    subject: "Objet",
    body: "Texte",
    placeholders: "Espaces réservés : {list}",
    languagesHint: "L'allemand est requis ; une personne dont la langue n'a pas de texte reçoit l'allemand.",
    blocking: "Bloque les étapes à barrière jusqu'à ce qu'elle soit faite",
    assignee: "Qui la fait",
    assigneeNames: { HR: "l'équipe de recrutement", HIRING_MANAGER: "la ou le responsable du poste" },
    preview: "Aperçu",
    previewHint: "L'aperçu n'enregistre rien.",
    previewOf: "Aperçu de la tâche {n}",
    sample: { firstName: "Anna", lastName: "Exemple", position: "Gestionnaire RH" },
    newStage: "Nouvelle étape",
    allStages: "Toutes les étapes",
    saved: "L'étape {key} est enregistrée.",
    unknown: "Cette étape n'existe pas.",
    automatic: "Automatique",
  },
  it: {
    stages: "Fasi della selezione",
    intro:
      "Le fasi che una candidatura attraversa, nel loro ordine, e ciò che l'ingresso in una fase avvia. Si salva la voce del file di configurazione, con i suoi controlli.",
    key: "Chiave",
    keyHint: "Maiuscole, cifre e _, p. es. SCREENING; poi non cambia più.",
    name: "Nome",
    languageNames: { de: "tedesco", fr: "francese", it: "italiano", en: "inglese" },
    order: "Ordine (il più piccolo prima)",
    gated: "Barriera: accessibile solo quando tutti i compiti bloccanti sono svolti",
    gatedHint: "Vale allo stesso modo nella console e per gli assistenti; senza eccezioni.",
    outcome: "La fase segna la persona come",
    outcomeNames: { NONE: "–", HIRED: "assunta", REJECTED: "respinta" },
    tasks: "Compiti automatici",
    tasksHint: "In quest'ordine all'ingresso nella fase. Il tipo «–» toglie un compito.",
    task: "Compito {n}",
    kind: "Tipo",
    kindNames: {
      "": "–",
      EMAIL_CANDIDATE: "E-mail alla persona",
      CREATE_TASK: "Creare un compito",
      NOTIFY_HIRING_MANAGER: "Informare il/la responsabile",
      MARK_HIRED: "Segnare come assunta",
    },
    title: "Titolo",
    subject: "Oggetto",
    body: "Testo",
    placeholders: "Segnaposto: {list}",
    languagesHint: "Il tedesco è obbligatorio; chi legge un'altra lingua senza testo riceve quello tedesco.",
    blocking: "Blocca le fasi con barriera finché non è svolto",
    assignee: "Chi lo svolge",
    assigneeNames: { HR: "il team di selezione", HIRING_MANAGER: "il/la responsabile del posto" },
    preview: "Anteprima",
    previewHint: "L'anteprima non salva nulla.",
    previewOf: "Anteprima del compito {n}",
    sample: { firstName: "Anna", lastName: "Esempio", position: "Addetta alle risorse umane" },
    newStage: "Nuova fase",
    allStages: "Tutte le fasi",
    saved: "La fase {key} è salvata.",
    unknown: "Questa fase non esiste.",
    automatic: "Automatico",
  },
  en: {
    stages: "Recruiting stages",
    intro:
      "The stages an application goes through, in their order, and what entering a stage sets off. A save is the stage's entry of the configuration file, with its checks.",
    key: "Key",
    keyHint: "Capital letters, digits and _, e.g. SCREENING; it stays fixed afterwards.",
    name: "Name",
    languageNames: { de: "German", fr: "French", it: "Italian", en: "English" },
    order: "Order (smaller first)",
    gated: "Gate: can be entered only once every blocking task is done",
    gatedHint: "The same in the console and for assistants; there is no exception.",
    outcome: "The stage marks the person as",
    outcomeNames: { NONE: "–", HIRED: "hired", REJECTED: "rejected" },
    tasks: "Automatic tasks",
    tasksHint: "In this order on entering the stage. Kind “–” removes a task.",
    task: "Task {n}",
    kind: "Kind",
    kindNames: {
      "": "–",
      EMAIL_CANDIDATE: "E-mail the candidate",
      CREATE_TASK: "Create a task",
      NOTIFY_HIRING_MANAGER: "Notify the hiring manager",
      MARK_HIRED: "Mark as hired",
    },
    title: "Title",
    subject: "Subject",
    body: "Text",
    placeholders: "Placeholders: {list}",
    languagesHint: "German is required; a candidate whose language has no text gets the German one.",
    blocking: "Holds gated stages shut until done",
    assignee: "Who does it",
    assigneeNames: { HR: "the recruiting team", HIRING_MANAGER: "the position's hiring manager" },
    preview: "Preview",
    previewHint: "The preview saves nothing.",
    previewOf: "Preview of task {n}",
    sample: { firstName: "Anna", lastName: "Sample", position: "HR Administrator" },
    newStage: "New stage",
    allStages: "All stages",
    saved: "The stage {key} is saved.",
    unknown: "There is no such stage.",
    automatic: "Automatic",
  },
};

/** The texts in a language, German for any other. */
export function stageTexts(lang: string): StageTexts {
  return STAGE_TEXTS[lang as Lang] ?? STAGE_TEXTS.de;
}
