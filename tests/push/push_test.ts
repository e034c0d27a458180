/**
 * Push notifications: phones register their tokens; every notification the service writes is queued as a
 * push per device in the device's language; the senders speak APNs' and FCM's documented HTTP APIs to a local
 * stand-in that checks each request (paths, headers, the JWTs' signatures and claims, the bodies) and answers
 * as the real services document: delivered, token gone (the device is removed), busy (tried again later).
 * Apple and Google cannot be reached from here; the stand-in is a real HTTP server started by the test.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { exportPKCS8, generateKeyPair, jwtVerify } from "jose";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { pushDevices, pushOutbox } from "../../src/db/schema/mod.ts";
import { deliverDuePushes } from "../../src/push/outbox.ts";
import { apnsSender, fcmSender } from "../../src/push/senders.ts";

const BASE = "/api/v1/portal";
const APNS_TOKEN = "a".repeat(64);
const FCM_TOKEN = "fcm-token-employee-0000000001";
const MANAGER_FCM = "fcm-token-manager-00000000001";

interface Seen {
  apns: {
    token: string;
    topic: string | null;
    type: string | null;
    collapseId: string | null;
    body: Record<string, unknown>;
  }[];
  fcm: {
    token: string;
    title: string;
    body: string;
    data: Record<string, string>;
    android?: unknown;
    apns?: unknown;
  }[];
  tokenRequests: number;
}

/** A stand-in for APNs and FCM that checks what it receives like the real services would. */
/** The public keys the stand-in verifies with (jose's key type). */
type PublicKey = Parameters<typeof jwtVerify>[1];

function standIn(keys: { apns: PublicKey; fcm: PublicKey }) {
  const seen: Seen = { apns: [], fcm: [], tokenRequests: 0 };
  const ac = new AbortController();
  let origin = "";
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, signal: ac.signal, onListen: () => {} },
    async (req) => {
      const url = new URL(req.url);
      const apns = /^\/3\/device\/([^/]+)$/.exec(url.pathname);
      if (req.method === "POST" && apns) {
        const auth = req.headers.get("authorization") ?? "";
        try {
          const { payload, protectedHeader } = await jwtVerify(auth.replace(/^bearer /, ""), keys.apns, {
            algorithms: ["ES256"],
            issuer: "TEAM123456",
          });
          if (protectedHeader.kid !== "KEY1234567" || typeof payload.iat !== "number") {
            throw new Error(
              "claims",
            );
          }
        } catch {
          return Response.json({ reason: "InvalidProviderToken" }, { status: 403 });
        }
        const token = decodeURIComponent(apns[1]);
        seen.apns.push({
          token,
          topic: req.headers.get("apns-topic"),
          type: req.headers.get("apns-push-type"),
          collapseId: req.headers.get("apns-collapse-id"),
          body: await req.json(),
        });
        if (token.startsWith("gone")) return Response.json({ reason: "Unregistered" }, { status: 410 });
        if (token.startsWith("busy")) return Response.json({ reason: "TooManyRequests" }, { status: 429 });
        return new Response(null, { status: 200, headers: { "apns-id": crypto.randomUUID() } });
      }
      if (req.method === "POST" && url.pathname === "/token") {
        const form = new URLSearchParams(await req.text());
        if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
          return Response.json({ error: "unsupported_grant_type" }, { status: 400 });
        }
        try {
          const { payload } = await jwtVerify(form.get("assertion") ?? "", keys.fcm, {
            algorithms: ["RS256"],
            issuer: "push@demo-project.iam.gserviceaccount.com",
            audience: `${origin}/token`,
          });
          if (payload.scope !== "https://www.googleapis.com/auth/firebase.messaging") {
            throw new Error(
              "scope",
            );
          }
        } catch {
          return Response.json({ error: "invalid_grant" }, { status: 400 });
        }
        seen.tokenRequests++;
        return Response.json({ access_token: "ya29.stand-in", expires_in: 3600, token_type: "Bearer" });
      }
      if (req.method === "POST" && url.pathname === "/v1/projects/demo-project/messages:send") {
        if (req.headers.get("authorization") !== "Bearer ya29.stand-in") {
          return Response.json({ error: { status: "UNAUTHENTICATED" } }, { status: 401 });
        }
        const { message } = await req.json();
        seen.fcm.push({
          token: message.token,
          title: message.notification.title,
          body: message.notification.body,
          data: message.data,
          android: message.android,
          apns: message.apns,
        });
        if (String(message.token).startsWith("gone")) {
          return Response.json({ error: { code: 404, status: "NOT_FOUND" } }, { status: 404 });
        }
        return Response.json({ name: "projects/demo-project/messages/1" });
      }
      return new Response("not found", { status: 404 });
    },
  );
  origin = `http://127.0.0.1:${server.addr.port}`;
  return { origin, seen, close: async () => (ac.abort(), await server.finished) };
}

