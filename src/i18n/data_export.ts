/**
 * Words of the readable part of the personal data export (`index.html`): the headings of its parts and the
 * labels of the fields, in the four languages people read. A field without a label here (a column added
 * later) is shown under its name as it is in `data.json`, so nothing is left out of the document.
 */
import { SCALE_NAMES } from "./scales.ts";
import type { Lang } from "./mod.ts";

type Words = [de: string, fr: string, it: string, en: string];
const INDEX: Record<Lang, number> = { de: 0, fr: 1, it: 2, en: 3 };

/** Words that label more than one field: a kind of leave or entry, an amount, a file's type. */
const TYPE: Words = ["Art", "Type", "Tipo", "Type"];
const AMOUNT: Words = ["Betrag", "Montant", "Importo", "Amount"];
const FILE_TYPE: Words = ["Dateiart", "Type de fichier", "Tipo di file", "File type"];

/** The parts of each section, as the archive's `data.json` names them. */
const PARTS: Record<string, Words> = {
  employee: ["Personalien", "Données personnelles", "Dati personali", "Personal details"],
  account: ["Benutzerkonto", "Compte", "Account", "Account"],
  sessions: ["Anmeldungen (Geräte)", "Connexions (appareils)", "Accessi (dispositivi)", "Sign-ins (devices)"],
  pushDevices: [
    "Geräte für Mitteilungen",
    "Appareils pour les notifications",
    "Dispositivi per le notifiche",
    "Devices for notifications",
  ],
  workloadChanges: ["Pensum-Änderungen", "Changements de taux", "Modifiche del grado", "Workload changes"],
  cantonChanges: [
    "Arbeitskanton ab Datum",
    "Canton de travail par date",
    "Cantone di lavoro per data",
    "Canton of work by date",
  ],
  profileChangeRequests: [
    "Änderungsanträge",
    "Demandes de modification",
    "Richieste di modifica",
    "Change requests",
  ],
  notifications: ["Mitteilungen", "Notifications", "Notifiche", "Notifications"],
  surveyInvitations: ["Umfragen", "Sondages", "Sondaggi", "Surveys"],
  feedbackDrafts: ["Feedback-Entwürfe", "Brouillons de feedback", "Bozze di feedback", "Feedback drafts"],
  onboardingPlans: ["Einarbeitung", "Intégration", "Inserimento", "Onboarding"],
  onboardingTasks: [
    "Aufgaben der Einarbeitung",
    "Tâches d'intégration",
    "Compiti d'inserimento",
    "Onboarding tasks",
  ],
  leaveEntitlements: ["Ansprüche", "Droits", "Diritti", "Entitlements"],
  leaveAdjustments: ["Korrekturen", "Corrections", "Correzioni", "Corrections"],
  leaveRequests: ["Gesuche", "Demandes", "Richieste", "Requests"],
  closureWorkThrough: [
    "Arbeit an Betriebsferientagen",
    "Travail pendant les fermetures",
    "Lavoro durante le chiusure",
    "Work on closure days",
  ],
  timeEntries: ["Zeiteinträge", "Saisies de temps", "Registrazioni del tempo", "Time entries"],
  runningTimer: ["Laufende Zeiterfassung", "Chronomètre en cours", "Cronometro in corso", "Running timer"],
  runningTimerBreaks: [
    "Pausen der laufenden Zeiterfassung",
    "Pauses du chronomètre en cours",
    "Pause del cronometro in corso",
    "Breaks of the running timer",
  ],
  expenseReports: ["Spesen", "Notes de frais", "Note spese", "Expense reports"],
  sickLeaveEntries: [
    "Krankheitsabwesenheiten",
    "Absences pour maladie",
    "Assenze per malattia",
    "Sick leave",
  ],
  sickCertificates: ["Arztzeugnisse", "Certificats médicaux", "Certificati medici", "Medical certificates"],
  payslips: ["Lohnabrechnungen", "Fiches de salaire", "Buste paga", "Payslips"],
  compensation: ["Lohn", "Salaire", "Salario", "Salary"],
  requiredDocuments: [
    "Verlangte Dokumente",
    "Documents demandés",
    "Documenti richiesti",
    "Requested documents",
  ],
  requiredDocumentFiles: [
    "Hochgeladene Dateien",
    "Fichiers téléversés",
    "File caricati",
    "Uploaded files",
  ],
  connections: ["Verbindungen", "Connexions", "Connessioni", "Connections"],
  exportRequests: ["Datenexporte", "Exports de données", "Esportazioni di dati", "Data exports"],
  log: ["Protokoll", "Journal", "Registro", "Log"],
};

