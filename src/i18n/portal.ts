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
  /** Where an invalid value was: "in the body", "in the query", "in the path". */
  where: Record<"body" | "query" | "path", string>;
  /** JSON types as the sentences name them. */
  types: Record<"string" | "number" | "boolean" | "object" | "array" | "null", string>;
}

export const PORTAL_TEXTS: Record<Lang, PortalTexts> = {
  de: {
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
