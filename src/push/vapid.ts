/**
 * The installation's VAPID key pair (RFC 8292): the browsers' push services accept a push only when it is
 * signed with the key the subscription was made for, so the key must outlive restarts. It comes from
 * `WEB_PUSH_VAPID_PRIVATE_KEY` when set (the public key is derived from it); otherwise one is made at first
 * start and kept in the `settings` table (key `push.web_vapid_key`), its private half sealed under the
 * key-encryption key like the token-signing keys (`src/oauth/key_encryption.ts`), so web push works out of
 * the box and a copy of the database alone cannot sign pushes.
 *
 * Both halves are base64url as the Web Push API and the `web-push` package use them: the public key the raw
 * uncompressed P-256 point (65 bytes, `applicationServerKey` of `pushManager.subscribe`), the private key
 * the 32-byte scalar.
 */
import { Buffer } from "node:buffer";
import { createECDH } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { settings } from "../db/schema/mod.ts";
import { openText, sealText } from "../oauth/key_encryption.ts";

/** A VAPID key pair, both halves base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** The settings row that keeps a generated key pair; also the sealing's purpose. */
export const VAPID_SETTING = "push.web_vapid_key";

/** The pair of a private key (throws when it is not a valid P-256 scalar). */
export function vapidFromPrivateKey(privateKey: string): VapidKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: ecdh.getPrivateKey().toString("base64url"),
  };
}

/** A new key pair. */
export function newVapidKeys(): VapidKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: ecdh.getPrivateKey().toString("base64url"),
  };
}

type Deps = Pick<AppDeps, "config" | "database" | "db" | "clock">;

const loaded = new WeakMap<object, Promise<VapidKeys>>();

async function load(deps: Deps): Promise<VapidKeys> {
  const configured = deps.config.webPush.vapidPrivateKey;
  if (configured) {
    try {
      return vapidFromPrivateKey(configured);
    } catch {
      throw new Error("WEB_PUSH_VAPID_PRIVATE_KEY is not a valid P-256 private key");
    }
  }
  const read = async () => {
    const [row] = await deps.db.select({ value: settings.value }).from(settings)
      .where(eq(settings.key, VAPID_SETTING));
    return row ? JSON.parse(row.value) as { publicKey: string; privateKey: string } : null;
  };
  let stored = await read();
  if (!stored) {
    const made = newVapidKeys();
    const value = JSON.stringify({
      publicKey: made.publicKey,
      privateKey: await sealText(deps, VAPID_SETTING, made.privateKey),
    });
    // Two processes starting at once: the first row written is the installation's key.
    await deps.db.insert(settings).values({ key: VAPID_SETTING, value, updatedAt: deps.clock.now() })
      .onConflictDoNothing();
    stored = (await read())!;
  }
  let privateKey: string;
  try {
    privateKey = await openText(deps, VAPID_SETTING, stored.privateKey);
  } catch {
    throw new Error(
      "The web push key (VAPID) cannot be decrypted with this key-encryption key (KEY_ENCRYPTION_KEY or the " +
        `.key file beside the database). Restore that key, or delete the settings row '${VAPID_SETTING}' to ` +
        "make a new one (browsers then receive nothing until the app is opened again and subscribes anew).",
    );
  }
  return { publicKey: stored.publicKey, privateKey };
}

/** The installation's key pair, read (or made) once per database. */
export function vapidKeys(deps: Deps): Promise<VapidKeys> {
  let p = loaded.get(deps.db);
  if (!p) {
    p = load(deps);
    p.catch(() => loaded.delete(deps.db));
    loaded.set(deps.db, p);
  }
  return p;
}
