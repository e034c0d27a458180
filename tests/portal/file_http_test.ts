/**
 * Files over a phone's network: an upload retried with its `Idempotency-Key` gets the first answer (the
 * key's fingerprint covers the file, so another file under the same key is refused), and every download
 * carries a strong `ETag` so an app that kept the file is told 304 instead of receiving it again.
 */
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { makeTestApp, type TestApp } from "../_helpers.ts";
import { dataExports, payslips, requiredDocumentFiles, sickCertificates } from "../../src/db/schema/mod.ts";
import { EMPLOYEE_ID } from "../services/_fixtures.ts";

const BASE = "/api/v1/portal";
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

/** A fresh form for every call, as a client builds it again for a retry (with a new boundary). */
function post(t: TestApp, token: string, path: string, bytes: Uint8Array, key?: string, name = "scan.pdf") {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
  return t.request(`${BASE}${path}`, {
    method: "POST",
    token,
    body: form,
    ...(key ? { headers: { "Idempotency-Key": key } } : {}),
  });
}

async function sickReport(t: TestApp, token: string, startDate: string) {
  const r = await t.request(`${BASE}/employee/sick-leave`, {
    method: "POST",
    token,
    json: { startDate, endDate: startDate },
  });
  assert.equal(r.status, 201);
  return (await r.json()).data.id as string;
}

async function missingDocument(t: TestApp, token: string) {
  const todos = await (await t.request(`${BASE}/employee/todos`, { token })).json();
  return todos.data.documentsMissing.find((d: { kind: string }) => d.kind === "Diplomkopie").id as string;
}

Deno.test("uploads: the same Idempotency-Key and file replay the first answer; another file under the key is refused (422) and stores nothing", async (ctx) => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const sickId = await sickReport(t, token, "2026-11-16");
    const docId = await missingDocument(t, token);
    const routes = [
      {
        name: "sick certificate",
        path: `/employee/sick-leave/${sickId}/certificate`,
        stored: async () =>
          (await t.deps.db.select().from(sickCertificates).where(eq(sickCertificates.sickEntryId, sickId)))
            .map((f) => ({ name: f.fileName, bytes: new Uint8Array(f.bytes), at: f.uploadedAt })),
      },
      {
        name: "requested document",
        path: `/employee/todos/documents/${docId}/file`,
        stored: async () =>
          (await t.deps.db.select().from(requiredDocumentFiles).where(
            eq(requiredDocumentFiles.requiredDocumentId, docId),
          )).map((f) => ({ name: f.fileName, bytes: new Uint8Array(f.bytes), at: f.uploadedAt })),
      },
    ];
    for (const r of routes) {
      const key = `key-${r.name.replace(" ", "-")}`;
      await ctx.step(`${r.name}: the first upload under a key is stored`, async () => {
        const first = await post(t, token, r.path, PDF, key);
        assert.equal(first.status, 200);
        assert.equal(first.headers.get("idempotent-replayed"), null);
        const files = await r.stored();
        assert.equal(files.length, 1);
        assert.deepEqual(files[0].bytes, PDF);
      });
      await ctx.step(
        `${r.name}: the same file again under the key: the first answer, stored once`,
        async () => {
          const before = await r.stored();
          const first = await (await post(t, token, r.path, PDF, key)).text();
          t.clock.advance(60_000);
          const again = await post(t, token, r.path, PDF, key);
          assert.equal(again.status, 200);
          assert.equal(again.headers.get("idempotent-replayed"), "true");
          assert.equal(await again.text(), first);
          assert.deepEqual(await r.stored(), before, "the file was not stored again");
        },
      );
      await ctx.step(`${r.name}: another file under the key: 422, the first file stays`, async () => {
        const before = await r.stored();
        const other = await post(t, token, r.path, PNG, key, "scan.png");
        assert.equal(other.status, 422);
        const body = await other.json();
        assert.equal(body.code, "unprocessable");
        assert.match(body.error, /^Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet/);
        assert.deepEqual(await r.stored(), before);
      });
      await ctx.step(`${r.name}: the same bytes under another name are another request (422)`, async () => {
        const before = await r.stored();
        const renamed = await post(t, token, r.path, PDF, key, "other.pdf");
        assert.equal(renamed.status, 422);
        assert.deepEqual(await r.stored(), before);
      });
      await ctx.step(`${r.name}: without a key an upload runs every time`, async () => {
        const r1 = await post(t, token, r.path, PNG, undefined, "scan.png");
        assert.equal(r1.status, 200);
        assert.equal(r1.headers.get("idempotent-replayed"), null);
        assert.deepEqual((await r.stored())[0].bytes, PNG);
      });
    }
    await ctx.step("a key used for one upload is refused on the other route", async () => {
      const before = await routes[1].stored();
      const r = await post(t, token, routes[1].path, PDF, "key-sick-certificate");
      assert.equal(r.status, 422);
      assert.deepEqual(await routes[1].stored(), before);
    });
    await ctx.step("a refused upload (not multipart) keeps no key: the corrected retry runs", async () => {
      const id = await sickReport(t, token, "2026-11-13");
      const path = `/employee/sick-leave/${id}/certificate`;
      const wrong = await t.request(`${BASE}${path}`, {
        method: "POST",
        token,
        json: {},
        headers: { "Idempotency-Key": "fresh-key" },
      });
      assert.equal(wrong.status, 415);
      const right = await post(t, token, path, PDF, "fresh-key");
      assert.equal(right.status, 200);
      assert.equal(right.headers.get("idempotent-replayed"), null);
    });
    await ctx.step("someone else's absence under a key: 404, as without one", async () => {
      const other = await t.signIn("manager@demo.example");
      const r = await post(t, other, routes[0].path, PDF, "manager-key");
      assert.equal(r.status, 404);
    });
  } finally {
    t.close();
  }
});

