/**
 * Texts of HR's view of leave balances (the person page's balance, the leave overview) and of the opening
 * balances import, in the four languages people read; German is the source and the fallback. Placeholders in
 * `{braces}` are filled with `fill` (i18n/mod.ts).
 */
import type { Lang } from "./mod.ts";

export interface LeaveBalanceTexts {
  balance: string;
  balanceIntro: string;
  show: string;
  year: string;
  errMonth: string;
  colType: string;
  colEntitlement: string;
  colCarryOver: string;
  colCorrections: string;
  colAvailable: string;
  colUsed: string;
  colPlanned: string;
  colPending: string;
  colRemaining: string;
  noBalanceTypes: string;
  history: string;
  colDate: string;
  colDays: string;
  colReason: string;
  colWho: string;
  noCorrections: string;
  /** Above the lines of carried statutory days; {type} is the leave type's name. */
  statutoryCarried: string;
  /** {days} days of the statutory minimum from {year} lapse on {date}; `…One` when {days} is 1. */
  carriedLapse: string;
  carriedLapseOne: string;
  overview: string;
  overviewIntro: string;
  month: string;
  department: string;
  allDepartments: string;
  noDepartment: string;
  nobodyAway: string;
  /** The month's company closures and school holidays, above the days. */
  monthCalendar: string;
  closure: string;
  closureDeducts: string;
  closureGranted: string;
  schoolHolidays: string;
  fullDay: string;
  morning: string;
  afternoon: string;
  halfDay: string;
  awaiting: string;
  weekdayNames: string[];
  opening: string;
  openingIntro: string;
  openingFile: string;
  openingImported: string;
  // The import's problems, each naming the line and the field.
  errEmpty: string;
  errMissingColumn: string;
  errUnknownColumn: string;
  errFields: string;
  errPerson: string;
  errType: string;
  errNoBalance: string;
  errYear: string;
  errYearEmployment: string;
  errDays: string;
  errHalfDays: string;
  errTwice: string;
  errNoFile: string;
  // The reasons the person reads in their balance history.
  noteTaken: string;
  noteCarryOver: string;
}

