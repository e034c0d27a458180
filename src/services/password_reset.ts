/**
 * Password reset by e-mail, on the invitation's mechanism: a single-use link (random token, only its SHA-256
 * stored, the e-mail's copy sealed in the outbox until it is handed to SMTP) to the page where an invited
 * person sets a password. Asking answers the same whether or not the address has an account, so the form
 * tells nobody which addresses exist; it is rate-limited per address typed and per account, so it can be
 * used neither to flood a mailbox nor to keep a person's links changing.
 */
import { and, count, eq, gt, isNull } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { invitations, users } from "../db/schema/mod.ts";
import { randomToken, sha256Hex } from "../crypto.ts";
import { fill, langOr } from "../i18n/mod.ts";
import { PASSWORD_RESET_TEXTS } from "../i18n/password_reset.ts";
import { enqueueMail, sealMailSecrets } from "../mail/outbox.ts";
import { appAddress, INVITATION_PATH } from "./invitations.ts";
import { INVITATION_TEXTS } from "../i18n/invitation.ts";

/** How long a reset link works: much shorter than an invitation's, as it replaces a password in use. */
export const RESET_MINUTES = 60;
/** At most this many links per address typed, and per account, in an hour. */
export const RESET_LIMIT = 3;
const HOUR = 3_600_000;

/** Recent requests per address typed, per running service (the account's limit is kept in the database). */
const asked = new WeakMap<object, Map<string, number[]>>();

function addressAllowed(deps: object, email: string, now: number): boolean {
  let byAddress = asked.get(deps);
  if (!byAddress) asked.set(deps, byAddress = new Map());
  const recent = (byAddress.get(email) ?? []).filter((at) => at > now - HOUR);
  if (recent.length >= RESET_LIMIT) return false;
  recent.push(now);
  byAddress.set(email, recent);
  // Addresses nobody asked for within the hour are forgotten, so the map stays small.
  if (byAddress.size > 10_000) {
    for (const [k, v] of byAddress) if (!v.some((at) => at > now - HOUR)) byAddress.delete(k);
  }
  return true;
}

/**
 * Queues a reset link for the active account with this address, unless a limit is reached. Says what it did
 * for the log and the tests only: the page answers the same in every case.
 */
export async function requestPasswordReset(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "database" | "mailKick" | "log">,
  rawEmail: string,
): Promise<"sent" | "unknown" | "limited"> {
  const email = rawEmail.trim().toLowerCase().slice(0, 254);
  const now = deps.clock.now();
  if (!addressAllowed(deps, email, now)) return "limited";
  const user = await deps.db.query.users.findFirst({ where: eq(users.email, email) });
  if (!user || !user.active) return "unknown";
  const [recent] = await deps.db.select({ n: count() }).from(invitations)
    .where(and(eq(invitations.userId, user.id), gt(invitations.createdAt, now - HOUR)));
  if ((recent?.n ?? 0) >= RESET_LIMIT) return "limited";
  const token = randomToken("hri");
  const link = `${deps.config.issuer}${INVITATION_PATH}?token=${encodeURIComponent(token)}`;
  const secrets = await sealMailSecrets(deps, { link });
  const t = PASSWORD_RESET_TEXTS[langOr(user.language)];
  await deps.db.transaction(async (tx) => {
    // Only the newest link works.
    await tx.update(invitations).set({ replacedAt: now })
      .where(
        and(eq(invitations.userId, user.id), isNull(invitations.usedAt), isNull(invitations.replacedAt)),
      );
    await tx.insert(invitations).values({
      tokenHash: await sha256Hex(token),
      userId: user.id,
      createdAt: now,
      expiresAt: now + RESET_MINUTES * 60_000,
    });
    await enqueueMail(tx, deps.clock, {
      to: email,
      subject: t.subject,
      text: fill(t.body, {
        link: "{{link}}",
        minutes: RESET_MINUTES,
        app: fill(INVITATION_TEXTS[langOr(user.language)].appAt, { address: appAddress(deps.config) }),
      }),
      relatedTo: `password-reset:${user.id}`,
      secrets,
    });
  });
  deps.log.info("password reset link queued", { userId: user.id });
  deps.mailKick?.();
  return "sent";
}
