/**
 * The catalogue's refusals of the time area (see mod.ts): working time, the clock-in timer, sick leave,
 * workload changes and uploaded files. German first, then French, Italian, English. A day parameter is an ISO
 * day (`YYYY-MM-DD`, shown as 25.11.2026), a time one `HH:MM`.
 */
import type { Catalogue } from "./types.ts";

/** Working time: clock times, net hours, a person's entries and weeks. */
const TIME = {
  "time.badClock": {
    de: "«{field}» muss eine Uhrzeit HH:MM von 00:00 bis 23:59 sein, nicht «{value}».",
    fr: "« {field} » doit être une heure HH:MM de 00:00 à 23:59, pas « {value} ».",
    it: "«{field}» deve essere un orario HH:MM dalle 00:00 alle 23:59, non «{value}».",
    en: "'{field}' must be a time HH:MM from 00:00 to 23:59, not \"{value}\".",
  },
  "time.startAtMidnight": {
    de: "Die Startzeit kann nicht 24:00 sein; ein Tag beginnt um 00:00.",
    fr: "L'heure de début ne peut pas être 24:00 ; une journée commence à 00:00.",
    it: "L'ora d'inizio non può essere 24:00; un giorno inizia alle 00:00.",
    en: "The start time cannot be 24:00; a day starts at 00:00.",
  },
  "time.breakNotWhole": {
    de: "Die Pause muss eine ganze Zahl von Minuten sein, mindestens 0, nicht {value}.",
    fr: "La pause doit être un nombre entier de minutes, au moins 0, pas {value}.",
    it: "La pausa deve essere un numero intero di minuti, almeno 0, non {value}.",
    en: "The break must be a whole number of minutes, at least 0, not {value}.",
  },
  "time.breakTooLong": {
    de: "Die Pause ({break} Minuten) ist länger als die Zeit von {start} bis {end} ({minutes} Minuten).",
    fr: "La pause ({break} minutes) est plus longue que le temps de {start} à {end} ({minutes} minutes).",
    it: "La pausa ({break} minuti) è più lunga del tempo dalle {start} alle {end} ({minutes} minuti).",
    en: "The break ({break} minutes) is longer than the time from {start} to {end} ({minutes} minutes).",
  },
  "time.over24Hours": {
    de: "Ein Eintrag umfasst höchstens 24 Stunden; diese Zeiten ergeben {hours}.",
    fr: "Une saisie compte au plus 24 heures ; ces heures en donnent {hours}.",
    it: "Una registrazione comprende al massimo 24 ore; questi orari ne danno {hours}.",
    en: "An entry holds at most 24 hours; these times give {hours}.",
  },
  "time.startSkipped": {
    de: "Die Startzeit {time} gibt es am {date} in der Zeitzone {zone} nicht: In jener Nacht wird die Uhr " +
      "vorgestellt und überspringt sie. Geben Sie die Zeit ein, welche die Uhr zeigte (eine Stunde später).",
    fr: "L'heure de début {time} n'existe pas le {date} dans le fuseau horaire {zone} : cette nuit-là, on " +
      "avance l'heure et elle est sautée. Indiquez l'heure qu'affichait l'horloge (une heure plus tard).",
    it: "L'ora d'inizio {time} non esiste il {date} nel fuso orario {zone}: quella notte l'ora avanza e la " +
      "salta. Indichi l'ora che mostrava l'orologio (un'ora dopo).",
    en:
      "The start time {time} does not exist on {date} in {zone}: the clocks go forward that night and skip " +
      "it. Enter the time the clock showed (an hour later).",
  },
  "time.endSkipped": {
    de: "Die Endzeit {time} gibt es am {date} in der Zeitzone {zone} nicht: In jener Nacht wird die Uhr " +
      "vorgestellt und überspringt sie. Geben Sie die Zeit ein, welche die Uhr zeigte (eine Stunde später).",
    fr: "L'heure de fin {time} n'existe pas le {date} dans le fuseau horaire {zone} : cette nuit-là, on " +
      "avance l'heure et elle est sautée. Indiquez l'heure qu'affichait l'horloge (une heure plus tard).",
    it: "L'ora di fine {time} non esiste il {date} nel fuso orario {zone}: quella notte l'ora avanza e la " +
      "salta. Indichi l'ora che mostrava l'orologio (un'ora dopo).",
    en: "The end time {time} does not exist on {date} in {zone}: the clocks go forward that night and skip " +
      "it. Enter the time the clock showed (an hour later).",
  },
  "time.endNotAfterStart": {
    de: "Die Endzeit {end} liegt nicht nach der Startzeit {start}.",
    fr: "L'heure de fin {end} n'est pas après l'heure de début {start}.",
    it: "L'ora di fine {end} non è dopo l'ora d'inizio {start}.",
    en: "The end time {end} is not after the start time {start}.",
  },
  "time.weekStartNotMonday": {
    de:
      "Eine Woche muss an einem Montag beginnen; der {value} ist keiner (Wochen laufen von Montag bis Sonntag).",
    fr: "Une semaine doit commencer un lundi ; le {value} n'en est pas un (les semaines vont du lundi au " +
      "dimanche).",
    it: "Una settimana deve iniziare di lunedì; il {value} non lo è (le settimane vanno dal lunedì alla " +
      "domenica).",
    en: "The start of a week must be a Monday; {value} is not one (weeks run Monday to Sunday).",
  },
  "time.weeklyHoursRange": {
    de: "Die Wochenstunden müssen zwischen 0 und 168 liegen, nicht {value}.",
    fr: "Les heures hebdomadaires doivent être comprises entre 0 et 168, pas {value}.",
    it: "Le ore settimanali devono essere comprese tra 0 e 168, non {value}.",
    en: "Weekly hours must be between 0 and 168, not {value}.",
  },
  "time.workloadRange": {
    de: "Das Pensum muss zwischen 0 und 100 % liegen, nicht {value}.",
    fr: "Le taux d'activité doit être compris entre 0 et 100 %, pas {value}.",
    it: "Il grado d'occupazione deve essere compreso tra 0 e 100 %, non {value}.",
    en: "The workload must be between 0 and 100 %, not {value}.",
  },
  "time.sameStartAndEnd": {
    de: "Start- und Endzeit sind beide {time}, was eine Schicht von 24 Stunden wäre. Korrigieren Sie die " +
      "Zeiten, oder bestätigen Sie die Schicht, indem Sie auch ihre Stunden senden (totalHours: 24 abzüglich " +
      "der Pause).",
    fr:
      "L'heure de début et l'heure de fin sont toutes deux {time}, ce qui ferait un service de 24 heures. " +
      "Corrigez les heures, ou confirmez ce service en envoyant aussi son total d'heures (totalHours : 24 " +
      "moins la pause).",
    it:
      "L'ora d'inizio e l'ora di fine sono entrambe {time}, il che darebbe un turno di 24 ore. Corregga gli " +
      "orari, oppure confermi il turno inviando anche il totale delle ore (totalHours: 24 meno la pausa).",
    en:
      "startTime and endTime are both {time}, which would be a 24-hour shift. Correct the times, or confirm " +
      "the shift by sending its totalHours as well (24 less the break).",
  },
  "time.totalHoursMismatch": {
    de: "Die angegebenen {total} Stunden passen nicht zu {start}–{end} abzüglich {break} Minuten Pause " +
      "({hours} h). Senden Sie den passenden Wert oder lassen Sie totalHours weg.",
    fr: "Les {total} heures indiquées ne correspondent pas à {start}–{end} moins {break} minutes de pause " +
      "({hours} h). Envoyez la valeur correspondante ou omettez totalHours.",
    it:
      "Le {total} ore indicate non corrispondono a {start}–{end} meno {break} minuti di pausa ({hours} h). " +
      "Invii il valore corrispondente oppure ometta totalHours.",
    en: "totalHours {total} does not match {start}–{end} minus {break} minutes of break ({hours} h). Send " +
      "the matching value or leave totalHours out.",
  },
  "time.beforeEmployment": {
    de: "Der {date} liegt vor Ihrem Eintritt ({start}).",
    fr: "Le {date} précède votre entrée en fonction ({start}).",
    it: "Il {date} precede la sua entrata in servizio ({start}).",
    en: "{date} is before your employment started ({start}).",
  },
  "time.afterEmployment": {
    de: "Der {date} liegt nach Ihrem Austritt ({end}).",
    fr: "Le {date} suit la fin de votre engagement ({end}).",
    it: "Il {date} segue la fine del suo impiego ({end}).",
    en: "{date} is after your employment ended ({end}).",
  },
  "time.entryOverlap": {
    de: "Das überschneidet sich mit Ihrem Eintrag am {date} von {from} bis {to}. Ändern Sie die Zeiten " +
      "oder bearbeiten Sie stattdessen jenen Eintrag.",
    fr: "Cela chevauche votre saisie du {date} de {from} à {to}. Modifiez les heures, ou corrigez " +
      "plutôt cette saisie.",
    it: "Si sovrappone alla sua registrazione del {date} dalle {from} alle {to}. Modifichi gli orari, " +
      "oppure corregga quella registrazione.",
    en: "This overlaps your entry on {date} from {from} to {to}. Change the times, or edit that entry " +
      "instead.",
  },
  "time.noDescriptionByAssistant": {
    de: "Ein Eintrag über einen Assistenten nimmt keine Beschreibung an; lassen Sie «description» weg.",
    fr: "Une saisie faite par un assistant ne prend pas de description ; omettez « description ».",
    it: "Una registrazione fatta tramite un assistente non accetta descrizioni; ometta «description».",
    en: "An entry recorded through an assistant takes no description; leave 'description' out.",
  },
  "time.noSuchEntry": {
    de: "Sie haben keinen Zeiteintrag mit dieser ID.",
    fr: "Vous n'avez aucune saisie de temps avec cet identifiant.",
    it: "Non ha alcuna registrazione del tempo con questo ID.",
    en: "You have no time entry with this id.",
  },
  "time.notDraftSubmitted": {
    de: "Nur Entwürfe lassen sich ändern oder löschen; dieser Eintrag ist eingereicht und wartet auf die " +
      "Bewilligung.",
    fr: "Seules les saisies en brouillon peuvent être modifiées ou supprimées ; celle-ci est soumise et " +
      "attend l'approbation.",
    it:
      "Solo le registrazioni in bozza si possono modificare o eliminare; questa è stata inviata e attende " +
      "l'approvazione.",
    en: "Only draft entries can be changed or deleted; this one is submitted and waits for approval.",
  },
  "time.notDraftApproved": {
    de:
      "Nur Entwürfe lassen sich ändern oder löschen; dieser Eintrag ist bewilligt und lässt sich nur noch " +
      "lesen.",
    fr:
      "Seules les saisies en brouillon peuvent être modifiées ou supprimées ; celle-ci est approuvée et ne " +
      "peut plus qu'être consultée.",
    it:
      "Solo le registrazioni in bozza si possono modificare o eliminare; questa è approvata e si può solo " +
      "consultare.",
    en: "Only draft entries can be changed or deleted; this one is approved and read-only.",
  },
  "time.notDraftRejected": {
    de:
      "Nur Entwürfe lassen sich ändern oder löschen; dieser Eintrag wurde zurückgewiesen. Zurückgewiesene " +
      "Einträge bleiben, wie sie sind: Erfassen Sie einen neuen Eintrag mit den korrigierten Zeiten.",
    fr:
      "Seules les saisies en brouillon peuvent être modifiées ou supprimées ; celle-ci a été renvoyée. Les " +
      "saisies renvoyées restent telles quelles : enregistrez une nouvelle saisie avec les heures corrigées.",
    it: "Solo le registrazioni in bozza si possono modificare o eliminare; questa è stata respinta. Le " +
      "registrazioni respinte restano come sono: inserisca una nuova registrazione con gli orari corretti.",
    en:
      "Only draft entries can be changed or deleted; this one was rejected. Rejected entries stay as they " +
      "are: record a new entry with the corrected times.",
  },
  "time.rangeEndBeforeStart": {
    de: "«to» darf nicht vor «from» liegen.",
    fr: "« to » ne doit pas précéder « from ».",
    it: "«to» non può precedere «from».",
    en: "'to' must not be before 'from'.",
  },
  "time.rangeTooLong": {
    de: "Eine Abfrage umfasst höchstens {days} Tage; wählen Sie einen kürzeren Zeitraum.",
    fr: "Une requête couvre au plus {days} jours ; choisissez une période plus courte.",
    it: "Una richiesta copre al massimo {days} giorni; scelga un periodo più breve.",
    en: "The range covers at most {days} days; ask for a shorter one.",
  },
  "time.weekNotStarted": {
    de: "Die Woche vom {week} hat noch nicht begonnen; reichen Sie sie ein, sobald sie begonnen hat.",
    fr: "La semaine du {week} n'a pas encore commencé ; soumettez-la une fois commencée.",
    it: "La settimana del {week} non è ancora iniziata; la invii quando sarà iniziata.",
    en: "The week of {week} has not started yet; submit it once it has.",
  },
  "time.weekAlreadySubmitted": {
    de: "Die Woche vom {week} ist bereits eingereicht; bis Ihre vorgesetzte Person sie bewilligt oder " +
      "zurückweist, gibt es nichts mehr einzureichen.",
    fr: "La semaine du {week} est déjà soumise ; il n'y a plus rien à soumettre tant que votre responsable " +
      "ne l'a pas approuvée ou renvoyée.",
    it: "La settimana del {week} è già stata inviata; non c'è altro da inviare finché il suo responsabile " +
      "non l'approva o la rinvia.",
    en: "The week of {week} is already submitted; there is nothing more to submit until your manager " +
      "approves it or sends it back.",
  },
  "time.weekWithoutDrafts": {
    de: "Die Woche vom {week} hat keine Entwürfe zum Einreichen.",
    fr: "La semaine du {week} n'a aucune saisie en brouillon à soumettre.",
    it: "La settimana del {week} non ha registrazioni in bozza da inviare.",
    en: "The week of {week} has no draft entries to submit.",
  },
} as const satisfies Catalogue;