const FIELDS: Record<string, Words> = {
  personnelNumber: ["Personalnummer", "Numéro de personnel", "Numero del personale", "Personnel number"],
  firstName: ["Vorname", "Prénom", "Nome", "First name"],
  lastName: ["Nachname", "Nom", "Cognome", "Last name"],
  workEmail: ["E-Mail (Arbeit)", "E-mail (travail)", "E-mail (lavoro)", "Work e-mail"],
  email: ["E-Mail", "E-mail", "E-mail", "E-mail"],
  privateEmail: ["E-Mail (privat)", "E-mail (privé)", "E-mail (privata)", "Private e-mail"],
  phone: ["Telefon", "Téléphone", "Telefono", "Phone"],
  addressStreet: ["Strasse", "Rue", "Via", "Street"],
  addressPostalCode: ["PLZ", "NPA", "NPA", "Postal code"],
  addressCity: ["Ort", "Localité", "Località", "City"],
  addressCountry: ["Land", "Pays", "Paese", "Country"],
  emergencyContactName: ["Notfallkontakt", "Contact d'urgence", "Contatto d'emergenza", "Emergency contact"],
  emergencyContactPhone: [
    "Telefon Notfallkontakt",
    "Téléphone d'urgence",
    "Telefono d'emergenza",
    "Emergency phone",
  ],
  canton: ["Kanton", "Canton", "Cantone", "Canton"],
  jobTitle: ["Funktion", "Fonction", "Funzione", "Job title"],
  employmentStart: ["Eintritt", "Entrée", "Entrata", "Employment start"],
  employmentEnd: ["Austritt", "Sortie", "Uscita", "Employment end"],
  workloadPercent: ["Pensum (%)", "Taux d'occupation (%)", "Grado d'occupazione (%)", "Workload (%)"],
  workingWeekdays: ["Arbeitstage", "Jours de travail", "Giorni lavorativi", "Working days"],
  weeklyHours: [
    "Wochenstunden (100 %)",
    "Heures par semaine (100 %)",
    "Ore settimanali (100 %)",
    "Weekly hours (100 %)",
  ],
  salaryContinuationScale: [
    "Skala Lohnfortzahlung",
    "Échelle du maintien du salaire",
    "Scala continuazione del salario",
    "Salary continuation scale",
  ],
  birthDate: ["Geburtsdatum", "Date de naissance", "Data di nascita", "Date of birth"],
  ahvNumber: ["AHV-Nummer", "Numéro AVS", "Numero AVS", "AHV number"],
  iban: ["IBAN", "IBAN", "IBAN", "IBAN"],
  nationality: ["Nationalität", "Nationalité", "Nazionalità", "Nationality"],
  language: ["Sprache", "Langue", "Lingua", "Language"],
  role: ["Rolle", "Rôle", "Ruolo", "Role"],
  active: ["Aktiv", "Actif", "Attivo", "Active"],
  failedSignIns: [
    "Fehlgeschlagene Anmeldungen",
    "Connexions échouées",
    "Accessi falliti",
    "Failed sign-ins",
  ],
  lockedUntil: ["Gesperrt bis", "Bloqué jusqu'au", "Bloccato fino al", "Locked until"],
  lastSignInAt: ["Letzte Anmeldung", "Dernière connexion", "Ultimo accesso", "Last sign-in"],
  deviceName: ["Gerät", "Appareil", "Dispositivo", "Device"],
  method: ["Anmeldeart", "Mode de connexion", "Modo d'accesso", "Sign-in method"],
  authenticatedAt: ["Angemeldet am", "Connecté le", "Accesso il", "Signed in"],
  lastUsedAt: ["Zuletzt verwendet", "Dernière utilisation", "Ultimo uso", "Last used"],
  expiresAt: ["Läuft ab", "Expire le", "Scade il", "Expires"],
  revokedAt: ["Beendet am", "Terminée le", "Terminata il", "Ended"],
  rotatedAt: ["Erneuert am", "Renouvelée le", "Rinnovata il", "Renewed"],
  platform: ["Plattform", "Plateforme", "Piattaforma", "Platform"],
  token: ["Geräteadresse", "Adresse de l'appareil", "Indirizzo del dispositivo", "Device address"],
  createdAt: ["Erstellt", "Créé le", "Creato il", "Created"],
  updatedAt: ["Geändert", "Modifié le", "Modificato il", "Changed"],
  kind: ["Art", "Type", "Tipo", "Kind"],
  payload: ["Inhalt", "Contenu", "Contenuto", "Content"],
  channel: ["Über", "Par", "Tramite", "Via"],
  readAt: ["Gelesen", "Lu le", "Letto il", "Read"],
  surveyTitle: ["Umfrage", "Sondage", "Sondaggio", "Survey"],
  status: ["Status", "Statut", "Stato", "Status"],
  dueDate: ["Fällig", "Échéance", "Scadenza", "Due"],
  cycle: ["Runde", "Cycle", "Ciclo", "Cycle"],
  leaveType: TYPE,
  year: ["Jahr", "Année", "Anno", "Year"],
  baseDays: ["Tage (100 %)", "Jours (100 %)", "Giorni (100 %)", "Days (100 %)"],
  carryOverDays: ["Übertrag (Tage)", "Report (jours)", "Riporto (giorni)", "Carried over (days)"],
  carryOverExpiresOn: ["Übertrag verfällt", "Report échu le", "Riporto scade il", "Carry-over lapses"],
  adjustmentDays: ["Korrektur (Tage)", "Correction (jours)", "Correzione (giorni)", "Adjustment (days)"],
  days: ["Tage", "Jours", "Giorni", "Days"],
  note: ["Notiz", "Note", "Nota", "Note"],
  startDate: ["Von", "Du", "Dal", "From"],
  endDate: ["Bis", "Au", "Al", "To"],
  startPortion: ["Erster Tag", "Premier jour", "Primo giorno", "First day"],
  endPortion: ["Letzter Tag", "Dernier jour", "Ultimo giorno", "Last day"],
  daysByYear: ["Tage pro Jahr", "Jours par année", "Giorni per anno", "Days per year"],
  exceedsBalance: ["Über dem Guthaben", "Au-delà du solde", "Oltre il saldo", "Beyond the balance"],
  reason: ["Grund", "Motif", "Motivo", "Reason"],
  decidedAt: ["Entschieden", "Décidé le", "Deciso il", "Decided"],
  decisionNote: [
    "Bemerkung zum Entscheid",
    "Remarque sur la décision",
    "Nota sulla decisione",
    "Decision note",
  ],
  cancellationRequestedAt: [
    "Stornierung beantragt",
    "Annulation demandée le",
    "Annullamento chiesto il",
    "Cancellation requested",
  ],
  date: ["Datum", "Date", "Data", "Date"],
  startTime: ["Beginn", "Début", "Inizio", "Start"],
  endTime: ["Ende", "Fin", "Fine", "End"],
  breakMinutes: ["Pause (Minuten)", "Pause (minutes)", "Pausa (minuti)", "Break (minutes)"],
  totalHours: ["Stunden", "Heures", "Ore", "Hours"],
  type: TYPE,
  projectCode: ["Projekt", "Projet", "Progetto", "Project"],
  description: ["Beschreibung", "Description", "Descrizione", "Description"],
  rejectionNote: [
    "Bemerkung zur Rückweisung",
    "Remarque sur le renvoi",
    "Nota sul rinvio",
    "Note on sending back",
  ],
  submittedAt: ["Eingereicht", "Soumis le", "Inviato il", "Submitted"],
  startedAt: ["Gestartet", "Démarré le", "Avviato il", "Started"],
  clockInAt: ["Eingestempelt", "Pointage d'arrivée", "Timbratura d'entrata", "Clocked in"],
  clockInReceivedAt: [
    "Einstempeln empfangen",
    "Pointage d'arrivée reçu le",
    "Timbratura d'entrata ricevuta il",
    "Clock-in received",
  ],
  clockOutAt: ["Ausgestempelt", "Pointage de départ", "Timbratura d'uscita", "Clocked out"],
  timerId: ["Zeiterfassung", "Chronomètre", "Cronometro", "Timer"],
  startReceivedAt: ["Beginn empfangen", "Début reçu le", "Inizio ricevuto il", "Start received"],
  endedAt: ["Beendet", "Terminé le", "Terminato il", "Ended"],
  endReceivedAt: ["Ende empfangen", "Fin reçue le", "Fine ricevuta il", "End received"],
  clockOutReceivedAt: [
    "Ausstempeln empfangen",
    "Pointage de départ reçu le",
    "Timbratura d'uscita ricevuta il",
    "Clock-out received",
  ],
  title: ["Titel", "Titre", "Titolo", "Title"],
  totalAmount: AMOUNT,
  currency: ["Währung", "Monnaie", "Valuta", "Currency"],
  isOngoing: ["Andauernd", "En cours", "In corso", "Ongoing"],
  hasCertificate: ["Arztzeugnis", "Certificat médical", "Certificato medico", "Medical certificate"],
  certificateState: ["Stand Arztzeugnis", "État du certificat", "Stato del certificato", "Certificate state"],
  certificateUploadedAt: [
    "Arztzeugnis hochgeladen",
    "Certificat téléversé le",
    "Certificato caricato il",
    "Certificate uploaded",
  ],
  certificateFileName: [
    "Datei des Zeugnisses",
    "Fichier du certificat",
    "File del certificato",
    "Certificate file",
  ],
  withdrawnAt: ["Zurückgenommen", "Retirée le", "Ritirata il", "Taken back"],
  period: ["Periode", "Période", "Periodo", "Period"],
  periodLabel: ["Bezeichnung", "Libellé", "Denominazione", "Label"],
  paymentDate: ["Auszahlung", "Versement", "Pagamento", "Paid on"],
  gross: ["Brutto", "Brut", "Lordo", "Gross"],
  net: ["Netto", "Net", "Netto", "Net"],
  lines: ["Positionen", "Lignes", "Voci", "Lines"],
  documentName: ["Dokument", "Document", "Documento", "Document"],
  documentType: FILE_TYPE,
  validFrom: ["Gültig ab", "Valable dès le", "Valido dal", "Valid from"],
  annualSalary: ["Jahreslohn", "Salaire annuel", "Salario annuo", "Annual salary"],
  payments: ["Auszahlungen pro Jahr", "Versements par année", "Pagamenti per anno", "Payments a year"],
  receivedAt: ["Erhalten", "Reçu le", "Ricevuto il", "Received"],
  field: ["Feld", "Champ", "Campo", "Field"],
  requestedValue: ["Gewünschter Wert", "Valeur demandée", "Valore richiesto", "Requested value"],
  comment: ["Kommentar", "Commentaire", "Commento", "Comment"],
  phase: ["Phase", "Phase", "Fase", "Phase"],
  done: ["Erledigt", "Fait", "Fatto", "Done"],
  doneAt: ["Erledigt am", "Fait le", "Fatto il", "Done on"],
  fileName: ["Dateiname", "Nom du fichier", "Nome del file", "File name"],
  contentType: FILE_TYPE,
  sizeBytes: ["Grösse (Bytes)", "Taille (octets)", "Dimensione (byte)", "Size (bytes)"],
  uploadedAt: ["Hochgeladen", "Téléversé le", "Caricato il", "Uploaded"],
  file: ["Datei", "Fichier", "File", "File"],
  degree: [
    "Arbeitsunfähigkeit (%)",
    "Incapacité de travail (%)",
    "Incapacità lavorativa (%)",
    "Incapacity for work (%)",
  ],
  label: ["Position", "Libellé", "Voce", "Item"],
  amount: AMOUNT,
  cancellation: ["Stornierung", "Annulation", "Annullamento", "Cancellation"],
  viaAssistant: [
    "Über einen Assistenten",
    "Par un assistant",
    "Tramite un assistente",
    "Through an assistant",
  ],
  assistant: ["Assistent", "Assistant", "Assistente", "Assistant"],
  scopes: ["Berechtigungen", "Autorisations", "Autorizzazioni", "Permissions"],
  connectedAt: ["Verbunden", "Connecté le", "Connesso il", "Connected"],
  requestedVia: ["Verlangt über", "Demandé par", "Richiesto tramite", "Requested via"],
  downloadCount: ["Heruntergeladen (mal)", "Téléchargé (fois)", "Scaricato (volte)", "Downloads"],
  at: ["Zeitpunkt", "Moment", "Momento", "When"],
  text: ["Was", "Quoi", "Cosa", "What"],
  actor: ["Wer", "Qui", "Chi", "Who"],
  area: ["Bereich", "Domaine", "Ambito", "Area"],
  action: ["Handlung", "Action", "Azione", "Action"],
  outcome: ["Ergebnis", "Résultat", "Esito", "Outcome"],
};