export const LEAVE_BALANCE_TEXTS: Record<Lang, LeaveBalanceTexts> = {
  de: {
    balance: "Ferien- und Abwesenheitssaldo",
    balanceIntro:
      "Anspruch, bezogene, geplante und verbleibende Tage je Abwesenheitsart, so wie die Person sie im Portal sieht.",
    show: "Anzeigen",
    year: "Jahr",
    errMonth: "Der Monat wird als JJJJ-MM angegeben, erhalten «{value}»; gezeigt wird der laufende.",
    colType: "Art",
    colEntitlement: "Anspruch",
    colCarryOver: "Übertrag",
    colCorrections: "Korrekturen",
    colAvailable: "Verfügbar",
    colUsed: "Bezogen",
    colPlanned: "Geplant",
    colPending: "Beantragt",
    colRemaining: "Verbleibend",
    noBalanceTypes: "Keine Abwesenheitsart führt einen Saldo.",
    history: "Korrekturen {type} {year}",
    colDate: "Datum",
    colDays: "Tage",
    colReason: "Grund",
    colWho: "Von",
    noCorrections: "Keine Korrekturen.",
    statutoryCarried: "Gesetzliche Ferientage im Übertrag ({type}), bis zum Bezug geschuldet:",
    carriedLapse: "{days} Tage aus {year} verfallen am {date}",
    carriedLapseOne: "{days} Tag aus {year} verfällt am {date}",
    overview: "Abwesenheiten im Überblick",
    overviewIntro:
      "Wer wann abwesend ist, Tag für Tag, nach Abteilung; halbe Tage als Vor- oder Nachmittag. Noch nicht bewilligte Anträge sind markiert.",
    month: "Monat",
    department: "Abteilung",
    allDepartments: "Alle Abteilungen",
    noDepartment: "Ohne Abteilung",
    nobodyAway: "In diesem Monat ist niemand abwesend.",
    monthCalendar: "Betriebsferien und Schulferien in diesem Monat",
    closure: "Betriebsferien",
    closureDeducts: "vom Ferienguthaben abgezogen",
    closureGranted: "geschenkt",
    schoolHolidays: "Schulferien",
    fullDay: "ganzer Tag",
    morning: "Vormittag",
    afternoon: "Nachmittag",
    halfDay: "halber Tag",
    awaiting: "noch nicht bewilligt",
    weekdayNames: ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"],
    opening: "Eröffnungssalden importieren",
    openingIntro:
      "Für einen Start unter dem Jahr: je Person, Abwesenheitsart und Jahr die bereits bezogenen Tage und den Übertrag aus dem Vorjahr, als CSV mit den Spalten personnel_number, leave_type, year, taken, carry_over (Semikolon oder Komma). Alles oder nichts; ein erneuter Import ersetzt den früheren Eröffnungssaldo.",
    openingFile: "CSV-Datei mit den Eröffnungssalden",
    openingImported: "Eröffnungssalden importiert: {set} gesetzt, {unchanged} unverändert.",
    errEmpty: "Die Datei ist leer.",
    errMissingColumn: "Zeile 1: die Spalte {column} fehlt",
    errUnknownColumn: "Zeile 1: unbekannte Spalte(n) {columns}",
    errFields: "Zeile {line}: {expected} Felder erwartet, {found} gefunden",
    errPerson: "Zeile {line}: personnel_number: keine Person mit der Personalnummer «{value}»",
    errType: "Zeile {line}: leave_type: keine Abwesenheitsart mit dem Code «{value}»",
    errNoBalance: "Zeile {line}: leave_type: {value} führt keinen Saldo",
    errYear: "Zeile {line}: year: ein Jahr von 2000 bis {max}, erhalten «{value}»",
    errYearEmployment: "Zeile {line}: year: {value} liegt ausserhalb der Anstellung ({from} bis {to})",
    errDays: "Zeile {line}: {field}: eine Zahl von 0 bis 366, erhalten «{value}»",
    errHalfDays: "Zeile {line}: {field}: in halben Tagen, erhalten «{value}»",
    errTwice: "Zeile {line}: {person}, {type} {year} steht schon in Zeile {first}",
    errNoFile: "Bitte eine CSV-Datei wählen.",
    noteTaken: "Eröffnungssaldo: vor dem Start bereits bezogen",
    noteCarryOver: "Eröffnungssaldo: Übertrag aus {year}",
  },
  en: {
    balance: "Leave balance",
    balanceIntro:
      "Entitlement, used, planned and remaining days per leave type, as the person sees them in the portal.",
    show: "Show",
    year: "Year",
    errMonth: 'month: a month YYYY-MM, got "{value}"; the current one is shown.',
    colType: "Type",
    colEntitlement: "Entitlement",
    colCarryOver: "Carry-over",
    colCorrections: "Corrections",
    colAvailable: "Available",
    colUsed: "Used",
    colPlanned: "Planned",
    colPending: "Requested",
    colRemaining: "Remaining",
    noBalanceTypes: "No leave type keeps a balance.",
    history: "Corrections {type} {year}",
    colDate: "Date",
    colDays: "Days",
    colReason: "Reason",
    colWho: "By",
    noCorrections: "No corrections.",
    statutoryCarried: "Statutory days in the carry-over ({type}), owed until taken:",
    carriedLapse: "{days} days from {year} lapse on {date}",
    carriedLapseOne: "{days} day from {year} lapses on {date}",
    overview: "Leave overview",
    overviewIntro:
      "Who is away when, day by day, by department; half days as morning or afternoon. Requests not yet approved are marked.",
    month: "Month",
    department: "Department",
    allDepartments: "All departments",
    noDepartment: "No department",
    nobodyAway: "Nobody is away this month.",
    monthCalendar: "Company closures and school holidays this month",
    closure: "Company closure",
    closureDeducts: "taken from vacation",
    closureGranted: "granted",
    schoolHolidays: "School holidays",
    fullDay: "full day",
    morning: "morning",
    afternoon: "afternoon",
    halfDay: "half day",
    awaiting: "not yet approved",
    weekdayNames: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    opening: "Import opening balances",
    openingIntro:
      "For a start during the year: per person, leave type and year the days already taken and the carry-over from the year before, as a CSV with the columns personnel_number, leave_type, year, taken, carry_over (semicolons or commas). All or nothing; importing again replaces the earlier opening balance.",
    openingFile: "CSV file of opening balances",
    openingImported: "Opening balances imported: {set} set, {unchanged} unchanged.",
    errEmpty: "The file is empty.",
    errMissingColumn: "line 1: the column {column} is missing",
    errUnknownColumn: "line 1: unknown column(s) {columns}",
    errFields: "line {line}: expected {expected} fields, found {found}",
    errPerson: 'line {line}: personnel_number: there is no person with the personnel number "{value}"',
    errType: 'line {line}: leave_type: there is no leave type with the code "{value}"',
    errNoBalance: "line {line}: leave_type: {value} keeps no balance",
    errYear: 'line {line}: year: a year from 2000 to {max}, got "{value}"',
    errYearEmployment: "line {line}: year: {value} is outside the employment ({from} to {to})",
    errDays: 'line {line}: {field}: a number from 0 to 366, got "{value}"',
    errHalfDays: 'line {line}: {field}: counted in half days, got "{value}"',
    errTwice: "line {line}: {person}, {type} {year} is already on line {first}",
    errNoFile: "Choose a CSV file.",
    noteTaken: "Opening balance: taken before the start",
    noteCarryOver: "Opening balance: carry-over from {year}",
  },
  fr: {
    balance: "Solde de vacances et d'absences",
    balanceIntro:
      "Droit, jours pris, planifiés et restants par type d'absence, tels que la personne les voit dans le portail.",
    show: "Afficher",
    year: "Année",
    errMonth: "mois : un mois AAAA-MM, reçu « {value} » ; le mois en cours est affiché.",
    colType: "Type",
    colEntitlement: "Droit",
    colCarryOver: "Report",
    colCorrections: "Corrections",
    colAvailable: "Disponible",
    colUsed: "Pris",
    colPlanned: "Planifié",
    colPending: "Demandé",
    colRemaining: "Restant",
    noBalanceTypes: "Aucun type d'absence ne tient de solde.",
    history: "Corrections {type} {year}",
    colDate: "Date",
    colDays: "Jours",
    colReason: "Motif",
    colWho: "Par",
    noCorrections: "Aucune correction.",
    statutoryCarried: "Jours de vacances légaux reportés ({type}), dus jusqu'à leur prise :",
    carriedLapse: "{days} jours de {year} échoient le {date}",
    carriedLapseOne: "{days} jour de {year} échoit le {date}",
    overview: "Vue d'ensemble des absences",
    overviewIntro:
      "Qui est absent quand, jour par jour, par département ; les demi-journées en matin ou après-midi. Les demandes pas encore approuvées sont signalées.",
    month: "Mois",
    department: "Département",
    allDepartments: "Tous les départements",
    noDepartment: "Sans département",
    nobodyAway: "Personne n'est absent ce mois-ci.",
    monthCalendar: "Fermetures et vacances scolaires ce mois-ci",
    closure: "Fermeture",
    closureDeducts: "déduite du solde de vacances",
    closureGranted: "offerte",
    schoolHolidays: "Vacances scolaires",
    fullDay: "journée entière",
    morning: "matin",
    afternoon: "après-midi",
    halfDay: "demi-journée",
    awaiting: "pas encore approuvé",
    weekdayNames: ["lu", "ma", "me", "je", "ve", "sa", "di"],
    opening: "Importer les soldes d'ouverture",
    openingIntro:
      "Pour un début en cours d'année : par personne, type d'absence et année, les jours déjà pris et le report de l'année précédente, en CSV avec les colonnes personnel_number, leave_type, year, taken, carry_over (points-virgules ou virgules). Tout ou rien ; un nouvel import remplace le solde d'ouverture précédent.",
    openingFile: "Fichier CSV des soldes d'ouverture",
    openingImported: "Soldes d'ouverture importés : {set} fixés, {unchanged} inchangés.",
    errEmpty: "Le fichier est vide.",
    errMissingColumn: "ligne 1 : la colonne {column} manque",
    errUnknownColumn: "ligne 1 : colonne(s) inconnue(s) {columns}",
    errFields: "ligne {line} : {expected} champs attendus, {found} trouvés",
    errPerson: "ligne {line} : personnel_number : aucune personne avec le numéro « {value} »",
    errType: "ligne {line} : leave_type : aucun type d'absence avec le code « {value} »",
    errNoBalance: "ligne {line} : leave_type : {value} ne tient pas de solde",
    errYear: "ligne {line} : year : une année de 2000 à {max}, reçu « {value} »",
    errYearEmployment: "ligne {line} : year : {value} est hors de l'engagement ({from} à {to})",
    errDays: "ligne {line} : {field} : un nombre de 0 à 366, reçu « {value} »",
    errHalfDays: "ligne {line} : {field} : en demi-journées, reçu « {value} »",
    errTwice: "ligne {line} : {person}, {type} {year} figure déjà à la ligne {first}",
    errNoFile: "Veuillez choisir un fichier CSV.",
    noteTaken: "Solde d'ouverture : pris avant le début",
    noteCarryOver: "Solde d'ouverture : report de {year}",
  },
  it: {
    balance: "Saldo vacanze e assenze",
    balanceIntro:
      "Diritto, giorni presi, pianificati e rimanenti per tipo di assenza, come la persona li vede nel portale.",
    show: "Mostra",
    year: "Anno",
    errMonth: "mese: un mese AAAA-MM, ricevuto «{value}»; è mostrato quello corrente.",
    colType: "Tipo",
    colEntitlement: "Diritto",
    colCarryOver: "Riporto",
    colCorrections: "Correzioni",
    colAvailable: "Disponibile",
    colUsed: "Presi",
    colPlanned: "Pianificati",
    colPending: "Richiesti",
    colRemaining: "Rimanenti",
    noBalanceTypes: "Nessun tipo di assenza tiene un saldo.",
    history: "Correzioni {type} {year}",
    colDate: "Data",
    colDays: "Giorni",
    colReason: "Motivo",
    colWho: "Da",
    noCorrections: "Nessuna correzione.",
    statutoryCarried: "Giorni di vacanza legali riportati ({type}), dovuti fino alla fruizione:",
    carriedLapse: "{days} giorni del {year} scadono il {date}",
    carriedLapseOne: "{days} giorno del {year} scade il {date}",
    overview: "Panoramica delle assenze",
    overviewIntro:
      "Chi è assente quando, giorno per giorno, per reparto; le mezze giornate come mattino o pomeriggio. Le richieste non ancora approvate sono segnalate.",
    month: "Mese",
    department: "Reparto",
    allDepartments: "Tutti i reparti",
    noDepartment: "Senza reparto",
    nobodyAway: "Nessuno è assente questo mese.",
    monthCalendar: "Chiusure aziendali e vacanze scolastiche di questo mese",
    closure: "Chiusura aziendale",
    closureDeducts: "dedotta dal saldo vacanze",
    closureGranted: "offerta",
    schoolHolidays: "Vacanze scolastiche",
    fullDay: "giornata intera",
    morning: "mattino",
    afternoon: "pomeriggio",
    halfDay: "mezza giornata",
    awaiting: "non ancora approvata",
    weekdayNames: ["lu", "ma", "me", "gi", "ve", "sa", "do"],
    opening: "Importare i saldi iniziali",
    openingIntro:
      "Per un inizio durante l'anno: per persona, tipo di assenza e anno i giorni già presi e il riporto dall'anno precedente, come CSV con le colonne personnel_number, leave_type, year, taken, carry_over (punti e virgola o virgole). Tutto o niente; un nuovo import sostituisce il saldo iniziale precedente.",
    openingFile: "File CSV dei saldi iniziali",
    openingImported: "Saldi iniziali importati: {set} impostati, {unchanged} invariati.",
    errEmpty: "Il file è vuoto.",
    errMissingColumn: "riga 1: manca la colonna {column}",
    errUnknownColumn: "riga 1: colonna/e sconosciuta/e {columns}",
    errFields: "riga {line}: attesi {expected} campi, trovati {found}",
    errPerson: "riga {line}: personnel_number: nessuna persona con il numero «{value}»",
    errType: "riga {line}: leave_type: nessun tipo di assenza con il codice «{value}»",
    errNoBalance: "riga {line}: leave_type: {value} non tiene un saldo",
    errYear: "riga {line}: year: un anno dal 2000 al {max}, ricevuto «{value}»",
    errYearEmployment: "riga {line}: year: {value} è fuori dall'impiego (dal {from} al {to})",
    errDays: "riga {line}: {field}: un numero da 0 a 366, ricevuto «{value}»",
    errHalfDays: "riga {line}: {field}: in mezze giornate, ricevuto «{value}»",
    errTwice: "riga {line}: {person}, {type} {year} è già alla riga {first}",
    errNoFile: "Scegliere un file CSV.",
    noteTaken: "Saldo iniziale: già presi prima dell'inizio",
    noteCarryOver: "Saldo iniziale: riporto dal {year}",
  },
};

export function leaveBalanceTexts(lang: string): LeaveBalanceTexts {
  return LEAVE_BALANCE_TEXTS[lang as Lang] ?? LEAVE_BALANCE_TEXTS.de;
}
