import { isEmailAddress } from "../domain/fields.ts";
import { isLang } from "../i18n/mod.ts";
import { and, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, userIdentities, users } from "../db/schema/mod.ts";
import { ROLES } from "../domain/access.ts";
import { hashPassword } from "../signin/password.ts";
import { base64url } from "../crypto.ts";
import { PASSWORD_PROBLEM_TEXT, passwordContext, passwordProblem } from "../signin/password_policy.ts";
import {
  createAccount,
  linkAccount,
  replacePassword,
  setAccountActive,
  setAccountRole,
} from "../services/accounts.ts";
import { AppError } from "../errors.ts";

/** A refusal an admin command reports in plain words (exit code 1). */
export { CommandError } from "./errors.ts";
import { CommandError } from "./errors.ts";

/** A strong password to show once: 18 random bytes, base64url (24 characters). */
export function generatePassword(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(18)));
}

function checkRole(role: string) {
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new CommandError(`'${role}' is not a role. Roles: ${ROLES.join(", ")}.`);
  }
}

function checkEmail(email: string) {
  if (!isEmailAddress(email)) {
    throw new CommandError(`'${email}' is not an e-mail address.`);
  }
}

async function findUser(deps: Pick<AppDeps, "db">, email: string) {
  const u = await deps.db.query.users.findFirst({ where: eq(users.email, email.trim().toLowerCase()) });
  if (!u) throw new CommandError(`There is no account ${email}.`);
  return u;
}

/** Adds an account; `employee` links it to a personnel number. Returns the password (generated if not given). */
export async function addUser(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  p: { email: string; role: string; password?: string; employee?: string; language?: string },
): Promise<{ password: string; generated: boolean }> {
  const email = p.email.trim().toLowerCase();
  checkEmail(email);
  checkRole(p.role);
  if (await deps.db.query.users.findFirst({ where: eq(users.email, email) })) {
    throw new CommandError(`An account ${email} already exists.`);
  }
  let employeeId: string | null = null;
  let recordLanguage: string | null = null;
  if (p.employee) {
    const e = await deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, p.employee) });
    if (!e) throw new CommandError(`There is no employee with personnel number ${p.employee}.`);
    const taken = await deps.db.query.users.findFirst({ where: eq(users.employeeId, e.id) });
    if (taken) throw new CommandError(`Employee ${p.employee} is already linked to ${taken.email}.`);
    employeeId = e.id;
    recordLanguage = e.language;
  }
  // Checked once the record is known: its name, city and birth date are the person's own words.
  const problem = p.password === undefined
    ? null
    : await passwordProblem(p.password, p.email, await passwordContext(deps, p.email, employeeId));
  if (problem) throw new CommandError(PASSWORD_PROBLEM_TEXT[problem]);
  // Without --language: the person's language as HR entered it with their record, else German.
  const language = p.language ?? recordLanguage ?? "de";
  if (!isLang(language)) throw new CommandError("The language must be de, en, fr or it.");
  const password = p.password ?? generatePassword();
  await createAccount(deps, {
    email,
    role: p.role,
    language,
    employeeId,
    passwordHash: await hashPassword(password),
  });
  return { password, generated: p.password === undefined };
}

/**
 * Creates the first admin; refused once any admin exists (later admins: `user add --role admin`). With
 * `employee`, the account is the office manager's own too: linked to her record from the employee file, so
 * the app shows her leave, hours and payslips; without one the language is German unless given.
 */
export async function createFirstAdmin(
  deps: Pick<AppDeps, "db" | "clock" | "config">,
  p: { email: string; password?: string; language?: string; employee?: string },
) {
  const admin = await deps.db.query.users.findFirst({ where: eq(users.role, "admin") });
  if (admin) throw new CommandError(`An admin already exists (${admin.email}). Use 'user add --role admin'.`);
  return addUser(deps, { ...p, role: "admin" });
}

/**
 * Links an existing account to an employee record (an administrator made before the employee file was
 * imported, or an account added without one). Refused when the record is unknown or another account's, or
 * the account is already linked to someone else.
 */
