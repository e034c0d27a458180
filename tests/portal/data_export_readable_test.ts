/**
 * The person's own data export reads as a document: `index.html` in the person's language, one section per
 * area, days as 25.11.2026, the files linked by their path inside the archive, and it fits a phone (390 px in
 * Chromium, no horizontal scrolling). `data.json` writes every instant in ISO 8601 and holds no hash of a
 * secret (a refreshed session's previous token hash included).
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { users } from "../../src/db/schema/mod.ts";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { addPersonalDocument } from "../../src/services/my_documents.ts";
import { launchChromium } from "../_chromium.ts";

const BASE = "/api/v1/portal";
const E2E = { sanitizeOps: false, sanitizeResources: false } as const;

/** Signs in, refreshes the session once (so it holds a previous token hash) and downloads a fresh export. */
async function exportOf(app: TestApp, email: string): Promise<Record<string, Uint8Array>> {
  const first = await app.signIn(email);
  const refreshed = await app.request(`${BASE}/auth/session/refresh`, { method: "POST", token: first });
  assert.equal(refreshed.status, 200);
  const token = (await refreshed.json()).data.token;
  const r = await app.request(`${BASE}/employee/data-exports`, { method: "POST", token });
  assert.equal(r.status, 201);
  const exp = (await r.json()).data;
  assert.equal(exp.status, "READY");
  const dl = await app.request(`${BASE}/employee/data-exports/${exp.id}/archive`, { token });
  assert.equal(dl.status, 200);
  return unzipSync(new Uint8Array(await dl.arrayBuffer()));
}

/** Every key/value pair of a JSON value, with the key it sits under. */
function* pairs(v: unknown, key = ""): Generator<[string, unknown]> {
  if (Array.isArray(v)) { for (const x of v) yield* pairs(x, key); }
  else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      yield [k, x];
      yield* pairs(x, k);
    }
  }
}

Deno.test("data export: data.json writes instants in ISO 8601 and no hash of any secret", async () => {
  const app = await makeTestApp();
  try {
    const files = await exportOf(app, "employee@demo.example");
    const text = new TextDecoder().decode(files["data.json"]);
    const data = JSON.parse(text);
    assert.ok(data.profile.sessions.length >= 1, "the refreshed session is exported");
    const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    let instants = 0;
    for (const [k, v] of pairs(data)) {
      assert.ok(!/hash/i.test(k), `no hash in data.json: ${k}`);
      if (/(At|Until)$/.test(k) && v !== null) {
        assert.match(String(v), iso, `${k} is an ISO 8601 instant: ${v}`);
        instants++;
      }
      if (/(Date|Start|End|On|From)$/.test(k) && typeof v === "string" && !/Time$/.test(k)) {
        assert.match(v, /^\d{4}-\d{2}-\d{2}/, `${k} is an ISO 8601 day: ${v}`);
      }
      assert.ok(typeof v !== "number" || v < 1e11, `${k}: no epoch milliseconds (${v})`);
    }
    assert.ok(instants > 100, `instants found: ${instants}`);
    assert.ok(!text.includes("previousTokenHash"));
    assert.ok(!text.includes("tokenHash"));
    // Text columns holding JSON are exported as JSON.
    const request = data.leave.leaveRequests[0];
    assert.equal(typeof request.daysByYear, "object");
    assert.equal(typeof request.leaveType, "string");
  } finally {
    app.close();
  }
});

