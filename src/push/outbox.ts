/**
 * Delivers the push outbox as the mail outbox is delivered: claim a due message (QUEUED → SENDING, only if
 * still QUEUED), send it, and record SENT, a retry with backoff, or FAILED for good. A token the platform
 * reports as gone removes the device (and its pending messages). A message left SENDING by a process that
 * died goes back to the queue. A platform without a configured sender keeps its messages queued.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import { databaseTrouble } from "../db/trouble.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { pushDevices, pushOutbox, sessions } from "../db/schema/mod.ts";
import type { Logger } from "../log.ts";
import { BACKOFF_MS, MAX_ATTEMPTS, STUCK_AFTER_MS } from "../mail/outbox.ts";
import { apnsSender, fcmSender, type PushSender, webPushSender } from "./senders.ts";
import type { Config } from "../config.ts";
import type { AppDeps } from "../deps.ts";
import { vapidKeys } from "./vapid.ts";

/** The senders by platform; a platform left out is not delivered (its messages wait). */
export type PushSenders = Partial<Record<"APNS" | "FCM" | "WEBPUSH", PushSender>>;

export async function deliverDuePushes(
  db: Db,
  clock: Clock,
  senders: PushSenders,
  log?: Logger,
  limit = 50,
): Promise<{ sent: number; retried: number; failed: number; gone: number }> {
  const now = clock.now();
  const counts = { sent: 0, retried: 0, failed: 0, gone: 0 };
  // Each step reads first and writes only when there is something to change: an installation without
  // phones does no write every run, and a run during another program's lock meets it only with work to do
  // (a write statement takes the lock even when it changes no row).
  // A phone whose sign-in session ended (signed out, revoked, expired, the account deactivated) gets nothing
  // more: the device goes, and what waits for it with it.
  const ended = or(
    isNull(pushDevices.sessionId),
    inArray(
      pushDevices.sessionId,
      db.select({ id: sessions.id }).from(sessions).where(
        or(isNotNull(sessions.revokedAt), lte(sessions.expiresAt, now)),
      ),
    ),
  );
  const devices = await db.select({ id: pushDevices.id, ended: sql<number>`${ended}` }).from(pushDevices);
  if (!devices.length) return counts;
  if (devices.some((d) => d.ended)) await db.delete(pushDevices).where(ended);
  const stuck = and(eq(pushOutbox.status, "SENDING"), lt(pushOutbox.nextAttemptAt, now - STUCK_AFTER_MS));
  if ((await db.select({ id: pushOutbox.id }).from(pushOutbox).where(stuck).limit(1)).length) {
    await db.update(pushOutbox).set({ status: "QUEUED" }).where(stuck);
  }
  const due = await db.select({ m: pushOutbox, d: pushDevices }).from(pushOutbox)
    .innerJoin(pushDevices, eq(pushDevices.id, pushOutbox.deviceId))
    .where(and(eq(pushOutbox.status, "QUEUED"), lte(pushOutbox.nextAttemptAt, now)))
    .orderBy(asc(pushOutbox.nextAttemptAt)).limit(limit);
  for (const { m, d } of due) {
    const sender = senders[d.platform as keyof PushSenders];
    if (!sender) continue;
    const claimed = await db.update(pushOutbox).set({ status: "SENDING", nextAttemptAt: now })
      .where(and(eq(pushOutbox.id, m.id), eq(pushOutbox.status, "QUEUED"))).returning({ id: pushOutbox.id });
    if (!claimed.length) continue;
    const attempts = m.attempts + 1;
    const outcome = await sender.send({
      token: d.token,
      title: m.title,
      body: m.body,
      data: JSON.parse(m.data),
    }).catch((e) => ({ kind: "retry" as const, reason: e instanceof Error ? e.message : String(e) }));
    if (outcome.kind === "sent") {
      await db.update(pushOutbox).set({ status: "SENT", attempts, sentAt: clock.now(), lastError: null })
        .where(eq(pushOutbox.id, m.id));
      counts.sent++;
    } else if (outcome.kind === "gone") {
      // The app was removed or its token replaced: the device and what waits for it go.
      await db.delete(pushDevices).where(eq(pushDevices.id, d.id));
      counts.gone++;
      log?.info("push device removed", { deviceId: d.id, reason: outcome.reason });
    } else {
      const final = outcome.kind === "failed" || attempts >= MAX_ATTEMPTS;
      await db.update(pushOutbox).set({
        status: final ? "FAILED" : "QUEUED",
        attempts,
        lastError: outcome.reason.slice(0, 300),
        nextAttemptAt: final ? now : clock.now() + BACKOFF_MS[Math.min(attempts - 1, BACKOFF_MS.length - 1)],
      }).where(eq(pushOutbox.id, m.id));
      if (final) counts.failed++;
      else counts.retried++;
      log?.warn("push not delivered", {
        pushId: m.id,
        attempts,
        final,
        reason: outcome.reason.slice(0, 100),
      });
    }
  }
  return counts;
}

