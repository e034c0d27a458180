/**
 * Pushes to people's phones: one message per registered device for every notification the service writes,
 * queued in the same transaction (so a push exists exactly when its notification does) and delivered by the
 * push worker (`src/push/`). The text is the device's language; the data holds the kind and the record ids.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { pushDevices, pushOutbox, users } from "../db/schema/mod.ts";
import { pushText } from "../i18n/push.ts";

type Writer = Pick<Db, "select" | "insert">;

/** Queues a push for each device of the recipient's account (nothing when they registered none). */
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
    .innerJoin(users, eq(users.id, pushDevices.userId)).where(eq(users.employeeId, n.recipientEmployeeId));
  if (!devices.length) return 0;
  // Push data is strings only (FCM requires it); ids and flags, never free text.
  const data: Record<string, string> = { kind: n.kind, notificationId: n.notificationId };
  for (const [k, v] of Object.entries(n.payload)) {
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") data[k] = String(v);
  }
  for (const d of devices) {
    const t = pushText(d.language, n.kind);
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