Deno.test("data export: index.html is a document in the person's language, days as 25.11.2026, files linked", async (t) => {
  const app = await makeTestApp();
  try {
    const files = await exportOf(app, "employee@demo.example");
    const html = new TextDecoder().decode(files["index.html"]);

    await t.step("German for the demo employee: sections, parts and field labels, no column names", () => {
      assert.match(html, /<html lang="de">/);
      assert.match(html, /<meta name="viewport" content="width=device-width, initial-scale=1">/);
      for (
        const words of [
          "<h2>Profil</h2>",
          "<h2>Arbeitszeit</h2>",
          "<h3>Zeiteinträge (",
          "<dt>Vorname</dt>",
          "<dt>Von</dt>",
        ]
      ) assert.ok(html.includes(words), words);
      const labels = [...html.matchAll(/<dt>([^<]*)<\/dt>/g)].map((m) => m[1]);
      assert.ok(labels.length > 100);
      const raw = labels.filter((l) => /^[a-z]+[A-Z]/.test(l) || /^[a-z]+$/.test(l));
      assert.deepEqual([...new Set(raw)], [], "every label is a word, not a column name");
      // Inside a value too (a payslip's lines, a notification's content): labels, not keys.
      const inner = [...html.matchAll(/<dd>([^<]*)<\/dd>/g)].flatMap((
        m,
      ) => [...m[1].matchAll(/([A-Za-z]+): /g)])
        .map((m) => m[1]).filter((w) => /^[a-z]/.test(w));
      assert.deepEqual([...new Set(inner)], [], "every label inside a value is a word, not a key");
    });

    await t.step(
      "days as 25.11.2026 and instants in local time; no ISO strings, no epoch milliseconds",
      () => {
        assert.match(html, /Erstellt am 18\.11\.2026 10:00/);
        assert.match(html, /<dd>\d{2}\.\d{2}\.\d{4}<\/dd>/);
        assert.match(html, /<dd>\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}<\/dd>/);
        assert.doesNotMatch(html, /\d{4}-\d{2}-\d{2}T\d{2}/);
        assert.doesNotMatch(html, /<dd>\d{4}-\d{2}-\d{2}<\/dd>/);
        assert.doesNotMatch(html, /\b1[5-9]\d{11}\b/);
      },
    );

    await t.step("every payslip's PDF is linked by its path inside the archive", () => {
      const pdfs = Object.keys(files).filter((f) => f.startsWith("files/payslips/"));
      assert.ok(pdfs.length >= 12);
      const hrefs = new Set([...html.matchAll(/href="(files\/[^"]+)"/g)].map((m) => m[1]));
      for (const p of pdfs) assert.ok(hrefs.has(p), `${p} is linked`);
      for (const h of hrefs) assert.ok(files[h], `${h} is in the archive`);
      // Linked from the payslip itself, not only from the list of files.
      assert.match(html, /<dt>Datei<\/dt><dd><a href="files\/payslips\/[^"]+\.pdf">/);
    });
  } finally {
    app.close();
  }
});

Deno.test("data export: in French for a person who reads French", async () => {
  const app = await makeTestApp();
  try {
    await app.deps.db.update(users).set({ language: "fr" }).where(eq(users.email, "employee@demo.example"));
    const files = await exportOf(app, "employee@demo.example");
    const html = new TextDecoder().decode(files["index.html"]);
    assert.match(html, /<html lang="fr">/);
    for (
      const words of [
        "<h2>Temps de travail</h2>",
        "<dt>Prénom</dt>",
        "Établi le 18.11.2026 10:00",
        "<dt>Fichier</dt>",
      ]
    ) {
      assert.ok(html.includes(words), words);
    }
  } finally {
    app.close();
  }
});