/** The parts of the person's own documents, the policies they confirmed and their requests' attachments. */
Object.assign(
  PARTS,
  {
    personalDocuments: [
      "Persönliche Dokumente",
      "Documents personnels",
      "Documenti personali",
      "Personal documents",
    ],
    policyAcknowledgements: [
      "Bestätigte Richtlinien",
      "Directives confirmées",
      "Direttive confermate",
      "Acknowledged policies",
    ],
    leaveRequestAttachments: [
      "Beilagen zu Gesuchen",
      "Pièces jointes aux demandes",
      "Allegati alle richieste",
      "Attachments to requests",
    ],
  } satisfies Record<string, Words>,
);

Object.assign(
  FIELDS,
  {
    documentVersion: ["Fassung vom", "Version du", "Versione del", "Version of"],
    acknowledgedAt: ["Bestätigt am", "Confirmé le", "Confermato il", "Acknowledged on"],
    sizeBytes: ["Grösse (Bytes)", "Taille (octets)", "Dimensione (byte)", "Size (bytes)"],
  } satisfies Record<string, Words>,
);

/**
 * The stored codes of states, kinds and choices as words: a value a person reads ("Bewilligt"), never the
 * code (`APPROVED`), which stays in `data.json`. A code not listed is shown as it is.
 */
