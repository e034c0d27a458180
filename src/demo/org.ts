/**
 * The demo organisation: a fictional software and services company with offices in Bern, Zurich and
 * Lausanne. CEO → department heads → team leads → staff, about forty people, and the sign-in accounts
 * that demonstrate each role. Every person, address and number here is invented.
 */
import { addDays, isoWeekday, maxDate, minDate, mondayOf } from "../domain/calendar.ts";
import * as s from "../db/schema/mod.ts";
import type { DemoContext, DemoPerson } from "./context.ts";
import { at, demoId, fakeAhv, fakeIban, mailPart } from "./util.ts";

/** The company's (clearly fictional) name, used in documents, job ads and payslips. */
export const DEMO_COMPANY = "Gipfelwerk Demo AG";

/** The demo's mail domain (RFC 2606 reserves `.example`, so no mail can ever reach a real person). */
export const DEMO_DOMAIN = "demo.example";

type AccountKey = "employee" | "manager" | "hr" | "admin" | "nolink" | "recruiter";

/**
 * The fixed sign-in accounts of the demo, by purpose. `employeeId` is the linked employee's id (stable
 * whatever the clock, derived from the personnel number) or null for the account without a record.
 */
export const DEMO_ACCOUNTS: Readonly<
  Record<AccountKey, { email: string; role: string; language: string; employeeId: string | null }>
> = {
  employee: {
    email: "employee@demo.example",
    role: "employee",
    language: "de",
    employeeId: demoId("emp:P013"),
  },
  manager: { email: "manager@demo.example", role: "manager", language: "en", employeeId: demoId("emp:P006") },
  hr: { email: "hr@demo.example", role: "hr", language: "fr", employeeId: demoId("emp:P011") },
  admin: { email: "admin@demo.example", role: "admin", language: "en", employeeId: demoId("emp:P031") },
  nolink: { email: "nolink@demo.example", role: "employee", language: "fr", employeeId: null },
  recruiter: {
    email: "recruiter@demo.example",
    role: "recruiter",
    language: "fr",
    employeeId: demoId("emp:P034"),
  },
};

/** Personnel numbers of the people the story is told around. */
export const KEY = {
  ceo: "P001",
  headEngineering: "P002",
  headSales: "P003",
  headOperations: "P004",
  headSupport: "P005",
  manager: "P006",
  hr: "P011",
  demo: "P013",
  partTime80: "P014",
  monToWed: "P016",
  workloadChanged: "P017",
  futureJoiner: "P018",
  joinedThisYear: "P022",
  admin: "P031",
  recruiter: "P034",
  leaver: "P040",
} as const;

/** The Platform team (the demo manager and their reports): the team with eight weeks of hours. */
export const PLATFORM_TEAM = ["P006", "P013", "P014", "P015", "P016", "P017"];

const DEPARTMENTS = {
  exec: "Geschäftsleitung",
  eng: "Engineering",
  sales: "Sales & Marketing",
  ops: "Operations & Finance",
  support: "Customer Service",
} as const;
type Dept = keyof typeof DEPARTMENTS;

interface PersonSpec {
  pn: string;
  first: string;
  last: string;
  canton: "BE" | "ZH" | "VD";
  dept: Dept;
  manager: string | null;
  level: DemoPerson["level"];
  title: string;
  /** Years before the current one that the employment started, and the `MM-DD` it started on. */
  since: [number, string];
  workload?: number;
  weekdays?: number[];
  scale?: "BERNER" | "ZUERCHER" | "BASLER";
  nationality?: string;
}

