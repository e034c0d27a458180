/**
 * Recruiting in the demo: five positions (the demo manager hires for one, the recruiter account is on its
 * team), the global pipeline with a gated OFFER stage and the automatic tasks each stage sets off, and
 * sixteen applications across the stages. Two applications sit in INTERVIEW on the manager's position:
 * one with its blocking "Reference check" still open (a move to OFFER must be refused) and one whose
 * blocking task is done (the move is allowed).
 */
import * as s from "../db/schema/mod.ts";
import type { DemoContext } from "./context.ts";
import { DEMO_COMPANY, DEMO_DOMAIN, KEY } from "./org.ts";
import { demoId, mailPart } from "./util.ts";

const STAGES = [
  { key: "NEW", nameDe: "Neu", nameEn: "New", nameFr: "Nouvelle" },
  { key: "SCREENING", nameDe: "Vorauswahl", nameEn: "Screening", nameFr: "Présélection" },
  { key: "INTERVIEW", nameDe: "Interview", nameEn: "Interview", nameFr: "Entretien" },
  { key: "OFFER", nameDe: "Angebot", nameEn: "Offer", nameFr: "Offre", gated: true },
  { key: "HIRED", nameDe: "Eingestellt", nameEn: "Hired", nameFr: "Engagé·e", marksHired: true },
  { key: "REJECTED", nameDe: "Abgesagt", nameEn: "Rejected", nameFr: "Refusée", marksRejected: true },
] as const;
type StageKey = (typeof STAGES)[number]["key"];

/** The builder's id of a stage (by key); the configuration file's section gives it its database id. */
export function stageId(key: StageKey): string {
  return demoId(`stage:${key}`);
}

/** The blocking task INTERVIEW creates, which holds the gated OFFER stage shut until done. */
export const REFERENCE_CHECK = "Reference check";

/** Stable ids of the two applications test writers need. */
export const GATED_APPLICATION_ID = demoId("application:gated");
export const READY_APPLICATION_ID = demoId("application:ready");

const AD_BACKEND = `## Senior Backend Engineer (Platform) 80–100 %

Bei der ${DEMO_COMPANY} bauen wir Software, mit der kleine Schweizer Organisationen ihre Personaladministration
selbst erledigen. Unser Platform-Team in Bern sorgt dafür, dass Ferienanträge, Zeiterfassung und
Lohnabrechnungen zuverlässig und sicher laufen.

### Deine Aufgaben

- Du entwickelst unsere Dienste in TypeScript weiter (Deno, SQLite/libSQL).
- Du verantwortest Schnittstellen für die Mobile App und für Assistenten.
- Du teilst dein Wissen in Code-Reviews und im Pair Programming.

### Was du mitbringst

- Mehrere Jahre Erfahrung mit Backend-Entwicklung und relationalen Datenbanken
- Freude an sauberen, gut getesteten Lösungen
- Deutsch oder Französisch und gute Englischkenntnisse

### Was wir bieten

25 Ferientage, flexible Arbeitszeiten, zwei Homeoffice-Tage pro Woche und ein Weiterbildungsbudget.
Arbeitsort: Bern.`;

const AD_BACKEND_EN = `## Senior Backend Engineer (Platform) 80–100 %

At ${DEMO_COMPANY} we build software that lets small Swiss organisations run their own HR administration. Our
platform team in Bern keeps leave requests, time tracking and payslips reliable and secure.

25 days of vacation, flexible hours, two days a week from home and a training budget. Place of work: Bern.`;

const AD_MOBILE = `## Mobile Developer (iOS/Android) 100 %

Du entwickelst die Mobile App der ${DEMO_COMPANY} weiter, mit der Mitarbeitende ihre Ferien, Zeiten und
Lohnabrechnungen verwalten. Arbeitsort: Zürich, hybrid.`;

const AD_SUPPORT = `## Conseiller·ère clientèle (Support Romandie) 80–100 %

Tu accompagnes nos clients romands dans l'utilisation de nos solutions RH. Lieu de travail : Lausanne.`;

const AD_SALES = `## Sales Manager Deutschschweiz 100 %

Du gewinnst neue Kundinnen und Kunden in der Deutschschweiz. Die Stelle ist vorübergehend sistiert.`;

const AD_INTERN = `## Praktikum People & Culture 100 % (6 Monate)

Du unterstützt unser HR-Team in Bern bei Rekrutierung, Onboarding und Personaladministration.`;

interface AppSpec {
  id?: string;
  position: number;
  first: string;
  last: string;
  stage: StageKey;
  /** Days ago the application arrived. */
  age: number;
  status?: "ACTIVE" | "HIRED" | "REJECTED" | "WITHDRAWN";
  /** Whether the blocking reference check (created on INTERVIEW) is done. */
  referencesDone?: boolean;
  score?: number;
  source: string;
}

