/**
 * The organisation's configuration as one YAML file: export it, and apply it all or nothing.
 *
 * Apply reads the whole file, validates every section and reports every problem with its line and path
 * before anything is written; then it applies all sections in one transaction. Entries are matched by
 * their natural key (see each section's `naturalKey`), so applying the same file twice changes nothing.
 * Entries the database has and the file does not name are left alone and reported as "not in the file";
 * a section absent from the file is not touched at all.
 */
import type { AppDeps } from "../deps.ts";
import { issueMessage } from "../i18n/messages/mod.ts";
import type { ApplyOptions, Path, PlacedProblem, Section, SectionReport } from "./section.ts";
import { RecalculationNeeded } from "../services/closure_changes.ts";
import type { Tx } from "../settings.ts";
import { settingsSection } from "./sections/settings.ts";
import { leaveTypesSection } from "./sections/leave_types.ts";
import { closuresSection } from "./sections/closures.ts";
import { schoolHolidaysSection } from "./sections/school_holidays.ts";
import { documentsSection } from "./sections/documents.ts";
import { stagesSection } from "./sections/stages.ts";
import { onboardingTemplatesSection } from "./sections/onboarding_templates.ts";

/** The sections in file order. A new section is one module and one line here. */
export const SECTIONS: readonly Section<unknown>[] = [
  settingsSection,
  leaveTypesSection,
  closuresSection,
  schoolHolidaysSection,
  documentsSection,
  stagesSection,
  onboardingTemplatesSection,
];

type Deps = Pick<AppDeps, "db" | "config" | "clock">;

export type { ApplyOptions, PlacedProblem } from "./section.ts";

export type ApplyResult =
  | { ok: true; sections: Array<{ key: string; report: SectionReport }>; changes: number; skipped: string[] }
  | { ok: false; problems: PlacedProblem[] };

const HEADER = "# Organisation configuration of hr-service: 'hr-service org apply --file <this file>'.\n" +
  "# Format: docs/configuration-file.md\n";

/** The configuration as the YAML text `apply` accepts. */
export async function exportConfiguration(deps: Deps): Promise<string> {
  const out: Record<string, unknown> = {};
  for (const s of SECTIONS) out[s.key] = await s.read(deps.db, deps);
  return HEADER + (await yamlFile()).toYaml(out);
}

/** One section as it stands in the database, in the file's shape (what `export` writes under its key). */
export async function readSection(deps: Deps, key: string): Promise<unknown> {
  const s = SECTIONS.find((x) => x.key === key);
  if (!s) throw new Error(`no configuration section ${key}`);
  return await s.read(deps.db, deps);
}

/** `leaveTypes[2].name.de` */
export function formatPath(path: Path): string {
  return path.map((p, i) => typeof p === "number" ? `[${p}]` : i === 0 ? p : `.${p}`).join("");
}

/** The YAML reader and writer (the `yaml` package), loaded when a file is read or written, not by the app. */
const yamlFile = () => import("./file.ts");

/** Validates every section; returns each section's parsed value, or every problem found. */
export async function validateConfiguration(
  text: string,
  deps: Pick<Deps, "config" | "clock">,
): Promise<
  { ok: true; values: Map<string, unknown>; lineOf: (path: Path) => number } | {
    ok: false;
    problems: PlacedProblem[];
  }
> {
  const file = (await yamlFile()).readYaml(text);
  if (!file.ok) return file;
  const problems: PlacedProblem[] = [];
  const values = validateSections(
    file.root,
    deps,
    (path, message) => problems.push({ line: file.lineOf(path), path: formatPath(path), message }),
  );
  problems.sort((a, b) => a.line - b.line);
  return problems.length || !values ? { ok: false, problems } : { ok: true, values, lineOf: file.lineOf };
}

/** Checks a configuration's sections (as parsed from YAML, or built by a form); each problem goes to `place`. */
function validateSections(
  root: unknown,
  deps: Pick<Deps, "config" | "clock">,
  place: (path: Path, message: string) => void,
): Map<string, unknown> | null {
  if (root === null || typeof root !== "object" || Array.isArray(root)) {
    place([], "the file must be a mapping of sections (settings, leaveTypes, …)");
    return null;
  }
  const known = new Map(SECTIONS.map((s) => [s.key, s]));
  for (const key of Object.keys(root)) {
    if (!known.has(key)) {
      place([key], `unknown section; the sections are ${SECTIONS.map((s) => s.key).join(", ")}`);
    }
  }
  const values = new Map<string, unknown>();
  for (const s of SECTIONS) {
    if (!(s.key in root)) continue;
    const schema = typeof s.schema === "function" ? s.schema(deps) : s.schema;
    const parsed = schema.safeParse((root as Record<string, unknown>)[s.key]);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const at = [s.key, ...issue.path.map((p) => typeof p === "symbol" ? String(p) : p)];
        if (issue.code === "unrecognized_keys") {
          for (const k of issue.keys) place([...at, k], "unknown key");
        } else place(at, issueMessage(issue.message, "en"));
      }
      continue;
    }
    for (const p of s.check?.(parsed.data, deps) ?? []) place([s.key, ...p.path], p.message);
    values.set(s.key, parsed.data);
  }
  return values;
}

