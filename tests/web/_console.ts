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

/** A form POST as a browser sends it, with the session cookie. */
export function post(cookie: Record<string, string>, fields: Record<string, string>) {
  return {
    method: "POST",
    headers: { ...cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  };
}