const APPS: AppSpec[] = [
  { position: 0, first: "Nora", last: "Beispiel", stage: "NEW", age: 3, source: "Website", score: 71 },
  { position: 0, first: "Luca", last: "Muster", stage: "NEW", age: 1, source: "LinkedIn" },
  {
    position: 0,
    first: "Fabienne",
    last: "Exempel",
    stage: "SCREENING",
    age: 12,
    source: "Website",
    score: 64,
  },
  {
    id: GATED_APPLICATION_ID,
    position: 0,
    first: "Matteo",
    last: "Fittizio",
    stage: "INTERVIEW",
    age: 24,
    referencesDone: false,
    source: "Empfehlung",
    score: 83,
  },
  {
    id: READY_APPLICATION_ID,
    position: 0,
    first: "Selina",
    last: "Probst-Demo",
    stage: "INTERVIEW",
    age: 30,
    referencesDone: true,
    source: "Website",
    score: 88,
  },
  {
    position: 0,
    first: "Jan",
    last: "Platzhalter",
    stage: "REJECTED",
    age: 35,
    status: "REJECTED",
    source: "Jobportal",
  },
  { position: 1, first: "Tim", last: "Testmann", stage: "NEW", age: 2, source: "Jobportal" },
  {
    position: 1,
    first: "Aylin",
    last: "Demir-Demo",
    stage: "SCREENING",
    age: 9,
    source: "LinkedIn",
    score: 58,
  },
  {
    position: 1,
    first: "Marco",
    last: "Erfunden",
    stage: "INTERVIEW",
    age: 20,
    referencesDone: false,
    source: "Website",
  },
  {
    position: 1,
    first: "Hanna",
    last: "Fiktiv",
    stage: "OFFER",
    age: 40,
    referencesDone: true,
    source: "Empfehlung",
    score: 90,
  },
  { position: 2, first: "Lucie", last: "Exemple", stage: "NEW", age: 4, source: "Site web" },
  { position: 2, first: "Hugo", last: "Fictif", stage: "SCREENING", age: 8, source: "jobup" },
  {
    position: 2,
    first: "Inès",
    last: "Modèle",
    stage: "INTERVIEW",
    age: 18,
    referencesDone: false,
    source: "Site web",
  },
  {
    position: 2,
    first: "Paul",
    last: "Imaginaire",
    stage: "REJECTED",
    age: 26,
    status: "REJECTED",
    source: "jobup",
  },
  { position: 3, first: "Sven", last: "Annahme", stage: "SCREENING", age: 50, source: "Website" },
  {
    position: 4,
    first: "Mira",
    last: "Vorlage",
    stage: "HIRED",
    age: 120,
    status: "HIRED",
    referencesDone: true,
    source: "Hochschule",
  },
];