async function keys() {
  const apns = await generateKeyPair("ES256", { extractable: true });
  const fcm = await generateKeyPair("RS256", { extractable: true });
  return {
    apns,
    fcm,
    apnsPem: await exportPKCS8(apns.privateKey),
    fcmPem: await exportPKCS8(fcm.privateKey),
  };
}

async function register(t: TestApp, token: string, body: Record<string, unknown>) {
  const r = await t.request(`${BASE}/employee/push-devices`, { method: "POST", token, json: body });
  return { status: r.status, body: await r.json() };
}

Deno.test({
  name: "push: registered phones get each notification, in their language, through APNs and FCM",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (ctx) => {
    const k = await keys();
    const stand = standIn({ apns: k.apns.publicKey, fcm: k.fcm.publicKey });
    const t = await makeTestApp();
    try {
      const employee = await t.signIn("employee@demo.example");
      const manager = await t.signIn("manager@demo.example");
      const apns = apnsSender({
        keyPem: k.apnsPem,
        keyId: "KEY1234567",
        teamId: "TEAM123456",
        topic: "ch.demo.hr",
        baseUrl: stand.origin,
      });
      const fcm = fcmSender({
        projectId: "demo-project",
        clientEmail: "push@demo-project.iam.gserviceaccount.com",
        privateKeyPem: k.fcmPem,
        tokenUri: `${stand.origin}/token`,
        baseUrl: stand.origin,
      });

      await ctx.step(
        "phones register: the employee's iPhone and Android phone, the manager's in English",
        async () => {
          assert.equal((await register(t, employee, { platform: "APNS", token: APNS_TOKEN })).status, 201);
          assert.equal((await register(t, employee, { platform: "FCM", token: FCM_TOKEN })).status, 201);
          const m = await register(t, manager, { platform: "FCM", token: MANAGER_FCM, language: "en" });
          assert.equal(m.status, 201);
          assert.equal(m.body.data.language, "en");
        },
      );

      let requestId = "";
      await ctx.step("a leave request filed: the manager's phone is told, in English", async () => {
        const r = await t.request(`${BASE}/employee/leave/requests`, {
          method: "POST",
          token: employee,
          json: { leaveType: "VACATION", startDate: "2027-03-08", endDate: "2027-03-09" },
        });
        assert.equal(r.status, 201);
        requestId = (await r.json()).data.id;
        const counts = await deliverDuePushes(t.deps.db, t.clock, { APNS: apns, FCM: fcm });
        assert.deepEqual(counts, { sent: 1, retried: 0, failed: 0, gone: 0 });
        assert.equal(stand.seen.fcm.length, 1);
        assert.deepEqual(
          {
            ...stand.seen.fcm[0],
            data: { kind: stand.seen.fcm[0].data.kind },
            android: undefined,
            apns: undefined,
          },
          {
            token: MANAGER_FCM,
            title: "HR portal",
            body: "A leave request awaits your decision.",
            data: { kind: "LEAVE_REQUEST_FILED" },
            android: undefined,
            apns: undefined,
          },
        );
        assert.equal(stand.seen.fcm[0].data.leaveRequestId, requestId);
        assert.equal(stand.seen.tokenRequests, 1);
      });

      await ctx.step(
        "the decision: both of the employee's phones are told, in German, nothing of the note",
        async () => {
          const r = await t.request(`${BASE}/approvals/leave-requests/${requestId}/decision`, {
            method: "POST",
            token: manager,
            json: { decision: "APPROVE", note: "Gute Erholung, Lukas" },
          });
          assert.equal(r.status, 200);
          const counts = await deliverDuePushes(t.deps.db, t.clock, { APNS: apns, FCM: fcm });
          assert.deepEqual(counts, { sent: 2, retried: 0, failed: 0, gone: 0 });
          const a = stand.seen.apns.at(-1)!;
          assert.equal(a.token, APNS_TOKEN);
          assert.equal(a.topic, "ch.demo.hr");
          assert.equal(a.type, "alert");
          assert.deepEqual((a.body.aps as { alert: unknown }).alert, {
            title: "HR-Portal",
            body: "Ihr Abwesenheitsgesuch ist bewilligt.",
          });
          assert.equal(stand.seen.fcm.at(-1)!.body, "Ihr Abwesenheitsgesuch ist bewilligt.");
          // One record's pushes replace each other on the phone; the badge counts the unread notifications.
          assert.equal(a.collapseId, `leaveRequest:${requestId}`);
          const unread = await t.request(`${BASE}/employee/notifications?unread=true`, { token: employee });
          const unreadCount = (await unread.json()).data.unreadCount as number;
          assert.ok(unreadCount >= 1);
          assert.equal((a.body.aps as { badge?: number }).badge, unreadCount);
          assert.deepEqual(stand.seen.fcm.at(-1)!.android, {
            collapse_key: `leaveRequest:${requestId}`,
            notification: { notification_count: unreadCount },
          });
          // An iOS app delivered through FCM gets the same badge and collapse id through FCM's `apns` block.
          assert.deepEqual(stand.seen.fcm.at(-1)!.apns, {
            headers: {
              "apns-push-type": "alert",
              "apns-priority": "10",
              "apns-collapse-id": `leaveRequest:${requestId}`,
            },
            payload: { aps: { badge: unreadCount } },
          });
          assert.equal(stand.seen.tokenRequests, 1, "the FCM access token is reused");
          assert.doesNotMatch(JSON.stringify(stand.seen), /Gute Erholung/);
          const sent = await t.deps.db.select().from(pushOutbox).where(eq(pushOutbox.status, "SENT"));
          assert.equal(sent.length, 3);
        },
      );

      await ctx.step(
        "a token Apple reports gone removes the phone; a busy service is tried again later",
        async () => {
          const gone = await register(t, employee, { platform: "APNS", token: `gone${"b".repeat(60)}` });
          const busy = await register(t, employee, { platform: "APNS", token: `busy${"c".repeat(60)}` });
          const r = await t.request(`${BASE}/employee/sick-leave`, {
            method: "POST",
            token: employee,
            json: { startDate: "2026-11-16", endDate: "2026-11-17" },
          });
          assert.equal(r.status, 201);
          // The sick report tells the manager; make the employee get one too: the manager decides nothing here,
          // so queue a decision for the employee by another request.
          const req2 = await t.request(`${BASE}/employee/leave/requests`, {
            method: "POST",
            token: employee,
            json: { leaveType: "VACATION", startDate: "2027-04-12", endDate: "2027-04-12" },
          });
          const id2 = (await req2.json()).data.id;
          await (await t.request(`${BASE}/approvals/leave-requests/${id2}/decision`, {
            method: "POST",
            token: manager,
            json: { decision: "REJECT" },
          })).body?.cancel();
          const counts = await deliverDuePushes(t.deps.db, t.clock, { APNS: apns, FCM: fcm });
          assert.equal(counts.gone, 1);
          assert.equal(counts.retried, 1);
          const devices = await t.deps.db.select().from(pushDevices);
          assert.ok(!devices.some((d) => d.id === gone.body.data.id), "the gone phone is removed");
          const [waiting] = await t.deps.db.select().from(pushOutbox).where(
            eq(pushOutbox.deviceId, busy.body.data.id),
          );
          assert.equal(waiting.status, "QUEUED");
          assert.equal(waiting.attempts, 1);
          assert.ok(waiting.nextAttemptAt > t.clock.now(), "tried again after a pause");
          assert.match(waiting.lastError ?? "", /TooManyRequests/);
        },
      );

      await ctx.step("a platform without a configured sender keeps its pushes queued", async () => {
        const before =
          (await t.deps.db.select().from(pushOutbox).where(eq(pushOutbox.status, "QUEUED"))).length;
        await (await t.request(`${BASE}/employee/leave/requests`, {
          method: "POST",
          token: employee,
          json: { leaveType: "VACATION", startDate: "2027-05-10", endDate: "2027-05-10" },
        })).body?.cancel();
        const counts = await deliverDuePushes(t.deps.db, t.clock, { APNS: apns });
        assert.equal(counts.sent, 0, "the manager's Android phone waits for FCM settings");
        const after =
          (await t.deps.db.select().from(pushOutbox).where(eq(pushOutbox.status, "QUEUED"))).length;
        assert.equal(after, before + 1);
      });
    } finally {
      t.close();
      await stand.close();
    }
  },
});

