/**
 * Web Push in the employee app, in headless Chromium at 390×844 against the real service and a stand-in push
 * service (tests/push/_push_service.ts, HTTPS on loopback, allowed by WEB_PUSH_ALLOWED_HOSTS).
 *
 * What headless Chromium cannot do here: `pushManager.subscribe` needs Google's push service (it answers
 * "Registration failed" without it), so the page's `PushManager.subscribe` and `getSubscription` are replaced
 * by an init script that records the options and hands back a subscription whose keys the test made. All
 * else is real: the switch asks the service's VAPID key and registers the subscription through the portal;
 * the decision's push is queued by the service, encrypted and signed by its sender and decrypted by the
 * stand-in; that payload is handed to the app's service worker with the DevTools protocol's
 * `ServiceWorker.deliverPushMessage`, and the notification it shows is read back. A tap on a notification
 * cannot be made headless: the worker's own `openScreen(screenOf(data))`, which its `notificationclick`
 * handler calls, is run in the worker and must bring the app to the leave screen.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { assertAccessible, assertNoOverflow, launch, serveDemo, signIn } from "./_browser.ts";
import { pushServiceStandIn, type Subscriber } from "../push/_push_service.ts";
import { pushDevices } from "../../src/db/schema/mod.ts";
import { deliverDuePushes } from "../../src/push/outbox.ts";
import { webPushSender } from "../../src/push/senders.ts";
import { vapidKeys } from "../../src/push/vapid.ts";

const BASE = "/api/v1/portal";

/** The page's push subscription, as the browser would give it, with the options it was asked with. */
function stubPush(sub: Subscriber["json"]): string {
  return `(() => {
    const SUB = ${JSON.stringify(sub)};
    const KEY = "test:push-subscription";
    window.__push = { calls: [] };
    const b64 = (buf) => btoa(String.fromCharCode(...new Uint8Array(buf)))
      .replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
    const unb64 = (s) => Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    const made = (key) => ({
      endpoint: SUB.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: unb64(key).buffer },
      toJSON: () => SUB,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        window.__push.calls.push(["unsubscribe"]);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (opts) {
      const key = b64(opts.applicationServerKey);
      window.__push.calls.push(["subscribe", opts.userVisibleOnly, key]);
      localStorage.setItem(KEY, key);
      return made(key);
    };
    PushManager.prototype.getSubscription = async function () {
      const key = localStorage.getItem(KEY);
      return key ? made(key) : null;
    };
  })()`;
}

/**
 * Waits until `read` gives a value that `done` accepts: tries every 50 ms, 2400 times at most (two minutes,
 * the bound on what never comes, so a busy machine only makes it wait longer).
 */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, tries = 2400): Promise<T> {
  let v = await read();
  for (let i = 0; i < tries && !done(v); i++) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

/**
 * Hands a push's payload to the app's service worker as the browser does once it has decrypted it (the
 * DevTools protocol's `ServiceWorker.deliverPushMessage`), and reads the notifications it shows.
 *
 * The protocol answers once the push is handed on, not once the worker has shown it, and on a loaded CI
 * machine a push handed over once was not shown within 10 s. So the session stays attached while the test
 * waits, and a push not shown within 2 s is handed over again (five times at most): the service's pushes carry
 * a tag, so a second one replaces the first and the test still sees one notification per request. A worker
 * that shows nothing still fails the test.
 */
async function pushToWorker(
  context: BrowserContext,
  page: Page,
  origin: string,
  data: string,
): Promise<{ title: string; body: string; tag: string; kind: string }[]> {
  const cdp = await context.newCDPSession(page);
  try {
    const seen: { registrationId: string; isDeleted: boolean }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => seen.push(...e.registrations));
    await cdp.send("ServiceWorker.enable");
    const found = await until(() => Promise.resolve(seen.find((r) => !r.isDeleted)), (r) => r !== undefined);
    assert.ok(found, "the app's service worker is registered");
    const read = () =>
      page.evaluate(`navigator.serviceWorker.ready.then((r) => r.getNotifications()).then((ns) =>
        ns.map((n) => ({ title: n.title, body: n.body, tag: n.tag, kind: n.data.kind })))`) as Promise<
        { title: string; body: string; tag: string; kind: string }[]
      >;
    let shown: Awaited<ReturnType<typeof read>> = [];
    for (let attempt = 0; attempt < 5 && shown.length === 0; attempt++) {
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin,
        registrationId: found.registrationId,
        data,
      });
      shown = await until(read, (ns) => ns.length > 0, 40);
    }
    return shown;
  } finally {
    await cdp.detach();
  }
}

