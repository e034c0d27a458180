/**
 * zod's own wording of a rule a schema does not word itself (not one of the values, a bad format), in the four
 * languages, from zod's locales. A rule a schema words itself comes from the catalogue
 * (src/i18n/messages/rules.ts), and so does a length or a bound: zod's locales name the value's type in English
 * there ("Zu groß: erwartet, dass number <=100 ist").
 */
import { z } from "zod";
import type { Lang } from "./mod.ts";
import { rule } from "./messages/mod.ts";

/** A text's length or a number's bound as a catalogue rule (said by the door like a schema's); else undefined. */
function boundRule(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== "too_small" && issue.code !== "too_big") return undefined;
  if (issue.inclusive === false) return undefined;
  const origin = issue.origin;
  if (issue.code === "too_small") {
    const min = Number(issue.minimum);
    if (origin === "string") return min === 1 ? rule("rule.notEmpty") : rule("rule.minChars", { min });
    if (origin === "number" || origin === "int") return rule("rule.atLeast", { min });
    return undefined;
  }
  const max = Number(issue.maximum);
  if (origin === "string") return rule("rule.maxChars", { max });
  if (origin === "number" || origin === "int") return rule("rule.atMost", { max });
  return undefined;
}

function wording(locale: () => { localeError: z.core.$ZodErrorMap }): z.core.$ZodErrorMap {
  const zods = locale().localeError;
  return (issue) => boundRule(issue) ?? zods(issue);
}

/** The error map of each language, passed to `safeParse` by the doors that answer a person. */
export const ZOD_LOCALES: Readonly<Record<Lang, z.core.$ZodErrorMap>> = {
  de: wording(z.locales.de),
  en: wording(z.locales.en),
  fr: wording(z.locales.fr),
  it: wording(z.locales.it),
};
