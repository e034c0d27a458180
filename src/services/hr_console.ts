/**
 * The HR console's reads that no other door needs: the people with the state of their accounts, the names to
 * choose a person from, a person's account, the vacation policy's leave type, the leave types with a balance,
 * one closure, the recruiting stages in order and whom an application was hired as. The console's pages only
 * render; every read goes through here (or another service) so the pages hold no queries.
 */
import { asc, eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { applications, closurePeriods, employees, leaveTypes, stages, users } from "../db/schema/mod.ts";
import type { Lang } from "../i18n/mod.ts";
import { leaveTypeName, todayOf } from "./common.ts";
import { cantonOnColumn } from "./holidays.ts";
import { VACATION_CODE } from "./leave.ts";
import { type PolicyChange, setLeavePolicy } from "./leave_policies.ts";
import { endAccess } from "./end_access.ts";

type Deps = Pick<AppDeps, "db" | "clock">;

/** The most people a console list or choice shows (an organisation the product is for has far fewer). */
const MAX_PEOPLE = 1000;

/** A person as the console names them in a choice: personnel number, first and last name. */
export interface PersonName {
  pn: string;
  first: string;
  last: string;
}

/** Everyone by last then first name, to choose a person from in a form. */
export async function listPersonNames(deps: Deps): Promise<PersonName[]> {
  return await deps.db.select({
    pn: employees.personnelNumber,
    first: employees.firstName,
    last: employees.lastName,
  }).from(employees).orderBy(asc(employees.lastName), asc(employees.firstName)).limit(MAX_PEOPLE);
}

/**
 * Everyone with the state of their account (none, invited: no password yet, or active) for the people list:
 * by last then first name.
 */
export async function listPeopleWithAccounts(deps: Deps) {
  return await deps.db.select({
    id: employees.id,
    pn: employees.personnelNumber,
    first: employees.firstName,
    last: employees.lastName,
    canton: cantonOnColumn(todayOf(deps)),
    start: employees.employmentStart,
    end: employees.employmentEnd,
    managerId: employees.managerId,
    email: employees.workEmail,
    userId: users.id,
    hash: users.passwordHash,
  }).from(employees).leftJoin(users, eq(users.employeeId, employees.id))
    .orderBy(asc(employees.lastName), asc(employees.firstName)).limit(MAX_PEOPLE);
}

/** The person with this personnel number (id, names, first working day), or null. */
export async function personByNumber(deps: Deps, personnelNumber: string) {
  const [e] = await deps.db.select({
    id: employees.id,
    first: employees.firstName,
    last: employees.lastName,
    start: employees.employmentStart,
    email: employees.workEmail,
  }).from(employees).where(eq(employees.personnelNumber, personnelNumber)).limit(1);
  return e ?? null;
}

/** Whether a personnel number is already someone's (a new person must have their own). */
export async function personnelNumberTaken(deps: Deps, personnelNumber: string): Promise<boolean> {
  return (await personByNumber(deps, personnelNumber)) !== null;
}

/** The account signing in with this e-mail address (compared in lower case), or null. */
export async function accountByEmail(deps: Deps, email: string) {
  return await deps.db.query.users.findFirst({ where: eq(users.email, email.trim().toLowerCase()) }) ?? null;
}

/** The account linked to the person with this personnel number (address, role, active), or null. */
export async function accountOfPerson(deps: Deps, personnelNumber: string) {
  const [account] = await deps.db.select({
    email: users.email,
    role: users.role,
    active: users.active,
  }).from(users).innerJoin(employees, eq(employees.id, users.employeeId))
    .where(eq(employees.personnelNumber, personnelNumber)).limit(1);
  return account ?? null;
}

/** The vacation's leave type as stored (its base days, steps and half days), or null before `leave-types init`. */
export async function vacationType(deps: Deps) {
  const [vacation] = await deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, VACATION_CODE)).limit(
    1,
  );
  return vacation ?? null;
}

/** The leave types that keep a balance, by code, named in `lang`: what an entitlement correction applies to. */
export async function balanceLeaveTypes(deps: Deps, lang: Lang): Promise<{ code: string; name: string }[]> {
  return (await deps.db.select().from(leaveTypes).where(eq(leaveTypes.deductsBalance, true))
    .orderBy(asc(leaveTypes.code))).map((lt) => ({ code: lt.code, name: leaveTypeName(lt, lang) }));
}

/** A company closure by its id, or null. */
export async function closureById(deps: Deps, id: string) {
  const [row] = await deps.db.select().from(closurePeriods).where(eq(closurePeriods.id, id)).limit(1);
  return row ?? null;
}

/** The recruiting stages in their order. */
export async function listStages(deps: Deps) {
  return await deps.db.select().from(stages).orderBy(asc(stages.sortOrder));
}

/** The personnel number an application's candidate was hired as, or null while they are not hired. */
export async function hiredAs(deps: Deps, applicationId: string): Promise<string | null> {
  const [hired] = await deps.db.select({ pn: employees.personnelNumber }).from(applications)
    .innerJoin(employees, eq(employees.id, applications.employeeId)).where(eq(applications.id, applicationId))
    .limit(1);
  return hired?.pn ?? null;
}

/** Changes a leave type's policy from the console's leave page (the rules are `setLeavePolicy`'s). */
export async function saveLeavePolicy(deps: Deps, code: string, change: PolicyChange) {
  return await setLeavePolicy(deps.db, code, change);
}

/** Ends the console's session on sign-out: the session is revoked, so its cookie opens nothing anymore. */
export async function endConsoleSession(
  deps: Pick<AppDeps, "db" | "clock">,
  user: { userId: string; sessionId: string },
): Promise<void> {
  await endAccess(deps, user.userId, { kind: "signed out", sessionId: user.sessionId });
}
