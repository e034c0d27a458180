/**
 * The portal API's own refusals (sign-in, limits, the request's form), in the four languages people read;
 * German is the source and the fallback. The caller's language is their account's; before sign-in, the
 * request's Accept-Language. What a service refuses about the content of a request is said by the service.
 */
import type { Lang } from "./mod.ts";

export interface PortalTexts {
  signInFirst: string;
  sessionEnded: string;
  crossSite: string;
  tooMany: string;
  noEmployee: string;
  sendJson: string;
  emptyBody: string;
  notJson: string;
  noEndpoint: string;
  methodNotAllowed: string;
  /** An Idempotency-Key whose request was carried out before the service stopped, its answer lost. */
  idempotencyAnswerLost: string;
  /** An app's sign-in through the upstream provider (`/auth/oidc/start`, `/auth/oidc/token`). */
  appNoUpstream: string;
  appRedirectUnknown: string;
  appPkceS256: string;
  appCodeInvalid: string;
  /** Validation: one sentence per invalid field (`{field}`, `{expected}`, `{got}`, `{message}`, `{keys}`). */
  fieldRequired: string;
  fieldType: string;
  fieldInvalid: string;
  unknownField: string;
  unknownFields: string;
  invalidWhole: string;
  /** Where an invalid value was: "in the body", "in the query", "in the path". */
  where: Record<"body" | "query" | "path", string>;
  /** JSON types as the sentences name them. */
  types: Record<"string" | "number" | "boolean" | "object" | "array" | "null", string>;
}

