/**
 * The push outbox's promise to a phone that is briefly unreachable (docs/push.md): a push refused for the
 * moment (429, 5xx) is tried again after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, then daily, and FAILED for good
 * after 8 attempts. The numbers are written here, not read from the code, so changing the schedule or the count
 * fails this test. The sender answers "try again later" every time: the HTTP side of APNs and FCM is tested
 * against a stand-in in push_test.ts; this is the outbox's side.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { pushOutbox } from "../../src/db/schema/mod.ts";
import { deliverDuePushes } from "../../src/push/outbox.ts";
import type { PushSender } from "../../src/push/senders.ts";

const BASE = "/api/v1/portal";

Deno.test("push: a push refused for the moment follows the documented schedule and fails after 8 attempts", async () => {
  const t = await makeTestApp();
  try {
    const employee = await t.signIn("employee@demo.example");
    const manager = await t.signIn("manager@demo.example");
    const reg = await t.request(`${BASE}/employee/push-devices`, {
      method: "POST",
      token: manager,
      json: { platform: "FCM", token: "fcm-token-manager-retry-000001" },
    });
    assert.equal(reg.status, 201);
    const deviceId = (await reg.json()).data.id;
    const filed = await t.request(`${BASE}/employee/leave/requests`, {
      method: "POST",
      token: employee,
      json: { leaveType: "VACATION", startDate: "2027-03-08", endDate: "2027-03-08" },
    });
    assert.equal(filed.status, 201);
    let sends = 0;
    const busy: PushSender = {
      send() {
        sends++;
        return Promise.resolve({ kind: "retry", reason: "429 TooManyRequests" });
      },
    };
    const row = async () =>
      (await t.deps.db.select().from(pushOutbox).where(eq(pushOutbox.deviceId, deviceId)))[0];
    const minute = 60_000;
    const schedule = [1, 5, 30, 120, 360, 720, 1440].map((m) => m * minute);
    for (let i = 0; i < 7; i++) {
      await deliverDuePushes(t.deps.db, t.clock, { FCM: busy });
      const waiting = await row();
      assert.equal(waiting.status, "QUEUED", `still queued after ${i + 1} refusal(s)`);
      assert.equal(waiting.attempts, i + 1);
      assert.equal(waiting.nextAttemptAt - t.clock.now(), schedule[i], `pause after refusal ${i + 1}`);
      // Not tried again before its time.
      await deliverDuePushes(t.deps.db, t.clock, { FCM: busy });
      assert.equal(sends, i + 1);
      t.clock.advance(schedule[i]);
    }
    await deliverDuePushes(t.deps.db, t.clock, { FCM: busy });
    const last = await row();
    assert.equal(last.status, "FAILED");
    assert.equal(last.attempts, 8);
    assert.equal(sends, 8);
  } finally {
    t.close();
  }
});