Deno.test("uploads: the document lists the Idempotency-Key on both uploads and on no sign-in", async () => {
  const t = await makeTestApp();
  try {
    const doc = await (await t.request("/api/v1/openapi.json")).json();
    const key = { $ref: "#/components/parameters/IdempotencyKey" };
    for (const p of ["/employee/sick-leave/{id}/certificate", "/employee/todos/documents/{id}/file"]) {
      const op = doc.paths[`${BASE}${p}`].post;
      assert.ok(op.parameters.some((x: unknown) => JSON.stringify(x) === JSON.stringify(key)), p);
      assert.ok(op.responses["422"], p);
    }
    const signIn = doc.paths[`${BASE}/auth/sessions`].post;
    assert.ok(!(signIn.parameters ?? []).some((x: unknown) => JSON.stringify(x) === JSON.stringify(key)));
  } finally {
    t.close();
  }
});

Deno.test("files: every download carries a strong ETag; If-None-Match answers 304 without the bytes, and nothing is stored by a cache", async (ctx) => {
  const t = await makeTestApp();
  try {
    const token = await t.signIn("employee@demo.example");
    const hr = await t.signIn("hr@demo.example");
    const sickId = await sickReport(t, token, "2026-11-16");
    const docId = await missingDocument(t, token);
    assert.equal((await post(t, token, `/employee/sick-leave/${sickId}/certificate`, PDF)).status, 200);
    assert.equal(
      (await post(t, token, `/employee/todos/documents/${docId}/file`, PNG, undefined, "d.png")).status,
      200,
    );
    const [slip] = (await t.deps.db.select().from(payslips).where(eq(payslips.employeeId, EMPLOYEE_ID)))
      .filter((p) => p.document !== null);
    assert.ok(slip, "the demo employee has a payslip with its document");

    const downloads: [string, string, string][] = [
      ["payslip PDF", `/employee/payslips/${slip.id}/document`, token],
      ["sick certificate", `/employee/sick-leave/${sickId}/certificate`, token],
      ["sick certificate, HR", `/approvals/sick-leave/${sickId}/certificate`, hr],
      ["requested document", `/employee/todos/documents/${docId}/file`, token],
      ["requested document, HR", `/approvals/documents/${docId}/file`, hr],
    ];
    for (const [name, path, who] of downloads) {
      await ctx.step(name, async () => {
        const first = await t.request(`${BASE}${path}`, { token: who });
        assert.equal(first.status, 200);
        const etag = first.headers.get("etag")!;
        assert.match(etag, /^"[A-Za-z0-9_-]{22}"$/, "a strong validator");
        assert.equal(first.headers.get("cache-control"), "private, no-store");
        const bytes = new Uint8Array(await first.arrayBuffer());
        const second = await t.request(`${BASE}${path}`, { token: who });
        assert.equal(second.headers.get("etag"), etag, "the same bytes, the same tag");
        assert.deepEqual(new Uint8Array(await second.arrayBuffer()), bytes);
        const kept = await t.request(`${BASE}${path}`, { token: who, headers: { "If-None-Match": etag } });
        assert.equal(kept.status, 304);
        assert.equal(kept.headers.get("etag"), etag);
        assert.equal(kept.headers.get("cache-control"), "private, no-store");
        assert.equal((await kept.arrayBuffer()).byteLength, 0);
        const stale = await t.request(`${BASE}${path}`, {
          token: who,
          headers: { "If-None-Match": '"old"' },
        });
        assert.equal(stale.status, 200);
        assert.deepEqual(new Uint8Array(await stale.arrayBuffer()), bytes);
      });
    }
    await ctx.step("a new certificate file: a new tag, and the old tag gets the new bytes", async () => {
      const path = `${BASE}/employee/sick-leave/${sickId}/certificate`;
      const old = (await t.request(path, { token })).headers.get("etag")!;
      assert.equal(
        (await post(t, token, `/employee/sick-leave/${sickId}/certificate`, PNG, undefined, "c.png")).status,
        200,
      );
      const r = await t.request(path, { token, headers: { "If-None-Match": old } });
      assert.equal(r.status, 200);
      assert.notEqual(r.headers.get("etag"), old);
      assert.deepEqual(new Uint8Array(await r.arrayBuffer()), PNG);
    });
    await ctx.step("someone else's file with a matching tag is still 404", async () => {
      const manager = await t.signIn("manager@demo.example");
      const etag = (await t.request(`${BASE}/employee/payslips/${slip.id}/document`, { token })).headers.get(
        "etag",
      )!;
      const r = await t.request(`${BASE}/employee/payslips/${slip.id}/document`, {
        token: manager,
        headers: { "If-None-Match": etag },
      });
      assert.equal(r.status, 404);
    });
    await ctx.step("data export: a 304 is not counted as a download", async () => {
      const made = await t.request(`${BASE}/employee/data-exports`, { method: "POST", token });
      assert.equal(made.status, 201);
      const id = (await made.json()).data.id as string;
      const count = async () =>
        (await t.deps.db.select().from(dataExports).where(eq(dataExports.id, id)))[0].downloadCount;
      const path = `${BASE}/employee/data-exports/${id}/archive`;
      const first = await t.request(path, { token });
      assert.equal(first.status, 200);
      assert.equal(first.headers.get("content-type"), "application/zip");
      assert.equal(first.headers.get("cache-control"), "private, no-store");
      const etag = first.headers.get("etag")!;
      assert.ok(etag);
      await first.arrayBuffer();
      assert.equal(await count(), 1);
      const kept = await t.request(path, { token, headers: { "If-None-Match": etag } });
      assert.equal(kept.status, 304);
      assert.equal(await count(), 1, "nothing was downloaded");
      await kept.arrayBuffer();
      const again = await t.request(path, { token });
      assert.equal(again.status, 200);
      await again.arrayBuffer();
      assert.equal(await count(), 2);
    });
  } finally {
    t.close();
  }
});
