/**
 * The field types every door's input is checked with, so each rule is written once: a calendar date, a time of
 * day, a project code, a break, a time entry's description, an approver's note, a leave type code, a person's
 * language, a working-weekday pattern, a workload, a salary-continuation scale, an AHV number, an IBAN, a canton,
 * an e-mail address, a phone number, a postal code, a country, a code list's key. The services check their input with them (`checkField`, or inside the service's own list of
 * problems), whichever door it came through; the portal's OpenAPI document and the connector's tool schemas are
 * built from the same types. Which door takes which field: docs/fields.md.
 */
import { z } from "zod";
import { isCanton, isPlausibleDate, isValidDate } from "./calendar.ts";
import { LANGS } from "../i18n/mod.ts";
import type { MessageId, MessageParams } from "../i18n/messages/mod.ts";
import { rule, typeRule } from "../i18n/messages/mod.ts";
import { refusal } from "../errors.ts";
import { SALARY_SCALES } from "./sick.ts";

/**
 * A calendar-valid date `YYYY-MM-DD` (see `isValidDate`) from 1900-01-01 to 2100-12-31 (`isPlausibleDate`):
 * no door takes a date outside, whatever the field.
 */
export const isoDate = z.string({ error: typeRule("rule.date") })
  .refine(isValidDate, { message: rule("rule.dateExists") })
  .refine((s) => dateProblem(s) !== "range", {
    message: rule("rule.dateRange"),
  })
  .meta({ format: "date", example: "2026-11-18" });

/**
 * The one rule for a date any door takes, for the services that list their problems in their own words:
 * `"format"` when it is no calendar day `YYYY-MM-DD`, `"range"` when it lies outside 1900-01-01 to 2100-12-31
 * (a year typed 9999 is a slip, and a record dated there makes the installation's own export a file it
 * refuses), else null. `isoDate` is the same rule as a schema.
 */
export function dateProblem(value: string): "format" | "range" | null {
  if (!isValidDate(value)) return "format";
  return isPlausibleDate(value) ? null : "range";
}

/** A time of day `HH:MM` (00:00–23:59). */
export const hhmm = z.string({ error: typeRule("rule.time") })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: rule("rule.timeRange") })
  .meta({ example: "08:00" });

/**
 * A project code as time-keeping systems write them: 1 to 32 letters, digits, `.`, `_` and `-` (e.g.
 * `PLAT-OPS`, `P-1042`), without spaces, so it can be matched and exported as it is.
 */
export const projectCode = z.string().trim().regex(/^[A-Za-z0-9._-]{1,32}$/, {
  message: rule("rule.projectCode"),
}).meta({ example: "PLAT-OPS" });

/** An unpaid break in whole minutes, 0 to 1440 (a day). */
export const breakMinutes = z.int({ error: typeRule("rule.wholeMinutes") })
  .min(0, { message: rule("rule.atLeast", { min: 0 }) })
  .max(1440, { message: rule("rule.atMost", { max: 1440 }) });

/** The longest description a time entry keeps (the time service refuses a longer one, `checkTextLength`). */
export const MAX_ENTRY_DESCRIPTION = 2000;

/** A time entry's description: free text of at most 2000 characters. */
export const entryDescription = z.string().trim().max(MAX_ENTRY_DESCRIPTION, {
  message: rule("rule.maxChars", { max: MAX_ENTRY_DESCRIPTION }),
});

/**
 * The longest note an approver adds to a decision (a leave request, a cancellation, a week's time sheet): the
 * person it concerns reads it. The decisions refuse a longer one (`checkTextLength`), whichever door it came
 * through.
 */
export const MAX_DECISION_NOTE = 1000;

/** An approver's note on a decision: free text of at most 1000 characters. */
export const decisionNote = z.string().trim().max(MAX_DECISION_NOTE, {
  message: rule("rule.maxChars", { max: MAX_DECISION_NOTE }),
});

/**
 * A leave type code as a request names it (e.g. `VACATION`): 1 to 40 characters. Whether a type with the code
 * exists is the leave service's to say (`leave.unknownType`, naming the field), whichever door asked.
 */
