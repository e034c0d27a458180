/**
 * Texts of the HR console's inbox in the four languages people read; German is the source and the fallback.
 * Placeholders in `{braces}` are filled with `fill` (i18n/mod.ts).
 */
import type { Lang } from "./mod.ts";

export interface InboxTexts {
  inbox: string;
  inboxIntro: string;
  changes: string;
  noChanges: string;
  field: string;
  value: string;
  apply: string;
  reject: string;
  applied: string;
  rejected: string;
  leave: string;
  noLeave: string;
  leaveType: string;
  period: string;
  days: string;
  note: string;
  approve: string;
  decided: string;
  overdraws: string;
  /** A link to the requester's supporting file. */
  attachment: string;
  cancellation: string;
  sick: string;
  noSick: string;
  since: string;
  ongoing: string;
  certificate: string;
  state: Record<"NONE" | "REQUESTED" | "UPLOADED" | "ACCEPTED", string>;
  openFile: string;
  accept: string;
  accepted: string;
  person: string;
  requested: string;
  badDecision: string;
  documents: string;
  noDocuments: string;
  document: string;
  received: string;
  /** The heading of the column whose cells hold a request's decision buttons. */
  decision: string;
  /** Leave requests waiting for someone who cannot decide them. */
  stranded: string;
  strandedIntro: string;
  noStranded: string;
  waitsFor: string;
  cannotAct: Record<"NO_ACCOUNT" | "NOT_ACTIVATED" | "DEACTIVATED" | "NO_APPROVAL_RIGHT", string>;
  routeTo: string;
  route: string;
  routed: string;
}

