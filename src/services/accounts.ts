/**
 * An account's role and whether it may sign in, changed by an administrator's command or by HR in the
 * console. A change applies to the portal and to connected assistants on the very next request: a
 * deactivation signs the account out everywhere and ends its assistant connections; a role change ends the
 * connections granted scopes the new role cannot use.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { users } from "../db/schema/mod.ts";
import { ROLES } from "../domain/access.ts";
import { refusal } from "../errors.ts";
import { revokeUserConnections } from "../oauth/connections.ts";
import { usableScopes } from "../oauth/policy.ts";
import { writeTx } from "./common.ts";
import { endAccessIn } from "./end_access.ts";

type Account = typeof users.$inferSelect;

/** Who changes an account from the console: HR staff may not touch administrators or make one. */
export interface AccountEditor {
  userId: string;
  role: string;
}

async function accountByEmail(deps: Pick<AppDeps, "db">, email: string): Promise<Account> {
  const u = await deps.db.query.users.findFirst({ where: eq(users.email, email.trim().toLowerCase()) });
  if (!u) throw refusal("not_found", "account.unknown", { email }, { field: "email" });
  return u;
}

/**
 * The console's limits: nobody changes their own account; only an administrator touches an administrator's
 * account, in any state (one still waiting for its invitation too), or makes someone one. `u` is null for an
 * account about to be created.
 */
export function checkEditor(
  editor: AccountEditor | undefined,
  u: Pick<Account, "id" | "role"> | null,
  newRole?: string,
): void {
  if (!editor) return;
  if (u && editor.userId === u.id) {
    throw refusal("forbidden", "account.ownAccount");
  }
  if (editor.role !== "admin" && (u?.role === "admin" || newRole === "admin")) {
    throw refusal("forbidden", "account.adminOnly");
  }
}

/** Deactivates (everything `endAccessIn` ends for a deactivation, in the same transaction) or reactivates an account. */
export async function setAccountActive(
  deps: AppDeps,
  email: string,
  active: boolean,
  editor?: AccountEditor,
): Promise<Account> {
  const u = await accountByEmail(deps, email);
  checkEditor(editor, u);
  const now = deps.clock.now();
  await writeTx(deps, async (tx) => {
    await tx.update(users).set({ active, updatedAt: now, failedSignIns: 0, lockedUntil: null })
      .where(eq(users.id, u.id));
    if (!active) await endAccessIn(tx, now, u.id, { kind: "deactivated" });
  });
  return u;
}

/** Changes an account's role; connections granted scopes the new role cannot use end. */
export async function setAccountRole(
  deps: AppDeps,
  email: string,
  role: string,
  editor?: AccountEditor,
): Promise<{ from: string; to: string }> {
  if (!(ROLES as readonly string[]).includes(role)) {
    throw refusal("validation", "account.notARole", { role, roles: ROLES.join(", ") }, { field: "role" });
  }
  const u = await accountByEmail(deps, email);
  checkEditor(editor, u, role);
  const now = deps.clock.now();
  await writeTx(deps, async (tx) => {
    await tx.update(users).set({ role, updatedAt: now }).where(eq(users.id, u.id));
    // Connections granted scopes the new role cannot use end; the others keep working (the role is re-read).
    await revokeUserConnections(
      tx,
      now,
      u.id,
      `role changed to ${role}`,
      usableScopes(role, u.employeeId !== null),
    );
  });
  return { from: u.role, to: role };
}

/** A new account as an administrator's command makes it (its checks are the command's: `cli/accounts.ts`). */
export async function createAccount(
  deps: Pick<AppDeps, "db" | "clock">,
  a: { email: string; role: string; language: string; employeeId: string | null; passwordHash: string },
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.insert(users).values({ ...a, createdAt: now, updatedAt: now });
}

/** Links an account to an employee record (the caller checked that both are free). */
export async function linkAccount(
  deps: Pick<AppDeps, "db" | "clock">,
  userId: string,
  employeeId: string,
): Promise<void> {
  await deps.db.update(users).set({ employeeId, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
}

/**
 * Sets a new password hash, unlocks the account and ends its access (`endAccessIn`: sessions, phones,
 * assistant connections, open links), in one transaction: a reset means the password may have leaked.
 */
export async function replacePassword(deps: AppDeps, userId: string, passwordHash: string): Promise<void> {
  const now = deps.clock.now();
  await writeTx(deps, async (tx) => {
    await tx.update(users).set({ passwordHash, failedSignIns: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, userId));
    await endAccessIn(tx, now, userId, { kind: "password replaced" });
  });
}
