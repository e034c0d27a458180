/**
 * The catalogue's refusals of the self area (see mod.ts): sign-in, the portal's own answers about the request
 * itself, the body limit, a person's own profile, devices, documents, data exports and to-dos, and the
 * connector's own limits and refusals. German first, then French, Italian, English.
 */
import type { Catalogue } from "./types.ts";
import { SCOPE_TEXTS as SCOPE_DESCRIPTIONS } from "../scopes.ts";

export const SELF_MESSAGES = {
  // Sign-in. A locked account reads exactly like a wrong password (the same text), so a guesser learns nothing.
  "signin.wrongPassword": {
    de: "E-Mail-Adresse oder Passwort ist falsch.",
    fr: "L'adresse e-mail ou le mot de passe est erroné.",
    it: "L'indirizzo e-mail o la password non sono corretti.",
    en: "E-mail address or password is wrong.",
  },
  "signin.throttled": {
    de: "Zu viele fehlgeschlagene Anmeldungen von hier. Versuchen Sie es in {seconds} s wieder.",
    fr: "Trop de connexions échouées depuis cet endroit. Réessayez dans {seconds} s.",
    it: "Troppi accessi non riusciti da qui. Riprovi tra {seconds} s.",
    en: "Too many failed sign-ins from here. Try again in {seconds} s.",
  },
  "signin.busy": {
    de: "Gerade werden zu viele Anmeldungen geprüft; versuchen Sie es gleich noch einmal.",
    fr: "Trop de connexions sont vérifiées en ce moment ; réessayez dans un instant.",
    it: "In questo momento si stanno verificando troppi accessi; riprovi tra un attimo.",
    en: "Too many sign-ins are being checked right now; try again in a moment.",
  },
  "signin.deactivated": {
    de: "Dieses Konto ist deaktiviert. Wenden Sie sich an Ihr HR-Team.",
    fr: "Ce compte est désactivé. Adressez-vous à votre équipe RH.",
    it: "Questo account è disattivato. Si rivolga al suo team HR.",
    en: "This account is deactivated. Ask your HR team.",
  },
  "signin.noSuchSession": {
    de: "Sie haben kein angemeldetes Gerät mit dieser ID.",
    fr: "Vous n'avez aucun appareil connecté avec cet identifiant.",
    it: "Non ha nessun dispositivo connesso con questo identificativo.",
    en: "No signed-in device with this id.",
  },
  "signin.appNoUpstream": {
    de: "Diese Installation meldet nicht über einen Identitätsanbieter an.",
    fr: "Cette installation ne se connecte pas par un fournisseur d'identité.",
    it: "Questa installazione non accede tramite un fornitore di identità.",
    en: "This installation does not sign in through an identity provider.",
  },
  "signin.appRedirectUnknown": {
    de: "Diese redirect_uri ist für keine App dieser Installation eingetragen.",
    fr: "Cette redirect_uri n'est enregistrée pour aucune application de cette installation.",
    it: "Questa redirect_uri non è registrata per nessuna app di questa installazione.",
    en: "This redirect_uri is not registered for an app of this installation.",
  },
  "signin.appCodeInvalid": {
    de:
      "Der Code ist unbekannt, abgelaufen, schon verwendet oder passt nicht zu codeVerifier und redirectUri. Melden Sie sich neu an.",
    fr:
      "Le code est inconnu, expiré, déjà utilisé ou ne correspond pas à codeVerifier et redirectUri. Veuillez vous reconnecter.",
    it:
      "Il codice è sconosciuto, scaduto, già usato o non corrisponde a codeVerifier e redirectUri. Acceda di nuovo.",
    en:
      "The code is unknown, expired, already used, or does not match codeVerifier and redirectUri. Sign in again.",
  },

  // The portal's own answers about the request itself (who sends it, how, how often, where to).
  "portal.signInFirst": {
    de: "Bitte zuerst anmelden: Senden Sie Authorization: Bearer <Sitzungs-Token>.",
    fr: "Connectez-vous d'abord : envoyez Authorization: Bearer <jeton de session>.",
    it: "Acceda prima: invii Authorization: Bearer <token di sessione>.",
    en: "Sign in first: send Authorization: Bearer <session token>.",
  },
  "portal.sessionEnded": {
    de: "Die Sitzung ist abgelaufen oder wurde beendet. Bitte melden Sie sich neu an.",
    fr: "La session a expiré ou a été fermée. Veuillez vous reconnecter.",
    it: "La sessione è scaduta o è stata chiusa. Acceda di nuovo.",
    en: "The session has expired or was signed out. Sign in again.",
  },
  "portal.crossSite": {
    de:
      "Diese Anfrage kam mit dem Sitzungs-Cookie von einer anderen Website und wurde abgelehnt. Verwenden Sie die App oder die Seiten des Dienstes.",
    fr:
      "Cette requête venait d'un autre site avec le cookie de session ; elle a été refusée. Utilisez l'application ou les pages du service.",
    it:
      "Questa richiesta proveniva da un altro sito con il cookie di sessione ed è stata rifiutata. Usi l'app o le pagine del servizio.",
    en:
      "This request came from another site with the session cookie; it was refused. Use the app or the service's own pages, or send the session token as Authorization: Bearer.",
  },
  "portal.tooManyRequests": {
    de: "Zu viele Anfragen: höchstens {limit} pro Minute. Versuchen Sie es in {seconds} s wieder.",
    fr: "Trop de requêtes : au plus {limit} par minute. Réessayez dans {seconds} s.",
    it: "Troppe richieste: al massimo {limit} al minuto. Riprovi tra {seconds} s.",
    en: "Too many requests: at most {limit} a minute. Try again in {seconds} s.",
  },
  "portal.sendJson": {
    de: "Senden Sie den Inhalt als JSON mit Content-Type: application/json.",
    fr: "Envoyez le contenu en JSON avec Content-Type: application/json.",
    it: "Invii il contenuto come JSON con Content-Type: application/json.",
    en: "Send the body as JSON with Content-Type: application/json.",
  },
  "portal.emptyBody": {
    de: "Die Anfrage ist leer; senden Sie ein JSON-Objekt.",
    fr: "La requête est vide ; envoyez un objet JSON.",
    it: "La richiesta è vuota; invii un oggetto JSON.",
    en: "The request body is empty; send a JSON object.",
  },
  "portal.notJson": {
    de: "Der Inhalt der Anfrage ist kein gültiges JSON.",
    fr: "Le contenu de la requête n'est pas du JSON valide.",
    it: "Il contenuto della richiesta non è JSON valido.",
    en: "The request body is not valid JSON.",
  },
  "portal.noEndpoint": {
    de: "Diese Adresse gibt es nicht: {method} {path}",
    fr: "Cette adresse n'existe pas : {method} {path}",
    it: "Questo indirizzo non esiste: {method} {path}",
    en: "No such endpoint: {method} {path}",
  },
  "portal.methodNotAllowed": {
    de: "{method} ist hier nicht möglich; verwenden Sie {allow}.",
    fr: "{method} n'est pas possible ici ; utilisez {allow}.",
    it: "{method} non è possibile qui; usi {allow}.",
    en: "{method} is not allowed here; use {allow}.",
  },
  "portal.multipartRequired": {
    de: "Senden Sie die Datei als multipart/form-data mit einem Teil namens «{field}».",
    fr: "Envoyez le fichier en multipart/form-data avec une partie nommée « {field} ».",
    it: "Invii il file come multipart/form-data con una parte denominata «{field}».",
    en: "Send the file as multipart/form-data with a part named '{field}'.",
  },
  "portal.fileMissing": {
    de: "Der Teil «{field}» mit der Datei fehlt.",
    fr: "La partie « {field} » contenant le fichier manque.",
    it: "Manca la parte «{field}» con il file.",
    en: "The part '{field}' with the file is missing.",
  },
  "portal.idempotencyKeyInvalid": {
    de: "Ungültiger Idempotency-Key: 1 bis 255 sichtbare ASCII-Zeichen (eine UUID eignet sich gut).",
    fr: "Idempotency-Key non valable : 1 à 255 caractères ASCII visibles (un UUID convient bien).",
    it: "Idempotency-Key non valida: da 1 a 255 caratteri ASCII visibili (un UUID va bene).",
    en: "Invalid Idempotency-Key: 1 to 255 visible ASCII characters (a UUID is a good choice).",
  },
  "portal.idempotencyKeyRunning": {
    de: "Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet; versuchen Sie es gleich wieder.",
    fr:
      "Une requête portant cette Idempotency-Key est encore en cours de traitement ; réessayez dans un instant.",
    it: "Una richiesta con questa Idempotency-Key è ancora in elaborazione; riprovi tra un attimo.",
    en: "A request with this Idempotency-Key is still being processed; retry in a moment.",
  },
  "portal.idempotencyKeyReused": {
    de:
      "Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet; senden Sie für eine neue Anfrage einen neuen Schlüssel.",
    fr:
      "Cette Idempotency-Key a déjà servi pour une autre requête ; envoyez une nouvelle clé pour une nouvelle requête.",
    it:
      "Questa Idempotency-Key è già stata usata per un'altra richiesta; per una nuova richiesta invii una nuova chiave.",
    en: "This Idempotency-Key was already used for another request; send a new key for a new request.",
  },
  "portal.idempotencyAnswerLost": {
    de:
      "Die Anfrage mit diesem Idempotency-Key wurde ausgeführt, aber ihre Antwort ging verloren (der Dienst hielt an, oder die Datenbank konnte sie nicht mehr speichern). Schlagen Sie den Eintrag nach, statt die Anfrage erneut zu senden; eine neue Anfrage braucht einen neuen Schlüssel.",
    fr:
      "La requête portant cette Idempotency-Key a été exécutée, mais sa réponse a été perdue (le service s'est arrêté, ou la base de données n'a plus pu l'enregistrer). Consultez l'enregistrement au lieu de renvoyer la requête ; une nouvelle requête demande une nouvelle clé.",
    it:
      "La richiesta con questa Idempotency-Key è stata eseguita, ma la sua risposta è andata persa (il servizio si è fermato, o la banca dati non ha più potuto salvarla). Consulti il dato invece di inviare di nuovo la richiesta; una nuova richiesta richiede una nuova chiave.",
    en:
      "The request with this Idempotency-Key was carried out, but its answer was lost (the service stopped, or the database could not store it any more). Look the record up instead of sending the request again; a new request needs a new key.",
  },

  // Reading a request's body.
  "http.bodyTooLarge": {
    de: "Der Inhalt der Anfrage ist grösser als {max} Bytes.",
    fr: "Le contenu de la requête dépasse {max} octets.",
    it: "Il contenuto della richiesta supera i {max} byte.",
    en: "The request body is larger than {max} bytes.",
  },
  "http.bodyTimeout": {
    de: "Der Inhalt der Anfrage ist nicht innert {seconds} s angekommen; senden Sie sie erneut.",
    fr: "Le contenu de la requête n'est pas arrivé dans les {seconds} s ; renvoyez-la.",
    it: "Il contenuto della richiesta non è arrivato entro {seconds} s; la invii di nuovo.",
    en: "The request body did not arrive within {seconds} s; send it again.",
  },
  "http.bodyBroken": {
    de:
      "Der Inhalt der Anfrage konnte nicht vollständig gelesen werden (die Verbindung brach ab); senden Sie sie erneut.",
    fr:
      "Le contenu de la requête n'a pas pu être lu entièrement (la connexion a été interrompue) ; renvoyez-la.",
    it:
      "Il contenuto della richiesta non ha potuto essere letto per intero (la connessione si è interrotta); la invii di nuovo.",
    en: "The request body could not be read completely (the connection broke off); send it again.",
  },
  "http.stopping": {
    de: "Der Dienst wird gerade beendet; nichts wurde gespeichert, senden Sie die Anfrage erneut.",
    fr: "Le service est en train de s'arrêter ; rien n'a été enregistré, renvoyez la requête.",
    it: "Il servizio si sta fermando; non è stato salvato nulla, invii di nuovo la richiesta.",
    en: "The service is stopping; nothing was saved, send it again.",
  },

  // A person's own profile.
  "profile.ahvFormat": {
    de: "Eine AHV-Nummer sieht so aus: 756.1234.5678.97 (mit gültiger Prüfziffer).",
    fr: "Un numéro AVS se présente ainsi : 756.1234.5678.97 (avec un chiffre de contrôle valable).",
    it: "Un numero AVS si presenta così: 756.1234.5678.97 (con una cifra di controllo valida).",
    en: "An AHV number looks like 756.1234.5678.97 (with a valid check digit).",
  },
  "profile.ibanInvalid": {
    de: "Das ist keine gültige IBAN (z. B. CH93 0076 2011 6238 5295 7).",
    fr: "Ce n'est pas un IBAN valable (p. ex. CH93 0076 2011 6238 5295 7).",
    it: "Questo non è un IBAN valido (p. es. CH93 0076 2011 6238 5295 7).",
    en: "Not a valid IBAN (e.g. CH93 0076 2011 6238 5295 7).",
  },
  "profile.birthDate": {
    de: "Ein Geburtsdatum ist ein Kalenderdatum JJJJ-MM-TT.",
    fr: "Une date de naissance est une date du calendrier AAAA-MM-JJ.",
    it: "Una data di nascita è una data del calendario AAAA-MM-GG.",
    en: "A birth date is a calendar date YYYY-MM-DD.",
  },
  "profile.birthDateRange": {
    de: "Ein Geburtsdatum liegt zwischen 1900-01-01 und 2100-12-31.",
    fr: "Une date de naissance se situe entre le 1900-01-01 et le 2100-12-31.",
    it: "Una data di nascita è compresa tra il 1900-01-01 e il 2100-12-31.",
    en: "A birth date lies from 1900-01-01 to 2100-12-31.",
  },
  "profile.nationality": {
    de: "Die Nationalität ist ein Ländercode aus zwei Buchstaben, z. B. CH.",
    fr: "La nationalité est un code de pays de deux lettres, p. ex. CH.",
    it: "La nazionalità è un codice di paese di due lettere, p. es. CH.",
    en: "A nationality is a two-letter country code such as CH.",
  },
  "profile.valueLength": {
    de: "Der neue Wert hat 1 bis 500 Zeichen.",
    fr: "La nouvelle valeur compte de 1 à 500 caractères.",
    it: "Il nuovo valore ha da 1 a 500 caratteri.",
    en: "The new value must have 1 to 500 characters.",
  },
  "profile.changeWaiting": {
    de: "Eine Änderung von {field} wartet schon auf HR (Antrag {id}).",
    fr: "Une modification de {field} attend déjà les RH (demande {id}).",
    it: "Una modifica di {field} è già in attesa delle risorse umane (richiesta {id}).",
    en: "A change of {field} is already waiting for HR (request {id}).",
  },

  // Push devices.
  "push.tokenInvalid": {
    de: "Das ist kein Push-Token, wie ihn die Plattform der App gibt (16 bis 4096 Zeichen).",
    fr: "Ce n'est pas un jeton push tel que la plateforme le donne à l'application (16 à 4096 caractères).",
    it: "Questo non è un token push come quello che la piattaforma dà all'app (da 16 a 4096 caratteri).",
    en: "Not a push token as the platform gives the app (16 to 4096 characters).",
  },
  "push.languageInvalid": {
    de: "Die Sprache ist de, fr, it oder en.",
    fr: "La langue est de, fr, it ou en.",
    it: "La lingua è de, fr, it o en.",
    en: "The language must be de, fr, it or en.",
  },
  "push.noDevice": {
    de: "Sie haben kein registriertes Gerät mit dieser ID.",
    fr: "Vous n'avez aucun appareil enregistré avec cet identifiant.",
    it: "Non ha nessun dispositivo registrato con questo identificativo.",
    en: "You have no registered device with this id.",
  },

  // A person's documents, a leave request's attachment, documents asked for.
  "documents.noSuchEmployee": {
    de: "Es gibt kein Personaldossier mit dieser ID.",
    fr: "Il n'existe aucun dossier du personnel avec cet identifiant.",
    it: "Non esiste alcun fascicolo del personale con questo identificativo.",
    en: "No employee record with this id.",
  },
  "documents.noSuchDocument": {
    de: "Sie haben kein Dokument mit dieser ID.",
    fr: "Vous n'avez aucun document avec cet identifiant.",
    it: "Non ha nessun documento con questo identificativo.",
    en: "You have no document with this id.",
  },
  "documents.kindInvalid": {
    de: "Die Art ist eine von: {kinds}.",
    fr: "Le type est l'un de : {kinds}.",
    it: "Il tipo è uno tra: {kinds}.",
    en: "The kind must be one of {kinds}.",
  },
  "documents.titleLength": {
    de: "Der Titel hat 1 bis 200 Zeichen.",
    fr: "Le titre compte de 1 à 200 caractères.",
    it: "Il titolo ha da 1 a 200 caratteri.",
    en: "The title must be 1 to 200 characters.",
  },
  "documents.yearRange": {
    de: "Das Jahr liegt zwischen 1900 und 2100.",
    fr: "L'année est comprise entre 1900 et 2100.",
    it: "L'anno è compreso tra il 1900 e il 2100.",
    en: "The year must be between 1900 and 2100.",
  },
  "documents.noSuchPolicy": {
    de: "Die Richtlinie «{slug}» steht Ihnen nicht zur Verfügung.",
    fr: "La directive « {slug} » ne vous est pas accessible.",
    it: "La direttiva «{slug}» non le è accessibile.",
    en: "No policy '{slug}' is available to you.",
  },
  "documents.noSuchLeaveRequest": {
    de: "Sie haben kein Ferien- oder Abwesenheitsgesuch mit dieser ID.",
    fr: "Vous n'avez aucune demande de congé avec cet identifiant.",
    it: "Non ha nessuna richiesta di congedo con questo identificativo.",
    en: "You have no leave request with this id.",
  },
  "documents.attachmentLocked": {
    de: "Dieses Gesuch ist {status}; seine Datei kann sich nicht mehr ändern.",
    fr: "Cette demande est {status} ; son fichier ne peut plus changer.",
    it: "Questa richiesta è {status}; il suo file non può più cambiare.",
    en: "This request is {status}; its file can no longer change.",
  },
  "documents.statusApproved": { de: "bewilligt", fr: "approuvée", it: "approvata", en: "approved" },
  "documents.statusRejected": { de: "abgelehnt", fr: "refusée", it: "respinta", en: "rejected" },
  "documents.statusCancelled": { de: "storniert", fr: "annulée", it: "annullata", en: "cancelled" },
  "documents.statusWithdrawn": { de: "zurückgezogen", fr: "retirée", it: "ritirata", en: "withdrawn" },
  "documents.statusCancellationRequested": {
    de: "zur Stornierung angemeldet",
    fr: "en attente d'annulation",
    it: "in attesa di annullamento",
    en: "awaiting its cancellation",
  },
  "documents.statusDecided": {
    de: "bereits entschieden",
    fr: "déjà tranchée",
    it: "già decisa",
    en: "already decided",
  },
  "documents.noAttachment": {
    de: "Zu diesem Gesuch gibt es keinen Anhang, den Sie lesen dürfen.",
    fr: "Cette demande n'a aucune pièce jointe que vous pouvez lire.",
    it: "Per questa richiesta non c'è alcun allegato che lei possa leggere.",
    en: "No attachment for this leave request that you may read.",
  },
  "documents.noAssistantDocument": {
    de:
      "Das Dokument «{slug}» steht Ihnen nicht zur Verfügung. Rufen Sie list_documents auf für die Slugs, die Sie lesen dürfen.",
    fr:
      "Le document « {slug} » ne vous est pas accessible. Appelez list_documents pour les slugs que vous pouvez lire.",
    it: "Il documento «{slug}» non le è accessibile. Chiami list_documents per gli slug che può leggere.",
    en: "No document '{slug}' is available to you. Call list_documents for the slugs you may read.",
  },
  "documents.noEmployeeNumber": {
    de: "Es gibt keine mitarbeitende Person mit der Personalnummer «{number}».",
    fr: "Il n'y a aucun collaborateur avec le numéro de personnel « {number} ».",
    it: "Non c'è nessun collaboratore con il numero del personale «{number}».",
    en: 'There is no employee with the personnel number "{number}".',
  },
  "documents.notAskedFor": {
    de: "Kein Dokument angefordert: {problems}.",
    fr: "Aucun document demandé : {problems}.",
    it: "Nessun documento richiesto: {problems}.",
    en: "No document was asked for: {problems}.",
  },
  "documents.kindLength": {
    de: "das Dokument braucht einen Namen von 2 bis 100 Zeichen",
    fr: "le document a besoin d'un nom de 2 à 100 caractères",
    it: "il documento ha bisogno di un nome da 2 a 100 caratteri",
    en: "the document needs a name of 2 to 100 characters",
  },
  "documents.dueDateInvalid": {
    de: "die Frist muss ein Datum JJJJ-MM-TT sein, nicht «{due}»",
    fr: "l'échéance doit être une date AAAA-MM-JJ, pas « {due} »",
    it: "la scadenza deve essere una data AAAA-MM-GG, non «{due}»",
    en: 'the due day must be a date YYYY-MM-DD, got "{due}"',
  },
  "documents.dueDateRange": {
    de: "die Frist muss ein Datum vom 1900-01-01 bis 2100-12-31 sein, nicht «{due}»",
    fr: "l'échéance doit être une date du 1900-01-01 au 2100-12-31, pas « {due} »",
    it: "la scadenza deve essere una data dal 1900-01-01 al 2100-12-31, non «{due}»",
    en: 'the due day must be a date from 1900-01-01 to 2100-12-31, got "{due}"',
  },
  "documents.dueDatePassed": {
    de: "die Frist {due} ist vorbei",
    fr: "l'échéance du {due} est passée",
    it: "la scadenza del {due} è passata",
    en: "the due day {due} has passed",
  },
  "documents.alreadyAskedFor": {
    de: "{number} ist schon um «{kind}» gebeten.",
    fr: "{number} a déjà été prié·e de fournir « {kind} ».",
    it: "A {number} è già stato chiesto «{kind}».",
    en: '{number} is already asked for "{kind}".',
  },

  // The data export.
  "export.perDay": {
    de: "Höchstens {max} Exporte pro Tag; laden Sie eines der schon bereiten Archive herunter.",
    fr: "Au plus {max} exports par jour ; téléchargez l'une des archives déjà prêtes.",
    it: "Al massimo {max} esportazioni al giorno; scarichi uno degli archivi già pronti.",
    en: "At most {max} exports a day; download one of the archives already prepared.",
  },
  "export.noSuchExport": {
    de: "Es gibt keinen Datenexport mit dieser ID.",
    fr: "Il n'existe aucun export de données avec cet identifiant.",
    it: "Non esiste alcuna esportazione di dati con questo identificativo.",
    en: "No data export with this id.",
  },
  "export.preparing": {
    de: "Das Archiv wird noch vorbereitet.",
    fr: "L'archive est encore en préparation.",
    it: "L'archivio è ancora in preparazione.",
    en: "The archive is still being prepared.",
  },
  "export.gone": {
    de: "Dieses Archiv wird nicht mehr angeboten; verlangen Sie einen neuen Export.",
    fr: "Cette archive n'est plus proposée ; demandez un nouvel export.",
    it: "Questo archivio non è più disponibile; richieda una nuova esportazione.",
    en: "This archive is no longer offered; request a new export.",
  },

  // A person's to-dos.
  "todo.noTask": {
    de: "Sie haben keine Onboarding-Aufgabe mit dieser ID.",
    fr: "Vous n'avez aucune tâche d'intégration avec cet identifiant.",
    it: "Non ha nessun compito di inserimento con questo identificativo.",
    en: "You have no onboarding task with this id.",
  },
  "todo.taskForSomeoneElse": {
    de: "Diese Aufgabe Ihres Onboarding-Plans erledigt jemand anderes.",
    fr: "Cette tâche de votre plan d'intégration est à faire par quelqu'un d'autre.",
    it: "Questo compito del suo piano di inserimento spetta a un'altra persona.",
    en: "This task on your onboarding plan is for someone else to do.",
  },
  "todo.noDraft": {
    de: "Sie haben keinen ungesendeten Feedback-Entwurf mit dieser ID.",
    fr: "Vous n'avez aucun brouillon de feedback non envoyé avec cet identifiant.",
    it: "Non ha nessuna bozza di feedback non inviata con questo identificativo.",
    en: "You have no unsent feedback draft with this id.",
  },
  "todo.draftAlreadySent": {
    de: "Dieses Feedback ist bereits gesendet.",
    fr: "Ce feedback a déjà été envoyé.",
    it: "Questo feedback è già stato inviato.",
    en: "This feedback was already sent.",
  },
  "todo.noSurvey": {
    de: "Sie haben keine Umfrage-Einladung mit dieser ID.",
    fr: "Vous n'avez aucune invitation à un sondage avec cet identifiant.",
    it: "Non ha nessun invito a un sondaggio con questo identificativo.",
    en: "You have no survey invitation with this id.",
  },
  "todo.surveyClosed": {
    de: "Diese Umfrage ist seit dem {date} geschlossen.",
    fr: "Ce sondage est fermé depuis le {date}.",
    it: "Questo sondaggio è chiuso dal {date}.",
    en: "This survey closed on {date}.",
  },
  "todo.surveyAlreadySettled": {
    de: "Diese Umfrage-Einladung ist bereits erledigt ({status}).",
    fr: "Cette invitation à un sondage est déjà traitée ({status}).",
    it: "Questo invito a un sondaggio è già evaso ({status}).",
    en: "This survey invitation is already settled ({status}).",
  },
  "todo.surveyAnswered": { de: "beantwortet", fr: "répondu", it: "risposto", en: "answered" },
  "todo.surveyDeclined": { de: "abgelehnt", fr: "décliné", it: "rifiutato", en: "declined" },
  "todo.surveyExpired": { de: "abgelaufen", fr: "expiré", it: "scaduto", en: "expired" },

  // Connected assistants, as the portal shows them.
  "assistant.adminOnly": {
    de: "Nur eine Administratorin oder ein Administrator sieht die verbundenen Assistenten aller Personen.",
    fr: "Seul un administrateur voit les assistants connectés de tout le monde.",
    it: "Solo un amministratore vede gli assistenti collegati di tutti.",
    en: "Only an admin sees everyone's connected assistants.",
  },
  "assistant.noSuchConnection": {
    de: "Es gibt keinen verbundenen Assistenten mit dieser ID.",
    fr: "Il n'y a aucun assistant connecté avec cet identifiant.",
    it: "Non c'è nessun assistente collegato con questo identificativo.",
    en: "No connected assistant with this id.",
  },
  "assistant.activityDate": {
    de: "«{field}» ist ein Kalenderdatum JJJJ-MM-TT.",
    fr: "« {field} » est une date du calendrier AAAA-MM-JJ.",
    it: "«{field}» è una data del calendario AAAA-MM-GG.",
    en: "'{field}' must be a calendar date YYYY-MM-DD.",
  },
  "assistant.activityOrder": {
    de: "Ungültiger Zeitraum: «from» liegt nach «to».",
    fr: "Période non valable : « from » est postérieur à « to ».",
    it: "Periodo non valido: «from» è successivo a «to».",
    en: "Invalid period: 'from' is after 'to'.",
  },
  "assistant.activityTooLong": {
    de: "Ungültiger Zeitraum: höchstens {days} Tage auf einmal.",
    fr: "Période non valable : au plus {days} jours à la fois.",
    it: "Periodo non valido: al massimo {days} giorni alla volta.",
    en: "Invalid period: at most {days} days at a time.",
  },

  // The connector's own refusals: its limits, previews and what a person or connection may not do. They are
  // read by the assistant and shown to the person, so they say what to do next.
  "connector.perMinute": {
    de:
      "Limite erreicht: Diese Verbindung darf {limit} Aufrufe pro Minute machen. Warten Sie {seconds} Sekunden und versuchen Sie es dann wieder.",
    fr:
      "Limite atteinte : cette connexion peut faire {limit} appels par minute. Attendez {seconds} secondes, puis réessayez.",
    it:
      "Limite raggiunto: questa connessione può fare {limit} chiamate al minuto. Attenda {seconds} secondi, poi riprovi.",
    en:
      "Rate limit reached: this connection may make {limit} calls per minute. Wait {seconds} seconds, then try again.",
  },
  "connector.perHour": {
    de:
      "{tool} darf pro Verbindung {limit}-mal pro Stunde aufgerufen werden. Versuchen Sie es in {minutes} Minute(n) wieder.",
    fr:
      "{tool} peut être appelé {limit} fois par heure et par connexion. Réessayez dans {minutes} minute(s).",
    it: "{tool} può essere chiamato {limit} volte all'ora per connessione. Riprovi tra {minutes} minuto/i.",
    en: "{tool} may be called {limit} times per hour per connection. Try again in {minutes} minute(s).",
  },
  "connector.writesPerDay": {
    de:
      "Tageslimite für Eingaben erreicht: Diese Verbindung darf {limit} Eingaben (Bestätigen, Zurückziehen, Stornieren) pro Tag machen. Nichts wurde geändert. Bitten Sie die Person, das Portal zu verwenden, oder versuchen Sie es nach {until} wieder.",
    fr:
      "Limite journalière d'écritures atteinte : cette connexion peut effectuer {limit} écritures (confirmer, retirer, annuler) par jour. Rien n'a été modifié. Demandez à la personne d'utiliser le portail, ou réessayez après {until}.",
    it:
      "Limite giornaliero di scritture raggiunto: questa connessione può effettuare {limit} scritture (confermare, ritirare, annullare) al giorno. Non è stato modificato nulla. Chieda alla persona di usare il portale, o riprovi dopo {until}.",
    en:
      "Daily write limit reached: this connection may file {limit} writes (commit, withdraw, cancel) per day. Nothing was changed. Ask the person to use the portal, or try again after {until}.",
  },
  "connector.allowanceReached": {
    de:
      "Das Tageskontingent von {allowance} verschiedenen Personendossiers für diese Verbindung ist erreicht (heute bisher {counted}); dieses Lesen käme auf {more} weitere. Das Lesen weiterer Personen wird bis zum nächsten UTC-Tag abgelehnt; heute schon gelesene Personen können weiterhin gelesen werden.",
    fr:
      "Le quota journalier de {allowance} dossiers de personnes différentes pour cette connexion est atteint ({counted} jusqu'ici aujourd'hui) ; cette lecture en ajouterait {more}. La lecture d'autres personnes est refusée jusqu'au prochain jour UTC ; les personnes déjà lues aujourd'hui peuvent encore l'être.",
    it:
      "Il contingente giornaliero di {allowance} fascicoli di persone diverse per questa connessione è raggiunto ({counted} finora oggi); questa lettura ne aggiungerebbe altri {more}. La lettura di altre persone è rifiutata fino al prossimo giorno UTC; le persone già lette oggi possono ancora essere lette.",
    en:
      "The daily allowance of {allowance} different person records for this connection is reached ({counted} so far today); this read would add {more} more. Reads of further people are refused until the next UTC day; people already read today can still be read.",
  },
  "connector.unknownPreview": {
    de:
      "Diese previewId ist dieser Verbindung unbekannt. Rufen Sie das passende prepare_*-Werkzeug erneut auf und bestätigen Sie die neue previewId.",
    fr:
      "Cette previewId est inconnue de cette connexion. Appelez à nouveau l'outil prepare_* correspondant et confirmez la nouvelle previewId.",
    it:
      "Questa previewId è sconosciuta a questa connessione. Chiami di nuovo lo strumento prepare_* corrispondente e confermi la nuova previewId.",
    en:
      "This previewId is unknown to this connection. Call the matching prepare_* tool again and commit the new previewId.",
  },
  "connector.previewExpired": {
    de:
      "Diese Vorschau ist abgelaufen (Vorschauen gelten {minutes} Minuten), und nichts wurde eingereicht. Rufen Sie das passende prepare_*-Werkzeug erneut auf, zeigen Sie der Person die neue Vorschau und bestätigen Sie sie dann.",
    fr:
      "Cet aperçu a expiré (les aperçus sont valables {minutes} minutes) et rien n'a été déposé. Appelez à nouveau l'outil prepare_* correspondant, montrez le nouvel aperçu à la personne, puis confirmez-le.",
    it:
      "Questa anteprima è scaduta (le anteprime valgono {minutes} minuti) e non è stato inoltrato nulla. Chiami di nuovo lo strumento prepare_* corrispondente, mostri la nuova anteprima alla persona, poi la confermi.",
    en:
      "This preview has expired (previews are valid for {minutes} minutes) and nothing was filed. Call the matching prepare_* tool again, show the new preview to the person, then commit it.",
  },
  "connector.previewAnswerLost": {
    de:
      "Diese Vorschau wurde schon eingereicht; ihre Bestätigung ging beim Neustart des Dienstes verloren. Prüfen Sie den Eintrag mit dem passenden Listenwerkzeug, statt erneut zu bestätigen.",
    fr:
      "Cet aperçu a déjà été déposé ; sa confirmation a été perdue au redémarrage du service. Vérifiez l'enregistrement avec l'outil de liste correspondant au lieu de confirmer à nouveau.",
    it:
      "Questa anteprima è già stata inoltrata; la sua conferma è andata persa al riavvio del servizio. Verifichi il record con lo strumento di elenco corrispondente invece di confermare di nuovo.",
    en:
      "This preview was filed already; its confirmation was lost when the service restarted. Check the record with the matching list tool instead of committing again.",
  },
  "connector.roleLacksTool": {
    de:
      "{tool} steht dieser Person nicht zur Verfügung: Es braucht die Berechtigung «{permission}», die die Rolle «{role}» nicht hat, und keine Verbindung eines Assistenten kann sie gewähren. Nicht erneut versuchen; whoami nennt die Werkzeuge, die diese Person verwenden kann.",
    fr:
      "{tool} n'est pas disponible pour cette personne : il faut l'autorisation « {permission} », que le rôle « {role} » n'a pas, et aucune connexion d'assistant ne peut l'accorder. Ne réessayez pas ; appelez whoami pour les outils que cette personne peut utiliser.",
    it:
      "{tool} non è disponibile per questa persona: richiede l'autorizzazione «{permission}», che il ruolo «{role}» non ha, e nessuna connessione di un assistente può concederla. Non riprovi; chiami whoami per gli strumenti che questa persona può usare.",
    en:
      "{tool} is not available to this person: it needs the permission '{permission}', which the role '{role}' does not include, and no assistant connection can grant it. Do not retry; call whoami for the tools this person can use.",
  },
  "connector.scopeNotGranted": {
    de:
      "{tool} braucht den Zugriff «{scope}» ({what}), den die Person beim Verbinden von {client} nicht erlaubt hat. Um ihn zu erlauben, öffnet die Person {page}, trennt {client}, verbindet es neu und erlaubt diesen Zugriff, wenn danach gefragt wird. Bis dahin nennt whoami die jetzt verfügbaren Werkzeuge.",
    fr:
      "{tool} a besoin de l'accès « {scope} » ({what}), que la personne n'a pas autorisé en connectant {client}. Pour l'autoriser, la personne ouvre {page}, déconnecte {client}, le reconnecte et autorise cet accès lorsqu'il est demandé. D'ici là, appelez whoami pour les outils disponibles.",
    it:
      "{tool} richiede l'accesso «{scope}» ({what}), che la persona non ha autorizzato collegando {client}. Per autorizzarlo, la persona apre {page}, scollega {client}, lo ricollega e autorizza questo accesso quando richiesto. Fino ad allora, chiami whoami per gli strumenti disponibili.",
    en:
      "{tool} needs the access '{scope}' ({what}), which the person did not allow when connecting {client}. To allow it, the person opens {page}, disconnects {client}, then connects it again and allows that access when asked. Until then, call whoami for the tools available now.",
  },
  "connector.scopeNarrowed": {
    de:
      "{tool} braucht den Zugriff «{scope}» ({what}). Die Person hat ihn beim Verbinden von {client} erlaubt, aber {client} hat dieses Zugriffstoken ohne ihn angefordert (mit einem engeren Umfang beim Erneuern). Um ihn zu nutzen, holt {client} ein neues Zugriffstoken, ohne den Umfang einzuschränken; die Person muss nichts tun. Bis dahin nennt whoami die mit diesem Token verfügbaren Werkzeuge.",
    fr:
      "{tool} a besoin de l'accès « {scope} » ({what}). La personne l'a autorisé en connectant {client}, mais {client} a demandé ce jeton d'accès sans lui (une portée plus étroite lors du renouvellement). Pour l'utiliser, {client} obtient un nouveau jeton d'accès sans restreindre la portée ; la personne n'a rien à faire. D'ici là, appelez whoami pour les outils disponibles avec ce jeton.",
    it:
      "{tool} richiede l'accesso «{scope}» ({what}). La persona l'ha autorizzato collegando {client}, ma {client} ha chiesto questo token di accesso senza di esso (un ambito più ristretto al rinnovo). Per usarlo, {client} ottiene un nuovo token di accesso senza restringere l'ambito; la persona non deve fare nulla. Fino ad allora, chiami whoami per gli strumenti disponibili con questo token.",
    en:
      "{tool} needs the access '{scope}' ({what}). The person allowed it when connecting {client}, but {client} asked for this access token without it (a narrower scope at a refresh). To use it, {client} gets a new access token without narrowing the scope; the person need not do anything. Until then, call whoami for the tools available with this token.",
  },
  "connector.readingDocuments": {
    de: "Das Lesen von Dokumenten",
    fr: "La lecture de documents",
    it: "La lettura di documenti",
    en: "Reading documents",
  },
  "connector.unknownArgument": {
    de: "Unbekanntes Argument {key}. Prüfen Sie das inputSchema des Werkzeugs.",
    fr: "Argument inconnu {key}. Vérifiez l'inputSchema de l'outil.",
    it: "Argomento sconosciuto {key}. Verifichi l'inputSchema dello strumento.",
    en: "Unknown argument {key}. Check the tool's inputSchema.",
  },
  "connector.unknownArguments": {
    de: "Unbekannte Argumente {keys}. Prüfen Sie das inputSchema des Werkzeugs.",
    fr: "Arguments inconnus {keys}. Vérifiez l'inputSchema de l'outil.",
    it: "Argomenti sconosciuti {keys}. Verifichi l'inputSchema dello strumento.",
    en: "Unknown arguments {keys}. Check the tool's inputSchema.",
  },
  "connector.argumentsInvalid": {
    de: "Ungültige Argumente: {message}",
    fr: "Arguments non valables : {message}",
    it: "Argomenti non validi: {message}",
    en: "Invalid arguments: {message}",
  },
  "connector.argumentRequired": {
    de: "Das Argument '{field}' fehlt.",
    fr: "L'argument '{field}' manque.",
    it: "Manca l'argomento '{field}'.",
    en: "Argument '{field}' is required.",
  },
  "connector.argumentType": {
    de: "Ungültiges Argument '{field}': erwartet {expected}, nicht {got}.",
    fr: "Argument '{field}' non valable : attendu {expected}, pas {got}.",
    it: "Argomento '{field}' non valido: atteso {expected}, non {got}.",
    en: "Invalid argument '{field}': must be {expected}, not {got}.",
  },
  "connector.argumentInvalid": {
    de: "Ungültiges Argument '{field}': {message}",
    fr: "Argument '{field}' non valable : {message}",
    it: "Argomento '{field}' non valido: {message}",
    en: "Invalid argument '{field}': {message}",
  },
  "connector.promptNotForRole": {
    de: "Die Vorlage '{prompt}' ist für {audience}; die Rolle der Person ({role}) darf sie nicht verwenden.",
    fr:
      "Le modèle '{prompt}' est réservé {audience} ; le rôle de la personne ({role}) ne permet pas de l'utiliser.",
    it:
      "Il modello '{prompt}' è riservato {audience}; il ruolo della persona ({role}) non permette di usarlo.",
    en: "The prompt '{prompt}' is for {audience}; the person's role ({role}) may not use it.",
  },
  "connector.audienceHr": {
    de: "HR-Mitarbeitende und höher",
    fr: "au personnel RH et au-dessus",
    it: "al personale HR e superiori",
    en: "HR staff and above",
  },
  "connector.audienceManagers": {
    de: "Vorgesetzte und höher",
    fr: "aux responsables et au-dessus",
    it: "ai responsabili e superiori",
    en: "managers and above",
  },
  "connector.promptArgumentRequired": {
    de: "Das Argument '{name}' fehlt (höchstens 200 Zeichen).",
    fr: "L'argument '{name}' manque (au plus 200 caractères).",
    it: "Manca l'argomento '{name}' (al massimo 200 caratteri).",
    en: "Argument '{name}' is required (at most 200 characters).",
  },
  "connector.roleNoAssistants": {
    de: "Die Rolle dieser Person darf keine Assistenten verwenden.",
    fr: "Le rôle de cette personne ne permet pas d'utiliser des assistants.",
    it: "Il ruolo di questa persona non permette di usare assistenti.",
    en: "This person's role may not use assistants.",
  },
  "connector.unknownResource": {
    de: "Unbekannte Ressource {uri}",
    fr: "Ressource inconnue {uri}",
    it: "Risorsa sconosciuta {uri}",
    en: "Unknown resource {uri}",
  },
  "connector.rejectionNoteOnlyReject": {
    de: "Eine rejection_note gehört nur zu decision REJECT.",
    fr: "Une rejection_note ne va qu'avec decision REJECT.",
    it: "Una rejection_note va solo con decision REJECT.",
    en: "A rejection_note goes only with decision REJECT.",
  },
  "connector.stageGated": {
    de:
      "Die Stufe «{stage}» ist gesperrt, und diese Bewerbung hat noch offene blockierende Aufgaben: {tasks}. Sie müssen zuerst erledigt werden; über einen Assistenten lässt sich die Sperre nicht umgehen.",
    fr:
      "L'étape « {stage} » est verrouillée et cette candidature a encore des tâches bloquantes ouvertes : {tasks}. Elles doivent d'abord être terminées ; le verrou ne peut pas être levé par un assistant.",
    it:
      "La fase «{stage}» è bloccata e questa candidatura ha ancora compiti bloccanti aperti: {tasks}. Devono prima essere completati; il blocco non può essere aggirato tramite un assistente.",
    en:
      "The stage '{stage}' is gated and this application still has open blocking tasks: {tasks}. They must be finished first; the gate cannot be overridden through an assistant.",
  },
  "connector.noteRepeated": {
    de:
      "Diese Notiz steht schon bei der Bewerbung: Sie haben denselben Text am {at} erfasst (Notiz {id}). Nichts wurde erneut erfasst; für eine zweite Notiz formulieren Sie sie anders.",
    fr:
      "Cette note figure déjà sur la candidature : vous avez saisi le même texte le {at} (note {id}). Rien n'a été saisi à nouveau ; pour une deuxième note, formulez-la autrement.",
    it:
      "Questa nota è già sulla candidatura: ha registrato lo stesso testo il {at} (nota {id}). Non è stato registrato nulla di nuovo; per una seconda nota, la formuli diversamente.",
    en:
      "This note is already on the application: you filed the same text at {at} (note {id}). Nothing was filed again; to add a second note, word it differently.",
  },

  // Connector clients an admin registers by hand (the reason of a bad redirect URI is the protocol's words).
  "oauth.clientName": {
    de: "Der Name des Clients hat 1 bis 100 Zeichen.",
    fr: "Le nom du client compte de 1 à 100 caractères.",
    it: "Il nome del client ha da 1 a 100 caratteri.",
    en: "The client name must have 1 to 100 characters.",
  },
  "oauth.redirectUriInvalid": {
    de: "Ungültige Redirect-URI: {reason}.",
    fr: "URI de redirection non valable : {reason}.",
    it: "URI di reindirizzamento non valido: {reason}.",
    en: "Invalid redirect URI: {reason}.",
  },
  // The accesses a connection may be granted, as the consent page names them (said inside scopeNotGranted).
  "oauth.scopeSelfRead": SCOPE_DESCRIPTIONS["self:read"],
  "oauth.scopeSelfWrite": SCOPE_DESCRIPTIONS["self:write"],
  "oauth.scopeHrReadPeople": SCOPE_DESCRIPTIONS["hr:read:people"],
  "oauth.scopeHrReadRecruiting": SCOPE_DESCRIPTIONS["hr:read:recruiting"],
  "oauth.scopeHrWrite": SCOPE_DESCRIPTIONS["hr:write"],

  // A browser's Web Push subscription as a push device's token (WEBPUSH).
  "push.webSubscription": {
    de:
      "Für WEBPUSH ist «token» das Push-Abonnement des Browsers ({endpoint, keys: {p256dh, auth}}) als JSON in base64url.",
    fr:
      "Pour WEBPUSH, « token » est l'abonnement push du navigateur ({endpoint, keys: {p256dh, auth}}) en JSON encodé en base64url.",
    it:
      "Per WEBPUSH, «token» è l'abbonamento push del browser ({endpoint, keys: {p256dh, auth}}) come JSON in base64url.",
    en:
      "For WEBPUSH, 'token' is the browser's push subscription ({endpoint, keys: {p256dh, auth}}) as base64url JSON.",
  },
  "push.webEndpointHttps": {
    de: "Die Adresse (endpoint) des Push-Abonnements in «token» muss mit https:// beginnen.",
    fr: "L'adresse (endpoint) de l'abonnement push dans « token » doit commencer par https://.",
    it: "L'indirizzo (endpoint) dell'abbonamento push in «token» deve iniziare con https://.",
    en: "The push subscription's endpoint in 'token' must be an https:// address.",
  },
  "push.webEndpointHost": {
    de:
      "Die Adresse (endpoint) des Push-Abonnements in «token» liegt bei {host}; das ist kein Push-Dienst, den diese Installation annimmt.",
    fr:
      "L'adresse (endpoint) de l'abonnement push dans « token » se trouve chez {host}, qui n'est pas un service push accepté par cette installation.",
    it:
      "L'indirizzo (endpoint) dell'abbonamento push in «token» si trova presso {host}, che non è un servizio push accettato da questa installazione.",
    en:
      "The push subscription's endpoint in 'token' is at {host}, which is not a push service this installation accepts.",
  },
  "push.webKeys": {
    de:
      "Die Schlüssel des Push-Abonnements in «token» sind ungültig: p256dh ist ein öffentlicher P-256-Schlüssel (65 Bytes), auth ein Geheimnis von 16 Bytes, beide in base64url.",
    fr:
      "Les clés de l'abonnement push dans « token » ne sont pas valables : p256dh est une clé publique P-256 (65 octets), auth un secret de 16 octets, tous deux en base64url.",
    it:
      "Le chiavi dell'abbonamento push in «token» non sono valide: p256dh è una chiave pubblica P-256 (65 byte), auth un segreto di 16 byte, entrambi in base64url.",
    en:
      "The push subscription's keys in 'token' are not valid: p256dh must be a P-256 public key (65 bytes) and auth a 16-byte secret, both base64url.",
  },
} as const satisfies Catalogue;
