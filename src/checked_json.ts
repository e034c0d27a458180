/**
 * An answer checked against its zod schema and written as JSON: what `JSON.stringify(schema.parse(v))` gives,
 * byte for byte, without building the parsed copy when the value already is that copy.
 *
 * Why: a list read computed afresh spent about a fifth of its time in zod's check, most of it making a new
 * object for every row and every nested record, which `JSON.stringify` then wrote out instead of the original.
 * When the value has exactly the schema's keys in the schema's order, and every value fits, that copy is
 * equal to the value and writes the same JSON. So a check is put together once per schema from its definition
 * (`schema._zod.def`, zod's documented way to read a schema) that walks the value without copying it, and the
 * value itself is written with the native `JSON.stringify`.
 *
 * It only ever says yes when zod's copy would write the same: plain strings, numbers, integers, booleans, null,
 * enums, literals, plain objects (strict or not), arrays and their limits on length, string-keyed records,
 * optional and nullable are checked by zod's own rules for them (an object's keys in the schema's order, an
 * optional key left out or undefined, a strict object's unknown key refused, a number finite, an integer
 * safe), and a string's refinements, patterns and lengths and a number's bounds are run as zod runs them.
 * Anything else (formats, transforms, defaults, unions, a key zod would drop, keys in another order) makes the
 * check say no, and the caller runs zod on the whole value: its answer, or its refusal and message, are zod's.
 */
import type { z } from "zod";

/** Whether a value is exactly what zod's parse would give back for it. */
type Check = (v: unknown) => boolean;

/** What this module reads of a schema's definition (zod 4's `_zod.def`). */
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  coerce?: boolean;
  format?: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  innerType?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
}

/** A check's definition: `refine` makes `custom` ones; arrays' `.min`/`.max`/`.length` the length ones. */
interface CheckDef {
  check: string;
  fn?: (v: unknown) => unknown;
  when?: unknown;
  abort?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: unknown;
  value?: unknown;
  inclusive?: boolean;
}

const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Says no: zod decides. */
const never: Check = () => false;

const str: Check = (v) => typeof v === "string";
const num: Check = (v) => typeof v === "number" && Number.isFinite(v);
const int: Check = (v) => Number.isSafeInteger(v);
const bool: Check = (v) => typeof v === "boolean";
const nul: Check = (v) => v === null;

/** An object as `JSON.parse` or a literal makes them (not an array, not a class's instance). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

const checks = new WeakMap<z.ZodType, Check>();

function checkOf(schema: z.ZodType): Check {
  const known = checks.get(schema);
  if (known) return known;
  // A schema that contains itself (a getter in its shape) meets its own check while it is being made.
  const cell: { made?: Check } = {};
  checks.set(schema, (v) => cell.made!(v));
  const made = cell.made = make(schema);
  checks.set(schema, made);
  return made;
}

function make(schema: z.ZodType): Check {
  const d = defOf(schema);
  if (d.coerce) return never;
  switch (d.type) {
    case "string": {
      if (d.format !== undefined) return never;
      const rules = stringRules(d);
      if (!rules) return never;
      if (!rules.length) return str;
      return (v) => {
        if (typeof v !== "string") return false;
        for (let i = 0; i < rules.length; i++) if (!rules[i](v)) return false;
        return true;
      };
    }
    case "number": {
      // `z.int()`: a number whose format is a safe integer; any other format is zod's.
      const base = d.format === "safeint" ? int : d.format === undefined ? num : never;
      const bounds = numberBounds(d);
      if (!bounds || base === never) return never;
      if (!bounds.length) return base;
      return (v) => {
        if (!base(v)) return false;
        for (let i = 0; i < bounds.length; i++) if (!bounds[i](v as number)) return false;
        return true;
      };
    }
    case "boolean":
      return d.checks?.length ? never : bool;
    case "null":
      return nul;
    case "enum": {
      if (d.checks?.length) return never;
      // zod's own reading of an enum's entries: a TypeScript numeric enum's reverse keys are not values.
      const entries = d.entries ?? {};
      const numbers = Object.values(entries).filter((v) => typeof v === "number");
      const values = new Set<unknown>(
        Object.entries(entries).filter(([k]) => !numbers.includes(+k)).map(([, v]) => v),
      );
      return (v) => values.has(v);
    }
    case "literal": {
      if (d.checks?.length) return never;
      const values = new Set(d.values ?? []);
      return (v) => values.has(v);
    }
    case "optional": {
      if (d.checks?.length) return never;
      const inner = checkOf(d.innerType!);
      return (v) => v === undefined || inner(v);
    }
    case "nullable": {
      if (d.checks?.length) return never;
      const inner = checkOf(d.innerType!);
      return (v) => v === null || inner(v);
    }
    case "array": {
      const sizes = lengthLimits(d);
      if (!sizes) return never;
      const [min, max] = sizes;
      const element = checkOf(d.element!);
      return (v) => {
        // An undefined element would be `null` in JSON, whatever zod made of it: zod decides.
        if (!Array.isArray(v) || v.length < min || v.length > max) return false;
        for (let i = 0; i < v.length; i++) if (v[i] === undefined || !element(v[i])) return false;
        return true;
      };
    }
    case "record": {
      if (d.checks?.length) return never;
      const key = defOf(d.keyType!);
      if (key.type !== "string" || key.checks?.length || key.format !== undefined || key.coerce) return never;
      const value = checkOf(d.valueType!);
      return (v) => {
        if (!isPlainObject(v)) return false;
        const keys = Object.keys(v);
        // zod copies every own key; one JSON would not write (a symbol, a hidden one) is zod's to handle.
        if (Reflect.ownKeys(v).length !== keys.length) return false;
        for (let i = 0; i < keys.length; i++) {
          const x = v[keys[i]];
          if (x === undefined || !value(x)) return false;
        }
        return true;
      };
    }
    case "object":
      return objectCheck(d);
    default:
      return never;
  }
}

/**
 * A string's checks as zod runs them, each true when it passes: a refinement (`refine`; an answer other than
 * `true` is left to zod), a pattern (`regex`, tested from its start as zod does), a least or greatest length;
 * null when it has another kind (a format, a trim that changes the value) or a refinement that runs only
 * sometimes.
 */
