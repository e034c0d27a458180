/** The catalogue's refusals of the common area (see mod.ts): German first, then French, Italian, English. */
import type { Catalogue } from "./types.ts";

export const COMMON_MESSAGES = {
  "account.noEmployee": {
    de: "Mit diesem Konto ist kein Personaldossier verknüpft.",
    fr: "Aucun dossier du personnel n'est lié à ce compte.",
    it: "A questo account non è collegato alcun fascicolo del personale.",
    en: "No employee record is linked to this account.",
  },
  "page.cursorAndOffset": {
    de: "Senden Sie entweder «cursor» oder «offset», nicht beides.",
    fr: "Envoyez soit « cursor », soit « offset », pas les deux.",
    it: "Inviate «cursor» oppure «offset», non entrambi.",
    en: "Send either 'cursor' or 'offset', not both.",
  },
  "page.badCursor": {
    de: "«cursor» muss ein «nextCursor» sein, den diese Liste geliefert hat.",
    fr: "« cursor » doit être un « nextCursor » renvoyé par cette liste.",
    it: "«cursor» deve essere un «nextCursor» restituito da questo elenco.",
    en: "'cursor' must be a 'nextCursor' this list answered.",
  },
  "input.year": {
    de: "«{field}» muss ein Jahr von 2000 bis 2100 sein, nicht {value}.",
    fr: "« {field} » doit être une année de 2000 à 2100, pas {value}.",
    it: "«{field}» deve essere un anno dal 2000 al 2100, non {value}.",
    en: "'{field}' must be a year from 2000 to 2100, not {value}.",
  },
  "sync.updatedSince": {
    de:
      "«updatedSince» muss ein «nextUpdatedSince» dieser Liste aus den letzten {days} Tagen sein; laden Sie sonst die ganze Liste neu mit 1970-01-01T00:00:00Z.",
    fr:
      "« updatedSince » doit être un « nextUpdatedSince » de cette liste datant des {days} derniers jours ; sinon, rechargez toute la liste avec 1970-01-01T00:00:00Z.",
    it:
      "«updatedSince» deve essere un «nextUpdatedSince» di questo elenco degli ultimi {days} giorni; altrimenti ricaricate l'intero elenco con 1970-01-01T00:00:00Z.",
    en:
      "'updatedSince' must be a 'nextUpdatedSince' of this list from the last {days} days; otherwise load the whole list again with 1970-01-01T00:00:00Z.",
  },
  // A JSON type as the doors name it in "expected a number, not a string".
  "jsonType.string": {
    de: "Text",
    fr: "un texte",
    it: "un testo",
    en: "a string",
  },
  "jsonType.number": {
    de: "Zahl",
    fr: "un nombre",
    it: "un numero",
    en: "a number",
  },
  "jsonType.int": {
    de: "ganze Zahl",
    fr: "un nombre entier",
    it: "un numero intero",
    en: "a whole number",
  },
  "jsonType.boolean": {
    de: "true oder false",
    fr: "true ou false",
    it: "true o false",
    en: "a boolean",
  },
  "jsonType.object": {
    de: "Objekt",
    fr: "un objet",
    it: "un oggetto",
    en: "an object",
  },
  "jsonType.array": {
    de: "Liste",
    fr: "une liste",
    it: "un elenco",
    en: "an array",
  },
  "jsonType.null": {
    de: "null",
    fr: "null",
    it: "null",
    en: "null",
  },
} as const satisfies Catalogue;