// deno-fmt-ignore: one person per line reads as a staff list
const PEOPLE: PersonSpec[] = [
  { pn: "P001", first: "Andrea", last: "Zbinden", canton: "BE", dept: "exec", manager: null, level: "CEO", title: "CEO", since: [14, "03-01"] },
  { pn: "P002", first: "Martin", last: "Aebischer", canton: "BE", dept: "eng", manager: "P001", level: "HEAD", title: "Head of Engineering", since: [11, "01-01"] },
  { pn: "P003", first: "Claudia", last: "Baumgartner", canton: "ZH", dept: "sales", manager: "P001", level: "HEAD", title: "Head of Sales & Marketing", since: [9, "05-01"], scale: "ZUERCHER" },
  { pn: "P004", first: "Thomas", last: "Rüegsegger", canton: "BE", dept: "ops", manager: "P001", level: "HEAD", title: "Head of Operations & Finance", since: [10, "08-01"] },
  { pn: "P005", first: "Sophie", last: "Delacrétaz", canton: "VD", dept: "support", manager: "P001", level: "HEAD", title: "Responsable Service clientèle", since: [8, "02-01"] },
  { pn: "P006", first: "Stefan", last: "Hofstetter", canton: "BE", dept: "eng", manager: "P002", level: "LEAD", title: "Team Lead Platform", since: [7, "09-01"] },
  { pn: "P007", first: "Nadia", last: "Keller", canton: "ZH", dept: "eng", manager: "P002", level: "LEAD", title: "Team Lead Mobile Apps", since: [6, "04-01"], scale: "ZUERCHER" },
  { pn: "P008", first: "Reto", last: "Brunner", canton: "ZH", dept: "sales", manager: "P003", level: "LEAD", title: "Teamleiter Verkauf Deutschschweiz", since: [6, "10-01"] },
  { pn: "P009", first: "Julien", last: "Favre", canton: "VD", dept: "sales", manager: "P003", level: "LEAD", title: "Responsable Ventes Romandie", since: [5, "03-01"], nationality: "FR" },
  { pn: "P010", first: "Beatrice", last: "Lüthi", canton: "BE", dept: "ops", manager: "P004", level: "LEAD", title: "Teamleiterin Finanzen & IT", since: [9, "01-01"] },
  { pn: "P011", first: "Isabelle", last: "Rochat", canton: "VD", dept: "ops", manager: "P004", level: "LEAD", title: "Head of People & Culture", since: [5, "06-01"] },
  { pn: "P012", first: "Marc", last: "Pittet", canton: "VD", dept: "support", manager: "P005", level: "LEAD", title: "Responsable Support", since: [4, "01-01"] },
  // Platform team (the demo manager's reports).
  { pn: "P013", first: "Lukas", last: "Gerber", canton: "BE", dept: "eng", manager: "P006", level: "STAFF", title: "Software Engineer", since: [4, "04-01"] },
  { pn: "P014", first: "Mia", last: "Schneider", canton: "BE", dept: "eng", manager: "P006", level: "STAFF", title: "Software Engineer", since: [3, "08-01"], workload: 80, weekdays: [1, 2, 3, 4] },
  { pn: "P015", first: "Jonas", last: "Wyss", canton: "ZH", dept: "eng", manager: "P006", level: "STAFF", title: "DevOps Engineer", since: [2, "02-01"], scale: "ZUERCHER" },
  { pn: "P016", first: "Elena", last: "Rossi", canton: "BE", dept: "eng", manager: "P006", level: "STAFF", title: "QA Engineer", since: [5, "11-01"], workload: 60, weekdays: [1, 2, 3], nationality: "IT" },
  { pn: "P017", first: "Noah", last: "Steiner", canton: "BE", dept: "eng", manager: "P006", level: "STAFF", title: "Software Engineer", since: [6, "01-01"], workload: 80, scale: "BASLER" },
  { pn: "P018", first: "Laura", last: "Imhof", canton: "BE", dept: "eng", manager: "P006", level: "STAFF", title: "Software Engineer", since: [0, "01-01"] },
  // Mobile Apps.
  { pn: "P019", first: "David", last: "Frei", canton: "ZH", dept: "eng", manager: "P007", level: "STAFF", title: "iOS Developer", since: [4, "06-01"], scale: "ZUERCHER" },
  { pn: "P020", first: "Sara", last: "Bachmann", canton: "ZH", dept: "eng", manager: "P007", level: "STAFF", title: "Android Developer", since: [3, "03-01"] },
  { pn: "P021", first: "Yannick", last: "Morel", canton: "VD", dept: "eng", manager: "P007", level: "STAFF", title: "Mobile Developer", since: [2, "09-01"] },
  { pn: "P022", first: "Lea", last: "Widmer", canton: "ZH", dept: "eng", manager: "P007", level: "STAFF", title: "UX Designer", since: [0, "03-01"], scale: "ZUERCHER" },
  // Verkauf Deutschschweiz.
  { pn: "P023", first: "Patrick", last: "Ammann", canton: "ZH", dept: "sales", manager: "P008", level: "STAFF", title: "Account Manager", since: [5, "07-01"], scale: "ZUERCHER" },
  { pn: "P024", first: "Nicole", last: "Egli", canton: "BE", dept: "sales", manager: "P008", level: "STAFF", title: "Account Manager", since: [8, "04-01"], workload: 80 },
  { pn: "P025", first: "Simon", last: "Kälin", canton: "ZH", dept: "sales", manager: "P008", level: "STAFF", title: "Marketing Specialist", since: [1, "05-01"] },
  // Ventes Romandie.
  { pn: "P026", first: "Camille", last: "Dubois", canton: "VD", dept: "sales", manager: "P009", level: "STAFF", title: "Chargée de clientèle", since: [4, "09-01"] },
  { pn: "P027", first: "Olivier", last: "Chappuis", canton: "VD", dept: "sales", manager: "P009", level: "STAFF", title: "Key Account Manager", since: [7, "01-01"] },
  { pn: "P028", first: "Amélie", last: "Girard", canton: "VD", dept: "sales", manager: "P009", level: "STAFF", title: "Assistante commerciale", since: [2, "04-01"], workload: 60, nationality: "FR" },
  { pn: "P029", first: "Thierry", last: "Bovet", canton: "VD", dept: "sales", manager: "P009", level: "STAFF", title: "Chargé de clientèle", since: [3, "10-01"], scale: "BASLER" },
  // Finanzen & IT.
  { pn: "P030", first: "Daniela", last: "Moser", canton: "BE", dept: "ops", manager: "P010", level: "STAFF", title: "Buchhalterin", since: [6, "02-01"] },
  { pn: "P031", first: "Kevin", last: "Portmann", canton: "ZH", dept: "ops", manager: "P010", level: "STAFF", title: "IT Administrator", since: [3, "01-01"] },
  { pn: "P032", first: "Ursula", last: "Fankhauser", canton: "BE", dept: "ops", manager: "P010", level: "STAFF", title: "Payroll Specialist", since: [12, "01-01"], workload: 60 },
  { pn: "P033", first: "Fabian", last: "Hänni", canton: "BE", dept: "ops", manager: "P010", level: "STAFF", title: "Controller", since: [1, "08-01"], nationality: "DE" },
  // People & Culture (the HR account leads it).
  { pn: "P034", first: "Chloé", last: "Bonvin", canton: "VD", dept: "ops", manager: "P011", level: "STAFF", title: "Talent Acquisition Specialist", since: [2, "01-01"] },
  { pn: "P035", first: "Sandra", last: "Liechti", canton: "BE", dept: "ops", manager: "P011", level: "STAFF", title: "HR Assistant", since: [4, "10-01"], workload: 80 },
  // Support.
  { pn: "P036", first: "Léa", last: "Jaquier", canton: "VD", dept: "support", manager: "P012", level: "STAFF", title: "Spécialiste support", since: [3, "05-01"] },
  { pn: "P037", first: "Raphaël", last: "Monnier", canton: "VD", dept: "support", manager: "P012", level: "STAFF", title: "Spécialiste support", since: [1, "11-01"] },
  { pn: "P038", first: "Manon", last: "Perrin", canton: "VD", dept: "support", manager: "P012", level: "STAFF", title: "Spécialiste support", since: [5, "01-01"], workload: 80 },
  { pn: "P039", first: "Beat", last: "Zaugg", canton: "BE", dept: "support", manager: "P012", level: "STAFF", title: "Support Engineer", since: [2, "06-01"] },
  { pn: "P040", first: "Céline", last: "Vuilleumier", canton: "VD", dept: "support", manager: "P012", level: "STAFF", title: "Spécialiste support", since: [6, "02-01"] },
];

