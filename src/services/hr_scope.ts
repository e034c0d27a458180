import { eq, or, sql } from "drizzle-orm";
import { isHrOrAbove } from "../domain/access.ts";
import { positions, positionTeam } from "../db/schema/mod.ts";
import type { Actor } from "./actor.ts";
import type { ServiceDeps } from "./common.ts";
import { boundSql, type RawStatements } from "../db/raw_sql.ts";

/** Everyone, or exactly these ids. */
export type Scope = "ALL" | Set<string>;

/** Whether an id is inside a scope. */
export function inScope(scope: Scope, id: string): boolean {
  return scope === "ALL" || scope.has(id);
}

/** A manager's reports, direct and indirect, at most 20 levels down (a cycle in the data ends there). */
const REPORTS_SQL = `WITH RECURSIVE reports(id, depth) AS (
    SELECT id, 1 FROM employees WHERE manager_id = ?
    UNION
    SELECT e.id, r.depth + 1 FROM employees e JOIN reports r ON e.manager_id = r.id WHERE r.depth < 20
  )
  SELECT id FROM reports`;

/**
 * The employees a person may see as HR data ("within scope"): HR staff and admins everyone; a manager their
 * reports, direct and indirect (a recursive walk down `manager_id`); anyone else nobody. A person's own
 * record is self-service, not HR scope.
 */
export async function employeeScope(deps: ServiceDeps, actor: Actor): Promise<Scope> {
  if (isHrOrAbove(actor.role)) return "ALL";
  if (actor.role !== "manager" || !actor.employeeId) return new Set();
  const rows = await deps.db.all<{ id: string }>(boundSql(REPORTS_SQL, [actor.employeeId]));
  return new Set(rows.map((r) => r.id));
}

/**
 * The positions (and so applications) a person may see: HR staff and admins all; a manager or recruiter
 * those they hire for (hiring manager, or on the position's team).
 */
export async function positionScope(deps: ServiceDeps, actor: Actor): Promise<Scope> {
  if (isHrOrAbove(actor.role)) return "ALL";
  if (actor.role !== "manager" && actor.role !== "recruiter") return new Set();
  const conds = [
    sql`${positions.id} IN (SELECT ${positionTeam.positionId} FROM ${positionTeam} WHERE ${positionTeam.userId} = ${actor.userId})`,
  ];
  if (actor.employeeId) conds.push(eq(positions.hiringManagerEmployeeId, actor.employeeId));
  const rows = await deps.db.select({ id: positions.id }).from(positions).where(or(...conds));
  return new Set(rows.map((r) => r.id));
}

/** This module's hand-written statements, each prepared against the migrated schema by a test (db/raw_sql.ts). */
export const RAW_SQL: RawStatements = { REPORTS_SQL };
