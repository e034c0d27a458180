/**
 * The demo's policy and handbook pages: authored in German with English and French translations, except
 * `remote-work`, which exists in German only so the fallback to the original can be shown. Audiences
 * cover all three levels of the contract (all employees, managers and above, HR staff and above).
 */
import * as s from "../db/schema/mod.ts";
import type { DemoContext } from "./context.ts";
import { DEMO_COMPANY } from "./org.ts";
import { demoId } from "./util.ts";

type Text = { title: string; body: string };

interface DocSpec {
  slug: string;
  audience: "ALL" | "MANAGERS" | "HR";
  category: string;
  de: Text;
  en?: Text;
  fr?: Text;
}

const C = DEMO_COMPANY;

/** The documents (slug → audience and texts). Exported so tests and the report can name them. */
export const DEMO_DOCUMENTS: DocSpec[] = [
  {
    slug: "vacation-policy",
    audience: "ALL",
    category: "policy",
    de: {
      title: "Ferienreglement",
      body: `# Ferienreglement

Alle Mitarbeitenden der ${C} haben bei einem Vollzeitpensum Anspruch auf **25 Ferientage** pro
Kalenderjahr. Bei Teilzeit, Eintritt oder Austritt während des Jahres wird der Anspruch anteilig berechnet.

Ferien werden im Portal beantragt und von der direkten Vorgesetzten oder dem direkten Vorgesetzten bewilligt.
Halbe Tage sind möglich. Feiertage des Wohnkantons und arbeitsfreie Wochentage werden nicht abgezogen.

Nicht bezogene Ferien können bis höchstens **5 Tage** ins Folgejahr übertragen werden; sie verfallen am
**31. März**. Zwischen Weihnachten und Neujahr bleibt der Betrieb geschlossen; diese Tage werden vom
Ferienguthaben abgezogen, ausser bei bewilligtem Pikettdienst.`,
    },
    en: {
      title: "Vacation policy",
      body: `# Vacation policy

Everyone at ${C} working full time is entitled to **25 vacation days** per calendar year. Part-time work
and joining or leaving during the year reduce the entitlement pro rata.

Vacation is requested in the portal and approved by your direct manager. Half days are possible. Public
holidays of your canton and weekdays you do not work are not deducted.

Up to **5 unused days** carry over into the next year and expire on **31 March**. The company closes
between Christmas and New Year; those days are deducted from your balance unless you were approved to
work through them.`,
    },
    fr: {
      title: "Règlement des vacances",
      body: `# Règlement des vacances

Chez ${C}, toute personne travaillant à plein temps a droit à **25 jours de vacances** par année civile.
En cas de temps partiel, d'arrivée ou de départ en cours d'année, le droit est calculé au prorata.

Les vacances se demandent dans le portail et sont approuvées par la ou le supérieur direct. Les demi-journées
sont possibles. Les jours fériés du canton et les jours non travaillés ne sont pas déduits.

Jusqu'à **5 jours non pris** peuvent être reportés sur l'année suivante ; ils échoient le **31 mars**.
L'entreprise ferme entre Noël et Nouvel An ; ces jours sont déduits du solde, sauf travail approuvé.`,
    },
  },
  {
    slug: "expenses-policy",
    audience: "ALL",
    category: "policy",
    de: {
      title: "Spesenreglement",
      body: `# Spesenreglement

Geschäftlich bedingte Auslagen werden gegen Beleg vergütet. Reichen Sie Ihre Spesen monatlich im Portal
ein; Ihre vorgesetzte Person bewilligt sie.

Bahnreisen erfolgen in der 2. Klasse mit Halbtax, das die ${C} bezahlt. Verpflegung auswärts wird bis
CHF 30 pro Mahlzeit vergütet. Für Weiterbildungen gilt das vereinbarte Budget.`,
    },
    en: {
      title: "Expenses policy",
      body: `# Expenses policy

Business expenses are reimbursed against receipts. Submit your expenses monthly in the portal; your manager
approves them.

Train travel is second class with a half-fare card paid by ${C}. Meals away from the office are reimbursed
up to CHF 30 per meal. Training follows the agreed budget.`,
    },
    fr: {
      title: "Règlement des frais",
      body: `# Règlement des frais

Les frais professionnels sont remboursés sur justificatif. Soumettez vos frais chaque mois dans le portail ;
votre supérieur·e les approuve.

Les voyages en train se font en 2e classe avec un abonnement demi-tarif payé par ${C}. Les repas à
l'extérieur sont remboursés jusqu'à CHF 30 par repas. La formation suit le budget convenu.`,
    },
  },
  {
    slug: "sick-leave-process",
    audience: "ALL",
    category: "process",
    de: {
      title: "Vorgehen bei Krankheit",
      body: `# Vorgehen bei Krankheit

Melden Sie eine Krankheit am ersten Tag vor 9 Uhr im Portal oder über den Assistenten und informieren Sie
Ihre vorgesetzte Person. Den Grund müssen Sie nicht angeben; falls Sie ihn nennen, sieht ihn nur HR.

Ab dem **vierten Tag** ist ein Arztzeugnis nötig, das Sie im Portal hochladen. Wenn Sie wieder arbeiten,
beenden Sie die Absenz im Portal.

Die Lohnfortzahlung richtet sich nach der im Vertrag genannten Skala (meist die Berner Skala) und Ihren
Dienstjahren.`,
    },
    en: {
      title: "When you are ill",
      body: `# When you are ill

Report an illness on the first day before 9 am in the portal or through the assistant and let your manager
know. You do not have to give a reason; if you do, only HR sees it.

From the **fourth day** a medical certificate is required; upload it in the portal. When you are back at
work, end the absence in the portal.

Salary continuation follows the scale named in your contract (usually the Bernese scale) and your years of
service.`,
    },
    fr: {
      title: "En cas de maladie",
      body: `# En cas de maladie

Annoncez une maladie le premier jour avant 9 h dans le portail ou via l'assistant et informez votre
supérieur·e. Vous n'avez pas à indiquer de motif ; si vous le faites, seuls les RH le voient.

Dès le **quatrième jour**, un certificat médical est nécessaire ; téléversez-le dans le portail. À votre
retour, terminez l'absence dans le portail.

Le maintien du salaire suit l'échelle indiquée dans votre contrat (en général l'échelle bernoise) et vos
années de service.`,
    },
  },
  {
    slug: "remote-work",
    audience: "ALL",
    category: "policy",
    de: {
      title: "Homeoffice",
      body: `# Homeoffice

Mitarbeitende können in Absprache mit dem Team bis zu **zwei Tage pro Woche** von zu Hause aus arbeiten.
Teamtage werden gemeinsam festgelegt.

Für Homeoffice gelten dieselben Regeln zu Arbeitszeit, Erreichbarkeit und Datenschutz wie im Büro. Die
${C} stellt Laptop und Headset zur Verfügung; eine Pauschale für Homeoffice wird nicht ausgerichtet.`,
    },
  },
  {
    slug: "manager-handbook",
    audience: "MANAGERS",
    category: "handbook",
    de: {
      title: "Handbuch für Führungspersonen",
      body: `# Handbuch für Führungspersonen

Bewilligen oder beantworten Sie Ferienanträge, Zeiterfassungen und Spesen innert **fünf Arbeitstagen**.
Eine Ablehnung begründen Sie kurz und sachlich.

Führen Sie mit jeder Person regelmässig ein Einzelgespräch. Es geht um Zusammenarbeit, Unterstützung und
Entwicklung, nicht um Ranglisten oder Vergleiche zwischen Personen.

Neue Mitarbeitende begleiten Sie mit einem Onboarding-Plan. Krankheitsgründe erfahren Sie nicht; sprechen
Sie über Arbeitsfähigkeit und Unterstützung, nicht über Diagnosen.`,
    },
    en: {
      title: "Manager handbook",
      body: `# Manager handbook

Approve or answer leave requests, time sheets and expenses within **five working days**. Give a short,
factual reason when you reject something.

Hold regular one-to-ones with each person. They are about collaboration, support and growth, never about
rankings or comparing people.

Support new colleagues with an onboarding plan. You are not told why someone is ill; talk about ability to
work and support, not diagnoses.`,
    },
    fr: {
      title: "Manuel des cadres",
      body: `# Manuel des cadres

Approuvez ou répondez aux demandes de vacances, aux saisies de temps et aux frais dans un délai de **cinq
jours ouvrables**. Motivez brièvement et objectivement un refus.

Menez régulièrement un entretien individuel avec chaque personne. Il porte sur la collaboration, le soutien
et le développement, jamais sur des classements ou des comparaisons.

Accompagnez les nouvelles personnes avec un plan d'intégration. Le motif d'une maladie ne vous est pas
communiqué ; parlez de capacité de travail et de soutien, pas de diagnostics.`,
    },
  },
  {
    slug: "hr-playbook",
    audience: "HR",
    category: "handbook",
    de: {
      title: "HR-Playbook",
      body: `# HR-Playbook

Die Löhne werden am **25. jedes Monats** ausbezahlt; der Dezemberlohn enthält den 13. Monatslohn. Änderungen
an AHV-Nummer oder IBAN beantragen Mitarbeitende selbst; HR prüft und übernimmt sie.

Krankheitsgründe, Lohnbänder und Notizen aus der Rekrutierung sind nur für HR bestimmt. Geben Sie sie nicht
an Vorgesetzte oder Assistenten weiter.

Austritte: Arbeitszeugnis, Ferien- und Überzeitsaldo sowie Rückgabe der Geräte spätestens am letzten
Arbeitstag erledigen.`,
    },
    en: {
      title: "HR playbook",
      body: `# HR playbook

Salaries are paid on the **25th of each month**; the December salary includes the 13th month. Employees
request changes to their AHV number or IBAN themselves; HR checks and applies them.

Sickness reasons, salary bands and recruiting notes are for HR only. Do not pass them on to managers or
assistants.

Leavers: reference letter, vacation and overtime balances and return of equipment by the last working day.`,
    },
    fr: {
      title: "Guide RH",
      body: `# Guide RH

Les salaires sont versés le **25 de chaque mois** ; le salaire de décembre comprend le 13e salaire. Les
collaborateurs demandent eux-mêmes la modification de leur numéro AVS ou de leur IBAN ; les RH vérifient et
l'appliquent.

Les motifs de maladie, les fourchettes salariales et les notes de recrutement sont réservés aux RH. Ne les
transmettez ni aux cadres ni aux assistants.

Départs : certificat de travail, soldes de vacances et d'heures supplémentaires et restitution du matériel
au plus tard le dernier jour de travail.`,
    },
  },
];

/** Adds the documents and their translations. */
export function buildDocuments(ctx: DemoContext): void {
  const created = ctx.now - 90 * 86_400_000;
  for (const d of DEMO_DOCUMENTS) {
    const id = demoId(`document:${d.slug}`);
    ctx.rows.add(s.documents, {
      id,
      slug: d.slug,
      audience: d.audience,
      assistantVisible: true,
      category: d.category,
      createdAt: created,
      updatedAt: created,
    });
    for (const lang of ["de", "en", "fr"] as const) {
      const t = d[lang];
      if (!t) continue;
      ctx.rows.add(s.documentTranslations, {
        documentId: id,
        language: lang,
        title: t.title,
        bodyMarkdown: t.body,
        updatedAt: created,
      });
    }
  }
}
