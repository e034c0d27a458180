/**
 * The HR console's payslip form: one PDF from payroll for a person and a month, checked by the same code as
 * `payslips import`; the person then downloads exactly that file in the portal. Every refusal is said on the
 * page and stores nothing. The demo's HR person reads French.
 */
import assert from "node:assert/strict";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { payslips } from "../../src/db/schema/mod.ts";

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n" +
    "trailer <</Root 1 0 R>>\n%%EOF\n",
);

async function session(t: TestApp, email: string) {
  return { Cookie: `hr_session=${await t.signIn(email)}` };
}

async function csrfOf(t: TestApp, cookie: Record<string, string>): Promise<string> {
  const html = await (await t.request("/hr/pay", { headers: cookie })).text();
  const m = /name="csrf" value="([0-9a-f]{64})"/.exec(html);
  assert.ok(m, "the page carries its token");
  return m[1];
}

function upload(
  t: TestApp,
  cookie: Record<string, string>,
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string } | null = { bytes: PDF, name: "lohn-2026-12.pdf" },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  return t.request("/hr/pay/payslips", { method: "POST", headers: cookie, body: form });
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
    const csrf = await csrfOf(t, cookie);
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
    const csrf = await csrfOf(t, cookie);
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
