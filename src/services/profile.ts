/**
 * Profile use cases: the caller's master data (sensitive fields shown to the owner only), the fields an
 * employee may change directly (contact, address, emergency contact, language), and change requests for
 * sensitive fields, which HR decides (see `approvals.ts`).
 */
import { ahvNumber, checkField, dateProblem, FIELD_RULES, normaliseIban } from "../domain/fields.ts";
import type { Lang } from "../i18n/mod.ts";
import { and, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { prepared } from "../db/prepared.ts";
import { readRow } from "../db/local.ts";
import { exactReal, jsonRows, realOf } from "./json_rows.ts";
import { compensation, departments, employees, profileChangeRequests, users } from "../db/schema/mod.ts";
import { cantonOn } from "../domain/calendar.ts";
import { cantonHistoryOf } from "./holidays.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import {
  type EmployeeRow,
  fullName,
  iso,
  noEmployee,
  notify,
  type PageInput,
  type Q,
  selfEmployee,
  selfId,
  type ServiceDeps,
  todayOf,
  weekdaysOf,
  writeTx,
} from "./common.ts";
import { afterKey, keysetPage, keysetStart } from "./keyset.ts";
import type { RawStatements } from "../db/raw_sql.ts";

/** Fields the employee changes directly. */
export interface ProfilePatch {
  phone?: string | null;
  privateEmail?: string | null;
  addressStreet?: string | null;
  addressPostalCode?: string | null;
  addressCity?: string | null;
  addressCountry?: string | null;
  emergencyContactName?: string | null;
  emergencyContactPhone?: string | null;
  language?: Lang;
}

/** Sensitive fields that change only through a request HR decides; SALARY is a question to HR. */
export const CHANGE_FIELDS = [
  "AHV_NUMBER",
  "IBAN",
  "BIRTH_DATE",
  "NATIONALITY",
  "FIRST_NAME",
  "LAST_NAME",
  "SALARY",
] as const;
export type ChangeField = typeof CHANGE_FIELDS[number];

/** The employee column a change request writes when HR applies it (SALARY writes nothing). */
export const FIELD_COLUMN: Record<ChangeField, keyof EmployeeRow | null> = {
  AHV_NUMBER: "ahvNumber",
  IBAN: "iban",
  BIRTH_DATE: "birthDate",
  NATIONALITY: "nationality",
  FIRST_NAME: "firstName",
  LAST_NAME: "lastName",
  SALARY: null,
};

/** Whether an AHV number (AHVN13) is well formed: the one rule, `ahvNumber` in `domain/fields.ts`. */
export function isAhvNumber(s: string): boolean {
  return ahvNumber.safeParse(s).success;
}

/** Normalises an IBAN (no spaces, upper case) and checks it: the one rule, `normaliseIban` in `domain/fields.ts`. */
export { normaliseIban };

/** Checks and normalises a requested value for a field; the message says what a valid value looks like. */
export function normaliseRequestedValue(field: ChangeField, value: string): string {
  const v = value.trim();
  switch (field) {
    case "AHV_NUMBER":
      if (!isAhvNumber(v)) {
        throw refusal("validation", "profile.ahvFormat", {}, { field: "value" });
      }
      return v;
    case "IBAN": {
      const iban = normaliseIban(v);
      if (!iban) throw refusal("validation", "profile.ibanInvalid", {}, { field: "value" });
      return iban;
    }
    case "BIRTH_DATE": {
      const problem = dateProblem(v);
      if (problem) {
        throw refusal(
          "validation",
          problem === "range" ? "profile.birthDateRange" : "profile.birthDate",
          {},
          { field: "value" },
        );
      }
      return v;
    }
    case "NATIONALITY":
      if (!/^[A-Za-z]{2}$/.test(v)) {
        throw refusal("validation", "profile.nationality", {}, { field: "value" });
      }
      return v.toUpperCase();
    default:
      if (v.length < 1 || v.length > 500) {
        throw refusal("validation", "profile.valueLength", {}, { field: "value" });
      }
      return v;
  }
}

const accountOf = prepared((q: Q) =>
  q.select({ email: users.email, language: users.language }).from(users)
    .where(eq(users.id, sql.placeholder("user"))).limit(1)
);
const managerOf = prepared((q: Q) =>
  q.select({ id: employees.id, firstName: employees.firstName, lastName: employees.lastName })
    .from(employees).where(eq(employees.id, sql.placeholder("id"))).limit(1)
);
const departmentOf = prepared((q: Q) =>
  q.select({ name: departments.name }).from(departments).where(eq(departments.id, sql.placeholder("id")))
    .limit(1)
);
/** The salary valid on a day: the latest change from that day or before. */
const salaryOn = prepared((q: Q) =>
  q.select().from(compensation).where(
    and(
      eq(compensation.employeeId, sql.placeholder("emp")),
      lte(compensation.validFrom, sql.placeholder("today")),
    ),
  ).orderBy(desc(compensation.validFrom)).limit(1)
);
const pendingChangeFields = prepared((q: Q) =>
  q.select({ field: profileChangeRequests.field }).from(profileChangeRequests).where(
    and(
      eq(profileChangeRequests.employeeId, sql.placeholder("emp")),
      eq(profileChangeRequests.status, "PENDING"),
    ),
  ).limit(20)
);

