/**
 * Web Push, the third push channel: a browser registers its subscription (`WEBPUSH`), a decided leave request
 * is queued for it like for a phone, and the sender delivers it to a stand-in push service
 * (`_push_service.ts`, real HTTPS on loopback) that checks the VAPID token's signature and decrypts the body
 * with the subscription's private key. A subscription the push service reports gone removes the device; a busy
 * one is tried again later. Endpoints that are not https or not at an accepted push service, and keys that are
 * none, are refused naming the field.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { pushDevices, pushOutbox, settings } from "../../src/db/schema/mod.ts";
import { deliverDuePushes, sendersFrom } from "../../src/push/outbox.ts";
import { webPushSender } from "../../src/push/senders.ts";
import { vapidKeys } from "../../src/push/vapid.ts";
import { hostAllowed } from "../../src/push/web_subscription.ts";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { pushServiceStandIn, subscriber } from "./_push_service.ts";

const BASE = "/api/v1/portal";

function b64urlJson(v: unknown): string {
  return btoa(JSON.stringify(v)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function register(t: TestApp, token: string, body: Record<string, unknown>) {
  const r = await t.request(`${BASE}/employee/push-devices`, { method: "POST", token, json: body });
  return { status: r.status, body: await r.json() };
}

async function decideLeave(t: TestApp, employee: string, manager: string, day: string, decision: string) {
  const r = await t.request(`${BASE}/employee/leave/requests`, {
    method: "POST",
    token: employee,
    json: { leaveType: "VACATION", startDate: day, endDate: day },
  });
  assert.equal(r.status, 201, await r.clone().text());
  const id = (await r.json()).data.id as string;
  const d = await t.request(`${BASE}/approvals/leave-requests/${id}/decision`, {
    method: "POST",
    token: manager,
    json: { decision, ...(decision === "APPROVE" ? { note: "Schöne Ferien, Lukas" } : {}) },
  });
  assert.equal(d.status, 200, await d.clone().text());
  await d.body?.cancel();
  return id;
}

async function sha256Topic(s: string): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(s)));
  return btoa(String.fromCharCode(...d)).replaceAll("+", "-").replaceAll("/", "_").slice(0, 32);
}

Deno.test({
  name: "web push: a decided leave request reaches the browser, encrypted and signed; gone and busy answers",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async (ctx) => {
    const stand = await pushServiceStandIn();
    const t = await makeTestApp({ env: { WEB_PUSH_ALLOWED_HOSTS: `fcm.googleapis.com, ${stand.host}` } });
    try {
      const employee = await t.signIn("employee@demo.example");
      const manager = await t.signIn("manager@demo.example");
      let publicKey = "";

      await ctx.step("the VAPID key: made at first use, kept sealed, the same on every read", async () => {
        const r = await t.request(`${BASE}/push/web-key`, { token: employee });
        assert.equal(r.status, 200);
        publicKey = (await r.json()).data.publicKey;
        assert.match(publicKey, /^[A-Za-z0-9_-]{87}$/, "65 bytes in base64url");
        assert.equal(atob(publicKey.slice(0, 4).replaceAll("-", "+").replaceAll("_", "/")).charCodeAt(0), 4);
        const again = await (await t.request(`${BASE}/push/web-key`, { token: manager })).json();
        assert.equal(again.data.publicKey, publicKey);
        const [row] = await t.deps.db.select().from(settings).where(eq(settings.key, "push.web_vapid_key"));
        const stored = JSON.parse(row.value);
        assert.equal(stored.publicKey, publicKey);
        assert.match(stored.privateKey, /^enc:v1:/, "the private key is sealed");
        const keys = await vapidKeys(t.deps);
        assert.ok(!row.value.includes(keys.privateKey), "never stored in the clear");
        const senders = await sendersFrom(t.deps.config, t.deps);
        assert.ok(senders.WEBPUSH, "the serving process sends to browsers without further settings");
        const unsigned = await t.request(`${BASE}/push/web-key`);
        assert.equal(unsigned.status, 401);
        await unsigned.body?.cancel();
      });

      const keys = await vapidKeys(t.deps);
      const sender = webPushSender({
        ...keys,
        subject: "mailto:hr@demo.example",
        allowedHosts: t.deps.config.webPush.allowedHosts,
        fetch: stand.fetch,
      });
      const browser = await stand.subscribe("browser-1");

      await ctx.step("the browser registers its subscription as WEBPUSH", async () => {
        const r = await register(t, employee, { platform: "WEBPUSH", token: browser.token });
        assert.equal(r.status, 201, JSON.stringify(r.body));
        assert.equal(r.body.data.platform, "WEBPUSH");
        assert.equal(r.body.data.language, "de");
        const list = await (await t.request(`${BASE}/employee/push-devices`, { token: employee })).json();
        assert.deepEqual(
          list.data.items.map((d: { platform: string; current: boolean }) => [d.platform, d.current]),
          [["WEBPUSH", true]],
        );
        // The same subscription again (the app registers at each start) is the same device.
        const again = await register(t, employee, { platform: "WEBPUSH", token: browser.token });
        assert.equal(again.body.data.id, r.body.data.id);
        assert.equal((await t.deps.db.select().from(pushDevices)).length, 1);
      });

      await ctx.step("the decision reaches the browser: decrypted, in German, without the note", async () => {
        const id = await decideLeave(t, employee, manager, "2027-03-08", "APPROVE");
        const counts = await deliverDuePushes(t.deps.db, t.clock, { WEBPUSH: sender });
        assert.deepEqual(counts, { sent: 1, retried: 0, failed: 0, gone: 0 });
        assert.deepEqual(stand.refused, []);
        assert.equal(stand.received.length, 1);
        const got = stand.received[0];
        assert.equal(got.path, "/push/browser-1");
        assert.equal(got.payload.title, "HR-Portal");
        assert.equal(got.payload.body, "Ihr Abwesenheitsgesuch ist bewilligt.");
        assert.equal(got.payload.data.kind, "LEAVE_REQUEST_DECIDED");
        assert.equal(got.payload.data.leaveRequestId, id);
        assert.equal(got.payload.data.collapseId, `leaveRequest:${id}`);
        assert.doesNotMatch(JSON.stringify(got.payload), /Schöne Ferien/);
        // RFC 8291 / 8188 and RFC 8030's headers.
        assert.equal(got.encoding, "aes128gcm");
        assert.equal(got.ttl, "259200", "kept three days for a browser that is offline");
        assert.equal(got.urgency, "normal");
        assert.equal(got.topic, await sha256Topic(`leaveRequest:${id}`));
        // RFC 8292: signed with the installation's key, for the push service's origin, with a contact.
        assert.equal(got.vapid.publicKey, publicKey);
        assert.equal(got.vapid.alg, "ES256");
        assert.equal(got.vapid.aud, stand.origin);
        assert.equal(got.vapid.sub, "mailto:hr@demo.example");
        const [sent] = await t.deps.db.select().from(pushOutbox).where(eq(pushOutbox.status, "SENT"));
        assert.ok(sent);
      });

      await ctx.step("a subscription the push service reports gone (410) removes the device", async () => {
        const gone = await stand.subscribe("gone-1");
        const busy = await stand.subscribe("busy-1");
        const g = await register(t, employee, { platform: "WEBPUSH", token: gone.token });
        const b = await register(t, employee, { platform: "WEBPUSH", token: busy.token });
        assert.equal(g.status, 201);
        assert.equal(b.status, 201);
        await decideLeave(t, employee, manager, "2027-04-12", "REJECT");
        const counts = await deliverDuePushes(t.deps.db, t.clock, { WEBPUSH: sender });
        assert.deepEqual(counts, { sent: 1, retried: 1, failed: 0, gone: 1 });
        const devices = await t.deps.db.select().from(pushDevices);
        assert.ok(!devices.some((d) => d.id === g.body.data.id), "the gone browser is removed");
        assert.equal(devices.length, 2);
        const [waiting] = await t.deps.db.select().from(pushOutbox).where(
          eq(pushOutbox.deviceId, b.body.data.id),
        );
        assert.equal(waiting.status, "QUEUED", "a busy push service (429) is tried again");
        assert.equal(waiting.attempts, 1);
        assert.ok(waiting.nextAttemptAt > t.clock.now());
        assert.match(waiting.lastError ?? "", /^429/);
        const rejected = stand.received.filter((r) => r.path === "/push/browser-1").at(-1)!;
        assert.equal(rejected.payload.body, "Ihr Abwesenheitsgesuch ist abgelehnt.");
      });

      await ctx.step(
        "an endpoint taken off the allow-list since is not called; the device goes",
        async () => {
          const narrowed = webPushSender({ ...keys, subject: "mailto:hr@demo.example", allowedHosts: [] });
          const before = stand.received.length;
          await decideLeave(t, employee, manager, "2027-05-10", "REJECT");
          const counts = await deliverDuePushes(t.deps.db, t.clock, { WEBPUSH: narrowed });
          assert.equal(counts.gone, 2);
          assert.equal(stand.received.length, before);
        },
      );
    } finally {
      t.close();
      await stand.close();
    }
  },
});

Deno.test("web push: subscriptions refused naming the field", async (ctx) => {
  const t = await makeTestApp({ env: { WEB_PUSH_ALLOWED_HOSTS: "127.0.0.1:8443, *.push.apple.com" } });
  try {
    const employee = await t.signIn("employee@demo.example");
    const good = await subscriber("https://127.0.0.1:8443/push/x");
    const withEndpoint = (endpoint: string) => b64urlJson({ ...good.json, endpoint });
    const cases: [string, string, string][] = [
      [
        "an endpoint at a host that is not a push service",
        withEndpoint("https://intranet.example.ch/push/x"),
        "Die Adresse (endpoint) des Push-Abonnements in «token» liegt bei intranet.example.ch; das ist kein " +
        "Push-Dienst, den diese Installation annimmt.",
      ],
      [
        "an allowed host on another port",
        withEndpoint("https://127.0.0.1:9443/push/x"),
        "Die Adresse (endpoint) des Push-Abonnements in «token» liegt bei 127.0.0.1:9443; das ist kein " +
        "Push-Dienst, den diese Installation annimmt.",
      ],
      [
        "the bare domain of a wildcard entry",
        withEndpoint("https://push.apple.com/x"),
        "Die Adresse (endpoint) des Push-Abonnements in «token» liegt bei push.apple.com; das ist kein " +
        "Push-Dienst, den diese Installation annimmt.",
      ],
      [
        "an http endpoint at an allowed host",
        withEndpoint("http://127.0.0.1:8443/push/x"),
        "Die Adresse (endpoint) des Push-Abonnements in «token» muss mit https:// beginnen.",
      ],
      [
        "an endpoint with credentials",
        withEndpoint("https://user:pw@127.0.0.1:8443/push/x"),
        "Die Adresse (endpoint) des Push-Abonnements in «token» muss mit https:// beginnen.",
      ],
      [
        "p256dh that is no point of the curve",
        b64urlJson({
          ...good.json,
          keys: { ...good.json.keys, p256dh: `BA${"A".repeat(40)}B${"A".repeat(44)}` },
        }),
        "Die Schlüssel des Push-Abonnements in «token» sind ungültig: p256dh ist ein öffentlicher " +
        "P-256-Schlüssel (65 Bytes), auth ein Geheimnis von 16 Bytes, beide in base64url.",
      ],
      [
        "an auth secret of 8 bytes",
        b64urlJson({ ...good.json, keys: { ...good.json.keys, auth: "AAAAAAAAAAA" } }),
        "Die Schlüssel des Push-Abonnements in «token» sind ungültig: p256dh ist ein öffentlicher " +
        "P-256-Schlüssel (65 Bytes), auth ein Geheimnis von 16 Bytes, beide in base64url.",
      ],
      [
        "keys missing",
        b64urlJson({ endpoint: good.json.endpoint }),
        "Für WEBPUSH ist «token» das Push-Abonnement des Browsers ({endpoint, keys: {p256dh, auth}}) als " +
        "JSON in base64url.",
      ],
      [
        "a phone's token sent as WEBPUSH",
        "fcm-token-employee-0000000001",
        "Für WEBPUSH ist «token» das Push-Abonnement des Browsers ({endpoint, keys: {p256dh, auth}}) als " +
        "JSON in base64url.",
      ],
    ];
    for (const [name, token, message] of cases) {
      await ctx.step(name, async () => {
        const r = await register(t, employee, { platform: "WEBPUSH", token });
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.equal(r.body.error, message);
        assert.deepEqual(r.body.fields, [{ field: "body.token", message }]);
        assert.equal((await t.deps.db.select().from(pushDevices)).length, 0);
      });
    }
    await ctx.step("the platform names the three", async () => {
      const r = await register(t, employee, { platform: "WNS", token: good.token });
      assert.equal(r.status, 400);
      assert.match(r.body.error, /APNS, FCM oder WEBPUSH/, "in the employee's language");
    });
    await ctx.step("the good one is taken", async () => {
      const r = await register(t, employee, { platform: "WEBPUSH", token: good.token });
      assert.equal(r.status, 201);
    });
  } finally {
    t.close();
  }
});

Deno.test("web push: the default allow-list holds the four browsers' push services and nothing else", () => {
  const { allowedHosts } = loadConfig({}).webPush;
  assert.deepEqual(allowedHosts, [
    "fcm.googleapis.com",
    "updates.push.services.mozilla.com",
    "*.push.apple.com",
    "*.notify.windows.com",
  ]);
  const ok = (u: string) => hostAllowed(new URL(u), allowedHosts);
  assert.equal(ok("https://fcm.googleapis.com/fcm/send/abc"), true);
  assert.equal(ok("https://updates.push.services.mozilla.com/wpush/v2/abc"), true);
  assert.equal(ok("https://web.push.apple.com/QGx"), true);
  assert.equal(ok("https://wns2-par02p.notify.windows.com/w/?token=abc"), true);
  assert.equal(ok("https://fcm.googleapis.com:443/fcm/send/abc"), true);
  assert.equal(ok("https://push.apple.com/x"), false);
  assert.equal(ok("https://fcm.googleapis.com.evil.example/x"), false);
  assert.equal(ok("https://evilfcm.googleapis.com/x"), false);
  assert.equal(ok("https://fcm.googleapis.com:8443/x"), false);
  assert.equal(ok("https://localhost/x"), false);
});

Deno.test("web push: the VAPID key from the configuration, and settings refused with their name", async (ctx) => {
  await ctx.step("WEB_PUSH_VAPID_PRIVATE_KEY: its public key is the one the app reads", async () => {
    // A key pair made for this test (web-push's generate-vapid-keys gives the same form).
    const priv = "XqrfheDt1PNyuw3B_NXAsX51iKg94bVYcdEVEG3saK0";
    const pub = "BBvQsH64jsZT-s41sMFFa2p7yGE7mFo0GqJwBPduAN31jewB_sDekoWeiXGIkwL5om_MgilfWTtZ1nxU5Y2Fwnc";
    const t = await makeTestApp({ env: { WEB_PUSH_VAPID_PRIVATE_KEY: priv } });
    try {
      const token = await t.signIn("employee@demo.example");
      const r = await (await t.request(`${BASE}/push/web-key`, { token })).json();
      assert.equal(r.data.publicKey, pub);
      const [row] = await t.deps.db.select().from(settings).where(eq(settings.key, "push.web_vapid_key"));
      assert.equal(row, undefined, "nothing generated or stored");
    } finally {
      t.close();
    }
  });
  await ctx.step("the contact: the https origin, else the mail sender", () => {
    assert.equal(
      loadConfig({ MCP_ISSUER_URL: "https://hr.example.ch" }).webPush.subject,
      "https://hr.example.ch",
    );
    assert.equal(loadConfig({ MAIL_FROM: "HR <hr@example.ch>" }).webPush.subject, "mailto:hr@example.ch");
    assert.equal(
      loadConfig({ WEB_PUSH_SUBJECT: "mailto:it@example.ch" }).webPush.subject,
      "mailto:it@example.ch",
    );
  });
  const bad: [Record<string, string>, string][] = [
    [
      { WEB_PUSH_VAPID_PRIVATE_KEY: "short" },
      "WEB_PUSH_VAPID_PRIVATE_KEY must be a P-256 private key of 32 bytes in base64url (43 characters)",
    ],
    [
      { WEB_PUSH_ALLOWED_HOSTS: "https://fcm.googleapis.com" },
      "WEB_PUSH_ALLOWED_HOSTS: 'https://fcm.googleapis.com' is not a host name such as fcm.googleapis.com, " +
      "*.push.apple.com or localhost:8443",
    ],
    [
      { WEB_PUSH_SUBJECT: "hr@example.ch" },
      "WEB_PUSH_SUBJECT must be a mailto: address or an https: URL (RFC 8292)",
    ],
  ];
  for (const [env, message] of bad) {
    await ctx.step(Object.keys(env)[0], () => {
      assert.throws(() => loadConfig(env), (e) => e instanceof ConfigError && e.problems.includes(message));
    });
  }
});
