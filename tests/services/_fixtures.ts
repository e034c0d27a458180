/**
 * Fixtures for service and portal tests: actors for demo accounts, extra employees with chosen cantons,
 * weekdays and workloads (so a rule's edge case does not depend on the demo's story), and accounts for them.
 */
import { eq } from "drizzle-orm";
import { DEMO_ACCOUNTS } from "../../src/demo/mod.ts";
import { demoId } from "../../src/demo/util.ts";
import { leaveEntitlements, leaveTypes, users } from "../../src/db/schema/mod.ts";
import type { Actor } from "../../src/services/actor.ts";
import type { TestApp } from "../_helpers.ts";

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

export { addAccount, addEmployee, addPerson } from "../_people.ts";

/** Sets an employee's entitlement row of a leave type for a year: carry-over and corrections (replacing any). */
export async function setEntitlement(
  t: TestApp,
  employeeId: string,
  code: string,
  year: number,
  /** The entitlement itself comes from the leave type's policy; the row holds carry-over and corrections. */
  e: {
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
    baseDays: 0,
    carryOverDays: e.carryOverDays ?? 0,
    carryOverExpiresOn: e.carryOverExpiresOn ?? null,
    adjustmentDays: e.adjustmentDays ?? 0,
  }).onConflictDoUpdate({
    target: [leaveEntitlements.employeeId, leaveEntitlements.leaveTypeId, leaveEntitlements.year],
    set: {
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
