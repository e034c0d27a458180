/**
 * What a new password must be, wherever one is set (an invitation, an admin command, a reset):
 * - at least 10 characters (NIST SP 800-63B §5.1.1.2 asks at least 8; OWASP ASVS 4.0 V2.1.1 at least 12 for
 *   user-chosen ones, 10 is this service's rule since its first release);
 * - not the account's own e-mail address or its local part;
 * - hard to guess: zxcvbn-ts (the maintained TypeScript port of Dropbox's zxcvbn, ASVS V2.1.8) must estimate
 *   at least 10^10 guesses for it, its score 4, with the common-password list and the German, French, Italian
 *   and English dictionaries, and with the person's name, e-mail address and the organisation's name as words an
 *   attacker would try first. Score 3 (10^8) lets through what attackers try early on a Swiss company:
 *   `Sommer2026!` (a season, the year, a sign) is estimated at 10^8.1 guesses.
 */
import { eq } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, users } from "../db/schema/mod.ts";
import { getSetting } from "../settings.ts";

export const MIN_PASSWORD_LENGTH = 10;
/** The least zxcvbn score a new password must have (4: at least 10^10 guesses). */
export const MIN_PASSWORD_SCORE = 4;

type Checker = (password: string, inputs: string[]) => number;

/** The estimator, loaded by the first password that is set (the dictionaries are a few MB). */
let checker: Promise<Checker> | undefined;
function loadChecker(): Promise<Checker> {
  return checker ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-de"),
    import("@zxcvbn-ts/language-fr"),
    import("@zxcvbn-ts/language-it"),
    import("@zxcvbn-ts/language-en"),
  ]).then(([core, common, de, fr, it, en]) => {
    const z = new core.ZxcvbnFactory({
      dictionary: {
        ...common.dictionary,
        ...de.dictionary,
        ...fr.dictionary,
        ...it.dictionary,
        ...en.dictionary,
      },
      graphs: common.adjacencyGraphs,
    });
    return (password: string, inputs: string[]) => z.check(password, inputs).score;
  }).catch((e) => {
    checker = undefined;
    throw e;
  });
}

export type PasswordProblem = "tooShort" | "common" | "email";

/**
 * The words an attacker who knows the person would try first: their e-mail address and its parts, their
 * name, and the organisation's name.
 */
export async function passwordContext(
  deps: Pick<AppDeps, "db" | "config">,
  email: string,
): Promise<string[]> {
  const e = email.trim().toLowerCase();
  const words = [e, e.split("@")[0]];
  const [person] = await deps.db.select({ first: employees.firstName, last: employees.lastName }).from(users)
    .innerJoin(employees, eq(employees.id, users.employeeId)).where(eq(users.email, e)).limit(1);
  if (person) words.push(person.first, person.last);
  const org = await getSetting(deps, "organisationName");
  if (org) words.push(org);
  const parts = words.flatMap((w) => w.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 3);
  return [...new Set([...words.map((w) => w.toLowerCase()), ...parts])];
}

/** The first problem of a new password, or null when it may be used. */
export async function passwordProblem(
  password: string,
  email?: string,
  context: string[] = [],
): Promise<PasswordProblem | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return "tooShort";
  const lower = password.toLowerCase();
  if (email) {
    const e = email.trim().toLowerCase();
    if (lower === e || lower === e.split("@")[0]) return "email";
  }
  const inputs = email ? [...context, email.trim().toLowerCase()] : context;
  // zxcvbn's work grows with the length; what is past 100 characters adds nothing an attacker could guess.
  if ((await loadChecker())(password.slice(0, 100), inputs) < MIN_PASSWORD_SCORE) return "common";
  return null;
}

/** The problem in English, for admin commands. */
export const PASSWORD_PROBLEM_TEXT: Record<PasswordProblem, string> = {
  tooShort: `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
  common: "This password is too easy to guess (a common password, a name or a word with a year); choose a " +
    "longer one, such as a few unrelated words.",
  email: "The password must not be the e-mail address.",
};
