/**
 * The plain words for the connector's scopes (`oauth/scopes.ts` lists the scopes and types this table by
 * them): the consent page, the connected-assistants page and the catalogue's refusals say them.
 */
import type { Lang } from "./mod.ts";

/** What a person is asked to allow, in words a person understands (no scope names, no jargon). */
export const SCOPE_TEXTS = {
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
} as const satisfies Record<string, Record<Lang, string>>;
