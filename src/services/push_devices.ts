/**
 * A phone registers its push token for the signed-in account (APNs for Apple, FCM for Google), or a browser
 * its Web Push subscription (WEBPUSH, `src/push/web_subscription.ts`), and the language of its texts; it
 * unregisters when the person signs out of the app or turns push off. A token registered again
 * (the app reinstalled, another account signed in on the phone) moves to the latest registration.
 *
 * A registration belongs to the sign-in session it was made in: when that session ends (signed out, revoked
 * from another device, expired, the account deactivated or its password reset) the phone gets no more pushes,
 * so a lost phone revoked from the device list stops receiving them at once.
 */
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { pushDevices, sessions } from "../db/schema/mod.ts";
import { refusal } from "../errors.ts";
import { isLang, type Lang } from "../i18n/mod.ts";
import type { Actor } from "./actor.ts";
import { type Config, DEFAULT_WEB_PUSH_HOSTS } from "../config.ts";
import { parseWebSubscription, type SubscriptionProblem } from "../push/web_subscription.ts";
import { iso, type ServiceDeps } from "./common.ts";

/** APNs (Apple's phones), FCM (Android phones) and Web Push (a browser, the employee app). */
export const PUSH_PLATFORMS = ["APNS", "FCM", "WEBPUSH"] as const;
export type PushPlatform = typeof PUSH_PLATFORMS[number];

function deviceView(d: typeof pushDevices.$inferSelect) {
  return { id: d.id, platform: d.platform as PushPlatform, language: d.language as Lang };
}

/** Why a browser's subscription is refused, as the catalogue says it (about the field `token`). */
function subscriptionRefusal(problem: SubscriptionProblem, host?: string) {
  const id = {
    shape: "push.webSubscription",
    https: "push.webEndpointHttps",
    host: "push.webEndpointHost",
    keys: "push.webKeys",
  } as const;
  return refusal("validation", id[problem], host ? { host } : {}, { field: "token" });
}

/** The caller's registered phones whose session is live, newest first, with the session they belong to. */
export async function listPushDevices(deps: ServiceDeps, actor: Actor, currentSessionId: string) {
  const rows = await deps.db.select({ device: pushDevices, deviceName: sessions.deviceName }).from(
    pushDevices,
  )
    .innerJoin(sessions, eq(sessions.id, pushDevices.sessionId))
    .where(and(
      eq(pushDevices.userId, actor.userId),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, deps.clock.now()),
    ))
    .orderBy(desc(pushDevices.updatedAt)).limit(50);
  return {
    items: rows.map((r) => ({
      ...deviceView(r.device),
      sessionId: r.device.sessionId!,
      deviceName: r.deviceName,
      current: r.device.sessionId === currentSessionId,
      registeredAt: iso(r.device.updatedAt),
    })),
  };
}

/** Registers (or moves) a device's push token for the caller. */
export async function registerPushDevice(
  deps: Omit<ServiceDeps, "config"> & { config?: Partial<Pick<Config, "timeZone" | "webPush">> },
  actor: Actor,
  sessionId: string,
  input: { platform: PushPlatform; token: string; language?: string },
) {
  let token = input.token.trim();
  if (input.platform === "WEBPUSH") {
    // The subscription's endpoint is where the service will POST: only a push service of the allow-list.
    const parsed = parseWebSubscription(
      token,
      deps.config?.webPush?.allowedHosts ?? DEFAULT_WEB_PUSH_HOSTS,
    );
    if (!parsed.ok) throw subscriptionRefusal(parsed.problem, parsed.host);
    token = parsed.token;
  }
  if (!/^[\w:.\-]{16,4096}$/.test(token)) {
    throw refusal("validation", "push.tokenInvalid", {}, { field: "token" });
  }
  const language = input.language ?? actor.language;
  if (!isLang(language)) {
    throw refusal("validation", "push.languageInvalid", {}, { field: "language" });
  }
  const now = deps.clock.now();
  const [row] = await deps.db.insert(pushDevices).values({
    userId: actor.userId,
    sessionId,
    platform: input.platform,
    token,
    language,
    createdAt: now,
    updatedAt: now,
  }).onConflictDoUpdate({
    target: pushDevices.token,
    set: { userId: actor.userId, sessionId, platform: input.platform, language, updatedAt: now },
  }).returning();
  return deviceView(row);
}

/** Unregisters one of the caller's devices (someone else's reads as unknown). */
export async function unregisterPushDevice(deps: ServiceDeps, actor: Actor, id: string) {
  const gone = await deps.db.delete(pushDevices).where(
    and(eq(pushDevices.id, id), eq(pushDevices.userId, actor.userId)),
  )
    .returning({ id: pushDevices.id });
  if (!gone.length) throw refusal("not_found", "push.noDevice");
  return { id, removed: true as const };
}