Deno.test(
  "data export: the unpacked index.html fits a 390 px phone in Chromium and its links open the files",
  E2E,
  async () => {
    const app = await makeTestApp();
    const dir = await Deno.makeTempDir({ prefix: "hr-export-" });
    const browser = await launchChromium();
    try {
      // A medical certificate whose name has spaces and an umlaut: linked as safely as the payslips.
      const token = await app.signIn("employee@demo.example");
      const sick = await app.request(`${BASE}/employee/sick-leave`, {
        method: "POST",
        token,
        json: { startDate: "2026-11-16", endDate: "2026-11-17" },
      });
      assert.equal(sick.status, 201);
      const form = new FormData();
      form.append(
        "file",
        new File([new TextEncoder().encode("%PDF-1.7\n%%EOF\n")], "Arztzeugnis März 2026.pdf"),
      );
      const up = await app.request(`${BASE}/employee/sick-leave/${(await sick.json()).data.id}/certificate`, {
        method: "POST",
        token,
        body: form,
      });
      assert.equal(up.status, 200);
      const files = await exportOf(app, "employee@demo.example");
      assert.equal(Object.keys(files).filter((f) => f.startsWith("files/certificates/")).length, 1);
      for (const [name, bytes] of Object.entries(files)) {
        const path = `${dir}/${name}`;
        await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
        await Deno.writeFile(path, bytes);
      }
      const page = await browser.newPage({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
      await page.goto(`file://${dir}/index.html`);
      // Evaluated in the page (a string: these tests are type-checked without the DOM's types).
      const width = await page.evaluate(`({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      widest: Math.max(...[...document.querySelectorAll("body *")].map((e) => e.getBoundingClientRect().right)),
    })`) as { page: number; view: number; widest: number };
      assert.equal(width.view, 390);
      assert.ok(width.page <= width.view, `no horizontal scrolling: ${JSON.stringify(width)}`);
      assert.ok(width.widest <= 390, `nothing sticks out: ${JSON.stringify(width)}`);

      const links = await page.evaluate(
        `[...document.querySelectorAll('a[href^="files/"]')].map((a) => a.href)`,
      ) as string[];
      assert.ok(links.length >= 13);
      assert.ok(links.some((l) => l.includes("/files/certificates/")), "the certificate is linked");
      for (const href of links) {
        const path = decodeURIComponent(new URL(href).pathname);
        assert.ok(path.startsWith(`${dir}/files/`), href);
        const info = await Deno.stat(path);
        assert.ok(info.isFile && info.size > 0, `${href} opens a file of the unpacked archive`);
      }
      // Following a payslip link opens the PDF itself.
      const pdf = links.find((l) => l.endsWith(".pdf"))!;
      const bytes = await Deno.readFile(decodeURIComponent(new URL(pdf).pathname));
      assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
      await page.close();
    } finally {
      await browser.close();
      app.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
);

Deno.test("data export: the person's documents, policy acknowledgements and leave attachments read in the person's language", async () => {
  const app = await makeTestApp();
  try {
    const token = await app.signIn("employee@demo.example");
    const [me] = await app.deps.db.select().from(users).where(eq(users.email, "employee@demo.example"));
    await addPersonalDocument(app.deps, {
      employeeId: me.employeeId!,
      kind: "CONTRACT",
      title: "Arbeitsvertrag",
      fileName: "vertrag.pdf",
      bytes: new TextEncoder().encode("%PDF-1.7\n%%EOF\n"),
    });
    const policies = (await (await app.request(`${BASE}/employee/policies`, { token })).json()).data.items;
    assert.ok(policies.length > 0, "the demo has a policy the employee reads");
    const ack = await app.request(`${BASE}/employee/policies/${policies[0].slug}/acknowledgement`, {
      method: "POST",
      token,
    });
    assert.ok(ack.status < 300, await ack.text());
    const filed = await app.request(`${BASE}/employee/leave/requests`, {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: "2027-02-08", endDate: "2027-02-09" },
    });
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode("%PDF-1.7\n%%EOF\n")], "einladung.pdf"));
    const up = await app.request(
      `${BASE}/employee/leave/requests/${(await filed.json()).data.id}/attachment`,
      {
        method: "POST",
        token,
        body: form,
      },
    );
    assert.equal(up.status, 200);

    for (
      const [lang, words] of [
        ["de", [
          "<h3>Persönliche Dokumente (1)",
          "<h3>Bestätigte Richtlinien (1)",
          "<h3>Beilagen zu Gesuchen (1)",
          "<dd>Arbeitsvertrag</dd>",
          "<dt>Fassung vom</dt>",
        ]],
        ["fr", [
          "<h3>Documents personnels (1)",
          "<h3>Directives confirmées (1)",
          "<h3>Pièces jointes aux demandes (1)",
          "<dd>Contrat de travail</dd>",
        ]],
      ] as const
    ) {
      await app.deps.db.update(users).set({ language: lang }).where(eq(users.email, "employee@demo.example"));
      const html = new TextDecoder().decode((await exportOf(app, "employee@demo.example"))["index.html"]);
      for (const w of words) assert.ok(html.includes(w), `${lang}: ${w}`);
      assert.deepEqual(
        [...html.matchAll(/<h3>([a-z]+[A-Z]\w*)/g)].map((m) => m[1]),
        [],
        "no part under its key",
      );
      // A version is the instant the policy was last changed: as a local date and minute, never epoch ms.
      assert.doesNotMatch(html, /\b1[5-9]\d{11}\b/);
      // A currency is read as its code (CHF); every other code is a word.
      const enums = [...html.matchAll(/<dd>([A-Z][A-Z_]{2,})<\/dd>/g)].map((m) => m[1]).filter((c) =>
        c !== "CHF"
      );
      assert.deepEqual([...new Set(enums)], [], `${lang}: every value in words, not a code`);
    }
  } finally {
    app.close();
  }
});
