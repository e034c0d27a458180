/**
 * The HR console's payslip form: one PDF from payroll for a person and a month, checked by the same code as
 * `payslips import`; the person then downloads exactly that file in the portal. Every refusal is said on the
 * page and stores nothing. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { payslips } from "../../src/db/schema/mod.ts";
import { csrfOn, postFiles, session } from "./_console.ts";

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n" +
    "trailer <</Root 1 0 R>>\n%%EOF\n",
);

function upload(
  t: TestApp,
  cookie: Record<string, string>,
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string } | null = { bytes: PDF, name: "lohn-2026-12.pdf" },
) {
  const files = { file: file ? new File([file.bytes as Uint8Array<ArrayBuffer>], file.name) : undefined };
  return t.request("/hr/pay/payslips", postFiles(cookie, fields, files));
}

const DECEMBER = {
  personnel_number: "GW-013",
  period: "2026-12",
  payment_date: "2026-12-24",
  gross: "7250.00",
  net: "6115.40",
  label: "",
};

Deno.test("console payslips: HR uploads a month's PDF; the person downloads exactly it", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/pay");
    const r = await upload(t, cookie, { ...DECEMBER, csrf });
    assert.equal(r.status, 200);
    assert.match(await r.text(), /La fiche de salaire Dezember 2026 de GW-013 est enregistrée/);

    await ctx.step("in the person's list, and the same bytes to download", async () => {
      const token = await t.signIn("employee@demo.example");
      const list = await (await t.request("/api/v1/portal/employee/payslips?year=2026", { token })).json();
      const slip = list.data.items.find((s: { period: string }) => s.period === "2026-12");
      assert.ok(slip, "the December payslip is listed");
      const file = await t.request(`/api/v1/portal/employee/payslips/${slip.id}/document`, { token });
      assert.equal(file.status, 200);
      assert.deepEqual(new Uint8Array(await file.arrayBuffer()), PDF);
    });

    await ctx.step("a correction for the same month needs a label of its own", async () => {
      const again = await upload(t, cookie, { ...DECEMBER, csrf });
      assert.equal(again.status, 409);
      assert.match(
        await again.text(),
        /already has the payslip &quot;Dezember 2026&quot;|already has the payslip "Dezember 2026"/,
      );
      const fixed = await upload(t, cookie, { ...DECEMBER, csrf, label: "Korrektur Dezember 2026" });
      assert.equal(fixed.status, 200);
      await fixed.body?.cancel();
    });
  } finally {
    t.close();
  }
});

Deno.test("console payslips: refusals say why on the page and store nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/pay");
    const count = async () => (await t.deps.db.select({ id: payslips.id }).from(payslips)).length;
    const before = await count();
    const notPdf = { bytes: new TextEncoder().encode("Lohn Dezember: 7250"), name: "lohn.pdf" };
    const cases: [
      string,
      Record<string, string>,
      { bytes: Uint8Array; name: string } | null,
      number,
      RegExp,
    ][] = [
      ["without the page's token", { ...DECEMBER }, undefined!, 403, /./],
      ["no file", { ...DECEMBER, csrf }, null, 400, /file is required/],
      ["a file that is not a PDF", { ...DECEMBER, csrf }, notPdf, 400, /lohn.pdf is not a PDF/],
      [
        "an unknown person",
        { ...DECEMBER, csrf, personnel_number: "NOPE" },
        undefined!,
        400,
        /no employee with personnel number NOPE/,
      ],
      [
        "a month that does not exist",
        { ...DECEMBER, csrf, period: "2026-13" },
        undefined!,
        400,
        /period must be a month/,
      ],
      ["net above gross", { ...DECEMBER, csrf, net: "8000" }, undefined!, 400, /net is more than gross/],
      ["no gross", { ...DECEMBER, csrf, gross: "" }, undefined!, 400, /gross must be an amount/],
    ];
    for (const [name, fields, file, status, message] of cases) {
      await ctx.step(name, async () => {
        const r = file === undefined
          ? await upload(t, cookie, fields)
          : await upload(t, cookie, fields, file);
        assert.equal(r.status, status);
        assert.match(await r.text(), message);
        assert.equal(await count(), before);
      });
    }
    await ctx.step("a file larger than 5 MB: 413 before it is read", async () => {
      const big = new Uint8Array(5 * 1024 * 1024 + 100 * 1024);
      big.set(PDF);
      const r = await upload(t, cookie, { ...DECEMBER, csrf }, { bytes: big, name: "gross.pdf" });
      assert.equal(r.status, 413);
      await r.body?.cancel();
      assert.equal(await count(), before);
    });
    await ctx.step("an employee: not the form", async () => {
      const other = await session(t, "employee@demo.example");
      const r = await upload(t, other, { ...DECEMBER });
      assert.equal(r.status, 403);
      await r.body?.cancel();
      assert.equal(await count(), before);
    });
  } finally {
    t.close();
  }
});

/** Windows-1252 bytes of a Latin-1 text (what Excel on a Swiss Windows saves). */
function windows1252(s: string): Uint8Array {
  return Uint8Array.from([...s].map((ch) => ch.charCodeAt(0)));
}

function uploadBatch(
  t: TestApp,
  cookie: Record<string, string>,
  csrf: string,
  manifest: Uint8Array | null,
  pdfs: { name: string; bytes: Uint8Array }[],
) {
  const files = pdfs.map((f) => new File([f.bytes as Uint8Array<ArrayBuffer>], f.name));
  return t.request(
    "/hr/pay/payslips/bulk",
    postFiles(cookie, { csrf }, {
      ...(manifest ? { manifest: new File([manifest as Uint8Array<ArrayBuffer>], "manifest.csv") } : {}),
      files,
    }),
  );
}

