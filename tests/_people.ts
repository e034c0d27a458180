/**
 * The one factory for test people: employees with a chosen calendar, sign-in accounts for them (or without
 * a record), and both at once. Passwords are hashed once per password and test process, at the fixtures' cost.
 */
import { employees, users } from "../src/db/schema/mod.ts";
import { DEMO_ACCOUNTS } from "../src/demo/mod.ts";
import type { Actor } from "../src/services/actor.ts";
import { hashPassword } from "../src/signin/password.ts";
import { DEMO_PASSWORD, FIXTURE_PASSWORD_COST, type TestApp } from "./_helpers.ts";

/** The demo manager (Stefan Hofstetter, BE, team lead Platform): new employees report to them by default. */
const DEMO_MANAGER_ID = DEMO_ACCOUNTS.manager.employeeId!;

const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) hashes.set(password, h = hashPassword(password, FIXTURE_PASSWORD_COST));
  return h;
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
    managerId: opts.managerId === undefined ? DEMO_MANAGER_ID : opts.managerId,
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

/**
 * Adds a sign-in account linked to an employee (or to none) and returns its actor. Defaults: role employee,
 * German, the demo password, a fresh e-mail address.
 */
export async function addAccount(
  t: TestApp,
  employeeId: string | null,
  opts: {
    role?: string;
    language?: "de" | "en" | "fr";
    email?: string;
    password?: string;
    extra?: Partial<typeof users.$inferInsert>;
  } = {},
): Promise<Actor & { email: string }> {
  const now = t.clock.now();
  const email = opts.email ?? `user-${crypto.randomUUID().slice(0, 8)}@test.example`;
  const [u] = await t.deps.db.insert(users).values({
    email,
    passwordHash: await hashOf(opts.password ?? DEMO_PASSWORD),
    role: opts.role ?? "employee",
    language: opts.language ?? "de",
    employeeId,
    createdAt: now,
    updatedAt: now,
    ...opts.extra,
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
  opts: Parameters<typeof addEmployee>[1] & { role?: string; language?: "de" | "en" | "fr"; email?: string } =
    {},
) {
  const id = await addEmployee(t, opts);
  return await addAccount(t, id, { role: opts.role, language: opts.language, email: opts.email });
}