export async function linkUser(deps: Pick<AppDeps, "db" | "clock">, email: string, pn: string) {
  const u = await findUser(deps, email);
  const e = await deps.db.query.employees.findFirst({ where: eq(employees.personnelNumber, pn) });
  if (!e) throw new CommandError(`There is no employee with personnel number ${pn}.`);
  if (u.employeeId === e.id) return { changed: false };
  if (u.employeeId) {
    const other = await deps.db.query.employees.findFirst({ where: eq(employees.id, u.employeeId) });
    throw new CommandError(
      `The account ${u.email} is already linked to employee ${other?.personnelNumber ?? u.employeeId}.`,
    );
  }
  const taken = await deps.db.query.users.findFirst({ where: eq(users.employeeId, e.id) });
  if (taken) throw new CommandError(`Employee ${pn} is already linked to ${taken.email}.`);
  await linkAccount(deps, u.id, e.id);
  return { changed: true };
}

/** Deactivates an account and signs it out everywhere; its tokens stop working on the next request. */
export async function setActive(deps: AppDeps, email: string, active: boolean) {
  return await refusedAsCommand(() => setAccountActive(deps, email, active));
}

/** Changes a role; it applies to portal and connector on the next request. */
export async function setRole(deps: AppDeps, email: string, role: string) {
  return await refusedAsCommand(() => setAccountRole(deps, email, role));
}

/** A service's refusal as the command's (printed, exit 1). */
async function refusedAsCommand<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) throw new CommandError(e.message);
    throw e;
  }
}

/**
 * Sets a new password (generated when not given), unlocks the account and ends its access (`endAccessIn`:
 * sessions, phones, assistant connections, open links), in one transaction.
 */
export async function resetPassword(deps: AppDeps, email: string, password?: string) {
  const problem = password === undefined
    ? null
    : await passwordProblem(password, email, await passwordContext(deps, email));
  if (problem) throw new CommandError(PASSWORD_PROBLEM_TEXT[problem]);
  const u = await findUser(deps, email);
  const pw = password ?? generatePassword();
  // A reset means the password may have leaked: whatever was granted with it ends, phones and assistants too.
  await replacePassword(deps, u.id, await hashPassword(pw));
  return { password: pw, generated: password === undefined };
}

/**
 * All accounts, for `user list`, each with whether it was ever taken up: a password set, or a sign-in through
 * the organisation's sign-on. An account made by an invitation has neither until the person follows the link.
 */
export async function listUsers(deps: Pick<AppDeps, "db">) {
  const rows = await deps.db.select({
    email: users.email,
    role: users.role,
    active: users.active,
    language: users.language,
    employeeId: users.employeeId,
    lockedUntil: users.lockedUntil,
    hasPassword: sql<number>`${users.passwordHash} IS NOT NULL`.mapWith(Number),
    signedIn: sql<
      number
    >`${users.lastSignInAt} IS NOT NULL OR EXISTS (SELECT 1 FROM ${userIdentities} WHERE ${userIdentities.userId} = ${users.id})`
      .mapWith(Number),
  }).from(users).orderBy(users.email);
  return rows.map(({ hasPassword, signedIn, ...u }) => ({
    ...u,
    state: !u.active
      ? "deactivated" as const
      : hasPassword || signedIn
      ? "active" as const
      : "invited" as const,
  }));
}

/**
 * People of the employee file still employed on `today` (or starting later) without an account: nobody ever
 * invited them. By last then first name.
 */
export async function peopleNeverInvited(deps: Pick<AppDeps, "db">, today: string) {
  return await deps.db.select({
    personnelNumber: employees.personnelNumber,
    firstName: employees.firstName,
    lastName: employees.lastName,
    workEmail: employees.workEmail,
  }).from(employees).leftJoin(users, eq(users.employeeId, employees.id)).where(and(
    isNull(users.id),
    or(isNull(employees.employmentEnd), gte(employees.employmentEnd, today)),
  )).orderBy(employees.lastName, employees.firstName);
}
