import { eq } from "drizzle-orm";
import type { AppDeps } from "./deps.ts";
import type { Db } from "./db/client.ts";
import { settings } from "./db/schema/mod.ts";

/**
 * Installation settings an admin changes at run time (an admin command writes them; the service reads them
 * on use). Each falls back to its environment default (or to "not set") until set.
 */
export const SETTING_KEYS = {
  dynamicClientRegistration: "oauth.dynamic_client_registration",
  personRecordDailyAllowance: "mcp.person_record_daily_allowance",
  organisationName: "org.name",
  defaultCanton: "org.default_canton",
  paydayDay: "org.payday_day",
  languages: "org.languages",
} as const;

/** Languages an organisation may use; German is the source language and always among them. */
export const ORG_LANGUAGES = ["de", "fr", "it", "en"] as const;
export type OrgLanguage = typeof ORG_LANGUAGES[number];

interface Values {
  dynamicClientRegistration: boolean;
  personRecordDailyAllowance: number;
  organisationName: string | null;
  defaultCanton: string | null;
  /** Day of the month (1–31) salaries are paid; see `domain/payday.ts` for how it moves. */
  paydayDay: number | null;
  languages: OrgLanguage[];
}

type Key = keyof typeof SETTING_KEYS;
type Value<K extends Key> = Values[K];

/** A database or an open transaction: settings are also written as part of a larger change. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Queryable = Db | Tx;

function fallback<K extends Key>(deps: Pick<AppDeps, "config">, key: K): Value<K> {
  const defaults: Values = {
    dynamicClientRegistration: deps.config.dynamicClientRegistration,
    personRecordDailyAllowance: deps.config.personRecordDailyAllowance,
    organisationName: null,
    defaultCanton: null,
    paydayDay: null,
    languages: ["de"],
  };
  return defaults[key];
}

/** Reads a setting (its stored value, else the environment's default). */
export async function getSetting<K extends Key>(
  deps: Pick<AppDeps, "config"> & { db: Queryable },
  key: K,
): Promise<Value<K>> {
  const row = await deps.db.query.settings.findFirst({ where: eq(settings.key, SETTING_KEYS[key]) });
  if (!row) return fallback(deps, key);
  try {
    return JSON.parse(row.value) as Value<K>;
  } catch {
    return fallback(deps, key); // a hand-edited, unreadable value falls back to the default
  }
}

/** Stores a setting. */
export async function setSetting<K extends Key>(
  deps: Pick<AppDeps, "clock"> & { db: Queryable },
  key: K,
  value: Value<K>,
): Promise<void> {
  const now = deps.clock.now();
  await deps.db.insert(settings).values({
    key: SETTING_KEYS[key],
    value: JSON.stringify(value),
    updatedAt: now,
  })
    .onConflictDoUpdate({ target: settings.key, set: { value: JSON.stringify(value), updatedAt: now } });
}
