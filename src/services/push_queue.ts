/**
 * Pushes to people's phones: one message per registered device for every notification the service writes,
 * queued in the same transaction (so a push exists exactly when its notification does) and delivered by the
 * push worker (`src/push/`). The text is the device's language; the data holds the kind and the record ids.
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { notifications, pushDevices, pushOutbox, sessions, users } from "../db/schema/mod.ts";
import { pushText } from "../i18n/push.ts";

type Writer = Pick<Db, "select" | "insert">;

/**
 * Which pushes about one record replace each other on the phone (APNs `apns-collapse-id`, FCM
 * `collapse_key`): the filing and the decision of one leave request show as one, the latest.
 */
function collapseIdOf(kind: string, payload: Record<string, unknown>, notificationId: string): string {
  for (const key of ["leaveRequestId", "sickLeaveId", "changeRequestId"]) {
    if (typeof payload[key] === "string") return `${key.replace(/Id$/, "")}:${payload[key]}`.slice(0, 64);
  }
  if (typeof payload.weekStart === "string") {
    return `week:${payload.employeeId ?? ""}:${payload.weekStart}`.slice(0, 64);
  }
  return `${kind}:${notificationId}`.slice(0, 64);
}

/**
 * Queues a push for each device of the recipient's account whose sign-in session is live (nothing when they
 * registered none): a phone signed out, revoked from elsewhere or of a deactivated account gets nothing.
 */
export async function queuePushes(
  q: Writer,
  n: {
    notificationId: string;
    recipientEmployeeId: string;
    kind: string;
    payload: Record<string, unknown>;
    now: number;
  },
): Promise<number> {
  const devices = await q.select({ id: pushDevices.id, language: pushDevices.language }).from(pushDevices)
    .innerJoin(users, eq(users.id, pushDevices.userId))
    .innerJoin(sessions, eq(sessions.id, pushDevices.sessionId))
    .where(and(
      eq(users.employeeId, n.recipientEmployeeId),
      eq(users.active, true),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, n.now),
    ));
  if (!devices.length) return 0;
  // The app's icon shows the unread notifications, this one included.
  const [unread] = await q.select({ n: sql<number>`count(*)` }).from(notifications)
    .where(and(eq(notifications.recipientEmployeeId, n.recipientEmployeeId), isNull(notifications.readAt)));
  // Push data is strings only (FCM requires it); ids and flags, never free text.
  const data: Record<string, string> = {
    kind: n.kind,
    notificationId: n.notificationId,
    badge: String(Number(unread.n)),
    collapseId: collapseIdOf(n.kind, n.payload, n.notificationId),
  };
  for (const [k, v] of Object.entries(n.payload)) {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") data[k] ??= String(v);
  }
  for (const d of devices) {
    const t = pushText(d.language, n.kind, n.payload);
    await q.insert(pushOutbox).values({
      deviceId: d.id,
      notificationId: n.notificationId,
      title: t.title,
      body: t.body,
      data: JSON.stringify(data),
      status: "QUEUED",
      nextAttemptAt: n.now,
      createdAt: n.now,
    });
  }
  return devices.length;
}
