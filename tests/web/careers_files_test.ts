/**
 * A candidate's files are stored and served under fixed names, whatever the upload was called: `cv.pdf` and
 * `letter.pdf`, as attachments of type application/pdf that a browser must not sniff. A PDF that is also an
 * HTML page, sent as `invoice.html`, can then only be downloaded as a PDF.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import { applicationFiles, applications, positions } from "../../src/db/schema/mod.ts";
import { session } from "./_console.ts";

/** Starts like a PDF (what the upload checks), and is an HTML page with a script after that. */
const POLYGLOT = new TextEncoder().encode(
  "%PDF-1.7\n<html><body><script>fetch('/hr/people').then(r=>r.text()).then(alert)</script></body></html>\n",
);

Deno.test("careers files: a CV and letter sent under any name are stored and served as cv.pdf and letter.pdf", async () => {
  const t = await makeTestApp();
  try {
    const [p] = await t.deps.db.select().from(positions).where(
      eq(positions.title, "Senior Backend Engineer (Platform)"),
    );
    const form = new FormData();
    for (
      const [k, v] of Object.entries({
        first_name: "Mallory",
        last_name: "Muster",
        email: "mallory@example.ch",
        language: "de",
        consent: "yes",
      })
    ) form.append(k, v);
    form.append("cv", new File([POLYGLOT as Uint8Array<ArrayBuffer>], "invoice.html", { type: "text/html" }));
    form.append("letter", new File([POLYGLOT as Uint8Array<ArrayBuffer>], "..\\letter.svg"));
    const sent = await t.app.fetch(
      new Request(`http://localhost/careers/${p.id}`, { method: "POST", body: form }),
      { remoteAddr: { hostname: "192.0.2.77" } },
    );
    assert.equal(sent.status, 200);
    await sent.body?.cancel();
    const [a] = await t.deps.db.select().from(applications).where(
      eq(applications.candidateEmail, "mallory@example.ch"),
    );
    const stored = await t.deps.db.select().from(applicationFiles).where(
      eq(applicationFiles.applicationId, a.id),
    );
    assert.deepEqual(
      stored.map((f) => [f.kind, f.fileName, f.contentType]).sort(),
      [["CV", "cv.pdf", "application/pdf"], ["LETTER", "letter.pdf", "application/pdf"]],
    );

    const cookie = await session(t, "hr@demo.example");
    const page = await (await t.request(`/hr/recruiting/applications/${a.id}`, { headers: cookie })).text();
    assert.match(page, /\(cv\.pdf\)/);
    assert.match(page, /\(letter\.pdf\)/);
    assert.doesNotMatch(page, /invoice|letter\.svg/);

    // A file stored under the candidate's own name before names were fixed is served under the fixed one.
    await t.deps.db.update(applicationFiles).set({ fileName: "invoice.html", contentType: "text/html" })
      .where(eq(applicationFiles.applicationId, a.id));
    for (const [kind, name] of [["CV", "cv.pdf"], ["LETTER", "letter.pdf"]]) {
      const r = await t.request(`/hr/recruiting/applications/${a.id}/files/${kind}`, { headers: cookie });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("content-type"), "application/pdf");
      assert.equal(r.headers.get("content-disposition"), `attachment; filename="${name}"`);
      assert.equal(r.headers.get("x-content-type-options"), "nosniff");
      assert.equal(r.headers.get("cache-control"), "no-store");
      assert.deepEqual(new Uint8Array(await r.arrayBuffer()), POLYGLOT);
    }
    const again = await (await t.request(`/hr/recruiting/applications/${a.id}`, { headers: cookie })).text();
    assert.doesNotMatch(again, /invoice/);
  } finally {
    t.close();
  }
});