Deno.test("push: registration refusals and unregistering", async (ctx) => {
  const t = await makeTestApp();
  try {
    const employee = await t.signIn("employee@demo.example");
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["a platform that is neither", { platform: "WNS", token: APNS_TOKEN }, /platform/],
      ["a token that is none", { platform: "FCM", token: "short" }, /token/],
      ["a language not spoken here", { platform: "FCM", token: FCM_TOKEN, language: "es" }, /language/],
    ];
    for (const [name, body, message] of cases) {
      await ctx.step(name, async () => {
        const r = await register(t, employee, body);
        assert.equal(r.status, 400);
        assert.match(r.body.error, message);
        assert.equal((await t.deps.db.select().from(pushDevices)).length, 0);
      });
    }
    await ctx.step("a phone unregisters; someone else cannot", async () => {
      const d = await register(t, employee, { platform: "FCM", token: FCM_TOKEN });
      const manager = await t.signIn("manager@demo.example");
      const other = await t.request(`${BASE}/employee/push-devices/${d.body.data.id}`, {
        method: "DELETE",
        token: manager,
      });
      assert.equal(other.status, 404);
      await other.body?.cancel();
      assert.equal((await t.deps.db.select().from(pushDevices)).length, 1);
      const own = await t.request(`${BASE}/employee/push-devices/${d.body.data.id}`, {
        method: "DELETE",
        token: employee,
      });
      assert.equal(own.status, 200);
      assert.deepEqual((await own.json()).data, { id: d.body.data.id, removed: true });
      assert.equal((await t.deps.db.select().from(pushDevices)).length, 0);
    });
  } finally {
    t.close();
  }
});