/**
 * Runs delivery every `everyMs` in the background of `serve`; runs never overlap. Another program's lock (or a
 * full disk) is the operator's to fix, not a fault of each run: one line when delivery starts to wait for it
 * and one when it goes on, nothing in between. `kick` runs it now (or joins the run going on) and resolves when that run is over.
 */
export function startPushWorker(db: Db, clock: Clock, senders: PushSenders, log: Logger, everyMs = 15_000) {
  let running: Promise<void> | undefined;
  let troubled: string | null = null;
  const run = () => running ??= once().finally(() => running = undefined);
  const once = async () => {
    try {
      await deliverDuePushes(db, clock, senders, log);
      if (troubled) {
        log.info("push delivery goes on", { after: troubled });
        troubled = null;
      }
    } catch (e) {
      const kind = databaseTrouble(e);
      if (!kind) log.error("push worker failed", { error: e instanceof Error ? e.message : String(e) });
      else if (!troubled) {
        troubled = kind === "full" ? "the disk is full" : "the database is locked by another program";
        log.warn("push delivery waits", { reason: troubled });
      }
    }
  };
  const timer = setInterval(run, everyMs);
  queueMicrotask(run);
  return { kick: () => run(), stop: () => clearInterval(timer) };
}

/**
 * The senders the configuration asks for, their key files read once at start. Web Push needs no settings: with
 * the database (`deps`) its VAPID key is read, or made and kept at the first start; a key that cannot be
 * opened is logged and leaves browsers' pushes queued.
 */
export async function sendersFrom(
  config: Pick<Config, "pushApns" | "pushFcm" | "webPush">,
  deps?: Pick<AppDeps, "config" | "database" | "db" | "clock">,
  log?: Logger,
): Promise<PushSenders> {
  const out: PushSenders = {};
  if (deps) {
    try {
      const keys = await vapidKeys(deps);
      out.WEBPUSH = webPushSender({
        ...keys,
        subject: config.webPush.subject,
        allowedHosts: config.webPush.allowedHosts,
      });
    } catch (e) {
      log?.error("web push is off", { error: e instanceof Error ? e.message : String(e) });
    }
  }
  if (config.pushApns) {
    const a = config.pushApns;
    out.APNS = apnsSender({
      keyPem: await Deno.readTextFile(a.keyFile),
      keyId: a.keyId,
      teamId: a.teamId,
      topic: a.topic,
      baseUrl: a.url,
    });
  }
  if (config.pushFcm) {
    const j = JSON.parse(await Deno.readTextFile(config.pushFcm.serviceAccountFile));
    out.FCM = fcmSender({
      projectId: j.project_id,
      clientEmail: j.client_email,
      privateKeyPem: j.private_key,
      tokenUri: j.token_uri ?? "https://oauth2.googleapis.com/token",
      baseUrl: config.pushFcm.url,
    });
  }
  return out;
}
