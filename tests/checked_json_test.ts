/**
 * `checkedJson` writes what `JSON.stringify(schema.parse(value))` writes, byte for byte, and refuses what zod
 * refuses, with zod's own error; it skips zod's copy only when the value is that copy already (`fitsAsIs`).
 */
import assert from "node:assert/strict";
import { z } from "zod";
import { checkedJson, fitsAsIs } from "../src/checked_json.ts";
import { isoDate } from "../src/domain/fields.ts";

/** zod's answer for a value: its JSON, or the ZodError's issues. */
function byZod(schema: z.ZodType, value: unknown): string {
  try {
    return JSON.stringify(schema.parse(value));
  } catch (e) {
    assert.ok(e instanceof z.ZodError, String(e));
    return `refused ${JSON.stringify(e.issues)}`;
  }
}

function written(schema: z.ZodType, value: unknown): string {
  try {
    return checkedJson(schema, value);
  } catch (e) {
    assert.ok(e instanceof z.ZodError, String(e));
    return `refused ${JSON.stringify(e.issues)}`;
  }
}

const Row = z.strictObject({
  id: z.string(),
  date: isoDate,
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  code: z.string().min(1).max(4),
  days: z.number(),
  year: z.int(),
  weekday: z.int().min(1).max(7),
  share: z.number().gt(0).lt(1),
  size: z.number().int(),
  status: z.enum(["OPEN", "DONE"]),
  kind: z.literal("row"),
  done: z.boolean(),
  note: z.string().optional(),
  approver: z.strictObject({ id: z.string(), name: z.string() }).nullable(),
  byYear: z.record(z.string(), z.number()),
  tags: z.array(z.string()).max(2),
});
const Page = z.strictObject({ items: z.array(Row).max(3), next: z.string().nullable() });
const Loose = z.object({ a: z.string(), b: z.number().optional() });
enum Level {
  Low = 1,
  High = 2,
}
const Leveled = z.strictObject({ level: z.enum(Level) });

const row = () => ({
  id: "r1",
  date: "2026-11-18",
  time: "08:30",
  code: "AB",
  days: 2.5,
  year: 2026,
  weekday: 3,
  share: 0.5,
  size: 12,
  status: "OPEN",
  kind: "row",
  done: false,
  note: "Zürich «Büro» \u2028",
  approver: { id: "e1", name: "Anna" },
  byYear: { "2026": 1.5, "2027": 1 },
  tags: ["a"],
});

Deno.test("checked JSON: a value that is zod's copy of itself is written as it is, the same bytes", () => {
  const page = { items: [row(), { ...row(), note: undefined, approver: null, tags: [] }], next: null };
  assert.equal(fitsAsIs(Page, page), true);
  assert.equal(checkedJson(Page, page), JSON.stringify(Page.parse(page)));
  const { note: _left, ...withoutNote } = row();
  assert.equal(fitsAsIs(Row, withoutNote), true);
  assert.equal(checkedJson(Row, withoutNote), byZod(Row, withoutNote));
  assert.equal(fitsAsIs(Leveled, { level: 2 }), true);
});

Deno.test("checked JSON: whatever zod would copy differently or refuse goes through zod, with zod's answer", () => {
  const cases: [string, z.ZodType, unknown][] = [
    ["keys in another order (zod writes the schema's)", Row, (({ id, ...r }) => ({ ...r, id }))(row())],
    ["an unknown key of a strict object", Row, { ...row(), extra: 1 }],
    ["an unknown key of a loose object (zod drops it)", Loose, { a: "x", extra: 1 }],
    ["a missing required key", Row, (({ id: _id, ...r }) => r)(row())],
    ["a required key undefined", Row, { ...row(), id: undefined }],
    ["not a date", Row, { ...row(), date: "2026-02-30" }],
    ["a date outside 1900–2100", Row, { ...row(), date: "2101-01-01" }],
    ["not a time", Row, { ...row(), time: "24:00" }],
    ["a code too long", Row, { ...row(), code: "ABCDE" }],
    ["a code too short", Row, { ...row(), code: "" }],
    ["NaN", Row, { ...row(), days: NaN }],
    ["Infinity", Row, { ...row(), days: Infinity }],
    ["a fraction for an integer", Row, { ...row(), year: 2026.5 }],
    ["an integer beyond 2^53", Row, { ...row(), year: 2 ** 53 }],
    ["below a least value", Row, { ...row(), weekday: 0 }],
    ["above a greatest value", Row, { ...row(), weekday: 8 }],
    ["at an exclusive bound", Row, { ...row(), share: 1 }],
    ["a fraction for .int()", Row, { ...row(), size: 1.5 }],
    ["not one of the enum", Row, { ...row(), status: "LOST" }],
    ["another literal", Row, { ...row(), kind: "col" }],
    ["a string for a boolean", Row, { ...row(), done: "false" }],
    ["undefined for a nullable", Row, { ...row(), approver: undefined }],
    ["a record's value of the wrong type", Row, { ...row(), byYear: { "2026": "1" } }],
    ["a record with a symbol key", Row, { ...row(), byYear: { "2026": 1, [Symbol("s")]: 2 } }],
    ["an array too long", Row, { ...row(), tags: ["a", "b", "c"] }],
    ["an undefined array element", Page, { items: [undefined], next: null }],
    ["a page too long", Page, { items: [row(), row(), row(), row()], next: null }],
    ["a Date for a string", Row, { ...row(), id: new Date(0) }],
    ["a class instance for an object", Row, Object.assign(new (class Record {})(), row())],
    ["an object with toJSON", Row, { ...row(), approver: { id: "e1", name: "A", toJSON: () => "x" } }],
    ["__proto__ as an own key", Row, JSON.parse(`{"__proto__": 1, ${JSON.stringify(row()).slice(1)}`)],
    ["an array for an object", Row, [row()]],
    ["null for the whole answer", Page, null],
    ["a numeric enum's name (its reverse key)", Leveled, { level: "Low" }],
  ];
  for (const [what, schema, value] of cases) {
    assert.equal(fitsAsIs(schema, value), false, what);
    assert.equal(written(schema, value), byZod(schema, value), what);
  }
});

Deno.test("checked JSON: schemas it does not read itself (formats, transforms, defaults, unions) are zod's", () => {
  const Other = z.strictObject({
    at: z.iso.datetime(),
    trimmed: z.string().trim(),
    withDefault: z.string().default("d"),
    either: z.union([z.string(), z.number()]),
  });
  for (const value of [{ at: "2026-11-18T09:00:00Z", trimmed: " x ", either: 1 }, { at: "yesterday" }]) {
    assert.equal(fitsAsIs(Other, value), false);
    assert.equal(written(Other, value), byZod(Other, value));
  }
});
