/**
 * The HR console's pages (organisation, people, a person, leave, calendar, pay, recruiting, inbox), the
 * careers pages and the sign-in pages pinned as they render, so that their code can be rearranged without a
 * change anyone would see. The console is walked as HR reads it: its lists in the four languages, then in
 * French every page they link to (two of each kind). Each form found on the way is then sent three times in
 * French: without the page's token (403), with the token and nothing else (the refusal or what an empty form
 * does), and filled in as the page shows it (as a browser sends an unchanged form). Careers and sign-in are
 * read in the four languages and sent refused and accepted.
 *
 * Compared is the document as a browser reads it (`_pinned.ts`), each identifier named by the order it first
 * appears. `PIN_UPDATE=1 deno test -A tests/web/console_pages_pinned_test.ts`
 * writes the file anew after a change meant to change the pages.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { users } from "../../src/db/schema/mod.ts";
import { GATED_APPLICATION_ID, READY_APPLICATION_ID } from "../../src/demo/mod.ts";
import { session } from "./_console.ts";
import { canonical, parseGolden, writeGolden } from "./_pinned.ts";

const GOLDEN = new URL("./console_pages_pinned.golden.txt", import.meta.url);

const LISTS = [
  "/hr/organisation",
  "/hr/people",
  "/hr/leave",
  "/hr/leave/overview",
  "/hr/calendar",
  "/hr/pay",
  "/hr/recruiting",
  "/hr/inbox",
];

/** Pinned elsewhere (`console_entry_pages_test.ts`) or not a page. */
const SKIPPED = [
  /^\/hr\/documents/,
  /^\/hr\/leave\/types/,
  /^\/hr\/recruiting\/stages/,
  /^\/hr\/signout/,
  /\/files\//,
  /\/download/,
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** An address's kind: its identifiers and personnel number left out, so two of each kind are read. */
function kindOf(path: string): string {
  return path.replace(UUID, ":id").replace(/^\/hr\/people\/(?!invite$|import$)[^/?]+/, "/hr/people/:pn")
    .replace(/=[^&]*/g, "=");
}

/**
 * A page past the lists: its head and the console's navigation (read in full on the lists) cut to which
 * section the navigation marks, so the file holds what differs.
 */
function short(html: string): string {
  return html.replace(/<head>[\s\S]*?<\/head>/, "<head>(as on the lists)</head>").replace(
    /<nav aria-label="[^"]*">([\s\S]*?)<\/nav>/,
    (_, inner: string) =>
      `<nav>(here: ${/aria-current="page" href="([^"]*)"/.exec(inner)?.[1] ?? "none"})</nav>`,
  );
}

const unescape = (s: string) =>
  s.replaceAll("&quot;", '"').replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