/** Clock in, clock out: the one running timer per person. */
const TIMER = {
  "timer.running": {
    de: "Ihre Zeiterfassung läuft bereits seit dem {date} um {time}. Stoppen oder verwerfen Sie sie, bevor " +
      "Sie eine neue starten.",
    fr: "Votre chronomètre tourne déjà depuis le {date} à {time}. Arrêtez-le ou abandonnez-le avant d'en " +
      "démarrer un autre.",
    it:
      "Il suo cronometro è già in corso dal {date} alle {time}. Lo fermi o lo scarti prima di avviarne un " +
      "altro.",
    en: "Your timer has been running since {date} {time}. Stop or discard it before starting another.",
  },
  "timer.notRunning": {
    de: "Es läuft keine Zeiterfassung.",
    fr: "Aucun chronomètre ne tourne.",
    it: "Nessun cronometro è in corso.",
    en: "No timer is running.",
  },
  "timer.acrossMidnight": {
    de: "Ihre Zeiterfassung läuft seit dem {date} um {time}, also über Mitternacht. Geben Sie beim Stoppen " +
      "die Endzeit jenes Tages an (endTime) oder verwerfen Sie sie und erfassen Sie die Zeit von Hand.",
    fr:
      "Votre chronomètre tourne depuis le {date} à {time}, donc au-delà de minuit. Indiquez l'heure de fin " +
      "de ce jour-là en l'arrêtant (endTime), ou abandonnez-le et saisissez le temps à la main.",
    it: "Il suo cronometro è in corso dal {date} alle {time}, quindi oltre la mezzanotte. Indichi l'ora di " +
      "fine di quel giorno fermandolo (endTime), oppure lo scarti e registri il tempo a mano.",
    en: "Your timer has been running since {date} {time}, past midnight. Stop it with the end time of that " +
      "day (endTime), or discard it and record the time by hand.",
  },
  "timer.tooShort": {
    de: "Die Zeiterfassung lief weniger als eine Minute; verwerfen Sie sie.",
    fr: "Le chronomètre a tourné moins d'une minute ; abandonnez-le.",
    it: "Il cronometro è durato meno di un minuto; lo scarti.",
    en: "The timer ran for less than a minute; discard it.",
  },
  "timer.endNotAfterStart": {
    de: "Die Endzeit {end} liegt nicht nach dem Start der Zeiterfassung (am {date} um {start}).",
    fr: "L'heure de fin {end} n'est pas après le démarrage du chronomètre (le {date} à {start}).",
    it: "L'ora di fine {end} non è dopo l'avvio del cronometro (il {date} alle {start}).",
    en: "endTime {end} is not after the timer's start ({start} on {date}).",
  },
  "timer.endLaterThanNow": {
    de: "Die Endzeit {end} liegt nach der aktuellen Zeit ({now}).",
    fr: "L'heure de fin {end} est postérieure à l'heure actuelle ({now}).",
    it: "L'ora di fine {end} è successiva all'ora attuale ({now}).",
    en: "endTime {end} is later than now ({now}).",
  },
  "timer.deviceTimeAhead": {
    de: "Der Zeitpunkt {date} {time} liegt mehr als {minutes} Minuten nach der aktuellen Zeit ({now}); " +
      "prüfen Sie die Uhr des Geräts.",
    fr: "L'instant du {date} à {time} dépasse de plus de {minutes} minutes l'heure actuelle ({now}) ; " +
      "vérifiez l'horloge de l'appareil.",
    it: "L'istante del {date} alle {time} supera di oltre {minutes} minuti l'ora attuale ({now}); " +
      "controlli l'orologio del dispositivo.",
    en:
      "The moment {date} {time} is more than {minutes} minutes after now ({now}); check the device's clock.",
  },
  "timer.deviceTimeTooOld": {
    de:
      "Der Zeitpunkt {date} {time} liegt mehr als {hours} Stunden zurück; erfassen Sie diese Zeit von Hand.",
    fr: "L'instant du {date} à {time} remonte à plus de {hours} heures ; saisissez ce temps à la main.",
    it: "L'istante del {date} alle {time} risale a più di {hours} ore fa; registri questo tempo a mano.",
    en: "The moment {date} {time} is more than {hours} hours ago; record this time by hand.",
  },
  "timer.stopNotAfterStart": {
    de:
      "Der Stopp am {date} um {time} liegt nicht nach dem Start der Zeiterfassung (am {startDate} um {start}).",
    fr: "L'arrêt du {date} à {time} n'est pas après le démarrage du chronomètre (le {startDate} à {start}).",
    it: "L'arresto del {date} alle {time} non è dopo l'avvio del cronometro (il {startDate} alle {start}).",
    en: "The stop at {time} on {date} is not after the timer's start ({start} on {startDate}).",
  },
  "timer.stoppedAtAndEndTime": {
    de: "Senden Sie entweder den Zeitpunkt des Stopps (stoppedAt) oder die Endzeit (endTime), nicht beides.",
    fr: "Envoyez soit l'instant de l'arrêt (stoppedAt), soit l'heure de fin (endTime), pas les deux.",
    it: "Invii l'istante dell'arresto (stoppedAt) oppure l'ora di fine (endTime), non entrambi.",
    en: "Send either the moment of the stop (stoppedAt) or the end time (endTime), not both.",
  },
  "timer.breakRunning": {
    de: "Ihre Pause läuft bereits seit dem {date} um {time}. Beenden Sie sie, bevor Sie eine neue beginnen.",
    fr: "Votre pause a déjà commencé le {date} à {time}. Terminez-la avant d'en commencer une autre.",
    it: "La sua pausa è già in corso dal {date} alle {time}. La termini prima di iniziarne un'altra.",
    en: "Your break has been running since {date} {time}. End it before starting another.",
  },
  "timer.noBreak": {
    de: "Es läuft keine Pause, die Sie beenden könnten; beginnen Sie zuerst eine.",
    fr: "Aucune pause n'est en cours à terminer ; commencez-en d'abord une.",
    it: "Non c'è nessuna pausa in corso da terminare; ne inizi prima una.",
    en: "No break is running to end; start one first.",
  },
  "timer.breakBeforeStart": {
    de: "Die Pause am {date} um {time} liegt vor dem Start der Zeiterfassung (am {startDate} um {start}).",
    fr: "La pause du {date} à {time} précède le démarrage du chronomètre (le {startDate} à {start}).",
    it: "La pausa del {date} alle {time} precede l'avvio del cronometro (il {startDate} alle {start}).",
    en: "The break at {time} on {date} is before the timer's start ({start} on {startDate}).",
  },
  "timer.breakBeforeLastBreakEnd": {
    de: "Die Pause am {date} um {time} beginnt vor dem Ende Ihrer letzten Pause ({end}).",
    fr: "La pause du {date} à {time} commence avant la fin de votre dernière pause ({end}).",
    it: "La pausa del {date} alle {time} inizia prima della fine della sua ultima pausa ({end}).",
    en: "The break at {time} on {date} starts before the end of your last break ({end}).",
  },
  "timer.breakEndBeforeStart": {
    de: "Das Ende der Pause am {date} um {time} liegt vor ihrem Beginn (am {startDate} um {start}).",
    fr: "La fin de pause du {date} à {time} précède son début (le {startDate} à {start}).",
    it: "La fine della pausa del {date} alle {time} precede il suo inizio (il {startDate} alle {start}).",
    en: "The break's end at {time} on {date} is before its start ({start} on {startDate}).",
  },
  "timer.stopBeforeBreak": {
    de: "Der Stopp um {stop} liegt vor einer erfassten Pause (am {date} um {time}).",
    fr: "L'arrêt à {stop} précède une pause enregistrée (le {date} à {time}).",
    it: "L'arresto alle {stop} precede una pausa registrata (il {date} alle {time}).",
    en: "The stop at {stop} is before a recorded break ({time} on {date}).",
  },
} as const satisfies Catalogue;

