/**
 * A stand-in for a browser's push service (RFC 8030) and the browser's end of a subscription, for the Web Push
 * tests: an HTTPS server on loopback with a certificate of a test CA made here (openssl), which checks each
 * push as a push service and a browser would together: the VAPID token's ES256 signature with the key in
 * `k=`, its audience, expiry and contact (RFC 8292), the `TTL`, `Urgency` and `Topic` headers, and then
 * decrypts the `aes128gcm` body (RFC 8188, RFC 8291) with the subscription's private key and auth secret,
 * made with Web Crypto independently of the `web-push` package the service encrypts with. It answers 201,
 * or 410 for an endpoint whose name starts with `gone`, 429 for `busy`.
 */
import { decodeProtectedHeader, importJWK, jwtVerify } from "jose";
import { testCertificates } from "../_test_ca.ts";

const enc = new TextEncoder();

function b64url(b: Uint8Array): string {
  return btoa(String.fromCharCode(...b)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function unb64url(s: string): Uint8Array<ArrayBuffer> {
  const t = s.replaceAll("-", "+").replaceAll("_", "/");
  return Uint8Array.from(atob(t + "==".slice(0, (4 - t.length % 4) % 4)), (c) => c.charCodeAt(0));
}

/** The browser's end of a subscription: what it hands the app, and the private half the test keeps. */
export interface Subscriber {
  /** `PushSubscription.toJSON()` as a browser gives it. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  /** The registration token the app sends: base64url of that JSON. */
  token: string;
  privateKey: CryptoKey;
  publicRaw: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
}

/** A push as the stand-in received and decrypted it. */
export interface Received {
  path: string;
  ttl: string | null;
  urgency: string | null;
  topic: string | null;
  encoding: string | null;
  vapid: { publicKey: string; aud: unknown; sub: unknown; exp: number; alg: string | undefined };
  payload: { title: string; body: string; data: Record<string, string> };
}

/** A new subscription at the stand-in's `endpoint` name. */
export async function subscriber(endpoint: string): Promise<Subscriber> {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const publicRaw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const json = {
    endpoint,
    expirationTime: null,
    keys: { p256dh: b64url(publicRaw), auth: b64url(auth) },
  };
  return {
    json,
    token: b64url(enc.encode(JSON.stringify(json))),
    privateKey: pair.privateKey,
    publicRaw,
    auth,
  };
}

async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8),
  );
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Decrypts an `aes128gcm` body of one record (RFC 8188 §2, keys as RFC 8291 §3.4 derives them). */
export async function decrypt(s: Subscriber, body: Uint8Array<ArrayBuffer>): Promise<string> {
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idlen = body[20];
  const asPublic = body.slice(21, 21 + idlen);
  const ciphertext = body.slice(21 + idlen);
  if (idlen !== 65 || ciphertext.length > rs) throw new Error(`header: idlen ${idlen}, rs ${rs}`);
  const peer = await crypto.subtle.importKey(
    "raw",
    asPublic,
    { name: "ECDH", namedCurve: "P-256" },
    false,
    [],
  );
  const secret = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: peer }, s.privateKey, 256),
  );
  const ikm = await hkdf(s.auth, secret, concat(enc.encode("WebPush: info\0"), s.publicRaw, asPublic), 32);
  const cek = await hkdf(salt, ikm, enc.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, enc.encode("Content-Encoding: nonce\0"), 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  // The last record ends with the delimiter 2, then any padding zeros.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("no last-record delimiter");
  return new TextDecoder().decode(plain.slice(0, end));
}

/** Starts the stand-in; `subscribers` by endpoint path are the browsers it can decrypt for. */
export async function pushServiceStandIn() {
  const certs = await testCertificates();
  const subscribers = new Map<string, Subscriber>();
  const received: Received[] = [];
  const refused: string[] = [];
  const ac = new AbortController();
  let origin = "";
  const server = Deno.serve(
    {
      hostname: "127.0.0.1",
      port: 0,
      cert: certs.cert,
      key: certs.key,
      signal: ac.signal,
      onListen: () => {},
    },
    async (req) => {
      const url = new URL(req.url);
      const s = subscribers.get(url.pathname);
      if (req.method !== "POST" || !s) return new Response("no such subscription", { status: 404 });
      const m = /^vapid t=([\w.-]+), ?k=([\w-]+)$/.exec(req.headers.get("authorization") ?? "");
      let vapid: Received["vapid"];
      try {
        if (!m) throw new Error("no vapid authorization");
        const raw = unb64url(m[2]);
        const jwk = { kty: "EC", crv: "P-256", x: b64url(raw.slice(1, 33)), y: b64url(raw.slice(33, 65)) };
        const { payload } = await jwtVerify(m[1], await importJWK(jwk, "ES256"), { audience: origin });
        const exp = Number(payload.exp);
        if (!(exp > Date.now() / 1000 && exp <= Date.now() / 1000 + 86_400)) throw new Error("exp");
        vapid = {
          publicKey: m[2],
          aud: payload.aud,
          sub: payload.sub,
          exp,
          alg: decodeProtectedHeader(m[1]).alg,
        };
      } catch (e) {
        refused.push(String(e));
        return new Response("bad vapid", { status: 403 });
      }
      const body = new Uint8Array(await req.arrayBuffer());
      const payload = JSON.parse(await decrypt(s, body));
      received.push({
        path: url.pathname,
        ttl: req.headers.get("ttl"),
        urgency: req.headers.get("urgency"),
        topic: req.headers.get("topic"),
        encoding: req.headers.get("content-encoding"),
        vapid,
        payload,
      });
      const name = url.pathname.split("/").pop() ?? "";
      if (name.startsWith("gone")) return new Response("subscription expired", { status: 410 });
      if (name.startsWith("busy")) return new Response("slow down", { status: 429 });
      return new Response(null, {
        status: 201,
        headers: { location: `${origin}/message/${received.length}` },
      });
    },
  );
  origin = `https://127.0.0.1:${server.addr.port}`;
  const client = Deno.createHttpClient({ caCerts: [certs.ca] });
  return {
    origin,
    /** The allow-list entry that accepts this stand-in. */
    host: `127.0.0.1:${server.addr.port}`,
    received,
    refused,
    /** A fetch that trusts the test CA (for the sender). */
    fetch:
      ((input: string | URL | Request, init?: RequestInit) =>
        fetch(input, { ...init, client })) as typeof fetch,
    /** A new browser subscription at this stand-in. */
    async subscribe(name: string) {
      const s = await subscriber(`${origin}/push/${name}`);
      subscribers.set(`/push/${name}`, s);
      return s;
    },
    close: async () => {
      ac.abort();
      await server.finished;
      client.close();
    },
  };
}