function stringRules(d: Def): ((v: string) => boolean)[] | null {
  const out: ((v: string) => boolean)[] = [];
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === "custom" && typeof cd.fn === "function" && cd.when === undefined) {
      const fn = cd.fn;
      out.push((v) => fn(v) === true);
    } else if (cd.check === "string_format" && cd.format === "regex" && cd.pattern instanceof RegExp) {
      const pattern = cd.pattern;
      out.push((v) => {
        pattern.lastIndex = 0;
        return pattern.test(v);
      });
    } else if (cd.check === "max_length" && typeof cd.maximum === "number") {
      const max = cd.maximum;
      out.push((v) => v.length <= max);
    } else if (cd.check === "min_length" && typeof cd.minimum === "number") {
      const min = cd.minimum;
      out.push((v) => v.length >= min);
    } else return null;
  }
  return out;
}

/**
 * A number's least and greatest values (`.min`, `.max`, `.gt`, `.positive`, …) and `.int()`; null for any other
 * check.
 */
function numberBounds(d: Def): ((v: number) => boolean)[] | null {
  const out: ((v: number) => boolean)[] = [];
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === "number_format" && cd.format === "safeint") {
      out.push(Number.isSafeInteger);
      continue;
    }
    const value = cd.value;
    if (typeof value !== "number" || cd.when !== undefined) return null;
    if (cd.check === "greater_than") out.push(cd.inclusive ? (v) => v >= value : (v) => v > value);
    else if (cd.check === "less_than") out.push(cd.inclusive ? (v) => v <= value : (v) => v < value);
    else return null;
  }
  return out;
}

/**
 * An array's limits on its length (`.min`, `.max`, `.length`, `.nonempty`) as [min, max]; null when it has
 * any other check.
 */
function lengthLimits(d: Def): [number, number] | null {
  let min = 0;
  let max = Infinity;
  for (const c of d.checks ?? []) {
    const cd = c._zod.def;
    if (cd.check === "max_length" && typeof cd.maximum === "number") max = Math.min(max, cd.maximum);
    else if (cd.check === "min_length" && typeof cd.minimum === "number") min = Math.max(min, cd.minimum);
    else if (cd.check === "length_equals" && typeof cd.length === "number") {
      min = Math.max(min, cd.length);
      max = Math.min(max, cd.length);
    } else return null;
  }
  return [min, max];
}

function objectCheck(d: Def): Check {
  if (d.checks?.length) return never;
  const catchall = d.catchall ? defOf(d.catchall).type : undefined;
  // `z.strictObject` refuses an unknown key; `z.object` drops it (so its copy differs: zod decides).
  if (catchall !== undefined && catchall !== "never") return never;
  const shape = d.shape!;
  const keys = Object.keys(shape);
  if (keys.includes("__proto__")) return never;
  const position = new Map(keys.map((k, i) => [k, i]));
  const fields = keys.map((k) => checkOf(shape[k]));
  // A key the value may leave out: optional (its check takes undefined). The others must be there.
  const required = keys.map((k) => defOf(shape[k]).type !== "optional");
  const requiredCount = required.filter(Boolean).length;
  return (v) => {
    if (!isPlainObject(v)) return false;
    let last = -1;
    let seen = 0;
    for (const k in v) {
      const at = position.get(k);
      // An unknown key, or one out of the schema's order (zod's copy would write them in its order).
      if (at === undefined || at <= last) return false;
      last = at;
      const x = v[k];
      if (required[at]) {
        if (x === undefined) return false;
        seen++;
      }
      if (!fields[at](x)) return false;
    }
    return seen === requiredCount;
  };
}

/** Whether `value` is exactly zod's copy of itself under `schema` (then it is written as it is). */
export function fitsAsIs(schema: z.ZodType, value: unknown): boolean {
  return checkOf(schema)(value);
}

/**
 * `JSON.stringify(schema.parse(value))`: the value written as it is when it is exactly zod's copy of itself,
 * else zod's parse (and its error) written out.
 */
export function checkedJson(schema: z.ZodType, value: unknown): string {
  if (checkOf(schema)(value)) {
    written.asIs++;
    return JSON.stringify(value);
  }
  written.byZod++;
  return JSON.stringify(schema.parse(value));
}

/** How many answers were written as they were, and how many zod copied first (for the tests). */
const written = { asIs: 0, byZod: 0 };
export function writtenCounts(): { asIs: number; byZod: number } {
  return { ...written };
}