/** Sick leave: reporting, ending and taking back an absence, its certificate and the court scales. */
const SICK = {
  "sick.noReasonByAssistant": {
    de: "Eine Krankmeldung über einen Assistenten nimmt keinen Grund an; lassen Sie «reason» weg.",
    fr: "Un arrêt maladie annoncé par un assistant ne prend pas de motif ; omettez « reason ».",
    it: "Una notifica di malattia tramite un assistente non accetta motivi; ometta «reason».",
    en: "A sick report through an assistant takes no reason; leave 'reason' out.",
  },
  "sick.degreeRange": {
    de: "Der Grad der Arbeitsunfähigkeit ist ein ganzer Prozentsatz von 1 bis 100, nicht {value}.",
    fr: "Le taux d'incapacité de travail est un pourcentage entier de 1 à 100, pas {value}.",
    it: "Il grado d'incapacità lavorativa è una percentuale intera da 1 a 100, non {value}.",
    en: "The degree of incapacity is a whole percentage from 1 to 100, not {value}.",
  },
  "sick.startInFuture": {
    de: "Eine Krankmeldung beginnt heute oder früher.",
    fr: "Un arrêt maladie commence aujourd'hui ou avant.",
    it: "Una notifica di malattia inizia oggi o prima.",
    en: "A sick report starts today or earlier.",
  },
  "sick.startTooOld": {
    de: "Sie können Abwesenheiten der letzten {days} Tage melden; bitten Sie HR, ältere zu erfassen.",
    fr: "Vous pouvez annoncer les absences des {days} derniers jours ; demandez aux RH d'enregistrer les " +
      "plus anciennes.",
    it:
      "Può notificare le assenze degli ultimi {days} giorni; chieda alle risorse umane di registrare quelle " +
      "più vecchie.",
    en: "You can report absences of the last {days} days; ask HR to record older ones.",
  },
  "sick.beforeEmployment": {
    de: "Eine Krankmeldung kann nicht vor Ihrem Eintritt am {start} beginnen.",
    fr: "Un arrêt maladie ne peut pas commencer avant votre entrée en fonction le {start}.",
    it: "Una notifica di malattia non può iniziare prima della sua entrata in servizio il {start}.",
    en: "A sick report cannot start before your employment starts on {start}.",
  },
  "sick.endBeforeStart": {
    de: "Das Enddatum darf nicht vor dem Startdatum liegen.",
    fr: "La date de fin ne doit pas précéder la date de début.",
    it: "La data di fine non può precedere la data d'inizio.",
    en: "The end date must not be before the start date.",
  },
  "sick.spanTooLong": {
    de: "Eine Meldung umfasst höchstens {days} Tage.",
    fr: "Un arrêt couvre au plus {days} jours.",
    it: "Una notifica copre al massimo {days} giorni.",
    en: "One report covers at most {days} days.",
  },
  "sick.overlapOngoing": {
    de: "Das überschneidet sich mit Ihrer Abwesenheit {id} ab dem {from}, die noch andauert. Beenden Sie " +
      "stattdessen jene.",
    fr: "Cela chevauche votre absence {id} depuis le {from}, toujours en cours. Terminez plutôt celle-ci.",
    it: "Si sovrappone alla sua assenza {id} dal {from}, tuttora in corso. Termini piuttosto quella.",
    en: "This overlaps your absence {id} from {from} (ongoing). End that one instead.",
  },
  "sick.overlap": {
    de: "Das überschneidet sich mit Ihrer Abwesenheit {id} vom {from} bis {to}. Wählen Sie andere Daten.",
    fr: "Cela chevauche votre absence {id} du {from} au {to}. Choisissez d'autres dates.",
    it: "Si sovrappone alla sua assenza {id} dal {from} al {to}. Scelga altre date.",
    en: "This overlaps your absence {id} from {from} to {to}. Pick other dates.",
  },
  "sick.noSuchEntry": {
    de: "Sie haben keine Krankheitsabwesenheit mit dieser ID.",
    fr: "Vous n'avez aucune absence pour maladie avec cet identifiant.",
    it: "Non ha alcuna assenza per malattia con questo ID.",
    en: "You have no sick-leave entry with this id.",
  },
  "sick.endTakenBack": {
    de: "Diese Krankmeldung wurde zurückgezogen; es gibt nichts zu beenden.",
    fr: "Cet arrêt maladie a été retiré ; il n'y a rien à terminer.",
    it: "Questa notifica di malattia è stata ritirata; non c'è nulla da terminare.",
    en: "This sick report was taken back; there is nothing to end.",
  },
  "sick.notOngoing": {
    de:
      "Diese Abwesenheit dauert nicht mehr an: Sie endete am {end}. Nur eine andauernde Abwesenheit lässt " +
      "sich beenden.",
    fr: "Cette absence n'est pas en cours : elle a pris fin le {end}. Seule une absence en cours peut être " +
      "terminée.",
    it: "Questa assenza non è in corso: è terminata il {end}. Solo un'assenza in corso può essere terminata.",
    en: "This absence is not ongoing: it ended on {end}. Only an ongoing absence can be ended.",
  },
  "sick.endBeforeAbsenceStart": {
    de: "Das Enddatum darf nicht vor dem Beginn der Abwesenheit ({start}) liegen.",
    fr: "La date de fin ne doit pas précéder le début de l'absence ({start}).",
    it: "La data di fine non può precedere l'inizio dell'assenza ({start}).",
    en: "The end date must not be before the start of the absence ({start}).",
  },
  "sick.endTooFarAhead": {
    de: "Das Enddatum liegt höchstens {days} Tage nach heute.",
    fr: "La date de fin se situe au plus {days} jours après aujourd'hui.",
    it: "La data di fine è al massimo {days} giorni dopo oggi.",
    en: "The end date is at most {days} days ahead of today.",
  },
  "sick.alreadyTakenBack": {
    de: "Diese Krankmeldung wurde bereits zurückgezogen.",
    fr: "Cet arrêt maladie a déjà été retiré.",
    it: "Questa notifica di malattia è già stata ritirata.",
    en: "This sick report was already taken back.",
  },
  "sick.certificateOnFile": {
    de:
      "Für diese Abwesenheit liegt ein Arztzeugnis vor, deshalb lässt sie sich nicht zurückziehen. Wenden " +
      "Sie sich an HR.",
    fr: "Un certificat médical a été déposé pour cette absence, elle ne peut donc pas être retirée. " +
      "Adressez-vous aux RH.",
    it: "Per questa assenza è stato depositato un certificato medico, quindi non può essere ritirata. Si " +
      "rivolga alle risorse umane.",
    en: "A medical certificate is on file for this absence, so it cannot be taken back. Ask HR.",
  },
  "sick.takeBackWindowPassed": {
    de: "Eine Meldung lässt sich innerhalb von 24 Stunden zurückziehen; diese wurde am {date} um {time} " +
      "erfasst. Bitten Sie HR, sie zu korrigieren.",
    fr: "Un arrêt peut être retiré dans les 24 heures ; celui-ci a été enregistré le {date} à {time}. " +
      "Demandez aux RH de le corriger.",
    it:
      "Una notifica si può ritirare entro 24 ore; questa è stata registrata il {date} alle {time}. Chieda " +
      "alle risorse umane di correggerla.",
    en: "A report can be taken back within 24 hours; this one was filed on {date} at {time}. Ask HR to " +
      "correct it.",
  },
  "sick.certificateTakenBack": {
    de: "Diese Krankmeldung wurde zurückgezogen; es braucht kein Arztzeugnis.",
    fr: "Cet arrêt maladie a été retiré ; aucun certificat médical n'est nécessaire.",
    it: "Questa notifica di malattia è stata ritirata; non serve alcun certificato medico.",
    en: "This sick report was taken back; no certificate is needed.",
  },
  "sick.certificateAccepted": {
    de: "HR hat das Arztzeugnis für diese Abwesenheit bereits angenommen.",
    fr: "Les RH ont déjà accepté le certificat médical de cette absence.",
    it: "Le risorse umane hanno già accettato il certificato medico per questa assenza.",
    en: "HR already accepted the certificate for this absence.",
  },
  "sick.noCertificateFile": {
    de: "Zu dieser Abwesenheit gibt es keine Zeugnisdatei.",
    fr: "Aucun fichier de certificat pour cette absence.",
    it: "Nessun file di certificato per questa assenza.",
    en: "No certificate file for this absence.",
  },
  "sick.unknownScale": {
    de: "Die Skala muss eine von {scales} sein, nicht «{value}».",
    fr: "L'échelle doit être l'une de {scales}, pas « {value} ».",
    it: "La scala deve essere una tra {scales}, non «{value}».",
    en: 'The scale must be one of {scales}, not "{value}".',
  },
} as const satisfies Catalogue;

