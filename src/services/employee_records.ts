/**
 * Employee records as HR enters them, one by one in the console or many in a file: one validation (each
 * problem named with its place) and one all-or-nothing write, shared by the CSV import and the console.
 */
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { cantonChanges, departments, employees, users } from "../db/schema/mod.ts";
import { cantonOn, type CantonPeriod } from "../domain/calendar.ts";
import {
  ahvNumber,
  canton,
  dateProblem,
  isEmailAddress,
  language,
  normaliseIban,
  phoneNumber,
  postalCode,
  salaryScale,
  workloadPercent,
} from "../domain/fields.ts";
import { SALARY_SCALES } from "../domain/sick.ts";
import { isNewHire, startPlanFromTemplate } from "./onboarding_templates.ts";
import { type Q, type ServiceDeps, todayOf, type Tx } from "./common.ts";
import { type RecomputedRequest, recomputeFrom } from "./workload_changes.ts";

/**
 * The employee CSV format, the same for import and export. `personnel_number` identifies a person: an
 * import updates existing people and adds new ones. `manager_personnel_number` may name someone earlier or
 * later in the same file, or already in the database. `working_weekdays` lists the working days
 * (`parseWeekdays`: `1-5`, `1,2,3`, `Mo-Fr`, `lu-me`, `Mon-Wed`). `language` (de, en, fr or it) is the person's
 * language: kept with the record (their invitation is written in it) and set on their account when they have
 * one; an empty cell leaves it as it is. `canton_valid_from` is the day a changed `canton` applies from (the
 * place of work decides each day's public holidays, so a move must not rewrite the days before it): a new
 * person's canton applies from their first day; for someone known, a different canton without this date is
 * refused (`cantonNeedsDate`). The export gives the date of the latest move, empty when there was none.
 */
export const EMPLOYEE_COLUMNS = [
  "personnel_number",
  "first_name",
  "last_name",
  "work_email",
  "phone",
  "canton",
  "canton_valid_from",
  "manager_personnel_number",
  "department",
  "job_title",
  "employment_start",
  "employment_end",
  "workload_percent",
  "working_weekdays",
  "weekly_hours",
  "salary_continuation_scale",
  "birth_date",
  "ahv_number",
  "iban",
  "address_street",
  "address_postal_code",
  "address_city",
  "language",
] as const;

export const REQUIRED_COLUMNS: ReadonlySet<string> = new Set([
  "personnel_number",
  "first_name",
  "last_name",
  "canton",
  "employment_start",
]);

const opt = z.string().trim().transform((v) => (v === "" ? null : v));

/**
 * What can be wrong with one record. Each door says it in its reader's words: the file's checks in English
 * (`recordProblemEnglish`, what the command line prints), the console in the reader's language.
 */
export type RecordProblemCode =
  | SchemaProblemCode
  | "duplicate"
  | "endBeforeStart"
  | "unknownManager"
  | "ownManager"
  | "cantonNeedsDate"
  | "cantonDateBeforeStart"
  | "cantonDateAfterEnd"
  | "invalid";

/** The codes the record's schema gives as its messages (`problem` below); the others come from `checkRecords`. */
const SCHEMA_CODES = [
  "required",
  "tooLong",
  "date",
  "dateRange",
  "email",
  "canton",
  "workload",
  "weekdays",
  "hours",
  "scale",
  "ahv",
  "iban",
  "language",
  "phone",
  "postalCode",
] as const;
type SchemaProblemCode = (typeof SCHEMA_CODES)[number];
const SCHEMA_CODE_SET: ReadonlySet<string> = new Set(SCHEMA_CODES);

/** One problem of one record: its line, the column it is about, and what is wrong. */
export interface RecordProblem {
  line: number;
  field: EmployeeColumn;
  code: RecordProblemCode;
  /**
   * What the problem names: the longest length allowed (`tooLong`), a personnel number (`duplicate`,
   * `unknownManager`), or what is wrong, in English (`weekdays`, and `invalid`: a check without a code).
   */
  value?: string | number;
  /** The line a `duplicate` personnel number appeared on first. */
  firstLine?: number;
}