async function profileOf(q: Q, emp: EmployeeRow, actor: Actor, today: string) {
  const user = await accountOf(q).get({ user: actor.userId });
  const manager = emp.managerId ? await managerOf(q).get({ id: emp.managerId }) : undefined;
  const dept = emp.departmentId ? await departmentOf(q).get({ id: emp.departmentId }) : undefined;
  const salary = await salaryOn(q).get({ emp: emp.id, today });
  const pending = await pendingChangeFields(q).all({ emp: emp.id });
  const history = await cantonHistoryOf(q).all({ emp: emp.id });
  // A move, not the first day of someone who starts later.
  const sorted = [...history].sort((a, b) => a.validFrom < b.validFrom ? -1 : 1);
  const next = sorted.slice(1).find((h) => h.validFrom > today);
  return profileView({ ...emp, canton: cantonOn(emp.canton, history, today) }, actor, {
    user,
    manager,
    dept,
    salary,
    pending,
    cantonChange: next ?? null,
  });
}

/** The employee's fields the profile shows. */
type ProfileEmployee = Pick<
  EmployeeRow,
  | "id"
  | "personnelNumber"
  | "firstName"
  | "lastName"
  | "workEmail"
  | "phone"
  | "privateEmail"
  | "addressStreet"
  | "addressPostalCode"
  | "addressCity"
  | "addressCountry"
  | "emergencyContactName"
  | "emergencyContactPhone"
  | "canton"
  | "jobTitle"
  | "employmentStart"
  | "employmentEnd"
  | "workloadPercent"
  | "workingWeekdays"
  | "weeklyHours"
  | "salaryContinuationScale"
  | "birthDate"
  | "ahvNumber"
  | "iban"
  | "nationality"
>;

/** The profile from what `profileOf` (or `getProfile`'s one statement) read. */
function profileView(
  emp: ProfileEmployee,
  actor: Actor,
  { user, manager, dept, salary, pending, cantonChange }: {
    user: { email: string; language: string } | undefined;
    manager: { id: string; firstName: string; lastName: string } | undefined;
    dept: { name: string } | undefined;
    salary: { annualSalary: number; currency: string; payments: number; validFrom: string } | undefined;
    pending: { field: string }[];
    /** The next dated change of the canton of work after today, if one is planned. */
    cantonChange: { canton: string; validFrom: string } | null;
  },
) {
  return {
    id: emp.id,
    personnelNumber: emp.personnelNumber,
    firstName: emp.firstName,
    lastName: emp.lastName,
    signInEmail: user?.email ?? null,
    workEmail: emp.workEmail,
    language: (user?.language ?? actor.language) as Lang,
    contact: {
      phone: emp.phone,
      privateEmail: emp.privateEmail,
      addressStreet: emp.addressStreet,
      addressPostalCode: emp.addressPostalCode,
      addressCity: emp.addressCity,
      addressCountry: emp.addressCountry,
      emergencyContactName: emp.emergencyContactName,
      emergencyContactPhone: emp.emergencyContactPhone,
    },
    employment: {
      canton: emp.canton,
      cantonChange,
      jobTitle: emp.jobTitle,
      department: dept?.name ?? null,
      manager: manager ? { employeeId: manager.id, name: fullName(manager) } : null,
      employmentStart: emp.employmentStart,
      employmentEnd: emp.employmentEnd,
      workloadPercent: emp.workloadPercent,
      workingWeekdays: weekdaysOf(emp),
      weeklyHours: emp.weeklyHours,
      salaryContinuationScale: emp.salaryContinuationScale as "BERNER" | "ZUERCHER" | "BASLER",
    },
    sensitive: {
      birthDate: emp.birthDate,
      ahvNumber: emp.ahvNumber,
      iban: emp.iban,
      nationality: emp.nationality,
      salary: salary
        ? {
          annualSalary: salary.annualSalary,
          currency: salary.currency,
          payments: salary.payments,
          validFrom: salary.validFrom,
        }
        : null,
    },
    pendingChangeRequests: pending.map((p) => p.field as ChangeField),
  };
}

/**
 * Everything `profileOf` reads, in ONE statement instead of six: the employee's fields the profile shows
 * (as columns: exact values, one row), the account's email and language, the manager's name, the
 * department's name, the salary valid today (as `salaryOn` reads it, a JSON array with exact REALs:
 * json_rows.ts) and the fields of pending change requests (as `pendingChangeFields`, a JSON list).
 */
