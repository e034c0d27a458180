/**
 * Texts of the HR console in the four languages people read; German is the source and the fallback.
 * Placeholders in `{braces}` are filled with `fill` (i18n/mod.ts).
 */
export interface ConsoleTexts {
  title: string;
  nav: string;
  navPeople: string;
  navLeave: string;
  navLeaveOverview: string;
  forbidden: string;
  people: string;
  /** Said to HR staff whose own account has no employee record: `{email}` filled in. */
  ownRecordMissing: string;
  peopleIntro: string;
  colName: string;
  colNumber: string;
  colCanton: string;
  colStart: string;
  colAccount: string;
  accountNone: string;
  accountInvited: string;
  accountActive: string;
  invite: string;
  /** Inviting everyone still employed who has no account, at once. */
  inviteAll: string;
  inviteAllHint: string;
  inviteAllNoEmail: string;
  invitedAll: string;
  newPerson: string;
  personnelNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  emailHint: string;
  canton: string;
  start: string;
  birthDate: string;
  workload: string;
  weekdays: string;
  weekdayNames: [string, string, string, string, string, string, string];
  role: string;
  roleNames: Record<"employee" | "manager" | "hr" | "admin" | "recruiter", string>;
  sendInvitation: string;
  save: string;
  created: string;
  createdInvited: string;
  invited: string;
  noEmail: string;
  leave: string;
  leaveIntro: string;
  baseDays: string;
  baseDaysHint: string;
  steps: string;
  stepsHint: string;
  halfDays: string;
  policySaved: string;
  problems: string;
  needWeekday: string;
  badRole: string;
  badCanton: string;
  takenNumber: string;
  navCalendar: string;
  calendar: string;
  calendarIntro: string;
  closureName: string;
  closureFrom: string;
  closureTo: string;
  closureDeducts: string;
  closureAdded: string;
  colPeriod: string;
  colKind: string;
  fromVacation: string;
  granted: string;
  navPay: string;
  navInbox: string;
  navDocuments: string;
  navOrganisation: string;
  navRecruiting: string;
  pay: string;
  payIntro: string;
  annualSalary: string;
  payments: string;
  validFrom: string;
  reason: string;
  salarySaved: string;
  payslips: string;
  payslipsIntro: string;
  period: string;
  paymentDate: string;
  gross: string;
  net: string;
  label: string;
  labelHint: string;
  pdfFile: string;
  payslipSaved: string;
  bulkPayslips: string;
  bulkPayslipsIntro: string;
  manifestFile: string;
  pdfFiles: string;
  bulkSaved: string;
  /** The payslips stored, per period on the pay page and per person on their page. */
  /** The bulk upload's own problems (its files against its manifest). */
  bulkTwice: string;
  bulkNotUploaded: string;
  bulkTooLarge: string;
  bulkNotNamed: string;
  bulkNoManifest: string;
  importedPayslips: string;
  show: string;
  noPayslips: string;
  payslipLabel: string;
  grossCol: string;
  netCol: string;
  personPayslips: string;
  filesSent: string;
  bulkImport: string;
  workThrough: string;
  workThroughIntro: string;
  workThroughDate: string;
  workThroughSaved: string;
  importTitle: string;
  importIntro: string;
  csvFile: string;
  imported: string;
  noFile: string;
  schoolTitle: string;
  schoolIntro: string;
  icsFile: string;
  schoolImported: string;
}