const VALUES: Record<string, Words> = {
  AWAITING_APPROVAL: [
    "Wartet auf Entscheid",
    "En attente de décision",
    "In attesa di decisione",
    "Awaiting decision",
  ],
  APPROVED: ["Bewilligt", "Approuvé", "Approvato", "Approved"],
  REJECTED: ["Abgelehnt", "Refusé", "Respinto", "Rejected"],
  WITHDRAWN: ["Zurückgezogen", "Retiré", "Ritirato", "Withdrawn"],
  CANCELLATION_REQUESTED: [
    "Stornierung verlangt",
    "Annulation demandée",
    "Annullamento richiesto",
    "Cancellation requested",
  ],
  CANCELLED: ["Storniert", "Annulé", "Annullato", "Cancelled"],
  DRAFT: ["Entwurf", "Brouillon", "Bozza", "Draft"],
  SUBMITTED: ["Eingereicht", "Soumis", "Inoltrato", "Submitted"],
  OPEN: ["Offen", "Ouvert", "Aperto", "Open"],
  COMPLETED: ["Abgeschlossen", "Terminé", "Completato", "Completed"],
  MISSING: ["Fehlt", "Manquant", "Mancante", "Missing"],
  RECEIVED: ["Erhalten", "Reçu", "Ricevuto", "Received"],
  PENDING: ["Offen", "En attente", "In sospeso", "Pending"],
  APPLIED: ["Übernommen", "Appliqué", "Applicato", "Applied"],
  NONE: ["Keines", "Aucun", "Nessuno", "None"],
  REQUESTED: ["Verlangt", "Demandé", "Richiesto", "Requested"],
  UPLOADED: ["Hochgeladen", "Téléversé", "Caricato", "Uploaded"],
  ACCEPTED: ["Angenommen", "Accepté", "Accettato", "Accepted"],
  FULL: ["Ganzer Tag", "Journée entière", "Giornata intera", "Full day"],
  MORNING: ["Bis Mittag", "Jusqu'à midi", "Fino a mezzogiorno", "Until noon"],
  AFTERNOON: ["Ab Mittag", "Dès midi", "Da mezzogiorno", "From noon"],
  PORTAL: ["Portal", "Portail", "Portale", "Portal"],
  ASSISTANT: ["Assistent", "Assistant", "Assistente", "Assistant"],
  REGULAR: ["Arbeitszeit", "Temps de travail", "Tempo di lavoro", "Working time"],
  OVERTIME: ["Überzeit", "Heures supplémentaires", "Straordinario", "Overtime"],
  COMPENSATION: ["Kompensation", "Compensation", "Compensazione", "Time off in lieu"],
  WEITERBILDUNG: ["Weiterbildung", "Formation continue", "Formazione continua", "Further training"],
  VORBEREITUNG: ["Vorbereitung", "Préparation", "Preparazione", "Preparation"],
  CONTRACT: ["Arbeitsvertrag", "Contrat de travail", "Contratto di lavoro", "Employment contract"],
  SALARY_CERTIFICATE: [
    "Lohnausweis",
    "Certificat de salaire",
    "Certificato di salario",
    "Salary certificate",
  ],
  OTHER: ["Anderes", "Autre", "Altro", "Other"],
  // The scales' names: the catalogue's one list.
  ...Object.fromEntries(
    Object.entries(SCALE_NAMES).map(([code, n]) => [code, [n.de, n.fr, n.it, n.en] as const]),
  ),
  LEAVE_REQUEST_FILED: [
    "Gesuch eingereicht",
    "Demande déposée",
    "Richiesta inoltrata",
    "Leave request filed",
  ],
  LEAVE_REQUEST_DECIDED: [
    "Gesuch entschieden",
    "Demande décidée",
    "Richiesta decisa",
    "Leave request decided",
  ],
  LEAVE_REQUEST_WITHDRAWN: [
    "Gesuch zurückgezogen",
    "Demande retirée",
    "Richiesta ritirata",
    "Leave request withdrawn",
  ],
  LEAVE_CANCELLATION_REQUESTED: [
    "Stornierung verlangt",
    "Annulation demandée",
    "Annullamento richiesto",
    "Cancellation requested",
  ],
  LEAVE_REQUEST_RECALCULATED: [
    "Gesuch neu berechnet",
    "Demande recalculée",
    "Richiesta ricalcolata",
    "Leave recalculated",
  ],
  TIMESHEET_SUBMITTED: ["Woche eingereicht", "Semaine soumise", "Settimana inoltrata", "Week submitted"],
  TIMESHEET_DECIDED: ["Woche entschieden", "Semaine décidée", "Settimana decisa", "Week decided"],
  SICK_REPORTED: ["Krankmeldung", "Maladie annoncée", "Malattia annunciata", "Sickness reported"],
  SICK_ENDED: ["Krankheit beendet", "Maladie terminée", "Malattia terminata", "Sickness ended"],
  SICK_REPORT_WITHDRAWN: [
    "Krankmeldung zurückgenommen",
    "Annonce de maladie retirée",
    "Annuncio di malattia ritirato",
    "Sickness report taken back",
  ],
  SICK_CERTIFICATE_ACCEPTED: [
    "Arztzeugnis angenommen",
    "Certificat médical accepté",
    "Certificato medico accettato",
    "Medical certificate accepted",
  ],
  PROFILE_CHANGE_REQUESTED: [
    "Änderung beantragt",
    "Modification demandée",
    "Modifica richiesta",
    "Change requested",
  ],
  PROFILE_CHANGE_DECIDED: [
    "Änderung entschieden",
    "Modification décidée",
    "Modifica decisa",
    "Change decided",
  ],
};

