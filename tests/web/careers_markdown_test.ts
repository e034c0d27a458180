/**
 * The careers page names the organisation (`settings.name`) and shows an advertisement's Markdown as a safe
 * subset: headings, paragraphs, bold and italic, lists and links to http(s) and mailto addresses; everything
 * else, raw HTML above all, is escaped text. The renderer is tested against XSS payloads (OWASP's cheat sheet,
 * markdown-it's and other Markdown libraries' reported bypasses); the page on an organisation set up with the
 * commands and a position made in the console.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { cli } from "../_cli.ts";
import { csrfOn, post } from "./_console.ts";
import { positions } from "../../src/db/schema/mod.ts";
import { renderSafeMarkdown } from "../../src/markdown.ts";

/** Whether the HTML has an element or attribute a script could run from, or a link that is not allowed. */
function dangers(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/<\/?([a-zA-Z][\w-]*)([^>]*)>/g)) {
    const [, tag, attrs] = m;
    if (
      !["h1", "h2", "h3", "h4", "h5", "h6", "p", "strong", "em", "ul", "ol", "li", "a", "br"].includes(tag)
    ) {
      found.push(`element ${tag}`);
    }
    for (const a of attrs.matchAll(/([\w-]+)\s*=\s*"([^"]*)"/g)) {
      const [, name, value] = a;
      if (!["href", "rel", "title", "start"].includes(name)) found.push(`attribute ${name}`);
      if (name === "href" && !/^(https?:\/\/|mailto:)/i.test(value)) found.push(`href ${value}`);
    }
  }
  return found;
}

const PAYLOADS = [
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<svg/onload=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="https://evil.example"></iframe>',
  "<style>body{display:none}</style>",
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x]( javascript:alert(1) )",
  "[x](<javascript:alert(1)>)",
  "[x](java&#115;cript:alert(1))",
  "[x](java&#x73;cript:alert(1))",
  "[x](%6Aavascript:alert(1))",
  "[x](java\u0000script:alert(1))",
  "[x](vbscript:msgbox(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[x](file:///etc/passwd)",
  "[x](//evil.example/path)",
  "[x](/relative)",
  '[x](https://ok.example "a\\" onmouseover=\\"alert(1)")',
  "[x][r]\n\n[r]: javascript:alert(1)",
  "<javascript:alert(1)>",
  "![x](https://evil.example/x.png)",
  "![x](javascript:alert(1))",
  "```\n<script>alert(1)</script>\n```",
  "    <script>alert(1)</script>",
  "> <script>alert(1)</script>",
  "| a |\n| - |\n| <script>alert(1)</script> |",
  "**<img src=x onerror=alert(1)>**",
  "<!-- comment --><b onclick=alert(1)>b</b>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "[<img src=x onerror=alert(1)>](https://ok.example)",
];

Deno.test("safe Markdown: the subset is rendered", async () => {
  const html = await renderSafeMarkdown(
    "## Ihre Aufgaben\n\nSie **führen** die _Buchhaltung_.\n\n- Kreditoren\n- Debitoren\n\n1. eins\n2. zwei\n\n" +
      "[Über uns](https://muster.example/about) · [Fragen](mailto:jobs@muster.example)",
  );
  assert.equal(
    html,
    "<h2>Ihre Aufgaben</h2>\n<p>Sie <strong>führen</strong> die <em>Buchhaltung</em>.</p>\n" +
      "<ul>\n<li>Kreditoren</li>\n<li>Debitoren</li>\n</ul>\n<ol>\n<li>eins</li>\n<li>zwei</li>\n</ol>\n" +
      '<p><a href="https://muster.example/about" rel="nofollow noopener noreferrer">Über uns</a> · ' +
      '<a href="mailto:jobs@muster.example" rel="nofollow noopener noreferrer">Fragen</a></p>\n',
  );
});

