import { and, asc, eq, gt, inArray, isNull, like, lte, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { departments, employees } from "../db/schema/mod.ts";
import { refusal } from "../errors.ts";
import type { Actor } from "./actor.ts";
import { type Page, type PageInput, pageOf, type ServiceDeps, todayOf, toPage } from "./common.ts";
import { cantonOnColumn } from "./holidays.ts";
import { employeeScope, inScope, type Scope } from "./hr_scope.ts";

/** Rows per search (contract: at most 25). */
export const MAX_SEARCH = 25;

/**
 * An employee as HR reads show them: master data without any sensitive field (no birth date, AHV number,
 * IBAN, address, private contact, salary). Only these columns are ever selected.
 */
export interface EmployeeCard {
  id: string;
  personnelNumber: string;
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  department: string | null;
  canton: string;
  workEmail: string | null;
  managerId: string | null;
  managerName: string | null;
  workloadPercent: number;
  employmentStart: string;
  employmentEnd: string | null;
  active: boolean;
}

const manager = alias(employees, "manager");

/** The card's columns, the canton as of `today` (a dated move shows from its day). */
const card = (today: string) => ({
  id: employees.id,
  personnelNumber: employees.personnelNumber,
  firstName: employees.firstName,
  lastName: employees.lastName,
  jobTitle: employees.jobTitle,
  department: departments.name,
  canton: cantonOnColumn(today),
  workEmail: employees.workEmail,
  managerId: employees.managerId,
  managerFirst: manager.firstName,
  managerLast: manager.lastName,
  workloadPercent: employees.workloadPercent,
  employmentStart: employees.employmentStart,
  employmentEnd: employees.employmentEnd,
});

type CardRow = { [K in keyof ReturnType<typeof card>]: unknown };

function toCard(r: CardRow, today: string): EmployeeCard {
  const end = r.employmentEnd as string | null;
  return {
    id: r.id as string,
    personnelNumber: r.personnelNumber as string,
    firstName: r.firstName as string,
    lastName: r.lastName as string,
    jobTitle: r.jobTitle as string | null,
    department: r.department as string | null,
    canton: r.canton as string,
    workEmail: r.workEmail as string | null,
    managerId: r.managerId as string | null,
    managerName: r.managerFirst ? `${r.managerFirst} ${r.managerLast}` : null,
    workloadPercent: r.workloadPercent as number,
    employmentStart: r.employmentStart as string,
    employmentEnd: end,
    active: (r.employmentStart as string) <= today && (end === null || end >= today),
  };
}

function activeOn(today: string) {
  return and(
    lte(employees.employmentStart, today),
    or(isNull(employees.employmentEnd), gt(employees.employmentEnd, today)),
  );
}

function scopeCond(scope: Scope) {
  return scope === "ALL" ? undefined : inArray(employees.id, [...scope]);
}

function base(deps: ServiceDeps, today: string) {
  return deps.db.select(card(today)).from(employees)
    .leftJoin(departments, eq(departments.id, employees.departmentId))
    .leftJoin(manager, eq(manager.id, employees.managerId));
}

/** Active employees whose first or last name contains `query`, within the caller's scope; at most 25. */
export async function searchPeople(deps: ServiceDeps, actor: Actor, query: string): Promise<EmployeeCard[]> {
  const q = query.trim();
  if (q.length < 2) throw refusal("validation", "hr.searchTooShort", {}, { field: "query" });
  const scope = await employeeScope(deps, actor);
  if (scope !== "ALL" && scope.size === 0) return [];
  const today = todayOf(deps);
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const nameMatch = or(
    sql`${employees.firstName} LIKE ${pattern} ESCAPE '\\'`,
    sql`${employees.lastName} LIKE ${pattern} ESCAPE '\\'`,
    sql`(${employees.firstName} || ' ' || ${employees.lastName}) LIKE ${pattern} ESCAPE '\\'`,
  );
  const rows = await base(deps, today).where(and(nameMatch, activeOn(today), scopeCond(scope)))
    .orderBy(asc(employees.lastName), asc(employees.firstName)).limit(MAX_SEARCH);
  return rows.map((r) => toCard(r, today));
}

/** Employees within scope, active ones by default, ordered by name, 50 at most per page. */
export async function listEmployees(
  deps: ServiceDeps,
  actor: Actor,
  p: PageInput & { includeInactive?: boolean; department?: string },
): Promise<Page<EmployeeCard>> {
  const scope = await employeeScope(deps, actor);
  const page = pageOf(p);
  const today = todayOf(deps);
  if (scope !== "ALL" && scope.size === 0) return toPage([], page, (r: CardRow) => toCard(r, today));
  const rows = await base(deps, today).where(and(
    p.includeInactive ? undefined : activeOn(today),
    scopeCond(scope),
    p.department ? like(departments.name, p.department) : undefined,
  )).orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id))
    .limit(page.limit + 1).offset(page.offset);
  return toPage(rows, page, (r) => toCard(r, today));
}

/**
 * One employee within scope. Outside the scope the answer is the same as for an id that does not exist,
 * so ids reveal nothing.
 */
export async function getEmployee(
  deps: ServiceDeps,
  actor: Actor,
  employeeId: string,
): Promise<EmployeeCard> {
  const scope = await employeeScope(deps, actor);
  const today = todayOf(deps);
  if (!inScope(scope, employeeId)) throw refusal("not_found", "hr.employeeOutOfReach");
  const [r] = await base(deps, today).where(eq(employees.id, employeeId)).limit(1);
  if (!r) throw refusal("not_found", "hr.employeeOutOfReach");
  return toCard(r, today);
}
