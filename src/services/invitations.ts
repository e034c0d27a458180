/**
 * Invitations: HR creates a person's account and the person sets their own password through a single-use
 * link sent by e-mail (no admin ever types or sees another person's password). The link's token is random,
 * only its SHA-256 is stored, it is valid for seven days, a newer invitation replaces the open ones, and using
 * it signs nobody in: the person then signs in with the password they chose.
 */
import { isEmailAddress } from "../domain/fields.ts";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, invitations, users } from "../db/schema/mod.ts";
import { ROLES } from "../domain/access.ts";
import { randomToken, sha256Hex } from "../crypto.ts";
import { refusal } from "../errors.ts";
import { fill, isLang, type Lang, langOr } from "../i18n/mod.ts";
import { INVITATION_TEXTS } from "../i18n/invitation.ts";
import { enqueueMail, sealMailSecrets } from "../mail/outbox.ts";
import { type AccountEditor, checkEditor } from "./accounts.ts";
import { writeTx } from "./common.ts";
import { endAccessIn } from "./end_access.ts";
import { hashPassword } from "../signin/password.ts";
import { getSetting, type Queryable } from "../settings.ts";
import { passwordContext, type PasswordProblem, passwordProblem } from "../signin/password_policy.ts";

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;
export const INVITATION_PATH = "/account/invitation";

/** The app's address people open and keep on their home screen: the service's public origin, at `/`. */
export function appAddress(config: { issuer: string }): string {
  return `${config.issuer.replace(/\/+$/, "")}/`;
}

function textsFor(lang: string) {
  return INVITATION_TEXTS[langOr(lang)];
}

/**
 * The invitation e-mail's subject and opening sentence, naming the organisation (setting `organisationName`,
 * else "your employer") and who invites: the inviter's name from their employee record, else their e-mail
 * address; "your HR team" when a command invites. A message that names neither looks like phishing.
 */
async function senderWords(
  q: Pick<AppDeps, "config"> & { db: Queryable },
  lang: Lang,
  email: string,
  by: AccountEditor | undefined,
): Promise<{ subject: string; opening: string }> {
  const t = INVITATION_TEXTS[lang];
  const name = (await getSetting(q, "organisationName"))?.trim();
  const organisation = name || t.yourEmployer;
  let inviter: string | null = null;
  if (by) {
    const [u] = await q.db.select({
      email: users.email,
      first: employees.firstName,
      last: employees.lastName,
    })
      .from(users).leftJoin(employees, eq(employees.id, users.employeeId)).where(eq(users.id, by.userId))
      .limit(1);
    if (u) inviter = u.first ? `${u.first} ${u.last}` : u.email;
  }
  return {
    subject: name ? fill(t.subjectOf, { organisation: name }) : t.subject,
    opening: inviter === null
      ? fill(t.openingTeam, { organisation, email })
      : fill(t.openingPerson, { inviter, organisation, email }),
  };
}

/**
 * Creates the account (or finds one that has no password yet) linked to the employee, and queues the
 * invitation e-mail. Its language: the one asked for, else the person's as HR entered it on their employee
 * record, else the account's, else German; never the inviter's. Refused for an account that already has a
 * password.
 */
