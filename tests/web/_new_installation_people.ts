/**
 * What the tests of a new installation's console share beyond the page helpers: the app they run on (no
 * demo, a fixed day), an account added by command with its password on stdin and signed in, and a form sent
 * with the token of the page it is on.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { csrfOn, post } from "./_console.ts";

/** Runs a test on an empty installation on Wednesday 25 November 2026, closed however the test ends. */
export async function withEmptyApp(test: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await makeTestApp({ demo: false, now: "2026-11-25T09:00:00.000Z" });
  try {
    await test(t);
  } finally {
    t.close();
  }
}

/**
 * `user add` for a person's record with a password from stdin (`more` comes before --password-stdin); the
 * command's result, for the test to check.
 */
export function addUser(
  t: TestApp,
  email: string,
  role: string,
  personnelNumber: string,
  password: string,
  more: string[] = [],
) {
  return cli(
    t,
    [
      "user",
      "add",
      "--email",
      email,
      "--role",
      role,
      "--employee",
      personnelNumber,
      ...more,
      "--password-stdin",
    ],
    password,
  );
}

/** Adds an account as `addUser` does, requires the command to succeed, and signs it in: its console cookie. */
export async function signedInUser(...args: Parameters<typeof addUser>): Promise<Record<string, string>> {
  const [t, email, , , password] = args;
  const added = await addUser(...args);
  assert.equal(added.code, 0, added.err);
  return { Cookie: `hr_session=${await t.signIn(email, password)}` };
}

/** Sends a form of `page` (with the token it carries) to `action`, by default the page itself. */
export async function submit(
  t: TestApp,
  cookie: Record<string, string>,
  page: string,
  fields: Record<string, string | string[]>,
  action = page,
): Promise<Response> {
  const csrf = await csrfOn(t, cookie, page);
  return await t.request(action, post(cookie, { csrf, ...fields }));
}
