/** The HR console's page of one company closure (change, remove), in the four languages of the console. */
import { fill, type Lang } from "../i18n/mod.ts";
import { refusalText, swissDate } from "./console_common.ts";
import type { AppError } from "../errors.ts";
import { type Recalculated, RecalculationNeeded } from "../services/closure_changes.ts";

export interface ClosureTexts {
  title: string;
  intro: string;
  nameDe: string;
  nameFr: string;
  nameEn: string;
  from: string;
  to: string;
  deducts: string;
  cantons: string;
  cantonsHint: string;
  recalculate: string;
  recalculateHint: string;
  save: string;
  remove: string;
  removeTitle: string;
  removeIntro: string;
  back: string;
  edit: string;
  saved: string;
  removed: string;
  /** The refusal while approved leave was computed with the closure; `{list}` holds the requests. */
  needsRecalculation: string;
  /** One request: `{pn} {name}, {from}–{to}: {before} → {after}` days. */
  request: string;
  /** After a confirmed change: the requests computed again. */
  recalculated: string;
  workThroughRemoved: string;
  notFound: string;
}

const DE: ClosureTexts = {
  title: "Betriebsschliessung",
  intro:
    "Ein Schliessungstag kostet in einem Abwesenheitsgesuch nichts. Ändert eine Anpassung die Tage bewilligter Abwesenheiten, wird sie erst gespeichert, wenn Sie die Neuberechnung bestätigen; die Personen werden dann benachrichtigt.",
  nameDe: "Name (Deutsch)",
  nameFr: "Name (Französisch)",
  nameEn: "Name (Englisch)",
  from: "Erster Tag",
  to: "Letzter Tag",
  deducts: "Die Tage werden von den Ferien abgezogen (sonst gewährt)",
  cantons: "Kantone",
  cantonsHint: "Keiner gewählt: die ganze Firma.",
  recalculate: "Neuberechnung bestätigen",
  recalculateHint:
    "Bewilligte Abwesenheiten über diese Tage werden neu berechnet und die Personen benachrichtigt.",
  save: "Speichern",
  remove: "Entfernen",
  removeTitle: "Schliessung entfernen",
  removeIntro: "Auch die bewilligten Arbeitstage während der Schliessung werden entfernt.",
  back: "Zurück zum Kalender",
  edit: "Bearbeiten",
  saved: "Die Schliessung «{name}» ist gespeichert.",
  removed: "Die Schliessung «{name}» ist entfernt.",
  needsRecalculation:
    "Nichts wurde geändert: Bewilligte Abwesenheiten wurden mit dieser Schliessung berechnet und ändern sich: {list}. Bestätigen Sie die Neuberechnung, um fortzufahren.",
  request: "{pn} {name}, {from}–{to}: {before} → {after} Tage",
  recalculated: "Neu berechnet, die Personen sind benachrichtigt: {list}.",
  workThroughRemoved: "{n} bewilligte Arbeitstage entfernt.",
  notFound: "Diese Schliessung gibt es nicht (mehr).",
};

const FR: ClosureTexts = {
  title: "Fermeture de l'entreprise",
  intro:
    "Un jour de fermeture ne coûte rien dans une demande d'absence. Si une modification change les jours d'absences approuvées, elle n'est enregistrée qu'une fois le recalcul confirmé ; les personnes sont alors informées.",
  nameDe: "Nom (allemand)",
  nameFr: "Nom (français)",
  nameEn: "Nom (anglais)",
  from: "Premier jour",
  to: "Dernier jour",
  deducts: "Les jours sont déduits des vacances (sinon accordés)",
  cantons: "Cantons",
  cantonsHint: "Aucun choisi : toute l'entreprise.",
  recalculate: "Confirmer le recalcul",
  recalculateHint: "Les absences approuvées sur ces jours sont recalculées et les personnes informées.",
  save: "Enregistrer",
  remove: "Supprimer",
  removeTitle: "Supprimer la fermeture",
  removeIntro: "Les jours de travail approuvés pendant la fermeture sont supprimés aussi.",
  back: "Retour au calendrier",
  edit: "Modifier",
  saved: "La fermeture « {name} » est enregistrée.",
  removed: "La fermeture « {name} » est supprimée.",
  needsRecalculation:
    "Rien n'a été modifié : des absences approuvées ont été calculées avec cette fermeture et changent : {list}. Confirmez le recalcul pour continuer.",
  request: "{pn} {name}, {from}–{to} : {before} → {after} jours",
  recalculated: "Recalculé, les personnes sont informées : {list}.",
  workThroughRemoved: "{n} jour(s) de travail approuvé(s) supprimé(s).",
  notFound: "Cette fermeture n'existe pas (plus).",
};