const PROFILE_SQL = `SELECT e.id, e.personnel_number AS personnelNumber, e.first_name AS firstName,
    e.last_name AS lastName, e.work_email AS workEmail, e.phone, e.private_email AS privateEmail,
    e.address_street AS addressStreet, e.address_postal_code AS addressPostalCode,
    e.address_city AS addressCity, e.address_country AS addressCountry,
    e.emergency_contact_name AS emergencyContactName, e.emergency_contact_phone AS emergencyContactPhone,
    coalesce((SELECT canton FROM canton_changes WHERE employee_id = e.id AND valid_from <= :today
      ORDER BY valid_from DESC LIMIT 1), e.canton) AS canton,
    (SELECT json_array(canton, valid_from) FROM canton_changes WHERE employee_id = e.id AND valid_from > :today
      AND valid_from > (SELECT min(valid_from) FROM canton_changes WHERE employee_id = e.id)
      ORDER BY valid_from LIMIT 1) AS cantonChange,
    e.job_title AS jobTitle, e.employment_start AS employmentStart,
    e.employment_end AS employmentEnd, e.workload_percent AS workloadPercent,
    e.working_weekdays AS workingWeekdays, e.weekly_hours AS weeklyHours,
    e.salary_continuation_scale AS salaryContinuationScale, e.birth_date AS birthDate,
    e.ahv_number AS ahvNumber, e.iban, e.nationality,
    (SELECT json_array(email, language) FROM users WHERE id = :user LIMIT 1) AS account,
    (SELECT json_array(m.id, m.first_name, m.last_name) FROM employees m WHERE m.id = e.manager_id LIMIT 1)
      AS manager,
    (SELECT name FROM departments WHERE id = e.department_id LIMIT 1) AS department,
    (SELECT json_array(${exactReal("annual_salary")}, currency, ${exactReal("payments")}, valid_from)
      FROM compensation WHERE employee_id = e.id AND valid_from <= :today ORDER BY valid_from DESC LIMIT 1)
      AS salary,
    (SELECT json_group_array(field) FROM (SELECT field FROM profile_change_requests
      WHERE employee_id = e.id AND status = 'PENDING' LIMIT 20)) AS pending
  FROM employees e WHERE e.id = :emp`;

/** The caller's master data, sensitive fields included (they are the owner). */
export async function getProfile(deps: ServiceDeps, actor: Actor) {
  const row = await readRow(deps.db.$client, PROFILE_SQL, {
    emp: selfId(actor),
    user: actor.userId,
    today: todayOf(deps),
  });
  if (!row) throw noEmployee();
  const emp = row as unknown as ProfileEmployee;
  const user = row.account === null ? undefined : JSON.parse(row.account as string) as [string, string];
  const manager = row.manager === null
    ? undefined
    : JSON.parse(row.manager as string) as [string, string, string];
  const salary = row.salary === null
    ? undefined
    : JSON.parse(row.salary as string) as [number | string, string, number | string, string];
  return profileView(emp, actor, {
    user: user && { email: user[0], language: user[1] },
    manager: manager && { id: manager[0], firstName: manager[1], lastName: manager[2] },
    dept: row.department === null ? undefined : { name: row.department as string },
    salary: salary &&
      {
        annualSalary: realOf(salary[0]),
        currency: salary[1],
        payments: realOf(salary[2]),
        validFrom: salary[3],
      },
    pending: jsonRows<string>(row.pending).map((field) => ({ field })),
    cantonChange: row.cantonChange === null ? null : (([canton, validFrom]) => ({ canton, validFrom }))(
      JSON.parse(row.cantonChange as string) as [string, string],
    ),
  });
}

/**
 * Changes what an employee may change directly: contact details, address, emergency contact and the
 * language of the app (stored on the account). An empty string or null clears a field.
 */
/** The patch's typed contact fields checked against their rules (parsed: trimmed, a country upper-cased). */
function checkedContact(patch: ProfilePatch): ProfilePatch {
  const out = { ...patch };
  const rules = [
    ["phone", FIELD_RULES.phone],
    ["emergencyContactPhone", FIELD_RULES.phone],
    ["addressPostalCode", FIELD_RULES.postalCode],
    ["addressCountry", FIELD_RULES.country],
  ] as const;
  for (const [field, rule] of rules) {
    const v = out[field];
    // Null or an empty text clears the field: no rule to meet.
    if (typeof v === "string" && v.trim() !== "") out[field] = checkField(rule, v, field);
  }
  return out;
}

