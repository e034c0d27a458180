/**
 * zod's own wording of a rule a schema does not word itself (too long, too small, not one of the values), in
 * the four languages, from zod's locales. A rule a schema words itself comes from the catalogue
 * (src/i18n/messages/rules.ts).
 */
import { z } from "zod";
import type { Lang } from "./mod.ts";

/** The error map of each language, passed to `safeParse` by the doors that answer a person. */
export const ZOD_LOCALES: Readonly<Record<Lang, z.core.$ZodErrorMap>> = {
  de: z.locales.de().localeError,
  en: z.locales.en().localeError,
  fr: z.locales.fr().localeError,
  it: z.locales.it().localeError,
};
