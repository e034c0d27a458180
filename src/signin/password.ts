import { scrypt, timingSafeEqual } from "node:crypto";
import { type AppError, refusal } from "../errors.ts";

/**
 * Password hashing with scrypt (memory-hard; RFC 7914). The parameters are stored with each hash so they
 * can be raised later without invalidating existing passwords: `scrypt$N$r$p$salt$hash` (base64).
 * N = 2^15, r = 8 uses 32 MiB per hash, the OWASP Password Storage Cheat Sheet's scrypt baseline
 * order of magnitude.
 */
const DEFAULT = { N: 1 << 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

/** scrypt's cost parameters (RFC 7914 §2): CPU/memory cost N, block size r, parallelism p. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * Each hash takes 32 MiB for the time it runs: at most `HASHING_AT_ONCE` run together (one per core of the
 * machines this runs on), at most `HASHING_QUEUE` wait, and a sign-in beyond that is refused at once (429,
 * `Retry-After: 1`) instead of holding memory: 32 wrong passwords at once no longer take a gigabyte.
 *
 * The queue is fair between sources (client addresses): waiting sign-ins are served round-robin, one per
 * source in turn, and when the queue is full it is the source with the most sign-ins waiting that loses its
 * newest one, so a flood from a few addresses never refuses a colleague's sign-in from another.
 */
export const HASHING_AT_ONCE = 2;
export const HASHING_QUEUE = 32;
let running = 0;
let peak = 0;
let waitingTotal = 0;
interface Waiter {
  go: () => void;
  refuse: (e: unknown) => void;
}
/** Waiting work per source, in the order the sources are served (a source goes to the back after its turn). */
const waiting = new Map<string, Waiter[]>();

/** The most hashes that ran at the same time since the process started (for tests and the benchmark). */
export function hashingPeak(): number {
  return peak;
}

function busy(): AppError {
  return refusal("rate_limited", "signin.busy", {}, { retryAfter: 1 });
}

/** Takes the next waiter, one source after the other. */
function nextWaiter(): Waiter | undefined {
  const first = waiting.keys().next();
  if (first.done) return undefined;
  const key = first.value;
  const queue = waiting.get(key)!;
  const w = queue.shift()!;
  waiting.delete(key);
  if (queue.length) waiting.set(key, queue);
  waitingTotal--;
  return w;
}

/** Makes room for `source` in a full queue by refusing the newest waiter of the busiest source, if that is another. */
function makeRoomFor(source: string): boolean {
  let busiest: string | undefined;
  let most = 0;
  for (const [key, queue] of waiting) {
    if (queue.length > most) [busiest, most] = [key, queue.length];
  }
  const own = waiting.get(source)?.length ?? 0;
  if (busiest === undefined || busiest === source || most <= own + 1) return false;
  const queue = waiting.get(busiest)!;
  queue.pop()!.refuse(busy());
  if (!queue.length) waiting.delete(busiest);
  waitingTotal--;
  return true;
}

/** Runs work in a hashing slot, waiting its source's turn (exported for the test of the gate itself). */
export async function gated<T>(work: () => Promise<T>, source = ""): Promise<T> {
  if (running >= HASHING_AT_ONCE) {
    if (waitingTotal >= HASHING_QUEUE && !makeRoomFor(source)) throw busy();
    await new Promise<void>((go, refuse) => {
      const queue = waiting.get(source);
      if (queue) queue.push({ go, refuse });
      else waiting.set(source, [{ go, refuse }]);
      waitingTotal++;
    });
    // The slot was handed over by the work that ended: `running` still counts it.
  } else running++;
  peak = Math.max(peak, running);
  try {
    return await work();
  } finally {
    const next = nextWaiter();
    if (next) next.go();
    else running--;
  }
}

function derive(
  password: string,
  salt: Uint8Array,
  N: number,
  r: number,
  p: number,
  keyLen: number,
  source?: string,
) {
  return gated(() => deriveNow(password, salt, N, r, p, keyLen), source);
}

function deriveNow(password: string, salt: Uint8Array, N: number, r: number, p: number, keyLen: number) {
  return new Promise<Uint8Array>((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      keyLen,
      { N, r, p, maxmem: 256 * N * r },
      (err, key) => err ? reject(err) : resolve(new Uint8Array(key)),
    )
  );
}

const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/**
 * Hashes a password with a fresh random salt at the service's cost. A lower `cost` is for test fixtures
 * only: verification reads the parameters from the stored hash, so a fixture account signs in through the
 * same code, just sooner.
 */
export async function hashPassword(password: string, cost: ScryptCost = DEFAULT): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const { N, r, p } = cost;
  const key = await derive(password, salt, N, r, p, KEY_LENGTH);
  return `scrypt$${N}$${r}$${p}$${b64(salt)}$${b64(key)}`;
}

/**
 * Checks a password against a stored hash in constant time; false for any malformed hash. `source` is the
 * client's address, whose turn in the hashing queue this waits for.
 */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  source?: string,
): Promise<boolean> {
  if (!stored) return false;
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = unb64(parts[4]);
  const expected = unb64(parts[5]);
  const key = await derive(password, salt, N, r, p, expected.length, source);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password nobody knows: used to spend the same time when the account does not exist. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomUUID());
  return decoy;
}