const attr = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s>/]|$)`).exec(tag);
  return m ? unescape(m[1] ?? "") : undefined;
};

interface SentForm {
  action: string;
  upload: boolean;
  fields: [string, string][];
}

/** The POST forms of a page and what a browser sends for each left as shown. */
function formsOf(html: string): SentForm[] {
  const out: SentForm[] = [];
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    if (attr(m[1], "method") !== "post") continue;
    const fields: [string, string][] = [];
    const body = m[2];
    for (const el of body.matchAll(/<(input|select|textarea)\b([^>]*)>(?:([\s\S]*?)<\/\1>)?/g)) {
      const [, kind, tag, inner = ""] = el;
      const name = attr(tag, "name");
      if (!name || attr(tag, "disabled") !== undefined) continue;
      if (kind === "textarea") fields.push([name, unescape(inner)]);
      else if (kind === "select") {
        const options = [...inner.matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)];
        const chosen = options.find((o) => attr(o[1], "selected") !== undefined) ?? options[0];
        if (chosen) fields.push([name, attr(chosen[1], "value") ?? unescape(chosen[2])]);
      } else {
        const type = attr(tag, "type") ?? "text";
        if (type === "file" || type === "submit") continue;
        if ((type === "checkbox" || type === "radio") && attr(tag, "checked") === undefined) continue;
        fields.push([name, attr(tag, "value") ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
      }
    }
    const action = attr(m[1], "action") ?? "";
    out.push({ action, upload: attr(m[1], "enctype") === "multipart/form-data", fields });
  }
  return out;
}

/** The request of a form's fields, urlencoded or multipart as the form says. */
function sent(f: SentForm, headers: Record<string, string>, fields: [string, string][]): RequestInit {
  if (f.upload) {
    const body = new FormData();
    for (const [k, v] of fields) body.append(k, v);
    return { method: "POST", headers, body };
  }
  return {
    method: "POST",
    headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  };
}

class Pins {
  readonly out = new Map<string, string>();
  readonly ids = new Map<string, string>();

  /** Identifiers named by the order they first appear: the demo draws new ones each time it is seeded. */
  named(text: string): string {
    return text.replace(UUID, (id) => {
      if (!this.ids.has(id)) this.ids.set(id, `(id ${this.ids.size + 1})`);
      return this.ids.get(id)!;
    });
  }

  async add(name: string, r: Response, full = false): Promise<string> {
    const html = await r.text();
    const where = r.headers.get("location");
    const page = r.headers.get("content-type")?.startsWith("text/html")
      ? canonical(full ? html : short(html))
      : "(not a page)";
    this.out.set(this.named(name), this.named(`${r.status}${where ? ` → ${where}` : ""}\n${page}`.trim()));
    return html;
  }
}

async function console_(t: TestApp, pins: Pins) {
  for (const lang of ["de", "it", "en", "fr"] as const) {
    await t.deps.db.update(users).set({ language: lang }).where(eq(users.email, "hr@demo.example"));
    const cookie = await session(t, "hr@demo.example");
    for (const path of LISTS) {
      await pins.add(`${lang}: ${path}`, await t.request(path, { headers: cookie }), true);
    }
  }
  const hr = await session(t, "hr@demo.example");
  const seen = new Map<string, number>();
  // The demo's applications with tasks and a gate, whatever the lists link to first.
  const queue = [
    ...LISTS,
    `/hr/recruiting/applications/${GATED_APPLICATION_ID}`,
    `/hr/recruiting/applications/${READY_APPLICATION_ID}`,
  ];
  const visited = new Set<string>();
  const forms = new Map<string, SentForm>();
  let csrf = "";
  while (queue.length) {
    const path = queue.shift()!;
    if (visited.has(path)) continue;
    visited.add(path);
    const html = await pins.add(`fr walk: ${path}`, await t.request(path, { headers: hr }));
    csrf ||= /name="csrf" value="([0-9a-f]{64})"/.exec(html)?.[1] ?? "";
    for (const m of html.matchAll(/href="(\/hr[^"#]*)"/g)) {
      const link = unescape(m[1]);
      if (SKIPPED.some((x) => x.test(link)) || visited.has(link) || queue.includes(link)) continue;
      const kind = kindOf(link);
      if ((seen.get(kind) ?? 0) >= 2) continue;
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
      queue.push(link);
    }
    for (const f of formsOf(html)) {
      if (SKIPPED.some((x) => x.test(f.action))) continue;
      if (!forms.has(kindOf(f.action))) forms.set(kindOf(f.action), f);
    }
  }
  // A deletion last, so the forms before it still find what they change.
  const ordered = [...forms.values()].sort((a, b) =>
    Number(a.action.includes("/delete")) - Number(b.action.includes("/delete"))
  );
  for (const f of ordered) {
    const fields = f.fields.filter(([k]) => k !== "csrf");
    await pins.add(`fr post without token: ${f.action}`, await t.request(f.action, sent(f, hr, fields)));
    await pins.add(`fr post empty: ${f.action}`, await t.request(f.action, sent(f, hr, [["csrf", csrf]])));
    await pins.add(
      `fr post as shown: ${f.action}`,
      await t.request(f.action, sent(f, hr, [["csrf", csrf], ...fields])),
    );
  }
  await pins.add(
    "manager: /hr/people",
    await t.request("/hr/people", { headers: await session(t, "manager@demo.example") }),
  );
  await pins.add("nobody: /hr/pay", await t.request("/hr/pay"));
}

async function careers(t: TestApp, pins: Pins) {
  const links: string[] = [];
  for (const lang of ["de", "fr", "it", "en"]) {
    const html = await pins.add(`careers ${lang}`, await t.request(`/careers?lang=${lang}`), true);
    if (lang === "fr") {
      for (const m of html.matchAll(/href="(\/careers\/[^"]+)"/g)) links.push(unescape(m[1]));
    }
  }
  await pins.add(
    "careers by accept-language",
    await t.request("/careers", { headers: { "accept-language": "it-CH" } }),
  );
  for (const link of links.slice(0, 2)) {
    const html = await pins.add(`careers page: ${link}`, await t.request(link));
    const [f] = formsOf(html);
    await pins.add(`careers post empty: ${link}`, await t.request(f.action, sent(f, {}, [])));
    await pins.add(`careers post as shown: ${link}`, await t.request(f.action, sent(f, {}, f.fields)));
    const filled: [string, string][] = [
      ...f.fields.filter(([k]) => !["first_name", "last_name", "email"].includes(k)),
      ["first_name", "Léa"],
      ["last_name", "Rochat"],
      ["email", "lea.rochat@example.ch"],
      ["phone", "+41 79 000 00 00"],
    ];
    await pins.add(`careers post without consent: ${link}`, await t.request(f.action, sent(f, {}, filled)));
  }
  await pins.add("careers unknown", await t.request("/careers/00000000-0000-4000-8000-000000000000?lang=en"));
}

async function signIn(t: TestApp, pins: Pins) {
  const langs = { de: "de-CH", fr: "fr-CH", it: "it-CH", en: "en-GB" };
  for (const [lang, header] of Object.entries(langs)) {
    for (const path of ["/oauth/signin?next=/hr/people", "/oauth/signin/forgot"]) {
      await pins.add(
        `sign-in ${lang}: ${path}`,
        await t.request(path, { headers: { "accept-language": header } }),
        true,
      );
    }
  }
  const h = { "accept-language": "fr-CH" };
  const first = await t.request("/oauth/signin?next=/hr/pay", { headers: h });
  const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0];
  const token = /name="csrf" value="([^"]+)"/.exec(await first.text())?.[1] ?? "";
  const form = (fields: Record<string, string>, withCookie = true): RequestInit => ({
    method: "POST",
    headers: {
      ...h,
      ...(withCookie ? { Cookie: cookie } : {}),
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(fields).toString(),
  });
  const who = { email: "hr@demo.example", next: "/hr/pay" };
  await pins.add(
    "sign-in post without token",
    await t.request("/oauth/signin", form({ ...who, password: "x" }, false)),
  );
  await pins.add(
    "sign-in post wrong password",
    await t.request("/oauth/signin", form({ ...who, csrf: token, password: "wrong-password" })),
  );
  await pins.add(
    "sign-in post unknown request",
    await t.request("/oauth/signin", form({ ...who, csrf: token, password: "x", request: "nope" })),
  );
  await pins.add("sign-in unknown request", await t.request("/oauth/signin?request=nope", { headers: h }));
  await pins.add("sign-in oidc without upstream", await t.request("/oauth/signin/oidc", { headers: h }));
  await pins.add(
    "sign-in oidc callback without state",
    await t.request("/oauth/signin/oidc/callback", { headers: h }),
  );
  await pins.add(
    "forgot post without token",
    await t.request("/oauth/signin/forgot", form({ email: "x@y.ch" }, false)),
  );
  await pins.add(
    "forgot post",
    await t.request("/oauth/signin/forgot", form({ email: "x@y.ch", csrf: token })),
  );
  await pins.add(
    "sign-in post right password",
    await t.request("/oauth/signin", form({ ...who, csrf: token, password: "demo-password-2026" })),
  );
}

async function answers(): Promise<Map<string, string>> {
  const t = await makeTestApp();
  try {
    const pins = new Pins();
    await careers(t, pins);
    await console_(t, pins);
    await signIn(t, pins);
    return pins.out;
  } finally {
    t.close();
  }
}

Deno.test("console, careers and sign-in pages render as pinned", async (ctx) => {
  const actual = await answers();
  if (Deno.env.get("PIN_UPDATE") === "1") await Deno.writeTextFile(GOLDEN, writeGolden(actual));
  const expected = parseGolden(await Deno.readTextFile(GOLDEN));
  await ctx.step("every case is pinned, and nothing else", () => {
    assert.deepEqual([...actual.keys()], [...expected.keys()]);
  });
  for (const [name, page] of actual) {
    await ctx.step(name, () => assert.equal(page, expected.get(name)));
  }
});
