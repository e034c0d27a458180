/**
 * My documents in the portal: a person's own files filed by HR (listed and downloaded by that person only,
 * never cached), the company's policies read in the person's language and acknowledged, and a file attached
 * to a leave request that the approver reads. Every refusal is here.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp } from "../_helpers.ts";
import {
  documents,
  documentTranslations,
  employees,
  leaveRequests,
  personalDocuments,
  users,
} from "../../src/db/schema/mod.ts";
import { addPersonalDocument } from "../../src/services/my_documents.ts";
import { cli as runCli } from "../_cli.ts";
import { session } from "../web/_console.ts";

const BASE = "/api/v1/portal";
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const HEIC = new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0, 0, 0, 0]);

function form(bytes: Uint8Array, name: string, type = "application/pdf") {
  const f = new FormData();
  f.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return f;
}

Deno.test("my documents: own files listed and downloaded by their owner only, never cached", async (ctx) => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const other = await t.signIn("recruiter@demo.example");
    const me = (await t.deps.db.select().from(users).where(eq(users.email, "employee@demo.example")))[0];
    const them = (await t.deps.db.select().from(users).where(eq(users.email, "recruiter@demo.example")))[0];
    const contract = await addPersonalDocument(t.deps, {
      employeeId: me.employeeId!,
      kind: "CONTRACT",
      title: "Arbeitsvertrag",
      fileName: "vertrag.pdf",
      bytes: PDF,
    });
    t.clock.advance(60_000);
    const certificate = await addPersonalDocument(t.deps, {
      employeeId: me.employeeId!,
      kind: "SALARY_CERTIFICATE",
      title: "Lohnausweis 2025",
      year: 2025,
      fileName: "lohnausweis-2025.png",
      bytes: PNG,
    });
    const theirs = await addPersonalDocument(t.deps, {
      employeeId: them.employeeId!,
      kind: "CONTRACT",
      title: "Their contract",
      fileName: "c.pdf",
      bytes: PDF,
    });

    await ctx.step("listed newest first, only the caller's own", async () => {
      const r = await t.request(`${BASE}/employee/documents`, { token });
      assert.equal(r.status, 200);
      const b = await r.json();
      assert.deepEqual(b.data.items.map((d: { id: string }) => d.id), [certificate.id, contract.id]);
      assert.equal(b.data.items[0].kind, "SALARY_CERTIFICATE");
      assert.equal(b.data.items[0].year, 2025);
      assert.equal(b.data.items[0].contentType, "image/png");
    });

    await ctx.step("downloaded with its bytes and media type, no-store", async () => {
      const r = await t.request(`${BASE}/employee/documents/${contract.id}/file`, { token });
      assert.equal(r.status, 200);
      assert.equal(r.headers.get("content-type"), "application/pdf");
      assert.match(r.headers.get("cache-control") ?? "", /no-store/);
      assert.deepEqual(new Uint8Array(await r.arrayBuffer()), PDF);
    });

    await ctx.step("refused: another person's document reads as unknown", async () => {
      for (const id of [theirs.id, "no-such-id"]) {
        const r = await t.request(`${BASE}/employee/documents/${id}/file`, { token });
        assert.equal(r.status, 404);
        assert.equal((await r.json()).code, "not_found");
      }
      const list = await (await t.request(`${BASE}/employee/documents`, { token: other })).json();
      assert.deepEqual(list.data.items.map((d: { id: string }) => d.id), [theirs.id]);
    });

    await ctx.step("refused when filed: not a PDF or photo, an empty file, a bad kind or year", async () => {
      const base = { employeeId: me.employeeId!, kind: "OTHER" as const, title: "x", fileName: "x.txt" };
      await assert.rejects(
        addPersonalDocument(t.deps, { ...base, bytes: new TextEncoder().encode("hello") }),
        (e: { code?: string }) => e.code === "unsupported_media_type",
      );
      await assert.rejects(
        addPersonalDocument(t.deps, { ...base, bytes: new Uint8Array() }),
        (e: { code?: string }) => e.code === "validation",
      );
      await assert.rejects(
        addPersonalDocument(t.deps, { ...base, kind: "PAYSLIP" as "OTHER", bytes: PDF }),
        (e: { code?: string }) => e.code === "validation",
      );
      await assert.rejects(
        addPersonalDocument(t.deps, { ...base, year: 20, bytes: PDF }),
        (e: { code?: string }) => e.code === "validation",
      );
    });

    await ctx.step("HR files one on the person's console page; a wrong file is refused there", async () => {
      const [emp] = await t.deps.db.select().from(employees).where(eq(employees.id, me.employeeId!));
      const cookie = await session(t, "hr@demo.example");
      const page = `/hr/people/${emp.personnelNumber}`;
      const html = await (await t.request(page, { headers: cookie })).text();
      assert.match(html, /action="[^"]*\/own-documents" enctype="multipart\/form-data"/);
      const csrf = /name="csrf" value="([0-9a-f]{64})"/.exec(html)![1];
      const send = (bytes: Uint8Array, name: string) => {
        const f = form(bytes, name);
        f.append("csrf", csrf);
        f.append("file_kind", "OTHER");
        f.append("file_title", "Bestätigung Weiterbildung");
        return t.request(`${page}/own-documents`, { method: "POST", headers: cookie, body: f });
      };
      const ok = await send(PDF, "bestaetigung.pdf");
      assert.equal(ok.status, 200);
      assert.match(await ok.text(), /Bestätigung Weiterbildung/);
      const bad = await send(new TextEncoder().encode("not a pdf"), "x.pdf");
      assert.equal(bad.status, 400);
      await bad.body?.cancel();
      const list = await (await t.request(`${BASE}/employee/documents`, { token })).json();
      const titles = list.data.items.map((d: { title: string }) => d.title);
      assert.equal(titles.filter((x: string) => x === "Bestätigung Weiterbildung").length, 1);
    });

    await ctx.step("HR files one with the documents add command", async () => {
      const dir = await Deno.makeTempDir();
      try {
        await Deno.writeFile(`${dir}/lohnausweis-2024.pdf`, PDF);
        const [emp] = await t.deps.db.select().from(employees).where(eq(employees.id, me.employeeId!));
        const ok = await runCli(t, [
          "documents",
          "add",
          "--employee",
          emp.personnelNumber,
          "--kind",
          "SALARY_CERTIFICATE",
          "--title",
          "Lohnausweis 2024",
          "--year",
          "2024",
          "--file",
          `${dir}/lohnausweis-2024.pdf`,
        ]);
        assert.equal(ok.code, 0, ok.err);
        assert.match(ok.out, /Filed SALARY_CERTIFICATE "Lohnausweis 2024"/);
        const rows = await t.deps.db.select().from(personalDocuments).where(
          eq(personalDocuments.title, "Lohnausweis 2024"),
        );
        assert.equal(rows.length, 1);
        assert.equal(rows[0].fileName, "lohnausweis-2024.pdf");
        const bad = await runCli(t, [
          "documents",
          "add",
          "--employee",
          "NO-SUCH",
          "--kind",
          "CONTRACT",
          "--title",
          "x",
          "--file",
          `${dir}/lohnausweis-2024.pdf`,
        ]);
        assert.equal(bad.code, 1);
        assert.match(bad.err, /personnel number NO-SUCH/);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    });
  } finally {
    t.close();
  }
});

Deno.test("my documents: policies in the person's language, acknowledged, and asked again after a change", async (ctx) => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const manager = await t.signIn("manager@demo.example");
    const me = (await t.deps.db.select().from(users).where(eq(users.email, "employee@demo.example")))[0];

    await ctx.step("listed for the caller's audience, not acknowledged yet", async () => {
      const b = await (await t.request(`${BASE}/employee/policies`, { token })).json();
      const slugs = b.data.items.map((d: { slug: string }) => d.slug);
      assert.ok(slugs.includes("vacation-policy"));
      assert.ok(!slugs.includes("manager-handbook"), "a managers' page is not an employee's");
      const m = await (await t.request(`${BASE}/employee/policies`, { token: manager })).json();
      assert.ok(m.data.items.some((d: { slug: string }) => d.slug === "manager-handbook"));
      const v = b.data.items.find((d: { slug: string }) => d.slug === "vacation-policy");
      assert.equal(v.acknowledgedAt, null);
      assert.equal(v.acknowledgementCurrent, false);
    });

    await ctx.step("read in the person's language (French), German where not translated", async () => {
      await t.deps.db.update(users).set({ language: "fr" }).where(eq(users.id, me.id));
      const fr = await (await t.request(`${BASE}/employee/policies/vacation-policy`, { token })).json();
      assert.equal(fr.data.language, "fr");
      assert.ok(fr.data.markdown.length > 20);
      const de = await (await t.request(`${BASE}/employee/policies/remote-work`, { token })).json();
      assert.equal(de.data.language, "de");
    });

    await ctx.step(
      "offered as HTML in the careers page's safe subset, never as raw Markdown or markup",
      async () => {
        const [doc] = await t.deps.db.select().from(documents).where(eq(documents.slug, "remote-work"));
        await t.deps.db.update(documentTranslations).set({
          bodyMarkdown: "Reimbursed **monthly**:\n\n- Train 2nd class\n- [Site](https://example.ch) " +
            "[bad](javascript:alert(1))\n\n<script>alert(1)</script> <img src=x onerror=alert(1)>",
        }).where(eq(documentTranslations.documentId, doc.id));
        const b = (await (await t.request(`${BASE}/employee/policies/remote-work`, { token })).json()).data;
        assert.match(b.html, /<p>Reimbursed <strong>monthly<\/strong>:<\/p>/);
        assert.match(b.html, /<ul>\s*<li>Train 2nd class<\/li>/);
        assert.match(b.html, /<a href="https:\/\/example\.ch" rel="nofollow noopener noreferrer">Site<\/a>/);
        assert.ok(!b.html.includes('href="javascript:'), b.html);
        assert.ok(!/<script|<img/i.test(b.html), b.html);
        assert.match(b.html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
        assert.ok(b.markdown.startsWith("Reimbursed **monthly**"), "the Markdown stays for assistants");
      },
    );

    await ctx.step("acknowledged; a change of the policy asks for it again", async () => {
      const r = await t.request(`${BASE}/employee/policies/vacation-policy/acknowledgement`, {
        method: "POST",
        token,
      });
      assert.equal(r.status, 200);
      const a = (await r.json()).data;
      assert.equal(a.acknowledgedAt, "2026-11-18T09:00:00.000Z");
      assert.equal(a.acknowledgementCurrent, true);
      t.clock.advance(86_400_000);
      await t.deps.db.update(documents).set({ updatedAt: t.clock.now() }).where(
        eq(documents.slug, "vacation-policy"),
      );
      const list = await (await t.request(`${BASE}/employee/policies`, { token })).json();
      const v = list.data.items.find((d: { slug: string }) => d.slug === "vacation-policy");
      assert.equal(v.acknowledgedAt, "2026-11-18T09:00:00.000Z");
      assert.equal(v.acknowledgementCurrent, false);
    });

    await ctx.step(
      "refused: a managers' policy or an unknown slug reads as not found, also to acknowledge",
      async () => {
        for (const slug of ["manager-handbook", "no-such-policy", "Bad%20Slug"]) {
          const g = await t.request(`${BASE}/employee/policies/${slug}`, { token });
          assert.equal(g.status, 404);
          await g.body?.cancel();
          const a = await t.request(`${BASE}/employee/policies/${slug}/acknowledgement`, {
            method: "POST",
            token,
          });
          assert.equal(a.status, 404);
          await a.body?.cancel();
        }
      },
    );
  } finally {
    t.close();
  }
});

Deno.test("my documents: a leave request's attachment, read by the approver, refused otherwise", async (ctx) => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const manager = await t.signIn("manager@demo.example");
    const hr = await t.signIn("hr@demo.example");
    const other = await t.signIn("recruiter@demo.example");
    const filed = await t.request(`${BASE}/employee/leave/requests`, {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: "2027-02-08", endDate: "2027-02-09" },
    });
    assert.equal(filed.status, 201, await filed.clone().text());
    const id = (await filed.json()).data.id as string;
    const attach = (tok: string, body: FormData) =>
      t.request(`${BASE}/employee/leave/requests/${id}/attachment`, { method: "POST", token: tok, body });

    await ctx.step("attached: a PDF, told by its content", async () => {
      const r = await attach(token, form(PDF, "einladung.pdf"));
      assert.equal(r.status, 200, await r.clone().text());
      const a = (await r.json()).data;
      assert.equal(a.contentType, "application/pdf");
      assert.equal(a.fileName, "attachment.pdf", "a neutral name, never the one it was sent with");
      const again = await attach(token, form(PNG, "einladung.png", "image/png"));
      assert.equal(again.status, 200);
      assert.equal((await again.json()).data.contentType, "image/png", "a new upload replaces the file");
    });

    await ctx.step("read by the requester, the approver and HR; no-store", async () => {
      for (
        const [tok, path] of [
          [token, `/employee/leave/requests/${id}/attachment`],
          [manager, `/approvals/leave-requests/${id}/attachment`],
          [hr, `/approvals/leave-requests/${id}/attachment`],
        ]
      ) {
        const r = await t.request(`${BASE}${path}`, { token: tok });
        assert.equal(r.status, 200, path);
        assert.equal(r.headers.get("content-type"), "image/png");
        assert.match(r.headers.get("cache-control") ?? "", /no-store/);
        assert.deepEqual(new Uint8Array(await r.arrayBuffer()), PNG);
      }
    });

    await ctx.step("the approval names it, and HR's console inbox links to it", async () => {
      const approval = await (await t.request(`${BASE}/approvals/leave-requests/${id}`, { token: manager }))
        .json();
      assert.equal(approval.data.attachment.fileName, "attachment.png");
      assert.equal(approval.data.attachment.contentType, "image/png");
      // The console inbox lists what is routed to HR: route this one there for the look.
      const [row] = await t.deps.db.select().from(leaveRequests).where(eq(leaveRequests.id, id));
      await t.deps.db.update(leaveRequests).set({ approverEmployeeId: null }).where(eq(leaveRequests.id, id));
      const cookie = await session(t, "hr@demo.example");
      const html = await (await t.request("/hr/inbox", { headers: cookie })).text();
      await t.deps.db.update(leaveRequests).set({ approverEmployeeId: row.approverEmployeeId })
        .where(eq(leaveRequests.id, id));
      const href = `/api/v1/portal/approvals/leave-requests/${id}/attachment`;
      assert.ok(html.includes(`href="${href}"`), "the inbox links the file");
      const r = await t.request(href, { headers: cookie });
      assert.equal(r.status, 200);
      assert.deepEqual(new Uint8Array(await r.arrayBuffer()), PNG);
    });

    await ctx.step("refused: another person reads or attaches nothing", async () => {
      for (
        const path of [
          `/approvals/leave-requests/${id}/attachment`,
          `/employee/leave/requests/${id}/attachment`,
        ]
      ) {
        const r = await t.request(`${BASE}${path}`, { token: other });
        assert.equal(r.status, 404);
        await r.body?.cancel();
      }
      const r = await attach(other, form(PDF, "x.pdf"));
      assert.equal(r.status, 404);
      await r.body?.cancel();
    });

    await ctx.step(
      "refused: text, HEIC (no browser shows it to the approver), empty, too large",
      async () => {
        const txt = await attach(token, form(new TextEncoder().encode("not a pdf"), "x.pdf"));
        assert.equal(txt.status, 415);
        const heic = await attach(token, form(HEIC, "x.heic", "image/heic"));
        assert.equal(heic.status, 415);
        // One list for the check and the refusal: a text file is not told HEIC would do, then refused as HEIC.
        const told = (await txt.json()).error as string;
        assert.equal((await heic.json()).error, told);
        assert.doesNotMatch(told, /HEIC/);
        assert.match(told, /PDF, JPEG oder PNG/);
        const empty = await attach(token, form(new Uint8Array(), "x.pdf"));
        assert.equal(empty.status, 400);
        await empty.body?.cancel();
        const big = new Uint8Array(10 * 1024 * 1024 + 1);
        big.set(PDF);
        const large = await attach(token, form(big, "big.pdf"));
        assert.equal(large.status, 413);
        await large.body?.cancel();
        const still = await t.request(`${BASE}/employee/leave/requests/${id}/attachment`, { token });
        assert.equal(still.headers.get("content-type"), "image/png", "a refused upload changes nothing");
        await still.body?.cancel();
      },
    );

    await ctx.step("refused: once decided, the file no longer changes", async () => {
      const d = await t.request(`${BASE}/approvals/leave-requests/${id}/decision`, {
        method: "POST",
        token: manager,
        json: { decision: "APPROVE" },
      });
      assert.equal(d.status, 200, await d.clone().text());
      const r = await attach(token, form(PDF, "late.pdf"));
      assert.equal(r.status, 409);
      await r.body?.cancel();
    });

    await ctx.step("a request without an attachment answers 404", async () => {
      const f = await t.request(`${BASE}/employee/leave/requests`, {
        method: "POST",
        token,
        json: { leaveType: "VACATION", startDate: "2027-02-15", endDate: "2027-02-15" },
      });
      const other = (await f.json()).data.id;
      const r = await t.request(`${BASE}/employee/leave/requests/${other}/attachment`, { token });
      assert.equal(r.status, 404);
      await r.body?.cancel();
    });
  } finally {
    t.close();
  }
});

Deno.test("my documents: the requester's own request carries its attachment, and the sync re-sends it", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const manager = await t.signIn("manager@demo.example");
    const filed = await t.request(`${BASE}/employee/leave/requests`, {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: "2027-02-08", endDate: "2027-02-09" },
    });
    assert.equal(filed.status, 201);
    const id = (await filed.json()).data.id as string;
    const own = async () =>
      (await (await t.request(`${BASE}/employee/leave/requests/${id}`, { token })).json()).data;
    assert.equal((await own()).attachment, null, "no file yet: null, not absent");
    const first = await (await t.request(
      `${BASE}/employee/leave/requests?updatedSince=1970-01-01T00:00:00Z`,
      { token },
    )).json();
    assert.equal(first.data.items.find((r: { id: string }) => r.id === id).attachment, null);
    t.clock.advance(5 * 60_000);

    const r = await t.request(`${BASE}/employee/leave/requests/${id}/attachment`, {
      method: "POST",
      token,
      body: form(PDF, "einladung.pdf"),
    });
    assert.equal(r.status, 200);
    const mine = (await own()).attachment;
    assert.equal(mine.contentType, "application/pdf");
    assert.equal(mine.sizeBytes, PDF.length);
    assert.equal(typeof mine.fileName, "string");

    const delta = await (await t.request(
      `${BASE}/employee/leave/requests?updatedSince=${first.data.nextUpdatedSince}`,
      { token },
    )).json();
    assert.deepEqual(delta.data.items.map((x: { id: string }) => x.id), [id], "the upload is a change");
    assert.deepEqual(delta.data.items[0].attachment, mine);

    const approval = (await (await t.request(`${BASE}/approvals/leave-requests/${id}`, { token: manager }))
      .json()).data;
    assert.deepEqual(approval.request.attachment, approval.attachment, "one request shape for both");
    assert.deepEqual(approval.attachment, mine);
  } finally {
    t.close();
  }
});
