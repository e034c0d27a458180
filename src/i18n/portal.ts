/**
 * The portal's explanation of an invalid request, field by field (what schema validation finds), in the four
 * languages people read; German is the source and the fallback. The caller's language is their account's;
 * before sign-in, the request's Accept-Language. The portal's other refusals are in the one catalogue
 * (src/i18n/messages/self.ts).
 */
import type { Lang } from "./mod.ts";

export interface PortalTexts {
  /** Validation: one sentence per invalid field (`{field}`, `{expected}`, `{got}`, `{message}`, `{keys}`). */
  fieldRequired: string;
  fieldType: string;
  fieldInvalid: string;
  unknownField: string;
  unknownFields: string;
  invalidWhole: string;
  /** The whole body or query of the wrong JSON type (`{where}`, `{expected}`, `{got}`). */
  wholeType: string;
  /** Where an invalid value was: "in the body", "in the query", "in the path". */
  where: Record<"body" | "query" | "path", string>;
}

export const PORTAL_TEXTS: Record<Lang, PortalTexts> = {
  de: {
    fieldRequired: "Das Feld '{field}' fehlt.",
    fieldType: "Ungültiges Feld '{field}': erwartet {expected}, nicht {got}.",
    fieldInvalid: "Ungültiges Feld '{field}': {message}",
    unknownField: "Unbekanntes Feld {keys} {where}.",
    unknownFields: "Unbekannte Felder {keys} {where}.",
    invalidWhole: "Ungültige Angaben {where}: {message}",
    wholeType: "Ungültige Angaben {where}: erwartet {expected}, nicht {got}.",
    where: { "body": "im Inhalt", "query": "in der Abfrage", "path": "im Pfad" },
  },
  en: {
    fieldRequired: "Field '{field}' is required.",
    fieldType: "Invalid field '{field}': must be {expected}, not {got}.",
    fieldInvalid: "Invalid field '{field}': {message}",
    unknownField: "Unknown field {keys} {where}.",
    unknownFields: "Unknown fields {keys} {where}.",
    invalidWhole: "Invalid input {where}: {message}",
    wholeType: "Invalid input {where}: must be {expected}, not {got}.",
    where: { "body": "in the body", "query": "in the query", "path": "in the path" },
  },
  fr: {
    fieldRequired: "Le champ '{field}' manque.",
    fieldType: "Champ '{field}' non valable : attendu {expected}, pas {got}.",
    fieldInvalid: "Champ '{field}' non valable : {message}",
    unknownField: "Champ inconnu {keys} {where}.",
    unknownFields: "Champs inconnus {keys} {where}.",
    invalidWhole: "Données non valables {where} : {message}",
    wholeType: "Données non valables {where} : attendu {expected}, pas {got}.",
    where: { "body": "dans le contenu", "query": "dans la requête", "path": "dans le chemin" },
  },
  it: {
    fieldRequired: "Manca il campo '{field}'.",
    fieldType: "Campo '{field}' non valido: atteso {expected}, non {got}.",
    fieldInvalid: "Campo '{field}' non valido: {message}",
    unknownField: "Campo sconosciuto {keys} {where}.",
    unknownFields: "Campi sconosciuti {keys} {where}.",
    invalidWhole: "Dati non validi {where}: {message}",
    wholeType: "Dati non validi {where}: atteso {expected}, non {got}.",
    where: { "body": "nel contenuto", "query": "nella richiesta", "path": "nel percorso" },
  },
};
