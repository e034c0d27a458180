/**
 * Texts of "what assistants read about me" and of the personal data export, in the four languages people
 * read (German the source). Kept apart from the page texts so each area owns its own table.
 */
import type { Lang } from "./mod.ts";

/** The kind of data an assistant's call concerned, as a person reads it. */
export type ActivityArea =
  | "overview"
  | "account"
  | "leave"
  | "time"
  | "sick"
  | "payslips"
  | "calendar"
  | "documents"
  | "record"
  | "approvals"
  | "onboarding"
  | "application";

/** Who acted: the person's own assistant, or an assistant of someone holding a role. */
export type ActivityActor = "self" | "employee" | "manager" | "hr" | "admin" | "recruiter";

/** read | a prepared change (a preview only) | a change */
export type ActivityAction = "read" | "prepare" | "change";

export interface ActivityTexts {
  areas: Record<ActivityArea, string>;
  actors: Record<ActivityActor, string>;
  /** `{assistant}`, `{actor}`, `{area}` filled by the service. */
  sentence: Record<ActivityAction, { self: string; other: string }>;
  refused: string;
  exportTitle: string;
  exportIntro: string;
  exportSections: Record<
    | "profile"
    | "leave"
    | "time"
    | "sick"
    | "payslips"
    | "compensation"
    | "documents"
    | "assistants"
    | "activity",
    string
  >;
  exportFiles: string;
  page: {
    heading: string;
    intro: string;
    from: string;
    to: string;
    assistant: string;
    allAssistants: string;
    show: string;
    empty: string;
    when: string;
    what: string;
    more: string;
    touched: string;
  };
}