export const leaveTypeCode = z.string({ error: rule("rule.leaveTypeCode") }).min(1).max(40);

/** A person's language: German, English, French or Italian. */
export const language = z.enum(LANGS);

/** `language` as a JSON body takes it, refused saying the languages (`LANGS`, the one list) it could be. */
export const languageChoice = z.enum(LANGS, {
  error: rule("rule.either", { first: LANGS.slice(0, -1).join(", "), last: LANGS[LANGS.length - 1] }),
});

/**
 * A salary-continuation scale (the court scale applied during illness): one of `SALARY_SCALES`, written in
 * capitals; a lower-case value from a spreadsheet is read as the same scale.
 */
export const salaryScale = z.string().trim().toUpperCase().pipe(z.enum(SALARY_SCALES));

/** A working-weekday pattern: ISO weekdays 1 (Monday) to 7, each at most once, at least one. */
export const weekdayPattern = z.array(z.int().min(1).max(7)).min(1).refine(
  (d) => new Set(d).size === d.length,
  {
    message: rule("rule.weekdaysOnce"),
  },
);

/** A workload in percent of full time: above 0, at most 100 (a change to 0 % is a leaving, not a workload). */
export const workloadPercent = z.number().gt(0).max(100);

/** Whether the 13 digits of an AHV number end in their EAN-13 check digit. */
function ahvCheckDigitOk(s: string): boolean {
  const d = s.replaceAll(".", "").split("").map(Number);
  const sum = d.slice(0, 12).reduce((acc, n, i) => acc + n * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === d[12];
}

/**
 * An AHV (social insurance) number as written on the card (AHVN13): `756.XXXX.XXXX.XX` whose last digit is the
 * EAN-13 check digit, so a digit typed wrong is caught wherever the number is entered.
 */
export const ahvNumber = z.string().trim().regex(/^756\.\d{4}\.\d{4}\.\d{2}$/).refine(ahvCheckDigitOk);

/**
 * Normalises an IBAN (no spaces, upper case) and checks it: 15 to 34 characters, 21 for Switzerland and
 * Liechtenstein, and the ISO 13616 mod-97 check, so a digit typed wrong is caught wherever it is entered.
 * Null when it is not an IBAN.
 */
export function normaliseIban(s: string): string | null {
  const v = s.replaceAll(" ", "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v)) return null;
  if ((v.startsWith("CH") || v.startsWith("LI")) && v.length !== 21) return null;
  const moved = v.slice(4) + v.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const n = ch >= "A" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of n) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1 ? v : null;
}

/**
 * Whether a text is an e-mail address as the service takes one for a person (work e-mail, sign-in, an
 * invitation, an application): something@domain.tld without spaces, at most 254 characters (RFC 5321's path).
 */
export function isEmailAddress(s: string): boolean {
  return s.length <= 254 && /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s);
}

/** A canton code, e.g. `BE` (lower case is read as the same code): one of the 26 (`isCanton`, the one list). */
export const canton = z.string().trim().toUpperCase().refine(isCanton);

/** A pattern that also takes the empty text: where a door's empty box or `""` clears the field. */
function orEmpty(pattern: RegExp): RegExp {
  return new RegExp(`^(${pattern.source.slice(1, -1)})?$`);
}

/**
 * A phone number as people write one (a person's own, their emergency contact's): 6 to 30 digits, spaces and
 * `( ) . / -`, with a `+` in front for the international form, so `+41 31 123 45 67` and `031 123 45 67` pass
 * and a sentence ("call me maybe") does not.
 */
const PHONE = /^\+?[0-9 ()./-]{6,30}$/;
export const phoneNumber = z.string().trim().regex(PHONE, { message: rule("rule.phone") })
  .meta({ example: "+41 31 123 45 67" });
/** `phoneNumber`, or the empty text that clears it. */
export const phoneNumberOrEmpty = z.string({ error: typeRule("rule.stringOrNull") }).trim()
  .regex(orEmpty(PHONE), { message: rule("rule.phone") });

