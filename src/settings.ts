import { eq } from "drizzle-orm";
import type { AppDeps } from "./deps.ts";
import type { ServedWith } from "./config.ts";
import type { Db } from "./db/client.ts";
import { settings } from "./db/schema/mod.ts";
import {
  DEFAULT_HALF_DAYS,
  isHalfDayList,
  isRegionalDayList,
  setObservedHalfDays,
  setObservedRegionalDays,
} from "./domain/calendar.ts";
import { type Lang, LANGS } from "./i18n/mod.ts";

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
  halfDayHolidays: "calendar.half_day_holidays",
  regionalDays: "calendar.regional_days",
  servedWith: "service.served_with",
} as const;

/**
 * Where each language stands in the lists Swiss forms and the configuration file show: the national languages
 * German, French, Italian, then English. A record over `Lang`, so a language added to the one list (`LANGS`)
 * cannot be forgotten here.
 */
const NATIONAL_FIRST: Readonly<Record<Lang, number>> = { de: 0, fr: 1, it: 2, en: 3 };

/**
 * Languages an organisation may use (the one list `LANGS`, in the order above); German is the source language
 * and always among them.
 */
export const ORG_LANGUAGES = [...LANGS].sort((a, b) => NATIONAL_FIRST[a] - NATIONAL_FIRST[b]) as [
  Lang,
  ...Lang[],
];
export type OrgLanguage = Lang;

interface Values {
  dynamicClientRegistration: boolean;
  personRecordDailyAllowance: number;
  organisationName: string | null;
  defaultCanton: string | null;
  /** Day of the month (1–31) salaries are paid; see `domain/payday.ts` for how it moves. */
  paydayDay: number | null;
  languages: OrgLanguage[];
  /** The customary half days the organisation observes (`MM-DD`, see `HALF_DAY_HOLIDAYS`). */
  halfDayHolidays: string[];
  /** The regional days the organisation's places of work keep (`CANTON:name`, see `REGIONAL_DAYS`). */
  regionalDays: string[];
  /** The public origin and mail setting the service last started with (commands compare theirs). */
  servedWith: ServedWith | null;
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
    halfDayHolidays: [...DEFAULT_HALF_DAYS],
    regionalDays: [],
    servedWith: null,
  };
  return defaults[key];
}

/** Whether a stored value has the shape its key needs (a hand-edited row may not). */
function valid(key: Key, v: unknown): boolean {
  switch (key) {
    case "halfDayHolidays":
      return isHalfDayList(v);
    case "regionalDays":
      return isRegionalDayList(v);
    case "dynamicClientRegistration":
      return typeof v === "boolean";
    case "personRecordDailyAllowance":
      return typeof v === "number";
    case "servedWith":
      return typeof v === "object" && v !== null && typeof (v as ServedWith).issuer === "string" &&
        typeof (v as ServedWith).smtp === "boolean" && typeof (v as ServedWith).startedAt === "number";
    default:
      return true; // the organisation's settings are checked where they are set (org apply)
  }
}

/** Reads a setting (its stored value, else the environment's default). */
export async function getSetting<K extends Key>(
  deps: Pick<AppDeps, "config"> & { db: Queryable },
  key: K,
): Promise<Value<K>> {
  const row = await deps.db.query.settings.findFirst({ where: eq(settings.key, SETTING_KEYS[key]) });
  if (!row) return fallback(deps, key);
  try {
    const v = JSON.parse(row.value);
    return valid(key, v) ? v as Value<K> : fallback(deps, key);
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

/** How long the service uses a read of the half-day setting before reading it again. */
const HALF_DAYS_TTL_MS = 30_000;
const halfDaysRead = new WeakMap<object, { at: number; value: string[]; regional: string[] }>();

/**
 * Makes the holiday rules use this installation's half days (`calendar.half_day_holidays`) and the regional
 * days its places of work keep (`calendar.regional_days`). Reads the settings at most every 30 seconds per
 * database (an admin's change reaches a running service within that), and otherwise costs one map lookup, so
 * it runs before every request.
 */
export async function syncHalfDays(deps: Pick<AppDeps, "db" | "config" | "clock">): Promise<void> {
  const now = deps.clock.now();
  let seen = halfDaysRead.get(deps.db);
  if (!seen || now - seen.at >= HALF_DAYS_TTL_MS || now < seen.at) {
    seen = {
      at: now,
      value: await getSetting(deps, "halfDayHolidays"),
      regional: await getSetting(deps, "regionalDays"),
    };
    halfDaysRead.set(deps.db, seen);
  }
  setObservedHalfDays(seen.value);
  setObservedRegionalDays(seen.regional);
}

/**
 * The same for one admin command: read now, not through the request cache above (a command runs once, and its
 * read must not stand in for the service's), so `leave balances` and the like count the days the
 * organisation chose.
 */
export async function useCalendarSettings(deps: Pick<AppDeps, "db" | "config">): Promise<void> {
  setObservedHalfDays(await getSetting(deps, "halfDayHolidays"));
  setObservedRegionalDays(await getSetting(deps, "regionalDays"));
}
