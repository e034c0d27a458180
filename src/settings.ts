import { eq, inArray } from "drizzle-orm";
import type { AppDeps } from "./deps.ts";
import type { ServedWith } from "./config.ts";
import type { Db } from "./db/client.ts";
import { settings } from "./db/schema/mod.ts";
import { DEFAULT_HALF_DAYS, isHalfDayList, isRegionalDayList } from "./domain/calendar.ts";
import { keptRead } from "./db/local.ts";
import type { Client } from "@libsql/client";
import { type Lang, LANGS_SWISS_ORDER } from "./i18n/mod.ts";

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
 * Languages an organisation may use: all of `LANGS`, in the Swiss order (German, French, Italian, English);
 * German is the source language and always among them.
 */
export const ORG_LANGUAGES = [...LANGS_SWISS_ORDER] as [Lang, ...Lang[]];
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

/**
 * The customary half days this installation observes (`calendar.half_day_holidays`, `MM-DD`) and the regional
 * days its places of work keep (`calendar.regional_days`, `CANTON:name`), in one list as every holiday
 * computation takes them (domain/calendar.ts takes them as an argument and holds no setting). Read
 * through `q`: in a transaction as the transaction sees it; on a database handle kept until `settings`
 * changes (`keptRead`: a stamp check per call), so an admin's change applies to the next computation.
 * `version`: a `dataVersion` read for the same request, when the caller has one (see `dataStamp`).
 */
export async function halfDaysIn(q: Queryable, version?: number): Promise<readonly string[]> {
  const read = async (): Promise<readonly string[]> => {
    const rows = await q.query.settings.findMany({
      where: inArray(settings.key, [SETTING_KEYS.halfDayHolidays, SETTING_KEYS.regionalDays]),
    });
    // A hand-edited, unreadable value falls back to the default.
    const parsed = (key: string) => {
      const row = rows.find((r) => r.key === key);
      try {
        return row ? JSON.parse(row.value) : undefined;
      } catch {
        return undefined;
      }
    };
    const half = parsed(SETTING_KEYS.halfDayHolidays);
    const regional = parsed(SETTING_KEYS.regionalDays);
    return [
      ...(isHalfDayList(half) ? half : DEFAULT_HALF_DAYS),
      ...(isRegionalDayList(regional) ? regional : []),
    ];
  };
  const client = (q as { $client?: Client }).$client;
  return client ? await keptRead(client, ["settings"], "halfDayHolidays", read, version) : await read();
}
