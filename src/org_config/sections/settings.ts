/** The organisation's settings: name, default canton, payday rule, languages, and (read-only) time zone. */
import { z } from "zod";
import { isCanton, isHalfDayList, isRegionalDayList, REGIONAL_DAYS } from "../../domain/calendar.ts";
import { isPaydayDay } from "../../domain/payday.ts";
import { getSetting, ORG_LANGUAGES, type OrgLanguage, setSetting } from "../../settings.ts";
import { defineSection, emptyReport, type SectionDeps } from "../section.ts";

const schema = (deps: SectionDeps) =>
  z.strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    canton: z.string().refine(isCanton, {
      message: "must be one of the 26 canton codes such as BE, ZH or VD",
    })
      .optional(),
    payday: z.number().refine(isPaydayDay, { message: "must be a whole day of the month from 1 to 31" })
      .optional(),
    languages: z.array(z.enum(ORG_LANGUAGES)).min(1)
      .refine((l) => l.includes("de"), { message: "must include de (German is the source language)" })
      .refine((l) => new Set(l).size === l.length, { message: "names a language twice" })
      .optional(),
    /** The customary half days the organisation observes (`MM-DD`): 12-24 and 12-31 are known. */
    halfDays: z.array(z.string()).refine(isHalfDayList, {
      message: "must list half days the service knows (12-24, 12-31), each once",
    }).optional(),
    /**
     * The regional days (a district's, a commune's) the organisation's places of work keep, `CANTON:day`
     * (see `REGIONAL_DAYS`): AG:easter-monday, AI:st-mauritius, …
     */
    regionalDays: z.array(z.string()).refine(isRegionalDayList, {
      message: `must list regional days the service knows (${
        REGIONAL_DAYS.map((r) => r.key).join(", ")
      }), each once`,
    }).optional(),
    /**
     * Written for information: the service takes its time zone from TIME_ZONE before the database opens,
     * so a different value cannot be applied.
     */
    timeZone: z.string().refine((tz) => tz === deps.config.timeZone, {
      error: (issue) =>
        `is ${issue.input} but the service runs with ${deps.config.timeZone}; the time zone is not stored ` +
        `in the database: set TIME_ZONE=${issue.input} in the service's environment, restart it and apply ` +
        `again (or change timeZone in the file)`,
    }).optional(),
  });
type Settings = z.infer<ReturnType<typeof schema>>;

/** The languages in a fixed order, so the same set always compares and exports the same. */
const canonical = (langs: readonly OrgLanguage[]) => ORG_LANGUAGES.filter((l) => langs.includes(l));

/** Regional days in the catalogue's order, so the same choice always compares and exports the same. */
const inCatalogueOrder = (keys: readonly string[]) =>
  REGIONAL_DAYS.map((r) => r.key).filter((k) => keys.includes(k));

export const settingsSection = defineSection<Settings>({
  key: "settings",
  naturalKey: "one value per setting",
  schema,
  async read(q, deps) {
    const d = { db: q, config: deps.config };
    const out: Settings = {};
    const name = await getSetting(d, "organisationName");
    const canton = await getSetting(d, "defaultCanton");
    const payday = await getSetting(d, "paydayDay");
    if (name !== null) out.name = name;
    if (canton !== null) out.canton = canton;
    if (payday !== null) out.payday = payday;
    out.languages = canonical(await getSetting(d, "languages"));
    out.halfDays = [...await getSetting(d, "halfDayHolidays")].sort();
    // Written only when some are kept: most organisations keep none, and their files stay as they were.
    const regional = inCatalogueOrder(await getSetting(d, "regionalDays"));
    if (regional.length) out.regionalDays = regional;
    out.timeZone = deps.config.timeZone;
    return out;
  },
  async apply(tx, v, deps) {
    const report = emptyReport();
    const d = { db: tx, config: deps.config, clock: deps.clock };
    const put = async <
      K extends
        | "organisationName"
        | "defaultCanton"
        | "paydayDay"
        | "languages"
        | "halfDayHolidays"
        | "regionalDays",
    >(
      key: K,
      value: Parameters<typeof setSetting<K>>[2] | undefined,
    ) => {
      if (value === undefined) return;
      const current = await getSetting(d, key);
      if (JSON.stringify(current) === JSON.stringify(value)) report.unchanged++;
      else {
        await setSetting(d, key, value);
        report.updated++;
      }
    };
    await put("organisationName", v.name);
    await put("defaultCanton", v.canton);
    await put("paydayDay", v.payday);
    await put("languages", v.languages ? canonical(v.languages) : undefined);
    await put("halfDayHolidays", v.halfDays ? [...v.halfDays].sort() : undefined);
    await put("regionalDays", v.regionalDays ? inCatalogueOrder(v.regionalDays) : undefined);
    return report;
  },
});