const PLACES: Record<"BE" | "ZH" | "VD", [string, string][]> = {
  BE: [["3011", "Bern"], ["3600", "Thun"], ["3400", "Burgdorf"], ["3098", "Köniz"], ["2502", "Biel/Bienne"]],
  ZH: [["8004", "Zürich"], ["8400", "Winterthur"], ["8610", "Uster"], ["8800", "Thalwil"]],
  VD: [["1003", "Lausanne"], ["1110", "Morges"], ["1800", "Vevey"], ["1400", "Yverdon-les-Bains"]],
};
const STREETS: Record<"BE" | "ZH" | "VD", string[]> = {
  BE: ["Musterweg", "Beispielgasse", "Demostrasse", "Fiktivweg"],
  ZH: ["Beispielstrasse", "Musterhalde", "Demoweg", "Erfundenstrasse"],
  VD: ["Rue de l'Exemple", "Chemin des Démos", "Avenue Fictive", "Route du Modèle"],
};
const AGE_RANGE: Record<DemoPerson["level"], [number, number]> = {
  CEO: [50, 58],
  HEAD: [42, 57],
  LEAD: [34, 52],
  STAFF: [24, 61],
};
const EMERGENCY_FIRST = ["Anna", "Peter", "Marie", "Daniel", "Claire", "Urs", "Nina", "Luc"];

