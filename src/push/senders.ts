/**
 * Delivery of one push to Apple's or Google's push service, over their documented HTTP APIs:
 *
 * - **APNs** (Apple Push Notification service), token-based: `POST {base}/3/device/{token}` with an ES256
 *   provider token (JWT with `iss` = team id, `iat`, header `kid` = key id) as `authorization: bearer`,
 *   `apns-topic` = the app's bundle id, `apns-push-type: alert`; 200 delivered, 410 `Unregistered` and 400
 *   `BadDeviceToken` mean the token is gone (developer.apple.com, "Sending notification requests to APNs",
 *   "Establishing a token-based connection to APNs": a provider token is reused for up to an hour).
 * - **FCM HTTP v1** (Firebase Cloud Messaging): an OAuth 2.0 access token from the service account (a JWT
 *   bearer assertion, RS256, scope `https://www.googleapis.com/auth/firebase.messaging`, RFC 7523), then
 *   `POST {base}/v1/projects/{project}/messages:send` with `{message: {token, notification, data}}`; 404
 *   `UNREGISTERED` means the token is gone (firebase.google.com, "FCM HTTP v1 API", "Authorize send requests").
 *
 * - **Web Push** to a browser (RFC 8030 at the push service the browser chose, the endpoint of its
 *   subscription): the message encrypted for the subscription's keys (RFC 8291, `Content-Encoding: aes128gcm`),
 *   a VAPID token (RFC 8292, ES256, `aud` the push service's origin, `sub` the operator's contact) with the
 *   public key as `Authorization: vapid t=…, k=…`, `TTL`, `Urgency` and a `Topic` from the collapse id (one
 *   record's pushes replace each other while waiting); 201 delivered, 404 and 410 mean the subscription is gone.
 *
 * All answer 429 and 5xx for a temporary refusal; the outbox then tries again later.
 */
import { importPKCS8, SignJWT } from "jose";
import { parseWebSubscription } from "./web_subscription.ts";

/** What a send came to. */
export type SendOutcome =
  | { kind: "sent" }
  | { kind: "gone"; reason: string }
  | { kind: "retry"; reason: string }
  | { kind: "failed"; reason: string };

export interface PushMessage {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

export interface PushSender {
  send(m: PushMessage): Promise<SendOutcome>;
}

/** APNs settings: the .p8 key's PEM text, its key id, the team id, the app's bundle id, the service base. */
export interface ApnsSettings {
  keyPem: string;
  keyId: string;
  teamId: string;
  topic: string;
  baseUrl: string;
}

async function reasonOf(r: Response): Promise<string> {
  const text = await r.text().catch(() => "");
  try {
    const j = JSON.parse(text);
    return String(j.reason ?? j.error?.status ?? j.error?.message ?? r.status);
  } catch {
    return text.slice(0, 200) || String(r.status);
  }
}

function temporary(status: number): boolean {
  return status === 429 || status >= 500;
}

/** A sender to APNs with a provider token renewed every 50 minutes. */
export function apnsSender(s: ApnsSettings, now: () => number = Date.now): PushSender {
  let cached: { jwt: string; at: number } | null = null;
  const providerToken = async () => {
    if (cached && now() - cached.at < 50 * 60_000) return cached.jwt;
    const key = await importPKCS8(s.keyPem, "ES256");
    const at = now();
    const jwt = await new SignJWT({}).setProtectedHeader({ alg: "ES256", kid: s.keyId }).setIssuer(s.teamId)
      .setIssuedAt(Math.floor(at / 1000)).sign(key);
    cached = { jwt, at };
    return jwt;
  };
  return {
    async send(m) {
      const r = await fetch(`${s.baseUrl}/3/device/${encodeURIComponent(m.token)}`, {
        method: "POST",
        headers: {
          authorization: `bearer ${await providerToken()}`,
          "apns-topic": s.topic,
          "apns-push-type": "alert",
          "apns-priority": "10",
          "content-type": "application/json",
          ...(m.data.collapseId ? { "apns-collapse-id": m.data.collapseId } : {}),
        },
        body: JSON.stringify({
          aps: {
            alert: { title: m.title, body: m.body },
            sound: "default",
            ...(m.data.badge ? { badge: Number(m.data.badge) } : {}),
          },
          ...m.data,
        }),
      });
      if (r.ok) {
        await r.body?.cancel();
        return { kind: "sent" };
      }
      const reason = await reasonOf(r);
      if (r.status === 410 || (r.status === 400 && /BadDeviceToken|DeviceTokenNotForTopic/.test(reason))) {
        return { kind: "gone", reason };
      }
      if (r.status === 403 && reason === "ExpiredProviderToken") cached = null;
      return temporary(r.status) || reason === "ExpiredProviderToken"
        ? { kind: "retry", reason }
        : { kind: "failed", reason };
    },
  };
}

/** FCM settings: the service account's fields and the service base. */
export interface FcmSettings {
  projectId: string;
  clientEmail: string;
  privateKeyPem: string;
  tokenUri: string;
  baseUrl: string;
}

/** A sender to FCM HTTP v1 with an access token kept until shortly before it expires. */
export function fcmSender(s: FcmSettings, now: () => number = Date.now): PushSender {
  let cached: { token: string; until: number } | null = null;
  const accessToken = async (): Promise<string> => {
    if (cached && now() < cached.until) return cached.token;
    const key = await importPKCS8(s.privateKeyPem, "RS256");
    const iat = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: "https://www.googleapis.com/auth/firebase.messaging" })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" }).setIssuer(s.clientEmail).setAudience(s.tokenUri)
      .setIssuedAt(iat).setExpirationTime(iat + 3600).sign(key);
    const r = await fetch(s.tokenUri, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
    });
    if (!r.ok) throw new Error(`FCM token request refused: ${r.status} ${await reasonOf(r)}`);
    const j = await r.json() as { access_token: string; expires_in: number };
    cached = { token: j.access_token, until: now() + (j.expires_in - 60) * 1000 };
    return j.access_token;
  };
  return {
    async send(m) {
      let token: string;
      try {
        token = await accessToken();
      } catch (e) {
        return { kind: "retry", reason: e instanceof Error ? e.message : String(e) };
      }
      const r = await fetch(`${s.baseUrl}/v1/projects/${encodeURIComponent(s.projectId)}/messages:send`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          message: {
            token: m.token,
            notification: { title: m.title, body: m.body },
            data: m.data,
            android: {
              ...(m.data.collapseId ? { collapse_key: m.data.collapseId } : {}),
              ...(m.data.badge ? { notification: { notification_count: Number(m.data.badge) } } : {}),
            },
            // An iOS app may be reached through FCM too: FCM passes `apns` on to APNs, which reads the
            // badge and the collapse id only from there ("FCM HTTP v1 API", ApnsConfig).
            apns: {
              headers: {
                "apns-push-type": "alert",
                "apns-priority": "10",
                ...(m.data.collapseId ? { "apns-collapse-id": m.data.collapseId } : {}),
              },
              payload: { aps: m.data.badge ? { badge: Number(m.data.badge) } : {} },
            },
          },
        }),
      });
      if (r.ok) {
        await r.body?.cancel();
        return { kind: "sent" };
      }
      const reason = await reasonOf(r);
      if (r.status === 404 || reason === "UNREGISTERED") return { kind: "gone", reason };
      if (r.status === 401) {
        cached = null;
        return { kind: "retry", reason };
      }
      return temporary(r.status) ? { kind: "retry", reason } : { kind: "failed", reason };
    },
  };
}