/** Adds positions, stages, automatic tasks and applications with tasks, notes, scores and history. */
export function buildRecruiting(ctx: DemoContext): void {
  const day = 86_400_000;
  const manager = ctx.person(KEY.manager);
  const positions = [
    {
      title: "Senior Backend Engineer (Platform)",
      dept: "eng",
      location: "Bern",
      canton: "BE",
      workloadMin: 80,
      workloadMax: 100,
      status: "OPEN",
      advertisements: { de: AD_BACKEND, en: AD_BACKEND_EN },
      band: [110_000, 135_000],
      hm: manager.id,
      age: 45,
    },
    {
      title: "Mobile Developer (iOS/Android)",
      dept: "eng",
      location: "Zürich",
      canton: "ZH",
      workloadMin: 100,
      workloadMax: 100,
      status: "OPEN",
      advertisements: { de: AD_MOBILE },
      band: [100_000, 120_000],
      hm: ctx.person("P007").id,
      age: 60,
    },
    {
      title: "Conseiller·ère clientèle (Support Romandie)",
      dept: "support",
      location: "Lausanne",
      canton: "VD",
      workloadMin: 80,
      workloadMax: 100,
      status: "OPEN",
      advertisements: { fr: AD_SUPPORT },
      band: [68_000, 80_000],
      hm: ctx.person("P012").id,
      age: 30,
    },
    {
      title: "Sales Manager Deutschschweiz",
      dept: "sales",
      location: "Zürich",
      canton: "ZH",
      workloadMin: 100,
      workloadMax: 100,
      status: "ON_HOLD",
      advertisements: { de: AD_SALES },
      band: null,
      hm: ctx.person("P008").id,
      age: 70,
    },
    {
      title: "Praktikum People & Culture",
      dept: "ops",
      location: "Bern",
      canton: "BE",
      workloadMin: 100,
      workloadMax: 100,
      status: "CLOSED",
      advertisements: { de: AD_INTERN },
      band: null,
      hm: ctx.person(KEY.hr).id,
      age: 150,
    },
  ];
  const positionIds = positions.map((_, i) => demoId(`position:${i + 1}`));
  positions.forEach((p, i) => {
    const opened = ctx.now - p.age * day;
    ctx.rows.add(s.positions, {
      id: positionIds[i],
      title: p.title,
      departmentId: demoId(`dept:${p.dept}`),
      location: p.location,
      canton: p.canton,
      workloadMin: p.workloadMin,
      workloadMax: p.workloadMax,
      status: p.status,
      advertisements: p.advertisements,
      salaryBandMin: p.band?.[0] ?? null,
      salaryBandMax: p.band?.[1] ?? null,
      hiringManagerEmployeeId: p.hm,
      openedAt: opened,
      createdAt: opened - 7 * day,
      updatedAt: opened,
    });
  });
  // The recruiter works the manager's position (their scope of applications).
  ctx.rows.add(s.positionTeam, {
    id: ctx.ids.next("positionteam"),
    positionId: positionIds[0],
    userId: ctx.user("recruiter"),
    role: "RECRUITER",
  });

  STAGES.forEach((st, i) => {
    ctx.rows.add(s.stages, {
      id: stageId(st.key),
      key: st.key,
      nameDe: st.nameDe,
      nameEn: st.nameEn,
      nameFr: st.nameFr,
      sortOrder: (i + 1) * 10,
      gated: "gated" in st ? st.gated : false,
      marksHired: "marksHired" in st ? st.marksHired : false,
      marksRejected: "marksRejected" in st ? st.marksRejected : false,
    });
  });
  const task = (
    stage: StageKey,
    sortOrder: number,
    t: {
      kind: string;
      title: string;
      emailTexts?: Partial<Record<string, { subject: string; body: string }>>;
      blocking?: boolean;
    },
  ) =>
    ctx.rows.add(s.stageAutomaticTasks, {
      id: ctx.ids.next("stagetask"),
      stageId: stageId(stage),
      kind: t.kind,
      title: t.title,
      emailTexts: t.emailTexts ?? {},
      blocking: t.blocking ?? false,
      sortOrder,
    });
  task("INTERVIEW", 1, {
    kind: "EMAIL_CANDIDATE",
    title: "Einladung zum Interview",
    emailTexts: {
      de: {
        subject: "Einladung zum Gespräch: {position}",
        body:
          `Guten Tag {firstName}\n\nVielen Dank für Ihre Bewerbung als {position}. Wir möchten Sie gerne ` +
          `kennenlernen und melden uns in den nächsten Tagen mit Terminvorschlägen.\n\nFreundliche Grüsse\n` +
          DEMO_COMPANY,
      },
      fr: {
        subject: "Invitation à un entretien : {position}",
        body: `Bonjour {firstName}\n\nMerci pour votre candidature au poste de {position}. Nous aimerions ` +
          `faire votre connaissance et vous proposerons des dates ces prochains jours.\n\nMeilleures ` +
          `salutations\n${DEMO_COMPANY}`,
      },
    },
  });
  task("INTERVIEW", 2, { kind: "CREATE_TASK", title: REFERENCE_CHECK, blocking: true });
  task("INTERVIEW", 3, { kind: "NOTIFY_HIRING_MANAGER", title: "Hiring Manager informieren" });
  task("OFFER", 1, {
    kind: "EMAIL_CANDIDATE",
    title: "Angebot ankündigen",
    emailTexts: {
      de: {
        subject: "Ihr Angebot: {position}",
        body:
          `Guten Tag {firstName}\n\nWir freuen uns, Ihnen die Stelle als {position} anbieten zu können. ` +
          `Sie erhalten den Vertrag in den nächsten Tagen.\n\nFreundliche Grüsse\n${DEMO_COMPANY}`,
      },
    },
  });
  task("HIRED", 1, { kind: "MARK_HIRED", title: "Als eingestellt markieren" });
  task("REJECTED", 1, {
    kind: "EMAIL_CANDIDATE",
    title: "Absage senden",
    emailTexts: {
      de: {
        subject: "Ihre Bewerbung: {position}",
        body: `Guten Tag {firstName}\n\nVielen Dank für Ihr Interesse an der Stelle als {position}. Nach ` +
          `sorgfältiger Prüfung haben wir uns für eine andere Person entschieden. Wir wünschen Ihnen alles ` +
          `Gute.\n\nFreundliche Grüsse\n${DEMO_COMPANY}`,
      },
    },
  });

  const order: StageKey[] = ["NEW", "SCREENING", "INTERVIEW", "OFFER", "HIRED"];
  for (const a of APPS) {
    const id = a.id ?? ctx.ids.next("application");
    const created = ctx.now - a.age * day;
    // The path: along the pipeline up to the stage; a rejection leaves from SCREENING or INTERVIEW.
    const path: StageKey[] = a.stage === "REJECTED"
      ? [...order.slice(0, a.position === 0 ? 3 : 2), "REJECTED"]
      : order.slice(0, order.indexOf(a.stage) + 1);
    const step = Math.max(1, Math.floor(a.age / (path.length + 1)));
    const times = path.map((_, i) => created + i * step * day + 3_600_000 * (i + 1));
    const hiredAt = a.status === "HIRED" ? times[times.length - 1] : null;
    ctx.rows.add(s.applications, {
      id,
      positionId: positionIds[a.position],
      candidateFirstName: a.first,
      candidateLastName: a.last,
      candidateEmail: `${mailPart(a.first)}.${mailPart(a.last)}@candidate.${DEMO_DOMAIN}`,
      candidatePhone: `+41 78 000 ${String(10 + APPS.indexOf(a)).padStart(2, "0")} 00`,
      coverLetter:
        `Sehr geehrte Damen und Herren\n\nMit grossem Interesse habe ich Ihre Ausschreibung gelesen. ` +
        `Ich bringe mehrere Jahre Erfahrung mit und freue mich auf ein Gespräch.\n\n${a.first} ${a.last}`,
      stageId: stageId(a.stage),
      status: a.status ?? "ACTIVE",
      source: a.source,
      hiredAt,
      createdAt: created,
      updatedAt: times[times.length - 1],
    });
    path.forEach((stage, i) => {
      const mover = i === 0 ? null : a.position === 0 && i % 2 === 1 ? ctx.user("recruiter") : ctx.user("hr");
      ctx.rows.add(s.applicationStageHistory, {
        id: ctx.ids.next("stagehistory"),
        applicationId: id,
        fromStageId: i === 0 ? null : stageId(path[i - 1]),
        toStageId: stageId(stage),
        movedByUserId: mover,
        channel: "PORTAL",
        overrideUsed: false,
        createdAt: times[i],
      });
    });
    if (path.includes("INTERVIEW")) {
      const at = times[path.indexOf("INTERVIEW")];
      const done = a.referencesDone ?? a.status !== "REJECTED";
      ctx.rows.add(s.applicationTasks, {
        id: ctx.ids.next("apptask"),
        applicationId: id,
        title: REFERENCE_CHECK,
        blocking: true,
        done,
        completedAt: done ? Math.min(ctx.now - day, at + 4 * day) : null,
        createdAt: at,
      });
      ctx.rows.add(s.applicationTasks, {
        id: ctx.ids.next("apptask"),
        applicationId: id,
        title: "Interviewtermin vereinbaren",
        blocking: false,
        done: true,
        completedAt: at + day,
        createdAt: at,
      });
    }
    if (a.score !== undefined) {
      ctx.rows.add(s.applicationAiScores, {
        id: ctx.ids.next("aiscore"),
        applicationId: id,
        score: a.score,
        model: "demo-screening-v1",
        rationale: "Erfahrung und Anforderungsprofil stimmen weitgehend überein (Demo-Daten).",
        createdAt: created + 3_600_000,
      });
    }
  }

  // Notes: shared ones by the hiring team, private HR ones by HR.
  const note = (
    appId: string,
    author: string,
    visibility: "SHARED" | "PRIVATE_HR",
    body: string,
    ago: number,
  ) =>
    ctx.rows.add(s.applicationNotes, {
      id: ctx.ids.next("appnote"),
      applicationId: appId,
      authorUserId: author,
      visibility,
      body,
      channel: "PORTAL",
      createdAt: ctx.now - ago * day,
    });
  note(
    GATED_APPLICATION_ID,
    ctx.user("manager"),
    "SHARED",
    "Starkes technisches Interview, gute Fragen zur Architektur.",
    6,
  );
  note(
    GATED_APPLICATION_ID,
    ctx.user("recruiter"),
    "SHARED",
    "Referenzen angefragt, Rückmeldung ausstehend.",
    4,
  );
  note(
    GATED_APPLICATION_ID,
    ctx.user("hr"),
    "PRIVATE_HR",
    "Lohnvorstellung liegt am oberen Ende des Bandes.",
    3,
  );
  note(
    READY_APPLICATION_ID,
    ctx.user("manager"),
    "SHARED",
    "Zweites Gespräch mit dem Team war sehr positiv.",
    8,
  );
  note(
    READY_APPLICATION_ID,
    ctx.user("hr"),
    "PRIVATE_HR",
    "Kündigungsfrist drei Monate; Eintritt frühestens im Frühling.",
    5,
  );
}
