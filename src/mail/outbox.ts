import { and, asc, eq, inArray, lt, lte } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { mailOutbox } from "../db/schema/mod.ts";
import type { Logger } from "../log.ts";
import type { AppDeps } from "../deps.ts";
import { openText, sealText } from "../oauth/key_encryption.ts";

/** Something that can send one message (nodemailer's transport in production). */
export interface MailTransport {
  sendMail(
    msg: { from: string; to: string; subject: string; text: string; html?: string },
  ): Promise<{ messageId?: string }>;
}

/** A message to queue. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What caused it, e.g. `application:<id>`; no personal data. */
  relatedTo?: string;
  /**
   * Values that must not rest in the database in clear (an invitation link), sealed by `sealMailSecrets`; the
   * text and html name them as `{{name}}` and get them only when the message is handed to SMTP.
   */
  secrets?: string;
}

/** The deps that seal and open a message's secrets (the key-encryption key of the installation). */
type SealingDeps = Pick<AppDeps, "config" | "database" | "db">;
const SECRETS_PURPOSE = "mail-secrets";

/** Seals the values a message's `{{name}}` places get at sending. */
export function sealMailSecrets(deps: SealingDeps, values: Record<string, string>): Promise<string> {
  return sealText(deps, SECRETS_PURPOSE, JSON.stringify(values));
}

/** Fills a body's `{{name}}` places with the opened values. */
function fillSecrets(body: string, values: Record<string, string>): string {
  return body.replace(/\{\{(\w+)\}\}/g, (all, name: string) => values[name] ?? all);
}

/**
 * Retry schedule after a temporary failure: 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, then 24 h; after
 * MAX_ATTEMPTS a message is FAILED for good and an admin sees it in `mail list`.
 */
export const BACKOFF_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000];
export const MAX_ATTEMPTS = 8;
/** A message left SENDING this long (the process died mid-send) goes back to the queue. */
export const STUCK_AFTER_MS = 10 * 60_000;

type DbLike = Pick<Db, "insert">;

/**
 * Queues a message. Call it inside the same transaction as the change that causes it, so the mail exists
 * exactly when the change does; delivery happens later, outside any request.
 */
export async function enqueueMail(db: DbLike, clock: Clock, mail: OutgoingMail): Promise<string> {
  const now = clock.now();
  const [row] = await db.insert(mailOutbox).values({
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    relatedTo: mail.relatedTo ?? null,
    secrets: mail.secrets ?? null,
    status: "QUEUED",
    nextAttemptAt: now,
    createdAt: now,
  }).returning({ id: mailOutbox.id });
  return row.id;
}

/** SMTP reply codes 5xx are permanent (RFC 5321 §4.2.1): retrying will not help. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number })?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * Delivers every due message once: claims it (QUEUED → SENDING, only if still QUEUED, so two workers never
 * send the same message), sends it, and records SENT, a retry with backoff, or FAILED. Returns counts.
 * A message's secrets are opened only for the hand-over to SMTP and cleared once it is SENT or FAILED, so a
 * copy of the database holds no usable link.
 */
export async function deliverDue(
  deps: SealingDeps & { clock: Clock },
  transport: MailTransport,
  from: string,
  log?: Logger,
  limit = 20,
): Promise<{ sent: number; retried: number; failed: number }> {
  const { db, clock } = deps;
  const now = clock.now();
  // Recover messages a crashed process left in SENDING: nothing is lost across a restart.
  await db.update(mailOutbox).set({ status: "QUEUED" }).where(
    and(eq(mailOutbox.status, "SENDING"), lt(mailOutbox.nextAttemptAt, now - STUCK_AFTER_MS)),
  );
  const due = await db.select().from(mailOutbox)
    .where(and(eq(mailOutbox.status, "QUEUED"), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt)).limit(limit);
  const counts = { sent: 0, retried: 0, failed: 0 };
  for (const m of due) {
    const claimed = await db.update(mailOutbox).set({ status: "SENDING", nextAttemptAt: now })
      .where(and(eq(mailOutbox.id, m.id), eq(mailOutbox.status, "QUEUED"))).returning({ id: mailOutbox.id });
    if (!claimed.length) continue;
    const attempts = m.attempts + 1;
    let values: Record<string, string> = {};
    if (m.secrets) {
      try {
        values = JSON.parse(await openText(deps, SECRETS_PURPOSE, m.secrets));
      } catch {
        await db.update(mailOutbox).set({
          status: "FAILED",
          attempts,
          secrets: null,
          lastError:
            "Its link cannot be opened with this key-encryption key (KEY_ENCRYPTION_KEY or the .key file " +
            "beside the database): send it again (for an invitation, user invite).",
        }).where(eq(mailOutbox.id, m.id));
        counts.failed++;
        log?.warn("mail not delivered", { mailId: m.id, attempts, final: true });
        continue;
      }
    }
    try {
      const info = await transport.sendMail({
        from,
        to: m.toAddress,
        subject: m.subject,
        text: fillSecrets(m.textBody, values),
        ...(m.htmlBody ? { html: fillSecrets(m.htmlBody, values) } : {}),
      });
      await db.update(mailOutbox).set({
        status: "SENT",
        attempts,
        sentAt: clock.now(),
        messageId: info.messageId ?? null,
        lastError: null,
        secrets: null,
      }).where(eq(mailOutbox.id, m.id));
      counts.sent++;
      log?.info("mail sent", { mailId: m.id, attempts });
    } catch (err) {
      const reason = err instanceof Error ? err.message.slice(0, 300) : String(err);
      const final = isPermanent(err) || attempts >= MAX_ATTEMPTS;
      await db.update(mailOutbox).set({
        status: final ? "FAILED" : "QUEUED",
        attempts,
        ...(final ? { secrets: null } : {}),
        lastError: reason,
        nextAttemptAt: final ? now : clock.now() + BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)],
      }).where(eq(mailOutbox.id, m.id));
      if (final) counts.failed++;
      else counts.retried++;
      log?.warn("mail not delivered", { mailId: m.id, attempts, final });
    }
  }
  return counts;
}

/** Messages by state, newest first, for the admin command. */
export function listMail(db: Db, statuses: string[] = ["QUEUED", "SENDING", "FAILED"], limit = 100) {
  return db.select({
    id: mailOutbox.id,
    to: mailOutbox.toAddress,
    subject: mailOutbox.subject,
    status: mailOutbox.status,
    attempts: mailOutbox.attempts,
    nextAttemptAt: mailOutbox.nextAttemptAt,
    lastError: mailOutbox.lastError,
    createdAt: mailOutbox.createdAt,
  }).from(mailOutbox).where(inArray(mailOutbox.status, statuses)).orderBy(asc(mailOutbox.createdAt)).limit(
    limit,
  );
}
