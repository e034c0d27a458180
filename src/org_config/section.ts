/**
 * One section of the organisation's configuration file (settings, leave types, closures, …). Each section
 * is self-contained: how it looks in the file (a strict zod schema, so unknown keys are refused), checks
 * beyond shape, how it is read from the database for export, and how it is applied. `mod.ts` registers
 * the sections in one list; adding a section means adding one module and one line there.
 */
import { z } from "zod";
import type { AppDeps } from "../deps.ts";
import type { Queryable, Tx } from "../settings.ts";
import { isoDate } from "../domain/fields.ts";

/** A path inside the file: section key, then object keys and list indexes. */
export type Path = ReadonlyArray<string | number>;

/** Something wrong at a place in the file. `path` is relative to the section while a section checks. */
export interface Problem {
  path: Path;
  message: string;
}

/** A problem with where it is: `line` (1-based, 0 when the file has no such place) and the path. */
export interface PlacedProblem {
  line: number;
  path: string;
  message: string;
}

/** What applying one section did. `notInFile`: records the database has and the file does not name. */
export interface SectionReport {
  created: number;
  updated: number;
  unchanged: number;
  notInFile: string[];
  /** Records removed because the file does not name them (`--prune`); counted as changes. */
  removed?: string[];
  /** Further lines for the report (leave requests computed again, …). */
  notes?: string[];
}

/**
 * How a file is applied. `prune`: the sections whose entries the file does not name are removed rather than
 * left alone (only sections with `prunable`). `recalculate`: HR confirms that approved leave computed with a
 * company closure the file changes is computed again (see `services/closure_changes.ts`).
 */
export interface ApplyOptions {
  prune?: readonly string[];
  recalculate?: boolean;
}

export type SectionDeps = Pick<AppDeps, "config" | "clock">;

export interface Section<T> {
  /** The section's key at the top of the file. */
  key: string;
  /** One line saying what the natural key of an entry is (for reports and documentation). */
  naturalKey: string;
  /** The shape in the file; a function when it depends on the running service (e.g. its time zone). */
  schema: z.ZodType<T> | ((deps: SectionDeps) => z.ZodType<T>);
  /** Checks across entries (duplicates), run once every entry of the section is well-formed. */
  check?(value: T, deps: SectionDeps): Problem[];
  /** The section as it stands in the database, in the file's shape, in a stable order. */
  read(q: Queryable, deps: SectionDeps): Promise<T>;
  /** Whether `--prune <key>` may remove the entries the file does not name. */
  prunable?: boolean;
  /** Makes the database match the file for every entry the file names; others are left alone unless pruned. */
  apply(tx: Tx, value: T, deps: SectionDeps, opts?: ApplyOptions): Promise<SectionReport>;
}

/** Erases a section's value type so sections of different types share one list. */
export function defineSection<T>(s: Section<T>): Section<unknown> {
  return s as unknown as Section<unknown>;
}

export function emptyReport(): SectionReport {
  return { created: 0, updated: 0, unchanged: 0, notInFile: [] };
}

// Shared field shapes ---------------------------------------------------------------------------------

/** A day in the file: the one date rule every door checks with (`domain/fields.ts`). */
export const isoDay = isoDate;

/** Names in the three languages the schema stores. */
export const names = z.strictObject({
  de: z.string().trim().min(1),
  en: z.string().trim().min(1),
  fr: z.string().trim().min(1),
});

/** German, English and French names with an Italian one if the organisation gives it. */
export const namesWithIt = names.extend({ it: z.string().trim().min(1).optional() });

/** A row's names as the file writes them: `it` only when there is one. */
export function rowNames(r: { nameDe: string; nameEn: string; nameFr: string; nameIt?: string | null }) {
  return { de: r.nameDe, en: r.nameEn, fr: r.nameFr, ...(r.nameIt ? { it: r.nameIt } : {}) };
}

/** Problems for entries whose natural key repeats an earlier entry's. */
export function duplicates<T>(
  items: readonly T[],
  keyOf: (t: T) => string,
  field: string | number,
): Problem[] {
  const seen = new Map<string, number>();
  const out: Problem[] = [];
  items.forEach((item, i) => {
    const k = keyOf(item);
    const first = seen.get(k);
    if (first !== undefined) {
      out.push({ path: [i, field], message: `repeats entry ${first + 1} (${k}); each may appear once` });
    } else seen.set(k, i);
  });
  return out;
}

/**
 * The check of a list of periods (closures, school holidays): each natural key once, and no period ending
 * before it starts.
 */
export function periodProblems<T extends { start: string; end: string }>(
  list: readonly T[],
  keyOf: (t: T) => string,
): Problem[] {
  const out = duplicates(list, keyOf, "start");
  list.forEach((e, i) => {
    if (e.end < e.start) out.push({ path: [i, "end"], message: `is before start ${e.start}` });
  });
  return out;
}

/** Whether two plain values (JSON-like) are equal. */
export function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