/**
 * A postal code: 1 to 10 letters, digits, spaces and `-`, the Swiss four digits (3011) as well as a
 * neighbouring country's (D-79539, F-68300) or the United Kingdom's (SW1A 1AA).
 */
const POSTAL_CODE = /^[A-Za-z0-9 -]{1,10}$/;
export const postalCode = z.string().trim().regex(POSTAL_CODE, { message: rule("rule.postalCode") });
/** `postalCode`, or the empty text that clears it. */
export const postalCodeOrEmpty = z.string({ error: typeRule("rule.stringOrNull") }).trim()
  .regex(orEmpty(POSTAL_CODE), { message: rule("rule.postalCode") });

/** A country as its ISO 3166-1 alpha-2 code, e.g. `CH` (lower case is read as the same code). */
const COUNTRY = /^[A-Z]{2}$/;
export const countryCode = z.string().trim().toUpperCase().regex(COUNTRY, {
  message: rule("rule.countryCode"),
});
/** `countryCode`, or the empty text that clears it. */
export const countryCodeOrEmpty = z.string({ error: typeRule("rule.stringOrNull") }).trim().toUpperCase()
  .regex(orEmpty(COUNTRY), { message: rule("rule.countryCode") });

/**
 * The key of a code list the organisation defines (a leave type, a stage, an onboarding template): an
 * upper-case letter, then upper-case letters, digits and `_`, at most 40 in all (e.g. `VACATION`, `DEFAULT`),
 * so it reads the same in a file, an address and an export.
 */
export const CODE_KEY = /^[A-Z][A-Z0-9_]{0,39}$/;
/** `CODE_KEY` as a form's `pattern` attribute, beside its `maxlength` of 40 (the browser's hint only). */
export const CODE_KEY_HTML = "[A-Z][A-Z0-9_]*";
/** A code list's key as the configuration file gives it, its refusal showing `example`. */
export function codeKey(example: string) {
  return z.string().regex(CODE_KEY, {
    message: `must be upper-case letters, digits and _ (e.g. ${example})`,
  });
}

/**
 * A field's rule as the services apply it: the zod type every door documents, and the catalogue text the
 * service refuses a value with, so the refusal reads the same whichever door the value came through.
 */
export interface FieldRule {
  readonly schema: z.ZodType;
  readonly id: MessageId;
  readonly params?: (value: unknown) => MessageParams;
}

/**
 * The field rules the services refuse with one of their own texts (`checkField`). The other field types are
 * checked where a service gathers several problems at once (a workload change, an employee file row).
 */
export const FIELD_RULES = {
  projectCode: { schema: projectCode, id: "field.projectCode" },
  date: { schema: isoDate, id: "field.date" },
  language: { schema: language, id: "field.language", params: () => ({ langs: LANGS.join(", ") }) },
  phone: { schema: phoneNumber, id: "field.phone" },
  postalCode: { schema: postalCode, id: "field.postalCode" },
  country: { schema: countryCode, id: "field.country" },
} as const satisfies Record<string, FieldRule>;

/**
 * The value checked against its field's rule (its parsed form: trimmed, upper-cased where the rule says so),
 * or a `validation` refusal naming `field` (the service input's name) with the rule's catalogue text. An
 * absent value (`undefined`) passes: whether a field is required is the input's business, not the rule's.
 */
export function checkField<T>(rule: FieldRule, value: T, field: string): T {
  if (value === undefined) return value;
  const r = rule.schema.safeParse(value);
  if (r.success) return r.data as T;
  throw refusal("validation", rule.id, { value: String(value), ...rule.params?.(value) }, { field });
}

/** A free text checked against its longest length, refused naming `field` when longer. */
export function checkTextLength(value: string | undefined, max: number, field: string): string | undefined {
  if (value === undefined) return value;
  const length = value.trim().length;
  if (length > max) throw refusal("validation", "field.textTooLong", { max, length }, { field });
  return value.trim();
}
