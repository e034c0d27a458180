/**
 * Hand-written SQL beside drizzle: the rule and its bookkeeping (docs/architecture.md, "Access to the
 * database"). A module that runs a statement it wrote by hand exports every such text in `RAW_SQL`, a
 * `RawStatements` of its own; `tests/db/raw_sql_test.ts` prepares each text against the freshly migrated
 * schema (so a renamed column or table fails a test, not a request) and scans `src/` for a hand-written
 * statement that no `RAW_SQL` holds.
 */
import { type SQL, sql } from "drizzle-orm";

/**
 * A module's hand-written statements by name: one text, or every text of a family (`statementFamily`).
 */
export type RawStatements = Readonly<Record<string, string | Readonly<Record<string, string>>>>;

/**
 * Every text of a statement whose WHERE depends on which filters are given: the variant names them by
 * `flags`' letters in their order ("" to all of them), and `build` writes the text of one variant. All are
 * written once, when the module loads, so each variant is one constant text (prepared once per connection)
 * and the test sees every one of them.
 */
export function statementFamily<V extends string>(
  flags: string,
  build: (variant: V) => string,
): Readonly<Record<V, string>> {
  const out: Record<string, string> = {};
  for (let mask = 0; mask < 1 << flags.length; mask++) {
    const variant = [...flags].filter((_, i) => mask & (1 << i)).join("");
    out[variant] = build(variant as V);
  }
  return out as Record<V, string>;
}

/**
 * A registered text with its `?` parameters bound, as drizzle's SQL: for a hand-written statement that must
 * run through whatever drizzle handle the caller holds (a transaction's among them). The text's `?` marks
 * are the only ones it may contain (no `?` inside a literal).
 */
export function boundSql(text: string, args: readonly unknown[]): SQL {
  const parts = text.split("?");
  if (parts.length !== args.length + 1) {
    throw new Error(`The statement takes ${parts.length - 1} parameters, not ${args.length}.`);
  }
  const chunks: SQL[] = [sql.raw(parts[0])];
  args.forEach((a, i) => chunks.push(sql`${a}`, sql.raw(parts[i + 1])));
  return sql.join(chunks);
}
