/**
 * Answers of the portal's reads of a person's own data, served again while nothing they were computed from
 * has changed. The app reads the same balances, lists and profile each time a screen opens and on every
 * revalidation (`If-None-Match`); while the person's data stays as it is, each of those answers is the one
 * computed before, byte for byte, and so is its `ETag`.
 *
 * An answer is kept under the `dataStamp` of exactly the tables its computation read (`recordReads`: recorded
 * as the statements run, nobody lists them) and served only while that stamp is unchanged: a write to one of
 * those tables by this process, or any commit by another process, makes the next request compute it afresh.
 * The key is the account, its language, the exact path and query, the local day (an answer that depends on
 * "today" is never served on another day) and the half days the holiday rules observe (a setting they hold in
 * memory). Only operations marked `reuse` take part: their answer
 * depends on the stored data, the caller, the language and the day alone, or says until when it holds (a
 * handler sets `reuseUntil` on the request's context, as the sick-leave list does for its take-back window).
 *
 * Bounded in count and size; `reuseResponses(client, false)` turns it off (the bench's "afresh" figures).
 */
import type { Client } from "@libsql/client";
import { dataStamp, recordReads } from "../db/local.ts";
import { strongEtag } from "./http_cache.ts";
// The context variables below extend hono's own map.
import type {} from "hono";

interface Kept {
  tables: string[];
  stamp: string;
  body: string;
  /** The body's validator, computed once. */
  etag: string;
  /** The instant (ms) from which the answer may read otherwise although no data changed. */
  until: number;
}

/** At most this many answers are kept (the oldest dropped first) … */
const MAX_ANSWERS = 4000;
/** … and none larger than this (a long list is cheaper to compute again than to hold) … */
const MAX_BODY_CHARS = 256 * 1024;
/** … and at most this much in all (about 64 MiB of memory at two bytes a character, at worst). */
const MAX_TOTAL_CHARS = 32 * 1024 * 1024;

const kept = new WeakMap<Client, Map<string, Kept>>();
/** The characters of every body kept, per client. */
const keptChars = new WeakMap<Client, number>();
const off = new WeakSet<Client>();

/** Turns reuse on or off for one database client (on by default). */
export function reuseResponses(client: Client, on: boolean): void {
  if (on) off.delete(client);
  else {
    off.add(client);
    kept.delete(client);
    keptChars.delete(client);
  }
}

/** An answer: its body, with its validator when it was kept (the caller computes it otherwise). */
export interface Answer<T> {
  value: T | string;
  etag?: string;
}

/**
 * The answer of `key`: the one kept, when the tables it was computed from are unchanged as of `version` (the
 * request's `dataVersion`) and `now` is before the instant the computation said it may change by itself
 * (`until()`, asked after it ran: e.g. the end of a 24-hour window an answer shows as open), else
 * `compute`'s. A string body is kept for next time, with its `ETag`; anything else, such as a `Response`, is
 * passed through.
 */
export async function reusedOr<T>(
  client: Client,
  key: string,
  now: number,
  version: number | undefined,
  compute: () => Promise<T>,
  until: () => number | undefined = () => undefined,
): Promise<Answer<T>> {
  if (off.has(client)) return { value: await compute() };
  let answers = kept.get(client);
  if (!answers) kept.set(client, answers = new Map());
  const hit = answers.get(key);
  if (hit && now < hit.until && await dataStamp(client, hit.tables, version) === hit.stamp) {
    return { value: hit.body, etag: hit.etag };
  }
  const { value, tables, stamp } = await recordReads(client, compute);
  let chars = keptChars.get(client) ?? 0;
  const drop = (k: string) => {
    chars -= answers.get(k)?.body.length ?? 0;
    answers.delete(k);
  };
  drop(key);
  let result: Answer<T> = { value };
  if (typeof value === "string" && stamp !== null && value.length <= MAX_BODY_CHARS) {
    while (answers.size && (answers.size >= MAX_ANSWERS || chars + value.length > MAX_TOTAL_CHARS)) {
      drop(answers.keys().next().value!);
    }
    const etag = strongEtag(value);
    answers.set(key, { tables, stamp, body: value, etag, until: until() ?? Infinity });
    chars += value.length;
    result = { value, etag };
  }
  keptChars.set(client, chars);
  return result;
}

/** The request-context key under which a handler says until when (ms) its answer holds. */
export const REUSE_UNTIL = "reuseUntil" as const;
/** The request-context key of the `dataVersion` read when the request was authenticated. */
export const DATA_VERSION = "dataVersion" as const;

/**
 * The request-context key of the language a refusal is said in and where the request's input was (the
 * portal's account language, `body` for writes, `query` for reads), for the app's one error handler.
 */
export const REFUSAL_IN = "refusalIn" as const;

declare module "hono" {
  interface ContextVariableMap {
    [REUSE_UNTIL]: number | undefined;
    [DATA_VERSION]: number | undefined;
    [REFUSAL_IN]: { lang: import("../i18n/mod.ts").Lang; where: "body" | "query" } | undefined;
  }
}
