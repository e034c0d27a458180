/**
 * Texts of the HR console's recruiting pages in the four languages people read; German is the source and
 * the fallback. Placeholders in `{braces}` are filled with `fill` (i18n/mod.ts).
 */
import type { Lang } from "./mod.ts";

export interface RecruitingTexts {
  recruiting: string;
  intro: string;
  title: string;
  department: string;
  location: string;
  canton: string;
  workloadFrom: string;
  workloadTo: string;
  advertisement: string;
  advertisementHint: string;
  languageNames: Record<"de" | "fr" | "it" | "en", string>;
  startDate: string;
  startDateHint: string;
  status: string;
  statusNames: Record<"DRAFT" | "OPEN" | "ON_HOLD" | "CLOSED", string>;
  hiringManager: string;
  recruiters: string;
  recruitersHint: string;
  newPosition: string;
  open: string;
  saved: string;
  applications: string;
  none: string;
  candidate: string;
  stage: string;
  applied: string;
  files: string;
  cv: string;
  letter: string;
  tasks: string;
  blocking: string;
  notes: string;
  addNote: string;
  noteVisibility: string;
  noteShared: string;
  notePrivate: string;
  noteSaved: string;
  privateMark: string;
  move: string;
  moveTo: string;
  moved: string;
  hiredAs: string;
  employeeRecord: string;
  deleteData: string;
  deleted: string;
  careersPage: string;
  stagesLink: string;
  allStages: string;
  filter: string;
  /** The empty list of notes on an application. */
  noNotes: string;
  contact: string;
  email: string;
  phone: string;
  language: string;
  /** A language the candidate chose that the service does not know, or none. */
  noLanguage: string;
  markDone: string;
  /** `{task}` */
  taskDone: string;
  /** `{name}` */
  deleteQuestion: string;
  deleteWarning: string;
  deleteConfirm: string;
  cancel: string;
  /** Refusals of completing a recruiting task. */
}

