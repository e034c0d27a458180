import { eq } from "drizzle-orm";
import type { AppDeps } from "./deps.ts";
import { settings } from "./db/schema/mod.ts";

/**
 * Installation settings an admin changes at run time (an admin command writes them; the service reads them
 * on use). Each falls back to its environment default until set.
 */
export const SETTING_KEYS = {
  dynamicClientRegistration: "oauth.dynamic_client_registration",
  personRecordDailyAllowance: "mcp.person_record_daily_allowance",
} as const;

type Key = keyof typeof SETTING_KEYS;
type Value<K extends Key> = K extends "dynamicClientRegistration" ? boolean : number;

function fallback<K extends Key>(deps: Pick<AppDeps, "config">, key: K): Value<K> {
  return (key === "dynamicClientRegistration"
    ? deps.config.dynamicClientRegistration
    : deps.config.personRecordDailyAllowance) as Value<K>;
}

/** Reads a setting (its stored value, else the environment's default). */
export async function getSetting<K extends Key>(
  deps: Pick<AppDeps, "db" | "config">,
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
  deps: Pick<AppDeps, "db" | "clock">,
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