const IT: ClosureTexts = {
  title: "Chiusura aziendale",
  intro:
    "Un giorno di chiusura non costa nulla in una domanda di assenza. Se una modifica cambia i giorni di assenze approvate, viene salvata solo dopo la conferma del ricalcolo; le persone vengono poi informate.",
  nameDe: "Nome (tedesco)",
  nameFr: "Nome (francese)",
  nameEn: "Nome (inglese)",
  from: "Primo giorno",
  to: "Ultimo giorno",
  deducts: "I giorni sono dedotti dalle vacanze (altrimenti concessi)",
  cantons: "Cantoni",
  cantonsHint: "Nessuno scelto: tutta l'azienda.",
  recalculate: "Confermare il ricalcolo",
  recalculateHint: "Le assenze approvate in questi giorni vengono ricalcolate e le persone informate.",
  save: "Salvare",
  remove: "Rimuovere",
  removeTitle: "Rimuovere la chiusura",
  removeIntro: "Vengono rimossi anche i giorni di lavoro approvati durante la chiusura.",
  back: "Torna al calendario",
  edit: "Modificare",
  saved: "La chiusura «{name}» è salvata.",
  removed: "La chiusura «{name}» è rimossa.",
  needsRecalculation:
    "Nulla è stato modificato: assenze approvate sono state calcolate con questa chiusura e cambiano: {list}. Confermi il ricalcolo per continuare.",
  request: "{pn} {name}, {from}–{to}: {before} → {after} giorni",
  recalculated: "Ricalcolato, le persone sono informate: {list}.",
  workThroughRemoved: "{n} giorno/i di lavoro approvato/i rimosso/i.",
  notFound: "Questa chiusura non esiste (più).",
};

const EN: ClosureTexts = {
  title: "Company closure",
  intro:
    "A closure day costs nothing in a leave request. A change that alters the days of approved leave is saved only once you confirm the recalculation; the people are then told.",
  nameDe: "Name (German)",
  nameFr: "Name (French)",
  nameEn: "Name (English)",
  from: "First day",
  to: "Last day",
  deducts: "The days are taken from vacation (else granted)",
  cantons: "Cantons",
  cantonsHint: "None chosen: the whole company.",
  recalculate: "Confirm the recalculation",
  recalculateHint: "Approved leave over these days is computed again and the people are told.",
  save: "Save",
  remove: "Remove",
  removeTitle: "Remove the closure",
  removeIntro: "The days people were approved to work through it are removed too.",
  back: "Back to the calendar",
  edit: "Edit",
  saved: "The closure “{name}” is saved.",
  removed: "The closure “{name}” is removed.",
  needsRecalculation:
    "Nothing was changed: approved leave was computed with this closure and changes: {list}. Confirm the recalculation to go ahead.",
  request: "{pn} {name}, {from}–{to}: {before} → {after} days",
  recalculated: "Computed again, the people are told: {list}.",
  workThroughRemoved: "{n} approved work-through day(s) removed.",
  notFound: "This closure does not exist (any more).",
};

const TEXTS: Record<Lang, ClosureTexts> = { de: DE, fr: FR, it: IT, en: EN };

export function closureTexts(lang: Lang): ClosureTexts {
  return TEXTS[lang] ?? DE;
}

/** The requests a closure change would alter (or altered), in the reader's language. */
export function requestList(lang: Lang, list: readonly Recalculated[]): string {
  const ct = closureTexts(lang);
  return list.map((r) =>
    fill(ct.request, {
      pn: r.personnelNumber,
      name: r.name,
      from: swissDate(r.startDate, lang),
      to: swissDate(r.endDate, lang),
      before: String(r.before),
      after: String(r.after),
    })
  ).join("; ");
}

/** A refusal of a closure change in the reader's language. */
export function closureRefusal(e: AppError, lang: Lang): string {
  return e instanceof RecalculationNeeded
    ? fill(closureTexts(lang).needsRecalculation, { list: requestList(lang, e.requests) })
    : refusalText(e, lang);
}
