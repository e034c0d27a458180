/**
 * Payslips from payroll: PDFs with a manifest, all or nothing; the person then sees the payslip in the
 * portal and downloads exactly the PDF that was imported. Every refusal is reported with its line and
 * nothing is written.
 */
import assert from "node:assert/strict";
import { count, eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { payslips } from "../../src/db/schema/mod.ts";
import { cli } from "../_cli.ts";

/** A small but real PDF (header, one empty page, trailer). */
function pdf(title: string): Uint8Array {
  return new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n` +
      `% ${title}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** Windows-1252 bytes, as Excel on a Swiss Windows saves a CSV. */
function windows1252(s: string): Uint8Array {
  return Uint8Array.from([...s].map((ch) => ch.charCodeAt(0)));
}

const HEADER = "personnel_number;period;payment_date;gross;net;file;label\r\n";

async function payslipCount(t: TestApp): Promise<number> {
  return (await t.deps.db.select({ n: count() }).from(payslips))[0].n;
}

Deno.test("payslips import: the PDF arrives in the person's portal, byte for byte", async () => {
  const t = await makeTestApp();
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/pdf`);
    const bytes = pdf("Lohnabrechnung Februar 2027 Lukas Gerber");
    await Deno.writeFile(`${dir}/pdf/gw013-2027-02.pdf`, bytes);
    await Deno.writeFile(
      `${dir}/manifest.csv`,
      windows1252(
        `${HEADER}GW-013;2027-02;25.02.2027;6'500.00;5'480.35;pdf/gw013-2027-02.pdf;Lohn Februar 2027 (März korrigiert)\r\n`,
      ),
    );
    const r = await cli(t, ["payslips", "import", "--manifest", `${dir}/manifest.csv`]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /Imported 1 payslip\(s\)\./);

    const token = await t.signIn("employee@demo.example");
    const list = await (await t.request("/api/v1/portal/employee/payslips?year=2027", { token })).json();
    const item = list.data.items.find((p: { period: string }) => p.period === "2027-02");
    assert.ok(item, JSON.stringify(list));
    assert.equal(item.periodLabel, "Lohn Februar 2027 (März korrigiert)", "Windows-1252 read as such");
    assert.equal(item.paymentDate, "2027-02-25");
    const detail = await (await t.request(`/api/v1/portal/employee/payslips/${item.id}`, { token })).json();
    assert.equal(detail.data.gross, 6500);
    assert.equal(detail.data.net, 5480.35);
    const doc = await t.request(`/api/v1/portal/employee/payslips/${item.id}/document`, { token });
    assert.equal(doc.status, 200);
    assert.equal(doc.headers.get("content-type"), "application/pdf");
    assert.deepEqual(new Uint8Array(await doc.arrayBuffer()), bytes);
  } finally {
    t.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("payslips import: every bad entry is reported with its line, and nothing is imported", async () => {
  const t = await makeTestApp();
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/ok.pdf`, pdf("ok"));
    await Deno.writeFile(`${dir}/photo.pdf`, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]));
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(pdf("big"));
    await Deno.writeFile(`${dir}/big.pdf`, big);
    const lines = [
      "GW-013;2027-03;2027-03-25;6500;5480;ok.pdf;", // 2: fine on its own
      "NOBODY;2027-03;2027-03-25;6500;5480;ok.pdf;", // 3
      "GW-013;2027-13;2027-03-25;6500;5480;ok.pdf;", // 4
      "GW-013;2027-04;31.04.2027;6500;5480;ok.pdf;", // 5
      "GW-013;2027-05;2027-05-25;6500;5480;missing.pdf;", // 6
      "GW-013;2027-06;2027-06-25;6500;5480;photo.pdf;", // 7
      "GW-013;2027-07;2027-07-25;6500;5480;big.pdf;", // 8
      "GW-013;2027-03;2027-03-25;6500;5480;ok.pdf;", // 9: repeats line 2
      "GW-013;2026-10;2026-10-25;6500;5480;ok.pdf;", // 10: the demo has "Oktober 2026" already
      "GW-013;2027-08;2027-08-25;6500;7000;ok.pdf;", // 11: net above gross
      "GW-013;2027-09;2027-09-25;sechs;5480;ok.pdf;", // 12
    ];
    await Deno.writeTextFile(`${dir}/manifest.csv`, HEADER + lines.join("\r\n") + "\r\n");
    const before = await payslipCount(t);
    const r = await cli(t, ["payslips", "import", "--manifest", `${dir}/manifest.csv`]);
    assert.equal(r.code, 1);
    const expected = [
      /line 3: there is no employee with personnel number NOBODY/,
      /line 4: period must be a month YYYY-MM, got "2027-13"/,
      /line 5: payment_date must be a date YYYY-MM-DD or DD\.MM\.YYYY, got "31\.04\.2027"/,
      /line 6: the file missing\.pdf was not found beside the manifest/,
      /line 7: photo\.pdf is not a PDF/,
      /line 8: big\.pdf is larger than 5 MB/,
      /line 9: repeats line 2 \(GW-013, 2027-03, März 2027\)/,
      /line 10: GW-013 already has the payslip "Oktober 2026" for 2026-10 \(id [\w-]+\)/,
      /line 11: net is more than gross/,
      /line 12: gross must be an amount such as 6500\.00, got "sechs"/,
    ];
    for (const re of expected) assert.match(r.err, re);
    assert.match(r.err, /^Nothing was imported\. 10 problem\(s\):/);
    assert.equal(await payslipCount(t), before, "nothing was written, not even line 2");

    await Deno.writeTextFile(
      `${dir}/cols.csv`,
      "personnel_number,period,file,amount\nGW-013,2027-03,ok.pdf,1\n",
    );
    const c = await cli(t, ["payslips", "import", "--manifest", `${dir}/cols.csv`]);
    assert.equal(c.code, 1);
    assert.match(c.err, /line 1: unknown column\(s\) amount/);
    assert.match(c.err, /line 1: the column payment_date is missing/);
    const none = await cli(t, ["payslips", "import", "--manifest", `${dir}/nothing-here.csv`]);
    assert.equal(none.code, 1);
    assert.match(none.err, /Cannot read .*nothing-here\.csv/);
    const usage = await cli(t, ["payslips", "import"]);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /--manifest is required/);
    const [lukas] = await t.deps.db.select({ n: count() }).from(payslips).where(
      eq(payslips.period, "2027-03"),
    );
    assert.equal(lukas.n, 0);
  } finally {
    t.close();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("payslips import: the optional lines column carries the wage types the portal shows; bad ones are refused", async () => {
  const t = await makeTestApp();
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeFile(`${dir}/a.pdf`, pdf("a"));
    const head = "personnel_number;period;payment_date;gross;net;file;lines\r\n";
    await Deno.writeFile(
      `${dir}/bad.csv`,
      windows1252(
        head + "GW-013;2027-03;2027-03-25;6500;5480;a.pdf;Monatslohn=6500|AHV/IV/EO 5.3 %\r\n" +
          "GW-013;2027-04;2027-04-25;6500;5480;a.pdf;Monatslohn=viel\r\n",
      ),
    );
    const before = await payslipCount(t);
    const bad = await cli(t, ["payslips", "import", "--manifest", `${dir}/bad.csv`]);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /line 2: lines must be at most 50 of "label=amount" separated by \|/);
    assert.match(bad.err, /line 3: lines must be at most 50 of "label=amount" separated by \|/);
    assert.equal(await payslipCount(t), before, "nothing imported");

    await Deno.writeFile(
      `${dir}/ok.csv`,
      windows1252(
        head + "GW-013;2027-03;2027-03-25;6500;6155.50;a.pdf;Monatslohn=6'500.00|AHV/IV/EO 5.3 %=-344.50\r\n",
      ),
    );
    const ok = await cli(t, ["payslips", "import", "--manifest", `${dir}/ok.csv`]);
    assert.equal(ok.code, 0, ok.err);
    const token = await t.signIn("employee@demo.example");
    const list = await (await t.request("/api/v1/portal/employee/payslips?year=2027", { token })).json();
    const item = list.data.items.find((p: { period: string }) => p.period === "2027-03");
    const detail = await (await t.request(`/api/v1/portal/employee/payslips/${item.id}`, { token })).json();
    assert.deepEqual(detail.data.lines, [
      { label: "Monatslohn", amount: 6500 },
      { label: "AHV/IV/EO 5.3 %", amount: -344.5 },
    ]);
  } finally {
    t.close();
    await Deno.remove(dir, { recursive: true });
  }
});