/**
 * A workload change HR records from a date (the console's person page). `workload.notRecorded` lists its
 * problems, each one of the texts after it (lower case: they continue the sentence).
 */
const WORKLOAD = {
  "workload.noEmployee": {
    de: "Die Personalnummer «{number}» gibt es nicht.",
    fr: "Le numéro de personnel « {number} » n'existe pas.",
    it: "Il numero del personale «{number}» non esiste.",
    en: 'There is no employee with the personnel number "{number}".',
  },
  "workload.notRecorded": {
    de: "Keine Pensumsänderung gespeichert: {problems}.",
    fr: "Aucun changement de taux enregistré : {problems}.",
    it: "Nessuna modifica del grado d'occupazione registrata: {problems}.",
    en: "No workload change was recorded: {problems}.",
  },
  "workload.firstDayNotDate": {
    de: "der erste Tag muss ein Datum sein, nicht «{value}»",
    fr: "le premier jour doit être une date, pas « {value} »",
    it: "il primo giorno deve essere una data, non «{value}»",
    en: 'the first day must be a date YYYY-MM-DD, not "{value}"',
  },
  "workload.firstDayImplausible": {
    de: "der erste Tag muss zwischen dem 01.01.1900 und dem 31.12.2100 liegen, nicht am {value}",
    fr: "le premier jour doit se situer entre le 01.01.1900 et le 31.12.2100, pas le {value}",
    it: "il primo giorno deve essere tra il 01.01.1900 e il 31.12.2100, non il {value}",
    en: "the first day must be a date from 01.01.1900 to 31.12.2100, not {value}",
  },
  "workload.firstDayNotAfterStart": {
    de: "der erste Tag muss nach dem Eintritt ({start}) liegen",
    fr: "le premier jour doit suivre l'entrée ({start})",
    it: "il primo giorno deve seguire l'entrata ({start})",
    en: "the first day must be after the employment starts ({start})",
  },
  "workload.firstDayAfterEnd": {
    de: "der erste Tag muss vor dem Austritt ({end}) liegen",
    fr: "le premier jour doit précéder la fin de l'engagement ({end})",
    it: "il primo giorno deve precedere la fine dell'impiego ({end})",
    en: "the first day must be before the employment ends ({end})",
  },
  "workload.percentRange": {
    de: "das Pensum muss über 0 und höchstens 100 % sein",
    fr: "le taux doit être supérieur à 0 et au plus 100 %",
    it: "il grado d'occupazione deve essere superiore a 0 e al massimo 100 %",
    en: "the workload must be above 0 and at most 100 %",
  },
  "workload.needWeekday": {
    de: "mindestens ein Arbeitstag ist nötig",
    fr: "il faut au moins un jour de travail",
    it: "serve almeno un giorno lavorativo",
    en: "at least one working weekday (1 = Monday to 7 = Sunday) is needed",
  },
  "workload.sameDay": {
    de: "{number} hat schon eine Pensumsänderung ab dem {date}; wählen Sie einen anderen Tag.",
    fr: "{number} a déjà un changement de taux dès le {date} ; choisissez un autre jour.",
    it: "{number} ha già una modifica del grado d'occupazione dal {date}; scelga un altro giorno.",
    en: "{number} already has a workload change from {date}; choose another day.",
  },
} as const satisfies Catalogue;

