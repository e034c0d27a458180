/**
 * The catalogue's refusals of the leave area (see mod.ts): leave requests and balances, approvals, the calendar
 * (dates, closures, public holidays) and pay dates. German first, then French, Italian, English. The English
 * texts keep the words the command line and the logs have always shown.
 */
import type { Catalogue } from "./types.ts";

export const LEAVE_MESSAGES = {
  // A leave request's state, said inside other refusals ({status}).
  "leave.statusAwaitingApproval": {
    de: "wartet auf Entscheid",
    fr: "en attente de décision",
    it: "in attesa di decisione",
    en: "awaiting approval",
  },
  "leave.statusApproved": { de: "bewilligt", fr: "approuvée", it: "approvata", en: "approved" },
  "leave.statusRejected": { de: "abgelehnt", fr: "refusée", it: "respinta", en: "rejected" },
  "leave.statusWithdrawn": { de: "zurückgezogen", fr: "retirée", it: "ritirata", en: "withdrawn" },
  "leave.statusCancellationRequested": {
    de: "Stornierung beantragt",
    fr: "annulation demandée",
    it: "annullamento richiesto",
    en: "cancellation requested",
  },
  "leave.statusCancelled": { de: "storniert", fr: "annulée", it: "annullata", en: "cancelled" },

  // Filing a request.
  "leave.unknownType": {
    de: "Die Abwesenheitsart «{value}» gibt es nicht; möglich sind: {types}.",
    fr: "Le type d'absence « {value} » n'existe pas ; les types possibles sont : {types}.",
    it: "Il tipo di assenza «{value}» non esiste; quelli possibili sono: {types}.",
    en: "Invalid field 'leaveType': must be one of {types}, got \"{value}\".",
  },
  "leave.endBeforeStart": {
    de: "Das Enddatum darf nicht vor dem Startdatum liegen.",
    fr: "La date de fin ne peut pas précéder la date de début.",
    it: "La data di fine non può precedere la data di inizio.",
    en: "Invalid field 'endDate': must not be before startDate.",
  },
  "leave.startPortion": {
    de: "Der erste Tag ist FULL (ganzer Tag) oder AFTERNOON (nur Nachmittag), nicht «{value}».",
    fr: "Le premier jour est FULL (journée entière) ou AFTERNOON (après-midi seulement), pas « {value} ».",
    it: "Il primo giorno è FULL (giornata intera) o AFTERNOON (solo pomeriggio), non «{value}».",
    en: 'startPortion must be FULL or AFTERNOON, got "{value}"',
  },
  "leave.endPortion": {
    de: "Der letzte Tag ist FULL (ganzer Tag) oder MORNING (nur Vormittag), nicht «{value}».",
    fr: "Le dernier jour est FULL (journée entière) ou MORNING (matin seulement), pas « {value} ».",
    it: "L'ultimo giorno è FULL (giornata intera) o MORNING (solo mattina), non «{value}».",
    en: 'endPortion must be FULL or MORNING, got "{value}"',
  },
  "leave.afternoonAndMorning": {
    de: "Ein Gesuch für einen einzigen Tag kann nicht nur den Nachmittag (AFTERNOON) und zugleich nur den " +
      "Vormittag (MORNING) nehmen: Wählen Sie eines davon für einen halben Tag, oder FULL für den ganzen Tag.",
    fr: "Une demande d'un seul jour ne peut pas prendre à la fois seulement l'après-midi (AFTERNOON) et " +
      "seulement le matin (MORNING) : choisissez l'un des deux pour une demi-journée, ou FULL pour la journée.",
    it: "Una richiesta di un solo giorno non può prendere insieme solo il pomeriggio (AFTERNOON) e solo la " +
      "mattina (MORNING): scelga uno dei due per una mezza giornata, oppure FULL per la giornata intera.",
    en: "a single-day request cannot take only the afternoon (startPortion AFTERNOON) and only the morning " +
      "(endPortion MORNING) at once: use one of them for a half day, or FULL for the whole day",
  },
  "leave.workingWeekdays": {
    de: "Arbeitstage sind ISO-Wochentage von 1 bis 7, nicht {value}.",
    fr: "Les jours de travail sont des jours de semaine ISO de 1 à 7, pas {value}.",
    it: "I giorni lavorativi sono giorni della settimana ISO da 1 a 7, non {value}.",
    en: "workingWeekdays must be ISO weekdays 1-7, got {value}",
  },
  "leave.assistantNoReason": {
    de: "Ein Gesuch über einen Assistenten nimmt keine Begründung an; lassen Sie «reason» weg.",
    fr: "Une demande déposée par un assistant ne prend pas de motif ; omettez « reason ».",
    it: "Una richiesta inoltrata tramite un assistente non accetta una motivazione; ometta «reason».",
    en: "A request filed through an assistant takes no reason text; leave 'reason' out.",
  },
  "leave.wholeDaysOnly": {
    de: "{type} wird in dieser Organisation nur in ganzen Tagen bezogen; wählen Sie FULL für «{field}».",
    fr: "{type} se prend par journées entières dans cette organisation ; choisissez FULL pour « {field} ».",
    it: "{type} si prende solo a giornate intere in questa organizzazione; scelga FULL per «{field}».",
    en: "Invalid field '{field}': {type} is taken in whole days in this organisation; use FULL.",
  },
  "leave.tooLong": {
    de:
      "Ein Gesuch umfasst höchstens {max} Tage; teilen Sie längere Abwesenheiten auf oder wenden Sie sich " +
      "an HR.",
    fr: "Une demande couvre au plus {max} jours ; divisez les absences plus longues ou adressez-vous aux RH.",
    it: "Una richiesta copre al massimo {max} giorni; suddivida le assenze più lunghe o si rivolga alle " +
      "risorse umane.",
    en: "A request covers at most {max} days; split longer absences or ask HR.",
  },
  "leave.beforeEmployment": {
    de: "Ihre Abwesenheit kann frühestens am {date} beginnen, wenn Ihre Anstellung beginnt.",
    fr: "Votre absence peut commencer au plus tôt le {date}, début de votre engagement.",
    it: "La sua assenza può iniziare al più presto il {date}, quando inizia il suo impiego.",
    en: "Leave can start on {date} at the earliest, when your employment starts.",
  },
  "leave.afterEmployment": {
    de: "Ihre Abwesenheit kann spätestens am {date} enden, wenn Ihre Anstellung endet.",
    fr: "Votre absence peut se terminer au plus tard le {date}, fin de votre engagement.",
    it: "La sua assenza può terminare al più tardi il {date}, quando termina il suo impiego.",
    en: "Leave can end on {date} at the latest, when your employment ends.",
  },
  "leave.noWorkingTime": {
    de:
      "In diesem Zeitraum haben Sie keine Arbeitszeit (nur freie Tage, Feiertage oder Betriebsferien); es " +
      "gibt nichts einzureichen.",
    fr: "Cette période ne contient aucun temps de travail pour vous (seulement des jours libres, des jours " +
      "fériés ou des jours de fermeture) ; il n'y a rien à déposer.",
    it:
      "Questo periodo non contiene tempo di lavoro per lei (solo giorni liberi, giorni festivi o giorni di " +
      "chiusura aziendale); non c'è nulla da inoltrare.",
    en:
      "This range holds no working time for you (days off, public holidays or company closure days only); " +
      "there is nothing to file.",
  },
  "leave.overlap": {
    de: "Das überschneidet sich mit Ihrem Gesuch «{type}» vom {from} bis {to} ({status}). Ziehen Sie jenes " +
      "zuerst zurück oder ändern Sie es, oder wählen Sie andere Daten.",
    fr: "Cela chevauche votre demande « {type} » du {from} au {to} ({status}). Retirez ou modifiez d'abord " +
      "celle-ci, ou choisissez d'autres dates.",
    it: "Si sovrappone alla sua richiesta «{type}» dal {from} al {to} ({status}). Ritiri o modifichi prima " +
      "quella, oppure scelga altre date.",
    en:
      "This overlaps your {type} request from {from} to {to} ({status}). Withdraw or change that one first, " +
      "or pick other dates.",
  },
  "leave.insufficientBalance": {
    de: "Nicht genug {type} übrig im Jahr {year}: Dieses Gesuch braucht {days} Tag(e), nach den Gesuchen, " +
      "die auf Entscheid warten, bleiben {remaining}. Kürzen Sie das Gesuch oder wählen Sie eine andere " +
      "Abwesenheitsart.",
    fr: "Solde de {type} insuffisant en {year} : cette demande nécessite {days} jour(s), il en reste " +
      "{remaining} après les demandes en attente de décision. Raccourcissez la demande ou choisissez un autre " +
      "type d'absence.",
    it: "Saldo di {type} insufficiente nel {year}: questa richiesta richiede {days} giorno/i, ne restano " +
      "{remaining} dopo le richieste in attesa di decisione. Accorci la richiesta o scelga un altro tipo di " +
      "assenza.",
    en: "Not enough {type} left in {year}: this request needs {days} day(s), {remaining} remain after the " +
      "requests awaiting approval. Shorten the request or choose another leave type.",
  },
  "leave.unitWorkingDays": {
    de: "Arbeitstag(e)",
    fr: "jour(s) ouvré(s)",
    it: "giorno/i lavorativo/i",
    en: "working day(s)",
  },
  "leave.unitCalendarDays": {
    de: "Kalendertag(e)",
    fr: "jour(s) civil(s)",
    it: "giorno/i di calendario",
    en: "calendar day(s)",
  },
  "leave.eventTooLong": {
    de:
      "{type} gibt höchstens {allowance} {unit} pro Ereignis; dieses Gesuch nimmt {requested}. Kürzen Sie " +
      "es oder wenden Sie sich an HR.",
    fr: "{type} donne au plus {allowance} {unit} par événement ; cette demande en prend {requested}. " +
      "Raccourcissez-la ou adressez-vous aux RH.",
    it: "{type} dà al massimo {allowance} {unit} per evento; questa richiesta ne prende {requested}. La " +
      "accorci o si rivolga alle risorse umane.",
    en: "Invalid field 'endDate': {type} gives at most {allowance} {unit} per event; this request takes " +
      "{requested}. Shorten it, or ask HR.",
  },
  "leave.eventTooLongWithin": {
    de: "{type} gibt höchstens {allowance} {unit} pro Ereignis innert {months} Monaten; {taken} sind schon " +
      "beantragt oder bezogen; dieses Gesuch nimmt {requested}. Kürzen Sie es oder wenden Sie sich an HR.",
    fr: "{type} donne au plus {allowance} {unit} par événement en {months} mois ; {taken} sont déjà " +
      "demandés ou pris ; cette demande en prend {requested}. Raccourcissez-la ou adressez-vous aux RH.",
    it:
      "{type} dà al massimo {allowance} {unit} per evento entro {months} mesi; {taken} sono già richiesti " +
      "o presi; questa richiesta ne prende {requested}. La accorci o si rivolga alle risorse umane.",
    en:
      "Invalid field 'endDate': {type} gives at most {allowance} {unit} per event within {months} months; " +
      "{taken} are already requested or taken; this request takes {requested}. Shorten it, or ask HR.",
  },

  // One's own requests.
  "leave.noSuchRequest": {
    de: "Sie haben kein Abwesenheitsgesuch mit dieser ID.",
    fr: "Vous n'avez aucune demande d'absence avec cet identifiant.",
    it: "Non ha alcuna richiesta di assenza con questo identificativo.",
    en: "You have no leave request with this id.",
  },
  "leave.withdrawOnlyAwaiting": {
    de: "Nur ein Gesuch, das auf Entscheid wartet, kann zurückgezogen werden; dieses ist: {status}.",
    fr: "Seule une demande en attente de décision peut être retirée ; celle-ci est : {status}.",
    it: "Solo una richiesta in attesa di decisione può essere ritirata; questa è: {status}.",
    en: "Only a request awaiting approval can be withdrawn; this one is {status}.",
  },
  "leave.withdrawApproved": {
    de: "Nur ein Gesuch, das auf Entscheid wartet, kann zurückgezogen werden; dieses ist bewilligt. " +
      "Beantragen Sie stattdessen eine Stornierung.",
    fr: "Seule une demande en attente de décision peut être retirée ; celle-ci est approuvée. Demandez " +
      "plutôt une annulation.",
    it: "Solo una richiesta in attesa di decisione può essere ritirata; questa è approvata. Chieda invece " +
      "un annullamento.",
    en: "Only a request awaiting approval can be withdrawn; this one is approved. Ask for a cancellation " +
      "instead.",
  },
  "leave.cancelOnlyApproved": {
    de: "Nur ein bewilligtes Gesuch kann storniert werden; dieses ist: {status}.",
    fr: "Seule une demande approuvée peut être annulée ; celle-ci est : {status}.",
    it: "Solo una richiesta approvata può essere annullata; questa è: {status}.",
    en: "Only an approved request can be cancelled; this one is {status}.",
  },
  "leave.cancelAwaiting": {
    de: "Nur ein bewilligtes Gesuch kann storniert werden; dieses wartet noch auf Entscheid. Ziehen Sie es " +
      "stattdessen zurück.",
    fr: "Seule une demande approuvée peut être annulée ; celle-ci est encore en attente de décision. " +
      "Retirez-la plutôt.",
    it: "Solo una richiesta approvata può essere annullata; questa è ancora in attesa di decisione. La " +
      "ritiri invece.",
    en: "Only an approved request can be cancelled; this one is awaiting approval. Withdraw it instead.",
  },
  "leave.cancelStarted": {
    de: "Diese Abwesenheit hat am {date} begonnen; nur eine Abwesenheit, die noch nicht begonnen hat, kann " +
      "storniert werden. Bitten Sie HR um eine Korrektur.",
    fr: "Cette absence a commencé le {date} ; seule une absence qui n'a pas encore commencé peut être " +
      "annulée. Demandez une correction aux RH.",
    it: "Questa assenza è iniziata il {date}; solo un'assenza non ancora iniziata può essere annullata. " +
      "Chieda una correzione alle risorse umane.",
    en: "This leave started on {date}; only leave that has not started yet can be cancelled. Ask HR to " +
      "correct it.",
  },
  "leave.teamFromTooEarly": {
    de: "Die Abwesenheiten des Teams werden höchstens {days} Tage zurück gezeigt, ab dem {date}.",
    fr: "Les absences de l'équipe s'affichent au plus {days} jours en arrière, à partir du {date}.",
    it: "Le assenze del team si mostrano al massimo {days} giorni indietro, dal {date}.",
    en: "The team's absences are shown at most {days} days back, from {date}.",
  },
  "leave.teamTooLate": {
    de: "Die Abwesenheiten des Teams werden höchstens {months} Monate voraus gezeigt, bis zum {date}.",
    fr: "Les absences de l'équipe s'affichent au plus {months} mois à l'avance, jusqu'au {date}.",
    it: "Le assenze del team si mostrano al massimo {months} mesi in anticipo, fino al {date}.",
    en: "The team's absences are shown at most {months} months ahead, until {date}.",
  },
  "leave.teamTooLong": {
    de: "Die Abwesenheiten des Teams werden für höchstens {max} Tage auf einmal gezeigt.",
    fr: "Les absences de l'équipe s'affichent pour {max} jours au plus à la fois.",
    it: "Le assenze del team si mostrano per al massimo {max} giorni alla volta.",
    en: "The team's absences are shown for at most {max} days at once.",
  },

  // Leave policies, entitlements and their corrections (HR).
  "leave.noSuchTypeCode": {
    de: "Es gibt keine Abwesenheitsart mit dem Code «{code}» (siehe «leave-types list»).",
    fr: "Il n'existe aucun type d'absence avec le code « {code} » (voir « leave-types list »).",
    it: "Non esiste alcun tipo di assenza con il codice «{code}» (vedere «leave-types list»).",
    en: "There is no leave type with the code \"{code}\" (see 'leave-types list').",
  },
  "leave.noSuchPersonnelNumber": {
    de: "Es gibt keine Person mit der Personalnummer «{number}».",
    fr: "Il n'existe aucune personne avec le numéro de personnel « {number} ».",
    it: "Non esiste alcuna persona con il numero del personale «{number}».",
    en: 'There is no employee with the personnel number "{number}".',
  },
  "leave.policyNotChanged": {
    de: "Die Regelung von {code} wurde nicht geändert: {problems}.",
    fr: "La règle de {code} n'a pas été modifiée : {problems}.",
    it: "La regola di {code} non è stata modificata: {problems}.",
    en: "The policy of {code} was not changed: {problems}.",
  },
  "leave.policyBaseDays": {
    de: "die Grundtage müssen eine Zahl von 0 bis {max} sein, nicht {value}",
    fr: "les jours de base doivent être un nombre de 0 à {max}, pas {value}",
    it: "i giorni di base devono essere un numero da 0 a {max}, non {value}",
    en: "base days must be a number from 0 to {max}, got {value}",
  },
  "leave.policyStepKind": {
    de: "Stufe {step} braucht genau eines von fromAge und fromServiceYears",
    fr: "le palier {step} doit avoir exactement un de fromAge et fromServiceYears",
    it: "il gradino {step} richiede esattamente uno tra fromAge e fromServiceYears",
    en: "step {step} needs exactly one of fromAge and fromServiceYears",
  },
  "leave.policyStepAge": {
    de: "Stufe {step}: fromAge muss eine ganze Zahl von 14 bis 80 sein, nicht {value}",
    fr: "palier {step} : fromAge doit être un nombre entier de 14 à 80, pas {value}",
    it: "gradino {step}: fromAge deve essere un numero intero da 14 a 80, non {value}",
    en: "step {step}: fromAge must be a whole number from 14 to 80, got {value}",
  },
  "leave.policyStepService": {
    de: "Stufe {step}: fromServiceYears muss eine ganze Zahl von 1 bis 60 sein, nicht {value}",
    fr: "palier {step} : fromServiceYears doit être un nombre entier de 1 à 60, pas {value}",
    it: "gradino {step}: fromServiceYears deve essere un numero intero da 1 a 60, non {value}",
    en: "step {step}: fromServiceYears must be a whole number from 1 to 60, got {value}",
  },
  "leave.policyStepDays": {
    de: "Stufe {step}: die Tage müssen eine Zahl von 0 bis {max} sein, nicht {value}",
    fr: "palier {step} : les jours doivent être un nombre de 0 à {max}, pas {value}",
    it: "gradino {step}: i giorni devono essere un numero da 0 a {max}, non {value}",
    en: "step {step}: days must be a number from 0 to {max}, got {value}",
  },
  "leave.policyStepBelowBase": {
    de: "Stufe {step} gibt {days} Tage, weniger als die Grundtage ({base}): eine Stufe kann nur hinzufügen",
    fr: "le palier {step} donne {days} jours, moins que la base de {base} : un palier ne peut qu'ajouter",
    it: "il gradino {step} dà {days} giorni, meno della base di {base}: un gradino può solo aggiungere",
    en: "step {step} gives {days} days, fewer than the base of {base}: a step can only add",
  },
  "leave.policyNoBalance": {
    de: "{code} führt keinen Saldo und hat darum keine Tage zu vergeben",
    fr: "{code} ne tient pas de solde et n'a donc pas de jours à donner",
    it: "{code} non tiene un saldo e quindi non ha giorni da dare",
    en: "{code} keeps no balance, so it has no days to give",
  },
  "leave.policyVacationMinimum": {
    de: "die Ferien betragen mindestens {min} Tage einer Fünftagewoche (vier Wochen, OR Art. 329a Abs. 1), " +
      "nicht {value}",
    fr:
      "les vacances sont d'au moins {min} jours d'une semaine de cinq jours (quatre semaines, CO art. 329a " +
      "al. 1), pas {value}",
    it: "le vacanze sono almeno {min} giorni di una settimana di cinque giorni (quattro settimane, CO art. " +
      "329a cpv. 1), non {value}",
    en: "vacation is at least {min} days of a five-day week (four weeks, OR Art. 329a para. 1), got {value}",
  },
  "leave.stepsNotJson": {
    de: "Die gespeicherten Anspruchsstufen sind kein gültiges JSON: {text}",
    fr: "Les paliers de droit enregistrés ne sont pas du JSON valide : {text}",
    it: "I gradini del diritto registrati non sono JSON valido: {text}",
    en: "entitlement steps are not valid JSON: {text}",
  },
  "leave.stepsNotList": {
    de: "Die gespeicherten Anspruchsstufen müssen eine Liste sein.",
    fr: "Les paliers de droit enregistrés doivent être une liste.",
    it: "I gradini del diritto registrati devono essere un elenco.",
    en: "entitlement steps must be a list",
  },
  "leave.stepText": {
    de: "Eine Stufe schreibt sich «age>=50:27» oder «service>=10:27» (Tage ab dann), nicht «{text}».",
    fr: "Un palier s'écrit « age>=50:27 » ou « service>=10:27 » (jours dès lors), pas « {text} ».",
    it: "Un gradino si scrive «age>=50:27» o «service>=10:27» (giorni da allora), non «{text}».",
    en: 'a step is written "age>=50:27" or "service>=10:27" (days from then on), got "{text}"',
  },
  "leave.adjustmentNotMade": {
    de: "Keine Korrektur gespeichert: {problems}.",
    fr: "Aucune correction enregistrée : {problems}.",
    it: "Nessuna correzione registrata: {problems}.",
    en: "No adjustment was made: {problems}.",
  },
  "leave.adjustYear": {
    de: "das Jahr muss eine ganze Zahl von 2000 bis 2100 sein, nicht {value}",
    fr: "l'année doit être un nombre entier de 2000 à 2100, pas {value}",
    it: "l'anno deve essere un numero intero da 2000 a 2100, non {value}",
    en: "year must be a whole number from 2000 to 2100, got {value}",
  },
  "leave.adjustDays": {
    de: "die Tage müssen eine Zahl ungleich 0 von -{max} bis {max} sein",
    fr: "les jours doivent être un nombre non nul de -{max} à {max}",
    it: "i giorni devono essere un numero diverso da 0 da -{max} a {max}",
    en: "days must be a non-zero number from -{max} to {max}",
  },
  "leave.adjustHalfDays": {
    de: "Tage werden in halben Tagen gezählt, nicht {value}",
    fr: "les jours se comptent par demi-journées, pas {value}",
    it: "i giorni si contano a mezze giornate, non {value}",
    en: "days are counted in half days, got {value}",
  },
  "leave.adjustNote": {
    de: "eine Begründung von 3 bis 500 Zeichen ist nötig (die Person sieht sie in ihrem Saldoverlauf)",
    fr: "une justification de 3 à 500 caractères est nécessaire (la personne la voit dans l'historique de " +
      "son solde)",
    it: "serve una motivazione da 3 a 500 caratteri (la persona la vede nella cronologia del suo saldo)",
    en: "a note of 3 to 500 characters says why (the person sees it in their balance history)",
  },
  "leave.noBalanceToAdjust": {
    de: "{code} führt keinen Saldo; es gibt nichts zu korrigieren.",
    fr: "{code} ne tient pas de solde ; il n'y a rien à corriger.",
    it: "{code} non tiene un saldo; non c'è nulla da correggere.",
    en: "{code} keeps no balance; there is nothing to adjust.",
  },

  // Deciding requests.
  "approval.notApprover": {
    de: "Nur Vorgesetzte und HR entscheiden Gesuche; Ihre Rolle umfasst keine Bewilligungen.",
    fr:
      "Seuls les responsables et les RH décident des demandes ; votre rôle ne comprend pas les approbations.",
    it: "Solo i responsabili e le risorse umane decidono le richieste; il suo ruolo non comprende le " +
      "approvazioni.",
    en: "Only managers and HR decide requests; your role does not include approvals.",
  },
  "approval.ownRequest": {
    de: "Niemand bewilligt sein eigenes Gesuch; es geht an Ihre vorgesetzte Person.",
    fr: "Personne n'approuve sa propre demande ; elle va à votre responsable.",
    it: "Nessuno approva la propria richiesta; va al suo responsabile.",
    en: "Nobody approves their own request; it goes to your own manager.",
  },
  "approval.noSuchRequest": {
    de: "Kein Abwesenheitsgesuch, das auf Ihren Entscheid wartet, hat diese ID.",
    fr: "Aucune demande d'absence en attente de votre décision n'a cet identifiant.",
    it: "Nessuna richiesta di assenza in attesa della sua decisione ha questo identificativo.",
    en: "No leave request awaiting your decision has this id.",
  },
  "approval.rerouteUnknown": {
    de: "Niemand hat die Personalnummer «{number}»: Wählen Sie, wer das Gesuch entscheidet.",
    fr: "Personne n'a le numéro de personnel « {number} » : choisissez qui décide la demande.",
    it: "Nessuno ha il numero di personale «{number}»: scelga chi decide la richiesta.",
    en: 'Nobody has the personnel number "{number}": choose who decides the request.',
  },
  "approval.rerouteToRequester": {
    de: "Niemand entscheidet sein eigenes Gesuch: Wählen Sie eine andere Person.",
    fr: "Personne ne décide sa propre demande : choisissez une autre personne.",
    it: "Nessuno decide la propria richiesta: scelga un'altra persona.",
    en: "Nobody decides their own request: choose someone else.",
  },
  "approval.rerouteCannotAct.NO_ACCOUNT": {
    de:
      "{name} hat kein Konto und sähe das Gesuch nie: Laden Sie die Person zuerst ein, oder wählen Sie jemand anderen.",
    fr:
      "{name} n'a pas de compte et ne verrait jamais la demande : invitez d'abord la personne, ou choisissez quelqu'un d'autre.",
    it:
      "{name} non ha un account e non vedrebbe mai la richiesta: inviti prima la persona, o scelga qualcun altro.",
    en: "{name} has no account and would never see the request: invite them first, or choose someone else.",
  },
  "approval.rerouteCannotAct.NOT_ACTIVATED": {
    de:
      "{name} hat die Einladung noch nicht angenommen und sähe das Gesuch nicht: Wählen Sie jemand anderen.",
    fr:
      "{name} n'a pas encore accepté l'invitation et ne verrait pas la demande : choisissez quelqu'un d'autre.",
    it: "{name} non ha ancora accettato l'invito e non vedrebbe la richiesta: scelga qualcun altro.",
    en: "{name} has not taken up the invitation yet and would not see the request: choose someone else.",
  },
  "approval.rerouteCannotAct.DEACTIVATED": {
    de: "Das Konto von {name} ist deaktiviert: Wählen Sie jemand anderen.",
    fr: "Le compte de {name} est désactivé : choisissez quelqu'un d'autre.",
    it: "L'account di {name} è disattivato: scelga qualcun altro.",
    en: "The account of {name} is deactivated: choose someone else.",
  },
  "approval.rerouteCannotAct.NO_APPROVAL_RIGHT": {
    de:
      "{name} entscheidet mit der Rolle des Kontos keine Gesuche: Wählen Sie eine vorgesetzte Person oder HR.",
    fr:
      "Avec le rôle de son compte, {name} ne décide aucune demande : choisissez une ou un responsable ou les RH.",
    it: "Con il ruolo del suo account, {name} non decide richieste: scelga un superiore o HR.",
    en: "With their account's role, {name} decides no requests: choose a manager or HR.",
  },
  "approval.nothingToDecide": {
    de: "Dieses Gesuch ist: {status}; es gibt nichts zu entscheiden.",
    fr: "Cette demande est : {status} ; il n'y a rien à décider.",
    it: "Questa richiesta è: {status}; non c'è nulla da decidere.",
    en: "This request is {status}; there is nothing to decide.",
  },
  "approval.wouldOverdraw": {
    de: "Eine Bewilligung würde das Guthaben von {name} im Jahr {year} überziehen ({remaining} Tag(e) " +
      "übrig, das Gesuch braucht {days}). Lehnen Sie es ab oder bitten Sie HR, den Anspruch anzupassen.",
    fr: "Approuver rendrait négatif le solde de {name} en {year} ({remaining} jour(s) restant(s), la " +
      "demande en nécessite {days}). Refusez-la ou demandez aux RH d'ajuster le droit.",
    it: "Approvare renderebbe negativo il saldo di {name} nel {year} ({remaining} giorno/i rimanenti, la " +
      "richiesta ne richiede {days}). La respinga o chieda alle risorse umane di adeguare il diritto.",
    en: "Approving would overdraw {name}'s balance in {year} ({remaining} day(s) left, the request needs " +
      "{days}). Reject it or ask HR to adjust the entitlement.",
  },
  "approval.changedMeanwhile": {
    de: "Dieses Gesuch hat sich geändert, während Sie entschieden haben; laden Sie es neu.",
    fr: "Cette demande a changé pendant que vous décidiez ; rechargez-la.",
    it: "Questa richiesta è cambiata mentre decideva; la ricarichi.",
    en: "This request changed while you were deciding; load it again.",
  },
  "approval.ownTime": {
    de: "Niemand bewilligt seine eigene Zeit; über Ihre Wochen entscheidet Ihre vorgesetzte Person.",
    fr: "Personne n'approuve son propre temps ; votre responsable décide de vos semaines.",
    it: "Nessuno approva il proprio tempo; le sue settimane le decide il suo responsabile.",
    en: "Nobody approves their own time; your manager decides your weeks.",
  },
  "approval.noSuchWeek": {
    de: "Keine eingereichte Woche dieser Person wartet auf Ihren Entscheid.",
    fr: "Aucune semaine soumise de cette personne n'attend votre décision.",
    it: "Nessuna settimana inviata di questa persona attende la sua decisione.",
    en: "No submitted week awaiting your decision belongs to this person.",
  },
  "approval.weekNothingSubmitted": {
    de: "Die Woche vom {week} hat keine eingereichten Einträge zu entscheiden.",
    fr: "La semaine du {week} n'a aucune saisie soumise à décider.",
    it: "La settimana del {week} non ha registrazioni inviate da decidere.",
    en: "The week of {week} has no submitted entries to decide.",
  },
  "approval.calendarTooLong": {
    de: "Der Teamkalender zeigt höchstens {max} Tage auf einmal.",
    fr: "Le calendrier de l'équipe affiche au plus {max} jours à la fois.",
    it: "Il calendario del team mostra al massimo {max} giorni alla volta.",
    en: "The team calendar shows at most {max} days at once.",
  },
  "approval.hrOnlyProfileChanges": {
    de: "Nur HR entscheidet Änderungsgesuche zu Personaldaten.",
    fr: "Seules les RH décident des demandes de modification des données personnelles.",
    it: "Solo le risorse umane decidono le richieste di modifica dei dati personali.",
    en: "Only HR staff decide profile change requests.",
  },
  "approval.noSuchProfileChange": {
    de: "Kein Änderungsgesuch hat diese ID.",
    fr: "Aucune demande de modification n'a cet identifiant.",
    it: "Nessuna richiesta di modifica ha questo identificativo.",
    en: "No profile change request has this id.",
  },
  "approval.ownProfileChange": {
    de: "Niemand entscheidet sein eigenes Änderungsgesuch; das tut eine andere Person von HR.",
    fr: "Personne ne décide sa propre demande de modification ; un autre collègue des RH s'en charge.",
    it: "Nessuno decide la propria richiesta di modifica; se ne occupa un altro collega delle risorse umane.",
    en: "Nobody decides their own change request; another HR colleague does.",
  },
  "approval.profileChangeApplied": {
    de: "Dieses Gesuch ist bereits übernommen.",
    fr: "Cette demande est déjà appliquée.",
    it: "Questa richiesta è già stata applicata.",
    en: "This request is already applied.",
  },
  "approval.profileChangeRejected": {
    de: "Dieses Gesuch ist bereits abgelehnt.",
    fr: "Cette demande est déjà refusée.",
    it: "Questa richiesta è già stata respinta.",
    en: "This request is already rejected.",
  },

  // Dates, the calendar and company closures.
  "calendar.invalidDate": {
    de: "«{field}» muss ein gültiges Datum JJJJ-MM-TT sein, nicht «{value}».",
    fr: "« {field} » doit être une date valide AAAA-MM-JJ, pas « {value} ».",
    it: "«{field}» deve essere una data valida AAAA-MM-GG, non «{value}».",
    en: '{field} must be a calendar-valid date YYYY-MM-DD, got "{value}"',
  },
  "calendar.farFromToday": {
    de: "«{field}»: {date} liegt mehr als {years} Jahre von heute entfernt; angenommen werden Daten vom " +
      "{from} bis {to}.",
    fr:
      "« {field} » : le {date} est à plus de {years} ans d'aujourd'hui ; les dates du {from} au {to} sont " +
      "acceptées.",
    it: "«{field}»: il {date} dista più di {years} anni da oggi; sono accettate le date dal {from} al {to}.",
    en: "Invalid field '{field}': {date} is more than {years} years from today; dates from {from} to {to} " +
      "are taken.",
  },
  "calendar.unknownCanton": {
    de: "Der Kanton muss ein Schweizer Kantonskürzel wie BE, ZH oder VD sein, nicht «{value}».",
    fr: "Le canton doit être l'abréviation d'un canton suisse comme BE, ZH ou VD, pas « {value} ».",
    it: "Il cantone deve essere la sigla di un cantone svizzero come BE, ZH o VD, non «{value}».",
    en: 'canton must be a Swiss canton code such as BE, ZH or VD, got "{value}"',
  },
  "calendar.yearOutOfRange": {
    de: "Das Jahr {year} liegt ausserhalb des möglichen Bereichs.",
    fr: "L'année {year} est hors de la plage possible.",
    it: "L'anno {year} è fuori dall'intervallo possibile.",
    en: "year out of range: {year}",
  },
  "calendar.toBeforeFrom": {
    de: "«to» darf nicht vor «from» liegen.",
    fr: "« to » ne peut pas précéder « from ».",
    it: "«to» non può precedere «from».",
    en: "Invalid field 'to': must not be before 'from'.",
  },
  "calendar.month": {
    de: "«month» muss ein Monat JJJJ-MM sein, nicht «{value}».",
    fr: "« month » doit être un mois AAAA-MM, pas « {value} ».",
    it: "«month» deve essere un mese AAAA-MM, non «{value}».",
    en: "Invalid field 'month': a month YYYY-MM, got \"{value}\".",
  },
  "calendar.noClosureStarting": {
    de: "Keine Betriebsschliessung beginnt am {ref}; «closures list» zeigt sie.",
    fr: "Aucune fermeture ne commence le {ref} ; « closures list » les montre.",
    it: "Nessuna chiusura aziendale inizia il {ref}; «closures list» le mostra.",
    en: "No closure starts on {ref}; 'closures list' shows them.",
  },
  "calendar.noClosureWithId": {
    de: "Keine Betriebsschliessung hat die ID {ref}; «closures list» zeigt sie.",
    fr: "Aucune fermeture n'a l'identifiant {ref} ; « closures list » les montre.",
    it: "Nessuna chiusura aziendale ha l'identificativo {ref}; «closures list» le mostra.",
    en: "No closure has the id {ref}; 'closures list' shows them.",
  },
  "calendar.severalClosures": {
    de: "Mehrere Betriebsschliessungen beginnen am {ref}: nennen Sie eine als {ranges}.",
    fr: "Plusieurs fermetures commencent le {ref} : désignez-en une comme {ranges}.",
    it: "Più chiusure aziendali iniziano il {ref}: ne indichi una come {ranges}.",
    en: "Several closures start on {ref}: name one as {ranges}.",
  },
  "calendar.closureNotChanged": {
    de: "Die Betriebsschliessung wurde nicht geändert: {problems}.",
    fr: "La fermeture n'a pas été modifiée : {problems}.",
    it: "La chiusura aziendale non è stata modificata: {problems}.",
    en: "The closure was not changed: {problems}.",
  },
  "calendar.closureDate": {
    de: "{field} muss ein Datum JJJJ-MM-TT sein, nicht «{value}»",
    fr: "{field} doit être une date AAAA-MM-JJ, pas « {value} »",
    it: "{field} deve essere una data AAAA-MM-GG, non «{value}»",
    en: '{field} must be a date YYYY-MM-DD, got "{value}"',
  },
  "calendar.closurePlausible": {
    de: "{field} muss ein Datum vom 01.01.1900 bis 31.12.2100 sein",
    fr: "{field} doit être une date du 01.01.1900 au 31.12.2100",
    it: "{field} deve essere una data dal 01.01.1900 al 31.12.2100",
    en: "{field} must be a date from 1900-01-01 to 2100-12-31",
  },
  "calendar.closureEndBeforeStart": {
    de: "to liegt vor from",
    fr: "to précède from",
    it: "to precede from",
    en: "to is before from",
  },
  "calendar.closureTooLong": {
    de: "eine Betriebsschliessung dauert höchstens {max} Tage",
    fr: "une fermeture dure au plus {max} jours",
    it: "una chiusura aziendale dura al massimo {max} giorni",
    en: "a closure lasts at most {max} days",
  },
  "calendar.closureName": {
    de: "ein Name von 2 bis 100 Zeichen ist nötig",
    fr: "un nom de 2 à 100 caractères est nécessaire",
    it: "serve un nome da 2 a 100 caratteri",
    en: "a name of 2 to 100 characters is required",
  },
  "calendar.closureCanton": {
    de: "«{value}» ist kein Kantonskürzel",
    fr: "« {value} » n'est pas une abréviation de canton",
    it: "«{value}» non è una sigla di cantone",
    en: '"{value}" is not a canton code',
  },
  "calendar.closureOverlap": {
    de: "Das überschneidet sich mit der Betriebsschliessung vom {from} bis {to}.",
    fr: "Cela chevauche la fermeture du {from} au {to}.",
    it: "Si sovrappone alla chiusura aziendale dal {from} al {to}.",
    en: "This overlaps the closure from {from} to {to}.",
  },

  // Pay dates and payslips.
  "pay.period": {
    de: "Die Periode muss ein Monat JJJJ-MM sein, nicht «{value}».",
    fr: "La période doit être un mois AAAA-MM, pas « {value} ».",
    it: "Il periodo deve essere un mese AAAA-MM, non «{value}».",
    en: 'period must be YYYY-MM, got "{value}"',
  },
  "pay.paydayDay": {
    de: "Der Zahltag muss ein Tag des Monats von 1 bis 31 sein, nicht {value}.",
    fr: "Le jour de paie doit être un jour du mois de 1 à 31, pas {value}.",
    it: "Il giorno di paga deve essere un giorno del mese da 1 a 31, non {value}.",
    en: "the payday must be a day of the month from 1 to 31, got {value}",
  },
  "pay.paydayNotSet": {
    de: "Die Zahltagsregel ist nicht gesetzt: Setzen Sie settings.payday mit «org apply».",
    fr: "La règle du jour de paie n'est pas définie : définissez settings.payday avec « org apply ».",
    it: "La regola del giorno di paga non è impostata: imposti settings.payday con «org apply».",
    en: "The payday rule is not set: set settings.payday with 'org apply'.",
  },
  "pay.cantonNotSet": {
    de: "Der Standardkanton ist nicht gesetzt (seine Feiertage verschieben den Zahltag): Setzen Sie " +
      "settings.canton.",
    fr: "Le canton par défaut n'est pas défini (ses jours fériés déplacent le jour de paie) : définissez " +
      "settings.canton.",
    it:
      "Il cantone predefinito non è impostato (i suoi giorni festivi spostano il giorno di paga): imposti " +
      "settings.canton.",
    en: "The default canton is not set (its public holidays move the payday): set settings.canton.",
  },
  "pay.noSuchPayslip": {
    de: "Sie haben keine Lohnabrechnung mit dieser ID.",
    fr: "Vous n'avez aucune fiche de salaire avec cet identifiant.",
    it: "Non ha alcuna busta paga con questo identificativo.",
    en: "You have no payslip with this id.",
  },
  "pay.noDocument": {
    de: "Zu dieser Lohnabrechnung ist noch kein Dokument gespeichert.",
    fr: "Aucun document n'est encore enregistré pour cette fiche de salaire.",
    it: "Per questa busta paga non è ancora registrato alcun documento.",
    en: "No document is stored for this payslip yet.",
  },
} as const satisfies Catalogue;