export async function invite(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "database" | "mailKick">,
  p: {
    email: string;
    employee?: string;
    role: string;
    language?: string;
    /** Who invites from the console (the commands are an administrator's): HR never touches an administrator. */
    by?: AccountEditor;
  },
): Promise<{ userId: string; expiresAt: number }> {
  const email = p.email.trim().toLowerCase();
  if (!isEmailAddress(email)) {
    throw refusal("validation", "invitation.notAnEmail", { email: p.email }, { field: "email" });
  }
  if (!(ROLES as readonly string[]).includes(p.role)) {
    throw refusal("validation", "account.notARole", { role: p.role, roles: ROLES.join(", ") }, {
      field: "role",
    });
  }
  const now = deps.clock.now();
  const token = randomToken("hri");
  const expiresAt = now + INVITATION_DAYS * 86_400_000;
  const link = `${deps.config.issuer}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
  // The link lets whoever holds it set the password: it is sealed, never written into the stored body.
  const secrets = await sealMailSecrets(deps, { link });
  const userId = await deps.db.transaction(async (tx) => {
    let employeeId: string | null = null;
    let language = p.language;
    let recordLanguage: string | null = null;
    if (p.employee) {
      const e = await tx.query.employees.findFirst({ where: eq(employees.personnelNumber, p.employee) });
      if (!e) {
        throw refusal("not_found", "invitation.unknownEmployee", { number: p.employee }, {
          field: "employee",
        });
      }
      employeeId = e.id;
      recordLanguage = isLang(e.language) ? e.language : null;
    }
    if (language !== undefined && !isLang(language)) {
      throw refusal("validation", "invitation.badLanguage", {}, { field: "language" });
    }
    const existing = await tx.query.users.findFirst({ where: eq(users.email, email) });
    checkEditor(p.by, existing ?? null, p.role);
    let id: string;
    if (existing) {
      if (existing.passwordHash) {
        throw refusal("conflict", "invitation.hasPassword", { email }, { field: "email" });
      }
      if (employeeId && existing.employeeId && existing.employeeId !== employeeId) {
        throw refusal("conflict", "invitation.emailOfOtherPerson", { email }, { field: "email" });
      }
      id = existing.id;
      language ??= recordLanguage ?? existing.language;
      await tx.update(users).set({
        role: p.role,
        employeeId: employeeId ?? existing.employeeId,
        language,
        updatedAt: now,
      })
        .where(eq(users.id, id));
    } else {
      if (employeeId) {
        const taken = await tx.query.users.findFirst({ where: eq(users.employeeId, employeeId) });
        if (taken) {
          throw refusal("conflict", "invitation.employeeHasAccount", {
            number: p.employee!,
            email: taken.email,
          }, {
            field: "employee",
          });
        }
      }
      language ??= recordLanguage ?? "de";
      const [row] = await tx.insert(users).values({
        email,
        role: p.role,
        language,
        employeeId,
        passwordHash: null,
        createdAt: now,
        updatedAt: now,
      }).returning({ id: users.id });
      id = row.id;
    }
    await tx.update(invitations).set({ replacedAt: now })
      .where(and(eq(invitations.userId, id), isNull(invitations.usedAt), isNull(invitations.replacedAt)));
    await tx.insert(invitations).values({
      tokenHash: await sha256Hex(token),
      userId: id,
      createdAt: now,
      expiresAt,
    });
    // The person's language stays with their record too, for the next invitation.
    if (employeeId && !recordLanguage) {
      await tx.update(employees).set({ language, updatedAt: now }).where(eq(employees.id, employeeId));
    }
    const lang = langOr(language);
    const t = INVITATION_TEXTS[lang];
    const words = await senderWords({ db: tx, config: deps.config }, lang, email, p.by);
    await enqueueMail(tx, deps.clock, {
      to: email,
      subject: words.subject,
      text: fill(t.body, {
        opening: words.opening,
        link: "{{link}}",
        days: INVITATION_DAYS,
        app: fill(t.appAt, { address: appAddress(deps.config) }),
      }),
      relatedTo: `invitation:${id}`,
      secrets,
    });
    return id;
  });
  deps.mailKick?.();
  return { userId, expiresAt };
}

/** The open invitation a token names, with its account; null when unknown, used, replaced or expired. */
export async function openInvitation(deps: Pick<AppDeps, "db" | "clock">, token: string) {
  if (!/^hri_[\w-]{20,100}$/.test(token)) return null;
  const [row] = await deps.db.select({ inv: invitations, email: users.email, language: users.language })
    .from(invitations).innerJoin(users, eq(users.id, invitations.userId))
    .where(and(
      eq(invitations.tokenHash, await sha256Hex(token)),
      isNull(invitations.usedAt),
      isNull(invitations.replacedAt),
      gt(invitations.expiresAt, deps.clock.now()),
    )).limit(1);
  return row ?? null;
}

/**
 * The language of the account an invitation link names, whatever became of the link (used, replaced,
 * expired); null for a token no invitation has. The page saying a link no longer works speaks it.
 */
export async function invitationLanguage(deps: Pick<AppDeps, "db">, token: string): Promise<Lang | null> {
  if (!/^hri_[\w-]{20,100}$/.test(token)) return null;
  const [row] = await deps.db.select({ language: users.language }).from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .where(eq(invitations.tokenHash, await sha256Hex(token))).limit(1);
  return row && isLang(row.language) ? row.language : null;
}

/**
 * Sets the invited person's password and spends the link; returns the problem in the person's words. A link
 * that replaces a password (a reset) also ends the account's access (`endAccessIn`), in the same transaction.
 */
export async function acceptInvitation(
  deps: AppDeps,
  p: { token: string; password: string; repeat: string },
): Promise<
  { ok: true; email: string } | { ok: false; problem: "invalid" | "mismatch" | PasswordProblem }
> {
  const open = await openInvitation(deps, p.token);
  if (!open) return { ok: false, problem: "invalid" };
  const weak = await passwordProblem(p.password, open.email, await passwordContext(deps, open.email));
  if (weak) return { ok: false, problem: weak };
  if (p.password !== p.repeat) return { ok: false, problem: "mismatch" };
  const hash = await hashPassword(p.password);
  const now = deps.clock.now();
  const spent = await writeTx(deps, async (tx) => {
    const claimed = await tx.update(invitations).set({ usedAt: now })
      .where(and(eq(invitations.id, open.inv.id), isNull(invitations.usedAt), isNull(invitations.replacedAt)))
      .returning({ id: invitations.id });
    if (!claimed.length) return null;
    const [before] = await tx.select({ hash: users.passwordHash }).from(users)
      .where(eq(users.id, open.inv.userId));
    await tx.update(users).set({ passwordHash: hash, failedSignIns: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, open.inv.userId));
    // A password replaced through a reset link may have been known to someone else: what was granted with it
    // ends, as after an administrator's reset. A first password (an invitation) has nothing to end.
    if (before?.hash) await endAccessIn(tx, now, open.inv.userId, { kind: "password replaced" });
    return true;
  });
  if (!spent) return { ok: false, problem: "invalid" };
  return { ok: true, email: open.email };
}

export { textsFor as invitationTexts };
