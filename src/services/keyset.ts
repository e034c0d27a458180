/**
 * Keyset paging of a list in one line per query: the condition "after the cursor's row" in the list's order,
 * and the page with its `nextCursor`. A list's order always ends in a unique value (the id, or the insertion
 * order), so no two rows tie and a row added or removed between two pages neither repeats nor skips one.
 */
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";
import {
  type CursorKey,
  decodeCursor,
  type KeysetPage,
  keysetPageResult,
  type PageInput,
  pageOf,
} from "./common.ts";

/** A list's paging: its limit and offset (deprecated), and the cursor's key when one was given. */
export interface KeysetStart {
  page: { limit: number; offset: number };
  key: CursorKey | null;
}

/** Reads a list's paging input; a cursor must have these value types (else a 400 naming `cursor`). */
export function keysetStart(input: PageInput, types: ("string" | "number")[]): KeysetStart {
  return { page: pageOf(input), key: decodeCursor(input, types) };
}

/**
 * The rows after the cursor's row in an order over `columns`, all ascending or all descending (SQLite
 * compares the row values in order). Undefined without a cursor, so it drops out of an `and(…)`.
 */
export function afterKey(columns: SQLWrapper[], key: CursorKey | null, dir: "asc" | "desc"): SQL | undefined {
  if (!key) return undefined;
  const left = sql.join(columns.map((c) => sql`${c}`), sql`, `);
  const right = sql.join(key.map((v) => sql`${v}`), sql`, `);
  return dir === "asc" ? sql`(${left}) > (${right})` : sql`(${left}) < (${right})`;
}

/** A page from rows fetched with `limit + 1`, its `nextCursor` the last shown row's key. */
export async function keysetPage<R, T>(
  start: KeysetStart,
  rows: R[],
  keyOf: (r: R) => CursorKey,
  render: (shown: R[]) => T[] | Promise<T[]>,
): Promise<KeysetPage<T>> {
  const shown = rows.slice(0, start.page.limit);
  const last = shown.at(-1);
  return keysetPageResult(
    await render(shown),
    start.page,
    rows.length > start.page.limit,
    last && keyOf(last),
    start.key !== null,
  );
}