/** Web Push settings: the VAPID key pair and contact, and the push services a subscription may name. */
export interface WebPushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
  allowedHosts: readonly string[];
  /** How a request is sent (default `fetch`; a test passes one that trusts its own CA). */
  fetch?: typeof fetch;
}

/**
 * How long a push service keeps a message for a browser that is offline (RFC 8030 `TTL`, seconds): three
 * days, so a decision made on a Friday still reaches a phone switched on on Monday; after that the inbox has it.
 */
export const WEB_PUSH_TTL_SECONDS = 3 * 86_400;

/** What the `web-push` package offers that the sender uses (it ships no types). */
interface WebPushLib {
  generateRequestDetails(
    subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
    payload: string,
    options: {
      vapidDetails: { subject: string; publicKey: string; privateKey: string };
      TTL: number;
      urgency: "very-low" | "low" | "normal" | "high";
      topic?: string;
      contentEncoding: "aes128gcm";
    },
  ): { endpoint: string; method: string; headers: Record<string, string | number>; body: Uint8Array };
}

/**
 * A `Topic` (RFC 8030 §5.4: at most 32 characters of the base64url alphabet) for a collapse id
 * (`leaveRequest:<id>`): its SHA-256 in base64url, cut to 32.
 */
export async function topicOf(collapseId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(collapseId)));
  return btoa(String.fromCharCode(...digest)).replaceAll("+", "-").replaceAll("/", "_").slice(0, 32);
}

/**
 * A sender to the browsers' push services. The payload is `{title, body, data}` as JSON (the service worker
 * shows title and body and opens the screen `data.kind` names). The endpoint is checked against the
 * allow-list again before each send (the list may have been narrowed since the browser registered), and a
 * redirect is not followed: the service talks only to the address it checked.
 */
export function webPushSender(s: WebPushSettings): PushSender {
  const send = s.fetch ?? fetch;
  return {
    async send(m) {
      const parsed = parseWebSubscription(m.token, s.allowedHosts);
      if (!parsed.ok) return { kind: "gone", reason: `subscription not accepted (${parsed.problem})` };
      // Loaded at the first Web Push: about 6 MB of an idle service that sends none.
      const lib = (await import("web-push")).default as unknown as WebPushLib;
      const sub = parsed.subscription;
      const details = lib.generateRequestDetails(
        sub,
        JSON.stringify({ title: m.title, body: m.body, data: m.data }),
        {
          vapidDetails: { subject: s.subject, publicKey: s.publicKey, privateKey: s.privateKey },
          TTL: WEB_PUSH_TTL_SECONDS,
          urgency: "normal",
          ...(m.data.collapseId ? { topic: await topicOf(m.data.collapseId) } : {}),
          contentEncoding: "aes128gcm",
        },
      );
      const headers = new Headers();
      for (const [k, v] of Object.entries(details.headers)) {
        // fetch sets the length from the body itself.
        if (k.toLowerCase() !== "content-length") headers.set(k, String(v));
      }
      const r = await send(details.endpoint, {
        method: "POST",
        headers,
        body: new Uint8Array(details.body),
        redirect: "manual",
      });
      if (r.ok) {
        await r.body?.cancel();
        return { kind: "sent" };
      }
      const text = await reasonOf(r);
      const reason = text === String(r.status) ? text : `${r.status} ${text}`.slice(0, 300);
      if (r.status === 404 || r.status === 410) return { kind: "gone", reason };
      return temporary(r.status) ? { kind: "retry", reason } : { kind: "failed", reason };
    },
  };
}