export const RECRUITING_TEXTS: Record<Lang, RecruitingTexts> = {
  de: {
    recruiting: "Rekrutierung",
    intro: "Stellen, ihre Ausschreibung auf der Karriereseite und die Bewerbungen.",
    title: "Titel",
    department: "Abteilung",
    location: "Ort",
    canton: "Kanton",
    workloadFrom: "Pensum von (%)",
    workloadTo: "Pensum bis (%)",
    advertisement: "Ausschreibung",
    languageNames: { de: "Deutsch", fr: "Französisch", it: "Italienisch", en: "Englisch" },
    advertisementHint:
      "In jeder Sprache, in der die Stelle ausgeschrieben ist; die Karriereseite zeigt die Sprache der Besucherin, sonst Deutsch, sonst die erste vorhandene.",
    startDate: "Erster Arbeitstag der eingestellten Person",
    startDateHint: "Leer: der erste Montag mindestens vier Wochen nach der Einstellung.",
    status: "Status",
    statusNames: { DRAFT: "Entwurf", OPEN: "offen", ON_HOLD: "pausiert", CLOSED: "geschlossen" },
    hiringManager: "Vorgesetzte Person (Personalnummer)",
    recruiters: "Rekrutierende (E-Mail-Adressen)",
    recruitersHint: "Eine pro Zeile; sie sehen die Bewerbungen dieser Stelle.",
    newPosition: "Neue Stelle",
    open: "Öffnen",
    saved: "Die Stelle ist gespeichert.",
    applications: "Bewerbungen",
    none: "Noch keine Bewerbungen.",
    candidate: "Person",
    stage: "Phase",
    applied: "Eingegangen",
    files: "Unterlagen",
    cv: "Lebenslauf",
    letter: "Motivationsschreiben",
    tasks: "Aufgaben",
    blocking: "blockierend",
    notes: "Geteilte Notizen",
    addNote: "Notiz hinzufügen",
    noteVisibility: "Wer sie liest",
    noteShared: "das Rekrutierungsteam (auch über Assistenten)",
    notePrivate: "nur HR (privat)",
    noteSaved: "Die Notiz ist gespeichert.",
    privateMark: "privat",
    move: "Verschieben",
    moveTo: "In die Phase",
    moved: "Die Bewerbung ist in der Phase {stage}.",
    hiredAs: "Eingestellt: {name} hat ein Personaldossier und einen Onboarding-Plan.",
    employeeRecord: "Personaldossier",
    deleteData: "Daten der Person löschen",
    deleted: "Die Bewerbung und alle Daten der Person sind gelöscht.",
    careersPage: "Karriereseite",
    stagesLink: "Phasen und ihre automatischen Aufgaben",
    allStages: "alle Phasen",
    filter: "Filtern",
    noNotes: "Noch keine Notizen.",
    contact: "Kontakt",
    email: "E-Mail",
    phone: "Telefon",
    language: "Sprache",
    noLanguage: "nicht angegeben",
    markDone: "Erledigt",
    taskDone: "Die Aufgabe «{task}» ist erledigt.",
    deleteQuestion: "Bewerbung und alle Daten von {name} löschen?",
    deleteWarning:
      "Gelöscht werden die Bewerbung, die Dateien, Aufgaben, Notizen und der Verlauf, sofort und endgültig.",
    deleteConfirm: "Endgültig löschen",
    cancel: "Abbrechen",
  },
  fr: {
    recruiting: "Recrutement",
    intro: "Les postes, leur annonce sur la page carrières et les candidatures.",
    title: "Titre",
    department: "Service",
    location: "Lieu",
    canton: "Canton",
    workloadFrom: "Taux de (%)",
    workloadTo: "Taux à (%)",
    advertisement: "Annonce",
    languageNames: { de: "allemand", fr: "français", it: "italien", en: "anglais" },
    advertisementHint:
      "Dans chaque langue où le poste est annoncé ; la page carrières montre la langue du visiteur, sinon l'allemand, sinon la première disponible.",
    startDate: "Premier jour de travail de la personne engagée",
    startDateHint: "Vide : le premier lundi au moins quatre semaines après l'engagement.",
    status: "Statut",
    statusNames: { DRAFT: "brouillon", OPEN: "ouvert", ON_HOLD: "en pause", CLOSED: "fermé" },
    hiringManager: "Responsable (numéro de personnel)",
    recruiters: "Recruteurs (adresses e-mail)",
    recruitersHint: "Une par ligne ; ils voient les candidatures de ce poste.",
    newPosition: "Nouveau poste",
    open: "Ouvrir",
    saved: "Le poste est enregistré.",
    applications: "Candidatures",
    none: "Pas encore de candidatures.",
    candidate: "Personne",
    stage: "Étape",
    applied: "Reçue le",
    files: "Documents",
    cv: "Curriculum vitae",
    letter: "Lettre de motivation",
    tasks: "Tâches",
    blocking: "bloquante",
    notes: "Notes partagées",
    addNote: "Ajouter une note",
    noteVisibility: "Qui la lit",
    noteShared: "l'équipe de recrutement (aussi par les assistants)",
    notePrivate: "seulement les RH (privée)",
    noteSaved: "La note est enregistrée.",
    privateMark: "privée",
    move: "Déplacer",
    moveTo: "Vers l'étape",
    moved: "La candidature est à l'étape {stage}.",
    hiredAs: "Engagé·e : {name} a un dossier personnel et un plan d'intégration.",
    employeeRecord: "Dossier personnel",
    deleteData: "Supprimer les données de la personne",
    deleted: "La candidature et toutes les données de la personne sont supprimées.",
    careersPage: "Page carrières",
    stagesLink: "Étapes et leurs tâches automatiques",
    allStages: "toutes les étapes",
    filter: "Filtrer",
    noNotes: "Pas encore de notes.",
    contact: "Contact",
    email: "E-mail",
    phone: "Téléphone",
    language: "Langue",
    noLanguage: "non indiquée",
    markDone: "Faite",
    taskDone: "La tâche « {task} » est faite.",
    deleteQuestion: "Supprimer la candidature et toutes les données de {name} ?",
    deleteWarning:
      "La candidature, ses fichiers, tâches, notes et son historique sont supprimés, immédiatement et définitivement.",
    deleteConfirm: "Supprimer définitivement",
    cancel: "Annuler",
  },
  it: {
    recruiting: "Reclutamento",
    intro: "I posti, il loro annuncio sulla pagina carriere e le candidature.",
    title: "Titolo",
    department: "Reparto",
    location: "Luogo",
    canton: "Cantone",
    workloadFrom: "Grado da (%)",
    workloadTo: "Grado fino a (%)",
    advertisement: "Annuncio",
    languageNames: { de: "tedesco", fr: "francese", it: "italiano", en: "inglese" },
    advertisementHint:
      "In ogni lingua in cui il posto è pubblicato; la pagina carriere mostra la lingua del visitatore, altrimenti il tedesco, altrimenti la prima disponibile.",
    startDate: "Primo giorno di lavoro della persona assunta",
    startDateHint: "Vuoto: il primo lunedì almeno quattro settimane dopo l'assunzione.",
    status: "Stato",
    statusNames: { DRAFT: "bozza", OPEN: "aperto", ON_HOLD: "sospeso", CLOSED: "chiuso" },
    hiringManager: "Superiore (numero del personale)",
    recruiters: "Reclutatori (indirizzi e-mail)",
    recruitersHint: "Uno per riga; vedono le candidature di questo posto.",
    newPosition: "Nuovo posto",
    open: "Aprire",
    saved: "Il posto è salvato.",
    applications: "Candidature",
    none: "Ancora nessuna candidatura.",
    candidate: "Persona",
    stage: "Fase",
    applied: "Ricevuta il",
    files: "Documenti",
    cv: "Curriculum vitae",
    letter: "Lettera di motivazione",
    tasks: "Compiti",
    blocking: "bloccante",
    notes: "Note condivise",
    addNote: "Aggiungere una nota",
    noteVisibility: "Chi la legge",
    noteShared: "il team di selezione (anche tramite assistenti)",
    notePrivate: "solo le risorse umane (privata)",
    noteSaved: "La nota è salvata.",
    privateMark: "privata",
    move: "Spostare",
    moveTo: "Nella fase",
    moved: "La candidatura è nella fase {stage}.",
    hiredAs: "Assunto/a: {name} ha un fascicolo personale e un piano di inserimento.",
    employeeRecord: "Fascicolo personale",
    deleteData: "Cancellare i dati della persona",
    deleted: "La candidatura e tutti i dati della persona sono cancellati.",
    careersPage: "Pagina carriere",
    stagesLink: "Fasi e i loro compiti automatici",
    allStages: "tutte le fasi",
    filter: "Filtrare",
    noNotes: "Ancora nessuna nota.",
    contact: "Contatto",
    email: "E-mail",
    phone: "Telefono",
    language: "Lingua",
    noLanguage: "non indicata",
    markDone: "Svolto",
    taskDone: "Il compito «{task}» è svolto.",
    deleteQuestion: "Cancellare la candidatura e tutti i dati di {name}?",
    deleteWarning:
      "Vengono cancellati la candidatura, i file, i compiti, le note e lo storico, subito e definitivamente.",
    deleteConfirm: "Cancellare definitivamente",
    cancel: "Annulla",
  },
  en: {
    recruiting: "Recruiting",
    intro: "Positions, their advertisement on the careers page, and the applications.",
    title: "Title",
    department: "Department",
    location: "Location",
    canton: "Canton",
    workloadFrom: "Workload from (%)",
    workloadTo: "Workload to (%)",
    advertisement: "Advertisement",
    languageNames: { de: "German", fr: "French", it: "Italian", en: "English" },
    advertisementHint:
      "In each language the position is advertised in; the careers page shows the visitor's language, else German, else the first there is.",
    startDate: "First working day of the person hired",
    startDateHint: "Empty: the first Monday at least four weeks after the hire.",
    status: "Status",
    statusNames: { DRAFT: "draft", OPEN: "open", ON_HOLD: "on hold", CLOSED: "closed" },
    hiringManager: "Hiring manager (personnel number)",
    recruiters: "Recruiters (e-mail addresses)",
    recruitersHint: "One per line; they see this position's applications.",
    newPosition: "New position",
    open: "Open",
    saved: "The position is saved.",
    applications: "Applications",
    none: "No applications yet.",
    candidate: "Person",
    stage: "Stage",
    applied: "Received",
    files: "Documents",
    cv: "CV",
    letter: "Cover letter",
    tasks: "Tasks",
    blocking: "blocking",
    notes: "Shared notes",
    addNote: "Add a note",
    noteVisibility: "Who reads it",
    noteShared: "the hiring team (assistants too)",
    notePrivate: "HR only (private)",
    noteSaved: "The note is saved.",
    privateMark: "private",
    move: "Move",
    moveTo: "To the stage",
    moved: "The application is in the stage {stage}.",
    hiredAs: "Hired: {name} has an employee record and an onboarding plan.",
    employeeRecord: "Employee record",
    deleteData: "Delete the person's data",
    deleted: "The application and all of the person's data are deleted.",
    careersPage: "Careers page",
    stagesLink: "Stages and their automatic tasks",
    allStages: "all stages",
    filter: "Filter",
    noNotes: "No notes yet.",
    contact: "Contact",
    email: "E-mail",
    phone: "Phone",
    language: "Language",
    noLanguage: "not given",
    markDone: "Done",
    taskDone: "The task “{task}” is done.",
    deleteQuestion: "Delete the application and all data of {name}?",
    deleteWarning: "The application, its files, tasks, notes and history are deleted, at once and for good.",
    deleteConfirm: "Delete for good",
    cancel: "Cancel",
  },
};

export function recruitingTexts(lang: string): RecruitingTexts {
  return RECRUITING_TEXTS[lang as Lang] ?? RECRUITING_TEXTS.de;
}
