/**
 * The connector's five scopes (contract, "Authentication / Connector") and the plain words the consent page
 * and the connected-assistants page use for them. The scope decides which tools a token may call; each tool
 * additionally requires its permission, re-read from the database on every call.
 */
import type { Lang } from "../i18n/mod.ts";

export const SCOPES = [
  "self:read",
  "hr:read:people",
  "hr:read:recruiting",
  "self:write",
  "hr:write",
] as const;
export type Scope = typeof SCOPES[number];

/** The languages of the pages people see; German is the source. */
export type { Lang } from "../i18n/mod.ts";

/** What a person is asked to allow, in words a person understands (no scope names, no jargon). */
export const SCOPE_DESCRIPTIONS: Record<Scope, Record<Lang, string>> = {
  "self:read": {
    de:
      "Ihre eigenen Daten lesen: Ferien- und Abwesenheitssaldo, Arbeitszeiten, Krankmeldungen, Lohnabrechnungen (ohne Beträge), Feiertage und Dokumente",
    en:
      "Read your own records: leave balance and requests, working hours, sick-leave reports, payslips (without amounts), holidays and documents",
    fr:
      "Lire vos propres données : solde et demandes de congé, heures de travail, absences maladie, fiches de salaire (sans montants), jours fériés et documents",
    it:
      "Leggere i suoi dati: saldo e richieste di vacanze, ore di lavoro, assenze per malattia, buste paga (senza importi), giorni festivi e documenti",
  },
  "hr:read:people": {
    de:
      "Mitarbeitende, Stellen, die HR-Übersicht und Ihre offenen Freigaben lesen, soweit Ihre Rolle sie sehen darf",
    en:
      "Read employees, positions, the HR overview and the approvals waiting for you, as far as your role may see them",
    fr:
      "Lire les collaborateurs, les postes, la vue d'ensemble RH et les validations qui vous attendent, dans la limite de votre rôle",
    it:
      "Leggere i collaboratori, i posti, la panoramica HR e le approvazioni che la attendono, nei limiti del suo ruolo",
  },
  "hr:read:recruiting": {
    de: "Bewerbungen lesen, soweit Ihre Rolle sie sehen darf",
    en: "Read job applications, as far as your role may see them",
    fr: "Lire les candidatures, dans la limite de votre rôle",
    it: "Leggere le candidature, nei limiti del suo ruolo",
  },
  "self:write": {
    de:
      "In Ihrem Namen Ferien beantragen, Arbeitszeiten erfassen und Krankmeldungen einreichen oder zurückziehen – immer erst nach einer Vorschau",
    en:
      "Request leave, record working hours and file or withdraw sick-leave reports in your name – always after a preview first",
    fr:
      "Demander des congés, saisir des heures de travail et déclarer ou retirer une absence maladie en votre nom – toujours après un aperçu",
    it:
      "Chiedere vacanze, registrare ore di lavoro e notificare o ritirare assenze per malattia a suo nome – sempre dopo un'anteprima",
  },
  "hr:write": {
    de:
      "In Ihrem Namen Ferienanträge entscheiden, Onboarding-Aufgaben hinzufügen, Notizen zu Bewerbungen erfassen und Bewerbungen in eine andere Phase verschieben – nur für Personen, die Sie bereits sehen dürfen, immer erst nach einer Vorschau",
    en:
      "Decide leave requests, add onboarding tasks, note on applications and move applications to another stage in your name – only for people you may already see, always after a preview first",
    fr:
      "Décider des demandes de congé, ajouter des tâches d'intégration, annoter des candidatures et les déplacer vers une autre étape en votre nom – uniquement pour les personnes que vous pouvez déjà voir, toujours après un aperçu",
    it:
      "Decidere le richieste di vacanze, aggiungere compiti di inserimento, annotare candidature e spostarle in un'altra fase a suo nome – solo per le persone che può già vedere, sempre dopo un'anteprima",
  },
};

/** Whether a string is one of the five scopes. */
export function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}

/**
 * OpenID Connect's request for a refresh token. Clients add it out of habit; every grant here carries a
 * refresh token anyway, so it is ignored wherever a `scope` parameter is read: neither known nor unknown.
 */
export const OFFLINE_ACCESS = "offline_access";

/**
 * Parses a space-delimited `scope` parameter (RFC 6749 §3.3) into known scopes, in the canonical order,
 * without duplicates. Unknown scopes are returned separately so the caller can decide (the authorization
 * endpoint ignores them, as RFC 6749 §3.3 allows the server to). `offline_access` is in neither list, so a
 * parameter holding only it reads as one that asks for nothing in particular.
 */
export function parseScopeParam(param: string | null | undefined): { known: Scope[]; unknown: string[] } {
  const parts = new Set((param ?? "").split(" ").filter((p) => p && p !== OFFLINE_ACCESS));
  return {
    known: SCOPES.filter((s) => parts.has(s)),
    unknown: [...parts].filter((p) => !isScope(p)),
  };
}

/** Scopes stored in the database are a space-delimited string; this reads them back, dropping unknowns. */
export function readScopes(stored: string): Scope[] {
  return parseScopeParam(stored).known;
}

/** Writes scopes in the canonical order, space-delimited (the `scope` claim and column format). */
export function formatScopes(scopes: readonly string[]): string {
  return SCOPES.filter((s) => scopes.includes(s)).join(" ");
}

/** The scopes present in both lists, in canonical order: how a grant only ever narrows. */
export function intersectScopes(a: readonly string[], b: readonly string[]): Scope[] {
  return SCOPES.filter((s) => a.includes(s) && b.includes(s));
}