Deno.test({
  name:
    "push: a phone signed out, or revoked from another device, gets no more pushes; the person lists and removes phones",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (ctx) => {
    const k = await keys();
    const stand = standIn({ apns: k.apns.publicKey, fcm: k.fcm.publicKey });
    const t = await makeTestApp();
    try {
      const fcm = fcmSender({
        projectId: "demo-project",
        clientEmail: "push@demo-project.iam.gserviceaccount.com",
        privateKeyPem: k.fcmPem,
        tokenUri: `${stand.origin}/token`,
        baseUrl: stand.origin,
      });
      const manager = await t.signIn("manager@demo.example");
      const lost = await t.signIn("employee@demo.example");
      const laptop = await t.signIn("employee@demo.example");
      const phone = await register(t, lost, { platform: "FCM", token: `lost${"d".repeat(60)}` });
      assert.equal(phone.status, 201);
      const decide = async (start: string) => {
        const r = await t.request(`${BASE}/employee/leave/requests`, {
          method: "POST",
          token: laptop,
          json: { leaveType: "VACATION", startDate: start, endDate: start },
        });
        const id = (await r.json()).data.id;
        await (await t.request(`${BASE}/approvals/leave-requests/${id}/decision`, {
          method: "POST",
          token: manager,
          json: { decision: "REJECT" },
        })).body?.cancel();
      };

      await ctx.step("the phone is listed with its session", async () => {
        const list = await t.request(`${BASE}/employee/push-devices`, { token: laptop });
        assert.equal(list.status, 200);
        const items = (await list.json()).data.items;
        assert.equal(items.length, 1);
        assert.equal(items[0].id, phone.body.data.id);
        assert.equal(items[0].current, false, "listed from the laptop, the phone is another session");
      });

      await ctx.step("while its session lives it is told the decision, with the outcome", async () => {
        await decide("2027-06-07");
        await deliverDuePushes(t.deps.db, t.clock, { FCM: fcm });
        const own = stand.seen.fcm.filter((m) => m.token.startsWith("lost"));
        assert.equal(own.length, 1);
        assert.equal(own[0].body, "Ihr Abwesenheitsgesuch ist abgelehnt.");
      });

      await ctx.step(
        "the lost phone's session is revoked from the laptop: no more pushes, not listed",
        async () => {
          const sessions = await (await t.request(`${BASE}/auth/sessions`, { token: laptop })).json();
          const items = sessions.data.items ?? sessions.data;
          const other = (items as { id: string; current: boolean }[]).find((s) => !s.current)!;
          const revoke = await t.request(`${BASE}/auth/sessions/${other.id}`, {
            method: "DELETE",
            token: laptop,
          });
          assert.equal(revoke.status, 200);
          await revoke.body?.cancel();
          const before = stand.seen.fcm.length;
          await decide("2027-06-08");
          await deliverDuePushes(t.deps.db, t.clock, { FCM: fcm });
          assert.equal(stand.seen.fcm.filter((m) => m.token.startsWith("lost")).length, 1);
          assert.equal(stand.seen.fcm.length, before, "nothing was sent to the revoked phone");
          const list = await (await t.request(`${BASE}/employee/push-devices`, { token: laptop })).json();
          assert.deepEqual(list.data.items, []);
        },
      );

      await ctx.step("a deactivated account's phones get nothing either", async () => {
        const again = await t.signIn("employee@demo.example");
        assert.equal(
          (await register(t, again, { platform: "FCM", token: `next${"e".repeat(60)}` })).status,
          201,
        );
        const { users } = await import("../../src/db/schema/mod.ts");
        const r = await t.request(`${BASE}/employee/leave/requests`, {
          method: "POST",
          token: again,
          json: { leaveType: "VACATION", startDate: "2027-06-09", endDate: "2027-06-09" },
        });
        const id = (await r.json()).data.id;
        await t.deps.db.update(users).set({ active: false }).where(eq(users.email, "employee@demo.example"));
        await (await t.request(`${BASE}/approvals/leave-requests/${id}/decision`, {
          method: "POST",
          token: manager,
          json: { decision: "APPROVE" },
        })).body?.cancel();
        await deliverDuePushes(t.deps.db, t.clock, { FCM: fcm });
        assert.equal(stand.seen.fcm.filter((m) => m.token.startsWith("next")).length, 0);
      });

      await ctx.step("the inbox says the outcome in the person's language", async () => {
        await t.deps.db.update((await import("../../src/db/schema/mod.ts")).users).set({ active: true })
          .where(eq((await import("../../src/db/schema/mod.ts")).users.email, "employee@demo.example"));
        const reader = await t.signIn("employee@demo.example");
        const inbox = await (await t.request(`${BASE}/employee/notifications`, { token: reader })).json();
        const decided = (inbox.data.items as { kind: string; text: string; payload: { status: string } }[])
          .filter((n) => n.kind === "LEAVE_REQUEST_DECIDED");
        assert.ok(decided.some((n) => n.text === "Ihr Abwesenheitsgesuch ist abgelehnt."));
        assert.ok(decided.some((n) => n.text === "Ihr Abwesenheitsgesuch ist bewilligt."));
      });
    } finally {
      t.close();
      await stand.close();
    }
  },
});