Deno.test({
  name:
    "app push: the switch subscribes with the service's key and registers; a decided request is shown by the worker and opens the leave screen",
  sanitizeOps: false,
  sanitizeResources: false,
  fn: async (t) => {
    const stand = await pushServiceStandIn();
    const s = await serveDemo({ WEB_PUSH_ALLOWED_HOSTS: stand.host });
    const browser = await launch();
    try {
      const sub = await stand.subscribe("phone-browser");
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-CH" });
      await context.grantPermissions(["notifications"], { origin: s.origin });
      await context.addInitScript(stubPush(sub.json));
      const page = await context.newPage();
      await signIn(page, s.origin, "employee@demo.example", "/account");
      await page.evaluate("navigator.serviceWorker.ready.then(() => true)");
      const employee = await s.signIn("employee@demo.example");
      const manager = await s.signIn("manager@demo.example");
      const publicKey = (await (await s.request(`${BASE}/push/web-key`, { token: employee })).json()).data
        .publicKey as string;
      const pushSwitch = page.getByRole("switch", { name: "Push-Mitteilungen auf diesem Gerät" });

      await t.step("the account screen's switch is off, accessible, and fits at 360 px", async () => {
        await pushSwitch.waitFor();
        assert.equal(await pushSwitch.isChecked(), false);
        await page.getByText("Zum Beispiel, sobald über Ihr Gesuch entschieden ist.").waitFor();
        await assertAccessible(page, "account with the push switch");
        await assertNoOverflow(page, "account with the push switch");
      });

      await t.step("turned on: subscribed with the service's VAPID key, registered as WEBPUSH", async () => {
        const posts: string[] = [];
        page.on("request", (r) => {
          if (r.method() === "POST" && r.url().endsWith(`${BASE}/employee/push-devices`)) {
            posts.push(r.postData() ?? "");
          }
        });
        await pushSwitch.click();
        await page.locator("main [role=status]", { hasText: "Push-Mitteilungen sind eingeschaltet." })
          .waitFor();
        assert.equal(await pushSwitch.isChecked(), true);
        assert.deepEqual(await page.evaluate("window.__push.calls"), [["subscribe", true, publicKey]]);
        assert.equal(posts.length, 1);
        const body = JSON.parse(posts[0]);
        assert.equal(body.platform, "WEBPUSH");
        assert.equal(body.language, "de");
        assert.deepEqual(
          JSON.parse(atob(body.token.replaceAll("-", "+").replaceAll("_", "/"))),
          sub.json,
          "the subscription's JSON in base64url",
        );
        const devices = await s.deps.db.select().from(pushDevices).where(eq(pushDevices.platform, "WEBPUSH"));
        assert.equal(devices.length, 1);
        assert.equal(devices[0].language, "de");
        await assertAccessible(page, "account with push on");
      });

      let payload: { title: string; body: string; data: Record<string, string> } | undefined;
      let requestId = "";
      await t.step(
        "the manager approves a request: the push reaches the push service, for this browser",
        async () => {
          const r = await s.request(`${BASE}/employee/leave/requests`, {
            method: "POST",
            token: employee,
            json: { leaveType: "VACATION", startDate: "2027-03-08", endDate: "2027-03-12" },
          });
          assert.equal(r.status, 201);
          requestId = (await r.json()).data.id;
          const d = await s.request(`${BASE}/approvals/leave-requests/${requestId}/decision`, {
            method: "POST",
            token: manager,
            json: { decision: "APPROVE", note: "Gute Erholung" },
          });
          assert.equal(d.status, 200);
          await d.body?.cancel();
          const sender = webPushSender({
            ...await vapidKeys(s.deps),
            subject: s.deps.config.webPush.subject,
            allowedHosts: s.deps.config.webPush.allowedHosts,
            fetch: stand.fetch,
          });
          const counts = await deliverDuePushes(s.deps.db, s.clock, { WEBPUSH: sender });
          assert.deepEqual(counts, { sent: 1, retried: 0, failed: 0, gone: 0 });
          assert.deepEqual(stand.refused, []);
          payload = stand.received.at(-1)!.payload;
          assert.equal(stand.received.at(-1)!.path, "/push/phone-browser");
          assert.equal(payload.body, "Ihr Abwesenheitsgesuch ist bewilligt.");
        },
      );

      await t.step("the service worker shows it as a notification, one per request", async () => {
        const shown = await pushToWorker(context, page, s.origin, JSON.stringify(payload));
        assert.deepEqual(shown, [{
          title: "HR-Portal",
          body: "Ihr Abwesenheitsgesuch ist bewilligt.",
          tag: `leaveRequest:${requestId}`,
          kind: "LEAVE_REQUEST_DECIDED",
        }]);
      });

      await t.step("its tap opens the leave screen, where the request is approved", async () => {
        const [worker] = context.serviceWorkers();
        assert.ok(worker, "the worker is reachable");
        assert.deepEqual(
          await worker.evaluate(`[
            screenOf({ kind: "LEAVE_REQUEST_DECIDED" }),
            screenOf({ kind: "TIMESHEET_DECIDED" }),
            screenOf({ kind: "LEAVE_REQUEST_FILED" }),
            screenOf({ kind: "SICK_CERTIFICATE_ACCEPTED" }),
            screenOf({ kind: "SOMETHING_NEW" }),
          ]`),
          ["/leave", "/time", "/team", "/sick", "/todos"],
        );
        await worker.evaluate(`openScreen(screenOf(${JSON.stringify(payload!.data)})).then(() => true)`);
        await page.waitForURL((u) => u.pathname === "/leave");
        await page.getByRole("heading", { level: 1, name: "Ferien" }).waitFor();
        const item = page.locator("li[data-request]", { hasText: "08.03.2027 – 12.03.2027" });
        await item.waitFor();
        assert.match(await item.innerText(), /Genehmigt/);
      });

      await t.step("at the next start, a browser with push on registers again for its session", async () => {
        let posts = 0;
        page.on("request", (r) => {
          if (r.method() === "POST" && r.url().endsWith(`${BASE}/employee/push-devices`)) posts++;
        });
        await page.goto(`${s.origin}/account`);
        await pushSwitch.waitFor();
        await until(() => Promise.resolve(posts), (n) => n > 0);
        assert.equal(posts, 1);
        assert.equal(await pushSwitch.isChecked(), true);
      });

      await t.step("turned off: the device is removed and the subscription dropped", async () => {
        await pushSwitch.click();
        await page.locator("main [role=status]", { hasText: "Push-Mitteilungen sind ausgeschaltet." })
          .waitFor();
        assert.equal(await pushSwitch.isChecked(), false);
        assert.deepEqual(await page.evaluate("window.__push.calls"), [["unsubscribe"]]);
        const devices = await s.deps.db.select().from(pushDevices).where(eq(pushDevices.platform, "WEBPUSH"));
        assert.deepEqual(devices, []);
      });

      await t.step("a subscription made with another key is replaced at the next start", async () => {
        // As after the installation's VAPID key changed: the browser still holds the old subscription.
        await page.evaluate(`localStorage.setItem("test:push-subscription", "${"B".repeat(87)}")`);
        const posted: string[] = [];
        page.on("request", (r) => {
          if (r.method() === "POST" && r.url().endsWith(`${BASE}/employee/push-devices`)) {
            posted.push(r.postData() ?? "");
          }
        });
        await page.goto(`${s.origin}/account`);
        await pushSwitch.waitFor();
        await until(() => Promise.resolve(posted.length), (n) => n > 0);
        assert.deepEqual(await page.evaluate("window.__push.calls"), [
          ["unsubscribe"],
          ["subscribe", true, publicKey],
        ]);
        assert.equal(JSON.parse(posted[0]).platform, "WEBPUSH");
      });
      await context.close();

      await t.step("notifications not allowed: the switch says so beside it and stays off", async () => {
        const denied = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-CH" });
        await denied.addInitScript(stubPush(sub.json));
        const p = await denied.newPage();
        await signIn(p, s.origin, "employee@demo.example", "/account");
        await p.evaluate("navigator.serviceWorker.ready.then(() => true)");
        const sw = p.getByRole("switch", { name: "Push-Mitteilungen auf diesem Gerät" });
        await sw.click();
        await p.locator("#push-form [role=alert]", {
          hasText: "Mitteilungen sind in den Einstellungen des Browsers blockiert.",
        }).waitFor();
        assert.equal(await sw.isChecked(), false);
        assert.deepEqual(await p.evaluate("window.__push.calls"), []);
        await assertAccessible(p, "account with push refused");
        await denied.close();
      });
    } finally {
      await browser.close();
      await s.stop();
      await stand.close();
    }
  },
});
