/**
 * Texts of the HR console's documents page in the four languages people read; German is the source and the
 * fallback. Placeholders in `{braces}` are filled with `fill` (i18n/mod.ts).
 */
import type { Lang } from "./mod.ts";

export interface DocumentTexts {
  documents: string;
  intro: string;
  none: string;
  slug: string;
  slugHint: string;
  audience: string;
  audienceNames: Record<"ALL" | "MANAGERS" | "HR", string>;
  assistantVisible: string;
  category: string;
  languages: string;
  languageNames: Record<"de" | "fr" | "it" | "en", string>;
  original: string;
  optional: string;
  docTitle: string;
  body: string;
  bodyHint: string;
  edit: string;
  newDocument: string;
  saved: string;
  unknown: string;
}

export const DOCUMENT_TEXTS: Record<Lang, DocumentTexts> = {
  de: {
    documents: "Dokumente",
    intro:
      "Reglemente und Handbuchseiten in Markdown: Deutsch ist das Original, Französisch, Italienisch und Englisch sind freiwillige Übersetzungen. Jede Person liest die Fassung ihrer Sprache, sonst das Original.",
    none: "Noch keine Dokumente.",
    slug: "Kennung",
    slugHint:
      "Kleinbuchstaben, Ziffern und -, z. B. spesenreglement. Eine bestehende Kennung ändert dieses Dokument.",
    audience: "Für wen",
    audienceNames: { ALL: "alle Mitarbeitenden", MANAGERS: "Vorgesetzte und HR", HR: "nur HR" },
    assistantVisible: "KI-Assistenten dürfen es lesen",
    category: "Kategorie (freiwillig)",
    languages: "Sprachen",
    languageNames: { de: "Deutsch", fr: "Französisch", it: "Italienisch", en: "Englisch" },
    original: "Original, nötig",
    optional: "freiwillig; leer lassen, um eine bestehende Fassung unverändert zu lassen",
    docTitle: "Titel",
    body: "Text (Markdown)",
    bodyHint: "Überschriften mit #, Listen mit -, Links mit [Text](Adresse).",
    edit: "Bearbeiten",
    newDocument: "Neues Dokument",
    saved: "Das Dokument {slug} ist gespeichert.",
    unknown: "Kein Dokument hat diese Kennung.",
  },
  fr: {
    documents: "Documents",
    intro:
      "Règlements et pages du manuel en Markdown : l'allemand est l'original, le français, l'italien et l'anglais sont des traductions facultatives. Chacun lit la version de sa langue, sinon l'original.",
    none: "Aucun document pour l'instant.",
    slug: "Identifiant",
    slugHint:
      "Lettres minuscules, chiffres et -, p. ex. reglement-frais. Un identifiant existant modifie ce document.",
    audience: "Pour qui",
    audienceNames: { ALL: "tout le personnel", MANAGERS: "responsables et RH", HR: "RH seulement" },
    assistantVisible: "Les assistants IA peuvent le lire",
    category: "Catégorie (facultative)",
    languages: "Langues",
    languageNames: { de: "allemand", fr: "français", it: "italien", en: "anglais" },
    original: "original, requis",
    optional: "facultatif ; laisser vide pour garder une version existante telle quelle",
    docTitle: "Titre",
    body: "Texte (Markdown)",
    bodyHint: "Titres avec #, listes avec -, liens avec [texte](adresse).",
    edit: "Modifier",
    newDocument: "Nouveau document",
    saved: "Le document {slug} est enregistré.",
    unknown: "Aucun document n'a cet identifiant.",
  },
  it: {
    documents: "Documenti",
    intro:
      "Regolamenti e pagine del manuale in Markdown: il tedesco è l'originale, francese, italiano e inglese sono traduzioni facoltative. Ognuno legge la versione della sua lingua, altrimenti l'originale.",
    none: "Ancora nessun documento.",
    slug: "Identificativo",
    slugHint:
      "Lettere minuscole, cifre e -, p. es. regolamento-spese. Un identificativo esistente modifica quel documento.",
    audience: "Per chi",
    audienceNames: { ALL: "tutto il personale", MANAGERS: "superiori e HR", HR: "solo HR" },
    assistantVisible: "Gli assistenti IA possono leggerlo",
    category: "Categoria (facoltativa)",
    languages: "Lingue",
    languageNames: { de: "tedesco", fr: "francese", it: "italiano", en: "inglese" },
    original: "originale, obbligatorio",
    optional: "facoltativo; lasciare vuoto per mantenere invariata una versione esistente",
    docTitle: "Titolo",
    body: "Testo (Markdown)",
    bodyHint: "Titoli con #, elenchi con -, link con [testo](indirizzo).",
    edit: "Modificare",
    newDocument: "Nuovo documento",
    saved: "Il documento {slug} è salvato.",
    unknown: "Nessun documento ha questo identificativo.",
  },
  en: {
    documents: "Documents",
    intro:
      "Policies and handbook pages in Markdown: German is the original, French, Italian and English are optional translations. Everyone reads the version in their language, else the original.",
    none: "No documents yet.",
    slug: "Identifier",
    slugHint:
      "Lower-case letters, digits and -, e.g. expense-policy. An existing identifier changes that document.",
    audience: "For whom",
    audienceNames: { ALL: "all employees", MANAGERS: "managers and HR", HR: "HR only" },
    assistantVisible: "AI assistants may read it",
    category: "Category (optional)",
    languages: "Languages",
    languageNames: { de: "German", fr: "French", it: "Italian", en: "English" },
    original: "original, required",
    optional: "optional; leave empty to keep an existing version as it is",
    docTitle: "Title",
    body: "Text (Markdown)",
    bodyHint: "Headings with #, lists with -, links with [text](address).",
    edit: "Edit",
    newDocument: "New document",
    saved: "The document {slug} is saved.",
    unknown: "No document has this identifier.",
  },
};

export function documentTexts(lang: string): DocumentTexts {
  return DOCUMENT_TEXTS[lang as Lang] ?? DOCUMENT_TEXTS.de;
}