export type EmployeeColumn = (typeof EMPLOYEE_COLUMNS)[number];

/** `DD.MM.YYYY` (how Swiss spreadsheets write dates) as `YYYY-MM-DD`; anything else is left as it is. */
function isoFromSwiss(v: string): string {
  const m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}` : v;
}

/**
 * A workload as a spreadsheet writes it: a cell formatted as a percentage is saved as `100%`, or `80 %` (with
 * a space, a no-break space or a narrow one, as Excel in a French or Swiss locale puts it), and a Swiss or
 * German Excel writes a decimal comma (`62,5`). The sign and the spaces go; the comma is read as a point.
 */
function percentNumber(v: string): string {
  return v.replace(/[\s\u00a0\u202f]*%$/, "").replace(/^(\d+),(\d+)$/, "$1.$2");
}

// Every message of the schema below is a `RecordProblemCode`; `recordProblems` reads the issues back as
// problems, the column from the issue's path.
const problem = (code: SchemaProblemCode) => ({ message: code });

// A birth or employment date outside 1900–2100 is a typing slip (0001-01-01 would make 2000 service years).
const date = () =>
  opt.transform((v) => (v === null ? null : isoFromSwiss(v))).refine(
    (v) => v === null || dateProblem(v) !== "format",
    problem("date"),
  ).refine((v) => v === null || dateProblem(v) !== "range", problem("dateRange"));

const Row = z.object({
  personnel_number: z.string().trim().min(1, problem("required")).max(32, problem("tooLong")),
  first_name: z.string().trim().min(1, problem("required")).max(100, problem("tooLong")),
  last_name: z.string().trim().min(1, problem("required")).max(100, problem("tooLong")),
  work_email: opt.refine((v) => v === null || isEmailAddress(v), problem("email")),
  phone: opt.refine((v) => v === null || phoneNumber.safeParse(v).success, problem("phone")),
  canton: z.string().trim().toUpperCase().refine((v) => canton.safeParse(v).success, problem("canton")),
  canton_valid_from: date(),
  manager_personnel_number: opt,
  department: opt,
  job_title: opt,
  employment_start: z.string().trim().transform(isoFromSwiss).refine(
    (v) => dateProblem(v) !== "format",
    problem("date"),
  )
    .refine((v) => dateProblem(v) !== "range", problem("dateRange")),
  employment_end: date(),
  workload_percent: opt.transform((v, ctx) => {
    if (v === null) return 100;
    const n = Number(percentNumber(v));
    if (!workloadPercent.safeParse(n).success) ctx.addIssue({ code: "custom", ...problem("workload") });
    return n;
  }),
  working_weekdays: opt.transform((v, ctx) => {
    if (v === null) return "1,2,3,4,5";
    const days = parseWeekdays(v);
    if (typeof days === "string") {
      ctx.addIssue({ code: "custom", ...problem("weekdays"), params: { detail: days } });
      return "";
    }
    return days.join(",");
  }),
  weekly_hours: opt.transform((v, ctx) => {
    if (v === null) return 42;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0 || n > 60) ctx.addIssue({ code: "custom", ...problem("hours") });
    return n;
  }),
  salary_continuation_scale: opt.transform((v) => v?.toUpperCase() ?? "BERNER").refine(
    (v) => salaryScale.safeParse(v).success,
    problem("scale"),
  ),
  birth_date: date(),
  ahv_number: opt.refine((v) => v === null || ahvNumber.safeParse(v).success, problem("ahv")),
  iban: opt.transform((v) => v?.replace(/\s+/g, "").toUpperCase() ?? null).refine(
    (v) => v === null || normaliseIban(v) !== null,
    problem("iban"),
  ),
  address_street: opt,
  address_postal_code: opt.refine(
    (v) => v === null || postalCode.safeParse(v).success,
    problem("postalCode"),
  ),
  address_city: opt,
  language: opt.transform((v) => v?.toLowerCase() ?? null).refine(
    (v) => v === null || language.safeParse(v).success,
    problem("language"),
  ),
});

/** The schema's issues for the record on `line`, as problems. */
function recordProblems(line: number, issues: readonly z.core.$ZodIssue[]): RecordProblem[] {
  return issues.map((i) => {
    const field = String(i.path[0]) as EmployeeColumn;
    if (!SCHEMA_CODE_SET.has(i.message)) return { line, field, code: "invalid", value: i.message };
    const code = i.message as RecordProblemCode;
    if (i.code === "too_big") return { line, field, code, value: Number(i.maximum) };
    if (i.code === "custom" && typeof i.params?.detail === "string") {
      return { line, field, code, value: i.params.detail };
    }
    return { line, field, code };
  });
}

/** A problem as the file's checks say it, in English (the command line's words), without its line. */
export function recordProblemEnglish(p: RecordProblem): string {
  switch (p.code) {
    case "required":
      return `${p.field} is required`;
    case "tooLong":
      return `${p.field} must be at most ${p.value} characters`;
    case "date":
      return `${p.field} must be a date YYYY-MM-DD or DD.MM.YYYY`;
    case "dateRange":
      return `${p.field} must be a date from 1900-01-01 to 2100-12-31`;
    case "email":
      return "work_email is not an e-mail address";
    case "canton":
      return "canton must be a two-letter Swiss canton code such as BE, ZH or VD";
    case "workload":
      return "workload_percent must be a number above 0 and at most 100";
    case "weekdays":
      return `working_weekdays ${p.value}`;
    case "hours":
      return "weekly_hours must be from 1 to 60";
    case "scale":
      return `salary_continuation_scale must be ${SALARY_SCALES.join(", ")}`;
    case "ahv":
      return "ahv_number must look like 756.1234.5678.97";
    case "iban":
      return "iban is not an IBAN";
    case "language":
      return "language must be de, en, fr or it";
    case "phone":
      return "phone must be a phone number such as +41 31 123 45 67";
    case "postalCode":
      return "address_postal_code must be a postal code such as 3011 (at most 10 letters, digits, spaces or -)";
    case "duplicate":
      return `personnel_number ${p.value} already appears on line ${p.firstLine}`;
    case "endBeforeStart":
      return "employment_end is before employment_start";
    case "unknownManager":
      return `manager ${p.value} is neither in the file nor known`;
    case "ownManager":
      return "a person cannot be their own manager";
    case "cantonNeedsDate":
      return `canton changes from ${p.value}: give canton_valid_from, the day the new canton applies from ` +
        "(without it the past's public holidays would be rewritten)";
    case "cantonDateBeforeStart":
      return "canton_valid_from is before employment_start";
    case "cantonDateAfterEnd":
      return "canton_valid_from is after employment_end";
    case "invalid":
      return `${p.field}: ${p.value}`;
  }
}

/**
 * Weekday abbreviations by language (1 = Monday). German and French share `di` (Dienstag, dimanche), German
 * and Italian `do` (Donnerstag, domenica): a cell is read in each language and must mean the same in every
 * language it can be read in.
 */
const WEEKDAY_NAMES: Record<string, readonly string[]> = {
  de: ["mo", "di", "mi", "do", "fr", "sa", "so"],
  fr: ["lu", "ma", "me", "je", "ve", "sa", "di"],
  it: ["lu", "ma", "me", "gi", "ve", "sa", "do"],
  en: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
};

const WEEKDAY_FORMATS =
  "ISO weekdays such as 1-5 or 1,2,3 (1 = Monday), or abbreviations such as Mo-Fr, lu-ve or Mon-Fri";

/** One language's reading of a cell's words (ranges `a-b`, lists), or null when a word is not of it. */
function readWeekdays(parts: string[][], day: (word: string) => number | undefined): number[] | null {
  const out: number[] = [];
  for (const range of parts) {
    const ends = range.map(day);
    if (ends.some((d) => d === undefined)) return null;
    const [a, b = a] = ends as number[];
    if (range.length > 2 || b < a) return null;
    for (let d = a; d <= b; d++) out.push(d);
  }
  return out;
}

/**
 * The working weekdays of a cell, sorted (1 = Monday): numbers or the abbreviations of German (`Mo-Fr`),
 * French and Italian (`lu-ve`) or English (`Mon-Fri`), as ranges (`1-3`, `Mo-Mi`) or lists separated by
 * commas, semicolons, slashes or spaces (`1,2,3`: a semicolon splits a row of a semicolon file unless the
 * cell is quoted). Returns why not, as a sentence's end, when the cell is none of these.
 */
export function parseWeekdays(cell: string): number[] | string {
  const parts = cell.trim().toLowerCase().replace(/\s*[-–]\s*/g, "-").split(/\s*[,;/\s]\s*/).filter(Boolean)
    .map((p) => p.split("-").map((w) => w.replace(/\.$/, "")));
  if (!parts.length) return `must be ${WEEKDAY_FORMATS}`;
  const readings = [
    readWeekdays(parts, (w) => /^[1-7]$/.test(w) ? Number(w) : undefined),
    ...Object.values(WEEKDAY_NAMES).map((names) =>
      readWeekdays(parts, (w) => {
        const i = names.indexOf(w);
        return i < 0 ? undefined : i + 1;
      })
    ),
  ].filter((r): r is number[] => r !== null).map((r) => r.join(","));
  const meanings = [...new Set(readings)];
  if (meanings.length > 1) {
    return `"${cell}" means different days in different languages (di: Dienstag or dimanche, do: ` +
      "Donnerstag or domenica); write the days as numbers such as 2 or 1-5";
  }
  if (!meanings.length) return `must be ${WEEKDAY_FORMATS}, got "${cell}"`;
  const days = meanings[0].split(",").map(Number);
  if (new Set(days).size !== days.length) return `names a day twice in "${cell}"`;
  return days.sort((a, b) => a - b);
}

/** The result of an import: either everything was applied, or nothing and every bad row is listed. */
export type ImportResult =
  | {
    ok: true;
    created: number;
    updated: number;
    plansStarted: number;
    /** Leave already filed whose days a dated canton change altered (computed again, the people told). */
    recalculated: RecomputedRequest[];
    /** Per person, what the save changed (or, in a dry run, would change). */
    changes: PersonChange[];
    dryRun: boolean;
  }
  | RefusedRecords;

/**
 * A refused import or form: every problem in English with its line (`errors`, the command line's words;
 * first those the caller found in the file itself), and the records' problems as codes (`problems`), which
 * the console says in its reader's language.
 */
export interface RefusedRecords {
  ok: false;
  errors: string[];
  problems: RecordProblem[];
}

/** What a save changes for one person: new, or each field whose cell reads differently, before and after. */
export interface PersonChange {
  personnelNumber: string;
  name: string;
  created: boolean;
  fields: { column: string; before: string; after: string }[];
}

/** One record: its place (a file's line number; 1 for a form) and its fields by column name. */
export interface EmployeeRecord {
  line: number;
  fields: Record<string, string>;
}

/** How new people are written. */
interface RecordOptions {
  /** The id a new person gets (the demo keeps its stable ids); otherwise a random one. */
  idOf?: (personnelNumber: string) => string | undefined;
  /** Work out what would change and write nothing (the transaction is rolled back). */
  dryRun?: boolean;
}

/** Ends a dry run's transaction, carrying its result out of it. */
class DryRun {
  constructor(readonly result: ImportResult) {}
}

/** The changes between two readings of the same people's records (`employeeRecordFields`). */
function changesBetween(
  before: Record<string, string>[],
  after: Record<string, string>[],
): PersonChange[] {
  const old = new Map(before.map((r) => [r.personnel_number, r]));
  const out: PersonChange[] = [];
  for (const r of after) {
    const was = old.get(r.personnel_number);
    const fields = was
      ? EMPLOYEE_COLUMNS.filter((c) => was[c] !== r[c]).map((c) => ({
        column: c,
        before: was[c],
        after: r[c],
      }))
      : [];
    if (!was || fields.length) {
      out.push({
        personnelNumber: r.personnel_number,
        name: `${r.first_name} ${r.last_name}`,
        created: !was,
        fields,
      });
    }
  }
  return out;
}

/** Records that passed every check, ready to be written. */
interface Checked {
  parsed: { line: number; row: z.output<typeof Row> }[];
  byPn: Map<string, string>;
  /** The known people's record canton and canton history, by id. */
  cantons: Map<string, { current: string; history: CantonPeriod[] }>;
}

/** The latest entry of a canton history (the record's own canton from the start when there is none). */
function latestCanton(current: string, history: readonly CantonPeriod[]): string {
  return history.length
    ? [...history].sort((a, b) => a.validFrom < b.validFrom ? -1 : 1).at(-1)!.canton
    : current;
}

/** Every problem of the records, each with its line, read through `q` (the database or a transaction). */
async function checkRecords(
  q: Q,
  records: readonly EmployeeRecord[],
  earlier: readonly string[],
): Promise<{ refused: RefusedRecords | null; checked: Checked }> {
  const problems: RecordProblem[] = [];
  const parsed: { line: number; row: z.output<typeof Row> }[] = [];
  const seen = new Map<string, number>();
  for (const { line, fields } of records) {
    const obj = Object.fromEntries(EMPLOYEE_COLUMNS.map((c) => [c, fields[c] ?? ""]));
    const r = Row.safeParse(obj);
    if (!r.success) {
      problems.push(...recordProblems(line, r.error.issues));
      continue;
    }
    const pn = r.data.personnel_number;
    if (seen.has(pn)) {
      problems.push({
        line,
        field: "personnel_number",
        code: "duplicate",
        value: pn,
        firstLine: seen.get(pn),
      });
    }
    seen.set(pn, line);
    if (r.data.employment_end && r.data.employment_end < r.data.employment_start) {
      problems.push({ line, field: "employment_end", code: "endBeforeStart" });
    }
    parsed.push({ line, row: r.data });
  }

  const existing = await q.select({
    id: employees.id,
    pn: employees.personnelNumber,
    canton: employees.canton,
  })
    .from(employees);
  const byPn = new Map(existing.map((e) => [e.pn, e.id]));
  const cantons = new Map(existing.map((e) => [e.id, { current: e.canton, history: [] as CantonPeriod[] }]));
  const known = parsed.map((p) => byPn.get(p.row.personnel_number)).filter((id): id is string => !!id);
  for (let i = 0; i < known.length; i += 500) {
    for (
      const c of await q.select().from(cantonChanges).where(
        inArray(cantonChanges.employeeId, known.slice(i, i + 500)),
      )
    ) cantons.get(c.employeeId)?.history.push({ validFrom: c.validFrom, canton: c.canton });
  }
  for (const { line, row } of parsed) {
    const from = row.canton_valid_from;
    if (from && from < row.employment_start) {
      problems.push({ line, field: "canton_valid_from", code: "cantonDateBeforeStart" });
    } else if (from && row.employment_end && from > row.employment_end) {
      problems.push({ line, field: "canton_valid_from", code: "cantonDateAfterEnd" });
    }
    const id = byPn.get(row.personnel_number);
    const was = id ? cantons.get(id) : undefined;
    // A known person's different canton without a date would move every past day to it: refused, naming
    // the field that says from when.
    if (was && !from && row.canton !== was.current && row.canton !== latestCanton(was.current, was.history)) {
      problems.push({
        line,
        field: "canton_valid_from",
        code: "cantonNeedsDate",
        value: latestCanton(was.current, was.history),
      });
    }
  }
  for (const { line, row } of parsed) {
    const m = row.manager_personnel_number;
    if (m && !seen.has(m) && !byPn.has(m)) {
      problems.push({ line, field: "manager_personnel_number", code: "unknownManager", value: m });
    }
    if (m === row.personnel_number) {
      problems.push({ line, field: "manager_personnel_number", code: "ownManager" });
    }
  }
  const refused = earlier.length || problems.length
    ? {
      ok: false as const,
      errors: [...earlier, ...problems.map((p) => `line ${p.line}: ${recordProblemEnglish(p)}`)],
      problems,
    }
    : null;
  return { refused, checked: { parsed, byPn, cantons } };
}

/**
 * Writes checked records in the caller's transaction; returns the counts, the ids of the new people and how
 * many onboarding plans were started. `today` is the local day that tells a new hire from long-time staff.
 */
async function writeRecords(
  tx: Tx,
  { parsed, byPn, cantons }: Checked,
  now: number,
  today: string,
  opts: RecordOptions = {},
) {
  let created = 0;
  let updated = 0;
  const moved: { id: string; from: string }[] = [];
  const depts = new Map((await tx.select().from(departments)).map((d) => [d.name, d.id]));
  const newIds: string[] = [];
  const ids = new Map(byPn);
  for (const { row } of parsed) {
    if (!ids.has(row.personnel_number)) {
      ids.set(row.personnel_number, opts.idOf?.(row.personnel_number) ?? crypto.randomUUID());
    }
  }
  for (const { row } of parsed) {
    let departmentId: string | null = null;
    if (row.department) {
      departmentId = depts.get(row.department) ?? null;
      if (!departmentId) {
        departmentId = crypto.randomUUID();
        await tx.insert(departments).values({ id: departmentId, name: row.department });
        depts.set(row.department, departmentId);
      }
    }
    const values = {
      personnelNumber: row.personnel_number,
      firstName: row.first_name,
      lastName: row.last_name,
      workEmail: row.work_email,
      phone: row.phone,
      canton: row.canton,
      managerId: row.manager_personnel_number ? ids.get(row.manager_personnel_number)! : null,
      departmentId,
      jobTitle: row.job_title,
      employmentStart: row.employment_start,
      employmentEnd: row.employment_end,
      workloadPercent: row.workload_percent,
      workingWeekdays: row.working_weekdays,
      weeklyHours: row.weekly_hours,
      salaryContinuationScale: row.salary_continuation_scale,
      birthDate: row.birth_date,
      ahvNumber: row.ahv_number,
      iban: row.iban,
      addressStreet: row.address_street,
      addressPostalCode: row.address_postal_code,
      addressCity: row.address_city,
      // An empty cell keeps the language there is.
      ...(row.language ? { language: row.language } : {}),
      updatedAt: now,
    };
    const id = ids.get(row.personnel_number)!;
    const was = cantons.get(id);
    if (byPn.has(row.personnel_number) && was) {
      const from = row.canton_valid_from;
      const history = [...was.history];
      if (from) {
        const same = history.find((h) => h.validFrom === from);
        if (cantonOn(was.current, history, from) !== row.canton || (same && same.canton !== row.canton)) {
          // The canton so far is kept as history from the first day, so the move leaves the past as it was.
          if (!history.length && from > row.employment_start) {
            const first = { validFrom: row.employment_start, canton: was.current };
            await tx.insert(cantonChanges).values({ employeeId: id, ...first });
            history.push(first);
          }
          if (same) {
            await tx.delete(cantonChanges).where(
              and(eq(cantonChanges.employeeId, id), eq(cantonChanges.validFrom, from)),
            );
            history.splice(history.indexOf(same), 1);
          }
          await tx.insert(cantonChanges).values({ employeeId: id, validFrom: from, canton: row.canton });
          history.push({ validFrom: from, canton: row.canton });
          moved.push({ id, from });
        }
      }
      // The record holds the canton in force today; a move planned for later takes over on its day in
      // every rule that reads the history.
      const canton = history.length ? cantonOn(was.current, history, today) : was.current;
      await tx.update(employees).set({ ...values, canton }).where(eq(employees.id, id));
      updated++;
    } else {
      await tx.insert(employees).values({ id, ...values, createdAt: now });
      // A new person's canton holds from their first day.
      await tx.insert(cantonChanges).values({
        employeeId: id,
        validFrom: row.employment_start,
        canton: row.canton,
      });
      created++;
      newIds.push(id);
    }
    if (row.language) {
      await tx.update(users).set({ language: row.language, updatedAt: now }).where(
        eq(users.employeeId, id),
      );
    }
  }
  // A new hire starts with the organisation's onboarding plan (once all managers exist). People added whose
  // employment began long ago (the staff of a first import) are not starting anything: a plan would give them
  // tasks long overdue and their managers a list of them.
  let plansStarted = 0;
  for (const { row } of parsed) {
    const id = ids.get(row.personnel_number)!;
    if (!newIds.includes(id) || !isNewHire(row.employment_start, today)) continue;
    if (await startPlanFromTemplate(tx, id, now)) plansStarted++;
  }
  // Leave already filed over a moved day is counted again by the new canton's holidays, and the person and
  // the approver are told, as after a workload change.
  const recalculated: RecomputedRequest[] = [];
  for (const m of moved) recalculated.push(...await recomputeFrom(tx, m.id, m.from, now, "CANTON_CHANGE"));
  return { created, updated, newIds, plansStarted, recalculated };
}

/**
 * Validates every record (each problem reported with its line) and writes them only when there is no
 * problem at all, in one transaction: new personnel numbers are added, known ones updated.
 */
export async function saveEmployeeRecords(
  deps: ServiceDeps,
  records: readonly EmployeeRecord[],
  /** Problems the caller found already (e.g. a line of a file with too few fields): nothing is written. */
  earlier: readonly string[] = [],
  opts: RecordOptions = {},
): Promise<ImportResult> {
  const { refused, checked } = await checkRecords(deps.db, records, earlier);
  if (refused) return refused;
  const now = deps.clock.now();
  const today = todayOf(deps);
  const pns = checked.parsed.map((p) => p.row.personnel_number);
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await employeeRecordFields({ db: tx }, pns);
      const { created, updated, plansStarted, recalculated } = await writeRecords(
        tx,
        checked,
        now,
        today,
        opts,
      );
      const changes = changesBetween(before, await employeeRecordFields({ db: tx }, pns));
      const dryRun = opts.dryRun === true;
      const result: ImportResult = {
        ok: true,
        created,
        updated,
        plansStarted,
        recalculated,
        changes,
        dryRun,
      };
      if (opts.dryRun) throw new DryRun(result);
      return result;
    });
  } catch (e) {
    if (e instanceof DryRun) return e.result;
    throw e;
  }
}

/**
 * The same checks and write inside the caller's transaction, for a change of which a new person is one part
 * (a candidate hired): the caller's other writes and the record commit together or not at all. Returns the
 * ids of the people created.
 */
export async function saveEmployeeRecordsIn(
  tx: Tx,
  now: number,
  today: string,
  records: readonly EmployeeRecord[],
): Promise<{ ok: true; created: string[] } | RefusedRecords> {
  const { refused, checked } = await checkRecords(tx, records, []);
  if (refused) return refused;
  const { newIds } = await writeRecords(tx, checked, now, today);
  return { ok: true, created: newIds };
}

/**
 * The next free personnel number in the organisation's own pattern: the highest number that ends in digits,
 * one up, with its prefix and width (`GW-041` → `GW-042`); `1` when there is none yet.
 */
export async function nextPersonnelNumber(q: Q): Promise<string> {
  const taken = new Set(
    (await q.select({ pn: employees.personnelNumber }).from(employees)).map((e) => e.pn),
  );
  let best: { prefix: string; n: number; width: number } | null = null;
  for (const pn of taken) {
    const m = /^(.*?)(\d+)$/.exec(pn);
    if (!m) continue;
    const n = Number(m[2]);
    if (!best || n > best.n) best = { prefix: m[1], n, width: m[2].length };
  }
  const b = best ?? { prefix: "", n: 0, width: 1 };
  for (let n = b.n + 1;; n++) {
    const pn = `${b.prefix}${String(n).padStart(b.width, "0")}`;
    if (!taken.has(pn)) return pn;
  }
}

/**
 * People's records in the format of `EMPLOYEE_COLUMNS` (every value as its cell would read), ordered by
 * personnel number: all of them, or the ones named. Saving such a record unchanged changes nothing, so the
 * export file and the console's person form start from it.
 */
export async function employeeRecordFields(
  deps: { db: Q },
  personnelNumbers?: readonly string[],
): Promise<Record<(typeof EMPLOYEE_COLUMNS)[number], string>[]> {
  const all = await deps.db.select().from(employees).where(
    personnelNumbers ? inArray(employees.personnelNumber, [...personnelNumbers]) : undefined,
  ).orderBy(employees.personnelNumber);
  if (!all.length) return [];
  const depts = new Map((await deps.db.select().from(departments)).map((d) => [d.id, d.name]));
  const managerIds = [...new Set(all.map((e) => e.managerId).filter((x): x is string => !!x))];
  const pnById = new Map(
    managerIds.length
      ? (await deps.db.select({ id: employees.id, pn: employees.personnelNumber }).from(employees).where(
        inArray(employees.id, managerIds),
      )).map((e) => [e.id, e.pn])
      : [],
  );
  const langById = new Map(
    (await deps.db.select({ employeeId: users.employeeId, language: users.language }).from(users))
      .map((u) => [u.employeeId, u.language]),
  );
  const cell = (v: string | number | null | undefined) => v === null || v === undefined ? "" : String(v);
  // The canton as last recorded (a planned move included) and, when the person has moved, from when.
  const histories = new Map<string, CantonPeriod[]>();
  const ids = all.map((e) => e.id);
  for (let i = 0; i < ids.length; i += 500) {
    for (
      const c of await deps.db.select().from(cantonChanges).where(
        inArray(cantonChanges.employeeId, ids.slice(i, i + 500)),
      )
    ) {
      let list = histories.get(c.employeeId);
      if (!list) histories.set(c.employeeId, list = []);
      list.push({ validFrom: c.validFrom, canton: c.canton });
    }
  }
  const lastMove = (e: { id: string; canton: string }) => {
    const h = [...histories.get(e.id) ?? []].sort((a, b) => a.validFrom < b.validFrom ? -1 : 1);
    return h.length > 1 ? h.at(-1)! : { validFrom: "", canton: h.at(-1)?.canton ?? e.canton };
  };
  return all.map((e) => ({
    personnel_number: e.personnelNumber,
    first_name: e.firstName,
    last_name: e.lastName,
    work_email: cell(e.workEmail),
    phone: cell(e.phone),
    canton: lastMove(e).canton,
    canton_valid_from: lastMove(e).validFrom,
    manager_personnel_number: e.managerId ? cell(pnById.get(e.managerId)) : "",
    department: e.departmentId ? cell(depts.get(e.departmentId)) : "",
    job_title: cell(e.jobTitle),
    employment_start: e.employmentStart,
    employment_end: cell(e.employmentEnd),
    workload_percent: cell(e.workloadPercent),
    working_weekdays: e.workingWeekdays.replaceAll(",", ";"),
    weekly_hours: cell(e.weeklyHours),
    salary_continuation_scale: cell(e.salaryContinuationScale),
    birth_date: cell(e.birthDate),
    ahv_number: cell(e.ahvNumber),
    iban: cell(e.iban),
    address_street: cell(e.addressStreet),
    address_postal_code: cell(e.addressPostalCode),
    address_city: cell(e.addressCity),
    // The account's language is the one the person chose (they may change it in the portal); before they
    // have an account, the one HR entered.
    language: cell(langById.get(e.id) ?? e.language),
  }));
}
