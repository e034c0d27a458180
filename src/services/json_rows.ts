/**
 * Rows read as one JSON text instead of row by row. Handing a row over from the driver costs per value, and
 * mapping it in drizzle costs per value again (profiled: about 40 % of a list read afresh); a statement that
 * aggregates its rows with `json_group_array(json_array(…))` hands over ONE string, which `JSON.parse` reads
 * at native speed. Several lists can come back from one statement this way (one column each), each
 * statement's own cost paid once.
 *
 * Exactness: text and integers travel through JSON unchanged (integers up to 2^53, as the client's "number"
 * mode), but SQLite's JSON writes a REAL with 15 significant digits, which does not always give the same
 * double back. A REAL column therefore goes into the array as `exactReal(…)`: the number when 15 digits
 * hold it exactly, else its 17-digit text, which `Number` reads back to the very same double (checked over
 * hundreds of thousands of values, random bit patterns included); `realOf` turns either back.
 */

/**
 * SQL for a REAL column as JSON that reads back to exactly the same double (NULL stays NULL): a quarter
 * multiple below 10^12 (days, half days, hours on the quarter) as the number itself, whose 15 digits are
 * then exact, else its 17-digit text (printf is the costlier path, about 2 µs a value). `expr` must be a
 * column or another expression without side effects (it is written out several times).
 */
export function exactReal(expr: string): string {
  return `CASE WHEN ${expr} IS NULL THEN NULL WHEN ${expr} * 4 = round(${expr} * 4) AND abs(${expr}) < 1e12 ` +
    `THEN ${expr} ELSE printf('%!.17g', ${expr}) END`;
}

/** The number written by `exactReal` (a number, or its text) for a column that is never NULL. */
export function realOf(text: unknown): number {
  return Number(text);
}

/** A nullable `exactReal` back as a number or null. */
export function realOrNull(text: unknown): number | null {
  return text === null || text === undefined ? null : Number(text);
}

/** A JSON array column (`json_group_array` over no rows is `[]`) back as its rows. */
export function jsonRows<T>(text: unknown): T[] {
  return typeof text === "string" ? JSON.parse(text) as T[] : [];
}

/** A list of constant states as SQL literals (the module's own constants, never input). */
export function sqlLiterals(list: readonly string[]): string {
  return list.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
}
