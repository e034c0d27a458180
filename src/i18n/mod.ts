/**
 * Languages of the texts people read: German is the source, English, French and Italian are translations.
 * A person's language comes from their account; before sign-in, from the request (`ui_locales`, then
 * Accept-Language). Anything else falls back to German.
 */
export const LANGS = ["de", "en", "fr", "it"] as const;
export type Lang = typeof LANGS[number];

/**
 * The same languages in the order Swiss forms, the configuration file and the holiday table show them: the
 * national languages German, French, Italian, then English.
 */
export const LANGS_SWISS_ORDER = ["de", "fr", "it", "en"] as const satisfies readonly Lang[];
// A language added to `LANGS` and not here fails the type check: the two are the same set.
const _sameLanguages: Exclude<Lang, typeof LANGS_SWISS_ORDER[number]> extends never ? true : never = true;
void _sameLanguages;

/** Whether a string is one of the supported languages. */
export function isLang(s: unknown): s is Lang {
  return typeof s === "string" && (LANGS as readonly string[]).includes(s);
}

/**
 * Picks the first supported language from space-separated `ui_locales` (OpenID Connect Core §3.1.2.1) or
 * an Accept-Language header (RFC 9110 §12.5.4, weights honoured), else German.
 */
export function negotiateLang(uiLocales?: string | null, acceptLanguage?: string | null): Lang {
  for (const tag of (uiLocales ?? "").split(/\s+/)) {
    const l = tag.slice(0, 2).toLowerCase();
    if (isLang(l)) return l;
  }
  const ranked = (acceptLanguage ?? "").split(",").map((part, i) => {
    const [tag, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return { lang: tag.slice(0, 2).toLowerCase(), q: q === undefined ? 1 : Number(q), i };
  }).filter((x) => x.q > 0).sort((a, b) => b.q - a.q || a.i - b.i);
  for (const r of ranked) if (isLang(r.lang)) return r.lang;
  return "de";
}

/** A stored language value as a language, German for anything unknown. */
export function langOr(s: unknown): Lang {
  return isLang(s) ? s : "de";
}

/** Fills `{name}` placeholders. Values are plain text; the pages escape them when rendering. */
export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
}