/** Start date of the future joiner: a Monday about six weeks ahead that is not a closure or holiday week. */
function futureStart(ctx: DemoContext): string {
  let d = addDays(mondayOf(ctx.today), 42);
  const closureStart = `${ctx.year}-12-22`;
  const closureEnd = `${ctx.year + 1}-01-03`;
  while ((d >= closureStart && d <= closureEnd) || ctx.holidays("BE").has(d)) d = addDays(d, 7);
  return d;
}

/** The employment start of a spec, relative to the clock's year (special cases for the story). */
function startOf(ctx: DemoContext, spec: PersonSpec): string {
  if (spec.pn === KEY.futureJoiner) return futureStart(ctx);
  // Joined this year: 1 March, or today when the clock is earlier in the year.
  if (spec.pn === KEY.joinedThisYear) return minDate(`${ctx.year}-03-01`, ctx.today);
  return `${ctx.year - spec.since[0]}-${spec.since[1]}`;
}

function salaryOf(ctx: DemoContext, spec: PersonSpec, workload: number): number {
  const base = spec.level === "CEO"
    ? 235_000
    : spec.level === "HEAD"
    ? ctx.rng.int(160, 178) * 1000
    : spec.level === "LEAD"
    ? ctx.rng.int(125, 142) * 1000
    : ctx.rng.int(76, 112) * 1000;
  return Math.round((base * workload) / 100 / 100) * 100;
}

/**
 * Adds departments, the forty employees (with sensitive fields filled), the workload change of this year
 * and the salary history. Registers each person in the context for the later builders.
 */