export async function updateProfile(deps: ServiceDeps, actor: Actor, patch: ProfilePatch) {
  // The one rule per field, whichever door sent the change (the portal's schema documents the same rules).
  checkField(FIELD_RULES.language, patch.language, "language");
  const { language, ...fields } = checkedContact(patch);
  const now = deps.clock.now();
  return await writeTx(deps, async (tx) => {
    const emp = await selfEmployee(tx, actor);
    const set: Partial<EmployeeRow> = {};
    for (const [k, v] of Object.entries(fields)) {
      if (v !== undefined) (set as Record<string, unknown>)[k] = v === "" ? null : v;
    }
    if (Object.keys(set).length) {
      await tx.update(employees).set({ ...set, updatedAt: now }).where(eq(employees.id, emp.id));
    }
    if (language) await tx.update(users).set({ language, updatedAt: now }).where(eq(users.id, actor.userId));
    const [fresh] = await tx.select().from(employees).where(eq(employees.id, emp.id));
    return await profileOf(tx, fresh, { ...actor, language: language ?? actor.language }, todayOf(deps));
  });
}

/**
 * Sets the language of an account, with or without an employee record: the language is the account's (what
 * the app, the e-mails and the refusals speak), so an administrator or recruiter without a record sets it too.
 */
export async function setAccountLanguage(deps: ServiceDeps, actor: Actor, language: string): Promise<Lang> {
  const lang = checkField(FIELD_RULES.language, language, "language") as Lang;
  await deps.db.update(users).set({ language: lang, updatedAt: deps.clock.now() }).where(
    eq(users.id, actor.userId),
  );
  return lang;
}

type ChangeRow = typeof profileChangeRequests.$inferSelect;

/** A change request as its owner (or HR) sees it. */
export function changeRequestView(r: ChangeRow) {
  return {
    id: r.id,
    field: r.field as ChangeField,
    value: r.requestedValue,
    ...(r.comment ? { comment: r.comment } : {}),
    status: r.status as "PENDING" | "APPLIED" | "REJECTED",
    ...(r.decidedAt ? { decidedAt: iso(r.decidedAt) } : {}),
    createdAt: iso(r.createdAt),
  };
}

/** The caller's change requests, newest first, paged. */
export async function listProfileChangeRequests(deps: ServiceDeps, actor: Actor, input: PageInput = {}) {
  const me = selfId(actor);
  const start = keysetStart(input, ["number", "number"]);
  const { page } = start;
  // Newest first, then the latest filed (unique): a request filed or decided between two pages moves none.
  const order = [profileChangeRequests.createdAt, sql`${profileChangeRequests}.rowid`];
  const rows = await deps.db.select({
    request: profileChangeRequests,
    rowid: sql<number>`${profileChangeRequests}.rowid`.mapWith(Number),
  }).from(profileChangeRequests).where(and(
    eq(profileChangeRequests.employeeId, me),
    afterKey(order, start.key, "desc"),
  ))
    .orderBy(...order.map((c) => desc(c))).limit(page.limit + 1).offset(page.offset);
  return await keysetPage(
    start,
    rows,
    (r) => [r.request.createdAt, r.rowid],
    (shown) => shown.map((r) => changeRequestView(r.request)),
  );
}

/**
 * Asks HR to change a sensitive field (or asks a salary question). One open request per field; HR staff
 * are notified. The current value stays until HR applies the request.
 */
export async function requestProfileChange(
  deps: ServiceDeps,
  actor: Actor,
  input: { field: ChangeField; value: string; comment?: string },
) {
  const now = deps.clock.now();
  const value = normaliseRequestedValue(input.field, input.value);
  return await writeTx(deps, async (tx) => {
    const emp = await selfEmployee(tx, actor);
    const open = await tx.select({ id: profileChangeRequests.id }).from(profileChangeRequests).where(and(
      eq(profileChangeRequests.employeeId, emp.id),
      eq(profileChangeRequests.status, "PENDING"),
      eq(profileChangeRequests.field, input.field),
    )).limit(1);
    if (open.length) {
      throw refusal("conflict", "profile.changeWaiting", { field: input.field, id: open[0].id }, {
        conflictingId: open[0].id,
      });
    }
    const [row] = await tx.insert(profileChangeRequests).values({
      employeeId: emp.id,
      field: input.field,
      requestedValue: value,
      comment: input.comment?.trim() || null,
      status: "PENDING",
      createdAt: now,
    }).returning();
    const hr = await tx.select({ employeeId: users.employeeId }).from(users).where(and(
      inArray(users.role, ["hr"]),
      eq(users.active, true),
      isNotNull(users.employeeId),
    )).limit(20);
    for (const h of hr) {
      if (h.employeeId && h.employeeId !== emp.id) {
        await notify(tx, {
          recipientEmployeeId: h.employeeId,
          kind: "PROFILE_CHANGE_REQUESTED",
          payload: { changeRequestId: row.id, employeeId: emp.id, field: input.field },
          actor,
          now,
        });
      }
    }
    return changeRequestView(row);
  });
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { PROFILE_SQL };
