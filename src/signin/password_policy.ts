/**
 * What a new password must be, wherever one is set (an invitation, an admin command, a reset):
 * - at least 10 characters (NIST SP 800-63B §5.1.1.2 asks at least 8; OWASP ASVS 4.0 V2.1.1 at least 12 for
 *   user-chosen ones, 10 is this service's rule since its first release);
 * - not the account's own e-mail address or its local part;
 * - not made of what others know of the person (`madeOfPersonalWords`): their name, e-mail addresses, the
 *   organisation's name, their city and postcode, the cities the organisation advertises positions in, their
 *   birth date, and years, in any case and order, with any separators;
 * - hard to guess: zxcvbn-ts (the maintained TypeScript port of Dropbox's zxcvbn, ASVS V2.1.8) must estimate
 *   at least 10^10 guesses for it, its score 4, with the common-password list and the German, French, Italian
 *   and English dictionaries, and with those same words of the person's as words an attacker would try
 *   first. Score 3 (10^8) lets through what attackers try early on a Swiss company: `Sommer2026!` (a season,
 *   the year, a sign) is estimated at 10^8.1 guesses.
 */
import { eq, isNotNull } from "drizzle-orm";
import type { AppDeps } from "../deps.ts";
import { employees, positions, users } from "../db/schema/mod.ts";
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

export type PasswordProblem = "tooShort" | "common" | "email" | "personal";

/**
 * What an attacker who knows the person tries first: the words of their name, of their e-mail addresses (work,
 * private, the account's; local part and domain), of the organisation's name, their city and the cities the
 * organisation advertises positions in; and the numbers of their postcode and birth date.
 */
export interface PersonalWords {
  /** Lower case, without accents, letters only; each also given to zxcvbn as a word of the person's. */
  words: string[];
  /** Digit strings: postcode, birth year (four and two digits), birth day and month. */
  numbers: string[];
}