export const PORTAL_TEXTS: Record<Lang, PortalTexts> = {
  de: {
    signInFirst: "Bitte zuerst anmelden: Senden Sie Authorization: Bearer <Sitzungs-Token>.",
    sessionEnded: "Die Sitzung ist abgelaufen oder wurde beendet. Bitte melden Sie sich neu an.",
    crossSite:
      "Diese Anfrage kam mit dem Sitzungs-Cookie von einer anderen Website und wurde abgelehnt. Verwenden Sie die App oder die Seiten des Dienstes.",
    tooMany: "Zu viele Anfragen: höchstens {limit} pro Minute. Versuchen Sie es in {seconds} s wieder.",
    noEmployee: "Mit diesem Konto ist kein Personaldossier verknüpft.",
    sendJson: "Senden Sie den Inhalt als JSON mit Content-Type: application/json.",
    emptyBody: "Die Anfrage ist leer; senden Sie ein JSON-Objekt.",
    notJson: "Der Inhalt der Anfrage ist kein gültiges JSON.",
    noEndpoint: "Diese Adresse gibt es nicht: {method} {path}",
    methodNotAllowed: "{method} ist hier nicht möglich; verwenden Sie {allow}.",
    idempotencyAnswerLost:
      "Die Anfrage mit diesem Idempotency-Key wurde ausgeführt, aber ihre Antwort ging verloren (der Dienst hielt an, oder die Datenbank konnte sie nicht mehr speichern). Schlagen Sie den Eintrag nach, statt die Anfrage erneut zu senden; eine neue Anfrage braucht einen neuen Schlüssel.",
    appNoUpstream: "Diese Installation meldet nicht über einen Identitätsanbieter an.",
    appRedirectUnknown: "Diese redirect_uri ist für keine App dieser Installation eingetragen.",
    appPkceS256: "PKCE mit code_challenge_method=S256 ist erforderlich.",
    appCodeInvalid:
      "Der Code ist unbekannt, abgelaufen, schon verwendet oder passt nicht zu codeVerifier und redirectUri. Melden Sie sich neu an.",
    fieldRequired: "Das Feld '{field}' fehlt.",
    fieldType: "Ungültiges Feld '{field}': erwartet {expected}, nicht {got}.",
    fieldInvalid: "Ungültiges Feld '{field}': {message}",
    unknownField: "Unbekanntes Feld {keys} {where}.",
    unknownFields: "Unbekannte Felder {keys} {where}.",
    invalidWhole: "Ungültige Angaben {where}: {message}",
    where: { "body": "im Inhalt", "query": "in der Abfrage", "path": "im Pfad" },
    types: {
      "string": "Text",
      "number": "Zahl",
      "boolean": "true oder false",
      "object": "Objekt",
      "array": "Liste",
      "null": "null",
    },
  },
  en: {
    signInFirst: "Sign in first: send Authorization: Bearer <session token>.",
    sessionEnded: "The session has expired or was signed out. Sign in again.",
    crossSite:
      "This request came from another site with the session cookie; it was refused. Use the app or the service's own pages, or send the session token as Authorization: Bearer.",
    tooMany: "Too many requests: at most {limit} a minute. Try again in {seconds} s.",
    noEmployee: "No employee record is linked to this account.",
    sendJson: "Send the body as JSON with Content-Type: application/json.",
    emptyBody: "The request body is empty; send a JSON object.",
    notJson: "The request body is not valid JSON.",
    noEndpoint: "No such endpoint: {method} {path}",
    methodNotAllowed: "{method} is not allowed here; use {allow}.",
    idempotencyAnswerLost:
      "The request with this Idempotency-Key was carried out, but its answer was lost (the service stopped, or the database could not store it any more). Look the record up instead of sending the request again; a new request needs a new key.",
    appNoUpstream: "This installation does not sign in through an identity provider.",
    appRedirectUnknown: "This redirect_uri is not registered for an app of this installation.",
    appPkceS256: "PKCE with code_challenge_method=S256 is required.",
    appCodeInvalid:
      "The code is unknown, expired, already used, or does not match codeVerifier and redirectUri. Sign in again.",
    fieldRequired: "Field '{field}' is required.",
    fieldType: "Invalid field '{field}': must be {expected}, not {got}.",
    fieldInvalid: "Invalid field '{field}': {message}",
    unknownField: "Unknown field {keys} {where}.",
    unknownFields: "Unknown fields {keys} {where}.",
    invalidWhole: "Invalid input {where}: {message}",
    where: { "body": "in the body", "query": "in the query", "path": "in the path" },
    types: {
      "string": "a string",
      "number": "a number",
      "boolean": "a boolean",
      "object": "an object",
      "array": "an array",
      "null": "null",
    },
  },
  fr: {
    signInFirst: "Connectez-vous d'abord : envoyez Authorization: Bearer <jeton de session>.",
    sessionEnded: "La session a expiré ou a été fermée. Veuillez vous reconnecter.",
    crossSite:
      "Cette requête venait d'un autre site avec le cookie de session ; elle a été refusée. Utilisez l'application ou les pages du service.",
    tooMany: "Trop de requêtes : au plus {limit} par minute. Réessayez dans {seconds} s.",
    noEmployee: "Aucun dossier du personnel n'est lié à ce compte.",
    sendJson: "Envoyez le contenu en JSON avec Content-Type: application/json.",
    emptyBody: "La requête est vide ; envoyez un objet JSON.",
    notJson: "Le contenu de la requête n'est pas du JSON valide.",
    noEndpoint: "Cette adresse n'existe pas : {method} {path}",
    methodNotAllowed: "{method} n'est pas possible ici ; utilisez {allow}.",
    idempotencyAnswerLost:
      "La requête portant cette Idempotency-Key a été exécutée, mais sa réponse a été perdue (le service s'est arrêté, ou la base de données n'a plus pu l'enregistrer). Consultez l'enregistrement au lieu de renvoyer la requête ; une nouvelle requête demande une nouvelle clé.",
    appNoUpstream: "Cette installation ne se connecte pas par un fournisseur d'identité.",
    appRedirectUnknown: "Cette redirect_uri n'est enregistrée pour aucune application de cette installation.",
    appPkceS256: "PKCE avec code_challenge_method=S256 est requis.",
    appCodeInvalid:
      "Le code est inconnu, expiré, déjà utilisé ou ne correspond pas à codeVerifier et redirectUri. Veuillez vous reconnecter.",
    fieldRequired: "Le champ '{field}' manque.",
    fieldType: "Champ '{field}' non valable : attendu {expected}, pas {got}.",
    fieldInvalid: "Champ '{field}' non valable : {message}",
    unknownField: "Champ inconnu {keys} {where}.",
    unknownFields: "Champs inconnus {keys} {where}.",
    invalidWhole: "Données non valables {where} : {message}",
    where: { "body": "dans le contenu", "query": "dans la requête", "path": "dans le chemin" },
    types: {
      "string": "un texte",
      "number": "un nombre",
      "boolean": "true ou false",
      "object": "un objet",
      "array": "une liste",
      "null": "null",
    },
  },
  it: {
    signInFirst: "Acceda prima: invii Authorization: Bearer <token di sessione>.",
    sessionEnded: "La sessione è scaduta o è stata chiusa. Acceda di nuovo.",
    crossSite:
      "Questa richiesta proveniva da un altro sito con il cookie di sessione ed è stata rifiutata. Usi l'app o le pagine del servizio.",
    tooMany: "Troppe richieste: al massimo {limit} al minuto. Riprovi tra {seconds} s.",
    noEmployee: "A questo conto non è collegato alcun dossier del personale.",
    sendJson: "Invii il contenuto come JSON con Content-Type: application/json.",
    emptyBody: "La richiesta è vuota; invii un oggetto JSON.",
    notJson: "Il contenuto della richiesta non è JSON valido.",
    noEndpoint: "Questo indirizzo non esiste: {method} {path}",
    methodNotAllowed: "{method} non è possibile qui; usi {allow}.",
    idempotencyAnswerLost:
      "La richiesta con questa Idempotency-Key è stata eseguita, ma la sua risposta è andata persa (il servizio si è fermato, o la banca dati non ha più potuto salvarla). Consulti il dato invece di inviare di nuovo la richiesta; una nuova richiesta richiede una nuova chiave.",
    appNoUpstream: "Questa installazione non accede tramite un fornitore di identità.",
    appRedirectUnknown: "Questa redirect_uri non è registrata per nessuna app di questa installazione.",
    appPkceS256: "È richiesto PKCE con code_challenge_method=S256.",
    appCodeInvalid:
      "Il codice è sconosciuto, scaduto, già usato o non corrisponde a codeVerifier e redirectUri. Acceda di nuovo.",
    fieldRequired: "Manca il campo '{field}'.",
    fieldType: "Campo '{field}' non valido: atteso {expected}, non {got}.",
    fieldInvalid: "Campo '{field}' non valido: {message}",
    unknownField: "Campo sconosciuto {keys} {where}.",
    unknownFields: "Campi sconosciuti {keys} {where}.",
    invalidWhole: "Dati non validi {where}: {message}",
    where: { "body": "nel contenuto", "query": "nella richiesta", "path": "nel percorso" },
    types: {
      "string": "un testo",
      "number": "un numero",
      "boolean": "true o false",
      "object": "un oggetto",
      "array": "un elenco",
      "null": "null",
    },
  },
};
