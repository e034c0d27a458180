/**
 * The names of the salary-continuation scales (the courts' tables for OR Art. 324a) in each language: the one
 * list the console, the sick-pay summary and the data export say them with. The scales themselves (their
 * codes and steps) are the domain's (`SALARY_SCALES`, domain/sick.ts), which types this list by them.
 */
import type { Lang } from "./mod.ts";

export const SCALE_NAMES = {
  BERNER: { de: "Berner Skala", en: "Bern scale", fr: "Échelle bernoise", it: "Scala bernese" },
  ZUERCHER: { de: "Zürcher Skala", en: "Zurich scale", fr: "Échelle zurichoise", it: "Scala zurighese" },
  BASLER: { de: "Basler Skala", en: "Basel scale", fr: "Échelle bâloise", it: "Scala basilese" },
} as const;

/** The scales' names in one language, by scale code. */
export function scaleNamesIn(lang: Lang): Record<keyof typeof SCALE_NAMES, string> {
  return {
    BERNER: SCALE_NAMES.BERNER[lang],
    ZUERCHER: SCALE_NAMES.ZUERCHER[lang],
    BASLER: SCALE_NAMES.BASLER[lang],
  };
}