/** Files people upload (a medical certificate, a document HR asked for). */
const UPLOAD = {
  "upload.empty": {
    de: "Die Datei ist leer.",
    fr: "Le fichier est vide.",
    it: "Il file è vuoto.",
    en: "The file is empty.",
  },
  "upload.tooLarge": {
    de: "Die Datei ist grösser als 10 MB; senden Sie einen kleineren Scan oder ein kleineres Foto.",
    fr: "Le fichier dépasse 10 Mo ; envoyez un scan ou une photo plus légers.",
    it: "Il file supera i 10 MB; invii una scansione o una foto più leggera.",
    en: "The file is larger than 10 MB; send a smaller scan or photo.",
  },
  "upload.wrongType": {
    de: "Die Datei muss ein {types} sein; diese ist nichts davon.",
    fr: "Le fichier doit être un {types} ; celui-ci n'est rien de cela.",
    it: "Il file deve essere un {types}; questo non è nulla di ciò.",
    en: "The file must be a {types}; this one is none of them.",
  },
  "upload.noSuchDocument": {
    de: "Sie haben kein angefordertes Dokument mit dieser ID.",
    fr: "Vous n'avez aucun document demandé avec cet identifiant.",
    it: "Non ha alcun documento richiesto con questo ID.",
    en: "You have no requested document with this id.",
  },
  "upload.noDocumentFile": {
    de: "Zu diesem angeforderten Dokument gibt es keine Datei.",
    fr: "Aucun fichier pour ce document demandé.",
    it: "Nessun file per questo documento richiesto.",
    en: "No file for this requested document.",
  },
} as const satisfies Catalogue;

export const TIME_MESSAGES = {
  ...TIME,
  ...TIMER,
  ...SICK,
  ...WORKLOAD,
  ...UPLOAD,
} as const satisfies Catalogue;