export function buildOrganisation(ctx: DemoContext): void {
  const created = ctx.now - 30 * 86_400_000;
  const deptIds = {} as Record<Dept, string>;
  for (const [key, name] of Object.entries(DEPARTMENTS) as [Dept, string][]) {
    deptIds[key] = demoId(`dept:${key}`);
    ctx.rows.add(s.departments, { id: deptIds[key], name });
  }

  PEOPLE.forEach((spec, i) => {
    const rng = ctx.rng;
    const id = demoId(`emp:${spec.pn}`);
    const start = startOf(ctx, spec);
    const end = spec.pn === KEY.leaver ? `${ctx.lastYear}-09-30` : null;
    const workload = spec.workload ?? 100;
    const weekdays = spec.weekdays ?? [1, 2, 3, 4, 5];
    // Old enough at entry (at least 20); seniority follows the level in the hierarchy.
    const startYear = Number(start.slice(0, 4));
    const [minAge, maxAge] = AGE_RANGE[spec.level];
    const birthYear = Math.min(startYear - 20, ctx.year - rng.int(minAge, maxAge));
    const birthDate = spec.pn === KEY.demo
      ? "1991-06-14"
      : `${birthYear}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
    const annualSalary = spec.pn === KEY.demo ? 99_500 : salaryOf(ctx, spec, workload);
    const payments = spec.level === "STAFF" && rng.chance(0.2) ? 12 : 13;
    const [postal, city] = rng.pick(PLACES[spec.canton]);
    const local = `${mailPart(spec.first)}.${mailPart(spec.last)}`;
    const scale = spec.scale ?? "BERNER";
    const person: DemoPerson = {
      key: spec.pn,
      id,
      firstName: spec.first,
      lastName: spec.last,
      canton: spec.canton,
      managerKey: spec.manager,
      workloadPercent: workload,
      workloadHistory: [[start, workload]],
      workingWeekdays: weekdays,
      weeklyHours: 42,
      employmentStart: start,
      employmentEnd: end,
      birthDate,
      annualSalary,
      payments: spec.pn === KEY.demo ? 13 : payments,
      level: spec.level,
    };
    ctx.people.set(spec.pn, person);
    ctx.rows.add(s.employees, {
      id,
      personnelNumber: `GW-${spec.pn.slice(1)}`,
      firstName: spec.first,
      lastName: spec.last,
      workEmail: `${local}@${DEMO_DOMAIN}`,
      phone: `+41 79 000 ${String(10 + i).padStart(2, "0")} ${String(rng.int(10, 99))}`,
      privateEmail: `${local}@private.${DEMO_DOMAIN}`,
      addressStreet: `${rng.pick(STREETS[spec.canton])} ${rng.int(1, 48)}`,
      addressPostalCode: postal,
      addressCity: city,
      addressCountry: "CH",
      emergencyContactName: `${rng.pick(EMERGENCY_FIRST)} ${spec.last}`,
      emergencyContactPhone: `+41 79 000 ${String(60 + i).padStart(2, "0")} ${String(rng.int(10, 99))}`,
      canton: spec.canton,
      managerId: spec.manager ? demoId(`emp:${spec.manager}`) : null,
      departmentId: deptIds[spec.dept],
      jobTitle: spec.title,
      employmentStart: start,
      employmentEnd: end,
      workloadPercent: workload,
      workingWeekdays: weekdays.join(","),
      weeklyHours: 42,
      salaryContinuationScale: scale,
      birthDate,
      ahvNumber: fakeAhv(i + 1),
      iban: fakeIban(i + 1),
      nationality: spec.nationality ?? "CH",
      createdAt: created,
      updatedAt: created,
    });
  });

  // Noah Steiner went from 100 % to 80 % on 1 July of this year (or today, early in the year).
  const changer = ctx.person(KEY.workloadChanged);
  const changedOn = maxDate(`${ctx.year}-01-01`, minDate(`${ctx.year}-07-01`, ctx.today));
  changer.workloadHistory = [[changer.employmentStart, 100], [changedOn, 80]];
  ctx.rows.add(
    s.workloadChanges,
    {
      id: ctx.ids.next("workload"),
      employeeId: changer.id,
      validFrom: changer.employmentStart,
      workloadPercent: 100,
    },
    { id: ctx.ids.next("workload"), employeeId: changer.id, validFrom: changedOn, workloadPercent: 80 },
  );

  // Salary history: three rows for the demo employee (entry and two yearly raises), one for everyone else.
  for (const p of ctx.people.values()) {
    if (p.key === KEY.demo) {
      ctx.rows.add(
        s.compensation,
        comp(ctx, p, p.employmentStart, 92_000, "Eintritt"),
        comp(ctx, p, `${ctx.lastYear}-01-01`, 96_000, `Lohnrunde ${ctx.lastYear}`),
        comp(ctx, p, `${ctx.year}-01-01`, 99_500, `Lohnrunde ${ctx.year}`),
      );
    } else {
      ctx.rows.add(s.compensation, comp(ctx, p, p.employmentStart, p.annualSalary, "Eintritt"));
    }
  }
}

function comp(ctx: DemoContext, p: DemoPerson, validFrom: string, annualSalary: number, reason: string) {
  return {
    id: ctx.ids.next("comp"),
    employeeId: p.id,
    validFrom,
    annualSalary,
    payments: p.payments,
    currency: "CHF",
    reason,
    createdAt: Math.min(ctx.now, at(validFrom) - 20 * 86_400_000),
  };
}

/** Salary valid on a date from the demo employee's history (others have one row). */
export function salaryOn(ctx: DemoContext, p: DemoPerson, date: string): number {
  if (p.key !== KEY.demo) return p.annualSalary;
  if (date >= `${ctx.year}-01-01`) return 99_500;
  if (date >= `${ctx.lastYear}-01-01`) return 96_000;
  return 92_000;
}

/** Registers the accounts' user ids (derived from the e-mail) so builders can reference them early. */
export function registerAccounts(ctx: DemoContext): void {
  for (const [key, a] of Object.entries(DEMO_ACCOUNTS)) ctx.userIds.set(key, demoId(`user:${a.email}`));
}

/**
 * The sign-in account rows. Only these get a password hash (scrypt is slow on purpose); the hashes are
 * made while the rest is built and passed in.
 */
export function buildAccounts(ctx: DemoContext, hashes: Record<AccountKey, string>): void {
  const created = ctx.now - 30 * 86_400_000;
  for (
    const [key, a] of Object.entries(DEMO_ACCOUNTS) as [AccountKey, (typeof DEMO_ACCOUNTS)[AccountKey]][]
  ) {
    ctx.rows.add(s.users, {
      id: ctx.user(key),
      email: a.email,
      passwordHash: hashes[key],
      role: a.role,
      active: true,
      language: a.language,
      employeeId: a.employeeId,
      createdAt: created,
      updatedAt: created,
    });
  }
}

/** Whether the person is employed on a date (start ≤ date ≤ end). */
export function employedOn(p: DemoPerson, date: string): boolean {
  return p.employmentStart <= date && (p.employmentEnd === null || date <= p.employmentEnd);
}

/** Whether a date is one of the person's working days (weekday worked and not a whole-day holiday). */
export function worksOn(ctx: DemoContext, p: DemoPerson, date: string): boolean {
  return p.workingWeekdays.includes(isoWeekday(date)) && (ctx.holidays(p.canton).get(date) ?? 0) < 1;
}

export type { AccountKey };
