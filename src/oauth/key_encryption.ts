/**
 * The token-signing private keys are stored encrypted (AES-256-GCM, the key id as additional data) under a
 * key-encryption key that is not in the database, the way Ory Hydra keeps its JSON Web Keys: a copy of the
 * database alone cannot sign tokens. The key-encryption key is `KEY_ENCRYPTION_KEY` (32 bytes, base64url) when
 * set; otherwise, for a local database file, the file `<database>.key` beside it, created with mode 0600 on
 * first start (back it up separately from the database: without it the service makes a new signing key, and
 * assistants simply refresh their tokens). A remote libSQL database needs `KEY_ENCRYPTION_KEY`.
 */
import type { AppDeps } from "../deps.ts";
import { base64url } from "../crypto.ts";

const PREFIX = "enc:v1:";
const keys = new WeakMap<object, Promise<CryptoKey>>();

function fromB64url(s: string): Uint8Array<ArrayBuffer> {
  const b = atob(s.replaceAll("-", "+").replaceAll("_", "/") + "===".slice((s.length + 3) % 4));
  return Uint8Array.from(b, (c) => c.charCodeAt(0)) as Uint8Array<ArrayBuffer>;
}

/** Parses a base64url key of 32 bytes; throws with the reason. */
export function parseKeyEncryptionKey(value: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]{43}=?$/.test(value.trim())) {
    throw new Error("must be 32 bytes in base64url (43 characters)");
  }
  return fromB64url(value.trim());
}

async function loadRaw(deps: Pick<AppDeps, "config" | "database">): Promise<Uint8Array<ArrayBuffer>> {
  if (deps.config.keyEncryptionKey) return parseKeyEncryptionKey(deps.config.keyEncryptionKey);
  const path = deps.database.path;
  if (!path) {
    if (deps.database.isLocal) return crypto.getRandomValues(new Uint8Array(32)); // :memory: lives as long
    throw new Error("KEY_ENCRYPTION_KEY must be set for a remote database (it cannot be kept beside it).");
  }
  const file = `${path}.key`;
  try {
    return parseKeyEncryptionKey(await Deno.readTextFile(file));
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw new Error(`${file}: ${(e as Error).message}`);
  }
  const raw = crypto.getRandomValues(new Uint8Array(32));
  try {
    await Deno.writeTextFile(file, `${base64url(raw)}\n`, { createNew: true, mode: 0o600 });
    return raw;
  } catch (e) {
    // Another process created it at the same moment: use theirs.
    if (e instanceof Deno.errors.AlreadyExists) return parseKeyEncryptionKey(await Deno.readTextFile(file));
    throw e;
  }
}

function keyOf(deps: Pick<AppDeps, "config" | "database" | "db">): Promise<CryptoKey> {
  let k = keys.get(deps.db);
  if (!k) {
    k = loadRaw(deps).then((raw) =>
      crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"])
    );
    k.catch(() => keys.delete(deps.db));
    keys.set(deps.db, k);
  }
  return k;
}

/** Encrypts a private JWK (JSON text) for storage. */
export function sealPrivateKey(
  deps: Pick<AppDeps, "config" | "database" | "db">,
  kid: string,
  json: string,
): Promise<string> {
  return sealText(deps, kid, json);
}

/** Whether a stored value is still plain (written before encryption at rest). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** Decrypts a stored private JWK; a plain one (from before) is returned as it is. */
export async function openPrivateKey(
  deps: Pick<AppDeps, "config" | "database" | "db">,
  kid: string,
  stored: string,
): Promise<string> {
  if (!isSealed(stored)) return stored;
  return await openText(deps, kid, stored).catch(() => {
    throw new Error(
      "The token-signing key cannot be decrypted with this key-encryption key (KEY_ENCRYPTION_KEY or the .key file " +
        "beside the database). Restore that key, or run 'hr-service keys rotate' to start a new signing key.",
    );
  });
}

/**
 * Seals a short secret for storage under the same key-encryption key (AES-256-GCM, `purpose` as additional
 * data, so a sealed value cannot be moved to another use). Used for what must be kept only until it is used,
 * such as the link of an invitation e-mail waiting in the outbox.
 */
export async function sealText(
  deps: Pick<AppDeps, "config" | "database" | "db">,
  purpose: string,
  text: string,
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(purpose) },
    await keyOf(deps),
    new TextEncoder().encode(text),
  );
  return `${PREFIX}${base64url(iv)}:${base64url(new Uint8Array(ct))}`;
}

/** Opens what `sealText` sealed for the same purpose; throws when the key or the purpose differ. */
export async function openText(
  deps: Pick<AppDeps, "config" | "database" | "db">,
  purpose: string,
  sealed: string,
): Promise<string> {
  if (!isSealed(sealed)) throw new Error("not a sealed value");
  const [iv, ct] = sealed.slice(PREFIX.length).split(":");
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromB64url(iv), additionalData: new TextEncoder().encode(purpose) },
    await keyOf(deps),
    fromB64url(ct),
  );
  return new TextDecoder().decode(plain);
}
