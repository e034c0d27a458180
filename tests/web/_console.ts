/** What the HR console's tests share: a signed-in cookie, a page's CSRF token, and a form POST. */
import assert from "node:assert/strict";
import type { TestApp } from "../_helpers.ts";

/** The session cookie of a demo account signed in through the portal. */
export async function session(t: TestApp, email: string): Promise<Record<string, string>> {
  return { Cookie: `hr_session=${await t.signIn(email)}` };
}

/** The CSRF token a console page carries in its forms. */
export async function csrfOn(t: TestApp, cookie: Record<string, string>, page: string): Promise<string> {
  const html = await (await t.request(page, { headers: cookie })).text();
  const m = /name="csrf" value="([0-9a-f]{64})"/.exec(html);
  assert.ok(m, "the page carries its token");
  return m[1];
}

/** A form POST as a browser sends it, with the session cookie; a list is a field sent once per value. */
export function post(cookie: Record<string, string>, fields: Record<string, string | string[]>) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) body.append(k, x);
  return {
    method: "POST",
    headers: { ...cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
  };
}

/**
 * A form POST with files (multipart/form-data) as a browser sends it, with the session cookie: the fields,
 * then each file under its name (a list is an input with `multiple`; none when it is undefined).
 */
export function postFiles(
  cookie: Record<string, string>,
  fields: Record<string, string>,
  files: Record<string, File | File[] | undefined> = {},
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const [k, v] of Object.entries(files)) {
    for (const f of v === undefined ? [] : [v].flat()) body.append(k, f);
  }
  return { method: "POST", headers: cookie, body };
}
