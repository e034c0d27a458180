/** What the tests of HR's side on the fixture organisation share: the German HR person, a page's token, its text. */
import assert from "node:assert/strict";
import { fixturePeople, personPassword } from "../_fixture_org.ts";
import type { TestApp } from "../_helpers.ts";

/** The HR person of these tests: German, role hr. */
export const HR_PN = "V07";

export async function hrCookie(t: TestApp): Promise<Record<string, string>> {
  const people = await fixturePeople();
  const hr = people.find((p) => p.pn === HR_PN)!;
  return { Cookie: `hr_session=${await t.signIn(hr.email, personPassword(HR_PN))}` };
}

export async function csrf(t: TestApp, cookie: Record<string, string>, page: string): Promise<string> {
  const html = await (await t.request(page, { headers: cookie })).text();
  const m = /name="csrf" value="([0-9a-f]{64})"/.exec(html);
  assert.ok(m, `${page} carries its token: ${html.slice(0, 300)}`);
  return m[1];
}

/** The text of a page without its markup, spaces collapsed. */
export function textOf(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&gt;/g, ">")
    .replace(/&lt;/g, "<").replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}