export const ACTIVITY_TEXTS: Record<Lang, ActivityTexts> = {
  de: {
    areas: {
      overview: "Übersicht (Saldo, Woche, Lohn, Aufgaben)",
      account: "Konto und Rolle",
      leave: "Abwesenheiten und Ferien",
      time: "Arbeitszeit",
      sick: "Krankheitsabwesenheiten",
      payslips: "Lohnabrechnungen (ohne Beträge)",
      calendar: "Feiertage und Betriebsferien",
      documents: "Dokumente",
      record: "Personalstammdaten",
      approvals: "Genehmigungen",
      onboarding: "Einarbeitung",
      application: "Bewerbung",
    },
    actors: {
      self: "Ihr Assistent",
      employee: "einer Mitarbeiterin oder einem Mitarbeiter",
      manager: "einer vorgesetzten Person",
      hr: "einer Person der Personalabteilung",
      admin: "einer Administratorin oder einem Administrator",
      recruiter: "einer Person aus dem Recruiting",
    },
    sentence: {
      read: {
        self: "Ihr Assistent «{assistant}» hat gelesen: {area}.",
        other: "Der Assistent «{assistant}» von {actor} hat gelesen: {area}.",
      },
      prepare: {
        self: "Ihr Assistent «{assistant}» hat eine Änderung vorbereitet: {area}.",
        other: "Der Assistent «{assistant}» von {actor} hat eine Änderung vorbereitet: {area}.",
      },
      change: {
        self: "Ihr Assistent «{assistant}» hat geändert: {area}.",
        other: "Der Assistent «{assistant}» von {actor} hat geändert: {area}.",
      },
    },
    refused: "Abgelehnt, nichts wurde gelesen oder geändert.",
    exportTitle: "Ihre Daten",
    exportIntro:
      "Dieses Archiv enthält alles, was der HR-Dienst über Sie speichert (Auskunftsrecht nach Art. 25 DSG). " +
      "Die Datei data.json enthält dieselben Angaben maschinenlesbar.",
    exportSections: {
      profile: "Profil",
      leave: "Abwesenheiten",
      time: "Arbeitszeit",
      sick: "Krankheitsabwesenheiten",
      payslips: "Lohnabrechnungen",
      compensation: "Lohn",
      documents: "Dokumente und Bestätigungen",
      assistants: "Verbundene Assistenten",
      activity: "Was Assistenten über Sie gelesen haben",
    },
    exportFiles: "Dateien im Ordner files/",
    page: {
      heading: "Was Assistenten über Sie gelesen haben",
      intro:
        "Jeder Zugriff eines Assistenten, der Sie betraf: Ihre eigenen Assistenten und die Assistenten von " +
        "Personen, die Ihre Daten bearbeiten dürfen (mit deren Rolle, nie mit Namen und nie mit dem Inhalt).",
      from: "Von",
      to: "Bis",
      assistant: "Assistent",
      allAssistants: "Alle Assistenten",
      show: "Anzeigen",
      empty: "In diesem Zeitraum hat kein Assistent Daten über Sie gelesen.",
      when: "Wann",
      what: "Was",
      more: "Weitere Einträge",
      touched: "Ihr Assistent «{assistant}» hat in diesem Zeitraum {count} Personendossiers berührt.",
    },
  },
  fr: {
    areas: {
      overview: "aperçu (solde, semaine, salaire, tâches)",
      account: "compte et rôle",
      leave: "absences et vacances",
      time: "temps de travail",
      sick: "absences pour maladie",
      payslips: "fiches de salaire (sans montants)",
      calendar: "jours fériés et fermetures",
      documents: "documents",
      record: "données du personnel",
      approvals: "approbations",
      onboarding: "intégration",
      application: "candidature",
    },
    actors: {
      self: "votre assistant",
      employee: "un collaborateur",
      manager: "une personne responsable",
      hr: "une personne des RH",
      admin: "une personne de l'administration",
      recruiter: "une personne du recrutement",
    },
    sentence: {
      read: {
        self: "Votre assistant « {assistant} » a lu : {area}.",
        other: "L'assistant « {assistant} » d'{actor} a lu : {area}.",
      },
      prepare: {
        self: "Votre assistant « {assistant} » a préparé une modification : {area}.",
        other: "L'assistant « {assistant} » d'{actor} a préparé une modification : {area}.",
      },
      change: {
        self: "Votre assistant « {assistant} » a modifié : {area}.",
        other: "L'assistant « {assistant} » d'{actor} a modifié : {area}.",
      },
    },
    refused: "Refusé, rien n'a été lu ni modifié.",
    exportTitle: "Vos données",
    exportIntro:
      "Cette archive contient tout ce que le service RH conserve à votre sujet (droit d'accès, art. 25 LPD). " +
      "Le fichier data.json contient les mêmes informations sous une forme lisible par machine.",
    exportSections: {
      profile: "Profil",
      leave: "Absences",
      time: "Temps de travail",
      sick: "Absences pour maladie",
      payslips: "Fiches de salaire",
      compensation: "Salaire",
      documents: "Documents et confirmations",
      assistants: "Assistants connectés",
      activity: "Ce que les assistants ont lu à votre sujet",
    },
    exportFiles: "Fichiers dans le dossier files/",
    page: {
      heading: "Ce que les assistants ont lu à votre sujet",
      intro:
        "Chaque accès d'un assistant qui vous concernait : vos propres assistants et ceux des personnes " +
        "autorisées à traiter vos données (avec leur rôle, jamais leur nom ni le contenu).",
      from: "Du",
      to: "Au",
      assistant: "Assistant",
      allAssistants: "Tous les assistants",
      show: "Afficher",
      empty: "Aucun assistant n'a lu de données vous concernant pendant cette période.",
      when: "Quand",
      what: "Quoi",
      more: "Entrées suivantes",
      touched:
        "Votre assistant « {assistant} » a consulté {count} dossiers de personnes pendant cette période.",
    },
  },
  it: {
    areas: {
      overview: "panoramica (saldo, settimana, salario, compiti)",
      account: "account e ruolo",
      leave: "assenze e vacanze",
      time: "orario di lavoro",
      sick: "assenze per malattia",
      payslips: "conteggi salariali (senza importi)",
      calendar: "giorni festivi e chiusure aziendali",
      documents: "documenti",
      record: "dati del personale",
      approvals: "approvazioni",
      onboarding: "inserimento",
      application: "candidatura",
    },
    actors: {
      self: "il suo assistente",
      employee: "un collaboratore",
      manager: "una persona responsabile",
      hr: "una persona delle risorse umane",
      admin: "una persona dell'amministrazione",
      recruiter: "una persona del reclutamento",
    },
    sentence: {
      read: {
        self: "Il suo assistente «{assistant}» ha letto: {area}.",
        other: "L'assistente «{assistant}» di {actor} ha letto: {area}.",
      },
      prepare: {
        self: "Il suo assistente «{assistant}» ha preparato una modifica: {area}.",
        other: "L'assistente «{assistant}» di {actor} ha preparato una modifica: {area}.",
      },
      change: {
        self: "Il suo assistente «{assistant}» ha modificato: {area}.",
        other: "L'assistente «{assistant}» di {actor} ha modificato: {area}.",
      },
    },
    refused: "Rifiutato, nulla è stato letto o modificato.",
    exportTitle: "I suoi dati",
    exportIntro:
      "Questo archivio contiene tutto ciò che il servizio HR conserva su di lei (diritto d'accesso, art. 25 LPD). " +
      "Il file data.json contiene le stesse informazioni in forma leggibile da una macchina.",
    exportSections: {
      profile: "Profilo",
      leave: "Assenze",
      time: "Orario di lavoro",
      sick: "Assenze per malattia",
      payslips: "Conteggi salariali",
      compensation: "Salario",
      documents: "Documenti e conferme",
      assistants: "Assistenti collegati",
      activity: "Che cosa hanno letto gli assistenti su di lei",
    },
    exportFiles: "File nella cartella files/",
    page: {
      heading: "Che cosa hanno letto gli assistenti su di lei",
      intro: "Ogni accesso di un assistente che la riguardava: i suoi assistenti e quelli delle persone " +
        "autorizzate a trattare i suoi dati (con il loro ruolo, mai il nome né il contenuto).",
      from: "Dal",
      to: "Al",
      assistant: "Assistente",
      allAssistants: "Tutti gli assistenti",
      show: "Mostra",
      empty: "In questo periodo nessun assistente ha letto dati che la riguardano.",
      when: "Quando",
      what: "Che cosa",
      more: "Voci successive",
      touched: "Il suo assistente «{assistant}» ha consultato {count} dossier di persone in questo periodo.",
    },
  },
  en: {
    areas: {
      overview: "overview (balance, week, pay, to-dos)",
      account: "account and role",
      leave: "absences and vacation",
      time: "working time",
      sick: "sick leave",
      payslips: "payslips (no amounts)",
      calendar: "public holidays and closures",
      documents: "documents",
      record: "personnel record",
      approvals: "approvals",
      onboarding: "onboarding",
      application: "application",
    },
    actors: {
      self: "your assistant",
      employee: "an employee",
      manager: "a manager",
      hr: "a member of HR",
      admin: "an administrator",
      recruiter: "a recruiter",
    },
    sentence: {
      read: {
        self: "Your assistant “{assistant}” read: {area}.",
        other: "The assistant “{assistant}” of {actor} read: {area}.",
      },
      prepare: {
        self: "Your assistant “{assistant}” prepared a change: {area}.",
        other: "The assistant “{assistant}” of {actor} prepared a change: {area}.",
      },
      change: {
        self: "Your assistant “{assistant}” changed: {area}.",
        other: "The assistant “{assistant}” of {actor} changed: {area}.",
      },
    },
    refused: "Refused; nothing was read or changed.",
    exportTitle: "Your data",
    exportIntro:
      "This archive holds everything the HR service keeps about you (right of access, Art. 25 FADP). " +
      "The file data.json holds the same in machine-readable form.",
    exportSections: {
      profile: "Profile",
      leave: "Absences",
      time: "Working time",
      sick: "Sick leave",
      payslips: "Payslips",
      compensation: "Salary",
      documents: "Documents and acknowledgements",
      assistants: "Connected assistants",
      activity: "What assistants read about you",
    },
    exportFiles: "Files in the folder files/",
    page: {
      heading: "What assistants read about you",
      intro:
        "Every access of an assistant that concerned you: your own assistants and the assistants of people " +
        "allowed to handle your data (with their role, never their name and never the content).",
      from: "From",
      to: "To",
      assistant: "Assistant",
      allAssistants: "All assistants",
      show: "Show",
      empty: "No assistant read anything about you in this period.",
      when: "When",
      what: "What",
      more: "More entries",
      touched: "Your assistant “{assistant}” touched {count} person records in this period.",
    },
  },
};