export const CONSOLE_TEXTS: Record<"de" | "en" | "fr" | "it", ConsoleTexts> = {
  de: {
    title: "Personaladministration",
    nav: "Bereiche",
    navPeople: "Personen",
    navLeave: "Ferien und Abwesenheiten",
    navLeaveOverview: "Abwesenheiten im Überblick",
    forbidden: "Diese Seiten sind für HR und Administratoren.",
    people: "Personen",
    ownRecordMissing:
      "Ihr Konto {email} ist mit keinem Personaldossier verknüpft: Die App zeigt Ihnen deshalb keine eigenen Ferien, Zeiten und Lohnabrechnungen. Verknüpfen Sie es mit Ihrer Personalnummer aus der Mitarbeiterdatei: hr-service user link --email {email} --employee <Personalnummer>",
    peopleIntro:
      "Alle Mitarbeitenden mit ihrem Konto. Eine Einladung lässt die Person ihr Passwort selbst setzen.",
    colName: "Name",
    colNumber: "Personalnummer",
    colCanton: "Kanton",
    colStart: "Eintritt",
    colAccount: "Konto",
    accountNone: "kein Konto",
    accountInvited: "eingeladen",
    accountActive: "aktiv",
    invite: "Einladen",
    inviteAll: "Alle noch nicht Eingeladenen einladen",
    inviteAllHint:
      "{count} Person(en) ohne Konto, davon {noEmail} ohne geschäftliche E-Mail-Adresse. Jede erhält die Einladung in der Sprache ihres Personalblatts; wer Mitarbeitende führt, als vorgesetzte Person.",
    inviteAllNoEmail: "{name} ({number}) hat keine geschäftliche E-Mail-Adresse und ist nicht eingeladen.",
    invitedAll: "{count} Einladung(en) verschickt.",
    newPerson: "Neue Person",
    personnelNumber: "Personalnummer",
    firstName: "Vorname",
    lastName: "Nachname",
    email: "E-Mail-Adresse (Arbeit)",
    emailHint: "An diese Adresse geht die Einladung.",
    canton: "Arbeitskanton",
    start: "Eintrittsdatum",
    birthDate: "Geburtsdatum",
    workload: "Pensum in Prozent",
    weekdays: "Arbeitstage",
    weekdayNames: ["Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag"],
    role: "Rolle",
    roleNames: {
      employee: "Mitarbeitende/r",
      manager: "Vorgesetzte/r",
      hr: "HR",
      admin: "Administrator/in",
      recruiter: "Recruiting",
    },
    sendInvitation: "Einladung per E-Mail senden",
    save: "Speichern",
    created: "{name} wurde erfasst.",
    createdInvited: "{name} wurde erfasst und per E-Mail eingeladen.",
    invited: "Die Einladung an {email} ist unterwegs.",
    noEmail: "Für eine Einladung braucht die Person eine E-Mail-Adresse.",
    leave: "Ferien und Abwesenheiten",
    leaveIntro:
      "Ferienanspruch pro Jahr in Tagen einer Fünftagewoche. Jede Person erhält ihn in Tagen ihrer eigenen Arbeitswoche, anteilig bei Eintritt und Austritt; nie weniger als das Gesetz (OR 329a: vier Wochen, bis zum 20. Geburtstag fünf).",
    baseDays: "Ferientage pro Jahr (Vollzeit, Fünftagewoche)",
    baseDaysHint: "25 Tage sind fünf Wochen.",
    steps: "Mehr Tage ab einem Alter oder Dienstjahr",
    stepsHint: "Eine Zeile pro Stufe, z. B. age>=50:27 oder service>=10:27.",
    halfDays: "Halbe Tage erlaubt",
    policySaved: "Die Regel für {type} ist gespeichert.",
    problems: "Bitte korrigieren:",
    needWeekday: "Wählen Sie mindestens einen Arbeitstag.",
    badRole: "Diese Rolle kann hier nicht vergeben werden (Administratoren: Befehl user set-role).",
    badCanton: "Wählen Sie einen der 26 Kantone.",
    takenNumber: "Die Personalnummer {number} ist schon vergeben.",
    navCalendar: "Betriebsferien",
    calendar: "Betriebsferien und Schliessungen",
    calendarIntro:
      "Tage, an denen der Betrieb geschlossen ist. Von den Ferien abgezogen, zählen nur die Arbeitstage jeder Person, Feiertage ausgenommen.",
    closureName: "Bezeichnung",
    closureFrom: "Erster Tag",
    closureTo: "Letzter Tag",
    closureDeducts: "Von den Ferien abziehen (Betriebsferien)",
    closureAdded: "«{name}» ist eingetragen.",
    colPeriod: "Zeitraum",
    colKind: "Art",
    fromVacation: "von den Ferien",
    granted: "geschenkt",
    navPay: "Löhne",
    navInbox: "Eingang HR",
    navDocuments: "Dokumente",
    navOrganisation: "Organisation",
    navRecruiting: "Rekrutierung",
    pay: "Lohnänderungen",
    payIntro:
      "Eine Lohnänderung gilt ab einem Datum; die Person sieht sie im Portal als aktuell oder bevorstehend.",
    annualSalary: "Jahreslohn (CHF)",
    payments: "Anzahl Zahlungen",
    validFrom: "Gültig ab",
    reason: "Grund (sieht die Person)",
    salarySaved: "Die Lohnänderung für {number} ab {date} ist gespeichert.",
    payslips: "Lohnabrechnungen",
    payslipsIntro:
      "Eine Lohnabrechnung als PDF aus der Lohnbuchhaltung für eine Person und einen Monat. Viele auf einmal: mit einem Manifest unten oder hr-service payslips import --manifest.",
    paymentDate: "Auszahlungsdatum",
    gross: "Bruttolohn (CHF)",
    net: "Nettolohn (CHF)",
    label: "Bezeichnung (freiwillig)",
    labelHint: "Leer: der Monat, z. B. «November 2026». Eine Korrektur bekommt eine eigene Bezeichnung.",
    pdfFile: "PDF-Datei",
    payslipSaved: "Die Lohnabrechnung {label} für {number} ist gespeichert.",
    bulkPayslips: "Viele Lohnabrechnungen mit einem Manifest",
    bulkPayslipsIntro:
      "Das Manifest (CSV) der Lohnbuchhaltung mit den Spalten personnel_number, period, payment_date, gross, net und file (der Name der PDF-Datei), wahlweise label und currency, und die PDF-Dateien dazu. Alles oder nichts: jedes Problem wird mit seiner Zeile genannt.",
    manifestFile: "Manifest (CSV)",
    pdfFiles: "PDF-Dateien (mehrere auswählen)",
    bulkSaved: "{count} Lohnabrechnung(en) importiert.",
    bulkTwice: "Die Datei {file} ist zweimal hochgeladen.",
    bulkNotUploaded: "Die Datei {file} ist nicht mit dem Manifest hochgeladen.",
    bulkTooLarge: "{file} ist grösser als {mb} MB.",
    bulkNotNamed: "Die hochgeladene Datei {file} steht auf keiner Zeile des Manifests.",
    bulkNoManifest: "Ein Manifest (CSV) ist nötig.",
    importedPayslips: "Importierte Lohnabrechnungen",
    period: "Monat",
    show: "Anzeigen",
    noPayslips: "Keine Lohnabrechnungen.",
    payslipLabel: "Abrechnung",
    grossCol: "Brutto",
    netCol: "Netto",
    personPayslips: "Lohnabrechnungen",
    filesSent:
      "Gesendet: {names}. Nichts wurde gespeichert; bitte die Dateien nach der Korrektur erneut auswählen.",
    bulkImport: "Importieren",
    workThrough: "Arbeit während Betriebsferien",
    workThroughIntro: "Wer an einem Tag der Betriebsferien arbeitet, verliert dafür keinen Ferientag.",
    workThroughDate: "Tag",
    workThroughSaved: "{number} arbeitet am {date}; der Tag kostet keine Ferien.",
    importTitle: "Personaldatei importieren",
    importIntro:
      "Eine CSV-Datei, wie sie Excel auf einem Schweizer Windows speichert (Komma oder Semikolon, UTF-8 oder Windows-1252). Bekannte Personalnummern werden nachgeführt, neue angelegt; bei einem Fehler wird nichts gespeichert. Die erste Zeile nennt die Spalten; nötig sind personnel_number, first_name, last_name, canton, employment_start, freiwillig canton_valid_from (erster Tag in einem neuen Kanton), work_email, phone, manager_personnel_number, department, job_title, employment_end, workload_percent, working_weekdays, weekly_hours, salary_continuation_scale, birth_date, ahv_number, iban, address_street, address_postal_code, address_city, language (de, fr, it oder en).",
    csvFile: "CSV-Datei",
    imported: "Personaldatei importiert: {created} neu, {updated} nachgeführt.",
    noFile: "Bitte eine Datei wählen.",
    schoolTitle: "Schulferien",
    schoolIntro:
      "Schulferien eines Kantons aus einer iCalendar-Datei (.ics), wie die Kantone sie veröffentlichen. Dieselbe Datei nochmals ändert nichts.",
    icsFile: "iCalendar-Datei (.ics)",
    schoolImported: "Schulferien {canton}: {created} neu, {unchanged} schon bekannt.",
  },
  en: {
    title: "HR administration",
    nav: "Sections",
    navPeople: "People",
    navLeave: "Leave",
    navLeaveOverview: "Leave overview",
    forbidden: "These pages are for HR and administrators.",
    people: "People",
    ownRecordMissing:
      "Your account {email} is linked to no employee record, so the app shows you no leave, hours or payslips of your own. Link it to your personnel number from the employee file: hr-service user link --email {email} --employee <personnel number>",
    peopleIntro: "Every employee with their account. An invitation lets the person set their own password.",
    colName: "Name",
    colNumber: "Personnel number",
    colCanton: "Canton",
    colStart: "Start",
    colAccount: "Account",
    accountNone: "no account",
    accountInvited: "invited",
    accountActive: "active",
    invite: "Invite",
    inviteAll: "Invite everyone not yet invited",
    inviteAllHint:
      "{count} person(s) without an account, {noEmail} of them without a work e-mail address. Each is invited in the language of their record; whoever has people reporting to them as a manager.",
    inviteAllNoEmail: "{name} ({number}) has no work e-mail address and was not invited.",
    invitedAll: "{count} invitation(s) sent.",
    newPerson: "New person",
    personnelNumber: "Personnel number",
    firstName: "First name",
    lastName: "Last name",
    email: "Work e-mail address",
    emailHint: "The invitation goes to this address.",
    canton: "Canton of work",
    start: "Start of employment",
    birthDate: "Date of birth",
    workload: "Workload in percent",
    weekdays: "Working days",
    weekdayNames: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    role: "Role",
    roleNames: {
      employee: "Employee",
      manager: "Manager",
      hr: "HR",
      admin: "Administrator",
      recruiter: "Recruiter",
    },
    sendInvitation: "Send an invitation by e-mail",
    save: "Save",
    created: "{name} was added.",
    createdInvited: "{name} was added and invited by e-mail.",
    invited: "The invitation to {email} is on its way.",
    noEmail: "An invitation needs the person's e-mail address.",
    leave: "Leave",
    leaveIntro:
      "Vacation per year in days of a five-day week. Each person gets it in days of their own working week, pro rata for entry and exit; never less than the law (OR 329a: four weeks, five until the 20th birthday).",
    baseDays: "Vacation days per year (full time, five-day week)",
    baseDaysHint: "25 days are five weeks.",
    steps: "More days from an age or a year of service",
    stepsHint: "One step per line, e.g. age>=50:27 or service>=10:27.",
    halfDays: "Half days allowed",
    policySaved: "The policy of {type} is saved.",
    problems: "Please correct:",
    needWeekday: "Choose at least one working day.",
    badRole: "This role cannot be given here (administrators: the user set-role command).",
    badCanton: "Choose one of the 26 cantons.",
    takenNumber: "The personnel number {number} is taken already.",
    navCalendar: "Closures",
    calendar: "Company closures",
    calendarIntro:
      "Days the company is closed. Taken from vacation, they count only each person's working days, public holidays excepted.",
    closureName: "Name",
    closureFrom: "First day",
    closureTo: "Last day",
    closureDeducts: "Take from vacation (company holidays)",
    closureAdded: "“{name}” is added.",
    colPeriod: "Period",
    colKind: "Kind",
    fromVacation: "from vacation",
    granted: "granted",
    navPay: "Salaries",
    navInbox: "HR inbox",
    navDocuments: "Documents",
    navOrganisation: "Organisation",
    navRecruiting: "Recruiting",
    pay: "Salary changes",
    payIntro: "A salary change applies from a date; the person sees it in the portal as current or upcoming.",
    annualSalary: "Annual salary (CHF)",
    payments: "Number of payments",
    validFrom: "Valid from",
    reason: "Reason (the person sees it)",
    salarySaved: "The salary change for {number} from {date} is saved.",
    payslips: "Payslips",
    payslipsIntro:
      "One payslip PDF from payroll for a person and a month. Many at once: with a manifest below, or hr-service payslips import --manifest.",
    paymentDate: "Payment date",
    gross: "Gross pay (CHF)",
    net: "Net pay (CHF)",
    label: "Label (optional)",
    labelHint: "Empty: the month, e.g. “November 2026”. A correction gets a label of its own.",
    pdfFile: "PDF file",
    payslipSaved: "The payslip {label} for {number} is saved.",
    bulkPayslips: "Many payslips with a manifest",
    bulkPayslipsIntro:
      "Payroll's manifest (CSV) with the columns personnel_number, period, payment_date, gross, net and file (the PDF's name), optionally label and currency, and its PDF files. All or nothing: every problem is named with its line.",
    manifestFile: "Manifest (CSV)",
    pdfFiles: "PDF files (choose several)",
    bulkSaved: "{count} payslip(s) imported.",
    bulkTwice: "The file {file} was uploaded twice.",
    bulkNotUploaded: "The file {file} was not uploaded with the manifest.",
    bulkTooLarge: "{file} is larger than {mb} MB.",
    bulkNotNamed: "The uploaded file {file} is named on no line of the manifest.",
    bulkNoManifest: "A manifest (CSV) is required.",
    importedPayslips: "Imported payslips",
    period: "Month",
    show: "Show",
    noPayslips: "No payslips.",
    payslipLabel: "Payslip",
    grossCol: "Gross",
    netCol: "Net",
    personPayslips: "Payslips",
    filesSent: "Sent: {names}. Nothing was saved; choose the files again once corrected.",
    bulkImport: "Import",
    workThrough: "Working through a closure",
    workThroughIntro: "Someone who works on a day of a closure does not lose a vacation day for it.",
    workThroughDate: "Day",
    workThroughSaved: "{number} works on {date}; the day costs no vacation.",
    importTitle: "Import the employee file",
    importIntro:
      "A CSV file as Excel saves it on a Swiss Windows (comma or semicolon, UTF-8 or Windows-1252). Known personnel numbers are updated, new ones added; with any problem nothing is saved. The first line names the columns: personnel_number, first_name, last_name, canton, employment_start are required; optional are canton_valid_from (the first day in a new canton), work_email, phone, manager_personnel_number, department, job_title, employment_end, workload_percent, working_weekdays, weekly_hours, salary_continuation_scale, birth_date, ahv_number, iban, address_street, address_postal_code, address_city, language (de, fr, it or en).",
    csvFile: "CSV file",
    imported: "Employee file imported: {created} new, {updated} updated.",
    noFile: "Please choose a file.",
    schoolTitle: "School holidays",
    schoolIntro:
      "A canton's school holidays from an iCalendar file (.ics), as cantons publish them. The same file again changes nothing.",
    icsFile: "iCalendar file (.ics)",
    schoolImported: "School holidays {canton}: {created} new, {unchanged} known already.",
  },
  fr: {
    title: "Administration du personnel",
    nav: "Rubriques",
    navPeople: "Personnes",
    navLeave: "Vacances et absences",
    navLeaveOverview: "Vue d'ensemble des absences",
    forbidden: "Ces pages sont réservées aux RH et aux administrateurs.",
    people: "Personnes",
    ownRecordMissing:
      "Votre compte {email} n'est lié à aucun dossier du personnel : l'application ne vous montre donc ni vos vacances, ni vos heures, ni vos fiches de salaire. Liez-le à votre numéro du personnel du fichier des employés : hr-service user link --email {email} --employee <numéro du personnel>",
    peopleIntro:
      "Tous les collaborateurs avec leur compte. Une invitation permet à la personne de choisir elle-même son mot de passe.",
    colName: "Nom",
    colNumber: "Numéro du personnel",
    colCanton: "Canton",
    colStart: "Entrée",
    colAccount: "Compte",
    accountNone: "pas de compte",
    accountInvited: "invité",
    accountActive: "actif",
    invite: "Inviter",
    inviteAll: "Inviter toutes les personnes pas encore invitées",
    inviteAllHint:
      "{count} personne(s) sans compte, dont {noEmail} sans adresse e-mail professionnelle. Chacune reçoit l'invitation dans la langue de son dossier ; qui dirige des collaborateurs, comme responsable.",
    inviteAllNoEmail: "{name} ({number}) n'a pas d'adresse e-mail professionnelle et n'est pas invité·e.",
    invitedAll: "{count} invitation(s) envoyée(s).",
    newPerson: "Nouvelle personne",
    personnelNumber: "Numéro du personnel",
    firstName: "Prénom",
    lastName: "Nom",
    email: "Adresse e-mail professionnelle",
    emailHint: "L'invitation est envoyée à cette adresse.",
    canton: "Canton de travail",
    start: "Date d'entrée",
    birthDate: "Date de naissance",
    workload: "Taux d'occupation en pour cent",
    weekdays: "Jours de travail",
    weekdayNames: ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"],
    role: "Rôle",
    roleNames: {
      employee: "Collaborateur/trice",
      manager: "Supérieur/e",
      hr: "RH",
      admin: "Administrateur/trice",
      recruiter: "Recrutement",
    },
    sendInvitation: "Envoyer une invitation par e-mail",
    save: "Enregistrer",
    created: "{name} a été enregistré/e.",
    createdInvited: "{name} a été enregistré/e et invité/e par e-mail.",
    invited: "L'invitation à {email} est en route.",
    noEmail: "Une invitation nécessite l'adresse e-mail de la personne.",
    leave: "Vacances et absences",
    leaveIntro:
      "Vacances par année en jours d'une semaine de cinq jours. Chaque personne les reçoit en jours de sa propre semaine de travail, au prorata à l'entrée et à la sortie ; jamais moins que la loi (CO 329a : quatre semaines, cinq jusqu'au 20e anniversaire).",
    baseDays: "Jours de vacances par année (plein temps, semaine de cinq jours)",
    baseDaysHint: "25 jours font cinq semaines.",
    steps: "Davantage de jours dès un âge ou une année de service",
    stepsHint: "Un palier par ligne, p. ex. age>=50:27 ou service>=10:27.",
    halfDays: "Demi-journées autorisées",
    policySaved: "La règle de {type} est enregistrée.",
    problems: "Veuillez corriger :",
    needWeekday: "Choisissez au moins un jour de travail.",
    badRole: "Ce rôle ne peut pas être attribué ici (administrateurs : commande user set-role).",
    badCanton: "Choisissez l'un des 26 cantons.",
    takenNumber: "Le numéro du personnel {number} est déjà attribué.",
    navCalendar: "Fermetures",
    calendar: "Fermetures de l'entreprise",
    calendarIntro:
      "Jours où l'entreprise est fermée. Déduits des vacances, seuls les jours de travail de chaque personne comptent, jours fériés exceptés.",
    closureName: "Désignation",
    closureFrom: "Premier jour",
    closureTo: "Dernier jour",
    closureDeducts: "Déduire des vacances (vacances d'entreprise)",
    closureAdded: "« {name} » est enregistrée.",
    colPeriod: "Période",
    colKind: "Type",
    fromVacation: "sur les vacances",
    granted: "offert",
    navPay: "Salaires",
    navInbox: "Boîte RH",
    navDocuments: "Documents",
    navOrganisation: "Organisation",
    navRecruiting: "Recrutement",
    pay: "Changements de salaire",
    payIntro:
      "Un changement de salaire vaut dès une date ; la personne le voit dans le portail comme actuel ou à venir.",
    annualSalary: "Salaire annuel (CHF)",
    payments: "Nombre de versements",
    validFrom: "Valable dès",
    reason: "Motif (visible par la personne)",
    salarySaved: "Le changement de salaire de {number} dès le {date} est enregistré.",
    payslips: "Fiches de salaire",
    payslipsIntro:
      "Une fiche de salaire en PDF de la comptabilité salariale pour une personne et un mois. Plusieurs à la fois : avec un manifeste ci-dessous, ou hr-service payslips import --manifest.",
    paymentDate: "Date de paiement",
    gross: "Salaire brut (CHF)",
    net: "Salaire net (CHF)",
    label: "Libellé (facultatif)",
    labelHint: "Vide : le mois, p. ex. « November 2026 ». Une correction reçoit son propre libellé.",
    pdfFile: "Fichier PDF",
    payslipSaved: "La fiche de salaire {label} de {number} est enregistrée.",
    bulkPayslips: "Plusieurs fiches de salaire avec un manifeste",
    bulkPayslipsIntro:
      "Le manifeste (CSV) de la comptabilité salariale avec les colonnes personnel_number, period, payment_date, gross, net et file (le nom du PDF), au choix label et currency, et ses fichiers PDF. Tout ou rien : chaque problème est nommé avec sa ligne.",
    manifestFile: "Manifeste (CSV)",
    pdfFiles: "Fichiers PDF (en choisir plusieurs)",
    bulkSaved: "{count} fiche(s) de salaire importée(s).",
    bulkTwice: "Le fichier {file} a été envoyé deux fois.",
    bulkNotUploaded: "Le fichier {file} n'a pas été envoyé avec le manifeste.",
    bulkTooLarge: "{file} dépasse {mb} Mo.",
    bulkNotNamed: "Le fichier envoyé {file} ne figure sur aucune ligne du manifeste.",
    bulkNoManifest: "Un manifeste (CSV) est nécessaire.",
    importedPayslips: "Fiches de salaire importées",
    period: "Mois",
    show: "Afficher",
    noPayslips: "Aucune fiche de salaire.",
    payslipLabel: "Fiche",
    grossCol: "Brut",
    netCol: "Net",
    personPayslips: "Fiches de salaire",
    filesSent:
      "Envoyé : {names}. Rien n'a été enregistré ; choisissez à nouveau les fichiers une fois corrigés.",
    bulkImport: "Importer",
    workThrough: "Travail pendant une fermeture",
    workThroughIntro: "Qui travaille un jour de fermeture ne perd pas de jour de vacances pour cela.",
    workThroughDate: "Jour",
    workThroughSaved: "{number} travaille le {date} ; ce jour ne coûte pas de vacances.",
    importTitle: "Importer le fichier du personnel",
    importIntro:
      "Un fichier CSV tel qu'Excel l'enregistre sur un Windows suisse (virgule ou point-virgule, UTF-8 ou Windows-1252). Les numéros de personnel connus sont mis à jour, les nouveaux ajoutés ; au moindre problème, rien n'est enregistré. La première ligne nomme les colonnes : personnel_number, first_name, last_name, canton, employment_start sont obligatoires ; facultatives : canton_valid_from (premier jour dans un nouveau canton), work_email, phone, manager_personnel_number, department, job_title, employment_end, workload_percent, working_weekdays, weekly_hours, salary_continuation_scale, birth_date, ahv_number, iban, address_street, address_postal_code, address_city, language (de, fr, it ou en).",
    csvFile: "Fichier CSV",
    imported: "Fichier du personnel importé : {created} nouveaux, {updated} mis à jour.",
    noFile: "Veuillez choisir un fichier.",
    schoolTitle: "Vacances scolaires",
    schoolIntro:
      "Les vacances scolaires d'un canton depuis un fichier iCalendar (.ics), tel que les cantons les publient. Le même fichier une seconde fois ne change rien.",
    icsFile: "Fichier iCalendar (.ics)",
    schoolImported: "Vacances scolaires {canton} : {created} nouvelles, {unchanged} déjà connues.",
  },
  it: {
    title: "Amministrazione del personale",
    nav: "Sezioni",
    navPeople: "Persone",
    navLeave: "Vacanze e assenze",
    navLeaveOverview: "Panoramica delle assenze",
    forbidden: "Queste pagine sono riservate alle risorse umane e agli amministratori.",
    people: "Persone",
    ownRecordMissing:
      "Il suo account {email} non è collegato ad alcun fascicolo del personale: l'app non le mostra quindi né le sue vacanze, né le ore, né le buste paga. Lo colleghi al suo numero del personale del file dei dipendenti: hr-service user link --email {email} --employee <numero del personale>",
    peopleIntro:
      "Tutti i collaboratori con il loro conto. Un invito permette alla persona di scegliere da sé la password.",
    colName: "Nome",
    colNumber: "Numero del personale",
    colCanton: "Cantone",
    colStart: "Entrata",
    colAccount: "Conto",
    accountNone: "nessun conto",
    accountInvited: "invitato",
    accountActive: "attivo",
    invite: "Invitare",
    inviteAll: "Invitare tutte le persone non ancora invitate",
    inviteAllHint:
      "{count} persona/e senza account, di cui {noEmail} senza indirizzo e-mail aziendale. Ognuna riceve l'invito nella lingua della sua scheda; chi dirige collaboratori, come superiore.",
    inviteAllNoEmail: "{name} ({number}) non ha un indirizzo e-mail aziendale e non è stata invitata.",
    invitedAll: "{count} invito/i inviato/i.",
    newPerson: "Nuova persona",
    personnelNumber: "Numero del personale",
    firstName: "Nome",
    lastName: "Cognome",
    email: "Indirizzo e-mail di lavoro",
    emailHint: "L'invito viene inviato a questo indirizzo.",
    canton: "Cantone di lavoro",
    start: "Data di entrata",
    birthDate: "Data di nascita",
    workload: "Grado di occupazione in percento",
    weekdays: "Giorni lavorativi",
    weekdayNames: ["Lunedì", "Martedì", "Mercoledì", "Giovedì", "Venerdì", "Sabato", "Domenica"],
    role: "Ruolo",
    roleNames: {
      employee: "Collaboratore/trice",
      manager: "Superiore",
      hr: "Risorse umane",
      admin: "Amministratore/trice",
      recruiter: "Reclutamento",
    },
    sendInvitation: "Inviare un invito per e-mail",
    save: "Salvare",
    created: "{name} è stato/a registrato/a.",
    createdInvited: "{name} è stato/a registrato/a e invitato/a per e-mail.",
    invited: "L'invito a {email} è in viaggio.",
    noEmail: "Per un invito occorre l'indirizzo e-mail della persona.",
    leave: "Vacanze e assenze",
    leaveIntro:
      "Vacanze all'anno in giorni di una settimana di cinque giorni. Ogni persona le riceve in giorni della propria settimana lavorativa, pro rata all'entrata e all'uscita; mai meno della legge (CO 329a: quattro settimane, cinque fino al 20° compleanno).",
    baseDays: "Giorni di vacanza all'anno (tempo pieno, settimana di cinque giorni)",
    baseDaysHint: "25 giorni sono cinque settimane.",
    steps: "Più giorni a partire da un'età o da un anno di servizio",
    stepsHint: "Un livello per riga, p. es. age>=50:27 o service>=10:27.",
    halfDays: "Mezze giornate permesse",
    policySaved: "La regola di {type} è salvata.",
    problems: "Correggere per favore:",
    needWeekday: "Scegliere almeno un giorno lavorativo.",
    badRole: "Questo ruolo non può essere assegnato qui (amministratori: comando user set-role).",
    badCanton: "Scegliere uno dei 26 cantoni.",
    takenNumber: "Il numero del personale {number} è già assegnato.",
    navCalendar: "Chiusure",
    calendar: "Chiusure aziendali",
    calendarIntro:
      "Giorni in cui l'azienda è chiusa. Dedotti dalle vacanze, contano solo i giorni lavorativi di ogni persona, giorni festivi esclusi.",
    closureName: "Denominazione",
    closureFrom: "Primo giorno",
    closureTo: "Ultimo giorno",
    closureDeducts: "Dedurre dalle vacanze (vacanze aziendali)",
    closureAdded: "«{name}» è registrata.",
    colPeriod: "Periodo",
    colKind: "Tipo",
    fromVacation: "dalle vacanze",
    granted: "offerto",
    navPay: "Salari",
    navInbox: "Posta HR",
    navDocuments: "Documenti",
    navOrganisation: "Organizzazione",
    navRecruiting: "Reclutamento",
    pay: "Modifiche salariali",
    payIntro:
      "Una modifica salariale vale da una data; la persona la vede nel portale come attuale o imminente.",
    annualSalary: "Salario annuo (CHF)",
    payments: "Numero di versamenti",
    validFrom: "Valido dal",
    reason: "Motivo (visibile alla persona)",
    salarySaved: "La modifica salariale di {number} dal {date} è salvata.",
    payslips: "Conteggi di salario",
    payslipsIntro:
      "Un conteggio di salario in PDF dalla contabilità salariale per una persona e un mese. Molti insieme: con un manifesto qui sotto, o hr-service payslips import --manifest.",
    paymentDate: "Data di pagamento",
    gross: "Salario lordo (CHF)",
    net: "Salario netto (CHF)",
    label: "Denominazione (facoltativa)",
    labelHint: "Vuota: il mese, p. es. «November 2026». Una correzione riceve una denominazione propria.",
    pdfFile: "File PDF",
    payslipSaved: "Il conteggio di salario {label} di {number} è salvato.",
    bulkPayslips: "Più conteggi di salario con un manifesto",
    bulkPayslipsIntro:
      "Il manifesto (CSV) della contabilità salariale con le colonne personnel_number, period, payment_date, gross, net e file (il nome del PDF), a scelta label e currency, e i suoi file PDF. Tutto o niente: ogni problema è indicato con la sua riga.",
    manifestFile: "Manifesto (CSV)",
    pdfFiles: "File PDF (sceglierne più di uno)",
    bulkSaved: "{count} conteggio/i di salario importato/i.",
    bulkTwice: "Il file {file} è stato caricato due volte.",
    bulkNotUploaded: "Il file {file} non è stato caricato con il manifesto.",
    bulkTooLarge: "{file} supera {mb} MB.",
    bulkNotNamed: "Il file caricato {file} non figura su nessuna riga del manifesto.",
    bulkNoManifest: "Serve un manifesto (CSV).",
    importedPayslips: "Conteggi di salario importati",
    period: "Mese",
    show: "Mostrare",
    noPayslips: "Nessun conteggio di salario.",
    payslipLabel: "Conteggio",
    grossCol: "Lordo",
    netCol: "Netto",
    personPayslips: "Conteggi di salario",
    filesSent: "Inviato: {names}. Non è stato salvato nulla; scegliere di nuovo i file una volta corretti.",
    bulkImport: "Importa",
    workThrough: "Lavoro durante una chiusura",
    workThroughIntro: "Chi lavora in un giorno di chiusura non perde per questo un giorno di vacanza.",
    workThroughDate: "Giorno",
    workThroughSaved: "{number} lavora il {date}; il giorno non costa vacanze.",
    importTitle: "Importare il file del personale",
    importIntro:
      "Un file CSV come lo salva Excel su un Windows svizzero (virgola o punto e virgola, UTF-8 o Windows-1252). I numeri del personale noti sono aggiornati, i nuovi aggiunti; al minimo problema non si salva nulla. La prima riga nomina le colonne: personnel_number, first_name, last_name, canton, employment_start sono obbligatorie; facoltative canton_valid_from (primo giorno in un nuovo cantone), work_email, phone, manager_personnel_number, department, job_title, employment_end, workload_percent, working_weekdays, weekly_hours, salary_continuation_scale, birth_date, ahv_number, iban, address_street, address_postal_code, address_city, language (de, fr, it o en).",
    csvFile: "File CSV",
    imported: "File del personale importato: {created} nuovi, {updated} aggiornati.",
    noFile: "Scegliere un file.",
    schoolTitle: "Vacanze scolastiche",
    schoolIntro:
      "Le vacanze scolastiche di un cantone da un file iCalendar (.ics), come i cantoni le pubblicano. Lo stesso file una seconda volta non cambia nulla.",
    icsFile: "File iCalendar (.ics)",
    schoolImported: "Vacanze scolastiche {canton}: {created} nuove, {unchanged} già note.",
  },
};

/** The console's texts in a person's language, German when there are none in it. */
export function consoleTexts(lang: string): ConsoleTexts {
  return CONSOLE_TEXTS[lang as keyof typeof CONSOLE_TEXTS] ?? CONSOLE_TEXTS.de;
}
