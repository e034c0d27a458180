/**
 * The one catalogue of what the service says when it refuses something: a stable id per refusal, its text in
 * the four languages people read (German the source), with `{name}` parameters. Services throw
 * `refusal(code, id, params)` (src/errors.ts) and never write a sentence themselves; each door says it in the
 * reader's language when it answers: the portal (the account's language, else Accept-Language), the HR
 * console (the reader's), the connector's tool errors (the person's) and the e-mails (the recipient's).
 *
 * The catalogue is split by area only to keep the files readable; ids are unique across all of them (a test
 * checks it, and that every text has all four languages with the same parameters).
 */
import { type Lang, LANGS } from "../mod.ts";
import { COMMON_MESSAGES } from "./common.ts";
import { LEAVE_MESSAGES } from "./leave.ts";
import { TIME_MESSAGES } from "./time.ts";
import { SELF_MESSAGES } from "./self.ts";
import { HR_MESSAGES } from "./hr.ts";
import { FIELD_MESSAGES } from "./fields.ts";
import { RECORD_MESSAGES } from "./records.ts";
import { RULE_MESSAGES } from "./rules.ts";

import type { Catalogue, Texts } from "./types.ts";
export type { Catalogue, Texts };

/** Every area's part, for the test that checks ids are unique. */
export const CATALOGUE_PARTS: Readonly<Record<string, Catalogue>> = {
  common: COMMON_MESSAGES,
  leave: LEAVE_MESSAGES,
  time: TIME_MESSAGES,
  self: SELF_MESSAGES,
  hr: HR_MESSAGES,
  fields: FIELD_MESSAGES,
  records: RECORD_MESSAGES,
  rules: RULE_MESSAGES,
};

/** The whole catalogue. */
export const MESSAGES = {
  ...COMMON_MESSAGES,
  ...LEAVE_MESSAGES,
  ...TIME_MESSAGES,
  ...SELF_MESSAGES,
  ...HR_MESSAGES,
  ...FIELD_MESSAGES,
  ...RECORD_MESSAGES,
  ...RULE_MESSAGES,
} as const;

/** The id of a refusal in the catalogue. */
export type MessageId = keyof typeof MESSAGES;

/**
 * Values of a text's `{name}` parameters. A day `YYYY-MM-DD` is shown as Swiss readers write it. A value may
 * itself be a catalogue text (said in the same language) or a list of them (joined with "; "): a refusal
 * that lists several problems ("Nothing was recorded: {problems}") says each in the reader's language.
 */
export type MessageParams = Readonly<Record<string, ParamValue>>;
/** One parameter's value. */
export type ParamValue =
  | string
  | number
  /** A name the data holds in each language (a leave type's): the reader's. */
  | { readonly inLang: Readonly<Record<Lang, string>> }
  /** Alternatives, joined as the language says "a, b or c" (`Intl.ListFormat`, disjunction). */
  | { readonly anyOf: readonly string[] }
  | { readonly id: MessageId; readonly params?: MessageParams }
  | readonly { readonly id: MessageId; readonly params?: MessageParams }[];

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const DECIMALS = Object.fromEntries(
  LANGS.map((l) => [
    l,
    new Intl.NumberFormat(`${l}-CH`, { maximumFractionDigits: 2, useGrouping: false }),
  ]),
) as Record<Lang, Intl.NumberFormat>;

const ALTERNATIVES = Object.fromEntries(
  LANGS.map((
    l,
  ) => [l, new Intl.ListFormat(`${l}-CH`, { type: "disjunction" })]),
) as Record<Lang, Intl.ListFormat>;

/** A parameter as it is shown: a day as 25.11.2026 (the Swiss form in all four languages), else as it is. */
export function shown(v: ParamValue, lang: Lang): string {
  // A whole number as it is (years, counts: no grouping); a fraction with the language's Swiss decimal mark
  // (CLDR: 3,5 in fr-CH, 3.5 in de-CH, it-CH and en-CH).
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : DECIMALS[lang].format(v);
  if (typeof v === "string") {
    const m = ISO_DAY.exec(v);
    return m ? `${m[3]}.${m[2]}.${m[1]}` : v;
  }
  // French typography puts a space before a semicolon. An item written as a sentence of its own (an employee
  // record's problem) loses its full stop inside the list; the text around the list ends it.
  if ("anyOf" in v) return ALTERNATIVES[lang].format(v.anyOf);
  if (Array.isArray(v)) {
    return v.map((x) => say(x.id, lang, x.params).replace(/\.$/, "")).join(lang === "fr" ? " ; " : "; ");
  }
  if ("inLang" in v) return v.inLang[lang];
  const one = v as { id: MessageId; params?: MessageParams };
  return say(one.id, lang, one.params);
}

