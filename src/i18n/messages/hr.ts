/** The catalogue's refusals of the hr area (see mod.ts): German first, then French, Italian, English. */
import type { Catalogue } from "./types.ts";

export const HR_MESSAGES = {
  // Accounts and invitations (HR console, administrator's commands).
  "account.unknown": {
    de: "Zur Adresse {email} gibt es kein Konto.",
    fr: "Il n'y a pas de compte à l'adresse {email}.",
    it: "Non c'è un account con l'indirizzo {email}.",
    en: "There is no account {email}.",
  },
  "account.ownAccount": {
    de: "Niemand ändert sein eigenes Konto; das macht eine Kollegin oder ein Kollege.",
    fr: "Personne ne modifie son propre compte ; une ou un collègue s'en charge.",
    it: "Nessuno modifica il proprio account; lo fa una collega o un collega.",
    en: "Nobody changes their own account; another colleague does.",
  },
  "account.adminOnly": {
    de:
      "Nur eine Administratorin oder ein Administrator ändert ein Administratorkonto oder ernennt jemanden dazu.",
    fr: "Seul un administrateur modifie le compte d'un administrateur ou nomme quelqu'un administrateur.",
    it: "Solo un amministratore modifica l'account di un amministratore o nomina qualcuno amministratore.",
    en: "Only an administrator changes an administrator's account or makes someone one.",
  },
  "account.notARole": {
    de: "«{role}» ist keine Rolle. Rollen: {roles}.",
    fr: "« {role} » n'est pas un rôle. Rôles : {roles}.",
    it: "«{role}» non è un ruolo. Ruoli: {roles}.",
    en: "'{role}' is not a role. Roles: {roles}.",
  },
  "invitation.notAnEmail": {
    de: "«{email}» ist keine gültige E-Mail-Adresse.",
    fr: "« {email} » n'est pas une adresse e-mail valable.",
    it: "«{email}» non è un indirizzo e-mail valido.",
    en: "'{email}' is not an e-mail address.",
  },
  "invitation.unknownEmployee": {
    de: "Die Personalnummer {number} gibt es nicht.",
    fr: "Le numéro de personnel {number} n'existe pas.",
    it: "Il numero del personale {number} non esiste.",
    en: "There is no employee with personnel number {number}.",
  },
  "invitation.badLanguage": {
    de: "Die Sprache muss de, en, fr oder it sein.",
    fr: "La langue doit être de, en, fr ou it.",
    it: "La lingua deve essere de, en, fr o it.",
    en: "The language must be de, en, fr or it.",
  },
  "invitation.hasPassword": {
    de:
      "Zu {email} gibt es schon ein Konto mit Passwort; eine Einladung ist nicht nötig (vergessenes Passwort: «user reset-password»).",
    fr:
      "Un compte avec mot de passe existe déjà à l'adresse {email} ; une invitation n'est pas nécessaire (mot de passe oublié : « user reset-password »).",
    it:
      "Esiste già un account con password all'indirizzo {email}; non serve un invito (password dimenticata: «user reset-password»).",
    en: "{email} already has an account with a password; use 'user reset-password'.",
  },
  "invitation.emailOfOtherPerson": {
    de: "Die E-Mail-Adresse {email} gehört zum Konto einer anderen Person.",
    fr: "L'adresse e-mail {email} appartient au compte d'une autre personne.",
    it: "L'indirizzo e-mail {email} appartiene all'account di un'altra persona.",
    en: "{email} is linked to another employee.",
  },
  "invitation.employeeHasAccount": {
    de: "Die Person {number} hat schon ein Konto mit der E-Mail-Adresse {email}.",
    fr: "La personne {number} a déjà un compte avec l'adresse e-mail {email}.",
    it: "La persona {number} ha già un account con l'indirizzo e-mail {email}.",
    en: "Employee {number} is already linked to {email}.",
  },

  // HR's reads of people and the overview.
  "hr.employeeOutOfReach": {
    de: "Keine Person mit dieser Kennung liegt in Ihrem Bereich.",
    fr: "Aucune personne avec cet identifiant n'est dans votre périmètre.",
    it: "Nessuna persona con questo identificativo rientra nel suo ambito.",
    en: "No employee with this id is within your reach.",
  },
  "hr.searchTooShort": {
    de: "Suchen Sie nach mindestens zwei Buchstaben eines Namens.",
    fr: "Cherchez au moins deux lettres d'un nom.",
    it: "Cerchi almeno due lettere di un nome.",
    en: "Search for at least two letters of a name.",
  },
  "hr.overviewHrOnly": {
    de: "Die HR-Übersicht ist für HR und die Administration.",
    fr: "L'aperçu RH est réservé aux RH et aux administrateurs.",
    it: "La panoramica RU è riservata alle RU e agli amministratori.",
    en: "The HR overview is for HR staff and above.",
  },

  // Sick leave HR follows up (the HR inbox).
  "hr.sickFollowUpHrOnly": {
    de: "Nur HR verfolgt Krankheitsabsenzen und Arztzeugnisse.",
    fr: "Seules les RH suivent les absences pour maladie et les certificats.",
    it: "Solo le RU seguono le assenze per malattia e i certificati.",
    en: "Only HR staff follow up sick leave and certificates.",
  },
  "hr.sickLeaveUnknown": {
    de: "Keine Krankheitsabsenz hat diese Kennung.",
    fr: "Aucune absence pour maladie n'a cet identifiant.",
    it: "Nessuna assenza per malattia ha questo identificativo.",
    en: "No sick leave has this id.",
  },
  "hr.ownCertificate": {
    de: "Niemand nimmt das eigene Arztzeugnis an; das macht eine andere Person von HR.",
    fr: "Personne n'accepte son propre certificat ; une ou un autre collègue des RH s'en charge.",
    it: "Nessuno accetta il proprio certificato; lo fa un'altra collega o un altro collega delle RU.",
    en: "Nobody accepts their own certificate; another HR colleague does.",
  },
  "hr.certificateAccepted": {
    de: "Dieses Arztzeugnis ist schon angenommen.",
    fr: "Ce certificat a déjà été accepté.",
    it: "Questo certificato è già stato accettato.",
    en: "This certificate has already been accepted.",
  },
  "hr.noCertificateFile": {
    de: "Für diese Absenz ist noch keine Zeugnisdatei eingetroffen.",
    fr: "Aucun fichier de certificat n'est encore arrivé pour cette absence.",
    it: "Per questa assenza non è ancora arrivato alcun file del certificato.",
    en: "No certificate file has arrived for this absence yet.",
  },

  // Salary changes, company closures and work through a closure.
  "hr.unknownPersonnelNumber": {
    de: "Es gibt keine Person mit der Personalnummer «{number}».",
    fr: "Il n'y a personne avec le numéro de personnel « {number} ».",
    it: "Non c'è nessuna persona con il numero del personale «{number}».",
    en: 'There is no employee with the personnel number "{number}".',
  },
  "hr.salaryNotRecorded": {
    de: "Keine Lohnänderung gespeichert: {problems}.",
    fr: "Aucun changement de salaire enregistré : {problems}.",
    it: "Nessuna modifica del salario registrata: {problems}.",
    en: "No salary change was recorded: {problems}.",
  },
  "hr.salaryValidFromDate": {
    de: "«gültig ab» muss ein Datum JJJJ-MM-TT sein, nicht «{value}»",
    fr: "« valable dès » doit être une date AAAA-MM-JJ, pas « {value} »",
    it: "«valido dal» deve essere una data AAAA-MM-GG, non «{value}»",
    en: 'valid-from must be a date YYYY-MM-DD, got "{value}"',
  },
  "hr.salaryBeforeStart": {
    de: "«gültig ab» {from} liegt vor dem Eintritt ({start})",
    fr: "« valable dès » {from} précède l'entrée ({start})",
    it: "«valido dal» {from} precede l'entrata ({start})",
    en: "valid-from {from} is before the employment starts ({start})",
  },
  "hr.salaryAmount": {
    de: "der Jahreslohn muss ein positiver Betrag sein, nicht {value}",
    fr: "le salaire annuel doit être un montant positif, pas {value}",
    it: "il salario annuo deve essere un importo positivo, non {value}",
    en: "annual salary must be a positive amount, got {value}",
  },
  "hr.salaryPayments": {
    de: "die Anzahl Lohnzahlungen muss 12 oder 13 sein, nicht {value}",
    fr: "le nombre de versements doit être 12 ou 13, pas {value}",
    it: "il numero di versamenti deve essere 12 o 13, non {value}",
    en: "payments must be 12 or 13, got {value}",
  },
  "hr.salaryCurrency": {
    de: "die Währung muss ein Code wie CHF sein, nicht «{value}»",
    fr: "la monnaie doit être un code comme CHF, pas « {value} »",
    it: "la valuta deve essere un codice come CHF, non «{value}»",
    en: 'currency must be a code such as CHF, got "{value}"',
  },
  "hr.salaryReason": {
    de: "der Grund ist länger als 200 Zeichen",
    fr: "le motif dépasse 200 caractères",
    it: "il motivo supera 200 caratteri",
    en: "the reason is longer than 200 characters",
  },
  "hr.salaryDuplicate": {
    de: "{number} hat schon einen Lohn gültig ab {from}; erfassen Sie eine Änderung mit einem anderen Datum.",
    fr: "{number} a déjà un salaire valable dès le {from} ; enregistrez un changement à une autre date.",
    it: "{number} ha già un salario valido dal {from}; registri una modifica con un'altra data.",
    en: "{number} already has a salary valid from {from}; record a change with another date.",
  },
  "hr.closureNotAdded": {
    de: "Keine Betriebsschliessung erfasst: {problems}.",
    fr: "Aucune fermeture d'entreprise ajoutée : {problems}.",
    it: "Nessuna chiusura aziendale aggiunta: {problems}.",
    en: "No closure was added: {problems}.",
  },
  "hr.closureFromDate": {
    de: "«von» muss ein Datum JJJJ-MM-TT sein, nicht «{value}»",
    fr: "« du » doit être une date AAAA-MM-JJ, pas « {value} »",
    it: "«dal» deve essere una data AAAA-MM-GG, non «{value}»",
    en: 'from must be a date YYYY-MM-DD, got "{value}"',
  },
  "hr.closureToDate": {
    de: "«bis» muss ein Datum JJJJ-MM-TT sein, nicht «{value}»",
    fr: "« au » doit être une date AAAA-MM-JJ, pas « {value} »",
    it: "«al» deve essere una data AAAA-MM-GG, non «{value}»",
    en: 'to must be a date YYYY-MM-DD, got "{value}"',
  },
  "hr.closureFromRange": {
    de: "«von» muss ein Datum vom 01.01.1900 bis 31.12.2100 sein, nicht «{value}»",
    fr: "« du » doit être une date du 01.01.1900 au 31.12.2100, pas « {value} »",
    it: "«dal» deve essere una data dal 01.01.1900 al 31.12.2100, non «{value}»",
    en: 'from must be a date from 1900-01-01 to 2100-12-31, got "{value}"',
  },
  "hr.closureToRange": {
    de: "«bis» muss ein Datum vom 01.01.1900 bis 31.12.2100 sein, nicht «{value}»",
    fr: "« au » doit être une date du 01.01.1900 au 31.12.2100, pas « {value} »",
    it: "«al» deve essere una data dal 01.01.1900 al 31.12.2100, non «{value}»",
    en: 'to must be a date from 1900-01-01 to 2100-12-31, got "{value}"',
  },
  "hr.closureToBeforeFrom": {
    de: "«bis» liegt vor «von»",
    fr: "« au » précède « du »",
    it: "«al» precede «dal»",
    en: "to is before from",
  },
  "hr.closureTooLong": {
    de: "eine Betriebsschliessung dauert höchstens {max} Tage",
    fr: "une fermeture dure au plus {max} jours",
    it: "una chiusura dura al massimo {max} giorni",
    en: "a closure lasts at most {max} days",
  },
  "hr.closureName": {
    de: "ein Name von 2 bis 100 Zeichen ist nötig",
    fr: "un nom de 2 à 100 caractères est nécessaire",
    it: "serve un nome da 2 a 100 caratteri",
    en: "a name of 2 to 100 characters is required",
  },
  "hr.closureCanton": {
    de: "«{value}» ist kein Kantonskürzel",
    fr: "« {value} » n'est pas l'abréviation d'un canton",
    it: "«{value}» non è la sigla di un cantone",
    en: '"{value}" is not a canton code',
  },
  "hr.closureOverlap": {
    de: "Das überschneidet sich mit der Betriebsschliessung vom {from} bis {to}.",
    fr: "Cela chevauche la fermeture du {from} au {to}.",
    it: "Si sovrappone alla chiusura dal {from} al {to}.",
    en: "This overlaps the closure from {from} to {to}.",
  },
  "hr.workThroughDate": {
    de: "Das Datum muss ein Datum JJJJ-MM-TT sein, nicht «{value}».",
    fr: "La date doit être une date AAAA-MM-JJ, pas « {value} ».",
    it: "La data deve essere una data AAAA-MM-GG, non «{value}».",
    en: 'date must be a date YYYY-MM-DD, got "{value}"',
  },
  "hr.workThroughRange": {
    de: "Das Datum muss ein Datum vom 01.01.1900 bis 31.12.2100 sein, nicht «{value}».",
    fr: "La date doit être une date du 01.01.1900 au 31.12.2100, pas « {value} ».",
    it: "La data deve essere una data dal 01.01.1900 al 31.12.2100, non «{value}».",
    en: 'date must be a date from 1900-01-01 to 2100-12-31, got "{value}"',
  },
  "hr.salaryValidFromRange": {
    de: "«gültig ab» muss ein Datum vom 01.01.1900 bis 31.12.2100 sein, nicht «{value}»",
    fr: "« valable dès » doit être une date du 01.01.1900 au 31.12.2100, pas « {value} »",
    it: "«valido dal» deve essere una data dal 01.01.1900 al 31.12.2100, non «{value}»",
    en: 'valid-from must be a date from 1900-01-01 to 2100-12-31, got "{value}"',
  },
  "hr.workThroughNoClosure": {
    de: "Der {date} ist kein Tag einer Betriebsschliessung im Kanton {canton}.",
    fr: "Le {date} n'est pas un jour de fermeture d'entreprise dans le canton {canton}.",
    it: "Il {date} non è un giorno di chiusura aziendale nel cantone {canton}.",
    en: "{date} is not a day of a company closure in canton {canton}.",
  },
  "hr.workThroughNotWorkday": {
    de: "Der {date} ist kein Arbeitstag von {number}.",
    fr: "Le {date} n'est pas un jour de travail de {number}.",
    it: "Il {date} non è un giorno lavorativo di {number}.",
    en: "{date} is not one of {number}'s working days.",
  },
  "hr.workThroughTwice": {
    de: "{number} arbeitet am {date} schon durch.",
    fr: "{number} travaille déjà le {date}.",
    it: "{number} lavora già il {date}.",
    en: "{number} already works through {date}.",
  },

  // Positions (HR's side) and the careers page.
  "positions.hrOnly": {
    de: "Nur HR bearbeitet Stellen.",
    fr: "Seules les RH modifient les postes.",
    it: "Solo le RU modificano i posti.",
    en: "Only HR staff edit positions.",
  },
  "positions.unknown": {
    de: "Keine Stelle hat diese Kennung.",
    fr: "Aucun poste n'a cet identifiant.",
    it: "Nessun posto ha questo identificativo.",
    en: "No position has this id.",
  },
  "positions.notSaved": {
    de: "Die Stelle wurde nicht gespeichert: {problems}.",
    fr: "Le poste n'a pas été enregistré : {problems}.",
    it: "Il posto non è stato salvato: {problems}.",
    en: "The position was not saved: {problems}.",
  },
  "positions.title": {
    de: "Titel: 2 bis 200 Zeichen",
    fr: "titre : 2 à 200 caractères",
    it: "titolo: da 2 a 200 caratteri",
    en: "title: 2 to 200 characters",
  },
  "positions.status": {
    de: "Status: einer von {statuses}",
    fr: "statut : l'un de {statuses}",
    it: "stato: uno tra {statuses}",
    en: "status: one of {statuses}",
  },
  "positions.canton": {
    de: "Kanton: ein Kantonskürzel wie BE, ZH oder VD",
    fr: "canton : l'abréviation d'un canton comme BE, ZH ou VD",
    it: "cantone: la sigla di un cantone come BE, ZH o VD",
    en: "canton: a canton code such as BE, ZH or VD",
  },
  "positions.workloadFrom": {
    de: "Pensum von: 1 bis 100 %",
    fr: "taux dès : 1 à 100 %",
    it: "grado d'occupazione da: da 1 a 100 %",
    en: "workload from: 1 to 100 %",
  },
  "positions.workloadTo": {
    de: "Pensum bis: 1 bis 100 %",
    fr: "taux jusqu'à : 1 à 100 %",
    it: "grado d'occupazione fino a: da 1 a 100 %",
    en: "workload to: 1 to 100 %",
  },
  "positions.workloadOrder": {
    de: "Pensum: «von» ist grösser als «bis»",
    fr: "taux : « dès » dépasse « jusqu'à »",
    it: "grado d'occupazione: «da» supera «fino a»",
    en: "workload: from is more than to",
  },
  "positions.adLanguage": {
    de: "Inserat: keine Sprache {lang}",
    fr: "annonce : pas de langue {lang}",
    it: "annuncio: nessuna lingua {lang}",
    en: "advertisement: no language {lang}",
  },
  "positions.adTooLong": {
    de: "Inserat ({lang}): höchstens 20 000 Zeichen",
    fr: "annonce ({lang}) : 20 000 caractères au plus",
    it: "annuncio ({lang}): al massimo 20 000 caratteri",
    en: "advertisement ({lang}): at most 20,000 characters",
  },
  "positions.startDate": {
    de: "Stellenantritt: ein Datum JJJJ-MM-TT",
    fr: "entrée en fonction : une date AAAA-MM-JJ",
    it: "entrata in servizio: una data AAAA-MM-GG",
    en: "start date: a date YYYY-MM-DD",
  },
  "positions.startDateRange": {
    de: "Stellenantritt: ein Datum vom 1900-01-01 bis 2100-12-31",
    fr: "entrée en fonction : une date du 1900-01-01 au 2100-12-31",
    it: "entrata in servizio: una data dal 1900-01-01 al 2100-12-31",
    en: "start date: a date from 1900-01-01 to 2100-12-31",
  },
  "positions.hiringManager": {
    de: "vorgesetzte Person: keine Person mit der Personalnummer {number}",
    fr: "responsable : aucune personne avec le numéro de personnel {number}",
    it: "superiore: nessuna persona con il numero del personale {number}",
    en: "hiring manager: no employee with the personnel number {number}",
  },
  "positions.recruiterUnknown": {
    de: "Rekrutierende: zur Adresse {email} gibt es kein Konto",
    fr: "recruteurs : il n'y a pas de compte à l'adresse {email}",
    it: "reclutatori: non c'è un account con l'indirizzo {email}",
    en: "recruiters: there is no account {email}",
  },
  "positions.recruiterRole": {
    de: "Rekrutierende: {email} hat die Rolle {role}, die keine Bewerbungen sieht",
    fr: "recruteurs : {email} a le rôle {role}, qui ne voit pas les candidatures",
    it: "reclutatori: {email} ha il ruolo {role}, che non vede le candidature",
    en: "recruiters: {email} is a {role}, whose role does not see applications",
  },
  "positions.fileUnknown": {
    de: "Diese Datei gibt es zu dieser Bewerbung nicht.",
    fr: "Ce fichier n'existe pas pour cette candidature.",
    it: "Questo file non esiste per questa candidatura.",
    en: "No such file for this application.",
  },
  "careers.positionNotOpen": {
    de: "Diese Stelle ist nicht zur Bewerbung offen.",
    fr: "Ce poste n'est pas ouvert aux candidatures.",
    it: "Questo posto non è aperto alle candidature.",
    en: "This position is not open.",
  },
  "careers.notSent": {
    de: "Die Bewerbung wurde nicht gesendet: {problems}.",
    fr: "La candidature n'a pas été envoyée : {problems}.",
    it: "La candidatura non è stata inviata: {problems}.",
    en: "The application was not sent: {problems}.",
  },
  "careers.firstName": {
    de: "Vorname: 1 bis 100 Zeichen",
    fr: "prénom : 1 à 100 caractères",
    it: "nome: da 1 a 100 caratteri",
    en: "first name: 1 to 100 characters",
  },
  "careers.lastName": {
    de: "Nachname: 1 bis 100 Zeichen",
    fr: "nom : 1 à 100 caractères",
    it: "cognome: da 1 a 100 caratteri",
    en: "last name: 1 to 100 characters",
  },
  "careers.email": {
    de: "E-Mail: eine Adresse wie name@example.ch",
    fr: "e-mail : une adresse comme nom@exemple.ch",
    it: "e-mail: un indirizzo come nome@esempio.ch",
    en: "e-mail: an address such as name@example.ch",
  },
  "careers.phone": {
    de: "Telefon: höchstens 40 Zeichen",
    fr: "téléphone : 40 caractères au plus",
    it: "telefono: al massimo 40 caratteri",
    en: "phone: at most 40 characters",
  },
  "careers.language": {
    de: "Sprache: de, fr, it oder en",
    fr: "langue : de, fr, it ou en",
    it: "lingua: de, fr, it o en",
    en: "language: de, fr, it or en",
  },
  "careers.consent": {
    de: "Einwilligung: die Bewerbung kann nur mit Ihrer Einwilligung bearbeitet werden",
    fr: "consentement : la candidature ne peut être traitée qu'avec votre consentement",
    it: "consenso: la candidatura può essere trattata solo con il suo consenso",
    en: "consent: the application can only be processed with your consent",
  },
  "careers.cv": { de: "der Lebenslauf", fr: "le CV", it: "il CV", en: "the CV" },
  "careers.letter": {
    de: "das Begleitschreiben",
    fr: "la lettre de motivation",
    it: "la lettera di motivazione",
    en: "the letter",
  },
  "careers.fileRequired": {
    de: "{file} fehlt",
    fr: "{file} manque",
    it: "manca {file}",
    en: "{file} is required",
  },
  "careers.fileTooLarge": {
    de: "{file} ist grösser als 5 MB",
    fr: "{file} dépasse 5 Mo",
    it: "{file} supera 5 MB",
    en: "{file} is larger than 5 MB",
  },
  "careers.fileNotPdf": {
    de: "{file} muss ein PDF sein",
    fr: "{file} doit être un PDF",
    it: "{file} deve essere un PDF",
    en: "{file} must be a PDF",
  },
  "careers.noStages": {
    de: "Bewerbungen werden noch nicht angenommen: die Organisation hat keine Rekrutierungsstufen.",
    fr: "Les candidatures ne sont pas encore acceptées : l'organisation n'a pas d'étapes de recrutement.",
    it: "Le candidature non sono ancora accettate: l'organizzazione non ha fasi di reclutamento.",
    en: "Applications are not taken yet: the organisation has no recruiting stages.",
  },

  // Applications, stage moves, notes and the tasks a stage puts on an application.
  "recruiting.applicationUnknown": {
    de: "Keine Bewerbung hat diese Kennung.",
    fr: "Aucune candidature n'a cet identifiant.",
    it: "Nessuna candidatura ha questo identificativo.",
    en: "No application has this id.",
  },
  "recruiting.applicationOutOfReach": {
    de: "Keine Bewerbung mit dieser Kennung liegt in Ihrem Bereich.",
    fr: "Aucune candidature avec cet identifiant n'est dans votre périmètre.",
    it: "Nessuna candidatura con questo identificativo rientra nel suo ambito.",
    en: "No application with this id is within your reach.",
  },
  "recruiting.positionOutOfReach": {
    de: "Keine Stelle mit dieser Kennung liegt in Ihrem Bereich.",
    fr: "Aucun poste avec cet identifiant n'est dans votre périmètre.",
    it: "Nessun posto con questo identificativo rientra nel suo ambito.",
    en: "No position with this id is within your reach.",
  },
  "recruiting.unknownStage": {
    de: "Die Stufe «{stage}» gibt es nicht. Stufen: {stages}.",
    fr: "L'étape « {stage} » n'existe pas. Étapes : {stages}.",
    it: "La fase «{stage}» non esiste. Fasi: {stages}.",
    en: "Unknown stage '{stage}'. Stages: {stages}.",
  },
  "recruiting.alreadyInStage": {
    de: "Die Bewerbung ist schon in dieser Stufe.",
    fr: "La candidature est déjà à cette étape.",
    it: "La candidatura è già in questa fase.",
    en: "The application is already in this stage.",
  },
  "recruiting.closed": {
    de: "Die Bewerbung ist {status}; sie wechselt die Stufe nicht mehr.",
    fr: "La candidature est {status} ; elle ne change plus d'étape.",
    it: "La candidatura è {status}; non cambia più fase.",
    en: "The application is {status}; it can no longer move.",
  },
  "recruiting.statusHired": {
    de: "mit einer Anstellung abgeschlossen",
    fr: "close par une embauche",
    it: "chiusa con un'assunzione",
    en: "hired",
  },
  "recruiting.statusRejected": { de: "abgelehnt", fr: "refusée", it: "respinta", en: "rejected" },
  "recruiting.statusWithdrawn": { de: "zurückgezogen", fr: "retirée", it: "ritirata", en: "withdrawn" },
  "recruiting.mayNoLongerMove": {
    de: "Ihre Rolle darf Bewerbungen nicht mehr in eine andere Stufe verschieben.",
    fr: "Votre rôle ne permet plus de faire changer d'étape les candidatures.",
    it: "Il suo ruolo non permette più di spostare le candidature in un'altra fase.",
    en: "Your role may no longer move applications between stages.",
  },
  "recruiting.movedSincePreview": {
    de: "Die Bewerbung wurde seit der Vorschau verschoben; bereiten Sie den Wechsel neu vor.",
    fr: "La candidature a changé d'étape depuis l'aperçu ; préparez le changement à nouveau.",
    it: "La candidatura è stata spostata dall'anteprima; prepari di nuovo lo spostamento.",
    en: "The application has moved since the preview; prepare the move again.",
  },
  "recruiting.movedMeanwhile": {
    de: "Die Bewerbung wurde inzwischen verschoben; bereiten Sie den Wechsel neu vor.",
    fr: "La candidature a changé d'étape entre-temps ; préparez le changement à nouveau.",
    it: "La candidatura è stata spostata nel frattempo; prepari di nuovo lo spostamento.",
    en: "The application has moved meanwhile; prepare the move again.",
  },
  "recruiting.gated": {
    de: "Die Stufe «{stage}» ist gesperrt: erledigen Sie zuerst {tasks}.",
    fr: "L'étape « {stage} » est verrouillée : terminez d'abord {tasks}.",
    it: "La fase «{stage}» è bloccata: completi prima {tasks}.",
    en: "The stage '{stage}' is gated: first finish {tasks}.",
  },
  "recruiting.noCanton": {
    de:
      "Die Stelle hat keinen Kanton und die Organisation keinen Standardkanton; legen Sie einen fest, bevor Sie eine Anstellung erfassen.",
    fr:
      "Le poste n'a pas de canton et l'organisation pas de canton par défaut ; définissez-en un avant d'enregistrer une embauche.",
    it:
      "Il posto non ha un cantone e l'organizzazione nessun cantone predefinito; ne imposti uno prima di registrare un'assunzione.",
    en: "The position has no canton and the organisation no default canton; set one before marking a hire.",
  },
  "recruiting.hireRefused": {
    de: "Das Personaldossier der Anstellung wurde abgelehnt: {problems}.",
    fr: "Le dossier du personnel de l'embauche a été refusé : {problems}.",
    it: "Il fascicolo del personale dell'assunzione è stato rifiutato: {problems}.",
    en: "The hire's employee record was refused: {problems}.",
  },
  "recruiting.noteEmpty": {
    de: "Die Notiz ist leer.",
    fr: "La note est vide.",
    it: "La nota è vuota.",
    en: "The note is empty.",
  },
  "recruiting.noteTooLong": {
    de: "Die Notiz ist länger als {max} Zeichen.",
    fr: "La note dépasse {max} caractères.",
    it: "La nota supera {max} caratteri.",
    en: "The note is longer than {max} characters.",
  },
  "recruiting.mayNoLongerNote": {
    de: "Ihre Rolle darf keine Notizen zu Bewerbungen mehr erfassen.",
    fr: "Votre rôle ne permet plus d'ajouter des notes aux candidatures.",
    it: "Il suo ruolo non permette più di aggiungere note alle candidature.",
    en: "Your role may no longer note on applications.",
  },
  "recruiting.notesHrOnly": {
    de: "Nur HR erfasst hier Notizen.",
    fr: "Seules les RH ajoutent des notes ici.",
    it: "Solo le RU aggiungono note qui.",
    en: "Only HR staff file notes here.",
  },
  "recruiting.badVisibility": {
    de: "Die Sichtbarkeit muss eine von {values} sein.",
    fr: "La visibilité doit être l'une de {values}.",
    it: "La visibilità deve essere una tra {values}.",
    en: "visibility must be one of {values}.",
  },
  "recruiting.privateNotesHrOnly": {
    de: "Nur HR liest private Notizen.",
    fr: "Seules les RH lisent les notes privées.",
    it: "Solo le RU leggono le note private.",
    en: "Only HR staff read private notes.",
  },
  "recruiting.contactHrOnly": {
    de: "Nur HR liest die Kontaktangaben einer Bewerberin oder eines Bewerbers.",
    fr: "Seules les RH lisent les coordonnées d'une candidate ou d'un candidat.",
    it: "Solo le RU leggono i recapiti di una candidata o di un candidato.",
    en: "Only HR staff read a candidate's contact details.",
  },
  "recruiting.taskUnknown": {
    de: "Keine Aufgabe einer Bewerbung, die Sie sehen, hat diese Kennung.",
    fr: "Aucune tâche d'une candidature que vous voyez n'a cet identifiant.",
    it: "Nessun compito di una candidatura che lei vede ha questo identificativo.",
    en: "No task of an application you see has this id.",
  },
  "recruiting.taskOfTeam": {
    de: "Diese Aufgabe ist für HR und die Rekrutierenden der Stelle.",
    fr: "Cette tâche revient aux RH et aux recruteurs du poste.",
    it: "Questo compito spetta alle RU e ai reclutatori del posto.",
    en: "This task is for HR and the position's recruiters.",
  },
  "recruiting.taskOfOther": {
    de: "Diese Aufgabe ist für die vorgesetzte Person der Stelle.",
    fr: "Cette tâche revient au ou à la responsable du poste.",
    it: "Questo compito spetta al superiore del posto.",
    en: "This task is for the position's hiring manager.",
  },

  // Onboarding: tasks HR or a manager adds, and the plans HR reads and changes.
  "onboarding.titleEmpty": {
    de: "Der Titel der Aufgabe ist leer.",
    fr: "Le titre de la tâche est vide.",
    it: "Il titolo del compito è vuoto.",
    en: "The task title is empty.",
  },
  "onboarding.titleTooLong": {
    de: "Der Titel der Aufgabe ist länger als {max} Zeichen.",
    fr: "Le titre de la tâche dépasse {max} caractères.",
    it: "Il titolo del compito supera {max} caratteri.",
    en: "The task title is longer than {max} characters.",
  },
  "onboarding.badPhase": {
    de: "Die Phase muss eine von {phases} sein.",
    fr: "La phase doit être l'une de {phases}.",
    it: "La fase deve essere una tra {phases}.",
    en: "phase must be one of {phases}.",
  },
  "onboarding.badDueDate": {
    de: "Die Frist muss ein gültiges Datum JJJJ-MM-TT sein.",
    fr: "L'échéance doit être une date valable AAAA-MM-JJ.",
    it: "La scadenza deve essere una data valida AAAA-MM-GG.",
    en: "dueDate must be a calendar-valid date YYYY-MM-DD.",
  },
  "onboarding.dueDateRange": {
    de: "Die Frist muss ein Datum vom 1900-01-01 bis 2100-12-31 sein.",
    fr: "L'échéance doit être une date du 1900-01-01 au 2100-12-31.",
    it: "La scadenza deve essere una data dal 1900-01-01 al 2100-12-31.",
    en: "dueDate must be a date from 1900-01-01 to 2100-12-31.",
  },
  "onboarding.noOpenPlanOf": {
    de: "{name} hat keinen offenen Onboarding-Plan.",
    fr: "{name} n'a pas de plan d'intégration ouvert.",
    it: "{name} non ha un piano di inserimento aperto.",
    en: "{name} has no open onboarding plan.",
  },
  "onboarding.mayNoLongerAdd": {
    de: "Ihre Rolle darf keine Onboarding-Aufgaben mehr hinzufügen.",
    fr: "Votre rôle ne permet plus d'ajouter des tâches d'intégration.",
    it: "Il suo ruolo non permette più di aggiungere compiti di inserimento.",
    en: "Your role may no longer add onboarding tasks.",
  },
  "onboarding.plansHrOnly": {
    de: "Nur HR liest hier Onboarding-Pläne.",
    fr: "Seules les RH lisent ici les plans d'intégration.",
    it: "Solo le RU leggono qui i piani di inserimento.",
    en: "Only HR staff read onboarding plans here.",
  },
  "onboarding.assignedTaskUnknown": {
    de: "Keine Onboarding-Aufgabe im Plan einer anderen Person ist mit dieser Kennung Ihnen zugewiesen.",
    fr: "Aucune tâche d'intégration du plan d'une autre personne ne vous revient avec cet identifiant.",
    it: "Nessun compito di inserimento del piano di un'altra persona le spetta con questo identificativo.",
    en: "No onboarding task of someone else's plan is yours with this id.",
  },
  "onboarding.changeHrOnly": {
    de: "Nur HR bearbeitet Onboarding-Pläne hier.",
    fr: "Seules les RH modifient les plans d'intégration ici.",
    it: "Solo le RU modificano i piani di inserimento qui.",
    en: "Only HR staff change onboarding plans here.",
  },
  "onboarding.noOpenPlan": {
    de: "Diese Person hat keinen offenen Onboarding-Plan.",
    fr: "Cette personne n'a pas de plan d'intégration ouvert.",
    it: "Questa persona non ha un piano di inserimento aperto.",
    en: "This person has no open onboarding plan.",
  },
  "onboarding.firstDayInvalid": {
    de: "Erster Tag des Plans: ein gültiges Datum JJJJ-MM-TT zwischen 1900 und 2100 angeben.",
    fr: "Premier jour du plan : indiquez une date valide AAAA-MM-JJ entre 1900 et 2100.",
    it: "Primo giorno del piano: indichi una data valida AAAA-MM-GG tra il 1900 e il 2100.",
    en: "First day of the plan: give a valid date YYYY-MM-DD from 1900 to 2100.",
  },
  "onboarding.noTemplate": {
    de:
      "Die Organisation hat keine Onboarding-Vorlage DEFAULT (Abschnitt onboardingTemplates der Konfigurationsdatei).",
    fr:
      "L'organisation n'a pas de modèle d'intégration DEFAULT (section onboardingTemplates du fichier de configuration).",
    it:
      "L'organizzazione non ha un modello di inserimento DEFAULT (sezione onboardingTemplates del file di configurazione).",
    en:
      "The organisation has no onboarding template DEFAULT (section onboardingTemplates of the configuration file).",
  },
  "onboarding.employeeUnknown": {
    de: "Keine Person hat diese Kennung.",
    fr: "Aucune personne n'a cet identifiant.",
    it: "Nessuna persona ha questo identificativo.",
    en: "No employee with this id.",
  },
  "onboarding.alreadyOpen": {
    de: "Diese Person hat schon einen offenen Onboarding-Plan.",
    fr: "Cette personne a déjà un plan d'intégration ouvert.",
    it: "Questa persona ha già un piano di inserimento aperto.",
    en: "This person already has an open onboarding plan.",
  },
  "onboarding.taskNotOnPlan": {
    de: "Diese Aufgabe gehört nicht zum offenen Onboarding-Plan dieser Person.",
    fr: "Cette tâche n'appartient pas au plan d'intégration ouvert de cette personne.",
    it: "Questo compito non appartiene al piano di inserimento aperto di questa persona.",
    en: "This task is not on this person's open onboarding plan.",
  },
} as const satisfies Catalogue;
