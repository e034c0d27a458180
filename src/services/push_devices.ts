/**
 * A phone registers its push token for the signed-in account (APNs for Apple, FCM for Google) and the
 * language of its texts; it unregisters when the person signs out of the app. A token registered again
 * (the app reinstalled, another account signed in on the phone) moves to the latest registration.
 */
import { and, eq } from "drizzle-orm";
import { pushDevices } from "../db/schema/mod.ts";
import { invalid, notFound } from "../errors.ts";
import { isLang, type Lang } from "../i18n/mod.ts";
import type { Actor } from "./actor.ts";
import type { ServiceDeps } from "./common.ts";

export const PUSH_PLATFORMS = ["APNS", "FCM"] as const;

function deviceView(d: typeof pushDevices.$inferSelect) {
  return { id: d.id, platform: d.platform as "APNS" | "FCM", language: d.language as Lang };
}

/** Registers (or moves) a device's push token for the caller. */
export async function registerPushDevice(
  deps: ServiceDeps,
  actor: Actor,
  input: { platform: "APNS" | "FCM"; token: string; language?: string },
) {
  const token = input.token.trim();
  if (!/^[\w:.\-]{16,4096}$/.test(token)) {
    throw invalid("Invalid field 'token': the push token the platform gave the app (16 to 4096 characters).");
  }
  const language = input.language ?? actor.language;
  if (!isLang(language)) throw invalid("Invalid field 'language': de, fr, it or en.");
  const now = deps.clock.now();
  const [row] = await deps.db.insert(pushDevices).values({
    userId: actor.userId,
    platform: input.platform,
    token,
    language,
    createdAt: now,
    updatedAt: now,
  }).onConflictDoUpdate({
    target: pushDevices.token,
    set: { userId: actor.userId, platform: input.platform, language, updatedAt: now },
  }).returning();
  return deviceView(row);
}

/** Unregisters one of the caller's devices (someone else's reads as unknown). */
export async function unregisterPushDevice(deps: ServiceDeps, actor: Actor, id: string) {
  const gone = await deps.db.delete(pushDevices).where(
    and(eq(pushDevices.id, id), eq(pushDevices.userId, actor.userId)),
  )
    .returning({ id: pushDevices.id });
  if (!gone.length) throw notFound("You have no registered device with this id.");
  return { id, removed: true as const };
}