/** The text of a catalogue id in a language, its parameters filled. An unknown id is a bug and throws. */
export function say(id: MessageId, lang: Lang, params: MessageParams = {}): string {
  const texts = (MESSAGES as Record<string, Texts>)[id];
  if (!texts) throw new Error(`no message "${id}" in the catalogue`);
  return texts[lang].replace(/\{(\w+)\}/g, (m, k) => (k in params ? shown(params[k], lang) : m));
}

/** The JSON types a door names in "expected a number, not a string" (`jsonType.*` in common.ts). */
type JsonType = "string" | "number" | "int" | "boolean" | "object" | "array" | "null";
const JSON_TYPES: ReadonlySet<string> = new Set<JsonType>([
  "string",
  "number",
  "int",
  "boolean",
  "object",
  "array",
  "null",
]);

/** A JSON value's type as a catalogue text ("a number"), for "expected …, not …". */
export function jsonTypeOf(value: unknown): { id: MessageId } {
  if (value === null) return { id: "jsonType.null" };
  if (Array.isArray(value)) return { id: "jsonType.array" };
  const t = typeof value;
  return { id: t === "string" || t === "number" || t === "boolean" ? `jsonType.${t}` : "jsonType.object" };
}

/** The type a schema expected (zod's `expected`: string, int, object, …) as a catalogue text, or as zod names it. */
export function expectedType(expected: string | undefined): ParamValue {
  return expected && JSON_TYPES.has(expected) ? { id: `jsonType.${expected as JsonType}` } : expected ?? "?";
}

/** The id of an input rule's wording (src/i18n/messages/rules.ts). */
export type RuleId = keyof typeof RULE_MESSAGES;
/** A rule's parameters: plain values, written into the schema's message. */
export type RuleParams = Readonly<Record<string, string | number>>;

/**
 * An input rule's message as a zod schema carries it (`{ message: rule("rule.phone") }`): the catalogue id,
 * with its parameters as JSON after it, never a sentence. Each door reads it back (`ruleText`) and says it in
 * its reader's language, so a rule is worded once, in the catalogue, for every door.
 */
export function rule(id: RuleId, params?: RuleParams): string {
  return params ? `${id}${JSON.stringify(params)}` : id;
}

/**
 * A schema's wording of a value of the wrong type only (`z.string({ error: typeRule("rule.string") })`): a
 * schema-wide message would word its length or range checks too ("must be a string" for a token too short);
 * those keep their own message or the door's wording of zod's.
 */
export function typeRule(id: RuleId, params?: RuleParams): (issue: { code?: string }) => string | undefined {
  return (issue) => issue.code === "invalid_type" ? rule(id, params) : undefined;
}

/** A schema message written by `rule`, as a catalogue text; undefined for any other message (zod's own). */
export function ruleText(message: string): { id: MessageId; params?: MessageParams } | undefined {
  const brace = message.indexOf("{");
  const id = brace < 0 ? message : message.slice(0, brace);
  if (!id.startsWith("rule.") || !Object.hasOwn(RULE_MESSAGES, id)) return undefined;
  if (brace < 0) return { id: id as MessageId };
  try {
    return { id: id as MessageId, params: JSON.parse(message.slice(brace)) };
  } catch {
    return undefined;
  }
}

/** A schema issue's message in a language: a rule's from the catalogue, anything else as zod wrote it. */
export function issueMessage(message: string, lang: Lang): string {
  const r = ruleText(message);
  return r ? say(r.id, lang, r.params) : message;
}

/** A column the texts name in the reader's language; another column is named as the file names it. */
type NamedField = keyof typeof RECORD_MESSAGES extends infer K
  ? K extends `recordField.${infer F}` ? F : never
  : never;

function isNamedField(field: string): field is NamedField {
  return `recordField.${field}` in RECORD_MESSAGES;
}

/** A problem code that has its text; the service's `RecordProblemCode` must be one, which its callers check. */
type RecordCode = keyof typeof RECORD_MESSAGES extends infer K ? K extends `record.${infer C}` ? C : never
  : never;

/**
 * What the texts need of a record's problem (`RecordProblem` of src/services/employee_records.ts; declared
 * here by its shape, since the services sit above the catalogue).
 */
interface ProblemShape {
  field: string;
  code: RecordCode;
  value?: string | number;
  firstLine?: number;
}

/** One problem of an employee record (texts: `records.ts`) as a catalogue text and its parameters (every code has its text). */
export function recordProblemMessage(
  problem: ProblemShape,
): { id: `record.${RecordCode}` & MessageId; params: MessageParams } {
  const field = problem.field;
  return {
    id: `record.${problem.code}`,
    params: {
      field: isNamedField(field) ? { id: `recordField.${field}` } : field,
      number: problem.value ?? "",
      line: problem.firstLine ?? "",
    },
  };
}
