/**
 * What a new password must be, wherever one is set (an invitation, an admin command, a reset): at least 10
 * characters (NIST SP 800-63B §5.1.1.2 asks at least 8; OWASP ASVS 4.0 V2.1.1 at least 12 for user-chosen ones,
 * 10 is this service's rule since its first release), not one of the most common passwords (ASVS V2.1.7, the
 * list of the well-kept zxcvbn-ts project, about 30,000 entries, compared without case), and not the account's
 * own e-mail address or its local part.
 */
export const MIN_PASSWORD_LENGTH = 10;

/** The list, loaded by the first password that is set (its package holds several dictionaries, 1.3 MB). */
let common: Promise<Set<string>> | undefined;
function commonPasswords(): Promise<Set<string>> {
  return common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) =>
    new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()))
  ).catch((e) => {
    common = undefined;
    throw e;
  });
}

export type PasswordProblem = "tooShort" | "common" | "email";

/** The first problem of a new password, or null when it may be used. */
export async function passwordProblem(password: string, email?: string): Promise<PasswordProblem | null> {
  if (password.length < MIN_PASSWORD_LENGTH) return "tooShort";
  const lower = password.toLowerCase();
  if ((await commonPasswords()).has(lower)) return "common";
  if (email) {
    const e = email.trim().toLowerCase();
    if (lower === e || lower === e.split("@")[0]) return "email";
  }
  return null;
}

/** The problem in English, for admin commands. */
export const PASSWORD_PROBLEM_TEXT: Record<PasswordProblem, string> = {
  tooShort: `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
  common: "This password is one of the most common ones; choose another.",
  email: "The password must not be the e-mail address.",
};
