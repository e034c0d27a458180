/**
 * drizzle's mapping of selected rows to objects, the same result built with less work per row.
 *
 * For every row of a select with fields, drizzle (`LibSQLPreparedQuery.mapAllResult` and `mapGetResult`,
 * `drizzle-orm/libsql/session.js`) copies the row's values with `Array.prototype.slice.call(row)` and then,
 * in `mapResultRow`, decides again for every column of every row what kind of field it is (`is()` walks the
 * prototype chain) and walks the column's path with an iterator. Measured on a list read computed afresh
 * (16 rows of 20 columns), that mapping was about a sixth of the request's time. Here each field list is
 * prepared once (the decoder, the path and the join's table of every column, kept per field list), and the
 * values of a local client's row are read without a copy (`rowValues`). The result is the object drizzle
 * would build: the same keys in the same order, the same decoded values, and a left join's table that
 * matched nothing as null (drizzle's `nullifyMap` rule). Selects without fields (`db.all(sql…)`) and custom
 * result mappers (the relational queries) still take drizzle's own path.
 *
 * `drizzle-orm` is pinned (deno.json); `tests/db/row_mapping_test.ts` compares this mapping with drizzle's
 * own `mapResultRow` over selects of every kind the services make, so an upgrade that changes drizzle's
 * mapping fails there.
 */
import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";
import { LibSQLPreparedQuery } from "drizzle-orm/libsql/session";
import { Buffer } from "node:buffer";
import { rowValues } from "./local.ts";

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface SelectedField {
  path: string[];
  field: unknown;
}

/** One column of a field list, prepared. */
interface Slot {
  path: readonly string[];
  decoder: Decoder;
  /** For a column of a joined table (path of two): that table's name, for the left join's null rule. */
  joinedTable: string | undefined;
}

const prepared = new WeakMap<readonly SelectedField[], Slot[]>();

function slotsOf(fields: readonly SelectedField[]): Slot[] {
  let slots = prepared.get(fields);
  if (slots) return slots;
  slots = fields.map(({ path, field }) => {
    let decoder: Decoder;
    if (is(field, Column)) decoder = field as unknown as Decoder;
    else if (is(field, SQL)) decoder = (field as unknown as { decoder: Decoder }).decoder;
    else if (is(field, Subquery)) {
      decoder = ((field as Subquery)._.sql as unknown as { decoder: Decoder }).decoder;
    } else decoder = ((field as { sql: unknown }).sql as { decoder: Decoder }).decoder;
    return {
      path,
      decoder,
      joinedTable: is(field, Column) && path.length === 2 ? getTableName((field as Column).table) : undefined,
    };
  });
  prepared.set(fields, slots);
  return slots;
}

/** As drizzle's `normalizeFieldValue`: a blob as a Buffer. */
function normalized(value: unknown): unknown {
  return value instanceof ArrayBuffer ? Buffer.from(value) : value;
}

/** One row as drizzle's `mapResultRow` maps it. */
function mapRow(
  slots: readonly Slot[],
  row: ArrayLike<unknown>,
  joinsNotNullableMap: Record<string, boolean> | undefined,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  let nullify: Record<string, string | false> | undefined;
  for (let i = 0; i < slots.length; i++) {
    const { path, decoder, joinedTable } = slots[i];
    let node = result;
    const last = path.length - 1;
    for (let p = 0; p < last; p++) {
      const chunk = path[p];
      if (!(chunk in node)) node[chunk] = {};
      node = node[chunk] as Record<string, unknown>;
    }
    const raw = normalized(row[i]);
    const value = node[path[last]] = raw === null ? null : decoder.mapFromDriverValue(raw);
    if (joinsNotNullableMap && joinedTable !== undefined) {
      nullify ??= {};
      const objectName = path[0];
      if (!(objectName in nullify)) nullify[objectName] = value === null ? joinedTable : false;
      else if (typeof nullify[objectName] === "string" && nullify[objectName] !== joinedTable) {
        nullify[objectName] = false;
      }
    }
  }
  if (joinsNotNullableMap && nullify) {
    for (const objectName in nullify) {
      const tableName = nullify[objectName];
      if (typeof tableName === "string" && !joinsNotNullableMap[tableName]) result[objectName] = null;
    }
  }
  return result;
}

type Query = {
  fields?: SelectedField[];
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
};

type MapResult = (this: Query, rows: unknown, isFromBatch?: boolean) => unknown;

const proto = LibSQLPreparedQuery.prototype as unknown as {
  mapAllResult: MapResult;
  mapGetResult: MapResult;
};
const drizzleAll = proto.mapAllResult;
const drizzleGet = proto.mapGetResult;

function valuesOf(row: object): ArrayLike<unknown> {
  return rowValues(row) ?? Array.prototype.slice.call(row);
}

function fastAll(this: Query, rows: unknown, isFromBatch?: boolean): unknown {
  if (!this.fields || this.customResultMapper) return drizzleAll.call(this, rows, isFromBatch);
  const list = (isFromBatch ? (rows as { rows: object[] }).rows : rows) as object[];
  const slots = slotsOf(this.fields);
  const out = new Array(list.length);
  for (let i = 0; i < list.length; i++) out[i] = mapRow(slots, valuesOf(list[i]), this.joinsNotNullableMap);
  return out;
}

function fastGet(this: Query, rows: unknown, isFromBatch?: boolean): unknown {
  if (!this.fields || this.customResultMapper) return drizzleGet.call(this, rows, isFromBatch);
  const row = ((isFromBatch ? (rows as { rows: object[] }).rows : rows) as object[])[0];
  if (!row) return undefined;
  return mapRow(slotsOf(this.fields), valuesOf(row), this.joinsNotNullableMap);
}

/**
 * Whether selects are mapped here (the default) or by drizzle itself; the test and the benchmark compare
 * the two.
 */
export function useFastRowMapping(on: boolean): void {
  proto.mapAllResult = on ? fastAll : drizzleAll;
  proto.mapGetResult = on ? fastGet : drizzleGet;
}

useFastRowMapping(true);
