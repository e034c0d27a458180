/**
 * Recruiting rules: the blocking-task gate of a stage and what entering a stage sets off. Pure, so the
 * preview and the commit of a stage move compute the very same plan.
 */

/** An automatic task of a stage, as stored. */
export interface StageTask {
  id: string;
  kind: string;
  title: string;
  /** For EMAIL_CANDIDATE: subject and body per language (German required). */
  emailTexts: Partial<Record<string, { subject: string; body: string }>>;
  blocking: boolean;
}

/** What entering a stage will do, in order; flags tell a person (or an assistant) the consequences. */
export interface PlannedTask {
  kind: "EMAIL_CANDIDATE" | "CREATE_TASK" | "NOTIFY_HIRING_MANAGER" | "MARK_HIRED";
  title: string;
  emailsCandidate: boolean;
  marksHired: boolean;
}

const KINDS: ReadonlySet<string> = new Set([
  "EMAIL_CANDIDATE",
  "CREATE_TASK",
  "NOTIFY_HIRING_MANAGER",
  "MARK_HIRED",
]);

/**
 * The tasks entering `stage` fires. A stage flagged `marksHired` marks the candidate hired even without an
 * explicit MARK_HIRED task; unknown kinds are ignored rather than guessed at.
 */
export function plannedTasks(stage: { marksHired: boolean }, tasks: StageTask[]): PlannedTask[] {
  const out: PlannedTask[] = tasks.filter((t) => KINDS.has(t.kind)).map((t) => ({
    kind: t.kind as PlannedTask["kind"],
    title: t.title,
    emailsCandidate: t.kind === "EMAIL_CANDIDATE",
    marksHired: t.kind === "MARK_HIRED",
  }));
  if (stage.marksHired && !out.some((t) => t.marksHired)) {
    out.push({
      kind: "MARK_HIRED",
      title: "Mark the candidate as hired",
      emailsCandidate: false,
      marksHired: true,
    });
  }
  return out;
}

/**
 * Whether the gate of the destination stage blocks a move: a gated stage may only be entered once every
 * blocking task on the application is done. Returns the open blocking tasks' titles (empty: not blocked).
 */
export function gateBlockers(
  destination: { gated: boolean },
  tasks: { title: string; blocking: boolean; done: boolean }[],
): string[] {
  if (!destination.gated) return [];
  return tasks.filter((t) => t.blocking && !t.done).map((t) => t.title);
}

/** The placeholders a candidate e-mail's subject and body may use. */
export const TEMPLATE_PLACEHOLDERS = ["firstName", "lastName", "position"] as const;

/** The placeholders of a template that are not among `TEMPLATE_PLACEHOLDERS`, as written (`{foo}`). */
export function unknownPlaceholders(template: string): string[] {
  const known = new Set<string>(TEMPLATE_PLACEHOLDERS);
  return [...new Set([...template.matchAll(/\{(\w+)\}/g)].filter((m) => !known.has(m[1])).map((m) => m[0]))];
}

/**
 * The text of a per-language map for someone who reads `lang`: theirs, else German, else the first there
 * is (null when the map is empty). Candidate e-mails and advertisements are chosen this way.
 */
export function inLanguage<T>(texts: Partial<Record<string, T>>, lang: string): T | null {
  return texts[lang] ?? texts.de ?? Object.values(texts).find((x) => x !== undefined) ?? null;
}

/** Fills `{firstName}`-style placeholders; unknown placeholders stay as they are. */
export function renderTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? vars[k] : m));
}
