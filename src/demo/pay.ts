/**
 * Payslips of the demo: the last twelve paid months for the demo employee and the last three for everyone
 * else (fewer rows keep the seed fast), each with gross, net, the lines and a small valid PDF written by
 * hand (no PDF library: one page, one standard font, byte offsets computed exactly).
 */
import { Buffer } from "node:buffer";
import * as s from "../db/schema/mod.ts";
import type { DemoContext, DemoPerson } from "./context.ts";
import { employedOn, KEY, salaryOn } from "./org.ts";
import { DEMO_COMPANY } from "./org.ts";
import { at, rappen5 } from "./util.ts";
import { defaultLabel } from "../services/payslip_import.ts";

/** Employee contributions withheld from the gross salary (typical Swiss rates, rounded). */
const DEDUCTIONS: { label: string; rate: number }[] = [
  { label: "AHV/IV/EO 5.3 %", rate: 0.053 },
  { label: "ALV 1.1 %", rate: 0.011 },
  { label: "NBU 1.2 %", rate: 0.012 },
  { label: "KTG 0.5 %", rate: 0.005 },
  { label: "BVG Pensionskasse", rate: 0.055 },
];

/**
 * The `YYYY-MM` periods already paid on the 25th, newest first: this month's only once its 25th has
 * come. `count` periods.
 */
export function paidPeriods(today: string, count: number): string[] {
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7));
  if (Number(today.slice(8, 10)) < 25) m--;
  const out: string[] = [];
  for (let i = 0; i < count; i++, m--) {
    if (m < 1) {
      m = 12;
      y--;
    }
    out.push(`${y}-${String(m).padStart(2, "0")}`);
  }
  return out;
}

/** Adds the payslips. */
export function buildPayslips(ctx: DemoContext): void {
  for (const p of ctx.people.values()) {
    for (const period of paidPeriods(ctx.today, p.key === KEY.demo ? 12 : 3)) {
      if (!employedOn(p, `${period}-01`) && !employedOn(p, `${period}-25`)) continue;
      addPayslip(ctx, p, period);
    }
  }
}

function addPayslip(ctx: DemoContext, p: DemoPerson, period: string) {
  const month = Number(period.slice(5, 7));
  const paymentDate = `${period}-25`;
  const annual = salaryOn(ctx, p, paymentDate);
  const baseR = Math.round((annual / p.payments) * 100);
  const lines: { label: string; amount: number }[] = [{ label: "Monatslohn", amount: baseR }];
  if (month === 12 && p.payments === 13) lines.push({ label: "13. Monatslohn", amount: baseR });
  const grossR = lines.reduce((n, l) => n + l.amount, 0);
  for (const d of DEDUCTIONS) lines.push({ label: d.label, amount: -rappen5((grossR / 100) * d.rate) });
  const netR = lines.reduce((n, l) => n + l.amount, 0);
  const label = defaultLabel(period);
  const chf = (r: number) => (r / 100).toFixed(2);
  const pdf = minimalPdf(`Lohnabrechnung ${label}`, [
    `${p.firstName} ${p.lastName}`,
    `Auszahlung: ${paymentDate}`,
    "",
    ...lines.map((l) => `${l.label}: CHF ${chf(l.amount)}`),
    "",
    `Bruttolohn: CHF ${chf(grossR)}`,
    `Nettolohn: CHF ${chf(netR)}`,
    "",
    "Demo-Dokument: alle Angaben sind erfunden.",
  ]);
  ctx.rows.add(s.payslips, {
    id: ctx.ids.next("payslip"),
    employeeId: p.id,
    period,
    periodLabel: label,
    paymentDate,
    currency: "CHF",
    gross: grossR / 100,
    net: netR / 100,
    lines: JSON.stringify(lines.map((l) => ({ label: l.label, amount: l.amount / 100 }))),
    documentName: `Lohnabrechnung-${period}.pdf`,
    documentType: "application/pdf",
    document: Buffer.from(pdf),
    createdAt: Math.min(ctx.now, at(paymentDate, 6) - 3 * 86_400_000),
  });
}

/** A PDF string literal: escapes `\`, `(` and `)`; Latin-1 letters (ä, é…) as octal (WinAnsiEncoding). */
function pdfText(text: string): string {
  let out = "";
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (ch === "\\" || ch === "(" || ch === ")") out += `\\${ch}`;
    else if (c >= 32 && c < 127) out += ch;
    else if (c >= 160 && c <= 255) out += `\\${c.toString(8).padStart(3, "0")}`;
    else out += "?";
  }
  return `(${out})`;
}

/**
 * A one-page A4 PDF 1.4 with a title and lines of text in Helvetica. Every byte is ASCII, so string
 * offsets are byte offsets and the cross-reference table is exact.
 */
export function minimalPdf(title: string, lines: string[]): Uint8Array {
  const content = [
    "BT",
    "/F1 9 Tf 56 800 Td",
    pdfText(DEMO_COMPANY) + " Tj",
    "ET",
    "BT",
    "/F1 16 Tf 56 770 Td",
    pdfText(title) + " Tj",
    "ET",
    "BT",
    "/F1 11 Tf 15 TL 56 740 Td",
    ...lines.map((l) => `${pdfText(l)} Tj T*`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) pdf += `${String(o).padStart(10, "0")} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