/** The words of the readable export in one language. */
export interface DataExportTexts {
  part(key: string): string;
  field(key: string): string;
  /** A stored code (a state, a kind) as a word; any other value as it is. */
  value(code: string): string;
  yes: string;
  no: string;
  /** Above the contents: where the complete, machine-readable data is. */
  complete: string;
  generated: string;
  contents: string;
  none: string;
}

const OTHER: Record<Lang, Omit<DataExportTexts, "part" | "field" | "value">> = {
  de: {
    yes: "ja",
    no: "nein",
    complete: "Alle Daten vollständig und maschinenlesbar: data.json in diesem Archiv.",
    generated: "Erstellt am",
    contents: "Inhalt",
    none: "Keine Einträge.",
  },
  fr: {
    yes: "oui",
    no: "non",
    complete: "Toutes les données, complètes et lisibles par machine : data.json dans cette archive.",
    generated: "Établi le",
    contents: "Sommaire",
    none: "Aucune entrée.",
  },
  it: {
    yes: "sì",
    no: "no",
    complete: "Tutti i dati, completi e leggibili da una macchina: data.json in questo archivio.",
    generated: "Creato il",
    contents: "Indice",
    none: "Nessuna voce.",
  },
  en: {
    yes: "yes",
    no: "no",
    complete: "All data, complete and machine-readable: data.json in this archive.",
    generated: "Prepared on",
    contents: "Contents",
    none: "No entries.",
  },
};

/** The readable export's words in `lang`. */
export function dataExportTexts(lang: Lang): DataExportTexts {
  const i = INDEX[lang];
  return {
    ...OTHER[lang],
    part: (key) => PARTS[key]?.[i] ?? key,
    field: (key) => FIELDS[key]?.[i] ?? key,
    value: (code) => VALUES[code]?.[i] ?? code,
  };
}