/** Applies validated sections in the transaction given. */
async function applyValuesIn(
  tx: Tx,
  deps: Pick<Deps, "config" | "clock">,
  values: Map<string, unknown>,
  opts: ApplyOptions = {},
): Promise<ApplyResult> {
  const sections: Array<{ key: string; report: SectionReport }> = [];
  for (const s of SECTIONS) {
    if (values.has(s.key)) {
      sections.push({ key: s.key, report: await s.apply(tx, values.get(s.key), deps, opts) });
    }
  }
  return {
    ok: true,
    sections,
    changes: sections.reduce(
      (n, s) => n + s.report.created + s.report.updated + (s.report.removed?.length ?? 0),
      0,
    ),
    skipped: SECTIONS.filter((s) => !values.has(s.key)).map((s) => s.key),
  };
}

/**
 * Applies validated sections in one transaction. A change refused while applying (approved leave a closure
 * change would alter, not confirmed) rolls everything back and is reported at its section's line.
 */
async function applyValues(
  deps: Deps,
  values: Map<string, unknown>,
  opts: ApplyOptions = {},
  lineOf: (path: Path) => number = () => 0,
): Promise<ApplyResult> {
  try {
    return await deps.db.transaction((tx) => applyValuesIn(tx, deps, values, opts));
  } catch (e) {
    if (!(e instanceof RecalculationNeeded)) throw e;
    const message = e.message.replace(/Confirm the recalculation/, "Apply with --recalculate");
    return { ok: false, problems: [{ line: lineOf(["closures"]), path: "closures", message }] };
  }
}

/** The sections `--prune` may name: entries the file does not name are removed from them. */
export const PRUNABLE_SECTIONS: readonly string[] = SECTIONS.filter((s) => s.prunable).map((s) => s.key);

/**
 * Applies some sections given as values (the HR console's forms), with the file's checks and all or
 * nothing; a problem's path is where it would be in the file (`documents[0].translations.de.title`).
 */
export async function applySections(deps: Deps, root: Record<string, unknown>): Promise<ApplyResult> {
  const problems: PlacedProblem[] = [];
  const values = validateSections(
    root,
    deps,
    (path, message) => problems.push({ line: 0, path: formatPath(path), message }),
  );
  if (problems.length || !values) return { ok: false, problems };
  return await applyValues(deps, values);
}

/**
 * `applySections` inside a transaction the caller holds (the demo's seed writes its configuration this way,
 * in the same transaction as the rest of its rows).
 */
export async function applySectionsIn(
  tx: Tx,
  deps: Pick<Deps, "config" | "clock">,
  root: Record<string, unknown>,
): Promise<ApplyResult> {
  const problems: PlacedProblem[] = [];
  const values = validateSections(
    root,
    deps,
    (path, message) => problems.push({ line: 0, path: formatPath(path), message }),
  );
  if (problems.length || !values) return { ok: false, problems };
  return await applyValuesIn(tx, deps, values);
}

/**
 * Validates the whole file, then applies it in one transaction (nothing is written when a problem exists).
 * `opts.prune` names sections whose entries missing from the file are removed; a section named there must be
 * in the file (pruning a section the file leaves out would empty it).
 */
export async function applyConfiguration(
  deps: Deps,
  text: string,
  opts: ApplyOptions = {},
): Promise<ApplyResult> {
  const v = await validateConfiguration(text, deps);
  if (!v.ok) return v;
  const problems: PlacedProblem[] = [];
  for (const key of opts.prune ?? []) {
    if (!PRUNABLE_SECTIONS.includes(key)) {
      problems.push({
        line: 0,
        path: key,
        message: `--prune takes ${
          PRUNABLE_SECTIONS.join(", ")
        }; the other sections' entries are never removed`,
      });
    } else if (!v.values.has(key)) {
      problems.push({ line: 0, path: key, message: "--prune names a section the file does not have" });
    }
  }
  if (problems.length) return { ok: false, problems };
  return await applyValues(deps, v.values, opts, v.lineOf);
}