export const INBOX_TEXTS: Record<Lang, InboxTexts> = {
  de: {
    inbox: "Eingang HR",
    inboxIntro:
      "Was auf HR wartet: Änderungswünsche zu Personendaten, Abwesenheitsgesuche ohne vorgesetzte Person und Krankheitsabwesenheiten mit ihren Arztzeugnissen.",
    changes: "Änderungswünsche",
    noChanges: "Keine offenen Änderungswünsche.",
    field: "Feld",
    value: "Neuer Wert",
    apply: "Übernehmen",
    reject: "Ablehnen",
    applied: "Die Änderung ist übernommen.",
    rejected: "Der Wunsch ist abgelehnt.",
    leave: "Abwesenheitsgesuche ohne vorgesetzte Person",
    noLeave: "Keine Gesuche warten auf HR.",
    leaveType: "Art",
    period: "Zeitraum",
    days: "Tage",
    note: "Notiz an die Person (freiwillig)",
    approve: "Bewilligen",
    decided: "Der Entscheid ist gespeichert; die Person ist benachrichtigt.",
    overdraws: "überzieht das Guthaben",
    attachment: "Beilage",
    cancellation: "Stornierungswunsch",
    sick: "Krankheitsabwesenheiten (laufend oder in den letzten 30 Tagen beendet)",
    noSick: "Keine Krankheitsabwesenheiten zu verfolgen.",
    since: "seit",
    ongoing: "laufend",
    certificate: "Arztzeugnis",
    state: { NONE: "keines", REQUESTED: "verlangt", UPLOADED: "eingetroffen", ACCEPTED: "akzeptiert" },
    openFile: "Datei öffnen",
    accept: "Akzeptieren",
    accepted: "Das Arztzeugnis ist akzeptiert; die Person ist benachrichtigt.",
    person: "Person",
    requested: "Eingereicht",
    badDecision: "Dieser Entscheid ist hier nicht möglich.",
    documents: "Eingetroffene Dokumente (letzte 30 Tage)",
    noDocuments: "Keine Dokumente eingetroffen.",
    document: "Dokument",
    received: "Eingetroffen",
    decision: "Entscheid",
    stranded: "Gesuche bei jemandem, der nicht entscheiden kann",
    strandedIntro:
      "Diese Gesuche warten auf eine Person ohne Konto, mit einer nie angenommenen Einladung, mit deaktiviertem Konto oder ohne Recht zu entscheiden. HR entscheidet sie hier oder gibt sie jemandem, der entscheiden kann.",
    noStranded: "Jedes wartende Gesuch liegt bei jemandem, der es entscheiden kann.",
    waitsFor: "Wartet auf",
    cannotAct: {
      NO_ACCOUNT: "hat kein Konto",
      NOT_ACTIVATED: "hat die Einladung nie angenommen",
      DEACTIVATED: "Konto deaktiviert",
      NO_APPROVAL_RIGHT: "Rolle ohne Recht zu entscheiden",
    },
    routeTo: "Oder weiterleiten an",
    route: "Weiterleiten",
    routed: "Das Gesuch ist an {name} weitergeleitet; die Person ist benachrichtigt.",
  },
  fr: {
    inbox: "Boîte RH",
    inboxIntro:
      "Ce qui attend les RH : les demandes de modification des données personnelles, les demandes d'absence sans responsable et les absences maladie avec leurs certificats médicaux.",
    changes: "Demandes de modification",
    noChanges: "Aucune demande de modification en attente.",
    field: "Champ",
    value: "Nouvelle valeur",
    apply: "Appliquer",
    reject: "Refuser",
    applied: "La modification est appliquée.",
    rejected: "La demande est refusée.",
    leave: "Demandes d'absence sans responsable",
    noLeave: "Aucune demande n'attend les RH.",
    leaveType: "Type",
    period: "Période",
    days: "Jours",
    note: "Note pour la personne (facultative)",
    approve: "Approuver",
    decided: "La décision est enregistrée ; la personne est informée.",
    overdraws: "dépasse le solde",
    attachment: "Pièce jointe",
    cancellation: "Demande d'annulation",
    sick: "Absences maladie (en cours ou terminées depuis moins de 30 jours)",
    noSick: "Aucune absence maladie à suivre.",
    since: "depuis le",
    ongoing: "en cours",
    certificate: "Certificat médical",
    state: { NONE: "aucun", REQUESTED: "demandé", UPLOADED: "reçu", ACCEPTED: "accepté" },
    openFile: "Ouvrir le fichier",
    accept: "Accepter",
    accepted: "Le certificat médical est accepté ; la personne est informée.",
    person: "Personne",
    requested: "Soumise le",
    badDecision: "Cette décision n'est pas possible ici.",
    documents: "Documents reçus (30 derniers jours)",
    noDocuments: "Aucun document reçu.",
    document: "Document",
    received: "Reçu le",
    decision: "Décision",
    stranded: "Demandes chez quelqu'un qui ne peut pas décider",
    strandedIntro:
      "Ces demandes attendent une personne sans compte, dont l'invitation n'a jamais été acceptée, dont le compte est désactivé ou qui n'a pas le droit de décider. Les RH les décident ici ou les confient à quelqu'un qui peut décider.",
    noStranded: "Chaque demande en attente est chez quelqu'un qui peut la décider.",
    waitsFor: "Attend",
    cannotAct: {
      NO_ACCOUNT: "n'a pas de compte",
      NOT_ACTIVATED: "n'a jamais accepté l'invitation",
      DEACTIVATED: "compte désactivé",
      NO_APPROVAL_RIGHT: "rôle sans droit de décider",
    },
    routeTo: "Ou transmettre à",
    route: "Transmettre",
    routed: "La demande est transmise à {name} ; la personne est informée.",
  },
  it: {
    inbox: "Posta HR",
    inboxIntro:
      "Ciò che attende le HR: le richieste di modifica dei dati personali, le domande di assenza senza superiore e le assenze per malattia con i loro certificati medici.",
    changes: "Richieste di modifica",
    noChanges: "Nessuna richiesta di modifica in sospeso.",
    field: "Campo",
    value: "Nuovo valore",
    apply: "Applicare",
    reject: "Respingere",
    applied: "La modifica è applicata.",
    rejected: "La richiesta è respinta.",
    leave: "Domande di assenza senza superiore",
    noLeave: "Nessuna domanda attende le HR.",
    leaveType: "Tipo",
    period: "Periodo",
    days: "Giorni",
    note: "Nota per la persona (facoltativa)",
    approve: "Approvare",
    decided: "La decisione è registrata; la persona è informata.",
    overdraws: "supera il saldo",
    attachment: "Allegato",
    cancellation: "Richiesta di annullamento",
    sick: "Assenze per malattia (in corso o terminate negli ultimi 30 giorni)",
    noSick: "Nessuna assenza per malattia da seguire.",
    since: "dal",
    ongoing: "in corso",
    certificate: "Certificato medico",
    state: { NONE: "nessuno", REQUESTED: "richiesto", UPLOADED: "arrivato", ACCEPTED: "accettato" },
    openFile: "Aprire il file",
    accept: "Accettare",
    accepted: "Il certificato medico è accettato; la persona è informata.",
    person: "Persona",
    requested: "Inoltrata il",
    badDecision: "Questa decisione non è possibile qui.",
    documents: "Documenti arrivati (ultimi 30 giorni)",
    noDocuments: "Nessun documento arrivato.",
    document: "Documento",
    received: "Arrivato il",
    decision: "Decisione",
    stranded: "Richieste presso chi non può decidere",
    strandedIntro:
      "Queste richieste aspettano una persona senza account, con un invito mai accettato, con l'account disattivato o senza il diritto di decidere. HR le decide qui o le affida a chi può decidere.",
    noStranded: "Ogni richiesta in attesa è presso qualcuno che può deciderla.",
    waitsFor: "Aspetta",
    cannotAct: {
      NO_ACCOUNT: "non ha un account",
      NOT_ACTIVATED: "non ha mai accettato l'invito",
      DEACTIVATED: "account disattivato",
      NO_APPROVAL_RIGHT: "ruolo senza diritto di decidere",
    },
    routeTo: "Oppure inoltrare a",
    route: "Inoltrare",
    routed: "La richiesta è inoltrata a {name}; la persona è informata.",
  },
  en: {
    inbox: "HR inbox",
    inboxIntro:
      "What waits for HR: requests to change personal data, leave requests with no manager to decide them, and sick leave with its medical certificates.",
    changes: "Change requests",
    noChanges: "No change requests are waiting.",
    field: "Field",
    value: "New value",
    apply: "Apply",
    reject: "Reject",
    applied: "The change has been applied.",
    rejected: "The request has been rejected.",
    leave: "Leave requests with no manager",
    noLeave: "No requests are waiting for HR.",
    leaveType: "Type",
    period: "Period",
    days: "Days",
    note: "Note to the person (optional)",
    approve: "Approve",
    decided: "The decision is saved; the person has been told.",
    overdraws: "overdraws the balance",
    attachment: "Attachment",
    cancellation: "Cancellation request",
    sick: "Sick leave (ongoing or ended in the last 30 days)",
    noSick: "No sick leave to follow up.",
    since: "since",
    ongoing: "ongoing",
    certificate: "Medical certificate",
    state: { NONE: "none", REQUESTED: "requested", UPLOADED: "arrived", ACCEPTED: "accepted" },
    openFile: "Open the file",
    accept: "Accept",
    accepted: "The medical certificate is accepted; the person has been told.",
    person: "Person",
    requested: "Sent",
    badDecision: "That decision is not possible here.",
    documents: "Documents received (last 30 days)",
    noDocuments: "No documents received.",
    document: "Document",
    received: "Received",
    decision: "Decision",
    stranded: "Requests waiting for someone who cannot decide",
    strandedIntro:
      "These requests wait for a person without an account, whose invitation was never taken up, whose account is deactivated or who has no right to decide. HR decides them here or hands them to someone who can.",
    noStranded: "Every waiting request is with someone who can decide it.",
    waitsFor: "Waits for",
    cannotAct: {
      NO_ACCOUNT: "has no account",
      NOT_ACTIVATED: "never took up the invitation",
      DEACTIVATED: "account deactivated",
      NO_APPROVAL_RIGHT: "role without the right to decide",
    },
    routeTo: "Or route to",
    route: "Route",
    routed: "The request is routed to {name}, who is told.",
  },
};

export function inboxTexts(lang: string): InboxTexts {
  return INBOX_TEXTS[lang as Lang] ?? INBOX_TEXTS.de;
}