/** Lower case and without accents, so `Zürich`, `ZURICH` and `Zurich` are one word. */
function fold(s: string): string {
  return s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The runs of letters in a text, folded. */
function letterRuns(s: string): string[] {
  return fold(s).match(/\p{L}+/gu) ?? [];
}

/** At most this many advertised cities count: a careers page lists a handful. */
const MAX_CITIES = 20;

/**
 * The person's own words for the account `email` (before the account exists, `employeeId` names the record it
 * will be linked to).
 */
export async function passwordContext(
  deps: Pick<AppDeps, "db" | "config">,
  email: string,
  employeeId?: string | null,
): Promise<PersonalWords> {
  const texts: string[] = [email.trim()];
  const numbers: string[] = [];
  const [account] = await deps.db.select({ employeeId: users.employeeId }).from(users)
    .where(eq(users.email, email.trim().toLowerCase())).limit(1);
  const recordId = employeeId ?? account?.employeeId;
  if (recordId) {
    const [p] = await deps.db.select({
      first: employees.firstName,
      last: employees.lastName,
      work: employees.workEmail,
      private: employees.privateEmail,
      city: employees.addressCity,
      postcode: employees.addressPostalCode,
      birth: employees.birthDate,
    }).from(employees).where(eq(employees.id, recordId)).limit(1);
    if (p) {
      texts.push(p.first, p.last, p.work ?? "", p.private ?? "", p.city ?? "");
      // The initials too: `A.Zbinden` is a name as much as `Andrea Zbinden`.
      texts.push(...[...letterRuns(p.first), ...letterRuns(p.last)].map((w) => w[0]));
      if (p.postcode) numbers.push(...(p.postcode.match(/\d+/g) ?? []));
      const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(p.birth ?? "");
      if (b) numbers.push(b[1], b[1].slice(2), b[2], b[3], String(Number(b[2])), String(Number(b[3])));
    }
  }
  const org = await getSetting(deps, "organisationName");
  if (org) texts.push(org);
  const cities = await deps.db.selectDistinct({ location: positions.location }).from(positions)
    .where(isNotNull(positions.location)).limit(MAX_CITIES);
  texts.push(...cities.map((c) => c.location ?? ""));
  // `Zürich` is typed `Zurich` or, the German way, `Zuerich`.
  const spelled = texts.map((t) => t.replace(/[äöüÄÖÜ]/g, (c) => `${c}e`));
  const words = [...texts, ...spelled].flatMap(letterRuns);
  return { words: [...new Set(words)], numbers: [...new Set(numbers)] };
}

/**
 * The fewest characters of `s` that are not one of `words` when `s` is read as words one after the other
 * (repeats allowed, any character left over counting one).
 */
function leftOver(s: string, words: string[]): number {
  const cost = new Array<number>(s.length + 1).fill(0);
  for (let i = s.length - 1; i >= 0; i--) {
    cost[i] = 1 + cost[i + 1];
    for (const w of words) if (s.startsWith(w, i)) cost[i] = Math.min(cost[i], cost[i + w.length]);
  }
  return cost[0];
}

/** Every year an attacker adds to a name, as four digits. */
const YEARS = Array.from({ length: 200 }, (_, i) => String(1900 + i));

/**
 * At most this many characters besides the person's words, years and single separators leave a password
 * guessable: the orders, separators, cases and years of a few words make some 10^5 guesses, and each further
 * character multiplies them by at most 10 to 30; four more reach the 10^10 a password needs.
 */
const MAX_LEFT_OVER = 3;

/**
 * Whether the password is made of the person's own words and numbers, whatever the case, the order, the
 * separators between them (`-`, `.`, space, `@`) and the years added: `Andrea-Zbinden-2026`,
 * `zbinden.andrea@1990`, `Bern 3011!`. zxcvbn alone counts each separator as an unknown character and lets
 * these through. What counts as guessable beside the words: a number of up to four digits (every year, `90`),
 * years (1900–2099) and the person's numbers run together (`01031990`), one separator between two parts; at
 * most three characters more.
 */
export function madeOfPersonalWords(password: string, personal: PersonalWords): boolean {
  // Two-letter words and initials stand only alone (`A.Zbinden`, `Demo AG`): inside a word they would match
  // nearly anything.
  const long = personal.words.filter((w) => w.length >= 3);
  const short = new Set(personal.words.filter((w) => w.length > 0 && w.length < 3));
  const numbers = [...personal.numbers.filter((n) => n.length >= 2), ...YEARS];
  let left = 0;
  let matched = 0;
  for (const run of fold(password.slice(0, 100)).match(/\p{L}+|\p{Nd}+|[^\p{L}\p{Nd}]+/gu) ?? []) {
    if (/^\p{L}/u.test(run)) {
      const cost = short.has(run) ? 0 : leftOver(run, long);
      left += cost;
      matched += run.length - cost;
    } else if (/^\p{Nd}/u.test(run)) {
      left += Math.min(Math.max(0, run.length - 4), leftOver(run, numbers));
    } else {
      left += run.length - 1;
    }
    if (left > MAX_LEFT_OVER) return false;
  }
  return matched >= 3;
}

/** The first problem of a new password, or null when it may be used. */
export async function passwordProblem(
  password: string,
  email?: string,
  personal: PersonalWords = { words: [], numbers: [] },
): Promise<PasswordProblem | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return "tooShort";
  const lower = password.toLowerCase();
  if (email) {
    const e = email.trim().toLowerCase();
    if (lower === e || lower === e.split("@")[0]) return "email";
  }
  if (madeOfPersonalWords(password, personal)) return "personal";
  const inputs = [...personal.words, ...personal.numbers, ...(email ? [email.trim().toLowerCase()] : [])];
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
  personal: "The password is made of the person's own words (name, e-mail address, organisation, city, " +
    "postcode, a year); choose one an acquaintance could not guess, such as a few unrelated words.",
};
