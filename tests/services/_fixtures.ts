/**
 * Fixtures for service and portal tests: actors for demo accounts, extra employees with chosen cantons,
 * weekdays and workloads (so a rule's edge case does not depend on the demo's story), and accounts for them.
 */
import { eq } from "drizzle-orm";
import { DEMO_ACCOUNTS } from "../../src/db/demo.ts";
import { demoId } from "../../src/db/demo/util.ts";
import { employees, leaveEntitlements, leaveTypes, users } from "../../src/db/schema/mod.ts";
import type { Actor } from "../../src/services/actor.ts";
import { hashPassword } from "../../src/signin/password.ts";
import { DEMO_PASSWORD, type TestApp } from "../_helpers.ts";

/** Demo employee ids by personnel number (stable whatever the clock). */
export const P = (pn: string) => demoId(`emp:${pn}`);

/** The demo employee (Lukas Gerber, BE, reports to the demo manager). */
export const EMPLOYEE_ID = DEMO_ACCOUNTS.employee.employeeId!;
/** The demo manager (Stefan Hofstetter, BE, team lead Platform). */
export const MANAGER_ID = DEMO_ACCOUNTS.manager.employeeId!;

/** The actor of a demo account, as the portal would build it (or the connector, with `channel`). */
export async function actorFor(
  t: TestApp,
  email: string,
  channel: Actor["channel"] = "PORTAL",
): Promise<Actor> {
  const [u] = await t.deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!u) throw new Error(`no account ${email}`);
  return {
    userId: u.id,
    role: u.role,
    language: u.language as Actor["language"],
    employeeId: u.employeeId,
    channel,
  };
}

let counter = 0;

/** Adds an employee with the given calendar; defaults: BE, Monday–Friday, 100 %, 42 h, since 2020. */
export async function addEmployee(t: TestApp, opts: {
  canton?: string;
  weekdays?: number[];
  workload?: number;
  weeklyHours?: number;
  employmentStart?: string;
  employmentEnd?: string | null;
  managerId?: string | null;
  scale?: "BERNER" | "ZUERCHER" | "BASLER";
  firstName?: string;
  birthDate?: string;
} = {}): Promise<string> {
  const now = t.clock.now();
  counter++;
  const [e] = await t.deps.db.insert(employees).values({
    personnelNumber: `T-${counter}-${crypto.randomUUID().slice(0, 8)}`,
    firstName: opts.firstName ?? `Test${counter}`,
    lastName: "Person",
    canton: opts.canton ?? "BE",
    managerId: opts.managerId === undefined ? MANAGER_ID : opts.managerId,
    employmentStart: opts.employmentStart ?? "2020-01-01",
    employmentEnd: opts.employmentEnd ?? null,
    workloadPercent: opts.workload ?? 100,
    workingWeekdays: (opts.weekdays ?? [1, 2, 3, 4, 5]).join(","),
    weeklyHours: opts.weeklyHours ?? 42,
    salaryContinuationScale: opts.scale ?? "BERNER",
    birthDate: opts.birthDate ?? null,
    createdAt: now,
    updatedAt: now,
  }).returning();
  return e.id;
}

/** Adds a sign-in account (demo password) linked to an employee and returns its actor. */
export async function addAccount(
  t: TestApp,
  employeeId: string | null,
  opts: { role?: string; language?: "de" | "en" | "fr"; email?: string } = {},
): Promise<Actor & { email: string }> {
  const now = t.clock.now();
  const email = opts.email ?? `user-${crypto.randomUUID().slice(0, 8)}@test.example`;
  const [u] = await t.deps.db.insert(users).values({
    email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    role: opts.role ?? "employee",
    language: opts.language ?? "de",
    employeeId,
    createdAt: now,
    updatedAt: now,
  }).returning();
  return {
    userId: u.id,
    role: u.role,
    language: u.language as Actor["language"],
    employeeId,
    channel: "PORTAL",
    email,
  };
}

/** An employee with an account, in one go. */
export async function addPerson(
  t: TestApp,
  opts: Parameters<typeof addEmployee>[1] & { role?: string; language?: "de" | "en" | "fr" } = {},
) {
  const id = await addEmployee(t, opts);
  return await addAccount(t, id, { role: opts.role, language: opts.language });
}

/** Sets an employee's entitlement of a leave type for a year (replacing any). */
export async function setEntitlement(
  t: TestApp,
  employeeId: string,
  code: string,
  year: number,
  e: {
    baseDays: number;
    carryOverDays?: number;
    carryOverExpiresOn?: string | null;
    adjustmentDays?: number;
  },
) {
  const [type] = await t.deps.db.select().from(leaveTypes).where(eq(leaveTypes.code, code));
  await t.deps.db.insert(leaveEntitlements).values({
    employeeId,
    leaveTypeId: type.id,
    year,
    baseDays: e.baseDays,
    carryOverDays: e.carryOverDays ?? 0,
    carryOverExpiresOn: e.carryOverExpiresOn ?? null,
    adjustmentDays: e.adjustmentDays ?? 0,
  }).onConflictDoUpdate({
    target: [leaveEntitlements.employeeId, leaveEntitlements.leaveTypeId, leaveEntitlements.year],
    set: {
      baseDays: e.baseDays,
      carryOverDays: e.carryOverDays ?? 0,
      carryOverExpiresOn: e.carryOverExpiresOn ?? null,
      adjustmentDays: e.adjustmentDays ?? 0,
    },
  });
}

/** Whether a promise rejects with an AppError of a code (and, optionally, a message matching). */
export async function refuses(p: Promise<unknown>, code: string, message?: RegExp): Promise<string> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: string; message: string };
    if (err.code !== code) {
      throw new Error(`expected ${code}, got ${err.code ?? "a non-AppError"}: ${err.message}`);
    }
    if (message && !message.test(err.message)) {
      throw new Error(`message ${JSON.stringify(err.message)} !~ ${message}`);
    }
    return err.message;
  }
  throw new Error(`expected a ${code} refusal, but it succeeded`);
}
