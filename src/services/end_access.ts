/**
 * Ending a person's access, the one place that decides what each way of ending it ends. Every path (an
 * administrator's password reset, a reset link used, a deactivation, signing out, signing out one device)
 * names one of the cases below and everything it ends goes in one transaction, so no path forgets a part
 * (a phone still registered, an assistant still connected) and a failure half-way leaves nothing half-ended.
 *
 * | case             | sessions         | their phones | assistant connections | app sign-in codes, open links |
 * | ---------------- | ---------------- | ------------ | --------------------- | ----------------------------- |
 * | password replaced| all              | all          | all                   | ended                         |
 * | deactivated      | all              | all          | all                   | ended                         |
 * | signed out       | the one named    | its own      | kept                  | kept                          |
 *
 * A replaced password may have been known to someone else, so whatever was granted with it ends: every
 * session and phone, every assistant connection (refresh tokens and access tokens with it), a pending app
 * sign-in code and a reset or invitation link still open. Signing out (the current device, or another one
 * from the device list) ends that session and its phone only; the person's assistants are connections of
 * their own, ended from the assistants page.
 */
import { and, eq, isNull } from "drizzle-orm";
import { appSignInCodes, invitations } from "../db/schema/mod.ts";
import { revokeUserConnections } from "../oauth/connections.ts";
import { endSessions } from "../signin/sessions.ts";
import { type ServiceDeps, type Tx, writeTx } from "./common.ts";

/** Why access ends; each case ends what the table above says. */
export type AccessEnd =
  | { kind: "password replaced" }
  | { kind: "deactivated" }
  | { kind: "signed out"; sessionId: string };

/** What was ended, counted. */
export interface EndedAccess {
  sessions: number;
  connections: number;
}

/** Ends a person's access inside the caller's transaction (the write that changed the account is in it too). */
export async function endAccessIn(tx: Tx, now: number, userId: string, why: AccessEnd): Promise<EndedAccess> {
  if (why.kind === "signed out") {
    const ended = await endSessions(tx, now, userId, { only: why.sessionId });
    return { sessions: ended.length, connections: 0 };
  }
  const ended = await endSessions(tx, now, userId, "all");
  const connections = await revokeUserConnections(
    tx,
    now,
    userId,
    why.kind === "deactivated" ? "account deactivated" : "password reset",
  );
  // A code from an upstream sign-in still waiting to be exchanged would become a new session afterwards.
  await tx.update(appSignInCodes).set({ usedAt: now })
    .where(and(eq(appSignInCodes.userId, userId), isNull(appSignInCodes.usedAt)));
  // A link mailed before would set a password after the one just set (or for an account just deactivated).
  await tx.update(invitations).set({ replacedAt: now })
    .where(and(eq(invitations.userId, userId), isNull(invitations.usedAt), isNull(invitations.replacedAt)));
  return { sessions: ended.length, connections };
}

/** Ends a person's access in a transaction of its own (signing out, where nothing else changes). */
export function endAccess(deps: ServiceDeps, userId: string, why: AccessEnd): Promise<EndedAccess> {
  return writeTx(deps, (tx) => endAccessIn(tx, deps.clock.now(), userId, why));
}
