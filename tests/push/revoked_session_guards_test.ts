/**
 * A phone belongs to the sign-in session it registered in. Whichever way that session ends (the sign-out
 * paths also delete the phone's row; a session revoked by another process, or by a path that leaves the row,
 * does not), two guards keep pushes from it on their own: nothing is queued for a phone whose session has
 * ended, and what was queued before the session ended is not delivered (the phone and its queue go).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { pushDevices, pushOutbox, sessions } from "../../src/db/schema/mod.ts";
import { deliverDuePushes } from "../../src/push/outbox.ts";
import type { PushSender } from "../../src/push/senders.ts";

const BASE = "/api/v1/portal";

/** A platform that records what it was asked to deliver. */
function recordingSender() {
  const sent: string[] = [];
  const sender: PushSender = {
    send: (m) => {
      sent.push(m.token);
      return Promise.resolve({ kind: "sent" as const });
    },
  };
  return { sender, sent };
}

/** Lukas's phone registered in a session of its own, and a manager who decides his requests. */
async function phoneOf(t: TestApp) {
  const phone = await t.signIn("employee@demo.example");
  const r = await t.request(`${BASE}/employee/push-devices`, {
    method: "POST",
    token: phone,
    json: { platform: "FCM", token: `phone${"p".repeat(60)}` },
  });
  assert.equal(r.status, 201, await r.clone().text());
  const device = (await r.json()).data;
  const [row] = await t.deps.db.select().from(pushDevices).where(eq(pushDevices.id, device.id));
  const manager = await t.signIn("manager@demo.example");
  const laptop = await t.signIn("employee@demo.example");
  const decide = async (day: string) => {
    const filed = await t.request(`${BASE}/employee/leave/requests`, {
      method: "POST",
      token: laptop,
      json: { leaveType: "VACATION", startDate: day, endDate: day },
    });
    assert.equal(filed.status, 201, await filed.clone().text());
    const id = (await filed.json()).data.id;
    const decided = await t.request(`${BASE}/approvals/leave-requests/${id}/decision`, {
      method: "POST",
      token: manager,
      json: { decision: "REJECT" },
    });
    assert.equal(decided.status, 200);
    await decided.body?.cancel();
  };
  const endSession = () =>
    t.deps.db.update(sessions).set({ revokedAt: t.clock.now() }).where(eq(sessions.id, row.sessionId!));
  const queuedFor = async () =>
    (await t.deps.db.select().from(pushOutbox).where(eq(pushOutbox.deviceId, device.id))).length;
  return { deviceId: device.id as string, decide, endSession, queuedFor };
}

Deno.test("push: nothing is queued for a phone whose session was revoked, though its row is still there", async () => {
  const t = await makeTestApp();
  try {
    const p = await phoneOf(t);
    await p.decide("2027-06-07");
    assert.equal(await p.queuedFor(), 1, "a live session's phone is told");
    await p.endSession();
    await p.decide("2027-06-08");
    assert.equal(await p.queuedFor(), 1, "nothing more queued after the session ended");
  } finally {
    t.close();
  }
});

Deno.test("push: what was queued before the session was revoked is not delivered; the phone and its queue go", async () => {
  const t = await makeTestApp();
  try {
    const p = await phoneOf(t);
    await p.decide("2027-06-07");
    assert.equal(await p.queuedFor(), 1);
    await p.endSession();
    const fcm = recordingSender();
    await deliverDuePushes(t.deps.db, t.clock, { FCM: fcm.sender });
    assert.deepEqual(fcm.sent, [], "nothing delivered to the revoked phone");
    assert.equal(
      (await t.deps.db.select().from(pushDevices).where(eq(pushDevices.id, p.deviceId))).length,
      0,
      "the phone is removed",
    );
    assert.equal(await p.queuedFor(), 0, "and what waited for it");
  } finally {
    t.close();
  }
});