Deno.test("safe Markdown: no XSS payload gets an element, an attribute or a link it may not have", async () => {
  for (const payload of PAYLOADS) {
    const html = await renderSafeMarkdown(payload);
    assert.deepEqual(dangers(html), [], `${payload}\n→ ${html}`);
    assert.doesNotMatch(html, /<(script|img|svg|iframe|style|b )/i, payload);
  }
  // Raw HTML stays readable as the text it is.
  assert.equal(await renderSafeMarkdown("<b>fett</b>"), "<p>&lt;b&gt;fett&lt;/b&gt;</p>\n");
  // A quote in a title cannot end the attribute.
  assert.match(
    await renderSafeMarkdown('[x](https://ok.example "a\\" onmouseover=\\"alert(1)")'),
    /title="a&quot; onmouseover=&quot;alert\(1\)"/,
  );
});

const ORG_FILE = `settings:
  name: Muster & Söhne AG
  canton: BE
  payday: 25
  languages: [de, fr]
  timeZone: Europe/Zurich
stages:
  - key: APPLIED
    name: { de: Eingegangen, en: Applied, fr: Reçue }
    order: 10
`;

async function hrSession(t: TestApp) {
  const r = await cli(
    t,
    ["user", "add", "--email", "hr@example.ch", "--role", "hr", "--language", "de", "--password-stdin"],
    "Laerchenwald-Fluss-88\n",
  );
  assert.equal(r.code, 0, r.err);
  return { Cookie: `hr_session=${await t.signIn("hr@example.ch", "Laerchenwald-Fluss-88")}` };
}

Deno.test("careers page: names the organisation and renders the advertisement's Markdown safely", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    assert.equal((await cli(t, ["org", "apply", "--file", "-"], ORG_FILE)).code, 0);
    const hr = await hrSession(t);
    const csrf = await csrfOn(t, hr, "/hr/recruiting");
    const r = await t.request(
      "/hr/recruiting/positions",
      post(hr, {
        csrf,
        title: "Sachbearbeiterin Buchhaltung",
        status: "OPEN",
        canton: "BE",
        ad_de: "## Ihre Aufgaben\n\n- **Kreditoren**\n- _Debitoren_\n\n" +
          "<script>alert(1)</script> <img src=x onerror=alert(1)> [Klick](javascript:alert(1)) " +
          "[Web](https://muster.example)",
        ad_fr: "## Vos tâches\n\nLa *comptabilité*.",
      }),
    );
    assert.equal(r.status, 200);
    const [p] = await t.deps.db.select().from(positions).where(
      eq(positions.title, "Sachbearbeiterin Buchhaltung"),
    );

    const list = await (await t.request("/careers?lang=de")).text();
    assert.match(list, /<title>Offene Stellen bei Muster &amp; Söhne AG/);
    assert.match(list, /<h1>Offene Stellen bei Muster &amp; Söhne AG<\/h1>/);
    const fr = await (await t.request("/careers?lang=fr")).text();
    assert.match(fr, /<h1>Postes ouverts chez Muster &amp; Söhne AG<\/h1>/);

    const page = await (await t.request(`/careers/${p.id}?lang=de`)).text();
    assert.match(page, /<p class="muted">Eine Stelle bei Muster &amp; Söhne AG<\/p>/);
    assert.match(page, /<h2>Ihre Aufgaben<\/h2>/);
    assert.match(page, /<li><strong>Kreditoren<\/strong><\/li>/);
    assert.match(page, /<li><em>Debitoren<\/em><\/li>/);
    assert.match(page, /&lt;script&gt;alert\(1\)&lt;\/script&gt; &lt;img src=x onerror=alert\(1\)&gt;/);
    assert.match(page, /\[Klick\]\(javascript:alert\(1\)\)/);
    assert.match(page, /<a href="https:\/\/muster.example" rel="nofollow noopener noreferrer">Web<\/a>/);
    const ad = /<div class="advertisement">([\s\S]*?)<\/div>/.exec(page)![1];
    assert.deepEqual(dangers(ad), []);
    const pageFr = await (await t.request(`/careers/${p.id}?lang=fr`)).text();
    assert.match(pageFr, /<p class="muted">Un poste chez Muster &amp; Söhne AG<\/p>/);
    assert.match(pageFr, /<p>La <em>comptabilité<\/em>\.<\/p>/);
  } finally {
    t.close();
  }
});

Deno.test("careers page: without an organisation name, the plain heading", async () => {
  const t = await makeTestApp({ demo: false });
  try {
    const list = await (await t.request("/careers?lang=en")).text();
    assert.match(list, /<h1>Open positions<\/h1>/);
  } finally {
    t.close();
  }
});