const MANIFEST_HEADER = "personnel_number;period;payment_date;gross;net;file;label\r\n";
const SECOND_PDF = new TextEncoder().encode("%PDF-1.7\n% zweite Abrechnung\n%%EOF\n");

Deno.test("console payslips: a manifest with several PDFs imports through payslips import's code, all or nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const cookie = await session(t, "hr@demo.example");
    const csrf = await csrfOn(t, cookie, "/hr/pay");
    const count = async () => (await t.deps.db.select({ id: payslips.id }).from(payslips)).length;

    await ctx.step("the page offers the manifest form with a multiple file input", async () => {
      const html = await (await t.request("/hr/pay", { headers: cookie })).text();
      assert.match(html, /action="\/hr\/pay\/payslips\/bulk" enctype="multipart\/form-data"/);
      assert.match(html, /name="files" type="file" accept="application\/pdf" multiple/);
    });

    await ctx.step("every problem with its line, the files sent named, nothing stored", async () => {
      const before = await count();
      const manifest = windows1252(
        MANIFEST_HEADER +
          "GW-013;2026-12;24.12.2026;7'250.00;6'115.40;lohn-gw013.pdf;Dezember 2026\r\n" +
          "GW-001;2026-12;31.12.2026;8000;6900;lohn-gw001.pdf;Dezember 2026\r\n" +
          "GW-999;2026-12;2026-12-24;8000;6900;fehlt.pdf;Dezember 2026\r\n" +
          "GW-013;2026-13;2026-12-24;8000;6900;notiz.pdf;Prämie\r\n",
      );
      const r = await uploadBatch(t, cookie, csrf, manifest, [
        { name: "lohn-gw013.pdf", bytes: PDF },
        { name: "lohn-gw001.pdf", bytes: SECOND_PDF },
        { name: "notiz.pdf", bytes: new TextEncoder().encode("keine PDF-Datei") },
        { name: "uebrig.pdf", bytes: PDF },
      ]);
      assert.equal(r.status, 400);
      const html = (await r.text()).replaceAll("&quot;", '"');
      assert.match(html, /line 4: there is no employee with personnel number GW-999/);
      // The console's own words about the files are in the reader's language (French here).
      assert.match(html, /line 4: Le fichier fehlt\.pdf n&#39;a pas été envoyé avec le manifeste\./);
      assert.match(html, /line 5: period must be a month YYYY-MM, got "2026-13"/);
      assert.match(html, /line 5: notiz\.pdf is not a PDF/);
      assert.match(html, /Le fichier envoyé uebrig\.pdf ne figure sur aucune ligne du manifeste\./);
      assert.doesNotMatch(html, /line [23]:/, "the good lines are not blamed");
      assert.match(html, /Envoyé : manifest\.csv, lohn-gw013\.pdf, lohn-gw001\.pdf, notiz\.pdf, uebrig\.pdf/);
      assert.equal(await count(), before, "nothing stored");
    });

    await ctx.step("no manifest: refused, nothing stored", async () => {
      const before = await count();
      const r = await uploadBatch(t, cookie, csrf, null, [{ name: "lohn-gw013.pdf", bytes: PDF }]);
      assert.equal(r.status, 400);
      assert.match(await r.text(), /Un manifeste \(CSV\) est nécessaire\./);
      assert.equal(await count(), before);
    });

    await ctx.step("a good manifest: both payslips stored; the person downloads exactly hers", async () => {
      const before = await count();
      const manifest = windows1252(
        MANIFEST_HEADER +
          "GW-013;2026-12;24.12.2026;7'250.00;6'115.40;export/lohn-gw013.pdf;Dezember 2026\r\n" +
          "GW-001;2026-12;31.12.2026;8000;6900;export/lohn-gw001.pdf;Dezember 2026\r\n",
      );
      const r = await uploadBatch(t, cookie, csrf, manifest, [
        { name: "lohn-gw013.pdf", bytes: PDF },
        { name: "lohn-gw001.pdf", bytes: SECOND_PDF },
      ]);
      assert.equal(r.status, 200);
      assert.match(await r.text(), /2 fiche\(s\) de salaire import/);
      assert.equal(await count(), before + 2);
      const token = await t.signIn("employee@demo.example");
      const list = await (await t.request("/api/v1/portal/employee/payslips?year=2026", { token })).json();
      const slip = list.data.items.find((s: { period: string }) => s.period === "2026-12");
      const file = await t.request(`/api/v1/portal/employee/payslips/${slip.id}/document`, { token });
      assert.deepEqual(new Uint8Array(await file.arrayBuffer()), PDF);
    });

    await ctx.step("the same manifest again: refused as existing (409), nothing stored twice", async () => {
      const before = await count();
      const manifest = windows1252(
        MANIFEST_HEADER + "GW-013;2026-12;24.12.2026;7250;6115.40;lohn-gw013.pdf;Dezember 2026\r\n",
      );
      const r = await uploadBatch(t, cookie, csrf, manifest, [{ name: "lohn-gw013.pdf", bytes: PDF }]);
      assert.equal(r.status, 409);
      assert.match(
        (await r.text()).replaceAll("&quot;", '"'),
        /line 2: GW-013 already has the payslip "Dezember 2026"/,
      );
      assert.equal(await count(), before);
    });

    await ctx.step("without the page's token: 403, nothing stored", async () => {
      const before = await count();
      const r = await uploadBatch(t, cookie, "0".repeat(64), windows1252(MANIFEST_HEADER), []);
      assert.equal(r.status, 403);
      await r.body?.cancel();
      assert.equal(await count(), before);
    });
  } finally {
    t.close();
  }
});
