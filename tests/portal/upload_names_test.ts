/**
 * A file someone uploads for another person to open (a leave request's attachment for the approver, a medical
 * certificate or a requested document for HR) is listed and served under a neutral name made of what it is
 * and the extension its content proves, never the name it was sent with: a PDF named `einladung.html` is
 * offered as `attachment.pdf`, as CVs are offered as `cv.pdf`. Files stored before under the uploader's name
 * are served under the neutral one too. Every door that serves them: the portal (the person's, the approver's
 * and HR's routes) and HR's console inbox.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { leaveRequestAttachments, requiredDocumentFiles, sickCertificates } from "../../src/db/schema/mod.ts";
import { session } from "../web/_console.ts";

const BASE = "/api/v1/portal";
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

/** A multipart form with one file under the uploader's chosen name and claimed type. */
function disguised(bytes: Uint8Array, name = "einladung.html", type = "text/html") {
  const f = new FormData();
  f.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return f;
}

/** The name a download is offered under, and that it is sent as an attachment. */
async function offeredAs(r: Response): Promise<string> {
  assert.equal(r.status, 200, await r.clone().text());
  await r.body?.cancel();
  const cd = r.headers.get("content-disposition") ?? "";
  const m = /^attachment; filename="([^"]*)"$/.exec(cd);
  assert.ok(m, `sent as an attachment: ${cd}`);
  return m[1];
}

async function hrCookie(t: TestApp) {
  return await session(t, "hr@demo.example");
}

Deno.test("uploaded files: a leave request's attachment is offered to its approver as attachment.pdf, not under the uploader's name", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const manager = await t.signIn("manager@demo.example");
    const hr = await t.signIn("hr@demo.example");
    const filed = await t.request(`${BASE}/employee/leave/requests`, {
      method: "POST",
      token,
      json: { leaveType: "VACATION", startDate: "2027-02-08", endDate: "2027-02-09" },
    });
    assert.equal(filed.status, 201, await filed.clone().text());
    const id = (await filed.json()).data.id as string;
    const up = await t.request(`${BASE}/employee/leave/requests/${id}/attachment`, {
      method: "POST",
      token,
      body: disguised(PDF),
    });
    assert.equal(up.status, 200, await up.clone().text());
    assert.equal((await up.json()).data.fileName, "attachment.pdf");
    const [stored] = await t.deps.db.select().from(leaveRequestAttachments)
      .where(eq(leaveRequestAttachments.leaveRequestId, id));
    assert.equal(stored.fileName, "attachment.pdf", "the uploader's name is not stored");

    const approval = await (await t.request(`${BASE}/approvals/leave-requests/${id}`, { token: manager }))
      .json();
    assert.equal(approval.data.attachment.fileName, "attachment.pdf");
    for (
      const [tok, path] of [
        [manager, `/approvals/leave-requests/${id}/attachment`],
        [hr, `/approvals/leave-requests/${id}/attachment`],
        [token, `/employee/leave/requests/${id}/attachment`],
      ]
    ) {
      assert.equal(
        await offeredAs(await t.request(`${BASE}${path}`, { token: tok })),
        "attachment.pdf",
        path,
      );
    }

    // A file an older version stored under the uploader's name is offered under the neutral one as well.
    await t.deps.db.update(leaveRequestAttachments).set({ fileName: "einladung.html" })
      .where(eq(leaveRequestAttachments.leaveRequestId, id));
    const again = await (await t.request(`${BASE}/approvals/leave-requests/${id}`, { token: manager }))
      .json();
    assert.equal(again.data.attachment.fileName, "attachment.pdf");
    assert.equal(
      await offeredAs(
        await t.request(`${BASE}/approvals/leave-requests/${id}/attachment`, { token: manager }),
      ),
      "attachment.pdf",
    );
  } finally {
    t.close();
  }
});

Deno.test("uploaded files: a medical certificate is offered to HR as certificate.jpg in the portal and the console", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const hr = await t.signIn("hr@demo.example");
    const sick = await t.request(`${BASE}/employee/sick-leave`, {
      method: "POST",
      token,
      json: { startDate: "2026-11-16", endDate: "2026-11-17" },
    });
    assert.equal(sick.status, 201, await sick.clone().text());
    const id = (await sick.json()).data.id as string;
    const up = await t.request(`${BASE}/employee/sick-leave/${id}/certificate`, {
      method: "POST",
      token,
      body: disguised(JPEG, "zeugnis.svg", "image/svg+xml"),
    });
    assert.equal(up.status, 200, await up.clone().text());
    await up.body?.cancel();
    const [stored] = await t.deps.db.select().from(sickCertificates).where(
      eq(sickCertificates.sickEntryId, id),
    );
    assert.equal(stored.fileName, "certificate.jpg");
    const cookie = await hrCookie(t);
    const doors = async () => [
      await offeredAs(await t.request(`${BASE}/approvals/sick-leave/${id}/certificate`, { token: hr })),
      await offeredAs(await t.request(`${BASE}/employee/sick-leave/${id}/certificate`, { token })),
      await offeredAs(await t.request(`/hr/inbox/certificates/${id}`, { headers: cookie })),
    ];
    assert.deepEqual(await doors(), ["certificate.jpg", "certificate.jpg", "certificate.jpg"]);
    await t.deps.db.update(sickCertificates).set({ fileName: "einladung.html" })
      .where(eq(sickCertificates.sickEntryId, id));
    assert.deepEqual(await doors(), ["certificate.jpg", "certificate.jpg", "certificate.jpg"]);
  } finally {
    t.close();
  }
});

Deno.test("uploaded files: a requested document is offered to HR as document.pdf in the portal and the console", async () => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const hr = await t.signIn("hr@demo.example");
    const todos = await (await t.request(`${BASE}/employee/todos`, { token })).json();
    const doc = todos.data.documentsMissing.find((d: { kind: string }) => d.kind === "Diplomkopie");
    const up = await t.request(`${BASE}/employee/todos/documents/${doc.id}/file`, {
      method: "POST",
      token,
      body: disguised(PDF),
    });
    assert.equal(up.status, 200, await up.clone().text());
    await up.body?.cancel();
    const [stored] = await t.deps.db.select().from(requiredDocumentFiles)
      .where(eq(requiredDocumentFiles.requiredDocumentId, doc.id));
    assert.equal(stored.fileName, "document.pdf");
    const cookie = await hrCookie(t);
    const doors = async () => [
      await offeredAs(await t.request(`${BASE}/approvals/documents/${doc.id}/file`, { token: hr })),
      await offeredAs(await t.request(`${BASE}/employee/todos/documents/${doc.id}/file`, { token })),
      await offeredAs(await t.request(`/hr/inbox/documents/${doc.id}`, { headers: cookie })),
    ];
    assert.deepEqual(await doors(), ["document.pdf", "document.pdf", "document.pdf"]);
    await t.deps.db.update(requiredDocumentFiles).set({ fileName: "einladung.html" })
      .where(eq(requiredDocumentFiles.requiredDocumentId, doc.id));
    assert.deepEqual(await doors(), ["document.pdf", "document.pdf", "document.pdf"]);
  } finally {
    t.close();
  }
});
